// The page's service worker, for Web Push (docs/notifications-push-webhooks.md):
// it shows each notification the server sends while no page of the site is
// looked at, and a click on one opens its table. It lives at the site's root
// so that its scope is the whole site.
self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

// The server's message is {"type": "notification", "notification": {id, kind,
// table, text, created_at}}; its text is already a sentence for the player.
// The browser asks that every push shows something (userVisibleOnly), so a
// message that is not one still shows the site's name.
function noticeOf(message) {
  const note = message && message.type === "notification" && message.notification ? message.notification : null;
  return {
    title: "Saint Petersburg",
    options: {
      body: note ? String(note.text || "") : "",
      tag: note ? `spb-notification-${note.id}` : "spb",
      data: { url: note && note.table ? `/#/table/${note.table}` : "/#/", id: note ? note.id : null, kind: note ? note.kind : null },
    },
  };
}

self.addEventListener("push", (event) => {
  let message = null;
  try {
    message = event.data ? event.data.json() : null;
  } catch {
    message = null;
  }
  const { title, options } = noticeOf(message);
  event.waitUntil(self.registration.showNotification(title, options));
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = new URL((event.notification.data && event.notification.data.url) || "/", self.location.origin).href;
  event.waitUntil((async () => {
    const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
    const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
    if (open) {
      await open.focus();
      return open.navigate(url);
    }
    return self.clients.openWindow(url);
  })());
});
