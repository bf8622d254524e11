// The forgotten password through the page (issue 37), against the real
// `spb serve` and a real SMTP sink (mail_sink.py: aiosmtpd, Debian's
// python3-aiosmtpd) on the loopback, the server's --public-url its own
// address so that the mailed links lead back to it. Elise (a French browser,
// a desktop; also logged in on her phone) registers, sets her address on
// the account page and confirms it by the mailed link. Logged out, she asks
// for a link by keyboard from the login screen: an unknown address and hers
// get the same sentence, and only hers gets a link. Her link opens the reset
// form, which catches two passwords that differ; the new password logs her
// in on the desktop and out on the phone; the old password is refused, the
// new one works. The same in English, with a second link. A used link, and a
// link cut short, say so in English and Russian and offer to ask again (a
// third link, then a fourth refused: three an hour for an address). The
// forms are axe-clean, hold no foreign word, and fit a phone.
// Usage: node password_reset.mjs SPB_BINARY SCREENSHOT_DIR [PYTHON]
import { spawn } from "node:child_process";
import { createServer } from "node:net";
import { createInterface } from "node:readline";
import en from "../../web/i18n/en.js";
import fr from "../../web/i18n/fr.js";
import ru from "../../web/i18n/ru.js";
import {
  check, commandLine, DESKTOP, launchBrowser, noAccessibilityViolations, PHONE, register, runSteps, startServer, Steps,
} from "./harness.mjs";
import { foreignWords, inContext, pageText } from "./words.mjs";

const { spb, screenshotDir } = commandLine("password_reset.mjs");
// Debian's Python, which has aiosmtpd (tests/CMakeLists.txt passes it).
const python = process.argv[4] || "/usr/bin/python3";
const steps = new Steps(screenshotDir);
const step = (name, fn) => steps.step(name, fn);
const ADDRESS = "elise@players.test";
const PASSWORDS = ["correct horse battery", "cheval correct agrafe", "correct horse staple"];
const ALLOWED = new Set(["Elise", "English", "Français"]);
const RESET_LINK = /(http:\/\/127\.0\.0\.1:\d+)\/#\/reset\/([0-9a-f]{64})(?![0-9a-f])/;

// The SMTP sink: its port, and every message it received so far.
async function startMailSink() {
  const child = spawn(python, [new URL("./mail_sink.py", import.meta.url).pathname], { stdio: ["pipe", "pipe", "inherit"] });
  const mails = [];
  const port = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("mail_sink.py did not start")), 20000);
    child.on("exit", (code) => reject(new Error(`mail_sink.py exited (${code})`)));
    createInterface({ input: child.stdout }).on("line", (line) => {
      const value = JSON.parse(line);
      if (value.port) {
        clearTimeout(timer);
        resolve(value.port);
      } else {
        mails.push(value);
      }
    });
  });
  const exited = new Promise((resolve) => child.on("exit", resolve));
  return { port, mails, stop: async () => { child.stdin.end(); await exited; } };
}

// A port free now, for the server to listen on: its public address must be
// known before it starts.
function freePort() {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

const sink = await startMailSink();
const port = await freePort();
const server = await startServer(spb, ["--listen", `127.0.0.1:${port}`, "--public-url", `http://127.0.0.1:${port}`,
  "--smtp-host", "127.0.0.1", "--smtp-port", String(sink.port), "--smtp-security", "none",
  "--mail-from", "Saint Petersburg <spb@mail.test>"]);
check(server.url === `http://127.0.0.1:${port}`, `the server listens at ${server.url}, not on port ${port}`);
const browser = await launchBrowser();

// The mails to `address` that `has` holds, once there are `count` of them.
async function mailsTo(address, count, has = () => true) {
  for (let i = 0; i < 300; i++) {
    const found = sink.mails.filter((m) => m.to.includes(address) && has(m));
    if (found.length >= count) return found;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${count} mails to ${address} never came; the sink has ${JSON.stringify(sink.mails.map((m) => [m.to, m.subject]))}`);
}

const resetLinks = (address) => sink.mails.filter((m) => m.to.includes(address) && RESET_LINK.test(m.plain));

// The token of the reset link in the `n`th such mail to Elise (from 1),
// checked to lead to this server.
async function resetToken(n) {
  const mails = await mailsTo(ADDRESS, n, (m) => RESET_LINK.test(m.plain));
  const [, origin, token] = mails[n - 1].plain.match(RESET_LINK);
  check(origin === server.url, `the link leads to ${origin}, not to ${server.url}`);
  check(mails[n - 1].html.replace(/&amp;/g, "&").includes(`${origin}/#/reset/${token}`), "the HTML part has the same link");
  return token;
}

// No foreign word on the page, and (where asked) no accessibility violation.
async function inItsLanguage(player, code, where, { axe = true } = {}) {
  if (axe) await noAccessibilityViolations(player, `${code} ${where}`);
  const text = await pageText(player.page);
  const found = foreignWords(text, code, ALLOWED);
  check(found.length === 0, `${code} ${where}: foreign words on the page: ${inContext(text, found)}`);
}

async function text(player, selector) {
  return (await player.page.locator(selector).textContent()).trim();
}

// A status or alert's sentence, once it shows.
async function says(player, selector, sentence) {
  await player.page.locator(selector, { hasText: sentence }).waitFor();
  const shown = await text(player, selector);
  check(shown === sentence, `${selector} says "${shown}", not "${sentence}"`);
}

async function logOut(player) {
  await player.page.click("#nav .nav-log-out");
  await player.page.locator("#login-name").waitFor();
}

async function logIn(player, password) {
  await player.page.fill("#login-name", "Elise");
  await player.page.fill("#login-password", password);
  await player.page.click("#login button[type=submit]");
}

// Asks for a link for `address` in the open forgot form: the sentence is the
// same whatever the address.
async function askForLink(player, address, words) {
  await player.page.fill("#forgot-address", address);
  await player.page.press("#forgot-address", "Enter");
  await says(player, "#forgot .outcome", words["forgot.sent"]);
  check(await text(player, "#forgot .refusal") === "", `a refusal: ${await text(player, "#forgot .refusal")}`);
}

// Chooses `password` on the reset page of `token` and lands on my tables,
// with the page's sentence saying so.
async function resetWith(player, token, password, words) {
  await player.page.goto(`${server.url}/#/reset/${token}`);
  await player.page.locator("#reset-password").waitFor();
  await player.page.fill("#reset-password", password);
  await player.page.fill("#reset-again", password);
  await player.page.click("#reset button[type=submit]");
  await player.page.locator("#my-tables").waitFor();
  await says(player, "#notice", words["reset.done"]);
  check(await player.page.evaluate(() => location.hash) === "#/", "the page went home");
}

await runSteps({ steps, browser, server, screenshotDir }, async () => {
  const elise = await steps.newPlayer(browser, server, "Elise", DESKTOP, { locale: "fr-FR" });
  const phone = await steps.newPlayer(browser, server, "Elise-phone", PHONE, { locale: "fr-FR" });

  await step("Elise registers in French and confirms her address by the mailed link", async () => {
    await register(elise, "Elise", PASSWORDS[0]);
    await logIn(phone, PASSWORDS[0]);
    await phone.page.locator("#my-tables").waitFor();
    await elise.page.goto(`${server.url}/#/account`);
    await elise.page.fill(".email-form input[name=address]", ADDRESS);
    await elise.page.click(".email-form .save-email");
    const [mail] = await mailsTo(ADDRESS, 1);
    const confirm = mail.plain.match(/http:\/\/127\.0\.0\.1:\d+\/email\/confirm\?[^\s"<]+/)?.[0];
    check(confirm, `no confirmation link in ${mail.plain}`);
    // Opened where the mail was read: a browser of its own, where a person
    // presses the page's button (opening the link confirms nothing).
    const reader = await browser.newContext();
    const page = await reader.newPage();
    await page.goto(confirm);
    await Promise.all([page.waitForNavigation(), page.click("form[method=post] button[type=submit]")]);
    await reader.close();
    await elise.page.goto(`${server.url}/#/`);
    await elise.page.goto(`${server.url}/#/account`);
    await says(elise, ".email-state", fr.words["email.confirmed"].replace("{address}", ADDRESS));
  });

  await step("logged out, she opens the forgotten password's form by keyboard, in French", async () => {
    await logOut(elise);
    const toggle = elise.page.locator("#login .forgot-toggle");
    check(await toggle.textContent() === fr.words["forgot.open"], `the control says ${await toggle.textContent()}`);
    check(await toggle.getAttribute("aria-expanded") === "false", "the form starts folded");
    check(!(await elise.page.locator("#forgot").isVisible()), "the folded form shows");
    await elise.page.focus("#login-password");
    await elise.page.keyboard.press("Tab");
    await elise.page.keyboard.press("Tab");
    check(await elise.page.evaluate(() => document.activeElement.classList.contains("forgot-toggle")),
      "Tab after the login's button does not reach the forgotten password");
    await elise.page.keyboard.press("Enter");
    check(await toggle.getAttribute("aria-expanded") === "true", "the control does not say the form is open");
    check(await elise.page.evaluate(() => document.activeElement.id) === "forgot-address", "the keyboard is not in the address field");
    check(await elise.page.locator("label[for=forgot-address]").textContent() === fr.words["forgot.address"], "the field's label");
    await inItsLanguage(elise, "fr", "login with the forgot form");
  });

  await step("an unknown address and hers get the same sentence; only hers gets a link", async () => {
    await askForLink(elise, "personne@players.test", fr.words);
    await inItsLanguage(elise, "fr", "forgot form answered");
    await steps.shotsAtBothWidths(elise, "forgot-fr", DESKTOP);
    await askForLink(elise, ADDRESS, fr.words);
    await resetToken(1);
  });

  await step("her link opens the reset form in French; two different passwords are caught in the page", async () => {
    const token = await resetToken(1);
    await elise.page.goto(`${server.url}/#/reset/${token}`);
    await elise.page.locator("#reset-password").waitFor();
    check(await text(elise, ".password-reset h1") === fr.words["reset.title"], "the reset page's heading");
    check((await elise.page.title()) === fr.words["reset.title"], `the window's title is ${await elise.page.title()}`);
    for (const id of ["reset-password", "reset-again"]) {
      check(await elise.page.locator(`#${id}`).getAttribute("autocomplete") === "new-password", `${id} is no new password`);
    }
    await inItsLanguage(elise, "fr", "reset form");
    await steps.shotsAtBothWidths(elise, "reset-fr", DESKTOP);
    await elise.page.fill("#reset-password", PASSWORDS[1]);
    await elise.page.fill("#reset-again", `${PASSWORDS[1]}!`);
    await elise.page.press("#reset-again", "Enter");
    await says(elise, "#reset .refusal", fr.words["password.mismatch"]);
  });

  await step("the new password logs her in here and out on her phone; the old one is refused", async () => {
    await resetWith(elise, await resetToken(1), PASSWORDS[1], fr.words);
    await inItsLanguage(elise, "fr", "home after the reset", { axe: false });
    await steps.shot(elise, "reset-done-fr");
    await phone.page.locator("#login-name").waitFor();
    await logOut(elise);
    await logIn(elise, PASSWORDS[0]);
    await says(elise, ".login > .refusal", fr.words["error.bad_credentials"]);
    await logIn(elise, PASSWORDS[1]);
    await elise.page.locator("#my-tables").waitFor();
    await logOut(elise);
  });

  await step("in English: the same sentence for an unknown address and hers, and a second link", async () => {
    await elise.page.selectOption("#language-select", "en");
    await elise.page.locator("#login-title", { hasText: en.words["login.title"] }).waitFor();
    await elise.page.click("#login .forgot-toggle");
    await askForLink(elise, "nobody@players.test", en.words);
    await noAccessibilityViolations(elise, "en forgot form answered");
    await askForLink(elise, ADDRESS, en.words);
    check(await resetToken(2) !== await resetToken(1), "the second link is the first");
  });

  await step("the English link sets a third password; the second is refused, the third works", async () => {
    await resetWith(elise, await resetToken(2), PASSWORDS[2], en.words);
    await logOut(elise);
    await logIn(elise, PASSWORDS[1]);
    await says(elise, ".login > .refusal", en.words["error.bad_credentials"]);
    await logIn(elise, PASSWORDS[2]);
    await elise.page.locator("#my-tables").waitFor();
    await logOut(elise);
  });

  await step("a used link says so and offers a new one, in English", async () => {
    await elise.page.goto(`${server.url}/#/reset/${await resetToken(2)}`);
    await elise.page.fill("#reset-password", "another correct horse");
    await elise.page.fill("#reset-again", "another correct horse");
    await elise.page.click("#reset button[type=submit]");
    await says(elise, ".password-reset .invalid-link", en.words["reset.invalid_link"]);
    check(await elise.page.locator("#reset-password").count() === 0, "the used link's form stays");
    await elise.page.locator(".password-reset .forgot-toggle").press("Enter");
    check(await elise.page.evaluate(() => document.activeElement.id) === "reset-forgot-address", "the keyboard is not in the address field");
    await noAccessibilityViolations(elise, "en used link");
    await steps.shotsAtBothWidths(elise, "reset-used-en", DESKTOP);
  });

  await step("in Russian: the first link, used too, and a link cut short say so; a fourth link is refused", async () => {
    await elise.page.selectOption("#language-select", "ru");
    await elise.page.goto(`${server.url}/#/reset/${await resetToken(1)}`);
    await elise.page.locator("#reset-password").waitFor();
    await inItsLanguage(elise, "ru", "reset form", { axe: false });
    await elise.page.fill("#reset-password", "another correct horse");
    await elise.page.fill("#reset-again", "another correct horse");
    await elise.page.click("#reset button[type=submit]");
    await says(elise, ".password-reset .invalid-link", ru.words["reset.invalid_link"]);
    await elise.page.click(".password-reset .forgot-toggle");
    await inItsLanguage(elise, "ru", "used link");
    // Its form asks for a link as the login screen's does: a third for her
    // address this hour, then a refusal until the hour has room again.
    await elise.page.fill("#reset-forgot-address", ADDRESS);
    await elise.page.press("#reset-forgot-address", "Enter");
    await says(elise, "#reset-forgot .outcome", ru.words["forgot.sent"]);
    await resetToken(3);
    await elise.page.press("#reset-forgot-address", "Enter");
    const [before] = ru.words["forgot.rate_limited"].split("{wait}");
    await elise.page.locator("#reset-forgot .refusal", { hasText: before }).waitFor();
    check(await text(elise, "#reset-forgot .outcome") === "", "a refused request still says a link is on its way");
    await inItsLanguage(elise, "ru", "too many links", { axe: false });
    await elise.page.goto(`${server.url}/#/reset/${(await resetToken(1)).slice(0, 40)}`);
    await says(elise, ".password-reset .invalid-link", ru.words["reset.invalid_link"]);
    await steps.shotsAtBothWidths(elise, "reset-cut-ru", DESKTOP);
  });

  await step("no link went to the unknown addresses", async () => {
    for (const address of ["personne@players.test", "nobody@players.test"]) {
      check(resetLinks(address).length === 0, `${address} got a link: ${JSON.stringify(resetLinks(address))}`);
    }
    check(resetLinks(ADDRESS).length === 3, `Elise got ${resetLinks(ADDRESS).length} links, not 3`);
  });
}, { cleanup: () => sink.stop() });
