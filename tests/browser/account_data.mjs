// A player downloads their own data from the account page (issue 37,
// docs/records.md "Account export"): Ann in English on a desktop after a game
// she finished, Boris in Russian on a phone; the file the browser saves is
// the export document, named after the player and the day, with the
// finished game's record; the sentence under the button says so in the
// player's language; no accessibility violation on the page.
// Usage: node account_data.mjs SPB_BINARY SCREENSHOT_DIR
import { readFileSync } from "node:fs";
import {
  check, commandLine, DESKTOP, launchBrowser, noAccessibilityViolations, PHONE, register, runSteps, startServer, Steps,
} from "./harness.mjs";

const { spb, screenshotDir } = commandLine("account_data.mjs");
const steps = new Steps(screenshotDir);
const step = (name, fn) => steps.step(name, fn);
const server = await startServer(spb);
const browser = await launchBrowser();

// Runs in the page, logged in as `name` on a connection of its own: a table
// of the player and a robot, where the player resigns and the robot plays
// both seats to the end. Resolves once the game's record is public.
async function finishedRobotGame({ name, password }) {
  const ws = new WebSocket(`${location.origin.replace(/^http/, "ws")}/ws`);
  await new Promise((resolve) => { ws.onopen = resolve; });
  const waiting = new Map();
  let next = 1;
  ws.onmessage = (e) => {
    const m = JSON.parse(e.data);
    if (waiting.has(m.id)) waiting.get(m.id)(m);
  };
  const call = (type, fields = {}) => new Promise((resolve) => {
    const id = next++;
    waiting.set(id, resolve);
    ws.send(JSON.stringify({ type, id, ...fields }));
  });
  const ok = async (type, fields) => {
    const m = await call(type, fields);
    if (m.type !== "result") throw new Error(`${type}: ${m.code} ${m.message}`);
    return m.data;
  };
  await ok("hello", { protocol: 1 });
  await ok("login", { name, password });
  const { table } = await ok("create_table", { players: 2, robots: 1, name: "Against the robot" });
  await ok("start_table", { table: table.id });
  await ok("resign", { table: table.id });
  for (let tries = 0; tries < 600; tries++) {
    if ((await call("table_record", { table: table.id })).type === "result") return table.id;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("the robot did not finish the game");
}

// Presses "Download my data" and returns the saved file's name and document.
async function download(player) {
  const [file] = await Promise.all([player.page.waitForEvent("download"), player.page.click("#my-data .download-data")]);
  return { name: file.suggestedFilename(), data: JSON.parse(readFileSync(await file.path(), "utf8")) };
}

const today = new Date().toISOString().slice(0, 10);

await runSteps({ steps, browser, server, screenshotDir }, async () => {
  const ann = await steps.newPlayer(browser, server, "ann", DESKTOP);
  const boris = await steps.newPlayer(browser, server, "boris", PHONE, { locale: "ru-RU" });

  await step("ann finishes a game, then downloads her data in English with its record", async () => {
    await register(ann, "ann", "correct horse ann");
    const table = await ann.page.evaluate(finishedRobotGame, { name: "ann", password: "correct horse ann" });
    await ann.page.goto(`${server.url}/#/account`);
    await ann.page.locator("#my-data h2", { hasText: "Your data" }).waitFor();
    const { name, data } = await download(ann);
    check(name === `spb-ann-${today}.json`, `the file is called ${name}`);
    check(data.format === "spb-account-export" && data.version === 1, `a ${data.format} document`);
    check(data.account.name === "ann", `the account of ${data.account.name}`);
    check(data.games.length === 1 && data.games[0].header.table.id === table, "the finished game's record");
    check(data.seats.length === 1 && data.seats[0].status === "finished", "her one seat");
    await ann.page.locator("#my-data .outcome", { hasText: "Downloaded, with the record of 1 finished game." }).waitFor();
    await noAccessibilityViolations(ann, "the account page with its data section");
    await steps.shot(ann, "account-data-en");
  });

  await step("boris downloads his data in Russian on a phone", async () => {
    await register(boris, "boris", "correct horse boris");
    await boris.page.goto(`${server.url}/#/account`);
    await boris.page.locator("#my-data h2", { hasText: "Ваши данные" }).waitFor();
    await boris.page.locator("#my-data .download-data", { hasText: "Скачать мои данные" }).waitFor();
    const { name, data } = await download(boris);
    check(name === `spb-boris-${today}.json`, `the file is called ${name}`);
    check(data.account.name === "boris" && data.games.length === 0 && data.seats.length === 0, "his empty history");
    await boris.page.locator("#my-data .outcome", { hasText: "Скачано, с записями 0 законченных партий." }).waitFor();
    await steps.shot(boris, "account-data-ru");
  });
});
