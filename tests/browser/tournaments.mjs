// A Swiss tournament through the page (issue 36 items 2, 5 and 8), in French
// and Russian: Elise (a French browser, a desktop) creates it with the form
// (its own check of the dates first), three players a table, two rounds, an
// hour a move and a robot at the first timeout, at most six players, with
// duplicate deals, and registers on its page, her browser contributing to
// round 1's deal; Dmitri (a Russian browser, a phone) finds it in the list, but
// five others registered meanwhile (over WebSocket, as a client would) and it
// is full: the page says so in Russian; one of them withdraws and Dmitri
// registers. The test clock passes the registration's close: round 1 starts,
// and the tournament's page shows it with each player's table (Dmitri's
// browser contributing to round 2's deal), and "my
// tables" marks the table with its tournament and round. The clock then
// moves an hour at a time, every seat times out once and the robots play the
// games out, until round 2 starts; the standings, the crosstable and the
// rounds are read on the tournament's page in both languages (axe-clean, no
// English word, no sideways scroll on the phone), and "my tables" marks the
// round 2 table. Dmitri's notifications say in Russian that a round started.
// The clock runs on to the end, and Dmitri checks the results in his browser:
// every game's deal and moves, and every round's deal against its tables.
// Last, Elise creates a tournament by invitation and invites Dmitri on its
// page; his notification says so in Russian, and he registers.
// Usage: node tournaments.mjs SPB_BINARY SCREENSHOT_DIR
import {
  check, commandLine, DESKTOP, launchBrowser, noAccessibilityViolations, noHorizontalOverflow, PHONE, register, runSteps,
  startServer, Steps, testConnection,
} from "./harness.mjs";
import { foreignWords, inContext, pageText } from "./words.mjs";

const { spb, screenshotDir } = commandLine("tournaments.mjs");
const ADMIN_TOKEN = "tournaments-test-token";
const HOUR = 3600;
const steps = new Steps(screenshotDir);
const step = (name, fn) => steps.step(name, fn);
const start = Math.floor(Date.now() / 1000);
// Robots standing in for a player who ran out of time move at once.
const server = await startServer(spb, ["--test-clock", String(start), "--admin-token", ADMIN_TOKEN, "--stand-in-wait", "0"]);
const browser = await launchBrowser();
const connection = await testConnection(browser, server);
const NAME = "Coupe de la Neva";
const OTHERS = ["Boris", "Chloe", "Fedor", "Gaston", "Hugo"];
const PASSWORD = "correct horse battery";
// The proper nouns the pages show in any language: the players' and the
// tournament's names, and each language's own name in the language switch.
const ALLOWED = new Set(["Elise", "Dmitri", ...OTHERS, ...NAME.split(" "), "English", "Français"]);

// No foreign word on the page, and no accessibility violation.
// `command`: words of no language on the page: a command line, a name someone gave.
async function inItsLanguage(player, code, where, command = []) {
  await noAccessibilityViolations(player, `${code} ${where}`);
  const text = await pageText(player.page);
  const found = foreignWords(text, code, new Set([...ALLOWED, ...command]));
  check(found.length === 0, `${code} ${where}: foreign words on the page: ${inContext(text, found)}`);
}

// A datetime-local input's value, `seconds` from now, in the browser's time zone.
function localInput(player, seconds) {
  return player.page.evaluate((at) => {
    const d = new Date(at * 1000);
    const two = (n) => String(n).padStart(2, "0");
    return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}T${two(d.getHours())}:${two(d.getMinutes())}`;
  }, seconds);
}

async function view(id) {
  const [shown] = await connection.send([{ type: "tournament", tournament: id }]);
  return shown;
}

async function advance(seconds) {
  await connection.send([{ type: "debug_advance_clock", seconds, admin_token: ADMIN_TOKEN }]);
}

// Reads the tournament's page again (its Refresh button) until `selector` is on it.
async function refreshUntil(player, selector, what, tries = 40) {
  for (let i = 0; i < tries; i++) {
    if (await player.page.locator(selector).count()) return;
    await player.page.locator(".tournament-summary button.refresh").click();
    await player.page.waitForTimeout(250);
  }
  throw new Error(`${player.name}'s page never showed ${what}`);
}

await runSteps({ steps, browser, server, screenshotDir }, async () => {
  const elise = await steps.newPlayer(browser, server, "elise", DESKTOP, { locale: "fr-FR" });
  const dmitri = await steps.newPlayer(browser, server, "dmitri", PHONE, { locale: "ru-RU" });
  let id;

  await step("Elise creates a Swiss tournament with the form in French; the form checks the dates' order first", async () => {
    await register(elise, "Elise");
    await register(dmitri, "Dmitri");
    await elise.page.click("#nav-tournaments");
    const form = elise.page.locator("form.tournament-create");
    await form.locator("[name=format]").waitFor();
    await elise.page.locator("#tournaments .empty", { hasText: "Aucun tournoi ne prend d'inscriptions." }).waitFor();
    await noAccessibilityViolations(elise, "fr tournaments, none yet");
    await form.locator("input[name=name]").fill(NAME);
    await form.locator("select[name=format]").selectOption("swiss");
    await form.locator("input[name=rounds]").fill("2");
    await form.locator("select[name=players]").selectOption("3");
    await form.locator("select[name=move_deadline_hours]").selectOption("1");
    await form.locator("select[name=takeover_after]").selectOption("1");
    await form.locator("select[name=takeover_by]").selectOption("robot");
    await form.locator("input[name=max_players]").fill("6");
    await form.locator("input[name=duplicate]").check();
    check(await form.locator("input[name=floating_vacation]").count() === 0, "a tournament's form offers floating vacation days");
    check(await form.locator("input[name=group_size]").isHidden(), "a Swiss tournament's form asks for a group size");
    // Registration closes in two hours, and play would start an hour before: refused by the page.
    await form.locator("input[name=registration_closes_at]").fill(await localInput(elise, start + 2 * HOUR));
    await form.locator("input[name=starts_at]").fill(await localInput(elise, start + HOUR));
    await form.locator("button[type=submit]").click();
    await form.locator(".refusal", { hasText: "La première ronde ne peut pas commencer avant la clôture des inscriptions." }).waitFor();
    await form.locator("input[name=starts_at]").fill(await localInput(elise, start + 2 * HOUR));
    await form.locator("button[type=submit]").click();
    await elise.page.waitForURL(/#\/tournament\/\d+$/);
    id = Number(elise.page.url().match(/#\/tournament\/(\d+)$/)[1]);
    const summary = elise.page.locator(".tournament-summary");
    await summary.locator("[data-testid=format]", { hasText: "Système suisse, 2 rondes" }).waitFor();
    const text = await summary.textContent();
    for (const words of ["3 joueurs par table", "1 heure par coup", "un robot prend la place après 1 dépassement", "inscriptions ouvertes", "0 inscrit sur 6"]) {
      check(text.includes(words), `the summary lacks "${words}": ${text}`);
    }
  });

  await step("Elise registers on the tournament's page", async () => {
    await elise.page.getByRole("button", { name: `S'inscrire à ${NAME}` }).click();
    await elise.page.locator(".tournament-summary .registered", { hasText: "vous êtes inscrit" }).waitFor();
    await elise.page.locator(".tournament-summary [data-testid=registered]", { hasText: "1 inscrit sur 6" }).waitFor();
    await elise.page.locator(".tournament-players li[data-name=Elise]").waitFor();
    // Duplicate deals: her browser contributes to round 1's deal as the page reads the tournament again.
    await elise.page.locator('.round-deals li[data-round="1"] .registered', { hasText: "la vôtre y est" }).waitFor();
    check((await view(id)).deals[0].contributions.some((c) => c.player === "Elise"), "Elise's contribution is not in round 1's deal");
  });

  await step("the tournament is full when Dmitri asks: the page says so in Russian; one withdraws, and Dmitri registers", async () => {
    await dmitri.page.click("#nav-tournaments");
    const item = dmitri.page.locator(`#tournaments .tournament-item[data-tournament="${id}"]`);
    await item.waitFor();
    const row = await item.textContent();
    for (const words of ["Швейцарская система, 2 тура", "3 игрока за столом", "1 час на ход", "идёт регистрация", "записан 1 из 6"]) {
      check(row.includes(words), `the list's row lacks "${words}": ${row}`);
    }
    for (const name of OTHERS) {
      await connection.send([{ type: "register", name, password: PASSWORD }, { type: "register_tournament", tournament: id }]);
    }
    await item.getByRole("button", { name: `Записаться на турнир «${NAME}»` }).click();
    await dmitri.page.locator(".tournaments .refusal", { hasText: "В этом турнире уже нет мест." }).waitFor();
    await connection.send([{ type: "login", name: OTHERS[4], password: PASSWORD }, { type: "withdraw_tournament", tournament: id }]);
    await dmitri.page.locator(".tournaments button.refresh").click();
    await item.getByRole("button", { name: `Записаться на турнир «${NAME}»` }).click();
    await item.locator(".registered", { hasText: "вы записаны" }).waitFor();
    check((await view(id)).players.length === 6, "six players are not registered");
    await inItsLanguage(dmitri, "ru", "tournaments");
    await noHorizontalOverflow(dmitri);
    await steps.shot(dmitri, "tournaments-ru-390");
    await steps.shotsAtBothWidths(elise, "tournaments-fr", DESKTOP);
  });

  await step("registration closes: round 1 starts, the tournament's page shows it with each player's table", async () => {
    await advance(2 * HOUR);
    for (let i = 0; i < 50 && !(await view(id)).rounds.length; i++) await elise.page.waitForTimeout(200);
    await elise.page.goto(`${server.url}/#/tournament/${id}`);
    await refreshUntil(elise, '.tournament-round[data-round="1"]', "round 1");
    const round = elise.page.locator('.tournament-round[data-round="1"]');
    check(await round.locator("tbody tr").count() === 2, "round 1 has not two tables");
    const mine = round.locator("tbody tr.mine");
    check(await mine.count() === 1, "Elise's table is not marked in round 1");
    check(await mine.locator("strong", { hasText: "Elise" }).count() === 1, "Elise is not among her table's seats");
    check(/encore \d+ min|encore \d+ h/.test(await round.textContent()), `no deadline in round 1: ${await round.textContent()}`);
    await elise.page.locator(".tournament-summary [data-testid=status]", { hasText: "ronde 1 sur 2" }).waitFor();
    await dmitri.page.goto(`${server.url}/#/tournament/${id}`);
    await refreshUntil(dmitri, '.tournament-round[data-round="1"] tr.mine', "his round 1 table");
    await dmitri.page.locator('.tournament-round[data-round="1"] caption', { hasText: "Тур 1" }).waitFor();
    // Round 2's deal is drawn as round 1 starts: his browser contributes to it, round 1's secret still hidden.
    await dmitri.page.locator('.round-deals li[data-round="2"] .registered', { hasText: "ваш внесён" }).waitFor();
    await dmitri.page.locator('.round-deals li[data-round="1"]', { hasText: "секрет будет показан по окончании тура" }).waitFor();
    await steps.shot(elise, "round1-fr");
    await steps.shot(dmitri, "round1-ru-390");
  });

  await step("my tables mark the table with its tournament and round, linked to the tournament's page", async () => {
    const tableId = Number(await elise.page.locator('.tournament-round[data-round="1"] tr.mine').getAttribute("data-table"));
    await elise.page.click("#nav-my-tables");
    const item = elise.page.locator(`#my-tables .table-item[data-table="${tableId}"]`);
    await item.waitFor();
    await item.locator(".table-name", { hasText: `${NAME}, ronde 1, table` }).waitFor();
    const mark = item.locator(".tournament-mark a", { hasText: `${NAME} · ronde 1` });
    check(await mark.getAttribute("href") === `#/tournament/${id}`, "the mark does not link to the tournament");
    await steps.shot(elise, "my-tables-round1-fr");
    await dmitri.page.click("#nav-notifications");
    await dmitri.page.locator(".notification.tournament_round", { hasText: `Начался тур 1 турнира «${NAME}»` }).waitFor();
    await inItsLanguage(dmitri, "ru", "notifications");
  });

  await step("the clock moves an hour at a time: seats time out, robots play the games out, and round 2 starts", async () => {
    let shown = await view(id);
    for (let hours = 0; hours < 60 && shown.rounds.length < 2; hours++) {
      await advance(HOUR);
      await elise.page.waitForTimeout(300);
      shown = await view(id);
    }
    check(shown.rounds.length >= 2, `round 2 never started: ${JSON.stringify(shown.rounds.map((r) => [r.round, r.status]))}`);
    check(shown.rounds[0].status === "finished", "round 1 is not finished");
  });

  await step("the standings, the crosstable and the rounds on the tournament's page in French and Russian", async () => {
    for (const [player, code, words] of [
      [elise, "fr", { standings: "Classement du tournoi", round: "Ronde 2", rank: "Rang", status: "ronde 2 sur 2" }],
      [dmitri, "ru", { standings: "Положение участников", round: "Тур 2", rank: "Место", status: "тур 2 из 2" }],
    ]) {
      await player.page.goto(`${server.url}/#/tournament/${id}`);
      await refreshUntil(player, '.tournament-round[data-round="2"]', "round 2");
      await player.page.locator("#standings-title", { hasText: words.standings }).waitFor();
      await player.page.locator(".tournament-summary [data-testid=status]", { hasText: words.status }).waitFor();
      const rows = player.page.locator("table.standings tbody tr");
      check(await rows.count() === 6, `${code}: ${await rows.count()} rows in the standings`);
      check(await player.page.locator("table.standings thead th").first().textContent() === words.rank, `${code}: no rank column`);
      const ranks = (await player.page.locator("table.standings td.rank").allTextContents()).map(Number);
      check(ranks.length === 6 && ranks.every((r) => r >= 1 && r <= 6) && ranks[0] === 1, `${code}: the ranks read ${ranks}`);
      for (let i = 1; i < ranks.length; i++) check(ranks[i] >= ranks[i - 1], `${code}: the ranks are out of order: ${ranks}`);
      const names = await player.page.locator("table.standings tbody th").allTextContents();
      for (const name of ["Elise", "Dmitri", ...OTHERS.slice(0, 4)]) check(names.some((n) => n.includes(name)), `${code}: ${name} is not in the standings`);
      // Round 1's places: every player's cell links to their table and says their place of three.
      const played = player.page.locator("table.crosstable td.played a");
      check(await played.count() === 6, `${code}: ${await played.count()} places of round 1 in the crosstable`);
      const cell = await played.first().textContent();
      check(/^[123]\/3/.test(cell) && cell.includes(code === "fr" ? "sur 3 à la table" : "из 3 за столом"), `${code}: a crosstable cell reads ${cell}`);
      await player.page.locator(".tournament-round[data-round=\"2\"] caption", { hasText: words.round }).waitFor();
      check(await player.page.locator('.tournament-round[data-round="2"] tr.mine').count() === 1, `${code}: no table of mine in round 2`);
      await inItsLanguage(player, code, "tournament");
    }
    await noHorizontalOverflow(dmitri);
    await steps.shot(dmitri, "standings-ru-390");
    await steps.shotsAtBothWidths(elise, "standings-fr", DESKTOP);
  });

  await step("my tables mark the round 2 table, and the mark leads to the tournament's page", async () => {
    for (const [player, mark] of [[elise, `${NAME} · ronde 2`], [dmitri, `${NAME} · тур 2`]]) {
      await player.page.click("#nav-my-tables");
      const link = player.page.locator("#my-tables .tournament-mark a", { hasText: mark });
      await link.waitFor();
      await inItsLanguage(player, player === elise ? "fr" : "ru", "my-tables");
    }
    await noHorizontalOverflow(dmitri);
    await steps.shot(dmitri, "my-tables-ru-390");
    await steps.shot(elise, "my-tables-fr");
    await elise.page.locator("#my-tables .tournament-mark a", { hasText: `${NAME} · ronde 2` }).click();
    await elise.page.locator(".tournament-page table.standings").waitFor();
  });

  await step("the tournament ends: Dmitri checks its results in his browser, every game and every round's deal", async () => {
    let shown = await view(id);
    for (let hours = 0; hours < 60 && shown.tournament.status !== "finished"; hours++) {
      await advance(HOUR);
      await dmitri.page.waitForTimeout(300);
      shown = await view(id);
    }
    check(shown.tournament.status === "finished", "the tournament never finished");
    check(shown.deals.every((d) => d.secret), "a round's secret is not shown once the tournament finished");
    await dmitri.page.goto(`${server.url}/#/tournament/${id}`);
    await dmitri.page.getByRole("link", { name: "Проверить результаты" }).click();
    await dmitri.page.waitForURL(new RegExp(`#/results/${id}$`));
    await dmitri.page.locator(".deal-verdict.proven", { hasText: "Все 4 партии доказаны в вашем браузере." }).waitFor({ timeout: 60000 });
    check(await dmitri.page.locator(".deal-steps li.failed").count() === 0, "a check failed on the results page");
    check(await dmitri.page.locator(".deal-steps li.held", { hasText: "Тур 2: его секрет совпадает" }).count() === 1,
      "round 2's deal is not checked on the results page");
    await inItsLanguage(dmitri, "ru", "results", ["spb", "verify", "tournament", "jsonl"]);
    await noHorizontalOverflow(dmitri);
    await steps.shot(dmitri, "results-ru-390");
  });

  await step("Elise creates a tournament by invitation and invites Dmitri on its page; told in Russian, he registers", async () => {
    const invitational = "Invitation de la Neva";
    await elise.page.click("#nav-tournaments");
    const form = elise.page.locator("form.tournament-create");
    await form.locator("input[name=name]").fill(invitational);
    await form.locator("input[name=invitation_only]").check();
    await form.locator("button[type=submit]").click();
    await elise.page.waitForURL(/#\/tournament\/\d+$/);
    const second = Number(elise.page.url().match(/#\/tournament\/(\d+)$/)[1]);
    await elise.page.locator("#invited-title", { hasText: "Invités" }).waitFor();
    await elise.page.locator(".tournament-summary [data-testid=entry]", { hasText: "les joueurs invités seulement" }).waitFor();
    await elise.page.locator("#invite-name").fill("Dmitri");
    await elise.page.getByRole("button", { name: "Inviter", exact: true }).click();
    await elise.page.locator(".tournament-invited li[data-name=Dmitri]").waitFor();
    await elise.page.locator(".invite-said", { hasText: "Dmitri est invité." }).waitFor();
    await inItsLanguage(elise, "fr", "invitations");
    await steps.shot(elise, "invited-fr");
    await dmitri.page.click("#nav-notifications");
    await dmitri.page.locator(".notification.tournament_invited", { hasText: `Elise приглашает вас на турнир «${invitational}»` }).waitFor();
    await dmitri.page.goto(`${server.url}/#/tournament/${second}`);
    await dmitri.page.getByRole("button", { name: `Записаться на турнир «${invitational}»` }).click();
    await dmitri.page.locator(".tournament-summary .registered", { hasText: "вы записаны" }).waitFor();
    check((await view(second)).players.some((p) => p.name === "Dmitri"), "Dmitri is not registered for the invitational");
    await inItsLanguage(dmitri, "ru", "invitational", invitational.split(" "));
  });
});
