// A tournament's page: its channel says "version n" whenever the bracket moves on or a
// board of one of its duels is adjudicated; the page then fetches itself again and swaps
// the live part (bracket, groups, entrants, places), keeping what the reader has open.
import { fetchPage, listen } from "./lib/transport.js";
import { oneAtATime } from "./lib/refresh.js";

// The bracket scrolls sideways in its own box where it is wider than the screen (a
// phone): while later rounds are out of sight to the right its edge fades and a button
// says so, and takes the reader a column further.
function bracketMark() {
  const frame = document.querySelector(".bracket-frame");
  const box = frame && frame.querySelector(".bracket");
  const more = frame && frame.querySelector(".bracket-more");
  if (!box || !more) return;
  const right = box.scrollLeft + box.clientWidth < box.scrollWidth - 2;
  frame.classList.toggle("more-right", right);
  more.hidden = !right;
}

function bracketWatch(scope) {
  const box = scope.querySelector(".bracket-frame .bracket");
  const more = scope.querySelector(".bracket-frame .bracket-more");
  if (!box || !more) return;
  box.addEventListener("scroll", bracketMark, { passive: true });
  more.addEventListener("click", () => {
    const column = box.querySelector(".bracket-round");
    const step = column ? column.getBoundingClientRect().width : box.clientWidth / 2;
    box.scrollBy({ left: step, behavior: "smooth" });
  });
  bracketMark();
}

(function () {
  const root = document.querySelector(".tournament-page");
  if (!root) return;
  bracketWatch(document);
  window.addEventListener("resize", bracketMark);
  // The version the page shows: it moves only once a fetch of the page is applied, so a
  // fetch that failed is asked for again by the next greeting of the socket.
  let shown = Number(root.dataset.version || 0);

  const refresh = oneAtATime(async () => {
    let doc;
    try {
      doc = await fetchPage();
    } catch (e) {
      return; // no connection: the socket greets with the version again once it is back
    }
    const fresh = doc && doc.getElementById("tournament-live");
    const page = doc && doc.querySelector(".tournament-page");
    if (!fresh || !page) return;
    const version = Number(page.dataset.version || 0);
    if (version < shown) return; // never older than what the page shows
    // Which of the live part's <details> the reader has open, by their place among all
    // of them (not among the open ones alone).
    const open = new Set();
    document.querySelectorAll("#tournament-live details").forEach((d, i) => {
      if (d.open) open.add(i);
    });
    document.getElementById("tournament-live").replaceWith(fresh);
    fresh.querySelectorAll("details").forEach((d, i) => { if (open.has(i)) d.open = true; });
    bracketWatch(fresh);
    shown = version;
    root.dataset.version = String(shown);
  });

  listen(`/ws/tournaments/${root.dataset.tournament}/`, {
    onMessage: (message) => {
      if (message.type === "tournament.changed" && message.version > shown) refresh();
    },
  });
})();
