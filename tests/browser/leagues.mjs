// A league through the page (docs/leagues.md), in French and Russian: Elise
// (a French browser, a desktop) creates it with the form (its own check of
// the start first): three players a table and a division, one up and one
// down, a one-day season starting in an hour; she joins on its page, Dmitri
// (a Russian browser, a phone) joins from the list, and four others join over
// WebSocket, as a client would. The test clock passes the start: the first
// season places the six in two divisions, each playing its table, and the
// league's page shows both divisions' standings and tables in both languages
// (axe-clean, no English word, no sideways scroll on the phone). Dmitri
// leaves for the season's end and stays after all; Elise opens her table from
// the league's page (its name and its league's mark in French) and finds it
// marked in "my tables"; Dmitri's notifications say in Russian that the
// season started and his table awaits him. The clock passes the season's
// end: robots finish the tables, the season ends and the next one starts;
// the page shows season 1 again on request, who goes up, stays and goes down
// in words, and Dmitri is told his rank and move in Russian.
// Usage: node leagues.mjs SPB_BINARY SCREENSHOT_DIR
import {
  check, commandLine, DESKTOP, launchBrowser, noAccessibilityViolations, noHorizontalOverflow, PHONE, register, runSteps,
  startServer, Steps, testConnection,
} from "./harness.mjs";
import { foreignWords, inContext, pageText } from "./words.mjs";

const { spb, screenshotDir } = commandLine("leagues.mjs");
const ADMIN_TOKEN = "leagues-test-token";
const HOUR = 3600;
const DAY = 24 * HOUR;
const steps = new Steps(screenshotDir);
const step = (name, fn) => steps.step(name, fn);
const start = Math.floor(Date.now() / 1000);
// Robots standing in for a player move at once.
const server = await startServer(spb, ["--test-clock", String(start), "--admin-token", ADMIN_TOKEN, "--stand-in-wait", "0"]);
const browser = await launchBrowser();
const connection = await testConnection(browser, server);
const NAME = "Ligue de la Neva";
const OTHERS = ["Boris", "Chloe", "Fedor", "Gaston"];
const PASSWORD = "correct horse battery";
// The proper nouns the pages show in any language: the players' and the
// league's names, and each language's own name in the language switch.
const ALLOWED = new Set(["Elise", "Dmitri", ...OTHERS, ...NAME.split(" "), "English", "Français"]);

// No foreign word on the page, and no accessibility violation. axe takes
// seconds a page: it checks each kind of screen once, in one language (the
// lists with the form, the league's page playing and finished), the words
// every screen in each.
async function inItsLanguage(player, code, where, { axe = true } = {}) {
  if (axe) await noAccessibilityViolations(player, `${code} ${where}`);
  const text = await pageText(player.page);
  const found = foreignWords(text, code, ALLOWED);
  check(found.length === 0, `${code} ${where}: foreign words on the page: ${inContext(text, found)}`);
}

// A datetime-local input's value, at unix `seconds`, in the browser's time zone.
function localInput(player, seconds) {
  return player.page.evaluate((at) => {
    const d = new Date(at * 1000);
    const two = (n) => String(n).padStart(2, "0");
    return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}T${two(d.getHours())}:${two(d.getMinutes())}`;
  }, seconds);
}

async function view(id, season) {
  const [shown] = await connection.send([{ type: "league", league: id, ...(season ? { season } : {}) }]);
  return shown;
}

async function advance(seconds) {
  await connection.send([{ type: "debug_advance_clock", seconds, admin_token: ADMIN_TOKEN }]);
}

// Asks for the league until `done(view)` holds.
async function viewUntil(id, done, what, tries = 100) {
  for (let i = 0; i < tries; i++) {
    const shown = await view(id);
    if (done(shown)) return shown;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the league never showed ${what}`);
}

// Reads the league's page again (its Refresh button) until `selector` is on it.
async function refreshUntil(player, selector, what, tries = 40) {
  for (let i = 0; i < tries; i++) {
    if (await player.page.locator(selector).count()) return;
    await player.page.locator(".league-summary button.refresh").click();
    await player.page.waitForTimeout(250);
  }
  throw new Error(`${player.name}'s page never showed ${what}`);
}

async function textOf(player, selector) {
  return (await player.page.locator(selector).textContent()) ?? "";
}

function includesAll(text, words, where) {
  for (const w of words) check(text.includes(w), `${where} lacks "${w}": ${text}`);
}

await runSteps({ steps, browser, server, screenshotDir }, async () => {
  const elise = await steps.newPlayer(browser, server, "elise", DESKTOP, { locale: "fr-FR" });
  const dmitri = await steps.newPlayer(browser, server, "dmitri", PHONE, { locale: "ru-RU" });
  let id;

  await step("Elise creates a league with the form in French; the form checks that the start is to come first", async () => {
    await register(elise, "Elise");
    await register(dmitri, "Dmitri");
    await elise.page.click("#nav-leagues");
    await elise.page.locator("#leagues .empty", { hasText: "Aucune ligue pour l'instant" }).waitFor();
    const form = elise.page.locator("form.league-create");
    await form.locator("input[name=name]").fill(NAME);
    await form.locator("select[name=players]").selectOption("3");
    await form.locator("input[name=division_size]").fill("3");
    await form.locator("input[name=promoted]").fill("1");
    await form.locator("select[name=newcomers]").selectOption("by_rating");
    await form.locator("input[name=tables_at_once]").fill("1");
    await form.locator("input[name=season_days]").fill("1");
    await form.locator("select[name=move_deadline_hours]").selectOption("1");
    await form.locator("select[name=takeover_after]").selectOption("1");
    await form.locator("input[name=rated]").check();
    check(await form.locator("input[name=floating_vacation]").count() === 0, "a league's form offers floating vacation days");
    await form.locator("input[name=starts_at]").fill(await localInput(elise, start - HOUR));
    await form.locator("button[type=submit]").click();
    await form.locator(".refusal", { hasText: "La première saison doit commencer à une date encore à venir." }).waitFor();
    await form.locator("input[name=starts_at]").fill(await localInput(elise, start + HOUR));
    await form.locator("button[type=submit]").click();
    await elise.page.waitForURL(/#\/league\/\d+$/);
    id = Number(elise.page.url().match(/#\/league\/(\d+)$/)[1]);
    const summary = elise.page.locator(".league-summary");
    await summary.locator("[data-testid=stage]", { hasText: "avant sa première saison" }).waitFor();
    includesAll(await summary.textContent(), ["3 joueurs par table", "1 heure par coup", "un robot prend la place après 1 dépassement",
      "la saison 1 commence le", "0 joueur", "elle attend au moins 3 joueurs"], "the summary");
    includesAll(await textOf(elise, ".league-rules"), ["Des divisions de 3 joueurs", "1 joueur de chaque division monte d'une division",
      "la division la plus haute dont ils atteignent le classement médian", "au plus 1 table à la fois", "Une saison dure 1 jour"], "the rules");
    const created = (await view(id)).league;
    check(created.division_size === 3 && created.promoted === 1 && created.newcomers === "by_rating" && created.tables_at_once === 1
      && created.season_days === 1 && created.table.players === 3 && created.table.rated === true, `the league was created as ${JSON.stringify(created)}`);
  });

  await step("Elise joins on the league's page; Dmitri joins from the list in Russian; four others join over WebSocket", async () => {
    await elise.page.getByRole("button", { name: `Rejoindre ${NAME}` }).click();
    await elise.page.locator(".league-summary .registered", { hasText: "vous y jouez" }).waitFor();
    await elise.page.locator('.league-players [data-list=joining] li[data-name=Elise]').waitFor();
    await inItsLanguage(elise, "fr", "league, waiting", { axe: false });
    await dmitri.page.click("#nav-leagues");
    const item = dmitri.page.locator(`#leagues .league-item[data-league="${id}"]`);
    await item.waitFor();
    includesAll(await item.textContent(), ["до первого сезона", "3 игрока за столом", "1 час на ход", "1 игрок", "сезон 1 начнётся"], "the list's row");
    await item.getByRole("button", { name: `Вступить в лигу «${NAME}»` }).click();
    await item.locator(".registered", { hasText: "вы в этой лиге" }).waitFor();
    for (const name of OTHERS) {
      await connection.send([{ type: "register", name, password: PASSWORD }, { type: "join_league", league: id }]);
    }
    await dmitri.page.locator(".leagues button.refresh").click();
    await item.locator(".meta.dates", { hasText: "6 игроков" }).waitFor();
    await inItsLanguage(dmitri, "ru", "leagues");
    await noHorizontalOverflow(dmitri);
    await steps.shot(dmitri, "leagues-ru-390");
    await steps.shotsAtBothWidths(elise, "league-waiting-fr", DESKTOP);
  });

  let shown;
  await step("the clock passes the start: season 1 places the six in two divisions, each with its table playing", async () => {
    await advance(HOUR);
    shown = await viewUntil(id, (v) => v.season?.divisions.every((d) => d.tables.some((t) => t.status === "playing")), "season 1's tables playing");
    check(shown.league.stage === "playing" && shown.league.season === 1, `the league is ${shown.league.stage}, season ${shown.league.season}`);
    check(shown.season.divisions.length === 2, `${shown.season.divisions.length} divisions`);
    for (const d of shown.season.divisions) check(d.standings.length === 3, `division ${d.division} has ${d.standings.length} players`);
  });

  await step("the league's page shows both divisions' standings and tables in French and Russian", async () => {
    for (const [player, code, words] of [
      [elise, "fr", { stage: "saison 1 en cours", division: "Division 2", standings: "Classement de la division 1", playing: "en cours", rank: "Rang" }],
      [dmitri, "ru", { stage: "идёт сезон 1", division: "Дивизион 2", standings: "Положение в дивизионе 1", playing: "идёт игра", rank: "Место" }],
    ]) {
      await player.page.goto(`${server.url}/#/league/${id}`);
      await refreshUntil(player, '.league-division[data-division="2"] .league-tables tr[data-status=playing]', "division 2's table playing");
      await player.page.locator(".league-summary [data-testid=stage]", { hasText: words.stage }).waitFor();
      await player.page.locator('.league-division[data-division="2"] h2', { hasText: words.division }).waitFor();
      await player.page.locator('.league-division[data-division="1"] table.standings caption', { hasText: words.standings }).waitFor();
      for (const division of [1, 2]) {
        const section = player.page.locator(`.league-division[data-division="${division}"]`);
        check(await section.locator("table.standings tbody tr").count() === 3, `${code}: division ${division} has not three rows`);
        check(await section.locator("table.standings thead th").first().textContent() === words.rank, `${code}: no rank column`);
        const table = section.locator(".league-tables tbody tr").first();
        check((await table.locator(".table-state").textContent()) === words.playing, `${code}: division ${division}'s table is ${await table.locator(".table-state").textContent()}`);
        check(await table.locator("ol.round-seats li").count() === 3, `${code}: division ${division}'s table has not three seats`);
        check(/^#\/table\/\d+$/.test(await table.locator("th a").getAttribute("href")), `${code}: division ${division}'s table has no link`);
      }
      check(await player.page.locator(".league-tables tr.mine").count() === 1, `${code}: no table of mine`);
      await inItsLanguage(player, code, "league, season 1", { axe: code === "ru" });
    }
    await noHorizontalOverflow(dmitri);
    await steps.shot(dmitri, "league-season1-ru-390");
    await steps.shotsAtBothWidths(elise, "league-season1-fr", DESKTOP);
  });

  await step("Dmitri leaves for the season's end, after a confirmation, and stays after all", async () => {
    dmitri.page.once("dialog", (dialog) => dialog.accept());
    await dmitri.page.getByRole("button", { name: `Покинуть лигу «${NAME}»` }).click();
    await dmitri.page.locator(".league-summary .registered", { hasText: "вы уходите перед следующим сезоном" }).waitFor();
    await dmitri.page.locator(".league-players [data-list=leaving] li[data-name=Dmitri]").waitFor();
    check((await view(id)).leaving.includes("Dmitri"), "Dmitri is not leaving");
    await dmitri.page.getByRole("button", { name: `Остаться в лиге «${NAME}»` }).click();
    await dmitri.page.locator(".league-summary .registered", { hasText: "вы в этой лиге" }).waitFor();
    check(!(await view(id)).leaving.includes("Dmitri"), "Dmitri is still leaving");
  });

  await step("Elise opens her table from the league's page: its name and its league in French, and marked in my tables", async () => {
    const mine = elise.page.locator(".league-tables tr.mine");
    const division = Number(await mine.locator("xpath=ancestor::section[1]").getAttribute("data-division"));
    const tableId = Number(await mine.getAttribute("data-table"));
    const name = `${NAME}, saison 1, division ${division}, ronde 1, table 1`;
    const mark = `${NAME} · saison 1, division ${division}`;
    await mine.locator("th a").click();
    await elise.page.waitForURL(new RegExp(`#/table/${tableId}$`));
    await elise.page.locator("h1", { hasText: name }).waitFor();
    check(await elise.page.locator("a.league-link", { hasText: mark }).getAttribute("href") === `#/league/${id}`, "the table's page does not link to its league");
    await elise.page.click("#nav-my-tables");
    const item = elise.page.locator(`#my-tables .table-item[data-table="${tableId}"]`);
    await item.locator(".table-name", { hasText: name }).waitFor();
    check(await item.locator(".league-mark a", { hasText: mark }).getAttribute("href") === `#/league/${id}`, "my tables' mark does not link to the league");
    await inItsLanguage(elise, "fr", "my tables", { axe: false });
    await steps.shot(elise, "my-tables-league-fr");
  });

  await step("Dmitri's notifications say in Russian that season 1 started and that his table awaits him", async () => {
    const division = shown.season.divisions.find((d) => d.standings.some((r) => r.name === "Dmitri")).division;
    const tableId = shown.season.divisions[division - 1].tables[0].table;
    await dmitri.page.click("#nav-notifications");
    await dmitri.page.locator(".notification.league_season", { hasText: `Начался сезон 1 лиги «${NAME}»: вы играете в дивизионе ${division}.` }).waitFor();
    const table = dmitri.page.locator(".notification.league_table", { hasText: `Вас ждёт новый стол лиги «${NAME}» (сезон 1).` });
    check(await table.locator("a").getAttribute("href") === `#/table/${tableId}`, "the league_table notification does not lead to the table");
    check(await dmitri.page.locator(".notification.league_season a").getAttribute("href") === `#/league/${id}`,
      "the league_season notification does not lead to the league");
    await inItsLanguage(dmitri, "ru", "notifications", { axe: false });
    await noHorizontalOverflow(dmitri);
    await steps.shot(dmitri, "notifications-league-ru-390");
  });

  await step("the clock passes the season's end: robots finish the tables, season 1 ends and season 2 starts", async () => {
    await advance(DAY);
    shown = await viewUntil(id, (v) => v.league.season === 2, "season 2", 200);
    const first = await view(id, 1);
    check(first.season.status === "finished", `season 1 is ${first.season.status}`);
    const moves = first.season.divisions.map((d) => d.standings.map((r) => r.moved).join(","));
    check(moves[0] === "stay,stay,down" && moves[1] === "up,stay,stay", `season 1's moves: ${moves.join(" / ")}`);
  });

  await step("the page shows season 1 again on request, with the moves in words, in French and Russian", async () => {
    for (const [player, code, words] of [
      [elise, "fr", { choice: "Afficher la saison", season: "Saison 1", finished: "terminée le", up: "monte", stay: "reste", down: "descend" }],
      [dmitri, "ru", { choice: "Показать сезон", season: "Сезон 1", finished: "завершён", up: "поднимается", stay: "остаётся", down: "опускается" }],
    ]) {
      await player.page.goto(`${server.url}/#/league/${id}`);
      await refreshUntil(player, '.league-season[data-season="2"]', "season 2");
      await player.page.getByLabel(words.choice).selectOption("1");
      await player.page.locator('.league-season[data-season="1"][data-status=finished] .season-dates', { hasText: words.finished }).waitFor();
      await player.page.locator("#league-season-title", { hasText: words.season }).waitFor();
      const moved = (division) => player.page.locator(`.league-division[data-division="${division}"] table.standings td .moved`).allTextContents();
      const top = await moved(1);
      const bottom = await moved(2);
      check(top.length === 3 && top[2].includes(words.down) && top[0].includes(words.stay), `${code}: division 1's moves read ${top}`);
      check(bottom.length === 3 && bottom[0].includes(words.up), `${code}: division 2's moves read ${bottom}`);
      await inItsLanguage(player, code, "league, season 1 finished", { axe: code === "fr" });
    }
    await noHorizontalOverflow(dmitri);
    await steps.shot(dmitri, "league-season1-finished-ru-390");
    await steps.shot(elise, "league-season1-finished-fr");
  });

  await step("Dmitri is told in Russian his rank in his division and where he goes next season", async () => {
    await dmitri.page.click("#nav-notifications");
    const told = dmitri.page.locator(".notification.league_season_finished").first();
    await told.waitFor();
    check(/^Сезон 1 лиги «Ligue de la Neva» завершён: ваше место — [123] из 3 в дивизионе [12], и вы (поднимаетесь на дивизион выше|остаётесь в нём|опускаетесь на дивизион ниже)\.$/
      .test(await told.locator("a").textContent()), `the notification reads ${await told.textContent()}`);
    check(await told.locator("a").getAttribute("href") === `#/league/${id}`, "the league_season_finished notification does not lead to the league");
    await inItsLanguage(dmitri, "ru", "notifications, season finished", { axe: false });
  });
});
