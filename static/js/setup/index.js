// The set-up widgets by phase kind, as the variants declare them: Highlander's
// nomination ("N") and placement ("P"), Multiple Void's draft ("D"); and a phase of play's
// own kind whose clicks are no unit's orders (Rather Silly's llamas' winter, "L", marked
// ``ofPlay``: the page's order list serves it, the widget says what a click means and
// what to mark). Each has draw(ctx)
// for its marks on the board, click(ctx, province, event), and panel(ctx, countNode) for a
// list kept beside the board; drawShared(ctx), where it has one, marks what everyone
// watching sees.
import * as draft from "./draft.js";
import * as llamas from "./llamas.js";
import * as nomination from "./nomination.js";
import * as placement from "./placement.js";

const WIDGETS = { N: nomination, P: placement, D: draft, L: llamas };

export function setupWidget(kind) {
  return WIDGETS[kind] || null;
}

// Every mark a widget may have left on the board, taken off before the next drawing.
export function clearMarks(svg) {
  svg.querySelectorAll(".prov.nominated, .prov.excluded, .prov.choosable, .prov.mine, .prov.herd-chosen")
    .forEach((p) => p.classList.remove("nominated", "excluded", "choosable", "mine", "herd-chosen"));
  svg.querySelectorAll(".sc.nominated, .sc.excluded")
    .forEach((c) => c.classList.remove("nominated", "excluded"));
}
