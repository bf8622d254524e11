// The rules page (issue 32) in English, French and Russian: three players
// (an English desktop, a French phone, a Russian desktop) at one table open
// it from the header of the table page and from a card's menu (which leads to
// that card's entry), and from a card's tip; it lists every card of the card
// table with its numbers, and searching a card's name in the reader's
// language finds its entry. Usage: node rules.mjs SPB_BINARY SCREENSHOT_DIR
import {
  check, commandLine, DESKTOP, launchBrowser, mouseMove, PHONE, register, runSteps, startServer, Steps, toAct,
} from "./harness.mjs";

const { spb, screenshotDir } = commandLine("rules.mjs");
const steps = new Steps(screenshotDir);
const step = (name, fn) => steps.step(name, fn);
const server = await startServer(spb);
const browser = await launchBrowser();

// Each player's language: the rules page's heading, and the Market's name there.
const WORDS = {
  en: { title: "Rules", market: "Market" },
  fr: { title: "Règles", market: "Marché" },
  ru: { title: "Правила", market: "Рынок" },
};

await runSteps({ steps, browser, server, screenshotDir }, async () => {
  const cards = (await (await fetch(`${server.url}/cards.json`)).json()).cards;
  const en = await steps.newPlayer(browser, server, "en", DESKTOP);
  const fr = await steps.newPlayer(browser, server, "fr", PHONE, { locale: "fr-FR" });
  const ru = await steps.newPlayer(browser, server, "ru", DESKTOP, { locale: "ru-RU" });
  const players = [en, fr, ru];
  let tableId;

  await step("three players in three languages sit at a started table", async () => {
    await register(en, "Ann");
    await register(fr, "Lucien");
    await register(ru, "Olga");
    await en.page.click("#nav-lobby");
    await en.page.selectOption("select[name=players]", "3");
    await en.page.fill("input[name=name]", "Neva");
    await en.page.click(".create button[type=submit]");
    const item = en.page.locator("#my-tables .table-item", { hasText: "Neva" });
    await item.waitFor();
    tableId = Number(await item.getAttribute("data-table"));
    for (const p of [fr, ru]) {
      await p.page.goto(`${server.url}/#/lobby`);
      await p.page.locator(`#open-tables .table-item[data-table="${tableId}"] button`).first().click();
      await p.page.locator(`#my-tables .table-item[data-table="${tableId}"]`).waitFor();
    }
    await en.page.click("button.refresh");
    await en.page.locator(`#my-tables .table-item[data-table="${tableId}"]`).getByRole("button", { name: "Start the game" }).click();
    for (const p of players) {
      await p.page.goto(`${server.url}/#/table/${tableId}`);
      await p.page.locator(".status .move").waitFor();
    }
  });

  for (const p of players) {
    await step(`${p.name}: the rules open from the table page and list every card with the card table's numbers; a search finds a card`, async () => {
      const words = WORDS[p.name];
      await p.page.locator("#rules-link").click();
      await p.page.getByRole("heading", { level: 1, name: words.title }).waitFor();
      const entries = await p.page.locator(".rules-card").evaluateAll((els) => els.map((e) => ({ id: e.dataset.card, text: e.textContent })));
      check(entries.length === cards.length, `${entries.length} entries for ${cards.length} cards`);
      for (const c of cards) {
        const entry = entries.find((e) => e.id === c.id);
        check(entry && entry.text.includes(String(c.cost)), `${c.id}: no entry, or not its cost ${c.cost}`);
        if (c.points) check(new RegExp(`\\b${c.points}\\b`).test(entry.text), `${c.id}: its entry lacks its ${c.points} points: ${entry.text}`);
      }
      await steps.shot(p, `rules-${p.name}`);
      await p.page.locator("#rules-search").fill(words.market.toLowerCase());
      const market = p.page.locator("#rules-card-market");
      check(await market.isVisible(), `searching "${words.market}" hides the Market's entry`);
      const shown = await p.page.locator(".rules-card:visible").count();
      check(shown >= 1 && shown < 5, `searching "${words.market}" shows ${shown} entries`);
      check((await market.locator("h5").textContent()) === words.market, "the Market's entry is not named in the reader's language");
      check((await p.page.locator(".rules-found").textContent()).length > 0, "the search says nothing of what it found");
      await p.page.goBack();
      await p.page.locator(".status .move").waitFor();
    });
  }

  await step("each player's card menu leads to that card's entry in the rules, in their language", async () => {
    const done = new Set();
    for (let i = 0; i < 30 && done.size < players.length; i++) {
      const p = await toAct(players);
      if (p && !done.has(p.name)) {
        const card = p.page.locator(".table-page .card.actionable").first();
        const id = await card.getAttribute("data-card");
        await card.click();
        await p.page.locator(".card-menu a.rules").click();
        await p.page.getByRole("heading", { level: 1, name: WORDS[p.name].title }).waitFor();
        check(await p.page.evaluate(() => document.activeElement?.id) === `rules-card-${id}`, `${p.name}: the menu did not lead to ${id}'s entry`);
        check(await p.page.locator(`#rules-card-${id}`).isVisible(), `${p.name}: ${id}'s entry is not shown`);
        await steps.shot(p, `rules-card-${p.name}`);
        await p.page.goBack();
        await p.page.locator(".status .move").waitFor();
        done.add(p.name);
      }
      await mouseMove(players);
    }
    check(done.size === players.length, `only ${[...done].join(", ")} opened a card's rules from its menu`);
  });

  await step("a card that is no control leads to its rules from its tip", async () => {
    const page = en.page;
    const card = page.locator(".table-page div.card").first();
    const id = await card.getAttribute("data-card");
    await card.hover();
    await card.locator(".tip-rules").click();
    await page.getByRole("heading", { level: 1, name: "Rules" }).waitFor();
    check(await page.evaluate(() => document.activeElement?.id) === `rules-card-${id}`, `the tip did not lead to ${id}'s entry`);
  });
});
