// The set-up widgets by phase kind, as the variants register them from their own
// scripts (static/js/variants/<id>.js, loaded before the page's): a set-up kind (a list
// of centers, a placement, a draft); or a phase of play's own kind whose clicks are no
// unit's orders (marked ``ofPlay``: the page's order list serves it, the widget says what
// a click means and what to mark). Each has draw(ctx) for its marks on the board,
// click(ctx, province, event), panel(ctx, countNode) for a list kept beside the board
// where it keeps one, and ``marks``, the classes it puts on provinces and centers;
// drawShared(ctx), where it has one, marks what everyone watching sees.
const WIDGETS = {};

export function registerSetupWidget(kind, widget) {
  WIDGETS[kind] = widget;
}

export function setupWidget(kind) {
  return WIDGETS[kind] || null;
}

// Every mark a widget may have left on the board, taken off before the next drawing.
export function clearMarks(svg) {
  for (const widget of Object.values(WIDGETS)) {
    for (const mark of widget.marks || []) {
      svg.querySelectorAll(`.prov.${mark}, .sc.${mark}`).forEach((p) => p.classList.remove(mark));
    }
  }
}
