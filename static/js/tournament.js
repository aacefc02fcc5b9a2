// A tournament's page: its channel says "version n" whenever the bracket moves on or a
// board of one of its duels is adjudicated; the page then fetches itself again and swaps
// the live part (bracket, groups, entrants, places), keeping what the reader has open.
import { fetchPage, listen } from "./lib/transport.js";
import { oneAtATime } from "./lib/refresh.js";

(function () {
  const root = document.querySelector(".tournament-page");
  if (!root) return;
  let seen = Number(root.dataset.version || 0);

  const refresh = oneAtATime(async () => {
    const doc = await fetchPage();
    const fresh = doc && doc.getElementById("tournament-live");
    const page = doc && doc.querySelector(".tournament-page");
    if (!fresh || !page) return;
    const open = new Set(
      [...document.querySelectorAll("#tournament-live details[open]")].map((d, i) => i),
    );
    document.getElementById("tournament-live").replaceWith(fresh);
    [...fresh.querySelectorAll("details")].forEach((d, i) => { if (open.has(i)) d.open = true; });
    seen = Math.max(seen, Number(page.dataset.version || 0));
    root.dataset.version = String(seen);
  });

  listen(`/ws/tournaments/${root.dataset.tournament}/`, {
    onMessage: (message) => {
      if (message.type === "tournament.changed" && message.version > seen) {
        seen = message.version;
        refresh();
      }
    },
  });
})();
