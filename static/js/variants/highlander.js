// Highlander's script on the game page: its set-up widgets, the secret nomination of
// centers (phase kind "N") and the placement of units in them ("P").
import { registerSetupWidget } from "../setup/index.js";
import * as nomination from "./highlander/nomination.js";
import * as placement from "./highlander/placement.js";

registerSetupWidget("N", nomination);
registerSetupWidget("P", placement);
