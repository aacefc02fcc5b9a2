// The game page: draws units and orders on the board, lets a player click or type
// orders (checked against the adjudicator's legal list and its messages), and keeps
// the page live: a websocket says "version n", and the page re-fetches what this
// viewer may see. Nothing secret ever arrives on the socket. Orders, the typed-order
// check and the ready mark go through the public API (/api/v1/games/<id>/...), with the
// page's session and CSRF token; its errors are {"message": ...} (see problemText).
//
// Variants set a game up before play in phase kinds of their own, where a click on the
// map means what the kind's widget says (a center put on a list, a unit placed, a pick).
// Those widgets are setup/ (one module per kind); the board's layers are drawn by
// board/draw.js. A variant's own parts of the panel bind themselves through the
// "game:panel" event (static/js/variants/). The press panel is press.js; the duel page's is duel.js. Requests and
// the socket go through lib/transport.js. The history's replay is replay.js: while it
// plays, the board is its own and this page's drawing leaves it alone.
import { fetchPage, format, gettext, listen, post, send } from "./lib/transport.js";
import { oneAtATime } from "./lib/refresh.js";
import { createBoard, parseOrder, province } from "./board/draw.js";
import {
  clickedOrder, convoyableAt as armyToConvoyAt, goesTo, orderKey, ordersTo as ordersGiven,
  supportableAt as unitToSupportAt, unitOn,
} from "./board/ordering.js";
import { enableZoom } from "./board/zoom.js";
import { isTouch, provincesNear, smallOnScreen } from "./board/touch.js";
import { clearMarks, setupWidget } from "./setup/index.js";
import { closeChooser, openChooser } from "./setup/widgets.js";
import { createReplay } from "./replay.js";

(function () {
  const root = document.querySelector(".game");
  if (!root) return;
  const svg = document.getElementById("board");
  const anchors = JSON.parse(document.getElementById("map-anchors").textContent).units;
  const board = createBoard(svg, anchors);
  let state = readState();
  const replay = createReplay({
    steps: () => state.phases,
    pageIndex: () => (state.phase ? state.phase.index : null),
    // One board, every phase its own.
    tracks: () => [{
      key: "board",
      svg: () => svg,
      board: () => board,
      stateUrl: root.dataset.stateUrl,
      boardUrl: root.dataset.boardUrl,
      at: (ref) => ({ index: ref.index, own: true }),
      results: () => document.getElementById("replay-results"),
      // Whatever this page drew over the board (a set-up's marks, a selection) goes first.
      beforeDraw: () => {
        selected = null;
        closeChooser();
        clearMarks(svg);
        highlight();
      },
    }],
    // Arrived at the open phase: the page shows it as ever (fetched if another phase is
    // the page's now), with the viewer's own orders.
    onExit: () => {
      const latest = state.phases.length ? state.phases[state.phases.length - 1].index : null;
      if (phaseShown() !== latest) refresh();
      else render();
    },
    // Resting on a phase: the panel (its words, notes, downloads) follows it.
    onRest: (index) => {
      if (phaseShown() !== index) refresh();
    },
    onShow: (step) => headPhase(step),
  });

  // The panel's heading names the phase the board shows: while the replay shows an earlier
  // one (``step``; null: the page's own again), its name, and in place of the live
  // deadline that it is past, with the way back to the latest phase.
  function headPhase(step) {
    const heading = document.getElementById("phase-heading");
    if (!heading) return;
    const latest = state.phases.length ? state.phases[state.phases.length - 1].index : null;
    const note = document.getElementById("past-phase");
    const past = step ? step.index !== latest : Boolean(note && note.dataset.past);
    const name = step ? step.name : heading.dataset.name;
    if (heading.textContent !== name) heading.textContent = name;
    if (note) note.hidden = !past;
    const deadline = document.getElementById("phase-deadline");
    if (deadline) deadline.hidden = Boolean(step) && past;
  }

  // The way back to the latest phase, from a past one: the replay stops and the panel
  // shows the latest phase, as the phase list does (without script, the link).
  document.addEventListener("click", (event) => {
    const link = event.target.closest && event.target.closest("#to-latest");
    if (!link) return;
    event.preventDefault();
    replay.stop();
    const url = new URL(window.location.href);
    url.searchParams.delete("phase");
    window.history.pushState({}, "", url);
    refresh();
  });
  let selected = null; // {unit: "A par", province: "par", mode, supported?, army?}
  // The order mode picked on the buttons under the map (a movement phase): "move" (a tap
  // on a unit, then where it goes, or on the unit again to hold), "hold", "support" or
  // "convoy". Shift and Alt as one clicks give a support or a convoy in any mode.
  let mode = "move";
  let busy = false;
  // My orders as changed on this page and not yet saved (null: none), the phase they are
  // for, and whether a save is under way. Clicks keep coming while the server answers:
  // each changes this list at once, and one save at a time sends the latest of it, so no
  // click is lost and an older list never replaces a newer one.
  let pending = null;
  let pendingPhase = null;
  let saving = false;
  // Saves answered so far: a page fetched while one was answered may show older orders.
  let savesDone = 0;
  // The board keeps its zoom in this tab; "My area" zooms to the player's own part, and a
  // phone opens on it.
  enableZoom(svg, document.getElementById("zoom-controls"), {
    key: `board:${window.location.pathname}`,
    area: myArea,
  });

  // The player's own part of the board, in board units, as the server drew it: his units
  // and his centres (every power his seat gives orders for) and, in a set-up step or a
  // variant's own step, the places his orders there name; before his first such order,
  // the places he may choose; in a retreat, his dislodged units and where they may go.
  // Null for an observer, or a player with nothing.
  function myArea() {
    const me = state.me;
    if (!me) return null;
    const powers = new Set([me.power, me.acting, ...(me.gives || []).map((g) => g.power)]);
    // A place by its supply centre, else its label: a large province's outline (St
    // Petersburg's, Moscow's) would take in half the map.
    const markOf = (prov) => svg.querySelector(`#centers [data-center="${prov}"]`)
      || svg.querySelector(`#labels [data-label="${prov}"]`)
      || svg.querySelector(`#provinces [data-province="${prov}"]`);
    const parts = [];
    const retreats = state.phase && state.phase.kind === "R" ? myLegal() : {};
    if (Object.keys(retreats).length) {
      // A retreat: the units he must retreat, and where each may go, not his whole
      // country (a dislodged unit at its edge was cut off on a phone).
      for (const power of powers) {
        if (power) parts.push(...svg.querySelectorAll(`#units .dislodged[data-power="${power}"]`));
      }
      for (const text of Object.values(retreats).flat()) {
        const o = parseOrder(text);
        const mark = o.dest && markOf(province(o.dest));
        if (mark) parts.push(mark);
      }
    }
    for (const power of parts.length ? [] : powers) {
      if (!power) continue;
      parts.push(...svg.querySelectorAll(
        `#units [data-power="${power}"], #centers [data-owner="${power}"]`));
    }
    if (setupKind()) {
      const legal = myLegal();
      const mine = new Set(myOrders());
      const chosen = Object.keys(legal).filter((p) => legal[p].some((o) => mine.has(o)));
      const places = chosen.length || parts.length ? chosen : Object.keys(legal);
      for (const prov of places) {
        const mark = markOf(prov);
        if (mark) parts.push(mark);
      }
    }
    let box = null;
    for (const part of parts) {
      const b = boardBox(part);
      box = box === null ? { x1: b.x, y1: b.y, x2: b.x + b.width, y2: b.y + b.height } : {
        x1: Math.min(box.x1, b.x), y1: Math.min(box.y1, b.y),
        x2: Math.max(box.x2, b.x + b.width), y2: Math.max(box.y2, b.y + b.height),
      };
    }
    return box && { x: box.x1, y: box.y1, w: box.x2 - box.x1, h: box.y2 - box.y1 };
  }

  // A piece's box in board units. getBBox leaves out the piece's own transform, and a
  // unit is drawn at (0, 0) and moved to its place by one.
  function boardBox(node) {
    const b = node.getBBox();
    const list = node.transform && node.transform.baseVal;
    if (!list || !list.numberOfItems) return b;
    let m = svg.createSVGMatrix();
    for (let i = 0; i < list.numberOfItems; i += 1) m = m.multiply(list.getItem(i).matrix);
    const xs = [];
    const ys = [];
    for (const [x, y] of [[b.x, b.y], [b.x + b.width, b.y], [b.x, b.y + b.height],
      [b.x + b.width, b.y + b.height]]) {
      xs.push(m.a * x + m.c * y + m.e);
      ys.push(m.b * x + m.d * y + m.f);
    }
    const x = Math.min(...xs);
    const y = Math.min(...ys);
    return { x, y, width: Math.max(...xs) - x, height: Math.max(...ys) - y };
  }

  function readState() {
    return JSON.parse(document.getElementById("game-state").textContent);
  }

  // Save my orders for a phase (by default the one on show), replacing those saved. The
  // phase's index goes with them, as with every write in a phase (the ready mark, votes):
  // if the phase has moved on meanwhile, the server refuses them (409) rather than take
  // them for the next one.
  // The power whose orders this page gives: the seat's own, or another it orders for now
  // (chosen by the page's ?as=).
  function acting() {
    return (state.me && (state.me.acting || state.me.power)) || null;
  }

  // The "power" a request names: only when it is not the seat's own.
  function forPower(body) {
    if (state.me && state.me.acting && state.me.acting !== state.me.power) body.power = state.me.acting;
    return body;
  }

  function putOrders(list, phaseIndex) {
    const body = forPower({ orders: list });
    const index = phaseIndex === undefined ? (state.phase ? state.phase.index : null) : phaseIndex;
    if (index !== null) body.phase = index;
    return send("PUT", root.dataset.ordersUrl, body);
  }

  // An error reply in words: {"message": ...}, with the orders not accepted ("problems")
  // or, for invalid input, what was wrong per field ("errors"). A 429 (too many requests)
  // is a message like any other.
  function problemText(data, withOrders) {
    const problems = (data.problems || []).map((p) => (withOrders ? `${p.order}: ${p.message}` : p.message));
    if (problems.length) return problems.join("; ");
    const details = Object.entries(data.errors || {}).map(
      ([field, list]) => `${field}: ${[].concat(list).join(" ")}`);
    return [data.message, ...details].filter(Boolean).join(" — ");
  }

  // -- drawing ----------------------------------------------------------------

  // The board's pieces as the server drew them for the phase the page shows (variants/
  // board.py, games.selectors.board_shown): the units, the orders (an adjudicated phase's
  // results, none in a set-up phase, else the orders this viewer may read, his own as
  // saved) and who owns each province and center. The page's own board first, then each
  // page fetched live; put in as they came, also when a replay hands the board back. The
  // page draws only its player's own orders while he changes them (ownOrders).
  let served = servedPieces(document, state);

  function servedPieces(doc, shown) {
    const pieces = {};
    for (const id of ["units", "orders"]) {
      const group = doc.getElementById(id);
      if (group) pieces[id] = Array.from(group.childNodes, (node) => node.cloneNode(true));
    }
    const owners = (selector, key) => Array.from(doc.querySelectorAll(selector),
      (node) => [node.getAttribute(key), node.getAttribute("data-owner")]);
    return {
      pieces,
      provinces: owners("#provinces [data-province]", "data-province"),
      centers: owners("#centers [data-center]", "data-center"),
      // The player's own orders as the server drew them.
      mine: [...((shown.me && shown.me.orders) || [])],
    };
  }

  function putServed() {
    for (const [id, nodes] of Object.entries(served.pieces)) {
      const group = svg.querySelector(`#${id}`);
      if (group) group.replaceChildren(...nodes.map((node) => document.importNode(node, true)));
    }
    // Owners are attributes of the provinces and centers in place (their click handlers
    // and a set-up widget's marks stay on them).
    for (const [layer, key, owners] of [["provinces", "data-province", served.provinces],
      ["centers", "data-center", served.centers]]) {
      for (const [name, owner] of owners) {
        const node = svg.querySelector(`#${layer} [${key}="${name}"]`);
        if (!node) continue;
        if (owner) node.setAttribute("data-owner", owner);
        else node.removeAttribute("data-owner");
      }
    }
  }

  const sameList = (a, b) => a.length === b.length && a.every((text, i) => text === b[i]);

  function render() {
    const phase = state.phase;
    if (!phase) return;
    replay.update(state.phases.length > 1 || Boolean(phase.results));
    if (replay.active()) {
      // The replay draws the board; the panel's parts are still this page's.
      renderOrderList();
      renderSetupPanel();
      renderSaving();
      return;
    }
    putServed();
    board.variantLayer(phase.layer);
    // In a step whose targets are places (a set-up's, a variant's own), a click on a unit
    // marker reaching over a border goes to the province under it.
    svg.classList.toggle("placing", Boolean(setupKind()));
    // The player's own orders as they stand on this page, where they are not yet what the
    // server drew: the only pieces the page draws itself.
    if (!phase.results && !phase.setup && state.me && phase.is_current && !sameList(myOrders(), served.mine)) {
      board.ownOrders(acting(), myOrders(), phase);
    }
    drawSetup();
    highlight();
    renderOrderList();
    renderSetupPanel();
    renderSaving();
  }

  // -- ordering -----------------------------------------------------------------

  function myLegal() {
    return (state.me && state.phase && state.phase.is_current && state.me.legal) || {};
  }

  function highlight() {
    svg.querySelectorAll(".prov.selected, .prov.target").forEach((p) =>
      p.classList.remove("selected", "target"));
    if (!selected) return;
    const own = svg.querySelector(`#provinces [data-province="${selected.province}"]`);
    if (own) own.classList.add("selected");
    for (const text of myLegal()[selected.province] || []) {
      const o = parseOrder(text);
      if (goesTo(o) && selected.mode === "move") {
        const p = svg.querySelector(`#provinces [data-province="${province(o.dest)}"]`);
        if (p) p.classList.add("target");
      }
    }
  }

  // The last message, kept so that a panel refresh does not wipe it: it stays until the
  // player's next action, or until another phase is shown.
  let lastError = { text: "", at: 0 };
  function setError(message) {
    lastError = { text: message || "", at: Date.now() };
    const box = document.getElementById("order-error");
    if (box) box.textContent = message || "";
    // The same words under the map, where a player tapping it on a phone looks.
    const near = document.getElementById("map-status");
    if (near) near.textContent = message || "";
  }

  function unitAt(prov) {
    const legal = myLegal()[prov];
    if (!legal || !legal.length) return null;
    const first = legal[0].split(" ");
    return first[0] === "WAIVE" ? null : `${first[0]} ${first[1]}`;
  }

  function anyUnitAt(prov) {
    return unitOn(state.phase.units, prov);
  }

  // One of several orders a tap may mean (a move to either coast of Spain, an army or a
  // fleet built): the small menu the set-up phases use, beside the tap; one goes at once.
  function choose(candidates, event, title) {
    if (!candidates.length) return;
    if (candidates.length === 1) return addOrder(candidates[0]);
    const choices = candidates.map((text) => ({ label: orderLabel(text), value: text }));
    openChooser(event, title, choices, (text) => { if (text) addOrder(text); });
  }

  // A candidate in the menu: where a move goes ("Spain (north coast)"), the unit a build
  // makes ("Fleet in St Petersburg (north coast)").
  function orderLabel(text) {
    const o = parseOrder(text);
    if (o.kind === "build") return unitLabel(text);
    if (goesTo(o)) return placeName(o.dest);
    return text;
  }

  function setMode(next) {
    mode = next;
    selected = null;
    highlight();
    for (const b of document.querySelectorAll("#order-modes [data-mode]")) {
      b.setAttribute("aria-pressed", b.dataset.mode === mode ? "true" : "false");
    }
    const hints = {
      move: gettext("Tap one of your units, then where it goes (the unit again: it holds)."),
      hold: gettext("Tap one of your units: it holds."),
      support: gettext("Tap the unit that supports, then the unit it supports, then where that one goes (or it again, to hold)."),
      convoy: gettext("Tap the fleet that convoys, then the army, then where the army goes."),
    };
    setError(hints[mode] || "");
  }

  function bindModes() {
    for (const b of document.querySelectorAll("#order-modes [data-mode]")) {
      b.setAttribute("aria-pressed", b.dataset.mode === mode ? "true" : "false");
      b.addEventListener("click", () => setMode(b.dataset.mode));
    }
  }

  function onProvinceClick(prov, event) {
    closeChooser();
    const kind = state.phase.kind;
    // A phase of play whose clicks are no unit's orders (a variant's own kind): its widget
    // says what a click means, whatever the legal list (which may not list such orders).
    const own = setupWidget(kind);
    if (own && own.ofPlay) return setupKind() ? own.click(setupContext, prov, event) : undefined;
    const legal = myLegal();
    if (!Object.keys(legal).length) return;
    if (state.phase.setup) {
      const widget = setupWidget(kind);
      return widget ? widget.click(setupContext, prov, event) : undefined;
    }
    if (kind === "A") {
      const options = legal[prov];
      if (!options) return setError("");
      return choose(options, event, placeName(prov));
    }
    const movement = kind === "M";
    if (!selected) {
      const unit = unitAt(prov);
      if (!unit) return setError(gettext("Click one of your own units first."));
      const wants = movement ? mode : "move";
      if (wants === "hold") {
        const hold = (legal[prov] || []).filter((o) => o.endsWith(" H"));
        if (!hold.length) return setError(gettext("That order is not possible."));
        return choose(hold, event, placeName(prov));
      }
      if (wants === "convoy" && unit[0] !== "F") return setError(gettext("Only a fleet convoys."));
      const picking = { support: "support-pick", convoy: "convoy-pick" }[wants] || "move";
      selected = { unit, province: prov, mode: picking };
      setError(picking === "support-pick" ? gettext("Now click the unit to support.")
        : picking === "convoy-pick" ? gettext("Click the army to convoy.") : "");
      return highlight();
    }
    if (selected.mode === "support-pick") {
      const other = supportableAt(prov);
      if (!other) return setError(gettext("There is no unit there to support."));
      selected = { ...selected, mode: "support", supported: other };
      return setError(gettext("Now click where the supported unit goes (or the unit itself, to hold)."));
    }
    if (selected.mode === "convoy-pick") {
      const other = convoyableAt(prov);
      if (!other) return setError(gettext("Click the army to convoy."));
      selected = { ...selected, mode: "convoy", army: other };
      return setError(gettext("Now click where the army goes."));
    }
    if (selected.mode === "move" && event.shiftKey && kind === "M") {
      const other = anyUnitAt(prov);
      if (!other) return setError(gettext("There is no unit there to support."));
      selected = { ...selected, mode: "support", supported: other };
      return setError(gettext("Now click where the supported unit goes (or the unit itself, to hold)."));
    }
    if (selected.mode === "move" && event.altKey && kind === "M") {
      const other = anyUnitAt(prov);
      if (!other || other[0] !== "A") return setError(gettext("Click the army to convoy."));
      selected = { ...selected, mode: "convoy", army: other };
      return setError(gettext("Now click where the army goes."));
    }
    const wanted = ordersTo(prov);
    const tried = wanted.length ? null : clickedOrder(selected, prov);
    selected = null;
    highlight();
    if (wanted.length) {
      setError("");
      return choose(wanted, event, placeName(prov));
    }
    if (tried) return explainRefusal(tried);
    setError(gettext("That order is not possible."));
  }

  // What a tap on ``prov`` means at this step (board/ordering.js, shared with the sandbox).
  const supportableAt = (prov) => unitToSupportAt(state.phase.units, selected, prov);
  const convoyableAt = (prov) => armyToConvoyAt(state.phase.units, prov);
  const ordersTo = (prov) => ordersGiven(myLegal()[selected.province] || [], selected, prov);

  // A tap by a finger (board/touch.js): of the provinces within its reach, the ones it
  // could mean at this step; one goes at once, and when a small one is among several a
  // menu asks which. A mouse's click, and the set-up phases' widgets, take the province
  // under the pointer.
  function onTap(prov, event) {
    if (replay.active()) return; // the board shows another phase: nothing to order on it
    if (!isTouch(event) || state.phase.setup || !Object.keys(myLegal()).length) {
      return onProvinceClick(prov, event);
    }
    const useful = provincesNear(svg, event, prov).filter(tapMeans);
    if (!useful.length) return onProvinceClick(prov, event);
    if (useful.length === 1) return onProvinceClick(useful[0], event);
    if (useful[0] === prov && !useful.some((p) => smallOnScreen(svg, p))) {
      return onProvinceClick(prov, event);
    }
    closeChooser();
    const choices = useful.map((p) => ({ label: placeName(p), value: p }));
    openChooser(event, gettext("Which province?"), choices, (p) => { if (p) onProvinceClick(p, event); });
  }

  // Whether a tap on a province would do something at this step of ordering.
  function tapMeans(prov) {
    if (!selected || state.phase.kind === "A") return prov in myLegal();
    if (selected.mode === "support-pick") return Boolean(supportableAt(prov));
    if (selected.mode === "convoy-pick") return Boolean(convoyableAt(prov));
    return ordersTo(prov).length > 0;
  }

  // Why a clicked order is refused: the same check, and words, as for a typed one.
  async function explainRefusal(text) {
    const fallback = gettext("That order is not possible.");
    let answer;
    try {
      answer = await post(root.dataset.checkUrl, forPower({ order: text }));
    } catch (e) {
      return setError(fallback);
    }
    const { ok, data } = answer;
    if (ok && data.ok) return addOrder(data.order);
    setError((ok ? data.message : problemText(data, true)) || fallback);
  }

  // An order for a unit replaces the one it had, built on the list as it stands on this
  // page (saved or not), so that a click made while an earlier one is being saved keeps it.
  function addOrder(text) {
    const key = orderKey(text);
    const next = myOrders().filter((o) => orderKey(o) !== key);
    next.push(text);
    changeOrders(next);
  }

  function removeOrder(text) {
    changeOrders(myOrders().filter((o) => o !== text));
  }

  // The list of my orders in a movement, retreat or adjustment phase, drawn from the
  // orders as they stand on this page (the server's list until the player changes it).
  function renderOrderList() {
    const list = document.getElementById("order-list");
    if (!list || !state.me) return;
    const items = myOrders().map((text) => {
      const li = document.createElement("li");
      li.dataset.order = text;
      const code = document.createElement("code");
      code.textContent = text;
      const button = document.createElement("button");
      button.type = "button";
      button.className = "remove link";
      button.dataset.remove = text;
      button.setAttribute("aria-label", list.dataset.removeLabel || "✕");
      button.textContent = "✕";
      button.addEventListener("click", () => removeOrder(text));
      li.append(code, " ", button);
      const fault = state.me.faults && state.me.faults[text];
      if (fault) {
        li.classList.add("faulty");
        const why = document.createElement("span");
        why.className = "fault";
        why.textContent = ` ${format(gettext("void when adjudicated: %(problem)s"), { problem: fault })}`;
        li.append(why);
      }
      return li;
    });
    if (!items.length) {
      const empty = document.createElement("li");
      empty.className = "empty";
      empty.textContent = list.dataset.empty || "";
      items.push(empty);
    }
    list.replaceChildren(...items);
  }

  // A typed order is checked when the player sends it (Enter), not as they type: one
  // check at a time, and a held-down Enter sends nothing more.
  let checking = false;
  async function checkTyped(input) {
    const text = input.value.trim();
    if (!text || checking) return;
    checking = true;
    let answer;
    try {
      answer = await post(root.dataset.checkUrl, forPower({ order: text }));
    } catch (e) {
      return setError(gettext("The order could not be checked: there is no connection to the server."));
    } finally {
      checking = false;
    }
    const { ok, data } = answer;
    if (ok && data.ok) {
      input.value = "";
      addOrder(data.order);
    } else if (ok && state.game.strict_orders) {
      // Read strictly (as the variant says): a faulty order is kept as written, never
      // rewritten, and is void when adjudicated; the player is told what is wrong with it.
      input.value = "";
      addOrder(text.split(/\s+/).join(" "));
      setError(format(gettext("Kept as you wrote it, and void when adjudicated: %(problem)s"), { problem: data.message }));
    } else {
      setError(ok ? data.message : problemText(data, true));
    }
  }

  // -- setting a game up (and a phase of play with a widget of its own) -----------------

  // The kind of set-up phase this viewer gives orders in now (its letter), or null.
  function setupKind() {
    const phase = state.phase;
    if (!phase || !phase.is_current || !state.me) return null;
    const widget = setupWidget(phase.kind);
    return phase.setup || (widget && widget.ofPlay) ? phase.kind : null;
  }

  // My orders as they stand on this page: the unsaved list while there is one for the
  // phase on show, else the server's.
  function myOrders() {
    const phase = state.phase;
    if (pending !== null && phase && phase.is_current && phase.index === pendingPhase) return pending;
    return (state.me && state.me.orders) || [];
  }

  // Whether changes made on this page are still being saved.
  const unsaved = () => pending !== null || saving;

  function coastName(code) {
    const names = {
      nc: gettext("north coast"), sc: gettext("south coast"),
      ec: gettext("east coast"), wc: gettext("west coast"),
    };
    return names[code] || code;
  }

  let provinceNames = null;
  // A place in words: the page's own names when it has them (in the reader's language),
  // else the label drawn on the board.
  function placeName(loc) {
    if (provinceNames === null) {
      const node = document.getElementById("province-names");
      provinceNames = node ? JSON.parse(node.textContent) : {};
    }
    if (provinceNames[loc]) return provinceNames[loc];
    const prov = province(loc);
    let name = provinceNames[prov];
    if (!name) {
      const label = svg.querySelector(`#labels [data-label="${prov}"]`);
      name = label ? label.textContent : prov;
    }
    const coast = loc.includes("/") ? loc.split("/")[1] : null;
    return coast ? `${name} (${coastName(coast)})` : name;
  }

  // "A vie B" -> "Army in Vienna"; "F spa/nc B" -> "Fleet in Spain (north coast)".
  function unitLabel(text) {
    const [kind, loc] = text.split(" ");
    const template = kind === "F" ? gettext("Fleet in %(place)s") : gettext("Army in %(place)s");
    return format(template, { place: placeName(loc) });
  }

  // What a set-up phase shows on the board (setup/): marks everyone watching sees, then
  // the widget's own for the player setting up.
  function drawSetup() {
    clearMarks(svg);
    const phase = state.phase;
    if (!phase || phase.status !== "open") return;
    const widget = setupWidget(phase.kind);
    if (!widget || !(phase.setup || widget.ofPlay)) return;
    if (widget.drawShared) widget.drawShared(setupContext);
    if (!setupKind()) return;
    // The viewer's colour, for the marks (see site.css: --me).
    svg.style.setProperty("--me", `var(--${acting()})`);
    widget.draw(setupContext);
  }

  // The count and the list of a set-up whose widget has a panel, from the orders as they
  // stand on this page (saved or not).
  function renderSetupPanel() {
    const widget = setupWidget(setupKind());
    const count = document.getElementById("setup-count");
    if (!widget || !widget.panel || !count || !document.getElementById("setup-list")) return;
    widget.panel(setupContext, count);
    // The server's last word on the list is hidden while a change is being saved.
    const problem = document.getElementById("setup-problem");
    if (problem) problem.hidden = unsaved();
  }

  // While changes are being saved: "Saving…" (or why not yet), and no "ready" until they
  // are, for the ready mark would be taken back by the save arriving after it.
  let savingNote = "";
  function renderSaving() {
    const status = document.getElementById("order-status");
    if (status) status.textContent = unsaved() ? savingNote || gettext("Saving…") : "";
    const ready = document.getElementById("ready-button");
    if (ready) ready.disabled = unsaved() || (ready.dataset.ready === "0" && ready.dataset.problem === "1");
  }

  // Keep a change of my orders on this page at once, and save it: one save at a time,
  // in order, each sending the list as it stands then.
  function changeOrders(next) {
    if (pending === null) pendingPhase = state.phase.index;
    pending = next;
    setError("");
    render();
    persist();
  }

  const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

  async function persist() {
    if (saving) return;
    saving = true;
    let delay = 1000;
    try {
      for (;;) {
        const sent = pending;
        if (sent === null) break;
        const phaseIndex = pendingPhase;
        let answer = null;
        try {
          answer = await putOrders(sent, phaseIndex);
        } catch (e) {
          answer = null; // no connection: the same list is sent again below
        }
        if (answer === null || answer.status === 429 || answer.status >= 500) {
          // Not refused for what it says (no connection, too many requests, the server
          // failing): the latest list is sent again after a wait. Saving replaces the
          // whole list, so sending it twice does no harm.
          const seconds = answer && answer.retryAfter ? answer.retryAfter : delay / 1000;
          delay = Math.min(delay * 2, 30000);
          let why = gettext("Not saved yet: there is no connection to the server. Trying again in %(seconds)s s.");
          if (answer && answer.status === 429) {
            why = gettext("Not saved yet: too many changes at once. Trying again in %(seconds)s s.");
          } else if (answer) {
            why = gettext("Not saved yet: the server failed. Trying again in %(seconds)s s.");
          }
          savingNote = format(why, { seconds: Math.ceil(seconds) });
          renderSaving();
          await sleep(seconds * 1000);
          continue;
        }
        savingNote = "";
        delay = 1000;
        if (!answer.ok) {
          // Refused: the page goes back to what is saved, and says so (changes made since
          // were built on the refused list, and go with it). Refused because the phase is
          // over (409): the page shows the new one first, and then says why.
          pending = null;
          const why = format(gettext("Not saved: %(problem)s"), { problem: problemText(answer.data, true) });
          if (answer.status === 409) await refresh();
          setError(why);
          break;
        }
        savesDone += 1;
        const phase = state.phase;
        if (state.me && phase && phase.index === phaseIndex) {
          state.me.orders = answer.data.orders;
          state.me.ready = answer.data.ready;
        }
        if (pending !== sent) continue; // changed meanwhile: send the newer list
        pending = null;
        // The rest of the panel (its ready mark, what is still missing) from the server.
        await refresh();
      }
    } finally {
      saving = false;
      savingNote = "";
    }
    render();
  }

  // Orders sent and marked ready at once, as a draft's pick is: one per phase, no
  // take-backs.
  async function sendFinal(text) {
    if (busy || !text) return;
    busy = true;
    pending = [text];
    const phaseIndex = state.phase.index;
    pendingPhase = phaseIndex;
    render();
    let problem = "";
    try {
      const saved = await putOrders([text], phaseIndex);
      if (!saved.ok) {
        problem = problemText(saved.data, false);
      } else {
        savesDone += 1;
        const ready = await post(root.dataset.readyUrl, { ready: true, phase: phaseIndex });
        if (!ready.ok) problem = problemText(ready.data, false);
      }
    } catch (e) {
      problem = gettext("The pick was not made: there is no connection to the server. Try again.");
    } finally {
      busy = false;
      pending = null;
    }
    // Said after the page is fetched again: a refusal because the pick's phase is over
    // (409) is shown on the new phase, not wiped with the old one.
    await refresh();
    if (problem) setError(problem);
  }

  // What the set-up widgets (setup/) may read and do.
  const setupContext = {
    svg,
    board,
    get state() { return state; },
    legal: () => myLegal(),
    myOrders: () => myOrders(),
    changeOrders: (next) => changeOrders(next),
    setError: (message) => setError(message),
    placeName: (loc) => placeName(loc),
    unitLabel: (text) => unitLabel(text),
    busy: () => busy,
    sendFinal: (text) => sendFinal(text),
  };

  // -- the panel, the clock and the live channel ------------------------------------

  function bindPanel() {
    const input = document.getElementById("order-input");
    const form = document.getElementById("order-form");
    if (form && input) {
      form.addEventListener("submit", (e) => { e.preventDefault(); checkTyped(input); });
      input.addEventListener("keydown", (e) => {
        if (e.key === "Enter") {
          e.preventDefault();
          if (!e.repeat) checkTyped(input);
        }
      });
    }
    // The variant's own parts of a new panel (static/js/variants/<id>.js, loaded before
    // this) bind themselves here; an order they add is checked as a typed one.
    document.dispatchEvent(new CustomEvent("game:panel", {
      detail: { addOrder: (text) => checkTyped({ value: text }) },
    }));
    // The players' votes (a draw, a concession, cancelling, a pause, its end): sent through
    // the API and the panel fetched again, as the socket would. Without a script the forms
    // post to the page. A concession's box is checked by the browser before this runs.
    for (const voteForm of document.querySelectorAll("#votes form.vote")) {
      voteForm.addEventListener("submit", async (e) => {
        e.preventDefault();
        const kind = voteForm.querySelector("[name=kind]").value;
        const accept = voteForm.querySelector("[name=accept]").value === "1";
        // The phase on show, as the form carries it (a new panel after each refresh).
        const phase = Number(voteForm.querySelector("[name=phase]").value);
        let problem = "";
        try {
          const { ok, data } = await post(root.dataset.votesUrl, { kind, accept, phase });
          if (!ok) problem = problemText(data, false);
        } catch (err) {
          problem = gettext("Not saved: there is no connection to the server. Try again.");
        }
        await refresh();
        const box = document.getElementById("vote-error");
        if (box) box.textContent = problem;
      });
    }
    const readyForm = document.getElementById("ready-form");
    if (readyForm) {
      readyForm.addEventListener("submit", async (e) => {
        e.preventDefault();
        if (unsaved()) return; // the button is disabled meanwhile (see renderSaving)
        const ready = readyForm.querySelector("[name=ready]").value === "1";
        // The phase the player is looking at, as the form carries it: a mark meant for it
        // never lands on the next one (the server refuses it once the phase is over).
        const phase = Number(readyForm.querySelector("[name=phase]").value);
        let problem = "";
        try {
          const { ok, data } = await post(root.dataset.readyUrl, { ready, phase });
          if (!ok) problem = problemText(data, true);
        } catch (err) {
          problem = gettext("Not saved: there is no connection to the server. Try again.");
        }
        // Said after the page is fetched again, so that a refusal because the phase is
        // over is shown on the new phase rather than wiped with the old one.
        await refresh();
        if (problem) setError(problem);
      });
    }
    const select = document.getElementById("phase-select");
    if (select) {
      select.addEventListener("change", () => {
        replay.stop();
        const last = state.phases.length ? state.phases[state.phases.length - 1].index : 0;
        const url = new URL(window.location.href);
        if (Number(select.value) === last) url.searchParams.delete("phase");
        else url.searchParams.set("phase", select.value);
        window.history.pushState({}, "", url);
        refresh();
      });
    }
    tick();
  }

  function timeLeft(deadline) {
    const left = Math.max(0, Math.floor((deadline - new Date()) / 1000));
    const h = Math.floor(left / 3600), m = Math.floor((left % 3600) / 60), s = left % 60;
    return left > 0 ? `${h}:${String(m).padStart(2, "0")}:${String(s).padStart(2, "0")}` : "";
  }

  function tick() {
    // A big clock of its own (a draft pick's time), counting down to zero.
    document.querySelectorAll("[data-deadline]").forEach((clock) => {
      clock.textContent = timeLeft(new Date(clock.dataset.deadline)) || "0:00:00";
    });
    const time = document.getElementById("deadline");
    const out = document.getElementById("countdown");
    if (!time || !out) return;
    const deadline = new Date(time.getAttribute("datetime"));
    // The deadline in the viewer's own timezone, and the time left.
    time.textContent = deadline.toLocaleString(document.documentElement.lang || undefined,
      { dateStyle: "medium", timeStyle: "short" });
    const left = timeLeft(deadline);
    out.textContent = left ? `(${left})` : "";
  }
  setInterval(tick, 1000);

  // Which phase is on screen: a new one (the game moved on, or another was picked in the
  // history) leaves behind the old one's selection and messages. A list still being saved
  // is saved all the same (or refused, and then said so): it belongs to its own phase.
  const phaseShown = () => (state.phase ? state.phase.index : null);

  // The page fetched again, one fetch at a time and applied in the order asked
  // (lib/refresh.js): what a later call shows is never replaced by an older answer.
  const refresh = oneAtATime(loadPage);

  async function loadPage() {
    for (;;) {
      const saves = savesDone;
      let doc;
      try {
        doc = await fetchPage();
      } catch (e) {
        return; // no connection: the socket asks again once it is back
      }
      if (!doc) return;
      // A save answered while this page was on its way: it may show the orders before it.
      if (savesDone !== saves) continue;
      applyPage(doc);
      return;
    }
  }

  function applyPage(doc) {
    const panel = doc.getElementById("panel");
    const fresh = doc.getElementById("game-state");
    if (!panel || !fresh) return;
    const next = JSON.parse(fresh.textContent);
    // Never older than what the page shows already.
    if (next.game.version < state.game.version) return;
    const before = phaseShown();
    const pressBefore = pressKey();
    // What the player is typing survives a refresh of the same phase.
    const typing = document.getElementById("order-input");
    const typed = typing ? typing.value : "";
    const focused = typing !== null && document.activeElement === typing;
    // A replay control in focus (the replay sits in the panel) keeps it in the new panel.
    const active = document.activeElement;
    let replayFocus = null;
    if (active instanceof HTMLElement && active.closest("#replay")) {
      if (active.dataset.replay) replayFocus = `#replay [data-replay="${active.dataset.replay}"]`;
      else if (active.id) replayFocus = `#${active.id}`;
    }
    served = servedPieces(doc, next);
    document.getElementById("panel").replaceWith(panel);
    // The map's help and its downloads name the phase on show: they follow it too.
    for (const id of ["map-help", "pictures", "order-modes"]) {
      const part = doc.getElementById(id);
      const old = document.getElementById(id);
      if (part && old) old.replaceWith(part);
    }
    state = readState();
    const moved = phaseShown() !== before;
    if (moved) {
      // The old phase's message goes, under the map too (it lies outside the panel).
      setError("");
      selected = null;
      closeChooser();
    }
    render();
    bindPanel();
    if (moved) mode = "move";
    bindModes();
    // A player in the field stays in it, typed or about to type: the keys he presses next
    // would otherwise go nowhere (the field he was in is gone with the old panel).
    const input = document.getElementById("order-input");
    if (!moved && input && typed) input.value = typed;
    if (input && focused) input.focus();
    if (!moved && lastError.text) setError(lastError.text);
    const again = replayFocus ? document.querySelector(replayFocus) : null;
    if (again) again.focus();
    // A new phase, or a change of who plays: the press panel's phases (and whom one may
    // write to) follow. Not at every saved order: each would cost two API reads per page.
    if (pressKey() !== pressBefore) {
      document.dispatchEvent(new CustomEvent("press:changed", { detail: {} }));
    }
  }

  // What the press panel depends on in the game's state.
  function pressKey() {
    const latest = state.phases.length ? state.phases[state.phases.length - 1].index : null;
    const seats = (state.seats || []).map((seat) => [seat.power, seat.eliminated]);
    return JSON.stringify([latest, state.game.status, state.me ? state.me.power : null, seats]);
  }

  function connect() {
    listen(root.dataset.wsPath, {
      // Press signals sent while this page was not listening are caught up here.
      onOpen: () => document.dispatchEvent(new CustomEvent("press:changed", { detail: {} })),
      onMessage: (message) => {
        if (message.type === "game.changed" && message.version > state.game.version) {
          refresh();
        } else if (message.type === "press.new") {
          // Sent to this reader alone, naming only the conversation: fetch it as we may.
          document.dispatchEvent(new CustomEvent("press:changed", { detail: message }));
        }
      },
    });
  }

  svg.querySelectorAll("#provinces .prov").forEach((p) =>
    p.addEventListener("click", (e) => onTap(p.dataset.province, e)));
  // A center's dot stands for its province (a coastal dot may overlap the sea beside it).
  svg.querySelectorAll("#centers .sc").forEach((c) =>
    c.addEventListener("click", (e) => onTap(c.dataset.center, e)));
  svg.addEventListener("click", (e) => {
    const unit = e.target.closest && e.target.closest("[data-unit]");
    if (unit) onTap(province(unit.dataset.unit), e);
  });
  document.addEventListener("keydown", (e) => {
    if (e.key === "Escape") { selected = null; closeChooser(); highlight(); setError(""); }
  });
  window.addEventListener("popstate", () => {
    replay.stop();
    refresh();
  });
  render();
  bindPanel();
  bindModes();
  connect();
})();
