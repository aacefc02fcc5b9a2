// The draft (phase kind "D"): one pick per phase, made on a free space and sent at once
// with the ready mark (no take-backs).
import { format, gettext } from "../../lib/transport.js";
import { drawPreviews, markProvince, openChooser } from "../../setup/widgets.js";

// The marks this widget leaves on the board (setup/index.js clearMarks takes them off).
export const marks = ["choosable"];

export function draw(ctx) {
  for (const prov of Object.keys(ctx.legal())) markProvince(ctx.svg, prov, "choosable");
  drawPreviews(ctx);
}

export function click(ctx, prov, event) {
  if (ctx.busy()) return undefined;
  const options = ctx.legal()[prov];
  if (!options) {
    return ctx.setError(gettext("That space cannot be picked: it is taken, or it is a supply center."));
  }
  const choices = options.map((o) => ({ label: ctx.unitLabel(o), value: o }));
  return openChooser(event, format(gettext("Your pick in %(place)s"), { place: ctx.placeName(prov) }),
    choices, (value) => ctx.sendFinal(value));
}
