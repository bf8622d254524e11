// End-to-end tests of the browser client in a real browser: Debian's headless
// Chromium driven by playwright-core, against the real `spb serve` with a fresh
// database. Usage: node run.mjs SPB_BINARY SCREENSHOT_DIR
// Two players (Ann on a desktop, Bob on a phone-sized screen) register, create,
// join and start a table, play it to the end through the page, and check each
// rule of the client as a named step. Exits non-zero on the first failure.
import {
  check, commandLine, DESKTOP, dropConnection, launchBrowser, moveNumber, noAccessibilityViolations, noHorizontalOverflow, PHONE,
  register, startServer, Steps, waitForMove, runSteps,
} from "./harness.mjs";

const { spb, screenshotDir } = commandLine("run.mjs");
const MAX_MOVES = 600;
const DEADLINE = Date.now() + 8 * 60 * 1000;
const steps = new Steps(screenshotDir);
const step = (name, fn) => steps.step(name, fn);
const shot = (player, name) => steps.shot(player, name);
const newPlayer = (browser, server, name, viewport, options) => steps.newPlayer(browser, server, name, viewport, options);

// ---------------------------------------------------------------- table helpers

// What a page offers its player now, as data: the cards that are controls
// (each with where it lies, the kinds of action it offers and its plain buying
// price) and the action panel's buttons.
async function actionsOf(player) {
  const cards = await player.page.$$eval(".table-page .card.actionable:not([disabled])", (els) =>
    els.map((c, index) => ({
      kind: "card",
      index,
      card: c.dataset.card,
      place: c.dataset.place,
      kinds: c.dataset.kinds.split(" "),
      buy: c.dataset.buy === undefined ? null : Number(c.dataset.buy),
      choices: c.dataset.displaces === "true",
    })));
  const buttons = await player.page.$$eval(".actions:not([hidden]) .act:not([disabled])", (els) =>
    els.map((b, index) => ({ kind: "button", index, text: b.textContent, classes: b.className })));
  return [...cards, ...buttons];
}

// The player to act (a player who passes until the phase's end may still
// withdraw that at any moment: having actions is not being to act).
async function whoseTurn(table) {
  for (const player of table) {
    if (!(await player.page.locator(".status .turn.mine").count())) continue;
    const actions = await actionsOf(player);
    if (actions.length) return { player, actions };
  }
  return null;
}

function cardControl(player, control) {
  return player.page.locator(".table-page .card.actionable:not([disabled])").nth(control.index);
}

// Opens a card's menu and returns its items (the choices, Cancel left out).
async function openCard(player, control) {
  await cardControl(player, control).click();
  const menu = player.page.locator(".card-menu[role=menu]");
  await menu.waitFor();
  return menu.locator(".act");
}

// Clicks a control (for a card, then the menu item that pick chooses) and
// waits until every page shows the move that followed.
async function perform(table, player, control, pick = (items) => items.first()) {
  const before = await moveNumber(player);
  if (control.kind === "card") await pick(await openCard(player, control)).click();
  else await player.page.locator(".actions .act:not([disabled])").nth(control.index).click();
  for (const p of table) await waitForMove(p, before + 1);
  return before + 1;
}

// Clicks a button and waits until both pages show the move that followed.
async function play(table, player, selector) {
  const before = await moveNumber(player);
  await player.page.locator(selector).first().click();
  for (const p of table) await waitForMove(p, before + 1);
  return before + 1;
}

// The ordinary move of the test's players: buy the cheapest card the server
// offers (keeping the game moving towards its end), else pass.
async function ordinaryMove(table, turn) {
  const buys = turn.actions.filter((a) => a.kind === "card" && a.buy !== null);
  buys.sort((a, b) => a.buy - b.buy);
  if (buys.length) return perform(table, turn.player, buys[0], (items) => items.and(turn.player.page.locator(".buy:not(.displacing)")).first());
  const other = turn.actions.find((a) => a.kind === "button" && a.classes.includes("pass")) ||
    turn.actions.find((a) => a.kind === "button" && !a.classes.includes("cancel_pass")) || turn.actions[0];
  return perform(table, turn.player, other);
}

// No card's name is broken inside a word or spills out of its card.
async function cardNamesFit(player) {
  const spilled = await player.page.$$eval(".card-name", (names) =>
    names.filter((n) => n.scrollWidth > n.clientWidth + 1 || n.getBoundingClientRect().right > n.closest(".card").getBoundingClientRect().right)
      .map((n) => n.textContent));
  check(spilled.length === 0, `${player.name}: card names spill out of their cards: ${[...new Set(spilled)].join(", ")}`);
}

async function lastLogLine(player) {
  return player.page.locator(".move-log > li").last().textContent();
}

// ---------------------------------------------------------------- the scenario

const server = await startServer(spb);
const browser = await launchBrowser();

await runSteps({ steps, browser, server, screenshotDir }, async () => {
  await step("the server serves the page, its modules and the card catalogue with their types", async () => {
    // The shell names the built files (their names hold their content's hash).
    const shell = await (await fetch(server.url + "/")).text();
    const named = (pattern) => shell.match(pattern)?.[1];
    const script = named(/<script type="module" src="(\/js\/app-\w+\.js)">/);
    const style = named(/<link rel="stylesheet" href="(\/style-\w+\.css)">/);
    check(script && style, `the shell does not name its script and style: ${shell}`);
    for (const [path, type] of [["/", "text/html"], [script, "text/javascript"], [style, "text/css"], ["/cards.json", "application/json"]]) {
      const response = await fetch(server.url + path);
      check(response.ok, `${path}: HTTP ${response.status}`);
      check(response.headers.get("content-type").startsWith(type), `${path}: Content-Type ${response.headers.get("content-type")}`);
      check(response.headers.get("cache-control"), `${path}: no Cache-Control`);
    }
    const cards = await (await fetch(server.url + "/cards.json")).json();
    check(cards.cards.some((c) => c.id === "market" && c.cost === 5), "cards.json lacks the Market");
  });

  const ann = await newPlayer(browser, server, "ann", DESKTOP);
  const bob = await newPlayer(browser, server, "bob", PHONE);

  await step("a new player registers and lands in the lobby", async () => {
    await ann.page.locator("#register-name").waitFor();
    await shot(ann, "01-login");
    for (const [p, name] of [[ann, "Ann"], [bob, "Bob"]]) {
      await p.page.fill("#register-name", name);
      await p.page.fill("#register-password", "correct horse " + name);
      await p.page.click("#register button[type=submit]");
      await p.page.getByRole("heading", { name: `Welcome, ${name}` }).waitFor();
    }
  });

  await step("a refused registration shows the server's message", async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    await page.goto(server.url + "/");
    await page.fill("#register-name", "Ann");
    await page.fill("#register-password", "another password");
    await page.click("#register button[type=submit]");
    await page.locator(".refusal", { hasText: "The name Ann is taken." }).waitFor();
    await context.close();
  });

  await step("the page speaks the browser's language, and the language chosen with the switch is remembered", async () => {
    const context = await browser.newContext({ viewport: PHONE, locale: "fr-FR" });
    const page = await context.newPage();
    const errors = [];
    page.on("pageerror", (e) => errors.push(String(e)));
    page.on("console", (m) => { if (m.type() === "error") errors.push(m.text()); });
    await page.goto(server.url + "/");
    await page.getByRole("heading", { name: "Nouveau joueur" }).waitFor();
    check(await page.evaluate(() => document.documentElement.lang) === "fr", "the page is not marked French");
    await page.fill("#register-name", "Ann");
    await page.fill("#register-password", "another password");
    await page.click("#register button[type=submit]");
    await page.locator(".refusal", { hasText: "Le nom Ann est déjà pris." }).waitFor();
    await page.getByLabel("Langue").selectOption("ru");
    await page.getByRole("heading", { name: "Новый игрок" }).waitFor();
    await page.reload();
    await page.getByRole("heading", { name: "Новый игрок" }).waitFor();
    check(await page.evaluate(() => document.documentElement.lang) === "ru", "the chosen language was not remembered");
    await page.screenshot({ path: `${screenshotDir}/01-login-ru-phone.png`, fullPage: true });
    check(errors.length === 0, errors.join("; "));
    await context.close();
  });

  let tableId;
  await step("a player creates a table with its options and sees it in my tables", async () => {
    await ann.page.click("#nav-lobby");
    await ann.page.selectOption("select[name=players]", "2");
    await ann.page.fill("input[name=name]", "Nevsky Prospect");
    await ann.page.click(".create button[type=submit]");
    const item = ann.page.locator("#my-tables .table-item", { hasText: "Nevsky Prospect" });
    await item.waitFor();
    tableId = Number(await item.getAttribute("data-table"));
    check(tableId > 0, "no table id");
    await shot(ann, "02-lobby");
  });

  await step("a robot seat's level is chosen at creation and its level and rating show at the table", async () => {
    // Carol, on her own, so that Ann's and Bob's tables stay as the later steps expect.
    const carol = await newPlayer(browser, server, "carol", DESKTOP);
    await register(carol, "Carol");
    const page = carol.page;
    await page.click("#nav-lobby");
    const form = page.locator("form.create");
    await form.locator("select[name=players]").selectOption("2");
    check(await form.locator("select[name=robot_level]").isDisabled(), "a level is offered with no robot seat");
    await form.locator("select[name=robots]").selectOption("1");
    check(await form.locator("select[name=robot_level]").isEnabled(), "no level is offered for a robot seat");
    const levels = await form.locator("select[name=robot_level] option").evaluateAll((os) => os.map((o) => o.value));
    check(levels.join() === "1,2,3", `the levels offered are ${levels.join()}`);
    await form.locator("select[name=robot_level]").selectOption("3");
    await form.locator("input[name=name]").fill("Against level 3");
    await form.locator("button[type=submit]").click();
    const item = page.locator("#my-tables .table-item", { hasText: "Against level 3" });
    const seatNote = /robot, level 3, rating -?\d+\.\d/;
    await item.locator(".seat-note", { hasText: seatNote }).waitFor();
    await item.getByRole("button", { name: "Start the game" }).click();
    await item.getByRole("link", { name: /^(Play|Open)$/ }).click();
    await page.locator(".status .move").waitFor();
    await page.locator(".player", { hasText: seatNote }).waitFor();
    check(await page.locator(".player", { hasText: /level [12],/ }).count() === 0, "the table shows another level than the one chosen");
    await carol.context.close();
    steps.forget(carol);
  });

  await step("another player sees the open table and joins it", async () => {
    await bob.page.click("#nav-lobby");
    await bob.page.click("button.refresh");
    const item = bob.page.locator(`#open-tables .table-item[data-table="${tableId}"]`);
    await item.getByRole("button", { name: "Join" }).click();
    await bob.page.locator(`#my-tables .table-item[data-table="${tableId}"]`).waitFor();
    await noHorizontalOverflow(bob);
    await shot(bob, "03-lobby-phone");
  });

  await step("an invitation reaches the invited player's tables", async () => {
    await ann.page.click("#nav-lobby");
    await ann.page.click(".create button[type=submit]");
    const second = ann.page.locator("#my-tables .table-item", { hasText: "waiting for players" }).filter({ hasNotText: "Nevsky" });
    await second.waitFor();
    await second.locator("input").fill("Bob");
    await second.getByRole("button", { name: "Invite" }).click();
    await bob.page.click("button.refresh");
    await bob.page.locator("#my-tables .table-item", { hasText: "invitation" }).getByRole("button", { name: "Accept the invitation" }).waitFor();
  });

  await step("the creator starts the full table; my tables counts the tables awaiting me, first", async () => {
    await ann.page.click("button.refresh");
    await ann.page.locator(`#my-tables .table-item[data-table="${tableId}"]`).getByRole("button", { name: "Start the game" }).click();
    await ann.page.locator(`#my-tables .table-item[data-table="${tableId}"]`).getByRole("link", { name: /^(Play|Open)$/ }).waitFor();
    await bob.page.click("button.refresh");
    await bob.page.locator(`#my-tables .table-item[data-table="${tableId}"]`).getByRole("link", { name: /^(Play|Open)$/ }).waitFor();
    for (const p of [ann, bob]) {
      const { first, count } = await p.page.evaluate(() => ({
        first: document.querySelector("#my-tables .table-item").className,
        count: document.querySelector("#awaiting-count").textContent,
      }));
      check(first.includes("awaiting") === /^[1-9]/.test(count), `${p.name}: the count "${count}" does not match the first table`);
    }
    const counts = await Promise.all([ann, bob].map((p) => p.page.locator("#awaiting-count").textContent()));
    check(counts.some((c) => c.startsWith("1 awaiting")), `nobody is awaited: ${counts}`);
  });

  const table = [ann, bob];
  await step("both players open the table and see the board, stacks, players and status", async () => {
    for (const p of table) {
      await p.page.goto(`${server.url}/#/table/${tableId}`);
      await p.page.locator(".status .move").waitFor();
      check(await p.page.locator(".board .card-row").first().locator(".card").count() > 0, "the upper row is empty");
      check(await p.page.locator(".stacks .stack").count() === 4, "not four stacks");
      check(await p.page.locator(".player").count() === 2, "not two players");
      check((await p.page.locator(".status").textContent()).includes("Worker phase"), "no phase shown");
      await noHorizontalOverflow(p);
      await cardNamesFit(p);
    }
    const turn = await whoseTurn(table);
    check(turn, "nobody may act");
    const price = await turn.player.page.locator(".board .card .card-price").first().textContent();
    check(/(pay|from) \d+/.test(price), "no price on the board's cards for the player to act");
    // The other player, not to act, sees what each card would cost them, set apart.
    const other = table.find((p) => p !== turn.player);
    await other.page.locator(".board .card .card-price.later").first().waitFor();
    const later = await other.page.locator(".board .card .card-price.later").first().textContent();
    check(/(\d+ for you|from \d+)/.test(later), `the waiting player's price reads: ${later}`);
    check(await other.page.locator(".board .card.actionable").count() === 0, "a card is a control when it is not my turn");
    const label = await other.page.locator(".board .card", { has: other.page.locator(".card-price.later") }).first().getAttribute("aria-label");
    check(/would cost you/.test(label), `the card's label does not say its price: ${label}`);
    check(await turn.player.page.locator(".actions .act.buy, .actions .act.take").count() === 0, "the panel still lists the cards' actions");
    await shot(ann, "04-table-desktop");
    await shot(bob, "05-table-phone");
  });

  await step("the stack peek shows which cards remain and how many of each", async () => {
    const stack = ann.page.locator(".stack.building");
    await stack.locator("button").click();
    const peek = stack.locator(".peek");
    await peek.waitFor({ state: "visible" });
    const text = await peek.textContent();
    check(/Market×5/.test(text.replace(/\s/g, "")), `the building stack's peek does not list 5 Markets: ${text}`);
    await shot(ann, "06-stack-peek");
    await stack.locator("button").click();
  });

  await step("a card's text is readable: its rubles, points and ability", async () => {
    const label = await ann.page.locator(".board .card").first().getAttribute("aria-label");
    check(/costs \d+/.test(label) && /Scores/.test(label), `the card's text alternative says too little: ${label}`);
    await ann.page.locator(".board .card").first().hover();
    check(await ann.page.locator(".board .card .card-tip").first().isVisible(), "no tooltip on hover");
  });

  await step("a move appears on the other player's page without reloading, in words", async () => {
    const turn = await whoseTurn(table);
    const other = table.find((p) => p !== turn.player);
    await ordinaryMove(table, turn);
    const line = await lastLogLine(other);
    check(/(bought an? .+ from the (upper|lower) row for \d+ rubles?|passed)/.test(line), `the log says: ${line}`);
    // The header's count follows the moves, pushed, without a reload.
    const next = await whoseTurn(table);
    await next.player.page.locator("#nav-my-tables .count", { hasText: /^1$/ }).waitFor();
    await table.find((p) => p !== next.player).page.locator("#nav-my-tables .count").waitFor({ state: "detached" });
  });

  await step("a card is the control: clicking it offers what may be done with it and at what price", async () => {
    const turn = await whoseTurn(table);
    const card = turn.actions.find((a) => a.kind === "card" && a.kinds.includes("buy"));
    check(card, "no card offers itself for buying");
    const items = await openCard(turn.player, card);
    const labels = await items.allTextContents();
    check(labels.some((l) => /^Buy for \d+ rubles?$/.test(l) || /^Buy, displacing an? .+, for \d+ rubles?$/.test(l)), `the menu reads: ${labels}`);
    check(labels.includes("Take into your hand") === card.kinds.includes("take"), `the menu and the card disagree about taking: ${labels}`);
    await shot(turn.player, turn.player === ann ? "06b-card-menu-desktop" : "06b-card-menu-phone");
    await turn.player.page.keyboard.press("Escape");
    await turn.player.page.locator(".card-menu").waitFor({ state: "detached" });
    check(await turn.player.page.evaluate(() => document.activeElement?.classList.contains("actionable")), "Escape did not give the focus back to the card");
    check(await cardControl(turn.player, card).getAttribute("aria-haspopup") === "menu", "the card does not say it opens a menu");
  });

  await step("the action controls are reachable and usable with the keyboard", async () => {
    const turn = await whoseTurn(table);
    const page = turn.player.page;
    const before = await moveNumber(turn.player);
    await page.locator(".brand").focus();
    let reached = null;
    for (let i = 0; i < 80 && !reached; i++) {
      await page.keyboard.press("Tab");
      reached = await page.evaluate(() => document.activeElement?.matches(".card.actionable") ? document.activeElement.dataset.card : null);
    }
    check(reached, "Tab never reached a card to act on");
    await page.keyboard.press("Enter");
    await page.locator(".card-menu").waitFor();
    check(await page.evaluate(() => document.activeElement?.getAttribute("role") === "menuitem"), "the menu did not take the focus");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowUp");
    await page.keyboard.press("Enter");
    for (const p of table) await waitForMove(p, before + 1);
    // The keyboard does not fall back to the top of the page after the move
    // (nor after the redraws that follow it: the header's count, the status bar).
    await page.waitForTimeout(500);
    check(await page.evaluate(() => Boolean(document.activeElement?.closest(".board"))), "the focus left the board after the move");
  });

  let displaced = false;
  let passedUntil = false;
  let refused = false;
  let resumedAfterDrop = false;
  let reloaded = false;
  let moves = 0;
  await step("the game is played through the page: a trading card with its displacement, pass until phase end, a refusal, a reload, a dropped connection", async () => {
    while (moves++ < MAX_MOVES) {
      check(Date.now() < DEADLINE, "the game took too long");
      const turn = await whoseTurn(table);
      if (!turn) {
        if (await ann.page.locator(".final").count()) break;
        await ann.page.waitForTimeout(100);
        continue;
      }
      const { player, actions } = turn;
      const other = table.find((p) => p !== player);
      const choose = actions.find((a) => a.kind === "card" && a.choices && a.kinds.includes("buy"));
      if (!displaced && choose) {
        const items = await openCard(player, choose);
        const options = items.and(player.page.locator(".displacing"));
        check(await options.count() >= 1, "the trading card's menu offers no displacement");
        const label = await options.first().textContent();
        check(/^Buy, displacing an? .+, for \d+ rubles?$/.test(label), `a displacement choice reads: ${label}`);
        await shot(player, "07-displacement-choice");
        const before = await moveNumber(player);
        await options.first().click();
        for (const p of table) await waitForMove(p, before + 1);
        const line = await lastLogLine(other);
        check(/bought an? .+ for \d+ rubles?, displacing an? /.test(line), `the other player's log says: ${line}`);
        displaced = true;
        continue;
      }
      const passUntil = player.page.locator(".actions .until input");
      if (displaced && !passedUntil && await passUntil.count()) {
        await passUntil.check();
        const before = await play(table, player, ".actions .act.pass");
        check(/passed until the end of the phase/.test(await lastLogLine(other)), "the log does not show the pass until phase end");
        check(await other.page.locator(`.player[data-seat] .flags`, { hasText: "passing until the end of the phase" }).count() === 1,
          "the other page does not show the flag");
        passedUntil = before > 0;
        continue;
      }
      const grab = actions.find((a) => a.kind === "card" && (a.kinds.includes("take") || a.buy !== null));
      if (passedUntil && !refused && grab && actions.some((a) => a.kind === "button" && a.text === "Pass")) {
        // A second tab of the same player, whose table updates are held back:
        // the player passes in the first tab, then takes a card in the stale
        // second one; that move goes out with a used move number and the
        // server refuses it.
        const tab = await newPlayer(browser, server, `${player.name}-second-tab`, DESKTOP);
        await tab.page.evaluate((token) => localStorage.setItem("spb.token", token),
          await player.page.evaluate(() => localStorage.getItem("spb.token")));
        await tab.page.goto(`${server.url}/#/table/${tableId}`);
        await tab.page.reload();
        await tab.page.locator(".actions .act.pass").waitFor();
        tab.holdUpdates = true;
        const before = await moveNumber(tab);
        await play(table, player, ".actions .act.pass");
        await tab.page.locator(`.card.actionable[data-place="${grab.place}"][data-card="${grab.card}"]`).first().click();
        await tab.page.locator(".card-menu .act.take, .card-menu .act.buy:not(.displacing)").first().click();
        const refusal = tab.page.locator(".actions .refusal");
        await refusal.filter({ hasText: /The table had moved on before your move arrived/ }).waitFor();
        await shot(tab, "08-refused-action");
        // Nothing of the refused move shows: the tab catches up with the
        // server's state (the pass), the same as the first tab's.
        check(await moveNumber(tab) === before + 1, "the stale tab did not catch up after the refusal");
        for (const what of [".player.me .money .rubles", ".player.me .hand h3"]) {
          check(await tab.page.locator(what).textContent() === await player.page.locator(what).textContent(),
            `the refused move shows in ${what}`);
        }
        check(!/took|bought/.test(await lastLogLine(tab)), "the refused move reached the log");
        await tab.context.close();
        steps.forget(tab);
        refused = true;
        continue;
      }
      if (refused && !reloaded) {
        const before = await moveNumber(bob);
        const lines = await bob.page.locator(".move-log > li[data-move]").count();
        await bob.page.reload();
        await waitForMove(bob, before);
        check(await bob.page.locator("#register").count() === 0, "the reload logged the player out");
        check(await bob.page.locator(".move-log > li[data-move]").count() === lines, "the move log did not come back whole");
        reloaded = true;
        continue;
      }
      if (reloaded && !resumedAfterDrop && player === ann) {
        await dropConnection(bob);
        await bob.page.locator(".connection.offline, .connection.connecting").first().waitFor({ timeout: 5000 }).catch(() => {});
        const next = await ordinaryMove([ann], turn);
        await waitForMove(bob, next);
        check((await lastLogLine(bob)) === (await lastLogLine(ann)), "after the reconnection the logs differ");
        await bob.page.locator(".connection.online").waitFor();
        resumedAfterDrop = true;
        continue;
      }
      await ordinaryMove(table, turn);
    }
    check(displaced, "no trading card with a displacement was ever offered");
    check(passedUntil, "no pass until phase end was offered");
    check(refused && reloaded && resumedAfterDrop, "not every check of the game ran");
    await ann.page.locator(".final").waitFor({ timeout: 10000 });
  });

  await step("the chat reaches the other player live", async () => {
    await ann.page.fill(".chat-form input", "Well played, Bob");
    await ann.page.click(".chat-form button");
    await bob.page.locator(".chat-list li", { hasText: "Well played, Bob" }).waitFor();
  });

  await step("a table opened later shows what was said before, once", async () => {
    await bob.page.reload();
    const line = bob.page.locator(".chat-list li", { hasText: "Well played, Bob" });
    await line.waitFor();
    check(await line.count() === 1, "the chat line shows more than once");
  });

  await step("older chat lines are read back a page at a time", async () => {
    // 55 more lines through the form, under the server's rate limit (20 a second).
    await ann.page.evaluate(async () => {
      const form = document.querySelector(".chat-form");
      const input = form.querySelector("input");
      for (let i = 1; i <= 55; i++) {
        input.value = `line ${i}`;
        form.requestSubmit();
        await new Promise((resolve) => setTimeout(resolve, 70));
      }
    });
    await ann.page.locator(".chat-list li", { hasText: "line 55" }).waitFor();
    await bob.page.reload();
    await bob.page.locator(".chat-list li", { hasText: "line 55" }).waitFor();
    const lines = bob.page.locator(".chat-list li");
    check(await lines.count() === 50, `the newest page holds ${await lines.count()} lines, not 50`);
    const older = bob.page.locator(".chat-older");
    await older.waitFor();
    await older.click();
    await bob.page.locator(".chat-list li", { hasText: "Well played, Bob" }).waitFor();
    check(await lines.count() === 56, `after the older page ${await lines.count()} lines, not 56`);
    check((await lines.first().textContent()).includes("Well played, Bob"), "the oldest line is not first");
    await older.waitFor({ state: "hidden" });
  });

  await step("the end shows the final scoring broken down and a chart over the rounds", async () => {
    for (const p of table) {
      // Nobody is awaited at a finished game: the header says so at once.
      await p.page.locator("#nav-my-tables .count").waitFor({ state: "detached", timeout: 5000 });
      const final = p.page.locator(".final table.scores");
      await final.waitFor();
      const head = await final.locator("thead").textContent();
      for (const column of ["Aristocrat bonus", "Money points", "Hand penalty", "Total"]) {
        check(head.includes(column), `no ${column} column`);
      }
      // A tableau shows identical cards once, with their count.
      const repeated = await p.page.$$eval(".tableau", (groups) => groups.flatMap((g) => {
        const ids = [...g.querySelectorAll(".card:not(.face-down)")].map((c) => c.dataset.card);
        return ids.filter((id, i) => ids.indexOf(id) !== i);
      }));
      check(repeated.length === 0, `${p.name}: a tableau shows ${repeated} more than once`);
      await cardNamesFit(p);
      await p.page.locator(".history-chart svg polyline").first().waitFor();
      check(await p.page.locator(".history-chart svg.chart").count() === 2, "not two charts (points, rubles)");
      await noHorizontalOverflow(p);
      await noAccessibilityViolations(p, "the final scoring");
    }
    await shot(ann, "09-final-desktop");
    await shot(bob, "10-final-phone");
  });

  await step("the replay viewer steps and slides through the moves of the finished game", async () => {
    const page = ann.page;
    await page.goto(`${server.url}/#/replay/${tableId}`);
    await page.locator(".replay-counter", { hasText: "Move 0 of" }).waitFor();
    await page.locator(".replay-stage .board").waitFor();
    await page.getByRole("button", { name: "Next move" }).click();
    await page.locator(".replay-counter", { hasText: "Move 1 of" }).waitFor();
    await page.locator(".replay-move", { hasText: /bought|passed|took/ }).waitFor();
    const total = Number((await page.locator(".replay-counter").textContent()).match(/of (\d+)/)[1]);
    await page.locator(".replay-controls input[type=range]").fill(String(Math.floor(total / 2)));
    await page.locator(".replay-counter", { hasText: `Move ${Math.floor(total / 2)} of` }).waitFor();
    await page.locator(".replay-stage .status .move", { hasText: `Move ${Math.floor(total / 2)}` }).waitFor();
    await noAccessibilityViolations(ann, "the replay");
    await shot(ann, "11-replay");
  });

  await step("with both expansions, every kind of action the server offers is playable through the page", async () => {
    await ann.page.goto(`${server.url}/#/lobby`);
    await ann.page.fill("input[name=name]", "Banquet night");
    await ann.page.check("input[name=banquet]");
    await ann.page.check("input[name=new_society]");
    await ann.page.click(".create button[type=submit]");
    const item = ann.page.locator("#my-tables .table-item", { hasText: "Banquet night" });
    await item.waitFor();
    check((await item.textContent()).includes("The Banquet + The New Society"), "the table does not show its expansions");
    const id = Number(await item.getAttribute("data-table"));
    await bob.page.goto(`${server.url}/#/lobby`);
    await bob.page.locator(`#open-tables .table-item[data-table="${id}"]`).getByRole("button", { name: "Join" }).click();
    await ann.page.click("button.refresh");
    await item.getByRole("button", { name: "Start the game" }).click();
    for (const p of table) {
      await p.page.goto(`${server.url}/#/table/${id}`);
      await p.page.locator(".status .move").waitFor();
    }
    // A random walk over the offered actions (a fixed sequence of choices).
    let seed = 7;
    const random = (n) => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed % n; };
    const kinds = new Set();
    for (let n = 0; n < 200 && Date.now() < DEADLINE; n++) {
      const turn = await whoseTurn(table);
      if (!turn) break;
      const action = turn.actions[random(turn.actions.length)];
      const before = await moveNumber(turn.player);
      if (action.kind === "card") {
        const items = await openCard(turn.player, action);
        const item = items.nth(random(await items.count()));
        kinds.add(await item.getAttribute("data-type"));
        await item.click();
      } else {
        kinds.add(action.classes.replace(/^act /, ""));
        await turn.player.page.locator(".actions .act:not([disabled])").nth(action.index).click();
      }
      for (const p of table) await waitForMove(p, before + 1);
      const refusal = await turn.player.page.locator(".actions .refusal").textContent();
      check(!refusal, `an offered action was refused: ${refusal}`);
    }
    console.log(`  action kinds played: ${[...kinds].sort().join(", ")}`);
    check(kinds.size >= 4, `too few kinds of action were played: ${[...kinds]}`);
  });

  console.log(`${moves} moves played`);
});
