// Every word of every page in French and in Russian (issue 32): a player on
// a desktop and one on a phone in each language walk the login page, my
// tables, the lobby with its create form, a table with both expansions
// (a card's menu, the orders panel, the log), a profile, the notifications,
// the account, the rules, the tournaments (the list, the form that creates
// one, a tournament's page), and the administrators' pages (a table aborted,
// its log); the text on screen, the window's title, labels, tooltips and options
// may hold no English word. An English word is one of the English catalogue's
// that the French catalogue lacks, on a French page; any Latin word on a
// Russian page; the players', tables' and tournaments' names are the allowed
// proper nouns.
// Besides: the Pub's choices fit their select, the orders panel tells
// identical card names apart, and an en-GB browser writes dates day first.
// Usage: node languages.mjs SPB_BINARY SCREENSHOT_DIR
import {
  check, commandLine, DESKTOP, launchBrowser, mouseMove, noAccessibilityViolations, PHONE, register, runSteps, startServer,
  Steps, toAct,
} from "./harness.mjs";
import { foreignWords, inContext, pageText } from "./words.mjs";

const { spb, screenshotDir } = commandLine("languages.mjs");
const ADMIN_TOKEN = "languages-test-token";
const steps = new Steps(screenshotDir);
const step = (name, fn) => steps.step(name, fn);
const server = await startServer(spb, ["--admin-token", ADMIN_TOKEN]);
const browser = await launchBrowser();

// The proper nouns the pages may show in any language: the players' and the
// tables' names, each language's own name in the language switch, and the
// names of the web's standards the webhook's explanation cites.
const ALLOWED = new Set(["Margaux", "Lucien", "Olga", "Pavel", "Moika", "Fontanka", "Ladoga", "Onega", "English", "Français", "JSON", "POST", "https"]);

// No English on the page, and no accessibility violation (axe-core): this
// walk reaches every page, in two languages and at both widths.
async function noEnglish(player, code, where) {
  await noAccessibilityViolations(player, `${code} ${where}`);
  const text = await pageText(player.page);
  const found = foreignWords(text, code, ALLOWED);
  await steps.shot(player, `lang-${code}-${where}`);
  check(found.length === 0, `${code} ${where}: English on the page: ${inContext(text, found)}`);
}

// Each select in scope is as wide as its longest choice needs (its natural
// width, measured on a copy free of any limit): else a choice is cut off.
async function selectsFit(player, scope, what) {
  const cut = await player.page.evaluate((scope) => {
    const out = [];
    for (const select of document.querySelectorAll(`${scope} select`)) {
      if (select.offsetParent === null) continue;
      const free = select.cloneNode(true);
      free.style.cssText = "position: absolute; visibility: hidden; width: auto; max-width: none; min-width: 0";
      document.body.append(free);
      const natural = free.getBoundingClientRect().width;
      free.remove();
      const shown = select.getBoundingClientRect().width;
      if (natural > shown + 1) out.push(`${select.name} (${Math.round(shown)} of ${Math.round(natural)} px)`);
    }
    return out;
  }, scope);
  check(cut.length === 0, `${what}: choices cut off in their select: ${cut.join("; ")}`);
}

await runSteps({ steps, browser, server, screenshotDir }, async () => {
  await step("an en-GB browser writes dates day first, an en-US one month first", async () => {
    // The page's modules one by one, as `--static-dir web` serves them for
    // editing, so the test can call the page's own formatDate (the embedded
    // page is one bundle that exports nothing).
    const modules = await startServer(spb, ["--static-dir", new URL("../../web", import.meta.url).pathname]);
    try {
      for (const [locale, pattern] of [["en-GB", /^5 Nov 2026/], ["en-US", /^Nov 5, 2026/]]) {
        const context = await browser.newContext({ locale });
        const page = await context.newPage();
        await page.goto(modules.url + "/");
        await page.locator("#register-name").waitFor();
        const date = await page.evaluate(async () => (await import("/js/i18n.js")).formatDate(Date.UTC(2026, 10, 5, 12) / 1000));
        check(pattern.test(date), `${locale} writes ${date}`);
        await context.close();
      }
    } finally {
      await modules.stop();
    }
  });

  for (const [code, locale, names, tableName, tournamentName] of [
    ["fr", "fr-FR", ["Margaux", "Lucien"], "Moika", "Ladoga"], ["ru", "ru-RU", ["Olga", "Pavel"], "Fontanka", "Onega"]]) {
    let first, second, tableId;
    await step(`${code}: the login page`, async () => {
      first = await steps.newPlayer(browser, server, `${code}-first`, DESKTOP, { locale });
      second = await steps.newPlayer(browser, server, `${code}-second`, PHONE, { locale });
      for (const p of [first, second]) await p.page.locator("#register-name").waitFor();
      await noEnglish(first, code, "login");
      await noEnglish(second, code, "login-phone");
    });

    await step(`${code}: my tables, the lobby and its create form`, async () => {
      await register(first, names[0]);
      await register(second, names[1]);
      await noEnglish(first, code, "home");
      await first.page.goto(`${server.url}/#/lobby`);
      const form = first.page.locator("form.create");
      await form.locator("[name=players]").waitFor();
      await noEnglish(first, code, "lobby");
      await selectsFit(first, "form.create", `${code} create form at 1440`);
      await second.page.goto(`${server.url}/#/lobby`);
      await second.page.locator("form.create [name=players]").waitFor();
      await selectsFit(second, "form.create", `${code} create form at 390`);
      await form.locator("input[name=name]").fill(tableName);
      await form.locator("input[name=banquet]").check();
      await form.locator("input[name=new_society]").check();
      await form.locator("button[type=submit]").click();
      const item = first.page.locator("#my-tables .table-item", { hasText: tableName });
      await item.waitFor();
      tableId = Number(await item.getAttribute("data-table"));
      await second.page.locator("button.refresh").click();
      await second.page.locator(`#open-tables .table-item[data-table="${tableId}"] button`).first().click();
      await second.page.locator(`#my-tables .table-item[data-table="${tableId}"]`).waitFor();
      await noEnglish(second, code, "home-phone");
      await first.page.locator("button.refresh").click();
      await first.page.locator(`#my-tables .table-item[data-table="${tableId}"] button.primary`).click();
      await first.page.locator(`#my-tables .table-item[data-table="${tableId}"] a.button.primary`).waitFor();
    });

    await step(`${code}: the table, a card's menu and the orders panel`, async () => {
      for (const p of [first, second]) {
        await p.page.goto(`${server.url}/#/table/${tableId}`);
        await p.page.locator(".status .move").waitFor();
      }
      for (let i = 0; i < 4; i++) await mouseMove([first, second]);
      await noEnglish(first, code, "table");
      await noEnglish(second, code, "table-phone");
      const mover = await toAct([first, second]);
      const card = mover.page.locator(".table-page .card.actionable").first();
      if (await card.count()) {
        await card.click();
        await mover.page.locator(".card-menu").waitFor();
        await noEnglish(mover, code, "card-menu");
        await mover.page.keyboard.press("Escape");
      }
      const cards = await first.page.locator(".orders-panel select[name=card] option").allTextContents();
      const twice = cards.filter((c, i) => cards.indexOf(c) !== i);
      check(twice.length === 0, `${code}: the orders panel's cards repeat: ${twice.join(", ")}`);
    });

    await step(`${code}: a profile, the notifications, the account, the rules`, async () => {
      await first.page.goto(`${server.url}/#/profile/${names[1]}`);
      await first.page.locator(".profile").waitFor();
      await noEnglish(first, code, "profile");
      await first.page.goto(`${server.url}/#/notifications`);
      await first.page.locator(".notification-head").waitFor();
      await noEnglish(first, code, "notifications");
      await first.page.goto(`${server.url}/#/account`);
      await first.page.locator("#sessions").waitFor();
      await noEnglish(first, code, "account");
      await first.page.goto(`${server.url}/#/rules`);
      await first.page.locator(".rules-card").first().waitFor();
      await noEnglish(first, code, "rules");
    });

    await step(`${code}: the tournaments, the form that creates one, and a tournament's page`, async () => {
      await first.page.goto(`${server.url}/#/tournaments`);
      const form = first.page.locator("form.tournament-create");
      await form.locator("[name=format]").waitFor();
      await first.page.locator("#tournaments ul, #tournaments .empty").first().waitFor();
      await noEnglish(first, code, "tournaments");
      await selectsFit(first, "form.tournament-create", `${code} tournament form at 1440`);
      await form.locator("input[name=name]").fill(tournamentName);
      await form.locator("button[type=submit]").click();
      await first.page.locator(".tournament-summary button.register").click();
      await first.page.locator(".tournament-summary .registered").waitFor();
      await noEnglish(first, code, "tournament");
      await second.page.goto(`${server.url}/#/tournaments`);
      await second.page.locator("#tournaments .tournament-item", { hasText: tournamentName }).waitFor();
      await noEnglish(second, code, "tournaments-phone");
    });

    await step(`${code}: the administrators' pages, a table aborted and its log`, async () => {
      const admin = await steps.newPlayer(browser, server, `${code}-admin`, DESKTOP, { locale });
      admin.page.on("dialog", (dialog) => dialog.accept());
      await admin.page.goto(`${server.url}/#/admin`);
      await admin.page.locator("#admin-token").waitFor();
      await noEnglish(admin, code, "admin-login");
      await admin.page.fill("#admin-token", ADMIN_TOKEN);
      await admin.page.locator(".admin-login button[type=submit]").click();
      await admin.page.locator("#admin-tables").waitFor();
      await noEnglish(admin, code, "admin");
      await admin.page.goto(`${server.url}/#/admin/table/${tableId}`);
      await admin.page.locator("#abort-reason").waitFor();
      await admin.page.fill("#abort-reason", code === "fr" ? "Une dispute" : "Спор игроков");
      await admin.page.locator(".admin-abort button[type=submit]").click();
      await admin.page.locator(".admin-log-table tr[data-request=admin_abort]").waitFor();
      await admin.page.locator("#admin-log-reads").check();
      await admin.page.locator(".admin-log-table tr[data-request=admin_view]").first().waitFor();
      await noEnglish(admin, code, "admin-table");
      await first.page.goto(`${server.url}/#/table/${tableId}`);
      await first.page.locator(".seat-notice .stopped").waitFor();
      // Nobody is to act at an aborted table, and no time runs.
      check(await first.page.locator(".status .turn, .status .deadline, .status .pass").count() === 0,
        `${code}: the aborted table's status bar reads ${await first.page.locator(".status").textContent()}`);
      await noEnglish(first, code, "table-aborted");
    });
  }
});
