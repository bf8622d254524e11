// Ratings and profiles through the page (docs/ratings.md): two protocol
// clients inside a page play two rated games to their end; Ann's profile
// (English, desktop) and Bob's (Russian, phone) show the ratings, the numbers
// of play and the rating history as an inline SVG chart; in the lobby a
// table's requirement shows and its seated player's name links to their
// profile with their rating, as the players' names do on a table page; a
// bot's account is labelled in the lobby and on its profile. Usage: node profile.mjs SPB_BINARY SCREENSHOT_DIR
import {
  check, commandLine, DESKTOP, launchBrowser, noHorizontalOverflow, PHONE, register, startServer, Steps, runSteps,
} from "./harness.mjs";

const { spb, screenshotDir } = commandLine("profile.mjs");
const steps = new Steps(screenshotDir);
const step = (name, fn) => steps.step(name, fn);
// Two clients play two whole games as fast as the server answers: above a person's rate.
const server = await startServer(spb, ["--rate", "5000"]);
const browser = await launchBrowser();

// Runs in the page: two clients of the protocol register, then play `games`
// two-player games of random legal moves to their end. Returns each game's
// places by seat (Ann sits at seat 0).
async function playGames(games) {
  const open = () => new Promise((resolve, reject) => {
    const ws = new WebSocket(`${location.origin.replace(/^http/, "ws")}/ws`);
    const waiting = new Map();
    let next = 1;
    ws.onmessage = (e) => {
      const m = JSON.parse(e.data);
      if (waiting.has(m.id) && (m.type === "result" || m.type === "error")) {
        waiting.get(m.id)(m);
        waiting.delete(m.id);
      }
    };
    ws.onerror = () => reject(new Error("the test client's connection failed"));
    const call = (type, fields = {}) => new Promise((done) => {
      const id = next++;
      waiting.set(id, done);
      ws.send(JSON.stringify({ type, id, ...fields }));
    });
    const ok = async (type, fields) => {
      const reply = await call(type, fields);
      if (reply.type !== "result") throw new Error(`${type}: ${reply.code} ${reply.message}`);
      return reply.data;
    };
    ws.onopen = () => resolve({ ok });
  });
  const ann = await open();
  const bob = await open();
  await ann.ok("hello", { protocol: 1 });
  await bob.ok("hello", { protocol: 1 });
  await ann.ok("register", { name: "ann", password: "correct horse ann" });
  await bob.ok("register", { name: "bob", password: "correct horse bob" });
  const places = [];
  for (let g = 0; g < games; g++) {
    const { table } = await ann.ok("create_table", { players: 2, name: `Rated game ${g + 1}` });
    await bob.ok("join_table", { table: table.id });
    await ann.ok("start_table", { table: table.id });
    const bySeat = [ann, bob];
    for (;;) {
      const { view } = await ann.ok("subscribe", { table: table.id });
      if (view.phase === "finished") {
        places.push(view.final.players.sort((a, b) => a.seat - b.seat).map((p) => p.place));
        break;
      }
      const seat = view.to_act[0];
      const { actions } = await bySeat[seat].ok("legal_actions", { table: table.id });
      const choice = { ...actions[Math.floor(Math.random() * actions.length)] };
      delete choice.price;
      await bySeat[seat].ok("act", { table: table.id, move_number: view.move_number + 1, action: choice }).catch(() => {});
    }
  }
  return places;
}

async function chartPoints(player) {
  return player.page.locator(".profile .chart[data-pool=two_player] svg .rating-point").count();
}

await runSteps({ steps, browser, server, screenshotDir }, async () => {
  const ann = await steps.newPlayer(browser, server, "ann-page", DESKTOP);
  const bob = await steps.newPlayer(browser, server, "bob-page", PHONE, { locale: "ru-RU" });
  let places;

  await step("two players finish two rated games", async () => {
    places = await ann.page.evaluate(playGames, 2);
    check(places.length === 2, `games: ${JSON.stringify(places)}`);
  });

  await step("Ann's profile in English: ratings, play and the history as a chart", async () => {
    await ann.page.goto(`${server.url}/#/profile/ann`);
    await ann.page.locator(".profile h1", { hasText: "Profile of ann" }).waitFor();
    await ann.page.locator(".profile .rating-chart").waitFor();
    check(await chartPoints(ann) === 3, `the chart has ${await chartPoints(ann)} points, not 3 (the start and two games)`);
    const line = await ann.page.locator(".profile .rating-chart .rating-line").getAttribute("points");
    check(line.trim().split(/\s+/).length === 3, `the line: ${line}`);
    check(await ann.page.locator(".profile .rating-chart").evaluate((el) => el.namespaceURI) === "http://www.w3.org/2000/svg",
      "the chart is not SVG");
    check((await ann.page.locator("[data-testid=games-finished]").textContent()).trim() === "2", "games finished");
    check((await ann.page.locator("[data-testid=games-played]").textContent()).trim() === "2", "games played");
    check((await ann.page.locator("[data-testid=timeout-rate]").textContent()).startsWith("0.0%"), "timeout rate");
    check(await ann.page.getByRole("columnheader", { name: "Rated games" }).count() === 1, "the ratings table's header");
    check(await ann.page.locator(".profile table.rating-history tbody tr").count() === 2, "two rows of history");
    const rating = Number(await ann.page.locator("[data-testid=rating-two_player]").textContent());
    const multi = Number(await ann.page.locator("[data-testid=rating-multiplayer]").textContent());
    check(multi === 0, `a pool never played shows a newcomer's 0, not ${multi}`);
    const won = places.filter((p) => p[0] < p[1]).length;
    const lost = places.filter((p) => p[0] > p[1]).length;
    if (won === 2) check(rating > 0, `two wins, and the rating is ${rating}`);
    if (lost === 2) check(rating < 0, `two losses, and the rating is ${rating}`);
    await noHorizontalOverflow(ann);
    await steps.shot(ann, "profile-en");
  });

  await step("Bob's profile in Russian, on a phone", async () => {
    await bob.page.goto(`${server.url}/#/profile/bob`);
    await bob.page.locator(".profile h1", { hasText: "Профиль: bob" }).waitFor();
    await bob.page.locator(".profile .rating-chart").waitFor();
    check(await chartPoints(bob) === 3, "Bob's chart has three points");
    await bob.page.locator(".profile h2", { hasText: "История рейтинга" }).waitFor();
    await bob.page.locator(".profile figcaption", { hasText: "Рейтинг после каждой партии: Вдвоём" }).waitFor();
    check(await bob.page.locator(".profile dt", { hasText: "Доиграно партий" }).count() === 1, "games finished, in Russian");
    await noHorizontalOverflow(bob);
    await steps.shot(bob, "profile-ru");
  });

  await step("an unknown name says so", async () => {
    await bob.page.goto(`${server.url}/#/profile/nobody-here`);
    await bob.page.locator(".refusal", { hasText: "Игрока с таким именем нет." }).waitFor();
  });

  await step("the lobby shows a table's requirement, and its player's rating linked to the profile", async () => {
    await ann.page.goto(`${server.url}/#/`);
    await register(ann, "cid");
    await ann.page.click("#nav-lobby");
    await ann.page.selectOption("select[name=players]", "2");
    await ann.page.fill("input[name=name]", "Strong players only");
    await ann.page.fill("input[name=min_rating]", "1.5");
    await ann.page.fill("input[name=max_timeout_rate]", "10");
    await ann.page.click(".create button[type=submit]");
    await ann.page.locator("#my-tables .table-item", { hasText: "Strong players only" }).waitFor();
    await bob.page.goto(`${server.url}/#/`);
    await register(bob, "dan");
    await bob.page.click("#nav-lobby");
    const item = bob.page.locator("#open-tables .table-item", { hasText: "Strong players only" });
    await item.waitFor();
    await item.locator(".terms", { hasText: "рейтинг от 1,5" }).waitFor();
    await item.locator(".terms", { hasText: "просрочек не больше 10,0" }).waitFor();
    await item.locator(".standing", { hasText: "★ 0,0" }).waitFor();
    await item.getByRole("button").first().click();
    await bob.page.locator(".lobby .refusal", { hasText: "Ваш рейтинг ниже" }).waitFor();
    await item.locator("a.player-link", { hasText: "cid" }).click();
    await bob.page.locator(".profile h1", { hasText: "Профиль: cid" }).waitFor();
    await bob.page.locator(".profile .empty", { hasText: "Пока ни одной партии в рейтинге." }).waitFor();
    await steps.shot(bob, "lobby-requirement-ru");
  });

  await step("the table page links each player's name to their profile, with their rating", async () => {
    await bob.page.goto(`${server.url}/#/table/1`);
    const link = bob.page.locator("article.player h2 a.player-link", { hasText: "ann" });
    await link.waitFor();
    check(await bob.page.locator("article.player h2 .standing").count() === 2, "both players' ratings");
    await link.click();
    await bob.page.locator(".profile h1", { hasText: "Профиль: ann" }).waitFor();
  });

  await step("a bot's account: БОТ beside its name in the lobby and on its profile, with the bots' pools", async () => {
    await bob.page.evaluate(async () => {
      const ws = new WebSocket(`${location.origin.replace(/^http/, "ws")}/ws`);
      await new Promise((resolve) => { ws.onopen = resolve; });
      const waiting = new Map();
      let next = 1;
      ws.onmessage = (e) => {
        const m = JSON.parse(e.data);
        if (waiting.has(m.id)) waiting.get(m.id)(m);
      };
      const ok = (type, fields = {}) => new Promise((resolve, reject) => {
        const id = next++;
        waiting.set(id, (m) => (m.type === "result" ? resolve(m.data) : reject(new Error(`${type}: ${m.code}`))));
        ws.send(JSON.stringify({ type, id, ...fields }));
      });
      await ok("hello", { protocol: 1 });
      await ok("register", { name: "tsar_bot", password: "correct horse bot" });
      await ok("become_bot");
      await ok("create_table", { players: 3, name: "Bots welcome", bots_allowed: true });
    });
    await bob.page.click("#nav-lobby");
    const item = bob.page.locator("#open-tables .table-item", { hasText: "Bots welcome" });
    await item.waitFor();
    await item.locator(".bot-label", { hasText: "БОТ" }).waitFor();
    await item.locator(".terms", { hasText: "боты допускаются" }).waitFor();
    const people = bob.page.locator("#open-tables .table-item", { hasText: "Strong players only" });
    check(await people.locator(".bot-label").count() === 0, "a person's seat has no bot label");
    await item.locator("a.player-link", { hasText: "tsar_bot" }).click();
    await bob.page.locator(".profile h1 .bot-label", { hasText: "БОТ" }).waitFor();
    await bob.page.locator(".profile tr[data-pool=bot_two_player]", { hasText: "Вдвоём, с ботами" }).waitFor();
    await steps.shot(bob, "bot-profile-ru");
  });
});
