// The site's service worker. It is served at /sw.js (core/app.py), from the site's root,
// so that its scope is every page. One file, in sections: what the worker does for the
// whole site (its life cycle), then each thing it serves. Push comes first; an offline
// page or an app's install would add sections of their own below it (Offline does).

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

// -- Offline ----------------------------------------------------------------------------
// Online, every request goes to the network as if there were no worker; what it fetches
// is also kept: each game page the player opens (its latest copy only) and the static
// files those pages use. Offline, a game page he opened before is served as he last saw
// it, marked read-only (js/app.js says so and disables its forms), and any other page is
// the offline page (/offline/), which lists the games kept. The pages are the player's
// own view: js/app.js empties them when another person signs in on the device.
const OFFLINE_URL = "/offline/";
const SHELL = "shell-v1"; // the offline page
const PAGES = "pages"; // game pages as last seen, by address
const FILES = "files"; // static files, by address
const GAME_PAGE = /^\/games\/\d+\/$/;

self.addEventListener("install", (event) => {
  // Fetched signed out: the offline page names nobody, whoever is offline later.
  event.waitUntil(caches.open(SHELL).then((cache) =>
    cache.add(new Request(OFFLINE_URL, { credentials: "omit" }))));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys().then((names) => Promise.all(names
    .filter((name) => name.startsWith("shell-") && name !== SHELL)
    .map((name) => caches.delete(name)))));
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === "navigate") {
    event.respondWith(navigate(request, url));
  } else if (url.pathname.startsWith("/static/")) {
    event.respondWith(networkFirst(request, FILES));
  }
});

async function networkFirst(request, name) {
  try {
    const response = await fetch(request);
    if (response.ok) await (await caches.open(name)).put(request, response.clone());
    return response;
  } catch (e) {
    const kept = await caches.match(request, { cacheName: name });
    if (kept) return kept;
    throw e;
  }
}

async function navigate(request, url) {
  const game = GAME_PAGE.test(url.pathname) && !url.search;
  try {
    const response = await fetch(request);
    if (game && response.ok && response.status === 200) {
      const copy = new Headers(response.headers);
      copy.set("X-Kept-At", new Date().toISOString());
      const body = await response.clone().arrayBuffer();
      await (await caches.open(PAGES)).put(url.pathname, new Response(body, { headers: copy }));
    }
    return response;
  } catch (e) {
    const kept = game ? await caches.match(url.pathname, { cacheName: PAGES }) : undefined;
    if (kept) return readOnly(kept);
    const offline = await caches.match(OFFLINE_URL, { cacheName: SHELL });
    return offline || new Response("You are offline.", {
      status: 503, headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
}

// The kept page, marked on its root element with when it was kept: the page's own
// script (js/app.js) shows the note and makes it read-only.
async function readOnly(kept) {
  const html = await kept.text();
  const when = (kept.headers.get("X-Kept-At") || "").replace(/[^0-9TZ:.+-]/g, "");
  return new Response(html.replace("<html ", `<html data-offline="${when}" `), {
    headers: { "Content-Type": "text/html; charset=utf-8" },
  });
}
