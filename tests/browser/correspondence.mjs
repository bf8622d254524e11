// Correspondence play through the page, in French and Russian: Elise (a French
// browser, a desktop) and Dmitri (a Russian browser, a phone) create and join
// tables with a move deadline and robots, are told what happens (the
// notification centre and its unread count, the header's count of tables
// awaiting them, pushed, never stale), find the table awaiting them first with
// its time left and the next one a click away, come back to what happened
// since their last visit, let deadlines pass (a test clock moves time on) and
// take their seat back from the robot, go on vacation, set a webhook that a
// local receiver gets, change a password and log out everywhere. Each page is
// photographed at 390 and 1440 pixels. Usage: node correspondence.mjs SPB_BINARY SCREENSHOT_DIR
import { createServer } from "node:http";
import {
  check, commandLine, DESKTOP, launchBrowser, PHONE, register, startServer, Steps, runSteps, testConnection,
} from "./harness.mjs";

const { spb, screenshotDir } = commandLine("correspondence.mjs");
const ADMIN_TOKEN = "correspondence-test-token";
const steps = new Steps(screenshotDir);
const step = (name, fn) => steps.step(name, fn);

// A local webhook receiver: what it was sent, in order.
const received = [];
const receiver = createServer((request, response) => {
  let body = "";
  request.on("data", (chunk) => { body += chunk; });
  request.on("end", () => {
    received.push({ path: request.url, body: JSON.parse(body || "null") });
    response.writeHead(204).end();
  });
});
await new Promise((resolve) => receiver.listen(0, "127.0.0.1", resolve));
const hookUrl = `http://127.0.0.1:${receiver.address().port}/hook/elise`;

const server = await startServer(spb, ["--test-clock", String(Math.floor(Date.now() / 1000)), "--admin-token", ADMIN_TOKEN,
  "--outbound-allow", "127.0.0.1", "--webhook-plain-http", "1"]);
const browser = await launchBrowser();

// The test's own connection: it moves the server's clock on, as an
// administrator may on a server with a test clock.
const connection = await testConnection(browser, server);
async function advanceClock(seconds) {
  await connection.send([{ type: "debug_advance_clock", seconds, admin_token: ADMIN_TOKEN }]);
}

async function go(player, hash) {
  await player.page.goto(`${player.url}/${hash}`);
}

function item(player, list, name) {
  return player.page.locator(`${list} .table-item`, { hasText: name });
}

async function createTable(player, { name, players, robots, hours, takeoverAfter = "3", takeoverBy = "robot" }) {
  await player.page.click("#nav-lobby");
  const form = player.page.locator("form.create");
  await form.locator("input[name=name]").fill(name);
  await form.locator("select[name=players]").selectOption(String(players));
  await form.locator("select[name=robots]").selectOption(String(robots));
  await form.locator("select[name=move_deadline_hours]").selectOption(hours === null ? "" : String(hours));
  if (hours !== null) {
    await form.locator("select[name=takeover_after]").selectOption(takeoverAfter);
    await form.locator("select[name=takeover_by]").selectOption(takeoverBy);
  }
  await form.locator("button[type=submit]").click();
  const listed = item(player, "#my-tables", name);
  await listed.waitFor();
  return Number(await listed.getAttribute("data-table"));
}

// Which of the two is to move at a table, from their headers' counts of the
// tables awaiting them (the robots move at once).
async function awaited(tableId, candidates) {
  for (let i = 0; i < 100; i++) {
    for (const p of candidates) {
      await go(p, "#/");
      const mine = p.page.locator(`#my-tables .table-item.awaiting[data-table="${tableId}"]`);
      if (await mine.count()) return p;
    }
    await candidates[0].page.waitForTimeout(100);
  }
  throw new Error(`nobody is awaited at table ${tableId}`);
}

await runSteps({ steps, browser, server, screenshotDir }, async () => {
  const elise = await steps.newPlayer(browser, server, "elise", DESKTOP, { locale: "fr-FR" });
  const dmitri = await steps.newPlayer(browser, server, "dmitri", PHONE, { locale: "ru-RU" });
  for (const p of [elise, dmitri]) p.url = server.url;
  const humans = [elise, dmitri];

  await step("a French and a Russian browser register; each page speaks its browser's language", async () => {
    await register(elise, "Elise");
    await elise.page.getByRole("heading", { name: "Bienvenue, Elise" }).waitFor();
    await register(dmitri, "Dmitri");
    await dmitri.page.getByRole("heading", { name: "Добро пожаловать, Dmitri" }).waitFor();
  });

  let tableA;
  await step("creating a table offers every option with a line that explains it: a deadline, its timeout policy, robots", async () => {
    await elise.page.click("#nav-lobby");
    const form = elise.page.locator("form.create");
    // The lobby draws its form once shown; counting fields before would race it.
    await form.locator("[name=players]").waitFor();
    for (const name of ["players", "robots", "banquet", "new_society", "public_money", "public_hands", "auto_pass_forced",
      "stack_peek", "pass_until_phase_end", "pub_timing", "move_deadline_hours", "takeover_after", "takeover_by"]) {
      const field = form.locator(`[name=${name}]`);
      check(await field.count() === 1, `no ${name} field`);
      const explained = await field.getAttribute("aria-describedby");
      check(explained && (await form.locator(`#${explained}`).textContent()).length > 10, `${name} has no explanation`);
    }
    await steps.shotsAtBothWidths(elise, "c-create-fr", DESKTOP);
    tableA = await createTable(elise, { name: "Nuits blanches", players: 3, robots: 1, hours: 24, takeoverAfter: "1", takeoverBy: "robot" });
    const listed = item(elise, "#my-tables", "Nuits blanches");
    const text = await listed.textContent();
    check(text.includes("1 jour par coup ; un robot prend la place après 1 dépassement"), `the pace reads: ${text}`);
    check(/\(robot, niveau 1, classement [0-9,]+\)/.test(text) && text.includes("1 place libre"), `the seats read: ${text}`);
  });

  await step("the lobby shows an open table's options, pace and players, in Russian; joining lists it in my tables", async () => {
    await dmitri.page.click("#nav-lobby");
    const open = item(dmitri, "#open-tables", "Nuits blanches");
    await open.waitFor();
    const text = await open.textContent();
    check(text.includes("1 день на ход; после 1 просрочки место займёт робот"), `the pace reads: ${text}`);
    check(/\(робот, уровень 1, рейтинг [0-9,]+\)/.test(text) && text.includes("базовая игра") && text.includes("1 место свободно"), `the table reads: ${text}`);
    await steps.shotsAtBothWidths(dmitri, "c-lobby-ru", PHONE);
    await open.getByRole("button", { name: "Присоединиться" }).click();
    await item(dmitri, "#my-tables", "Nuits blanches").waitFor();
  });

  await step("a private table stays out of the lobby; its link, passed on, seats whoever has it", async () => {
    await elise.page.click("#nav-lobby");
    const form = elise.page.locator("form.create");
    await form.locator("input[name=name]").fill("Entre amis");
    const explained = await form.locator("[name=private]").getAttribute("aria-describedby");
    check((await form.locator(`#${explained}`).textContent()).includes("salon"), "the private option is not explained");
    await form.locator("input[name=private]").check();
    await form.locator("button[type=submit]").click();
    const listed = item(elise, "#my-tables", "Entre amis");
    await listed.waitFor();
    check((await listed.textContent()).includes("privée"), "my tables do not say the table is private");
    const link = await listed.locator("input.join-link").inputValue();
    check(/#\/join\/\d+\/[0-9a-f]{16}$/.test(link), `the link reads ${link}`);
    await steps.shotsAtBothWidths(elise, "c-private-fr", DESKTOP);
    await dmitri.page.click("#nav-lobby");
    await dmitri.page.locator("#open-tables").waitFor();
    await dmitri.page.waitForTimeout(500);
    check(await item(dmitri, "#open-tables", "Entre amis").count() === 0, "the private table is in the lobby");
    await go(dmitri, `#/join/${link.split("#/join/")[1]}`);
    await dmitri.page.getByRole("button", { name: "Занять место" }).click();
    await item(dmitri, "#my-tables", "Entre amis").waitFor();
    await elise.page.click("#nav-my-tables");
    await item(elise, "#my-tables", "Entre amis").getByRole("button", { name: "Annuler la table" }).click();
    await item(elise, "#my-tables", "Entre amis").waitFor({ state: "detached" });
  });

  await step("a started table is announced to both: the unread count in the header, the notification centre, marking read", async () => {
    await elise.page.click("button.refresh");
    await item(elise, "#my-tables", "Nuits blanches").getByRole("button", { name: "Lancer la partie" }).click();
    for (const [p, text, mark] of [
      [dmitri, "Игра за столом «Nuits blanches» началась.", "Отметить все прочитанными"],
      [elise, "La partie à Nuits blanches a commencé.", "Tout marquer comme lu"],
    ]) {
      await p.page.locator("#nav-notifications .count").waitFor();
      await p.page.click("#nav-notifications");
      await p.page.locator(".notification.unread", { hasText: text }).waitFor();
      await steps.shotsAtBothWidths(p, `c-notifications-${p === elise ? "fr" : "ru"}`, p === elise ? DESKTOP : PHONE);
      await p.page.getByRole("button", { name: mark }).click();
      await p.page.locator("#nav-notifications .count").waitFor({ state: "detached" });
      check(await p.page.locator(".notification.unread").count() === 0, "a notification is still unread");
    }
  });

  await step("my tables puts the table awaiting me first with its time left; the other player sees whose turn it is", async () => {
    const mover = await awaited(tableA, humans);
    const other = mover === elise ? dmitri : elise;
    await mover.page.locator("#nav-my-tables .count", { hasText: /^1$/ }).waitFor();
    const first = mover.page.locator("#my-tables .table-item").first();
    check(await first.getAttribute("data-table") === String(tableA), "the table awaiting me is not first");
    check(/(encore|осталось) (1 [jд] 0 [hч]|23 [hч] \d+ мин|23 h \d+ min)/.test(await first.locator(".time-left").textContent()),
      `the time left reads: ${await first.locator(".time-left").textContent()}`);
    await go(other, "#/");
    const theirs = item(other, "#my-tables", "Nuits blanches");
    await theirs.waitFor();
    const moverName = mover === elise ? "Elise" : "Dmitri";
    check((await theirs.locator(".state").textContent()).includes(moverName), `whose turn reads: ${await theirs.locator(".state").textContent()}`);
    await steps.shotsAtBothWidths(elise, "c-my-tables-fr", DESKTOP);
    await steps.shotsAtBothWidths(dmitri, "c-my-tables-ru", PHONE);
  });

  let tableB;
  let tableC;
  await step("with two tables awaiting me, the most urgent comes first and the next one is a click away on the table page", async () => {
    tableB = await createTable(elise, { name: "Partie lente", players: 2, robots: 1, hours: 12 });
    await item(elise, "#my-tables", "Partie lente").getByRole("button", { name: "Lancer la partie" }).click();
    tableC = await createTable(elise, { name: "Partie rapide", players: 2, robots: 1, hours: 4 });
    await item(elise, "#my-tables", "Partie rapide").getByRole("button", { name: "Lancer la partie" }).click();
    await elise.page.locator(`#my-tables .table-item.awaiting[data-table="${tableC}"]`).waitFor();
    await elise.page.locator(`#my-tables .table-item.awaiting[data-table="${tableB}"]`).waitFor();
    const order = await elise.page.$$eval("#my-tables .table-item.awaiting", (items) => items.map((i) => Number(i.dataset.table)));
    check(order.indexOf(tableC) < order.indexOf(tableB), `the 4-hour table is not before the 12-hour one: ${order}`);
    await go(elise, `#/table/${tableB}`);
    const next = elise.page.locator(".next-table");
    await next.waitFor();
    check((await next.textContent()).startsWith("Table suivante qui vous attend"), `the button reads: ${await next.textContent()}`);
    await next.click();
    await elise.page.waitForURL(/#\/table\/\d+$/);
    check(elise.page.url() !== `${server.url}/#/table/${tableB}`, "the next table is the same one");
    await elise.page.locator(".status .move").waitFor();
  });

  await step("the table page shows the awaited move's deadline and who is a robot", async () => {
    await go(elise, `#/table/${tableC}`);
    await elise.page.locator(".status .deadline", { hasText: /encore/ }).waitFor();
    check(await elise.page.locator(".player .badge.robot", { hasText: "robot" }).count() === 1, "the robot's seat is not marked");
    await steps.shotsAtBothWidths(elise, "c-table-fr", DESKTOP);
    await go(dmitri, `#/table/${tableA}`);
    await dmitri.page.locator(".player .badge.robot", { hasText: "робот" }).waitFor();
    await steps.shotsAtBothWidths(dmitri, "c-table-ru", PHONE);
  });

  await step("what happened since my last visit is set apart: a divider in the log, the moves the table made for me when time ran out", async () => {
    // Elise has seen table C; she leaves it, her 4 hours pass, the table moves for her.
    await go(elise, `#/table/${tableC}`);
    await elise.page.locator(".status .move").waitFor();
    await go(elise, "#/");
    await advanceClock(5 * 3600);
    await elise.page.click("#nav-notifications");
    await elise.page.locator(".notification.timed_out", { hasText: "Partie rapide" }).first().waitFor();
    await go(elise, `#/table/${tableC}`);
    const divider = elise.page.locator(".move-log .unread-divider");
    await divider.waitFor();
    check((await divider.textContent()) === "Nouveau depuis votre dernière visite", `the divider reads: ${await divider.textContent()}`);
    check(await elise.page.locator(".move-log li.new .actor.timeout", { hasText: "temps écoulé" }).count() >= 1, "the timeout is not in the new moves");
    const bought = await elise.page.locator(".move-log li.new", { hasText: "achète" }).count();
    if (bought) check(await elise.page.locator(".card.changed").count() >= 1, "a card bought since my visit is not marked");
    await steps.shotsAtBothWidths(elise, "c-since-last-visit-fr", DESKTOP);
    // Seen once, it is not new any more.
    await elise.page.reload();
    await elise.page.locator(".status .move").waitFor();
    check(await divider.count() === 0, "the divider stays after the visit");
  });

  await step("a seat a robot took over after a timeout is taken back from the table page", async () => {
    const mover = await awaited(tableA, humans);
    await advanceClock(25 * 3600);
    await go(mover, `#/table/${tableA}`);
    const notice = mover.page.locator(".seat-notice .taken-over");
    await notice.waitFor();
    const french = mover === elise;
    check((await notice.textContent()).includes(french ? "Un robot joue votre place" : "За вас играет робот"), `the notice reads: ${await notice.textContent()}`);
    check(await mover.page.locator(".move-log .actor.timeout").count() >= 1, "the timeout is not in the log");
    await steps.shotsAtBothWidths(mover, `c-taken-over-${french ? "fr" : "ru"}`, french ? DESKTOP : PHONE);
    await notice.getByRole("button", { name: french ? "Reprendre ma place" : "Вернуть себе место" }).click();
    await notice.waitFor({ state: "detached" });
  });

  await step("a vacation is declared and ended early from the account page, with the days left this year", async () => {
    await dmitri.page.click("#nav-account");
    const vacation = dmitri.page.locator("#vacation");
    await vacation.locator(".allowance", { hasText: "осталось в этом году: 21 из 21" }).waitFor();
    await vacation.locator("input[name=days]").fill("3");
    await vacation.getByRole("button", { name: "Уйти в отпуск" }).click();
    await vacation.locator(".on-vacation", { hasText: "Вы в отпуске до" }).waitFor();
    await vacation.locator(".allowance", { hasText: "18 из 21 (использовано: 3)" }).waitFor();
    await steps.shotsAtBothWidths(dmitri, "c-account-ru", PHONE);
    // Ended after a day and an hour, it counts the two days begun.
    await advanceClock(25 * 3600);
    await vacation.getByRole("button", { name: "Закончить отпуск сейчас" }).click();
    await vacation.locator(".allowance", { hasText: "19 из 21 (использовано: 2)" }).waitFor();
    await vacation.locator(".outcome", { hasText: "Отпуск окончен." }).waitFor();
  });

  await step("a webhook is set, tested, receives my notifications, and is removed; an address the server may not reach is refused", async () => {
    await elise.page.click("#nav-account");
    const webhook = elise.page.locator("#webhook");
    await webhook.getByRole("button", { name: "Envoyer un test" }).click();
    await webhook.locator(".outcome", { hasText: "Aucun webhook n'est réglé : rien n'a été envoyé." }).waitFor();
    await webhook.locator("input[name=url]").fill("http://10.1.2.3/hook");
    await webhook.getByRole("button", { name: "Enregistrer" }).click();
    await webhook.locator(".outcome.refusal", { hasText: "Le serveur n'a pas le droit d'envoyer des requêtes à cette adresse." }).waitFor();
    await webhook.locator("input[name=url]").fill(hookUrl);
    await webhook.getByRole("button", { name: "Enregistrer" }).click();
    await webhook.locator(".outcome", { hasText: "Le webhook est enregistré." }).waitFor();
    await webhook.locator(".webhook-state", { hasText: hookUrl }).waitFor();
    await webhook.getByRole("button", { name: "Envoyer un test" }).click();
    await webhook.locator(".outcome", { hasText: `Une notification de test a été envoyée à ${hookUrl}.` }).waitFor();
    await webhook.locator(".webhook-state", { hasText: `Vos notifications sont envoyées à ${hookUrl}.` }).waitFor();
    const tested = () => received.find((r) => r.body.notification.kind === "webhook_test");
    for (let i = 0; i < 100 && !tested(); i++) await elise.page.waitForTimeout(50);
    check(tested()?.path === "/hook/elise", `the receiver got no test: ${JSON.stringify(received)}`);
    await steps.shotsAtBothWidths(elise, "c-account-fr", DESKTOP);
    // Dmitri invites Elise: she is told, and so is her webhook.
    await createTable(dmitri, { name: "Белые ночи", players: 2, robots: 0, hours: 48 });
    const invite = item(dmitri, "#my-tables", "Белые ночи");
    await invite.locator("input").fill("Elise");
    await invite.getByRole("button", { name: "Пригласить" }).click();
    // (Other notifications may come too: games of Elise's end meanwhile.)
    const invitation = () => received.find((r) => r.body.notification.kind === "invited");
    for (let i = 0; i < 100 && !invitation(); i++) await elise.page.waitForTimeout(50);
    check(invitation()?.path === "/hook/elise", `the receiver got ${JSON.stringify(received)}`);
    check(invitation().body.notification.details.from === "Dmitri", `the webhook carried ${JSON.stringify(invitation().body)}`);
    await elise.page.locator("#nav-notifications .count").waitFor();
    await elise.page.click("#nav-notifications");
    await elise.page.locator(".notification.unread", { hasText: "Dmitri vous invite à Белые ночи." }).waitFor();
    await elise.page.locator(".notification.unread", { hasText: "Un test de votre webhook." }).waitFor();
    await elise.page.getByRole("button", { name: "Tout marquer comme lu" }).click();
    await elise.page.locator("#nav-notifications .count").waitFor({ state: "detached" });
    await elise.page.click("#nav-account");
    await webhook.getByRole("button", { name: "Supprimer" }).click();
    await webhook.locator(".outcome", { hasText: "Plus de webhook." }).waitFor();
    const before = received.length;
    await createTable(dmitri, { name: "Ещё стол", players: 2, robots: 0, hours: null });
    const again = item(dmitri, "#my-tables", "Ещё стол");
    await again.locator("input").fill("Elise");
    await again.getByRole("button", { name: "Пригласить" }).click();
    await elise.page.locator("#nav-notifications .count", { hasText: /^1$/ }).waitFor();
    await elise.page.waitForTimeout(300);
    check(received.length === before, "a removed webhook still receives");
  });

  await step("the password is changed (a wrong current one refused in the reader's words), and logging out everywhere ends every session", async () => {
    await dmitri.page.click("#nav-account");
    const form = dmitri.page.locator("#password form");
    await form.locator("#old-password").fill("not my password");
    await form.locator("#new-password").fill("a new password");
    await form.locator("#new-password-again").fill("a new password");
    await form.getByRole("button", { name: "Сменить пароль" }).click();
    await form.locator(".outcome.refusal", { hasText: "Текущий пароль неверен." }).waitFor();
    await form.locator("#old-password").fill("correct horse Dmitri");
    await form.locator("#new-password-again").fill("another password");
    await form.getByRole("button", { name: "Сменить пароль" }).click();
    await form.locator(".outcome.refusal", { hasText: "Новые пароли не совпадают." }).waitFor();
    await form.locator("#new-password-again").fill("a new password");
    await form.getByRole("button", { name: "Сменить пароль" }).click();
    await form.locator(".outcome", { hasText: "Пароль изменён" }).waitFor();

    // A second browser of Elise's, then "log out everywhere" from the first.
    const other = await steps.newPlayer(browser, server, "elise-second", PHONE, { locale: "fr-FR" });
    await other.page.evaluate((token) => localStorage.setItem("spb.token", token), await elise.page.evaluate(() => localStorage.getItem("spb.token")));
    await other.page.reload();
    await other.page.locator("#my-tables").waitFor();
    await elise.page.click("#nav-account");
    await elise.page.getByRole("button", { name: "Se déconnecter partout" }).click();
    for (const p of [elise, other]) await p.page.locator("#register-name").waitFor();
    check(await other.page.evaluate(() => localStorage.getItem("spb.token")) === null, "the other browser kept its token");
    await other.context.close();
    steps.forget(other);
  });
}, { cleanup: async () => receiver.close() });
