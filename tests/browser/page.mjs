// The table page in hand (issue 32): the status bar stays in view after
// scrolling at a phone's and a desktop's width; a move made by keyboard leaves
// the keyboard on the board, not the page's body, and a skip link leads to
// the board; on a phone the header is one line and a tapped card's tip closes
// when another card or anything else is tapped. Ann plays on a desktop, Bob
// on a phone. Usage: node page.mjs SPB_BINARY SCREENSHOT_DIR
import {
  check, commandLine, DESKTOP, launchBrowser, moveNumber, PHONE, register, startServer, Steps, runSteps, waitForMove,
} from "./harness.mjs";

const { spb, screenshotDir } = commandLine("page.mjs");
const steps = new Steps(screenshotDir);
const step = (name, fn) => steps.step(name, fn);
const server = await startServer(spb);
const browser = await launchBrowser();

// Where the keyboard is: "body", or the element's class and whether it lies in the board.
function focusNow(page) {
  return page.evaluate(() => {
    const el = document.activeElement;
    return { body: !el || el === document.body, inBoard: Boolean(el?.closest(".board")), what: el ? `${el.tagName}.${el.className}` : "none" };
  });
}

// The player to act of the two, else null.
async function toAct(players) {
  for (const p of players) if (await p.page.locator(".status .turn.mine").count()) return p;
  return null;
}

// Any move by whoever is to act, by mouse: the first card's first choice, else Pass.
async function mouseMove(players) {
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

await runSteps({ steps, browser, server, screenshotDir }, async () => {
  const ann = await steps.newPlayer(browser, server, "ann", DESKTOP);
  const bob = await steps.newPlayer(browser, server, "bob", PHONE);
  const players = [ann, bob];
  let tableId;

  await step("two players sit at a started table", async () => {
    await register(ann, "Ann");
    await register(bob, "Bob");
    await ann.page.click("#nav-lobby");
    await ann.page.selectOption("select[name=players]", "2");
    await ann.page.fill("input[name=name]", "Moika");
    await ann.page.click(".create button[type=submit]");
    const item = ann.page.locator("#my-tables .table-item", { hasText: "Moika" });
    await item.waitFor();
    tableId = Number(await item.getAttribute("data-table"));
    await bob.page.goto(`${server.url}/#/lobby`);
    await bob.page.locator(`#open-tables .table-item[data-table="${tableId}"]`).getByRole("button").first().click();
    await bob.page.locator(`#my-tables .table-item[data-table="${tableId}"]`).waitFor();
    await ann.page.click("button.refresh");
    await ann.page.locator(`#my-tables .table-item[data-table="${tableId}"]`).getByRole("button", { name: "Start the game" }).click();
    for (const p of players) {
      await p.page.goto(`${server.url}/#/table/${tableId}`);
      await p.page.locator(".status .move").waitFor();
    }
  });

  await step("the status bar stays at the top of the window after scrolling 1,400 pixels, at 390 and at 1440 pixels", async () => {
    // A page long enough to scroll 1,400 pixels at a desktop's width: five
    // robots' finished game, watched (its final scoring, its chart). Bob's
    // table on his phone is, in a short window.
    const watcher = await steps.newPlayer(browser, server, "watcher", DESKTOP);
    await register(watcher, "Watcher");
    await watcher.page.click("#nav-lobby");
    const form = watcher.page.locator("form.create");
    await form.locator("input[name=name]").fill("Five robots");
    await form.locator("select[name=players]").selectOption("5");
    await form.locator("select[name=robots]").selectOption("5");
    await form.locator("button[type=submit]").click();
    await watcher.page.locator("#open-tables .table-item", { hasText: "Five robots" }).getByRole("button", { name: "Start the game" }).click();
    await watcher.page.locator(".status .phase", { hasText: "Game over" }).waitFor({ timeout: 60000 });
    await watcher.page.locator(".end .chart").first().waitFor();
    for (const [player, size] of [[bob, { width: PHONE.width, height: 500 }], [watcher, { width: DESKTOP.width, height: 500 }]]) {
      const page = player.page;
      await page.setViewportSize(size);
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.evaluate(() => window.scrollTo(0, 1400));
      await page.waitForTimeout(100);
      const { scrolled, top } = await page.evaluate(() => ({
        scrolled: window.scrollY, top: document.querySelector(".table-page .status").getBoundingClientRect().top,
      }));
      check(scrolled >= 1400, `at ${size.width} pixels the page scrolled only ${scrolled} pixels`);
      check(Math.abs(top) <= 1, `at ${size.width} pixels the status bar's top is at ${top} pixels after scrolling`);
      await page.screenshot({ path: `${screenshotDir}/page-status-scrolled-${size.width}.png` });
      await page.setViewportSize(player === bob ? PHONE : DESKTOP);
      await page.evaluate(() => window.scrollTo(0, 0));
    }
    await watcher.context.close();
    steps.forget(watcher);
  });

  await step("a skip link leads to the board, and after a move by keyboard the keyboard is still on the board", async () => {
    // Ann to act: Bob moves first if he is.
    if ((await toAct(players)) === bob) await mouseMove(players);
    const page = ann.page;
    for (let round = 0; round < 2; round++) {
      // The first thing Tab reaches is the skip link to the content; the next, to the board.
      await page.evaluate(() => { window.scrollTo(0, 0); document.querySelector("a.skip").focus(); });
      check(await page.evaluate(() => document.querySelector("a, button, input, select, [tabindex]") === document.activeElement), "the skip links are not the first of the page's controls");
      await page.keyboard.press("Tab");
      const link = await page.evaluate(() => document.activeElement?.textContent);
      check(link === "Skip to the board", `the second Tab reached "${link}"`);
      await page.keyboard.press("Enter");
      check(await page.evaluate(() => document.activeElement?.id === "board"), `the skip link led to ${(await focusNow(page)).what}`);
      let reached = false;
      for (let i = 0; i < 20 && !reached; i++) {
        await page.keyboard.press("Tab");
        reached = await page.evaluate(() => document.activeElement?.matches(".board .card.actionable") ?? false);
      }
      check(reached, "Tab from the board never reached a card to act on");
      const before = await moveNumber(ann);
      await page.keyboard.press("Enter");
      await page.locator(".card-menu").waitFor();
      await page.keyboard.press("Enter");
      for (const p of players) await waitForMove(p, before + 1);
      // The header's count and the status bar are redrawn after the move (my tables read again).
      await page.waitForTimeout(800);
      let focus = await focusNow(page);
      check(!focus.body && focus.inBoard, `after a move by keyboard the focus is on ${focus.what}`);
      // The other player's move redraws the whole table: the keyboard stays on the board.
      await mouseMove(players);
      await page.waitForTimeout(500);
      focus = await focusNow(page);
      check(!focus.body && focus.inBoard, `after the other player's move the focus is on ${focus.what}`);
    }
  });




});
