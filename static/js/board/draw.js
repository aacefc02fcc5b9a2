// The board's live layers. The server draws the pieces (variants/board.py): a page puts its
// drawing in as it came (put, variantLayer) and draws only what its player has not sent
// yet: his own orders as he changes them (ownOrders) and a set-up's units placed or picked
// on the page (unit, as a preview), with the server's markup. Coordinates come from the
// map's anchors (the page's "map-anchors" script).

const NS = "http://www.w3.org/2000/svg";
// As in variants/board.py.
const DISLODGED_SHIFT = 14;
const ARROW_SHORT = 16;
const ARROW_START = 13;
// A unit's shapes, centred on its point: an army a shield, a fleet a hull under a sail.
const ARMY = "M-15 -15H15V2C15 10 7 15 0 17C-7 15 -15 10 -15 2Z";
const ARMY_GLYPH = "M-8 -8L8 8M8 -8L-8 8M-9.5 -4L-4 -9.5M9.5 -4L4 -9.5";
const FLEET = "M-17 3H17L11 14H-11Z M-1 1V-16L13 -1H-1Z";
const FLEET_GLYPH = "M-10 8.5H10M-4 -10V-2";

export const province = (loc) => loc.split("/")[0];

// A coordinate as the server writes it: one decimal at most, never localised.
const number = (value) => String(Number(value.toFixed(1)));

// The order words a variant adds, by their first word: its script
// (static/js/variants/<id>.js, loaded before the page's) registers how the board reads
// them. read(words) gives what parseOrder gives, plus ``ring`` (drawn as a ring on its
// place, as a hold is; ``onCenter``: round its supply center's dot) and ``ownSlot`` (a new such order replaces the earlier one of the
// same place, as a unit's does), or null: not one the board reads.
const ORDER_WORDS = {};

export function registerOrderWord(word, read) {
  ORDER_WORDS[word] = read;
}

// Canonical order text: "A par - bur", "A x S A y - z", "F n C A a - b", "A b R g", as the
// clicks and taps read it, and a variant's own order words as it registered them; any
// other text a phase's orders hold (a vote, a variant's own step) is "other".
export function parseOrder(text) {
  const t = String(text).split(" ");
  if (t[0] === "WAIVE") return { kind: "waive" };
  const own = Object.hasOwn(ORDER_WORDS, t[0]) ? ORDER_WORDS[t[0]](t) : null;
  if (own) return own;
  if ((t[0] !== "A" && t[0] !== "F") || !t[1]) return { kind: "other" };
  const unit = t[1];
  if (t[2] === "-" && t[3]) return { kind: "move", unit, dest: t[3] };
  if (t[2] === "R" && t[3]) return { kind: "retreat", unit, dest: t[3] };
  if (t[2] === "S" && t[4]) return { kind: "support", unit, target: t[4], dest: t[6] || null };
  if (t[2] === "C" && t[6]) return { kind: "convoy", unit, target: t[4], dest: t[6] };
  if (t[2] === "B") return { kind: "build", unit };
  if (t[2] === "D") return { kind: "disband", unit };
  if (t[2] === "H") return { kind: "hold", unit };
  return { kind: "other", unit }; // a unit's order of a variant's own kind
}

export function createBoard(svg, anchors) {
  // A layer by its class: the game page's board also names them by id, a still board
  // among several (the duel page's) does not.
  const layer = (name) => svg.querySelector(`g.${name}`);

  function point(loc, dislodged) {
    const at = anchors[loc] || anchors[province(loc)];
    if (!at) return null;
    const shift = dislodged ? DISLODGED_SHIFT : 0;
    return [at[0] + shift, at[1] + shift];
  }

  // Where a province's supply center's dot is drawn (the server drew the centers layer),
  // else its unit's point.
  function centre(loc) {
    const dot = svg.querySelector(`circle[data-center="${CSS.escape(province(loc))}"]`);
    if (!dot) return point(loc, false);
    return [Number(dot.getAttribute("cx")), Number(dot.getAttribute("cy"))];
  }

  function el(name, attrs, parent) {
    const node = document.createElementNS(NS, name);
    for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
    if (parent) parent.appendChild(node);
    return node;
  }

  function owners(centers) {
    svg.querySelectorAll("g.provinces .prov").forEach((p) => p.removeAttribute("data-owner"));
    svg.querySelectorAll("g.centers .sc").forEach((c) => c.removeAttribute("data-owner"));
    for (const [power, list] of Object.entries(centers || {})) {
      for (const c of list) {
        const path = svg.querySelector(`g.provinces [data-province="${c}"]`);
        if (path) path.setAttribute("data-owner", power);
        const dot = svg.querySelector(`g.centers [data-center="${c}"]`);
        if (dot) dot.setAttribute("data-owner", power);
      }
    }
  }

  // A unit the player placed or picked and has not sent yet ("A par", "F stp/sc"), as
  // variants/board.py draws a unit, with its own class ("preview").
  function unit(power, text, extraClass) {
    const [kind, loc] = text.split(" ");
    const at = point(loc, false);
    if (!at) return;
    const [x, y] = at;
    const fleet = kind === "F";
    const classes = `unit power-${power}${extraClass ? " " + extraClass : ""}`;
    const g = el("g", {
      class: classes, "data-unit": loc, "data-power": power, "data-kind": fleet ? "fleet" : "army",
      transform: `translate(${number(x)} ${number(y)})`,
    }, layer("units"));
    el("path", { class: "token", d: fleet ? FLEET : ARMY }, g);
    el("path", { class: "glyph", d: fleet ? FLEET_GLYPH : ARMY_GLYPH }, g);
  }

  // Whose order it is, as the server marks it (data-power), when known.
  const whose = (power) => (power ? { "data-power": power } : {});

  // An order's classes: its kind, whose it is (its colour), whether it failed.
  const classes = (kind, failed, power) =>
    `order ${kind}${power ? ` power-${power}` : ""}${failed ? " failed" : ""}`;
  // The dark edge under an order, so that a light power's colour reads on the map.
  const edge = (failed, power) => ({ class: `order-edge${failed ? " failed" : ""}`, ...whose(power) });

  // A unit's order ("A par - bur") sits on a dark edge and starts at its marker's edge; a
  // variant's own is drawn as its stylesheet says (as variants/board.py draws them).
  const unitOrder = (text) => /^[AF] /.test(text);

  function arrow(start, end, kind, text, failed, power) {
    const unit = unitOrder(text);
    let [x1, y1] = start;
    const dx = end[0] - x1, dy = end[1] - y1, len = Math.hypot(dx, dy) || 1;
    const x2 = end[0] - (dx / len) * ARROW_SHORT, y2 = end[1] - (dy / len) * ARROW_SHORT;
    if (unit && len > ARROW_SHORT + ARROW_START + 8) {
      x1 += (dx / len) * ARROW_START;
      y1 += (dy / len) * ARROW_START;
    }
    const line = { x1: number(x1), y1: number(y1), x2: number(x2), y2: number(y2) };
    if (unit) el("line", { ...edge(failed, power), ...line }, layer("orders"));
    el("line", {
      class: classes(kind, failed, power), "data-order": text, ...whose(power), ...line,
      "marker-end": "url(#arrow)",
    }, layer("orders"));
  }

  function ring(at, kind, text, failed, power) {
    const [x, y] = at;
    const unit = unitOrder(text);
    // Round a unit's marker, not under it; a variant's ring on a place with no unit, smaller.
    const radius = unit ? (kind === "hold" ? 22 : 23) : 14;
    const shapes = (g) => {
      el("circle", { cx: number(x), cy: number(y), r: radius }, g);
      if (kind === "disband") {
        // Crossed out, so that the mark reads without its colour too.
        el("path", {
          d: `M${number(x - 15)} ${number(y - 15)}L${number(x + 15)} ${number(y + 15)}` +
            `M${number(x + 15)} ${number(y - 15)}L${number(x - 15)} ${number(y + 15)}`,
        }, g);
      }
    };
    if (unit) shapes(el("g", edge(failed, power), layer("orders")));
    const g = el("g", {
      class: classes(kind, failed, power), "data-order": text, ...whose(power),
    }, layer("orders"));
    shapes(g);
    const kindOfUnit = text.split(" ")[0];
    if (kind === "build" && (kindOfUnit === "A" || kindOfUnit === "F")) {
      // The unit to come, army or fleet, pale in its ring.
      el("path", {
        class: "unit-to-come", d: kindOfUnit === "F" ? FLEET : ARMY,
        transform: `translate(${number(x)} ${number(y)})`,
      }, g);
    }
  }

  // A player's own orders as he changes them on the page, before the server has them:
  // in place of the ones of ``power`` the server drew, beside everyone else's.
  function ownOrders(power, list, position) {
    layer("orders").querySelectorAll(`[data-power="${power}"]`).forEach((node) => node.remove());
    drawOrders(list.map((text) => ({ text, failed: false, power })), position);
  }

  // Orders as [{text, failed, power}], added to the orders layer; a retreat or disband of
  // a dislodged unit starts where that unit is drawn.
  function drawOrders(list, position) {
    const retreating = new Set();
    for (const entries of Object.values(position.dislodged || {})) {
      for (const entry of entries) retreating.add(entry.unit.split(" ")[1]);
    }
    for (const { text, failed, power } of list) {
      const o = parseOrder(text);
      if (o.kind === "waive" || o.kind === "other") continue;
      const dislodged = (o.kind === "retreat" || o.kind === "disband") && retreating.has(o.unit);
      const start = o.onCenter ? centre(o.unit) : point(o.unit, dislodged);
      if (!start) continue;
      if (o.ring || o.kind === "hold" || o.kind === "build" || o.kind === "disband") {
        ring(start, o.kind, text, failed, power);
        continue;
      }
      const end = point(o.kind === "support" ? o.dest || o.target : o.dest, false);
      if (end) arrow(start, end, o.kind, text, failed, power);
    }
  }

  // Markup the server drew, put into a layer as it came. Not well formed: the layer keeps
  // what is drawn.
  function putMarkup(group, markup) {
    if (!group) return;
    const drawn = new DOMParser().parseFromString(`<svg xmlns="${NS}">${markup || ""}</svg>`,
      "image/svg+xml");
    const root = drawn.documentElement;
    if (root.namespaceURI !== NS) return;
    group.replaceChildren(...Array.from(root.childNodes, (node) => document.importNode(node, true)));
  }

  // The variant's layer as the server drew it (variants/board.py, the phase state's
  // "layer"): the page puts it in, never draws it. "" or none: the layer is empty.
  function variantLayer(markup) {
    putMarkup(layer("creatures"), markup);
  }

  // The board's pieces as the server drew them for a phase's step (variants/board.py's
  // piece_layers, from the page's board address): its units, orders and variant's layer
  // as markup, and who owns each province. null: an empty board (one not begun).
  function put(pieces) {
    const drawn = pieces || {};
    for (const name of ["units", "orders", "creatures"]) putMarkup(layer(name), drawn[name]);
    const byPower = {};
    for (const [place, power] of Object.entries(drawn.owners || {})) {
      (byPower[power] = byPower[power] || []).push(place);
    }
    owners(byPower);
  }

  return { unit, ownOrders, point, put, variantLayer };
}
