// Clocks that fit people's lives, through the page (docs/correspondence.md,
// issue 35), in French and Russian: Elise (a French browser, a desktop) sets
// her time zone, nights and days off on her account page, is refused in her
// language when she asks for more than the server allows, and turns floating
// vacation on; Dmitri (a Russian browser, a phone) creates a table with a
// time bank, Elise joins it, and each reads its pace and sees each seat's
// clock on the table page, and when Elise's off time runs or next begins.
// Usage: node clocks.mjs SPB_BINARY SCREENSHOT_DIR
import {
  check, commandLine, DESKTOP, launchBrowser, noAccessibilityViolations, noHorizontalOverflow, PHONE, register, startServer,
  Steps, runSteps,
} from "./harness.mjs";

const { spb, screenshotDir } = commandLine("clocks.mjs");
const steps = new Steps(screenshotDir);
const step = (name, fn) => steps.step(name, fn);
const server = await startServer(spb);
const browser = await launchBrowser();

await runSteps({ steps, browser, server, screenshotDir }, async () => {
  const elise = await steps.newPlayer(browser, server, "elise", DESKTOP, { locale: "fr-FR" });
  const dmitri = await steps.newPlayer(browser, server, "dmitri", PHONE, { locale: "ru-RU" });

  await step("a player sets her time zone, nights and days off, in French, and finds them again", async () => {
    await register(elise, "Elise");
    await elise.page.click("#nav-account");
    const form = elise.page.locator("form.off-time-form");
    await form.waitFor();
    check((await elise.page.locator("#off-time-title").textContent()) === "Temps de repos", "the section's title is not French");
    check((await form.textContent()).includes("72 heures"), `the limit reads: ${await form.textContent()}`);
    check((await form.locator("label.off-day").first().textContent()).trim() === "dimanche", "weekdays are not named in French");
    await form.locator("input[name=time_zone]").fill("Europe/Paris");
    await form.locator("input[name=nights]").check();
    // Six nights of 7 hours and a Sunday: 66 hours a week, within the 72 allowed.
    await form.locator("select[name=night_from]").selectOption("0");
    await form.locator("select[name=night_until]").selectOption("7");
    await form.locator("input[name=off_sunday]").check();
    await form.locator("button.save-off-time").click();
    await elise.page.locator("#off-time .outcome", { hasText: "Temps de repos enregistré." }).waitFor();
    await elise.page.reload();
    const again = elise.page.locator("form.off-time-form");
    await again.waitFor();
    check(await again.locator("input[name=time_zone]").inputValue() === "Europe/Paris", "the time zone was not kept");
    check(await again.locator("input[name=nights]").isChecked(), "the nights were not kept");
    check(await again.locator("select[name=night_from]").inputValue() === "0", "the night's start was not kept");
    check(await again.locator("input[name=off_sunday]").isChecked() && !(await again.locator("input[name=off_saturday]").isChecked()),
      "the days off were not kept");
    await noAccessibilityViolations(elise, "account page with off time");
    await steps.shotsAtBothWidths(elise, "clocks-off-time-fr", DESKTOP);
  });

  await step("more off time than the server allows is refused in the player's language, and nothing changes", async () => {
    const form = elise.page.locator("form.off-time-form");
    // A Saturday more: 83 hours.
    await form.locator("input[name=off_saturday]").check();
    await form.locator("button.save-off-time").click();
    await elise.page.locator("#off-time .outcome.refusal", { hasText: "dépassent" }).waitFor();
    await elise.page.reload();
    const again = elise.page.locator("form.off-time-form");
    await again.waitFor();
    check(!(await again.locator("input[name=off_saturday]").isChecked()), "a refused day off was kept");
  });

  await step("floating vacation is turned on and off from the vacation section", async () => {
    const box = elise.page.locator("form.floating-form input[name=floating]");
    check(!(await box.isChecked()), "floating vacation is on before the player asked for it");
    await box.check();
    await elise.page.locator("form.floating-form button.save-floating").click();
    await elise.page.locator("#vacation .outcome", { hasText: "Les vacances flottantes sont actives" }).waitFor();
    await elise.page.reload();
    await elise.page.locator("form.floating-form").waitFor();
    check(await elise.page.locator("form.floating-form input[name=floating]").isChecked(), "floating vacation was not kept");
  });

  await step("a table with a time bank shows its pace in Russian, and each seat's clock on both players' pages", async () => {
    await register(dmitri, "Dmitri");
    await dmitri.page.click("#nav-lobby");
    const form = dmitri.page.locator("form.create");
    await form.locator("[name=players]").waitFor();
    check(await form.locator("input[name=bank_initial_hours]").isHidden(), "the bank's fields show without a bank");
    await form.locator("input[name=name]").fill("Белые ночи");
    await form.locator("select[name=move_deadline_hours]").selectOption("bank");
    await form.locator("input[name=bank_initial_hours]").fill("48");
    await form.locator("input[name=bank_increment_hours]").fill("24");
    await form.locator("input[name=bank_cap_hours]").fill("96");
    await form.locator("button[type=submit]").click();
    const listed = dmitri.page.locator("#my-tables .table-item", { hasText: "Белые ночи" });
    await listed.waitFor();
    const text = await listed.textContent();
    check(text.includes("запас времени 2 д 0 ч, плюс 1 д 0 ч за ход, не больше 4 д 0 ч"), `the pace reads: ${text}`);
    const id = Number(await listed.getAttribute("data-table"));
    await elise.page.click("#nav-lobby");
    await elise.page.click("button.refresh");
    const open = elise.page.locator(`#open-tables .table-item[data-table="${id}"]`);
    await open.waitFor();
    check((await open.textContent()).includes("une réserve de 2 j 0 h, 1 j 0 h de plus par coup, jusqu'à 4 j 0 h"),
      `the pace reads in French: ${await open.textContent()}`);
    await open.getByRole("button", { name: "Rejoindre" }).click();
    await elise.page.locator(`#my-tables .table-item[data-table="${id}"]`).waitFor();
    await dmitri.page.click("button.refresh");
    await listed.getByRole("button", { name: "Начать игру" }).click();
    for (const [p, running] of [[dmitri, "идут"], [elise, "en marche"]]) {
      await p.page.goto(`${server.url}/#/table/${id}`);
      // One clock runs, the first player's; the other waits with the whole bank.
      await p.page.locator(".players .badge.clock", { hasText: running }).waitFor();
      const shown = await p.page.locator(".players .badge.clock").allTextContents();
      check(shown.length === 2, `${shown.length} clocks shown for two seats: ${shown}`);
      const still = shown.filter((c) => !c.includes(running));
      check(still.length === 1 && /(2 д 0 ч|2 j 0 h)$/.test(still[0]), `the waiting seat's clock reads: ${shown}`);
      // Elise's nights and Sunday: her seat says when her off time runs or next begins; Dmitri declared none.
      const rests = await p.page.locator(".players .badge.off-time").allTextContents();
      const resting = p === dmitri ? /отдыхает (до|с) / : /au repos (jusqu'au|à partir du) /;
      check(rests.length === 1 && resting.test(rests[0]), `the seats' off time reads: ${rests}`);
    }
    await noHorizontalOverflow(dmitri);
    await steps.shot(dmitri, "clocks-table-ru");
    await steps.shot(elise, "clocks-table-fr");
  });
});
