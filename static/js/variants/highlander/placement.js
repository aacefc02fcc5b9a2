// Free placement (phase kind "P"): a click on one of my centers places an army or a fleet
// there (a menu asks which, and which coast), or changes or removes the one placed.
import { format, gettext } from "../../lib/transport.js";
import { province } from "../../board/draw.js";
import { drawPreviews, markProvince, openChooser, renderList } from "../../setup/widgets.js";

// The marks this widget leaves on the board (setup/index.js clearMarks takes them off).
export const marks = ["mine"];

export function draw(ctx) {
  const mine = (ctx.state.phase.centers || {})[ctx.state.me.power] || Object.keys(ctx.legal());
  for (const c of mine) markProvince(ctx.svg, c, "mine");
  drawPreviews(ctx);
}

export function panel(ctx, count) {
  const orders = ctx.myOrders();
  renderList(ctx, orders.map((o) => ({ text: o, label: ctx.unitLabel(o) })),
    gettext("No units placed yet."));
  const centers = Object.keys(ctx.legal());
  const placed = new Set(orders.map((o) => province(o.split(" ")[1])));
  const left = centers.filter((c) => !placed.has(c)).length;
  count.textContent = left
    ? format(gettext("Still without a unit: %(left)s of your %(total)s centers."),
      { left, total: centers.length })
    : format(gettext("Each of your %(total)s centers has a unit."), { total: centers.length });
}

export function click(ctx, prov, event) {
  const options = ctx.legal()[prov];
  if (!options) return ctx.setError(gettext("Units are placed only in your own centers."));
  const current = ctx.myOrders();
  const placed = current.find((o) => province(o.split(" ")[1]) === prov);
  const without = current.filter((o) => o !== placed);
  if (options.length === 1 && !placed) return ctx.changeOrders([...current, options[0]]);
  const choices = options.map((o) => ({ label: ctx.unitLabel(o), value: o, current: o === placed }));
  if (placed) choices.push({ label: gettext("No unit"), value: null });
  return openChooser(event, ctx.placeName(prov), choices,
    (value) => ctx.changeOrders(value ? [...without, value] : without));
}
