// Rather Silly's llamas' winter (phase kind "L"), a phase of play with a widget of its own:
// a click on a province settles one of the player's three herds there ("herd yor"), a
// click on it again takes the herd back. A supply center is refused (llamas never settle
// in one), and so is a fourth herd, each in words. The herds on the player's list are
// marked on the board; only he sees them (they are his secret until the winter ends).
// Typing "herd yor" in the orders box does the same.
import { format, gettext } from "../../lib/transport.js";
import { markProvince } from "../../setup/widgets.js";

// The marks this widget leaves on the board (setup/index.js clearMarks takes them off).
export const marks = ["herd-chosen"];

// Not a set-up: the page's usual order list and ready button serve, and it asks this
// widget only what a click means and what to mark.
export const ofPlay = true;

// As adjudicator/variants/rather_silly/shape.py's HERDS_EACH.
const HERDS = 3;
const herdAt = (text) => {
  const t = text.split(" ");
  return t[0] === "herd" && t[1] ? t[1] : null;
};

export function draw(ctx) {
  for (const text of ctx.myOrders()) {
    const prov = herdAt(text);
    if (prov) markProvince(ctx.svg, prov, "herd-chosen");
  }
}

export function click(ctx, prov) {
  const me = ctx.state.me;
  if (!me || !me.must_order) {
    return ctx.setError(gettext("You settle no llamas: you may vote for the first hyperspace link with the form beside the map."));
  }
  const current = ctx.myOrders();
  const order = `herd ${prov}`;
  if (current.includes(order)) return ctx.changeOrders(current.filter((o) => o !== order));
  if (ctx.svg.querySelector(`#centers [data-center="${prov}"]`)) {
    return ctx.setError(format(gettext("Llamas never settle in a supply center (%(place)s)."),
      { place: ctx.placeName(prov) }));
  }
  if (current.filter(herdAt).length >= HERDS) {
    return ctx.setError(gettext("You have settled three herds: take one back first (click it, or remove it from the list)."));
  }
  return ctx.changeOrders([...current, order]);
}
