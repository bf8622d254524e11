// Web Push in this browser: the service worker (/sw.js) that shows what the
// server sends, and this browser's push subscription, which the server is told
// of (add_push_subscription) or asked to forget (remove_push_subscription).

const SUBSCRIBE_SECONDS = 20;

// Why push cannot be turned on here, as an i18n key.
export class PushUnavailable extends Error {
  constructor(key, detail = "") {
    super(detail || key);
    this.key = key;
    this.detail = detail;
  }
}

export function pushOffered() {
  return "serviceWorker" in navigator && "PushManager" in window && "Notification" in window && window.isSecureContext;
}

function bytesOf(base64url) {
  const text = atob(base64url.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((base64url.length + 3) % 4));
  return Uint8Array.from(text, (c) => c.charCodeAt(0));
}

function sameBytes(a, b) {
  if (!a || !b || a.byteLength !== b.byteLength) return false;
  const x = new Uint8Array(a);
  const y = new Uint8Array(b);
  return x.every((v, i) => v === y[i]);
}

// This browser's subscription, if it has one.
export async function currentSubscription() {
  if (!pushOffered()) return null;
  const registration = await navigator.serviceWorker.getRegistration("/");
  return registration ? registration.pushManager.getSubscription() : null;
}

export async function turnOnPush(connection) {
  if (!pushOffered()) throw new PushUnavailable("push.unsupported");
  const permission = await Notification.requestPermission();
  if (permission !== "granted") throw new PushUnavailable("push.denied");
  const registration = await navigator.serviceWorker.register("/sw.js", { scope: "/" });
  await navigator.serviceWorker.ready;
  const key = bytesOf((await connection.request("push_key")).public_key);
  let subscription = await registration.pushManager.getSubscription();
  // A subscription made for another server key cannot carry this server's messages.
  if (subscription && !sameBytes(subscription.options.applicationServerKey, key.buffer)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  if (!subscription) {
    // A browser that cannot reach its push service may leave subscribe()
    // waiting for ever; the page says so instead of waiting with it.
    let timer;
    const silence = new Promise((_, reject) => {
      timer = setTimeout(() => reject(Object.assign(new Error(`the browser's push service did not answer within ${SUBSCRIBE_SECONDS} s`), { name: "TimeoutError" })), SUBSCRIBE_SECONDS * 1000);
    });
    try {
      subscription = await Promise.race([
        registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key }), silence]);
    } catch (error) {
      throw new PushUnavailable("push.failed", `${error.name}: ${error.message}`);
    } finally {
      clearTimeout(timer);
    }
  }
  const { endpoint, keys } = subscription.toJSON();
  await connection.request("add_push_subscription", { endpoint, p256dh: keys.p256dh, auth: keys.auth });
  return subscription;
}

export async function turnOffPush(connection) {
  const subscription = await currentSubscription();
  if (!subscription) return;
  await connection.request("remove_push_subscription", { endpoint: subscription.endpoint });
  await subscription.unsubscribe();
}
