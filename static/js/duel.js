// The duel page: both boards of a Highlander duel. Each board's channel says "version n";
// when either board moves on, the page fetches itself again and swaps its content.
import { fetchPage, listen } from "./lib/transport.js";
import { oneAtATime } from "./lib/refresh.js";

(function () {
  const root = document.querySelector(".duel-page");
  if (!root) return;
  const seen = {};

  function boardsOf(node) {
    const out = {};
    for (const pair of (node.dataset.boards || "").split(" ").filter(Boolean)) {
      const [id, version] = pair.split(":");
      out[id] = Number(version);
    }
    return out;
  }

  // One fetch at a time (lib/refresh.js): a board moving on meanwhile fetches once more.
  // Each board's version as the page shows it: it moves only once a fetch of the page is
  // applied, so a fetch that failed is asked for again by the socket's next greeting.
  const refresh = oneAtATime(async () => {
    let doc;
    try {
      doc = await fetchPage();
    } catch (e) {
      return; // no connection: each socket greets with its version again once it is back
    }
    const content = doc && doc.getElementById("duel-content");
    const fresh = doc && doc.querySelector(".duel-page");
    if (!content || !fresh) return;
    document.getElementById("duel-content").replaceWith(content);
    for (const [id, version] of Object.entries(boardsOf(fresh))) {
      if (!(id in seen)) { seen[id] = version; connect(id); }  // board B has just begun
      seen[id] = Math.max(seen[id], version);
    }
  });

  function connect(id) {
    listen(`/ws/games/${id}/`, {
      onMessage: (message) => {
        if (message.type === "game.changed" && message.version > (seen[id] || 0)) refresh();
      },
    });
  }

  for (const [id, version] of Object.entries(boardsOf(root))) {
    seen[id] = version;
    connect(id);
  }
})();

