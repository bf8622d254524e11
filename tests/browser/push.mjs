// Web Push in the page, in headless Chromium (Debian's): the account page
// offers notifications on this device, registers the service worker (/sw.js)
// for the whole site, asks the server for its VAPID key and subscribes; the
// service worker shows what a push message carries.
//
// What headless Chromium cannot do is said, not hidden: it refuses
// PushManager.subscribe ("AbortError: Registration failed - permission
// denied", even with the notifications permission granted; a headed Chromium
// would need Google's push service, which a test machine does not reach), and
// the page must then say so in words. Where a browser does subscribe, the
// test follows that path instead. The service worker's
// push handler is driven through the DevTools protocol instead
// (ServiceWorker.deliverPushMessage, the same message a push service's
// delivery becomes); decryption in the browser and a click on a shown
// notification are not covered here (tests/integration/test_push_webhooks.py
// decrypts the server's messages with an independent implementation).
// Usage: node push.mjs SPB_BINARY SCREENSHOT_DIR
import { check, commandLine, DESKTOP, launchBrowser, register, startServer, Steps } from "./harness.mjs";

const { spb, screenshotDir } = commandLine("push.mjs");
const steps = new Steps(screenshotDir);
const step = (name, fn) => steps.step(name, fn);
const server = await startServer(spb, []);
const browser = await launchBrowser();
let failed = false;

async function shownNotifications(player) {
  return player.page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration("/");
    return (await registration.getNotifications()).map((n) => ({ title: n.title, body: n.body, tag: n.tag, data: n.data }));
  });
}

async function until(what, probe, timeout = 10000) {
  const deadline = Date.now() + timeout;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

try {
  const ann = await steps.newPlayer(browser, server, "ann", DESKTOP);
  await ann.context.grantPermissions(["notifications"], { origin: server.url });
  await register(ann, "ann_push");

  let subscribed = false;
  await step("the account page offers push; turning it on registers the site's service worker and subscribes, or says why not", async () => {
    await ann.page.goto(`${server.url}/#/account`);
    const push = ann.page.locator("#push");
    await push.locator(".push-state", { hasText: "Push notifications are off in this browser." }).waitFor();
    await push.getByRole("button", { name: "Turn on" }).click();
    const outcome = push.locator(".outcome");
    await until("the outcome", async () => (await outcome.textContent()).length > 0);
    const text = await outcome.textContent();
    const scope = await ann.page.evaluate(async () => (await navigator.serviceWorker.getRegistration("/"))?.scope);
    check(scope === `${server.url}/`, `the service worker's scope is ${scope}`);
    if (text === "This browser will show your notifications.") {
      subscribed = true;
      await push.locator(".push-state", { hasText: "Push notifications are on in this browser." }).waitFor();
    } else {
      check(/^This browser could not subscribe to push notifications \(\w+Error: .+\)\.$/.test(text), `the refusal reads: ${text}`);
      check(await outcome.evaluate((e) => e.classList.contains("refusal")), "the refusal is shown as one");
      await push.locator(".push-state", { hasText: "Push notifications are off in this browser." }).waitFor();
      console.log(`# not covered: Chromium refused the subscription here (${text}); no subscription reached the server`);
    }
    await steps.shot(ann, "push-account-1440");
  });

  await step("a push message is shown by the service worker with the notification's text and its table", async () => {
    const cdp = await ann.context.newCDPSession(ann.page);
    const registrations = [];
    cdp.on("ServiceWorker.workerRegistrationUpdated", (e) => registrations.push(...e.registrations));
    await cdp.send("ServiceWorker.enable");
    const registration = await until("the service worker's registration",
      async () => registrations.find((r) => r.scopeURL === `${server.url}/` && !r.isDeleted));
    // The server's payload (server/correspondence/push_message.hpp).
    const message = { type: "notification",
      notification: { id: 41, kind: "your_turn", table: 7, text: "It is your turn at Nevsky.", created_at: 1800000000 } };
    await cdp.send("ServiceWorker.deliverPushMessage",
      { origin: server.url, registrationId: registration.registrationId, data: JSON.stringify(message) });
    const shown = await until("the notification", async () => (await shownNotifications(ann)).find((n) => n.tag === "spb-notification-41"));
    check(shown.title === "Saint Petersburg" && shown.body === "It is your turn at Nevsky.", JSON.stringify(shown));
    check(shown.data.url === "/#/table/7" && shown.data.kind === "your_turn", JSON.stringify(shown));
    // Not a notification of the server's: the browser asks that something is shown all the same.
    await cdp.send("ServiceWorker.deliverPushMessage",
      { origin: server.url, registrationId: registration.registrationId, data: "not json" });
    const bare = await until("the bare notification", async () => (await shownNotifications(ann)).find((n) => n.tag === "spb"));
    check(bare.title === "Saint Petersburg" && bare.body === "" && bare.data.url === "/#/", JSON.stringify(bare));
  });

  await step("turning push off tells the server and leaves no subscription", async () => {
    const push = ann.page.locator("#push");
    await push.getByRole("button", { name: "Turn off" }).click();
    await push.locator(".outcome", { hasText: "This browser will show no more notifications." }).waitFor();
    await push.locator(".push-state", { hasText: "Push notifications are off in this browser." }).waitFor();
    if (!subscribed) console.log("# not covered: remove_push_subscription from the page (there was no subscription to remove)");
  });
  steps.noScriptErrors();
} catch (error) {
  failed = true;
  console.log(server.log().slice(-3000));
} finally {
  await browser.close();
  const end = await server.stop();
  if (end.code !== 0) {
    failed = true;
    console.log(`spb serve ended with ${JSON.stringify(end)}`);
  }
}
process.exit(failed || steps.failures ? 1 : 0);
