// Highlander's secret nomination (phase kind "N"): a click puts a supply center on the
// list or takes it off; centers named in an earlier round are greyed out.
import { format, gettext } from "../../lib/transport.js";
import { parseOrder } from "../../board/draw.js";
import { markCenter, markProvince, renderList } from "../../setup/widgets.js";

// The marks this widget leaves on the board (setup/index.js clearMarks takes them off).
export const marks = ["nominated", "excluded", "choosable"];

// Marks seen by everyone watching the phase, player or not.
export function drawShared(ctx) {
  for (const c of (ctx.state.phase.extras || {}).excluded || []) {
    markProvince(ctx.svg, c, "excluded");
    markCenter(ctx.svg, c, "excluded");
  }
}

export function draw(ctx) {
  for (const prov of Object.keys(ctx.legal())) markProvince(ctx.svg, prov, "choosable");
  for (const text of ctx.myOrders()) {
    const c = parseOrder(text).unit;
    markProvince(ctx.svg, c, "nominated");
    markCenter(ctx.svg, c, "nominated");
  }
}

export function panel(ctx, count) {
  const orders = ctx.myOrders();
  const items = orders.map((o) => ({ text: o, label: ctx.placeName(parseOrder(o).unit) }));
  renderList(ctx, items, gettext("No centers on your list yet."));
  const wanted = Number((ctx.state.phase.extras || {}).count) || 0;
  const chosen = orders.length;
  if (!wanted) {
    count.textContent = format(gettext("Centers chosen: %(chosen)s"), { chosen });
  } else if (chosen < wanted) {
    count.textContent = format(gettext("%(chosen)s of %(count)s chosen, %(left)s left"),
      { chosen, count: wanted, left: wanted - chosen });
  } else if (chosen === wanted) {
    count.textContent = format(gettext("%(chosen)s of %(count)s chosen: the list is complete."),
      { chosen, count: wanted });
  } else {
    count.textContent = format(gettext("%(chosen)s of %(count)s chosen: %(over)s too many"),
      { chosen, count: wanted, over: chosen - wanted });
  }
}

export function click(ctx, prov) {
  const current = ctx.myOrders();
  const on = current.find((o) => parseOrder(o).unit === prov);
  if (on) return ctx.changeOrders(current.filter((o) => o !== on));
  const options = ctx.legal()[prov];
  if (!options) {
    const excluded = (ctx.state.phase.extras || {}).excluded || [];
    if (excluded.includes(prov)) {
      return ctx.setError(format(
        gettext("%(place)s was named in an earlier round and may not be named again."),
        { place: ctx.placeName(prov) }));
    }
    return ctx.setError(gettext("Only supply centers can be nominated."));
  }
  const wanted = Number((ctx.state.phase.extras || {}).count) || 0;
  if (wanted && current.length >= wanted) {
    return ctx.setError(gettext("Your list is full: take a center off it first."));
  }
  return ctx.changeOrders([...current, options[0]]);
}
