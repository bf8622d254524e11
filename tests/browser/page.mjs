// The table page in hand (issue 32): the status bar stays in view after
// scrolling at a phone's and a desktop's width; a move made by keyboard leaves
// the keyboard on the board, not the page's body, and a skip link leads to
// the board; on a phone the header is one line and a tapped card's tip closes
// when another card or anything else is tapped; a screen reader hears the
// other player's moves, the game's state on S, and the keyboard help. Ann plays on a desktop, Bob
// on a phone. Usage: node page.mjs SPB_BINARY SCREENSHOT_DIR
import {
  check, commandLine, DESKTOP, launchBrowser, mouseMove, moveNumber, PHONE, register, runSteps, startServer, Steps, toAct, waitForMove,
  startTwoPlayerTable,
} from "./harness.mjs";
import en from "../../web/i18n/en.js";
import fr from "../../web/i18n/fr.js";
import ru from "../../web/i18n/ru.js";

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

await runSteps({ steps, browser, server, screenshotDir }, async () => {
  const ann = await steps.newPlayer(browser, server, "ann", DESKTOP);
  const bob = await steps.newPlayer(browser, server, "bob", PHONE);
  const players = [ann, bob];
  let tableId;

  await step("two players sit at a started table", async () => {
    tableId = await startTwoPlayerTable(server, ann, bob, "Moika");
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

  await step("on a phone the header is one line in every language, and the nav is a bar of tabs that fit", async () => {
    const page = bob.page;
    for (const code of ["en", "fr", "ru"]) {
      await page.locator("#language-select").selectOption(code);
      await page.locator(".status .move").waitFor();
      const header = await page.evaluate(() => {
        const top = document.querySelector(".top");
        const shown = [...top.children].filter((el) => el.offsetParent !== null && el.id !== "nav" && el.getBoundingClientRect().width > 1);
        const rows = new Set(shown.map((el) => Math.round(el.getBoundingClientRect().top / 8)));
        const nav = document.querySelector("#nav").getBoundingClientRect();
        const clipped = [...document.querySelectorAll("#nav > *")].filter((el) => el.offsetParent !== null).filter((el) => el.scrollWidth > el.clientWidth + 1 || el.getBoundingClientRect().right > window.innerWidth + 1).map((el) => `${el.textContent} (${el.scrollWidth} > ${el.clientWidth})`);
        return { height: top.getBoundingClientRect().height, rows: rows.size, navBottom: nav.bottom, navTop: nav.top, clipped };
      });
      check(header.rows === 1 && header.height <= 56, `${code}: the header is ${header.height} pixels high, its parts on ${header.rows} lines`);
      check(Math.abs(header.navBottom - PHONE.height) <= 1 && header.navTop > PHONE.height - 80, `${code}: the nav is not a bar along the bottom (${header.navTop}-${header.navBottom})`);
      await page.screenshot({ path: `${screenshotDir}/page-header-${code}-390.png` });
      check(header.clipped.length === 0, `${code}: the nav's tabs cut off: ${header.clipped.join(", ")}`);
    }
    await page.locator("#language-select").selectOption("en");
    await page.locator(".status .move").waitFor();
    // The page's end is not hidden under the bar.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const covered = await page.evaluate(() => {
      const last = [...document.querySelectorAll("main *")].filter((el) => el.offsetParent !== null).pop().getBoundingClientRect();
      return last.bottom > document.querySelector("#nav").getBoundingClientRect().top + 1;
    });
    check(!covered, "the bottom of the page lies under the nav bar");
  });

  await step("on a phone a tapped card's tip closes when another card is tapped, and when anything else is", async () => {
    const page = bob.page;
    await page.evaluate(() => window.scrollTo(0, 0));
    const cards = page.locator(".table-page .card:not(.actionable)");
    check(await cards.count() >= 2, "fewer than two cards to tap");
    const tip = (i) => cards.nth(i).locator(".card-tip");
    await cards.nth(0).tap();
    check(await tip(0).isVisible(), "a tapped card shows no tip");
    await cards.nth(1).tap();
    check(await tip(1).isVisible(), "the second tapped card shows no tip");
    check(!(await tip(0).isVisible()), "the first card's tip stays open after another card is tapped");
    await page.locator("#board-title").tap();
    check(await page.locator(".card-tip:visible").count() === 0, "a tip stays open after a tap elsewhere");
    await cards.nth(1).tap();
    await cards.nth(1).tap();
    check(await page.locator(".card-tip:visible").count() === 0, "a second tap on a card does not close its tip");
    // A card that is a control opens its menu; cancelled, the menu gives the
    // card the focus back, which must not leave its tip open over the others.
    for (let i = 0; i < 6 && (await toAct(players)) !== bob; i++) await mouseMove(players);
    check((await toAct(players)) === bob, "Bob never came to act");
    await page.locator(".table-page .card.actionable").first().tap();
    await page.locator(".card-menu .cancel").tap();
    await page.locator(".card-menu").waitFor({ state: "detached" });
    check(await page.locator(".card-tip:visible").count() === 0, "a tip opens over the other cards after a card's menu is cancelled");
  });

  await step("a screen reader hears the other player's moves in the log's words, the state on S, and the keyboard help in three languages", async () => {
    const page = ann.page;
    const announced = () => page.locator(".announcer").textContent();
    check(await page.locator(".announcer").getAttribute("aria-live") === "polite", "the announcer is not a polite live region");
    // Ann's own move is not read back to her.
    for (let i = 0; i < 6 && (await toAct(players)) !== ann; i++) await mouseMove(players);
    const before = await announced();
    await mouseMove(players);
    await page.waitForTimeout(300);
    check(await announced() === before, `Ann's own move was announced to her: ${await announced()}`);
    // Bob's is, as the log says it.
    for (let i = 0; i < 6 && (await toAct(players)) !== bob; i++) await mouseMove(players);
    const n = (await moveNumber(bob)) + 1;
    await mouseMove(players);
    const line = await page.locator(`.move-log > li[data-move="${n}"]`).evaluate((li) =>
      [...li.childNodes].filter((c) => c.nodeType === Node.TEXT_NODE).map((c) => c.textContent).join("").trim());
    await page.waitForFunction((line) => document.querySelector(".announcer").textContent.includes(line), line);
    if ((await toAct(players)) === ann) check((await announced()).includes("Your turn."), `the announcement does not say it is Ann's turn: ${await announced()}`);
    // S says the state of the game, as the status bar does.
    await page.locator("#board").focus();
    await page.keyboard.press("s");
    const deadline = (await page.locator(".status .deadline").textContent()).trim();
    await page.waitForFunction((deadline) => document.querySelector(".announcer").textContent.includes(deadline), deadline);
    const state = await announced();
    check(/Round \d+/.test(state) && /To act: /.test(state) && /Your money: \d+ rubles?/.test(state), `S says: ${state}`);
    // The keyboard help, in each language.
    for (const [code, catalogue] of [["en", en], ["fr", fr], ["ru", ru]]) {
      await page.locator("#language-select").selectOption(code);
      await page.locator(".keyboard-help summary", { hasText: catalogue.words["keyboard.title"] }).waitFor();
      await page.locator(".keyboard-help summary").click();
      const items = await page.locator(".keyboard-help li").allTextContents();
      check(items.length === 7 && items.every((item, i) => item === catalogue.words[`keyboard.${["skip", "cards", "menu", "escape", "pass", "state", "announced"][i]}`]),
        `${code}: the keyboard help reads ${items.join(" | ")}`);
    }
    await page.locator("#language-select").selectOption("en");
  });
});
