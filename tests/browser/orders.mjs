// Standing orders through the page (issue 19): Ann (English, desktop) and
// Bob (French, phone) sit at a table; Bob writes orders in the panel beside
// his hand (a buy order for any worker, then "pass until the board changes"),
// reorders and cancels one, and sees a refusal in his words; Ann never sees
// the panel or his orders; when Ann moves, Bob's order moves for him at once
// and the log says "par ordre permanent" on his page and "by standing order"
// on hers. Usage: node orders.mjs SPB_BINARY SCREENSHOT_DIR
import {
  check, commandLine, DESKTOP, launchBrowser, noHorizontalOverflow, PHONE, startServer, Steps, runSteps,
  startTwoPlayerTable,
} from "./harness.mjs";

const { spb, screenshotDir } = commandLine("orders.mjs");
const steps = new Steps(screenshotDir);
const step = (name, fn) => steps.step(name, fn);
const server = await startServer(spb);
const browser = await launchBrowser();

async function orderTexts(player) {
  return player.page.locator(".orders-panel .orders-list .order .order-text").allTextContents();
}

await runSteps({ steps, browser, server, screenshotDir }, async () => {
  const ann = await steps.newPlayer(browser, server, "ann", DESKTOP);
  const bob = await steps.newPlayer(browser, server, "bob", PHONE, { locale: "fr-FR" });
  let tableId;

  await step("two players sit at a started table", async () => {
    tableId = await startTwoPlayerTable(server, ann, bob, "White nights");
  });

  // Bob must not be the first to act, or his order would move before Ann's move shows it.
  let first, second;
  await step("the orders panel shows on a player's own table page, empty at first", async () => {
    // The Pass button shows in the status bar of the player to act only.
    await ann.page.waitForFunction(() => document.querySelector(".status .move") !== null);
    const annToAct = await ann.page.locator(".status .pass").count() > 0;
    [first, second] = annToAct ? [ann, bob] : [bob, ann];
    for (const p of [ann, bob]) {
      await p.page.locator(".orders-panel").waitFor();
      check((await p.page.locator(".orders-panel .orders-list .none").count()) === 1, `${p.name}: the panel is not empty`);
    }
  });

  await step("the second player writes a buy order and a pass order, reorders and cancels them", async () => {
    const page = second.page;
    const panel = page.locator(".orders-panel");
    await panel.locator("select[name=order]").selectOption("pass_until_board_changes");
    await panel.locator("button.add-order").click();
    await page.locator(".orders-panel .orders-list .order").first().waitFor();
    await panel.locator("select[name=order]").selectOption("buy");
    await panel.locator("select[name=card]").selectOption("deck:worker");
    await panel.locator("input[name=max_price]").fill("25");
    await panel.locator("button.add-order").click();
    await page.waitForFunction(() => document.querySelectorAll(".orders-panel .orders-list .order").length === 2);
    let texts = await orderTexts(second);
    check(/pass|passer/i.test(texts[0]) && /25/.test(texts[1]), `the orders read: ${texts.join(" | ")}`);
    // The buy order first: it is read before the pass.
    await panel.locator(".orders-list .order").nth(1).locator("button.up").click();
    await page.waitForFunction(() => /25/.test(document.querySelector(".orders-panel .orders-list .order .order-text")?.textContent || ""));
    texts = await orderTexts(second);
    check(/25/.test(texts[0]), `the buy order did not move up: ${texts.join(" | ")}`);
    // A third order, cancelled again.
    await panel.locator("select[name=order]").selectOption("pass_until_phase_end");
    await panel.locator("button.add-order").click();
    await page.waitForFunction(() => document.querySelectorAll(".orders-panel .orders-list .order").length === 3);
    await panel.locator(".orders-list .order").nth(2).locator("button.cancel").click();
    await page.waitForFunction(() => document.querySelectorAll(".orders-panel .orders-list .order").length === 2);
    if (second === bob) await noHorizontalOverflow(bob);
    await steps.shot(second, "orders-panel");
  });

  await step("an order that can never apply is refused in the player's words, and the list stays", async () => {
    const panel = second.page.locator(".orders-panel");
    await panel.locator("select[name=order]").selectOption("play");
    await panel.locator("button.add-order").click();
    const refusal = panel.locator(".refusal");
    await second.page.waitForFunction(() => document.querySelector(".orders-panel .refusal")?.textContent.length > 0);
    check((await refusal.textContent()).length > 5, "no refusal shown");
    check((await orderTexts(second)).length === 2, "the list changed after a refusal");
  });

  await step("the other player never sees these orders", async () => {
    await first.page.reload();
    await first.page.locator(".orders-panel").waitFor();
    check((await first.page.locator(".orders-panel .orders-list .order").count()) === 0, "the other seat's orders are shown");
  });

  await step("when the first player passes, the second player's order buys at once, marked as a standing order", async () => {
    const passButton = first.page.locator(".status .pass").first();
    await passButton.click();
    await second.page.locator(".move-log .actor.order").first().waitFor({ timeout: 15000 });
    await first.page.locator(".move-log .actor.order").first().waitFor({ timeout: 15000 });
    const mark = await first.page.locator(".move-log .actor.order").first().textContent();
    const expected = first === ann ? "by standing order" : "par ordre permanent";
    check(mark.includes(expected), `the log reads: ${mark}`);
    // The buy order was used, and its purchase changed the board, so the pass
    // order lapsed too: the panel says the game waits for its player.
    await second.page.locator(".orders-panel .orders-list .none").waitFor();
    await steps.shot(first, "orders-log");
  });
});
