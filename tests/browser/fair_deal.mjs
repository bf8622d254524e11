// The deal nobody controls alone, through the page (docs/fairness.md): Ann (an
// English desktop) creates a table against a robot and sees its commitment
// before the game starts; starting it gives her browser's contribution; once
// the game is over (a robot finishes her seat, handed over by an
// administrator) "Check this deal" proves it in words, her own contribution
// found at her seat, every move dealt and replayed in her browser by the rules
// engine built to WebAssembly. Boris (a Russian phone, not logged in) reads
// the same check in Russian. Carol is handed the record with one move's state
// hash, then one move's action, changed on the way: the page names that move. Usage: node fair_deal.mjs SPB_BINARY SCREENSHOT_DIR
import {
  check, commandLine, DESKTOP, launchBrowser, noAccessibilityViolations, PHONE, register, startServer, Steps, runSteps,
  testConnection,
} from "./harness.mjs";

const { spb, screenshotDir } = commandLine("fair_deal.mjs");
const ADMIN_TOKEN = "fair-deal-test-token";
const steps = new Steps(screenshotDir);
const step = (name, fn) => steps.step(name, fn);

const server = await startServer(spb, ["--admin-token", ADMIN_TOKEN]);
const browser = await launchBrowser();

// The test's own administrator connection.
const connection = await testConnection(browser, server);
async function administer(requests) {
  const answers = await connection.send([{ type: "admin_login", token: ADMIN_TOKEN }, ...requests]);
  return answers.slice(1);
}

await runSteps({ steps, browser, server, screenshotDir }, async () => {
  const ann = await steps.newPlayer(browser, server, "ann", DESKTOP);
  let tableId;
  let commitment;
  let moveCount;

  await step("a new table shows its deal commitment before the game starts", async () => {
    await register(ann, "Ann");
    await ann.page.click("#nav-lobby");
    const form = ann.page.locator("form.create");
    await form.locator("input[name=name]").fill("Fair table");
    await form.locator("select[name=players]").selectOption("2");
    await form.locator("select[name=robots]").selectOption("1");
    await form.locator("button[type=submit]").click();
    const item = ann.page.locator("#my-tables .table-item", { hasText: "Fair table" });
    await item.waitFor();
    tableId = Number(await item.getAttribute("data-table"));
    const shown = item.locator(".deal-commitment");
    check(/^Deal commitment [0-9a-f]{16}…/.test(await shown.textContent()), `the commitment reads: ${await shown.textContent()}`);
    commitment = await shown.getAttribute("title");
    check(/^[0-9a-f]{64}$/.test(commitment), `the full commitment: ${commitment}`);
    await steps.shotsAtBothWidths(ann, "f-commitment", DESKTOP);
  });

  await step("starting the table gives Ann's browser's contribution; the commitment stays the same", async () => {
    const item = ann.page.locator("#my-tables .table-item", { hasText: "Fair table" });
    await item.locator("button.primary").click();
    await ann.page.goto(`${server.url}/#/table/${tableId}`);
    const head = ann.page.locator(".table-links .deal-commitment");
    await head.waitFor();
    check(await head.getAttribute("title") === commitment, "the table page shows the same commitment");
    const [admin] = await administer([{ type: "admin_view", table: tableId }]);
    const deal = admin.table.deal;
    check(deal.commitment === commitment && !deal.secret, `while the game runs the deal shows no secret: ${JSON.stringify(deal)}`);
    const mine = deal.contributions.find((c) => c.seat === 0).contribution;
    const kept = await ann.page.evaluate((id) => localStorage.getItem(`spb.contribution.${id}`), tableId);
    check(mine && mine === kept, `the server recorded the contribution Ann's browser kept: ${mine} / ${kept}`);
  });

  await step("once the game is over, Check this deal proves it in words, Ann's contribution found", async () => {
    await administer([{ type: "admin_remove_player", table: tableId, seat: 0, reason: "The test lets the robot finish." }]);
    const link = ann.page.locator(".table-links a", { hasText: "Check this deal" });
    await link.waitFor({ timeout: 120000 });
    await link.click();
    const verdict = ann.page.locator(".deal-verdict");
    await verdict.waitFor();
    check(await verdict.getAttribute("class") === "deal-verdict proven", `the verdict: ${await verdict.textContent()}`);
    const lines = await ann.page.locator(".deal-steps li").allTextContents();
    check(lines.some((l) => l.includes("matches the commitment")), `the commitment step: ${lines}`);
    check(lines.some((l) => l.includes("Your browser's contribution") && l.includes("seat 0")), `Ann's own step: ${lines}`);
    check(lines.some((l) => l.includes("The seed")), `the seed step: ${lines}`);
    const [record] = await administer([{ type: "table_record", table: tableId }]);
    moveCount = record.moves.length;
    check(moveCount > 20, `a whole game was recorded: ${moveCount} moves`);
    check(lines.some((l) => l.includes(`all ${moveCount} moves replay to the recorded state hashes`)),
      `the replay step: ${lines}`);
    check(await ann.page.locator(".deal-steps li.failed").count() === 0, `no step failed: ${lines}`);
    await noAccessibilityViolations(ann, "the check of a deal");
    await steps.shotsAtBothWidths(ann, "f-check", DESKTOP);
  });

  await step("anyone reads the check in their language, without logging in", async () => {
    const boris = await steps.newPlayer(browser, server, "boris", PHONE, { locale: "ru-RU" });
    await boris.page.goto(`${server.url}/#/deal/${tableId}`);
    const verdict = boris.page.locator(".deal-verdict");
    await verdict.waitFor();
    check((await verdict.textContent()).startsWith("Раздача доказана"), `the verdict in Russian: ${await verdict.textContent()}`);
    check(!(await boris.page.locator(".deal-steps li", { hasText: "браузера" }).count()), "Boris contributed nothing here");
    await steps.shotsAtBothWidths(boris, "f-check-ru", PHONE);
    check((await boris.page.locator(".deal-steps li.held").allTextContents()).some((l) => l.includes(`${moveCount} ход`)),
      "the replay step in Russian");
  });

  // Each tampered record is the real one with one thing changed in the
  // table_record reply, as a server (or anything between) could send it.
  const tampered = async (name, change, expectMove, expectWords) => {
    const carol = await steps.newPlayer(browser, server, name, DESKTOP);
    carol.rewrite = (text) => {
      const frame = JSON.parse(text);
      if (frame.type !== "result" || !frame.data?.header || !Array.isArray(frame.data.moves)) return text;
      change(frame.data.moves);
      return JSON.stringify(frame);
    };
    await carol.page.goto(`${server.url}/#/deal/${tableId}`);
    const verdict = carol.page.locator(".deal-verdict");
    await verdict.waitFor();
    check(await verdict.getAttribute("class") === "deal-verdict not-proven", `the verdict: ${await verdict.textContent()}`);
    const failed = carol.page.locator(".deal-steps li.failed");
    check(await failed.count() === 1, `one step failed: ${await carol.page.locator(".deal-steps li").allTextContents()}`);
    const words = await failed.textContent();
    check(await failed.getAttribute("data-move") === String(expectMove), `the failed move: ${words}`);
    check(words.includes(`Move ${expectMove} does not replay: ${expectWords}`), `the failed step: ${words}`);
    check(await carol.page.locator(".deal-steps li.held").count() >= 3, "the commitment and seed steps still hold");
    await carol.context.close();
  };

  await step("a record with one move's state hash changed is refused, naming that move", async () => {
    const k = Math.floor(moveCount / 2);
    await tampered("carol", (moves) => { moves[k - 1].state_hash = "0123456789abcdef"; }, k,
      "the rules accept the action but reach another state than the one recorded");
  });

  await step("a record with one move's action changed is refused, naming that move", async () => {
    await tampered("dan", (moves) => { moves[2].action = { type: "conjure" }; }, 3, "its action is not one the game knows");
  });
});
