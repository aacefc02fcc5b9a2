// The site's service worker. It is served at /sw.js (core/app.py), from the site's root,
// so that its scope is every page. One file, in sections: what the worker does for the
// whole site (its life cycle), then each thing it serves. Push comes first; an offline
// page or an app's install would add sections of their own below it.

// -- Life cycle -------------------------------------------------------------------------
// A new version takes over at once: it holds no state a page depends on.
self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

// -- Push -------------------------------------------------------------------------------
// A push (notifications/push.py) is JSON: title, body (the inbox's text of the
// notification), url (the game, the tournament or the inbox), tag (a newer push of the same
// kind and game replaces the older), icon. It is shown as it came: the server already
// decided what its reader may see.
const FALLBACK_TITLE = "Diplomacy";

function pushData(event) {
  if (!event.data) return {};
  try {
    return event.data.json();
  } catch (e) {
    return { body: event.data.text() };
  }
}

self.addEventListener("push", (event) => {
  const data = pushData(event);
  const options = {
    body: data.body || "",
    data: { url: data.url || "/" },
  };
  if (data.icon) options.icon = data.icon;
  if (data.tag) {
    options.tag = data.tag;
    options.renotify = true; // a newer deadline reminder rings again
  }
  event.waitUntil(self.registration.showNotification(data.title || FALLBACK_TITLE, options));
});

// A tap opens the game: a window already on it comes to the front, else a new one opens.
self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const target = new URL((event.notification.data || {}).url || "/", self.location.origin);
  if (target.origin !== self.location.origin) return; // only the site's own pages
  event.waitUntil((async () => {
    const open = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
    for (const client of open) {
      if (new URL(client.url).pathname === target.pathname && "focus" in client) {
        return client.focus();
      }
    }
    return self.clients.openWindow(target.href);
  })());
});
