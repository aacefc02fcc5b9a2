// What a click on the board means at each step of ordering a unit, for every page that
// orders by clicks: the game page (game.js, a seat's own powers) and the sandbox
// (sandbox.js, every power at once). Pure functions of the legal orders (the
// adjudicator's, by the province of the unit they are for), the units on the board and
// the step reached (``selected``: {unit, province, mode, supported?, army?}), so each rule
// of clicking is written once.
import { parseOrder, province } from "./draw.js";

// A move or a retreat: the orders a click on another province gives.
export const goesTo = (o) => o.kind === "move" || o.kind === "retreat";

// The unit of any power standing in ``prov`` (``units``: a position's units by power).
export function unitOn(units, prov) {
  for (const list of Object.values(units || {})) {
    for (const u of list) if (province(u.split(" ")[1]) === prov) return u;
  }
  return null;
}

// The unit at ``prov`` the selected unit may support (not itself), or null.
export function supportableAt(units, selected, prov) {
  const other = unitOn(units, prov);
  return other && province(other.split(" ")[1]) !== selected.province ? other : null;
}

// The army at ``prov`` the selected fleet may convoy, or null.
export function convoyableAt(units, prov) {
  const other = unitOn(units, prov);
  return other && other[0] === "A" ? other : null;
}

// The legal orders (``options``: the selected unit's) a tap on ``prov`` gives the selected
// unit at its last step: where it moves (by land first, by convoy if only that), the
// support or convoy that ends there, or on the unit itself its hold (a retreat's disband).
export function ordersTo(options, selected, prov) {
  if (selected.mode === "support") {
    const target = province(selected.supported.split(" ")[1]);
    return prov === target
      ? options.filter((o) => o === `${selected.unit} S ${selected.supported}`)
      : options.filter((o) => o.startsWith(`${selected.unit} S ${selected.supported} - `) &&
          province(o.split(" ").pop()) === prov);
  }
  if (selected.mode === "convoy") {
    return options.filter((o) => o === `${selected.unit} C ${selected.army} - ${prov}`);
  }
  if (prov === selected.province) return options.filter((o) => o.endsWith(" H") || o.endsWith(" D"));
  const moves = options.filter((o) => goesTo(parseOrder(o)) && province(parseOrder(o).dest) === prov);
  const byLand = moves.filter((o) => !o.endsWith("via convoy"));
  return byLand.length ? byLand : moves;
}

// The order a click meant, in notation, when none of the legal ones matches it.
export function clickedOrder(sel, prov) {
  if (sel.mode === "support") {
    const target = province(sel.supported.split(" ")[1]);
    return prov === target ? `${sel.unit} S ${sel.supported}` : `${sel.unit} S ${sel.supported} - ${prov}`;
  }
  if (sel.mode === "convoy") return `${sel.unit} C ${sel.army} - ${prov}`;
  if (prov === sel.province) return `${sel.unit} H`;
  return `${sel.unit} - ${prov}`;
}

// Which order a new one replaces: a unit's order (it starts with the unit) the unit's
// earlier one, a variant's order word read as having its own slot (parseOrder's
// ``ownSlot``) that of the same place. Any other order (a vote, a variant's own) stands
// beside the rest until saved: the server, which knows each order kind's slot
// (adjudicator.orders.order_slot), answers with the list it kept.
export function orderKey(text) {
  const first = text.split(" ")[0];
  if (first === "WAIVE") return `waive-${Math.random()}`;
  const o = parseOrder(text);
  if (first === "A" || first === "F" || o.ownSlot) return province(o.unit);
  return `text ${text}`;
}
