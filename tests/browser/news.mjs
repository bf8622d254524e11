// What the server tells a player, as the page shows it (issue 32, the
// server's half): Dima (a Russian phone) plays a robot at a table with a
// one-hour deadline and is told of each turn once, never warned of a
// deadline shorter than the warning, his notification centre showing one
// entry per table and kind; the robots' names are in Russian; a finished
// game's page shows his new rating, with a decimal comma on Lena's French
// page, the one his profile shows; when his time runs out and only robots are
// left, they wait before each move, he is told how to come back and does; an
// administrator's reason for stopping a game reaches him on a page he opens
// after the fact; Ann (English) learns that Lena refused her undo.
// Usage: node news.mjs SPB_BINARY SCREENSHOT_DIR
import {
  check, commandLine, DESKTOP, launchBrowser, moveNumber, PHONE, register, runSteps, startServer, startTwoPlayerTable, Steps,
  testConnection, toAct, waitForMove,
} from "./harness.mjs";

const { spb, screenshotDir } = commandLine("news.mjs");
const ADMIN_TOKEN = "news-test-admin-token";
const steps = new Steps(screenshotDir);
const step = (name, fn) => steps.step(name, fn);
// The test's own client plays whole games as fast as the server answers.
const server = await startServer(spb, ["--test-clock", String(Math.floor(Date.now() / 1000)), "--admin-token", ADMIN_TOKEN,
  "--rate", "5000"]);
const browser = await launchBrowser();
const connection = await testConnection(browser, server);
const DIMA = { name: "Dima", password: "correct horse Dima" };

async function advanceClock(seconds) {
  await connection.send([{ type: "debug_advance_clock", seconds, admin_token: ADMIN_TOKEN }]);
}

// A page of the site's origin where the test plays as a player over its own
// WebSocket, never subscribed between its moves (as from another device):
// the player's page is not watching, so each turn is a notification.
const playerPage = await (await browser.newContext()).newPage();
await playerPage.goto(`${server.url}/cards.json`);

// Runs in that page: logs in (and creates and starts a table from `create`),
// then at `table` makes up to `moves` moves of its seat, each the first legal action that is
// no pass when there is one. Returns the moves made and whether it finished.
async function play({ name, password, table, moves, create }) {
  const ws = new WebSocket(`ws://${location.host}/ws`);
  const waiting = new Map();
  let next = 1;
  ws.onmessage = (e) => {
    const m = JSON.parse(e.data);
    if (waiting.has(m.id)) {
      waiting.get(m.id)(m);
      waiting.delete(m.id);
    }
  };
  await new Promise((resolve) => { ws.onopen = resolve; });
  const ok = (type, fields = {}) => new Promise((resolve, reject) => {
    const id = next++;
    waiting.set(id, (m) => (m.type === "result" ? resolve(m.data) : reject(new Error(`${type}: ${JSON.stringify(m)}`))));
    ws.send(JSON.stringify({ type, id, ...fields }));
  });
  await ok("hello", { protocol: 1 });
  await ok("login", { name, password });
  if (create) {
    table = (await ok("create_table", create)).table.id;
    await ok("start_table", { table });
  }
  let made = 0;
  let finished = false;
  const until = Date.now() + 120000;
  while (made < moves && Date.now() < until) {
    // Whose turn it is, from the player's list of tables: subscribing would
    // make the robot's answer no notification.
    const listed = (await ok("my_tables")).tables.find((t) => t.id === table);
    if (listed.status === "finished") {
      finished = true;
      break;
    }
    if (listed.status !== "playing" || !listed.to_act.includes(listed.your_seat)) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      continue;
    }
    const data = await ok("subscribe", { table });
    await ok("unsubscribe", { table });
    if (!data.view.to_act.includes(data.seat) || !data.legal_actions.length) continue;
    const action = { ...(data.legal_actions.find((a) => a.type !== "pass") ?? data.legal_actions[0]) };
    delete action.price;
    await ok("act", { table, move_number: data.view.move_number + 1, action }).catch(() => {});
    made += 1;
  }
  ws.close();
  return { table, made, finished };
}

const playAs = (who, options) => playerPage.evaluate(play, { ...who, ...options });

async function notificationsOf(player) {
  await player.page.goto(`${server.url}/#/notifications`);
  await player.page.locator(".notification-head").waitFor();
  await player.page.locator(".notification-list li").first().waitFor();
  return player.page.$$eval(".notification-list li.notification", (items) =>
    items.map((li) => ({ kind: li.dataset.kind, count: Number(li.dataset.count), text: li.textContent,
      table: Number(li.querySelector("a")?.getAttribute("href")?.split("/").pop()) })));
}

await runSteps({ steps, browser, server, screenshotDir }, async () => {
  const dima = await steps.newPlayer(browser, server, "dima", PHONE, { locale: "ru-RU" });
  const lena = await steps.newPlayer(browser, server, "lena", DESKTOP, { locale: "fr-FR" });
  let quick;

  await step("against a robot with a one-hour deadline: one notice per turn, no warning, one entry per table and kind", async () => {
    await register(dima, DIMA.name, DIMA.password);
    const first = await playAs(DIMA, { moves: 6, create: { players: 2, robots: 1, move_deadline_hours: 1, name: "Быстрая" } });
    quick = first.table;
    check(first.made === 6, `only ${first.made} moves made`);
    const notes = await notificationsOf(dima);
    const here = notes.filter((n) => n.table === quick);
    check(!here.some((n) => n.kind === "deadline_near"), `a one-hour wait was warned of: ${JSON.stringify(here)}`);
    const turns = here.filter((n) => n.kind === "your_turn");
    check(turns.length === 1, `the turns at one table are ${turns.length} entries, not one: ${JSON.stringify(here)}`);
    check(turns[0].count >= 2 && turns[0].count <= first.made + 1, `${turns[0].count} turns told for ${first.made} moves`);
    check(turns[0].text.includes("и ещё"), `the entry does not say it stands for more: ${turns[0].text}`);
    await steps.shot(dima, "news-notifications-ru");
  });

  await step("playing on the table page against the robot brings neither a turn nor a warning; robots' names are Russian", async () => {
    await dima.page.goto(`${server.url}/#/table/${quick}`);
    await dima.page.locator(".status .move").waitFor();
    for (let i = 0; i < 4; i++) {
      await dima.page.locator(".status .turn.mine").waitFor();
      const before = await moveNumber(dima);
      const card = dima.page.locator(".table-page .card.actionable:not([disabled])").first();
      if (await card.count()) {
        await card.click();
        await dima.page.locator(".card-menu .act").first().click();
      } else {
        await dima.page.locator(".actions .act.pass").first().click();
      }
      // The robot answers at once: the page may show its move straight after mine.
      await dima.page.waitForFunction((n) => Number(document.querySelector(".status .move")?.dataset.move) > n, before);
    }
    const robot = await dima.page.locator("article.player h2").allTextContents();
    check(robot.some((t) => /Робот (Анна|Борис|Вера|Григорий|Дмитрий)/.test(t)), `the robot's name on a Russian page: ${robot}`);
    check(!robot.some((t) => t.includes("Robot")), `a name in Latin letters: ${robot}`);
    const notes = await notificationsOf(dima);
    const here = notes.filter((n) => n.table === quick);
    check(!here.some((n) => n.kind === "deadline_near"), "a warning came while playing");
  });

  await step("a finished rated game shows the player's new rating, as his profile does, with a French decimal comma", async () => {
    await register(lena, "Lena");
    const rated = await playAs(DIMA, { moves: 0, create: { players: 2, robots: 1, rated: true, name: "Notée" } });
    await lena.page.goto(`${server.url}/#/table/${rated.table}`);
    const standing = lena.page.locator("article.player h2 .standing");
    await standing.waitFor();
    const before = (await standing.textContent()).trim();
    check(before === "★ 0,0", `a newcomer's rating on a French page: ${before}`);
    const game = await playAs(DIMA, { table: rated.table, moves: 100000 });
    check(game.finished, "the rated game did not finish");
    await lena.page.locator(".final").waitFor();
    await lena.page.waitForFunction((old) => document.querySelector("article.player h2 .standing")?.textContent.trim() !== old,
      before, { timeout: 10000 });
    const after = (await standing.textContent()).trim();
    await lena.page.goto(`${server.url}/#/profile/Dima`);
    const profile = (await lena.page.locator("[data-testid=rating-two_player]").textContent()).trim();
    check(after === `★ ${profile}`, `the table shows ${after}, the profile ${profile}`);
    check(/^-?\d+,\d$/.test(profile.replace("−", "-")), `a French rating: ${profile}`);
  });

  await step("his time runs out and only robots are left: they wait, he is told how to come back, and he does", async () => {
    const slow = await playAs(DIMA, { moves: 0, create: { players: 2, robots: 1, move_deadline_hours: 1, name: "Медленная",
      timeout_policy: { takeover_after: 1, takeover_by: "robot" } } });
    await dima.page.goto(`${server.url}/#/table/${slow.table}`);
    await dima.page.locator(".status .turn.mine").waitFor();
    await dima.page.click("#nav-lobby");
    await advanceClock(3600 + 60);
    await dima.page.goto(`${server.url}/#/table/${slow.table}`);
    const notice = dima.page.locator(".seat-notice .taken-over");
    await notice.waitFor();
    const pace = (await notice.locator(".stand-in-pace").textContent()).trim();
    check(pace.includes("10 мин"), `the notice says how the robots pace themselves: ${pace}`);
    const standing = Number(await dima.page.locator(".status .move").getAttribute("data-move"));
    await dima.page.waitForTimeout(1500);
    const still = Number(await dima.page.locator(".status .move").getAttribute("data-move"));
    check(still === standing, `the robots moved on without waiting: move ${standing}, then ${still}`);
    await advanceClock(10 * 60);
    await waitForMove(dima, standing + 1);
    await steps.shot(dima, "news-taken-over-ru");
    const notes = await notificationsOf(dima);
    const told = notes.find((n) => n.table === slow.table && n.kind === "timed_out");
    check(told && told.text.includes("Вернуть себе место можно на странице стола"), `the notice: ${JSON.stringify(told)}`);
    await dima.page.goto(`${server.url}/#/table/${slow.table}`);
    await dima.page.locator(".seat-notice .taken-over button.reclaim").click();
    await dima.page.locator(".seat-notice .taken-over").waitFor({ state: "detached" });
    await dima.page.locator(".status .turn.mine").waitFor();
  });

  await step("an administrator's reason for stopping a game reaches a player who opens it later", async () => {
    await connection.send([{ type: "admin_login", token: ADMIN_TOKEN },
      { type: "admin_abort", table: quick, reason: "Игра остановлена по просьбе игрока." }]);
    await dima.page.goto(`${server.url}/#/table/${quick}`);
    const stopped = dima.page.locator(".seat-notice .stopped");
    await stopped.waitFor();
    const text = await stopped.textContent();
    check(text.includes("Игра остановлена по просьбе игрока."), `the stopped table says: ${text}`);
  });

  await step("a refused undo is told to the player who asked", async () => {
    const ann = await steps.newPlayer(browser, server, "ann", DESKTOP);
    const lise = await steps.newPlayer(browser, server, "lise", DESKTOP, { locale: "fr-FR" });
    await startTwoPlayerTable(server, ann, lise, "Undo refused");
    const first = await toAct([ann, lise]);
    const second = first === ann ? lise : ann;
    await first.page.locator(".status .pass").first().click();
    await waitForMove(second, 1);
    await first.page.locator(".consent-panel button.request-undo").click();
    await second.page.locator(".consent-panel button.refuse-undo").click();
    const told = first.page.locator(".consent-panel .undo-refused");
    await told.waitFor();
    const text = await told.textContent();
    check(text.includes(first === ann ? "refused to let you take back your move" : "a refusé que vous repreniez votre coup"),
      `the asker reads: ${text}`);
    check(await second.page.locator(".consent-panel .undo-refused").count() === 0, "the refuser is told of the refusal as the asker");
    await steps.shot(first, "news-undo-refused");
  });
});
