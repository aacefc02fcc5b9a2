// The site as an app: on every page, the service worker (/sw.js: pushes, and the pages
// kept for reading offline) is registered; a page the worker served from what it kept
// (offline) says so and is read-only; the offline page lists the games kept; and what was
// kept for one person is emptied when another signs in on this device.

const root = document.documentElement;
const offline = root.dataset.offline !== undefined;
const PAGES = "pages";

if ("serviceWorker" in navigator && !offline) {
  navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(() => {
    // No worker (a private window, a browser that refuses): the site works as before.
  });
}

// The games kept are one person's view of them (his orders, his press): never another's.
// (The offline page says nobody: the worker fetched it signed out.)
if ("caches" in window && !offline && document.body.dataset.user !== undefined) {
  const who = document.body.dataset.user;
  const before = window.localStorage.getItem("site-user");
  if (before !== null && before !== who) caches.delete(PAGES);
  window.localStorage.setItem("site-user", who);
}

if (offline) {
  const note = document.getElementById("offline-note");
  if (note) {
    const kept = new Date(root.dataset.offline);
    const when = Number.isNaN(kept.getTime()) ? "" : kept.toLocaleString(root.lang || undefined,
      { dateStyle: "medium", timeStyle: "short" });
    note.querySelector("[data-kept]").textContent = when;
    note.hidden = false;
  }
  // Nothing can be sent: every form of the page is shown as it was, and inert (a page's
  // own script, which may enable a button as it draws, cannot undo that). The board stays
  // live: it zooms and pans for reading.
  for (const form of document.querySelectorAll("main form")) form.inert = true;
  // Back online, the live page replaces the kept one. The browser's word is not enough:
  // it says "online" on joining a network that does not reach the site (a hotel's sign-in
  // page), and Chrome says it now and then while still offline; a reload then would only
  // serve the kept page again, and would cancel wherever the player was going. So the site
  // is asked first (the manifest: small, and never answered by the worker).
  window.addEventListener("online", async () => {
    try {
      const answer = await fetch("/manifest.webmanifest", { cache: "no-store" });
      if (answer.ok) window.location.reload();
    } catch (e) {
      // Still unreachable: the next "online" tries again.
    }
  });
}

// The offline page: the games this device keeps, each by its page's title.
const list = document.getElementById("kept-games");
if (list && "caches" in window) {
  (async () => {
    const cache = await caches.open(PAGES);
    // Each page's title ends with the site's name, as this page's does: it is left out.
    const own = document.title.lastIndexOf(" · ");
    const site = own >= 0 ? document.title.slice(own) : null;
    const items = [];
    for (const request of await cache.keys()) {
      const page = await cache.match(request);
      const html = page ? await page.text() : "";
      let title = new DOMParser().parseFromString(html, "text/html").title;
      if (site && title.endsWith(site)) title = title.slice(0, -site.length);
      const li = document.createElement("li");
      const link = document.createElement("a");
      link.href = new URL(request.url).pathname;
      link.textContent = title || link.href;
      li.append(link);
      items.push(li);
    }
    if (items.length) {
      list.replaceChildren(...items);
      list.hidden = false;
      const none = document.getElementById("kept-none");
      if (none) none.hidden = true;
    }
  })();
}
