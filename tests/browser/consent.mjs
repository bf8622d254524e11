// Undo by consent and resigning through the page (issue 18 parts 3 and 4;
// docs/rules.md, "Resigning, aborting, undoing"): Ann (English, desktop) and
// Bob (Russian, phone) sit at a table; the first to act passes and asks to
// take it back; the other accepts on their page, both logs say so and the
// turn is the asker's again; asking again is refused in words; then Bob
// resigns after a confirmation, both logs say so and the robot plays his seat.
// Usage: node consent.mjs SPB_BINARY SCREENSHOT_DIR
import {
  check, commandLine, DESKTOP, launchBrowser, moveNumber, noHorizontalOverflow, PHONE, startServer, Steps,
  runSteps, waitForMove,
  startTwoPlayerTable,
} from "./harness.mjs";

const { spb, screenshotDir } = commandLine("consent.mjs");
const steps = new Steps(screenshotDir);
const step = (name, fn) => steps.step(name, fn);
const server = await startServer(spb);
const browser = await launchBrowser();

await runSteps({ steps, browser, server, screenshotDir }, async () => {
  const ann = await steps.newPlayer(browser, server, "ann", DESKTOP);
  const bob = await steps.newPlayer(browser, server, "bob", PHONE, { locale: "ru-RU" });
  let tableId;

  await step("two players sit at a started table", async () => {
    tableId = await startTwoPlayerTable(server, ann, bob, "Consent");
    for (const p of [ann, bob]) {
      await p.page.locator(".consent-panel button.request-undo").waitFor();
    }
  });

  let first, second;
  await step("the first to act passes and asks to take it back; the other sees the request", async () => {
    const annToAct = await ann.page.locator(".status .pass").count() > 0;
    [first, second] = annToAct ? [ann, bob] : [bob, ann];
    await first.page.locator(".status .pass").first().click();
    await waitForMove(second, 1);
    await first.page.locator(".consent-panel button.request-undo").click();
    await first.page.locator(".consent-panel .undo-request").waitFor();
    await second.page.locator(".consent-panel button.accept-undo").waitFor();
    const asked = await second.page.locator(".consent-panel .undo-request").textContent();
    check(asked.includes(first.name === "ann" ? "Ann" : "Bob"), `the request reads: ${asked}`);
    await noHorizontalOverflow(bob);
    await steps.shot(second, "undo-requested");
  });

  await step("the other accepts: both logs say the action was taken back and the turn is the asker's again", async () => {
    await second.page.locator(".consent-panel button.accept-undo").click();
    await waitForMove(first, 2);
    await waitForMove(second, 2);
    const annLine = await ann.page.locator(".move-log li[data-move='2']").textContent();
    const bobLine = await bob.page.locator(".move-log li[data-move='2']").textContent();
    check(annLine.includes("took back their last action"), `Ann's log reads: ${annLine}`);
    check(bobLine.includes("отменяет свой последний ход"), `Bob's log reads: ${bobLine}`);
    await first.page.locator(".status .pass").first().waitFor();
    check((await second.page.locator(".status .pass").count()) === 0, "the other player is to act after the undo");
    check((await first.page.locator(".consent-panel .undo-request").count()) === 0, "the request is still shown");
    await steps.shot(first, "undone");
  });

  await step("asking again, with nothing to take back, is refused in the player's words", async () => {
    await first.page.locator(".consent-panel button.request-undo").click();
    await first.page.locator(".consent-panel .refusal").waitFor();
    const refusal = await first.page.locator(".consent-panel .refusal").textContent();
    const expected = first === ann ? "no action to take back" : "нечего отменять";
    check(refusal.includes(expected), `the refusal reads: ${refusal}`);
  });

  await step("Bob resigns after confirming; both logs say so and the robot plays his seat", async () => {
    const before = await moveNumber(bob);
    await bob.page.locator(".consent-panel button.resign").click();
    await bob.page.locator(".consent-panel .confirm-resign").waitFor();
    await steps.shot(bob, "resign-confirm");
    await bob.page.locator(".consent-panel button.really-resign").click();
    // When Bob was to act, the robot moves for him at once: the resign may be
    // passed by the time the page is looked at.
    await ann.page.waitForFunction((n) => Number(document.querySelector(".status .move")?.dataset.move) >= n, before + 1,
                                   { timeout: 10000 });
    await ann.page.locator(".move-log li", { hasText: "Bob resigned" }).waitFor();
    await bob.page.locator(".move-log li", { hasText: "Bob сдаётся" }).waitFor();
    await bob.page.locator(".consent-panel .resigned").waitFor();
    check((await bob.page.locator(".consent-panel button.resign").count()) === 0, "a resigned player may resign again");
    // The robot moves for Bob's seat: the log marks a robot's move.
    if (first === ann) await ann.page.locator(".status .pass").first().click();
    await ann.page.locator(".move-log .actor.robot").first().waitFor({ timeout: 20000 });
    await steps.shot(ann, "resigned");
  });
});
