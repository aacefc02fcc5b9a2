// Multiple Void's script on the game page: its set-up widget, the draft (phase kind "D").
import { registerSetupWidget } from "../setup/index.js";
import * as draft from "./multiple_void/draft.js";

registerSetupWidget("D", draft);
