// Highlander's script on the game page and the sandbox: its set-up widgets, the secret
// nomination of centers (phase kind "N") and the placement of units in them ("P"), and
// how the board reads a nomination ("nominate lon": a ring on the center, one per center).
import { registerOrderWord } from "../board/draw.js";
import { registerSetupWidget } from "../setup/index.js";
import * as nomination from "./highlander/nomination.js";
import * as placement from "./highlander/placement.js";

registerSetupWidget("N", nomination);
registerSetupWidget("P", placement);

registerOrderWord("nominate", (t) =>
  t[1] ? { kind: "nominate", unit: t[1], ring: true, onCenter: true, ownSlot: true } : null);
