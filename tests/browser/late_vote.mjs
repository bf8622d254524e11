// The players decide about a late seat, through the page (issue 35 item 4;
// docs/correspondence.md "The players decide"), in French and Russian: Elise
// (a French browser, a desktop) creates a three-player table with a day a move
// and the create form's "the others decide" box; Dmitri (a Russian browser, a
// phone) and Pierre (French, a desktop) join. Pierre lets his time run out (a
// test clock moves time on); Elise and Dmitri are asked on the table page in
// their languages, Dmitri's notification centre tells him too, and Pierre sees
// that the others decide. Elise votes for a robot, Dmitri to end Pierre's
// part: "end" has one vote of two, not more than half, "robot" two of two (a
// vote for a harder choice counts for the milder ones), so a robot plays
// Pierre's seat, which the panels, the logs and the seat say.
// Usage: node late_vote.mjs SPB_BINARY SCREENSHOT_DIR
import {
  check, commandLine, DESKTOP, launchBrowser, mouseMove, noAccessibilityViolations, noHorizontalOverflow, PHONE, register,
  runSteps, startServer, Steps, testConnection, toAct,
} from "./harness.mjs";

const { spb, screenshotDir } = commandLine("late_vote.mjs");
const ADMIN_TOKEN = "late-vote-test-token";
const steps = new Steps(screenshotDir);
const step = (name, fn) => steps.step(name, fn);
const server = await startServer(spb, ["--test-clock", String(Math.floor(Date.now() / 1000)), "--admin-token", ADMIN_TOKEN]);
const browser = await launchBrowser();
const connection = await testConnection(browser, server);
const TABLE = "Nuit blanche";

// The question's panel on a player's page.
const late = (player) => player.page.locator(".consent-panel .late-question");

// A player's tableau on a page, by the player's name.
function tableau(player, name) {
  return player.page.locator(".players .player", { has: player.page.locator("h2", { hasText: name }) });
}

await runSteps({ steps, browser, server, screenshotDir }, async () => {
  const elise = await steps.newPlayer(browser, server, "elise", DESKTOP, { locale: "fr-FR" });
  const dmitri = await steps.newPlayer(browser, server, "dmitri", PHONE, { locale: "ru-RU" });
  const pierre = await steps.newPlayer(browser, server, "pierre", DESKTOP, { locale: "fr-FR" });
  const everyone = [elise, dmitri, pierre];
  let tableId;

  await step("the create form's box \"the others decide\" needs a deadline, and its table's pace says so in French and Russian", async () => {
    await register(elise, "Elise");
    await register(dmitri, "Dmitri");
    await register(pierre, "Pierre");
    await elise.page.click("#nav-lobby");
    const form = elise.page.locator("form.create");
    const box = form.locator("input[name=timeout_vote]");
    await box.waitFor();
    const explained = await box.getAttribute("aria-describedby");
    check((await form.locator(`#${explained}`).textContent()).includes("robot"), "the box is not explained");
    await form.locator("select[name=move_deadline_hours]").selectOption("");
    check(await box.isDisabled(), "the box is enabled without a deadline");
    await form.locator("select[name=move_deadline_hours]").selectOption("24");
    check(await box.isEnabled(), "the box is disabled with a deadline");
    await form.locator("input[name=name]").fill(TABLE);
    await form.locator("select[name=players]").selectOption("3");
    await box.check();
    await form.locator("button[type=submit]").click();
    const listed = elise.page.locator("#my-tables .table-item", { hasText: TABLE });
    await listed.waitFor();
    // The summary's pace.timeout_vote: the box was sent as timeout_policy.vote.
    const text = await listed.textContent();
    check(text.includes("1 jour par coup") && text.includes("les autres joueurs décident d'une place en retard"), `the pace reads: ${text}`);
    tableId = Number(await listed.getAttribute("data-table"));
    for (const p of [dmitri, pierre]) {
      await p.page.click("#nav-lobby");
      await p.page.click("button.refresh");
      const open = p.page.locator(`#open-tables .table-item[data-table="${tableId}"]`);
      await open.waitFor();
      if (p === dmitri) {
        const ru = await open.textContent();
        check(ru.includes("об опоздавшем решают остальные игроки"), `the pace reads in Russian: ${ru}`);
      }
      await open.getByRole("button").first().click();
      await p.page.locator(`#my-tables .table-item[data-table="${tableId}"]`).waitFor();
    }
    await elise.page.click("button.refresh");
    await listed.getByRole("button", { name: "Lancer la partie" }).click();
    for (const p of everyone) {
      await p.page.goto(`${server.url}/#/table/${tableId}`);
      await p.page.locator(".status .move").waitFor();
    }
  });

  await step("the others play until Pierre is to move, then his day runs out", async () => {
    for (let i = 0; i < 6 && (await toAct(everyone)) !== pierre; i++) await mouseMove(everyone);
    check((await toAct(everyone)) === pierre, "Pierre never came to move");
    await connection.send([{ type: "debug_advance_clock", seconds: 25 * 3600, admin_token: ADMIN_TOKEN }]);
  });

  await step("Elise and Dmitri are asked in their languages, with three explained choices and when the vote closes; Pierre sees the others decide", async () => {
    for (const [p, question, choices] of [
      [elise, "Le temps de Pierre est écoulé. Que doit faire la table ?", ["Attendre encore", "Laisser un robot jouer à sa place", "Mettre fin à sa partie"]],
      [dmitri, "У игрока Pierre вышло время. Что делать столу?", ["Подождать ещё", "Пусть за него играет робот", "Завершить его участие"]],
    ]) {
      const group = p.page.getByRole("group", { name: question });
      await group.waitFor({ timeout: 15000 });
      for (const name of choices) {
        const button = group.getByRole("button", { name, exact: true });
        check(await button.count() === 1, `${p.name} has no button "${name}"`);
        const explanation = await button.getAttribute("aria-describedby");
        check((await p.page.locator(`#${explanation}`).textContent()).includes("Pierre"), `"${name}" is not explained`);
      }
      const until = await group.locator(".late-until").textContent();
      check(/\d{1,2}:\d{2}/.test(until), `when the vote closes reads: ${until}`);
    }
    const mine = late(pierre);
    await mine.waitFor();
    const text = await mine.textContent();
    check(text.includes("les autres joueurs décident") && text.includes("Jouer maintenant clôt la question"), `Pierre reads: ${text}`);
    check(await pierre.page.locator(".late-choice").count() === 0, "the late player may vote on his own seat");
    await elise.page.locator(".move-log li", { hasText: "Le temps de Pierre est écoulé : les autres joueurs décident" }).waitFor();
  });

  await step("the question is axe-clean, fits a phone and is in Dmitri's notification centre", async () => {
    await noAccessibilityViolations(elise, "table page with the question open");
    await noAccessibilityViolations(dmitri, "table page with the question open");
    await noHorizontalOverflow(dmitri);
    await steps.shotsAtBothWidths(elise, "late-question-fr", DESKTOP);
    await steps.shot(dmitri, "late-question-ru-390");
    await steps.shot(pierre, "late-mine-fr");
    await dmitri.page.click("#nav-notifications");
    await dmitri.page.locator(".notification.late_vote", { hasText: `У игрока Pierre вышло время за столом «${TABLE}»` }).waitFor();
    await dmitri.page.goto(`${server.url}/#/table/${tableId}`);
    // The notice at the top of the table takes him to the question.
    const notice = dmitri.page.locator(".seat-notice .late-notice", { hasText: "У игрока Pierre вышло время: стол ждёт вашего голоса." });
    await notice.getByRole("button", { name: "Перейти к вопросу" }).click();
    await dmitri.page.waitForFunction(() => document.activeElement?.classList.contains("late-wait"), null, { timeout: 5000 });
  });

  await step("Elise votes for a robot by keyboard; everyone sees her vote and who is still to vote", async () => {
    await elise.page.getByRole("button", { name: "Laisser un robot jouer à sa place", exact: true }).focus();
    await elise.page.keyboard.press("Enter");
    await late(elise).locator(".late-state", { hasText: "Elise : un robot" }).waitFor();
    check(await elise.page.locator(".late-choice").count() === 0, "Elise may vote twice");
    await elise.page.waitForFunction(() => document.activeElement?.classList.contains("late-question"), null, { timeout: 5000 });
    await late(dmitri).locator(".late-state", { hasText: "Elise: робот" }).waitFor();
    await late(pierre).locator(".late-state", { hasText: "Doivent encore voter : Dmitri" }).waitFor();
    await elise.page.locator(".move-log li", { hasText: "Elise vote pour laisser jouer un robot" }).waitFor();
  });

  await step("Dmitri votes to end Pierre's part: a robot plays the seat (end has one vote of two), which every page says", async () => {
    await dmitri.page.getByRole("button", { name: "Завершить его участие", exact: true }).click();
    await elise.page.locator(".consent-panel .late-decision", { hasText: "un robot joue la place de Pierre" }).waitFor();
    await dmitri.page.locator(".consent-panel .late-decision", { hasText: "за место игрока Pierre играет робот" }).waitFor();
    for (const p of everyone) check(await late(p).count() === 0, `${p.name} still sees the question`);
    await elise.page.locator(".move-log li", { hasText: "La table a décidé : un robot joue pour Pierre" }).waitFor();
    await dmitri.page.locator(".move-log li", { hasText: "Dmitri голосует за то, чтобы завершить участие опоздавшего" }).waitFor();
    await tableau(elise, "Pierre").locator(".badge.robot", { hasText: "un robot joue pour l'instant" }).waitFor();
    await tableau(dmitri, "Pierre").locator(".badge.robot", { hasText: "пока играет робот" }).waitFor();
    check(await elise.page.locator(".players .badge.robot", { hasText: "partie terminée" }).count() === 0, "a part is marked ended");
    check(await elise.page.locator(".seat-notice .late-notice").count() === 0, "the notice asks for a vote still");
    await pierre.page.locator(".seat-notice .taken-over button.reclaim").waitFor();
    await noHorizontalOverflow(dmitri);
    await steps.shot(elise, "late-decided-fr");
    await steps.shot(dmitri, "late-decided-ru-390");
  });
});
