// The duel page: both boards of a duel. Each board's channel says "version n";
// when either board moves on, the page fetches itself again and swaps its content.
//
// Its replay (replay.js) steps both boards together, one set of controls: each step of the
// history in step (the page's "duel-steps", games.selectors.link_steps) names each board's
// phase in it, fetched from that board's state API as this viewer may see it. While the
// replay shows a step, the boards are the replay's: a fetch of the page swaps everything
// around them but keeps them as drawn.
import { fetchPage, listen } from "./lib/transport.js";
import { oneAtATime } from "./lib/refresh.js";
import { createBoard } from "./board/draw.js";
import { createReplay } from "./replay.js";

(function () {
  const root = document.querySelector(".duel-page");
  if (!root) return;
  const seen = {};
  const anchorsNode = document.getElementById("map-anchors");
  const anchors = anchorsNode ? JSON.parse(anchorsNode.textContent).units : {};
  const drawers = new WeakMap(); // a board's svg -> its drawing (draw.js)

  function boardsOf(node) {
    const out = {};
    for (const pair of (node.dataset.boards || "").split(" ").filter(Boolean)) {
      const [id, version] = pair.split(":");
      out[id] = Number(version);
    }
    return out;
  }

  const steps = () => {
    const node = document.getElementById("duel-steps");
    // A step's number is what the address names (?phase=), as a phase's index on a game page.
    return node ? JSON.parse(node.textContent).map((s) => ({ ...s, index: s.step })) : [];
  };
  // The step the page shows (?phase=), or the boards as they stand (the last step).
  const pageIndex = () => {
    const content = document.getElementById("duel-content");
    return content && content.dataset.step !== undefined ? Number(content.dataset.step) : null;
  };
  const svgOf = (section) => section.querySelector("svg.board");

  function tracks() {
    return [...document.querySelectorAll(".duel-board[data-label]")].map((section) => {
      const label = section.dataset.label;
      const here = () => document.getElementById(`duel-board-${label}`) || section;
      return {
        key: label,
        stateUrl: section.dataset.stateUrl,
        boardUrl: section.dataset.boardUrl,
        svg: () => svgOf(here()),
        board: () => {
          const svg = svgOf(here());
          if (!drawers.has(svg)) drawers.set(svg, createBoard(svg, anchors));
          return drawers.get(svg);
        },
        at: (ref) => (ref.boards ? ref.boards[label] : null),
        results: () => here().querySelector("[data-replay-results]"),
        note: () => here().querySelector("[data-replay-note]"),
      };
    });
  }

  const somethingDone = () => {
    const list = steps();
    return list.length > 1 || (list.length === 1 && !list[0].present);
  };

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
    if (replay.active()) {
      // The boards as the replay drew them stay.
      for (const section of content.querySelectorAll(".duel-board[data-label]")) {
        const old = document.getElementById(`duel-board-${section.dataset.label}`);
        const drawn = old && svgOf(old);
        const blank = svgOf(section);
        if (drawn && blank) blank.replaceWith(drawn);
      }
    }
    document.getElementById("duel-content").replaceWith(content);
    for (const [id, version] of Object.entries(boardsOf(fresh))) {
      if (!(id in seen)) { seen[id] = version; connect(id); }  // board B has just begun
      seen[id] = Math.max(seen[id], version);
    }
    replay.update(somethingDone());
  });

  const replay = createReplay({
    steps,
    pageIndex,
    tracks,
    // Arrived at the boards as they stand: the page shows them as ever.
    onExit: () => refresh(),
    // Resting on a step: the page (each board's phase, its centers and units) follows it.
    onRest: () => refresh(),
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
  replay.update(somethingDone());
})();
