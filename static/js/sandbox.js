// The sandbox's board: its owner orders for every power by clicking on the map, and each
// order is written into its power's text box, where it can be read, changed or typed
// instead (the boxes stay the one truth: "Adjudicate" posts them, and the page works
// without this script). The orders in the boxes are drawn on the board as they change, by
// the server (the phase's board address, variants/board.py): the page puts its drawing in.
// What a click means at each step is board/ordering.js's, shared with the game page; the
// legal orders of every power come with the page (no request is made while ordering).
import { gettext, post } from "./lib/transport.js";
import { oneAtATime } from "./lib/refresh.js";
import { createBoard, parseOrder, province } from "./board/draw.js";
import { enableZoom } from "./board/zoom.js";
import { isTouch, provincesNear, smallOnScreen } from "./board/touch.js";
import {
  clickedOrder, convoyableAt, goesTo, orderKey, ordersTo, supportableAt, unitOn,
} from "./board/ordering.js";
import { closeChooser, openChooser } from "./setup/widgets.js";

// The orders in the boxes that are not saved yet (clicked or typed), kept in this tab by
// the phase's form (sessionStorage), so that a reload or a way back to the page puts them
// in again instead of the saved ones: the next adjudication then resolves what was
// entered, not holds. Sending the form (adjudicate, save) lets the draft go; orders it
// refused come back in the boxes, differ from the saved ones (data-saved) and are kept
// again. While a box differs from what the server has, leaving the page warns: closing
// the tab loses the draft.
function keepDraft(form) {
  if (!form) return { keep() {} };
  // The attribute: form.action is its buttons named "action".
  const key = `sandbox-draft ${new URL(form.getAttribute("action"), location.href).pathname}`;
  const boxes = Array.from(form.querySelectorAll("textarea[name^=orders-]"));
  let sending = false;
  let kept = {};
  try {
    kept = JSON.parse(sessionStorage.getItem(key) || "{}") || {};
  } catch (e) {
    kept = {};
  }
  for (const b of boxes) if (typeof kept[b.name] === "string") b.value = kept[b.name];
  const unsaved = () => boxes.some((b) => b.value !== (b.dataset.saved ?? b.defaultValue));
  function keep() {
    try {
      if (unsaved()) {
        sessionStorage.setItem(key, JSON.stringify(Object.fromEntries(boxes.map((b) => [b.name, b.value]))));
      } else {
        sessionStorage.removeItem(key);
      }
    } catch (e) {
      // No storage (private mode, full): the warning on leaving still stands.
    }
  }
  keep();
  for (const b of boxes) b.addEventListener("input", keep);
  form.addEventListener("submit", () => {
    sending = true;
    try { sessionStorage.removeItem(key); } catch (e) { /* nothing kept */ }
  });
  window.addEventListener("beforeunload", (e) => {
    if (sending || !unsaved()) return;
    e.preventDefault();
    e.returnValue = "";
  });
  return { keep };
}

(function () {
  const root = document.getElementById("sandbox");
  const svg = document.getElementById("board");
  if (!root || !svg) return;
  const anchors = JSON.parse(document.getElementById("map-anchors").textContent).units;
  const names = JSON.parse(document.getElementById("province-names").textContent);
  const state = JSON.parse(document.getElementById("sandbox-state").textContent);
  const board = createBoard(svg, anchors);
  enableZoom(svg, document.getElementById("zoom-controls"));
  const phase = state.phase;
  const legal = state.legal || {};
  const powers = Object.keys(legal);
  const draft = keepDraft(document.getElementById("orders-form"));
  if (!powers.length) return; // read only, adjudicated, or a set-up phase: nothing to click
  // Every legal order's text, by power: what the board draws while it is being ordered
  // (a line typed but not yet in the adjudicator's notation is drawn once adjudicated).
  const known = Object.fromEntries(
    powers.map((p) => [p, new Set(Object.values(legal[p]).flat())]));
  let selected = null; // {power, unit, province, mode, supported?, army?}
  let mode = "move";

  const box = (power) => document.getElementById(`orders-${power}`);
  const linesOf = (power) =>
    (box(power) ? box(power).value : "").split("\n").map((l) => l.trim()).filter(Boolean);
  const placeName = (loc) => names[loc] || names[province(loc)] || loc;
  const powerName = (power) => (box(power) && box(power).dataset.powerName) || power;

  function say(message) {
    const out = document.getElementById("map-status");
    if (out) out.textContent = message || "";
  }

  // The board with the boxes' orders, as the server draws it: one drawing asked at a time,
  // the latest boxes each time (lib/refresh.js), so an older drawing never replaces a newer.
  // No connection: the board keeps what it shows until the next change.
  const redraw = oneAtATime(async () => {
    const orders = {};
    for (const power of powers) orders[power] = linesOf(power).filter((text) => known[power].has(text));
    let answer;
    try {
      answer = await post(root.dataset.boardUrl, { orders });
    } catch (e) {
      return;
    }
    if (answer.ok) board.put(answer.data);
    root.dataset.drawn = String(Number(root.dataset.drawn || 0) + 1);
  });

  function highlight() {
    svg.querySelectorAll(".prov.selected, .prov.target").forEach((p) =>
      p.classList.remove("selected", "target"));
    if (!selected) return;
    const own = svg.querySelector(`#provinces [data-province="${selected.province}"]`);
    if (own) own.classList.add("selected");
    if (selected.mode !== "move") return;
    for (const text of legal[selected.power][selected.province] || []) {
      const o = parseOrder(text);
      if (!goesTo(o)) continue;
      const p = svg.querySelector(`#provinces [data-province="${province(o.dest)}"]`);
      if (p) p.classList.add("target");
    }
  }

  // The power and unit a click on ``prov`` picks: whoever has legal orders for a unit
  // there (in a retreat phase, the dislodged unit).
  function orderedAt(prov) {
    for (const power of powers) {
      const options = legal[power][prov];
      if (!options || !options.length) continue;
      const [kind, where] = options[0].split(" ");
      if (kind === "A" || kind === "F") return { power, unit: `${kind} ${where}` };
    }
    return null;
  }

  // An order written into its power's box, in place of the unit's earlier one.
  function addOrder(power, text) {
    const key = orderKey(text);
    const lines = linesOf(power).filter((l) => orderKey(l) !== key);
    lines.push(text);
    box(power).value = lines.join("\n");
    draft.keep();
    redraw();
    say(`${powerName(power)}: ${text}`);
  }

  function choose(power, candidates, event, title) {
    if (!candidates.length) return;
    if (candidates.length === 1) return addOrder(power, candidates[0]);
    const choices = candidates.map((text) => {
      const o = parseOrder(text);
      return { label: goesTo(o) ? placeName(o.dest) : text, value: text };
    });
    openChooser(event, title, choices, (text) => { if (text) addOrder(power, text); });
  }

  function setMode(next) {
    mode = next;
    selected = null;
    highlight();
    for (const b of document.querySelectorAll("#order-modes [data-mode]")) {
      b.setAttribute("aria-pressed", b.dataset.mode === mode ? "true" : "false");
    }
    say("");
  }

  function onProvinceClick(prov, event) {
    closeChooser();
    if (phase.kind === "A") {
      // A build or a disband: whichever power may give it there.
      for (const power of powers) {
        const options = legal[power][prov];
        if (options && options.length) return choose(power, options, event, placeName(prov));
      }
      return say(gettext("That order is not possible."));
    }
    const movement = phase.kind === "M";
    if (!selected) {
      const picked = orderedAt(prov);
      if (!picked) {
        // A unit with nothing to order now (in a retreat phase, one not dislodged).
        return say(unitOn(phase.units, prov) ? gettext("That unit has no order to give in this phase.")
          : gettext("Click a unit first."));
      }
      const options = legal[picked.power][prov];
      const wants = movement ? mode : "move";
      if (wants === "hold") {
        return choose(picked.power, options.filter((o) => o.endsWith(" H")), event, placeName(prov));
      }
      if (wants === "convoy" && picked.unit[0] !== "F") return say(gettext("Only a fleet convoys."));
      const step = { support: "support-pick", convoy: "convoy-pick" }[wants] || "move";
      selected = { ...picked, province: prov, mode: step };
      say(step === "support-pick" ? gettext("Now click the unit to support.")
        : step === "convoy-pick" ? gettext("Click the army to convoy.")
          : `${powerName(picked.power)}: ${picked.unit}`);
      return highlight();
    }
    if (selected.mode === "support-pick" || (movement && selected.mode === "move" && event.shiftKey)) {
      const other = supportableAt(phase.units, selected, prov);
      if (!other) return say(gettext("There is no unit there to support."));
      selected = { ...selected, mode: "support", supported: other };
      highlight();
      return say(gettext("Now click where the supported unit goes (or the unit itself, to hold)."));
    }
    if (selected.mode === "convoy-pick" || (movement && selected.mode === "move" && event.altKey)) {
      const army = convoyableAt(phase.units, prov);
      if (!army) return say(gettext("Click the army to convoy."));
      selected = { ...selected, mode: "convoy", army };
      highlight();
      return say(gettext("Now click where the army goes."));
    }
    const { power } = selected;
    const wanted = ordersTo(legal[power][selected.province] || [], selected, prov);
    const tried = clickedOrder(selected, prov);
    selected = null;
    highlight();
    if (wanted.length) return choose(power, wanted, event, placeName(prov));
    say(`${tried}: ${gettext("That order is not possible.")}`);
  }

  // Whether a tap on a province would do something at this step (a finger's reach).
  function tapMeans(prov) {
    if (!selected) return powers.some((p) => (legal[p][prov] || []).length);
    if (selected.mode === "support-pick") return Boolean(supportableAt(phase.units, selected, prov));
    if (selected.mode === "convoy-pick") return Boolean(convoyableAt(phase.units, prov));
    return ordersTo(legal[selected.power][selected.province] || [], selected, prov).length > 0;
  }

  function onTap(prov, event) {
    if (!isTouch(event)) return onProvinceClick(prov, event);
    const useful = provincesNear(svg, event, prov).filter(tapMeans);
    if (useful.length <= 1) return onProvinceClick(useful[0] || prov, event);
    if (useful[0] === prov && !useful.some((p) => smallOnScreen(svg, p))) {
      return onProvinceClick(prov, event);
    }
    closeChooser();
    const choices = useful.map((p) => ({ label: placeName(p), value: p }));
    openChooser(event, gettext("Which province?"), choices, (p) => { if (p) onProvinceClick(p, event); });
  }

  svg.querySelectorAll("#provinces .prov").forEach((p) =>
    p.addEventListener("click", (e) => onTap(p.dataset.province, e)));
  svg.querySelectorAll("#centers .sc").forEach((c) =>
    c.addEventListener("click", (e) => onTap(c.dataset.center, e)));
  svg.addEventListener("click", (e) => {
    const unit = e.target.closest && e.target.closest("[data-unit]");
    if (unit) onTap(province(unit.dataset.unit), e);
  });
  for (const b of document.querySelectorAll("#order-modes [data-mode]")) {
    b.addEventListener("click", () => setMode(b.dataset.mode));
  }
  for (const power of powers) {
    if (box(power)) box(power).addEventListener("input", redraw);
  }
  document.addEventListener("keydown", (e) => {
    if (e.key === "Escape") { selected = null; closeChooser(); highlight(); say(""); }
  });
  redraw();
  root.dataset.clickable = "1"; // ordering by clicks is ready (the browser tests wait for it)
})();
