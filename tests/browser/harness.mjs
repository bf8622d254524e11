// What the browser tests share: the real `spb serve` on an ephemeral port
// with a fresh database, Debian's headless Chromium (never a downloaded one),
// players (one browser context each, with its own storage and language),
// named steps that stop at the first failure with a screenshot of every page,
// and the checks every page must pass (no horizontal scrolling, no script
// error), and the end every run shares (runSteps). Screenshots go to the
// folder given on the command line.
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

let chromium, AxeBuilder;
try {
  ({ chromium } = await import("playwright-core"));
  ({ default: AxeBuilder } = await import("@axe-core/playwright"));
} catch {
  console.error("playwright-core or @axe-core/playwright is missing: run `npm ci` in tests/browser (`make test` does).");
  process.exit(1);
}

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1440, height: 900 };

export function commandLine(script) {
  const [spb, screenshotDir] = process.argv.slice(2);
  if (!spb || !screenshotDir) {
    console.error(`usage: node ${script} SPB_BINARY SCREENSHOT_DIR`);
    process.exit(2);
  }
  mkdirSync(screenshotDir, { recursive: true });
  return { spb, screenshotDir };
}

// ---------------------------------------------------------------- the server

export async function startServer(spb, extraArgs = []) {
  const dir = mkdtempSync(join(tmpdir(), "spb-browser-"));
  const child = spawn(spb, ["serve", "--listen", "127.0.0.1:0", "--db", join(dir, "spb.sqlite"), "--threads", "2",
    // Every browser here is 127.0.0.1: lift the limits per address (test_security.py tests them).
    "--max-connections-per-address", "0", "--registrations-per-address-hour", "0",
    // The chat steps write more lines a minute than a person may.
    "--chat-per-account-minute", "0", "--chat-per-address-minute", "0", ...extraArgs], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  const port = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`spb serve did not start:\n${log}`)), 20000);
    const read = (chunk) => {
      log += chunk;
      const m = log.match(/listening on 127\.0\.0\.1:(\d+)/);
      if (m) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    };
    child.stdout.on("data", read);
    child.stderr.on("data", read);
    child.on("exit", (code) => reject(new Error(`spb serve exited (${code}):\n${log}`)));
  });
  const exited = new Promise((resolve) => child.on("exit", (code, signal) => resolve({ code, signal })));
  let stopped = null;
  return {
    url: `http://127.0.0.1:${port}`,
    log: () => log,
    // Stops the server and says how it ended (a sanitizer's report at exit fails it).
    stop: () => {
      stopped ??= (async () => {
        child.kill("SIGTERM");
        const end = await exited;
        rmSync(dir, { recursive: true, force: true });
        return end;
      })();
      return stopped;
    },
  };
}

export function launchBrowser() {
  return chromium.launch({
    executablePath: "/usr/bin/chromium",
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run"],
  });
}

// ---------------------------------------------------------------- steps

export class Steps {
  constructor(screenshotDir) {
    this.screenshotDir = screenshotDir;
    this.failures = 0;
    this.players = [];
  }

  async step(name, fn) {
    const started = Date.now();
    try {
      await fn();
      console.log(`ok - ${name} (${Date.now() - started} ms)`);
    } catch (error) {
      this.failures++;
      console.log(`not ok - ${name}\n  ${String(error.stack || error).split("\n").join("\n  ")}`);
      for (const p of this.players) {
        console.log(`  ${p.name}: ${p.connections} connections (${(p.closes || []).join(", ")}); errors: ${p.errors.join("; ")}`);
        await p.page.screenshot({ path: join(this.screenshotDir, `failure-${p.name}.png`), fullPage: true }).catch(() => {});
      }
      throw error;
    }
  }

  async shot(player, name) {
    await player.page.screenshot({ path: join(this.screenshotDir, `${name}.png`), fullPage: true });
  }

  // The page at a phone's width, where it must not scroll sideways, and at a
  // desktop's (NAME-390.png, NAME-1440.png); then back to the player's own.
  async shotsAtBothWidths(player, name, own) {
    for (const [size, label] of [[PHONE, "390"], [DESKTOP, "1440"]]) {
      await player.page.setViewportSize(size);
      await player.page.waitForTimeout(100);
      if (size === PHONE) await noHorizontalOverflow(player);
      await this.shot(player, `${name}-${label}`);
    }
    await player.page.setViewportSize(own);
  }

  // Every page of the run logged no script error.
  noScriptErrors() {
    for (const p of this.players) check(p.errors.length === 0, `${p.name}: ${p.errors.join("; ")}`);
  }

  // A player: one browser context (its own storage, so its own login, and its
  // own language), one page, and its WebSocket routed through the test so that
  // it can be cut (a dropped network) or have the server's table updates held
  // back (a stale tab).
  async newPlayer(browser, server, name, viewport, { locale = "en-US" } = {}) {
    const context = await browser.newContext({ viewport, locale, isMobile: viewport === PHONE, hasTouch: viewport === PHONE });
    const page = await context.newPage();
    // rewrite: when set, every text frame from the server passes through it
    // (a test that hands the page a record changed after the fact).
    const player = { name, context, page, sockets: new Set(), holdUpdates: false, rewrite: null, errors: [] };
    page.on("pageerror", (e) => player.errors.push(String(e)));
    page.on("console", (m) => { if (m.type() === "error") player.errors.push(m.text()); });
    await page.routeWebSocket(/\/ws$/, (ws) => {
      const upstream = ws.connectToServer();
      const pair = { ws, upstream };
      player.connections = (player.connections || 0) + 1;
      player.sockets.add(pair);
      ws.onMessage((m) => upstream.send(m));
      player.closes = player.closes || [];
      upstream.onClose((code, reason) => {
        player.closes.push(`server closed ${code} ${reason}`);
        ws.close({ code, reason }).catch(() => {});
      });
      ws.onClose((code, reason) => {
        player.closes.push(`page closed ${code} ${reason}`);
        upstream.close({ code, reason }).catch(() => {});
      });
      upstream.onMessage((m) => {
        if (player.holdUpdates && typeof m === "string" && m.startsWith('{"type":"table_update"')) return;
        ws.send(player.rewrite && typeof m === "string" ? player.rewrite(m) : m);
      });
    });
    await page.goto(server.url + "/");
    this.players.push(player);
    return player;
  }

  forget(player) {
    this.players.splice(this.players.indexOf(player), 1);
  }
}

// Runs a test's steps (`body`), then the end every run shares: no script
// error on any page, the browser closed, the server shut down cleanly; on a
// failure the server's log, and exit status 1. `cleanup` closes what the run
// opened besides (a webhook receiver).
export async function runSteps({ steps, browser, server, screenshotDir }, body, { cleanup = async () => {} } = {}) {
  const failedBefore = steps.failures;
  try {
    await body();
    await steps.step("no script errors on any page", async () => steps.noScriptErrors());
    await browser.close();
    await steps.step("the server shuts down cleanly after it all", async () => {
      const end = await server.stop();
      check(end.code === 0, `spb serve ended with ${end.signal || `exit code ${end.code}`}`);
    });
  } catch (error) {
    // A failing step has reported itself; what failed between steps has not.
    if (steps.failures === failedBefore) {
      steps.failures++;
      console.log(`not ok - outside any step\n  ${String(error.stack || error).split("\n").join("\n  ")}`);
    }
  } finally {
    await browser.close().catch(() => {});
    await server.stop();
    await cleanup();
  }
  if (steps.failures) {
    console.log(`server log:\n${server.log().slice(-4000)}`);
    process.exit(1);
  }
  console.log(`all steps passed; screenshots in ${screenshotDir}`);
}

// The test's own connection to the server, as a third-party client would
// have: a page of the server's origin that sends `requests` on a fresh
// WebSocket after hello, one at a time, and returns each result's data.
// Any other reply fails the step.
export async function testConnection(browser, server) {
  const context = await browser.newContext();
  const page = await context.newPage();
  // A static file of the site: its Content-Security-Policy lets a script connect to the
  // server (connect-src 'self'), where /healthz's forbids everything (default-src 'none').
  await page.goto(`${server.url}/cards.json`);
  return {
    send: (requests) => page.evaluate(async (requests) => {
      const ws = new WebSocket(`ws://${location.host}/ws`);
      const replies = [];
      const next = () => new Promise((resolve) => {
        const take = () => (replies.length ? resolve(replies.shift()) : setTimeout(take, 10));
        take();
      });
      ws.onmessage = (e) => replies.push(JSON.parse(e.data));
      await new Promise((resolve) => { ws.onopen = resolve; });
      const answers = [];
      for (const request of [{ type: "hello", protocol: 1 }, ...requests]) {
        ws.send(JSON.stringify(request));
        const reply = await next();
        if (reply.type !== "result") throw new Error(JSON.stringify(reply));
        answers.push(reply.data);
      }
      ws.close();
      return answers.slice(1);
    }, requests),
  };
}

export function check(condition, message) {
  if (!condition) throw new Error(message);
}

export async function dropConnection(player) {
  for (const { ws, upstream } of player.sockets) {
    await ws.close({ code: 4000, reason: "test: network dropped" }).catch(() => {});
    await upstream.close().catch(() => {});
  }
  player.sockets.clear();
}

export async function noHorizontalOverflow(player) {
  const widths = await player.page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
    offenders: [...document.querySelectorAll("body *")]
      .filter((el) => el.getBoundingClientRect().right > document.documentElement.clientWidth + 1 && el.offsetParent !== null
        && getComputedStyle(el).display !== "none" && !el.closest(".table-scroll, .card-tip, .peek"))
      .slice(0, 5).map((el) => el.className || el.tagName),
  }));
  check(widths.scroll <= widths.client, `the page is ${widths.scroll}px wide in a ${widths.client}px window: ${widths.offenders.join(", ")}`);
}

// axe-core's check of the page as it is now (WCAG 2.x A and AA and axe's
// best practices): no violation, each one named with where it is.
export async function noAccessibilityViolations(player, where) {
  const { violations } = await new AxeBuilder({ page: player.page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]).analyze();
  const described = violations.map((v) => `${v.id} (${v.help}): ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join("; ")}`);
  check(violations.length === 0, `${player.name} ${where}: ${described.join(" | ")}`);
}

// Registers a player through the login screen (whatever its language) and
// waits for my tables.
export async function register(player, name, password = `correct horse ${name}`) {
  await player.page.locator("#register-name").waitFor();
  await player.page.fill("#register-name", name);
  await player.page.fill("#register-password", password);
  await player.page.click("#register button[type=submit]");
  await player.page.locator("#my-tables").waitFor();
}

// The number of the move a table page shows.
export async function moveNumber(player) {
  return Number(await player.page.locator(".status .move").getAttribute("data-move"));
}

export async function waitForMove(player, n) {
  await player.page.locator(`.status .move[data-move="${n}"]`).waitFor({ timeout: 10000 });
}

// The player to act among `players`, else null.
export async function toAct(players) {
  for (const p of players) if (await p.page.locator(".status .turn.mine").count()) return p;
  return null;
}

// Any move by whoever is to act, by mouse: the first card's first choice, else
// Pass; returns once every player's page shows it.
export async function mouseMove(players) {
  const p = await toAct(players);
  check(p, "nobody is to act");
  const before = await moveNumber(p);
  const card = p.page.locator(".table-page .card.actionable:not([disabled])").first();
  if (await card.count()) {
    await card.click();
    await p.page.locator(".card-menu .act").first().click();
  } else {
    await p.page.locator(".actions .act.pass").first().click();
  }
  for (const q of players) await waitForMove(q, before + 1);
}

// Ann (`host`) and Bob (`guest`), registered, at a started two-player table
// named `name`: the host creates and starts it, the guest joins from the
// lobby; both pages then show the table. Returns the table's id.
export async function startTwoPlayerTable(server, host, guest, name) {
  await register(host, "Ann");
  await register(guest, "Bob");
  await host.page.click("#nav-lobby");
  await host.page.selectOption("select[name=players]", "2");
  await host.page.fill("input[name=name]", name);
  await host.page.click(".create button[type=submit]");
  const item = host.page.locator("#my-tables .table-item", { hasText: name });
  await item.waitFor();
  const tableId = Number(await item.getAttribute("data-table"));
  await guest.page.click("#nav-lobby");
  await guest.page.click("button.refresh");
  await guest.page.locator(`#open-tables .table-item[data-table="${tableId}"]`).getByRole("button").first().click();
  await guest.page.locator(`#my-tables .table-item[data-table="${tableId}"]`).waitFor();
  await host.page.click("button.refresh");
  await host.page.locator(`#my-tables .table-item[data-table="${tableId}"]`).getByRole("button", { name: "Start the game" }).click();
  for (const p of [host, guest]) {
    await p.page.goto(`${server.url}/#/table/${tableId}`);
    await p.page.locator(".status .move").waitFor();
  }
  return tableId;
}
