// The administrators' page in English (a desktop) and Russian (a phone): a
// wrong token refused, then every table by status, one table replayed to any
// move as the administrator (the stacks' order shown) or as a seat (another
// hidden hand hidden), each move in words; a seat handed to the robot (its
// player, on the table page, is told and takes it back) and the game aborted
// with a reason that its players see at once and the administrators' log
// keeps. Usage: node admin.mjs SPB_BINARY SCREENSHOT_DIR
import {
  check, commandLine, DESKTOP, launchBrowser, moveNumber, PHONE, register, startServer, Steps, waitForMove, runSteps,
} from "./harness.mjs";

const { spb, screenshotDir } = commandLine("admin.mjs");
const ADMIN_TOKEN = "admin-page-test-token";
const steps = new Steps(screenshotDir);
const step = (name, fn) => steps.step(name, fn);

const server = await startServer(spb, ["--admin-token", ADMIN_TOKEN]);
const browser = await launchBrowser();

async function createTable(player, { name, players, robots, publicHands = true }) {
  await player.page.click("#nav-lobby");
  const form = player.page.locator("form.create");
  await form.locator("input[name=name]").fill(name);
  await form.locator("select[name=players]").selectOption(String(players));
  await form.locator("select[name=robots]").selectOption(String(robots));
  if (!publicHands) await form.locator("input[name=public_hands]").uncheck();
  await form.locator("button[type=submit]").click();
  const item = player.page.locator("#my-tables .table-item", { hasText: name });
  await item.waitFor();
  return Number(await item.getAttribute("data-table"));
}

// What a card's menu offers, in each player's language.
const MENU_WORDS = { ann: /^(Buy|Take into your hand|Play|Discard it)/, boris: /^(Купить|Взять на руку|Выложить|Сыграть|Сбросить)/ };

// One move by whoever is to act: the first card's first choice (its menu in
// the player's language), else Pass.
async function anyMove(players) {
  for (let i = 0; i < 100; i++) {
    for (const p of players) {
      if (!(await p.page.locator(".status .turn.mine").count())) continue;
      const before = await moveNumber(p);
      const card = p.page.locator(".table-page .card.actionable:not([disabled])").first();
      if (await card.count()) {
        await card.click();
        const labels = await p.page.locator(".card-menu .act").allTextContents();
        check(labels.length && labels.every((l) => MENU_WORDS[p.name].test(l)), `${p.name}'s card menu reads: ${labels}`);
        await p.page.locator(".card-menu .act").first().click();
      } else {
        await p.page.locator(".actions .act.pass").first().click();
      }
      for (const q of players) await waitForMove(q, before + 1);
      return;
    }
    await players[0].page.waitForTimeout(100);
  }
  throw new Error("nobody could move");
}

await runSteps({ steps, browser, server, screenshotDir }, async () => {
  const ann = await steps.newPlayer(browser, server, "ann", DESKTOP);
  const boris = await steps.newPlayer(browser, server, "boris", PHONE, { locale: "ru-RU" });
  const players = [ann, boris];
  let tableId;

  await step("two players start a table with secret hands and make some moves; a robots-only table plays to its end", async () => {
    await register(ann, "Ann");
    await register(boris, "Boris");
    tableId = await createTable(ann, { name: "Secret table", players: 2, robots: 0, publicHands: false });
    await boris.page.click("#nav-lobby");
    await boris.page.locator(`#open-tables .table-item[data-table="${tableId}"] button`).click();
    await boris.page.locator(`#my-tables .table-item[data-table="${tableId}"]`).waitFor();
    await ann.page.click("button.refresh");
    await ann.page.locator(`#my-tables .table-item[data-table="${tableId}"]`).getByRole("button", { name: "Start the game" }).click();
    for (const p of players) {
      await p.page.goto(`${server.url}/#/table/${tableId}`);
      await p.page.locator(".status .move").waitFor();
    }
    for (let i = 0; i < 6; i++) await anyMove(players);
    // Two robots and nobody else: Ann only watches it, from the lobby, where she starts it.
    await ann.page.click("#nav-lobby");
    const form = ann.page.locator("form.create");
    await form.locator("input[name=name]").fill("Robots only");
    await form.locator("select[name=robots]").selectOption("2");
    await form.locator("button[type=submit]").click();
    await ann.page.locator("#open-tables .table-item", { hasText: "Robots only" }).getByRole("button", { name: "Start the game" }).click();
    await ann.page.locator(".status .phase", { hasText: "Game over" }).waitFor();
    await ann.page.goto(`${server.url}/#/table/${tableId}`);
    await ann.page.locator(".status .move").waitFor();
  });

  const admin = await steps.newPlayer(browser, server, "admin", DESKTOP);
  admin.page.on("dialog", (dialog) => dialog.accept());

  await step("the administrators' page asks for the token and refuses a wrong one in words", async () => {
    await admin.page.goto(`${server.url}/#/admin`);
    await admin.page.fill("#admin-token", "not the token");
    await admin.page.getByRole("button", { name: "Log in" }).click();
    await admin.page.locator(".admin-login .refusal", { hasText: "That is not the administrator token." }).waitFor();
    await admin.page.fill("#admin-token", ADMIN_TOKEN);
    await admin.page.getByRole("button", { name: "Log in" }).click();
    await admin.page.locator("#admin-tables").waitFor();
    await admin.page.locator("#nav-admin").waitFor();
  });

  await step("every table by status", async () => {
    await admin.page.locator(`#admin-tables .table-item[data-table="${tableId}"]`, { hasText: "Secret table" }).waitFor();
    check(await admin.page.locator("#admin-tables .table-item[data-status=finished]").count() === 0, "a finished table is listed as playing");
    await admin.page.selectOption("#admin-status", "finished");
    await admin.page.locator("#admin-tables .table-item[data-status=finished]", { hasText: "Robots only" }).waitFor();
    await admin.page.selectOption("#admin-status", "");
    await admin.page.locator("#admin-tables .table-item", { hasText: "Secret table" }).waitFor();
    await admin.page.locator("#admin-tables .table-item", { hasText: "Robots only" }).waitFor();
    await steps.shotsAtBothWidths(admin, "a-tables-en", DESKTOP);
  });

  await step("a table replays to any move, as the administrator (stacks' order) or as a seat (the other hand hidden), each move in words", async () => {
    await admin.page.locator(`#admin-tables .table-item[data-table="${tableId}"]`).getByRole("link", { name: "Inspect" }).click();
    const last = await moveNumber(ann);
    await admin.page.locator(".replay-counter", { hasText: `Move ${last} of ${last}` }).waitFor();
    await admin.page.locator(".admin-summary .replays").waitFor();
    await admin.page.locator(".stack-order", { hasText: "The stacks' order" }).waitFor();
    await admin.page.locator(".replay-controls input[type=range]").fill("2");
    await admin.page.locator(".replay-counter", { hasText: `Move 2 of ${last}` }).waitFor();
    await admin.page.locator(".replay-move .replay-deed", { hasText: /^2\. (Ann|Boris) (bought|took|passed)/ }).waitFor();
    await admin.page.locator(".replay-stage .status .move[data-move='2']").waitFor();
    // A purchase's price explained, as spb admin replay words it.
    let explained = false;
    for (let n = 1; n <= last && !explained; n++) {
      await admin.page.locator(".replay-controls input[type=range]").fill(String(n));
      await admin.page.locator(".replay-counter", { hasText: `Move ${n} of ${last}` }).waitFor();
      const deed = await admin.page.locator(".replay-move .replay-deed").textContent();
      if (!/ bought /.test(deed)) continue;
      const line = await admin.page.locator(".replay-move .price-breakdown li").first().textContent();
      check(/^.+: printed cost \d+.* = \d+ rubles?$/.test(line), `the price reads: ${line}`);
      explained = true;
    }
    check(explained, "no purchase among the moves to explain");
    await admin.page.locator(".replay-controls input[type=range]").fill("2");
    await admin.page.locator(".replay-counter", { hasText: `Move 2 of ${last}` }).waitFor();
    // As Boris sees it: no stack order, and Ann's hand hidden if she holds cards.
    await admin.page.selectOption("#admin-viewer", "1");
    await admin.page.locator(".stack-order").waitFor({ state: "detached" });
    check(await admin.page.locator(".replay-stage .player[data-seat='0'] .hidden-hand").count() === 1, "Ann's hand shows to Boris");
    await admin.page.selectOption("#admin-viewer", "");
    await admin.page.locator(".stack-order").waitFor();
    check(await admin.page.locator(".replay-stage .player[data-seat='0'] .hidden-hand").count() === 0, "Ann's hand is hidden from the administrator");
    await steps.shotsAtBothWidths(admin, "a-table-en", DESKTOP);
  });

  await step("a seat handed to the robot: its player is told on the table page and takes it back", async () => {
    await admin.page.selectOption("#remove-seat", "1");
    await admin.page.fill("#remove-reason", "Boris has not moved for weeks");
    await admin.page.getByRole("button", { name: "Hand the seat to the robot" }).click();
    await admin.page.locator(".admin-outcome", { hasText: "The robot plays Boris's seat now." }).waitFor();
    const notice = boris.page.locator(".seat-notice .taken-over", { hasText: "Пока за ваше место играет робот." });
    await notice.waitFor();
    await notice.getByRole("button", { name: "Вернуть себе место" }).click();
    await notice.waitFor({ state: "detached" });
  });

  await step("aborting asks for a reason, which the players see at once and the administrators' log keeps", async () => {
    await admin.page.fill("#abort-reason", "A dispute the players could not settle");
    await admin.page.getByRole("button", { name: "Abort the game" }).click();
    await admin.page.locator(".admin-outcome", { hasText: "The table is now aborted." }).waitFor();
    await ann.page.locator(".seat-notice .stopped", { hasText: "An administrator stopped this game: A dispute the players could not settle" }).waitFor();
    check(await ann.page.locator(".table-page .card.actionable").count() === 0, "the aborted table still offers moves");
    await boris.page.locator(".seat-notice .stopped", { hasText: "Администратор остановил эту партию" }).waitFor();
    const abort = admin.page.locator(".admin-log-table tr[data-request=admin_abort]");
    await abort.waitFor();
    check((await abort.textContent()).includes("A dispute the players could not settle") && (await abort.textContent()).includes("done"), `the log says: ${await abort.textContent()}`);
    await admin.page.locator(".admin-log-table tr[data-request=admin_remove_player]", { hasText: "Boris has not moved for weeks" }).waitFor();
    await steps.shotsAtBothWidths(admin, "a-actions-en", DESKTOP);
  });

  await step("the administrators' page in Russian on a phone", async () => {
    const russian = await steps.newPlayer(browser, server, "admin-ru", PHONE, { locale: "ru-RU" });
    await russian.page.goto(`${server.url}/#/admin`);
    await russian.page.fill("#admin-token", ADMIN_TOKEN);
    await russian.page.getByRole("button", { name: "Войти" }).click();
    await russian.page.selectOption("#admin-status", "aborted");
    await russian.page.locator(`#admin-tables .table-item[data-table="${tableId}"]`, { hasText: "прерван" }).getByRole("link", { name: "Осмотреть" }).click();
    await russian.page.locator(".replay-counter", { hasText: /^Ход \d+ из \d+$/ }).waitFor();
    await russian.page.locator(".admin-log-table tr[data-request=admin_abort]").waitFor();
    await steps.shotsAtBothWidths(russian, "a-table-ru", PHONE);
  });

  await step("an account flagged as a bot's from the administrators' page, after a confirmation", async () => {
    await admin.page.goto(`${server.url}/#/admin`);
    await admin.page.locator("#admin-tables").waitFor();
    await admin.page.fill("#flag-bot-name", "nobody_here");
    await admin.page.getByRole("button", { name: "Flag as a bot" }).click();
    await admin.page.locator(".admin-flag-bot .refusal", { hasText: "There is no player of that name." }).waitFor();
    await admin.page.fill("#flag-bot-name", "boris");
    await admin.page.getByRole("button", { name: "Flag as a bot" }).click();
    await admin.page.locator(".admin-flag-bot [role=status]", { hasText: "boris is a bot's account now." }).waitFor();
    await admin.page.goto(`${server.url}/#/profile/boris`);
    await admin.page.locator(".profile h1 .bot-label", { hasText: "BOT" }).waitFor();
  });
});
