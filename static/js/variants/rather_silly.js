// Rather Silly's script on the game page: the widget of the llamas' winter (phase kind
// "L", rather_silly/llamas.js), and the hyperspace vote: two provinces chosen from lists,
// added to the orders like a typed "vote lon - par" (checked the same way). The page
// (game.js) says "game:panel" each time it shows a new panel; this script is loaded
// before it, so it hears the first. On the game page and the sandbox the board reads a
// flock of birds moving or retreating ("birds lon - yor") as a unit's move or retreat.
import { registerOrderWord } from "../board/draw.js";
import { registerSetupWidget } from "../setup/index.js";
import * as llamas from "./rather_silly/llamas.js";

registerSetupWidget("L", llamas);

registerOrderWord("birds", (t) =>
  (t[2] === "-" || t[2] === "R") && t[3]
    ? { kind: t[2] === "-" ? "move" : "retreat", unit: t[1], dest: t[3] }
    : null);

document.addEventListener("game:panel", (event) => {
  const voteForm = document.getElementById("vote-form");
  if (!voteForm) return;
  const names = JSON.parse((document.getElementById("province-names") || {}).textContent || "{}");
  const provinces = Object.keys(names).filter((loc) => !loc.includes("/"))
    .sort((a, b) => names[a].localeCompare(names[b]));
  for (const id of ["vote-a", "vote-b"]) {
    const select = document.getElementById(id);
    for (const prov of provinces) {
      const option = document.createElement("option");
      option.value = prov;
      option.textContent = names[prov];
      select.append(option);
    }
  }
  voteForm.hidden = false;
  voteForm.addEventListener("submit", (e) => {
    e.preventDefault();
    const a = document.getElementById("vote-a").value;
    const b = document.getElementById("vote-b").value;
    event.detail.addOrder(`vote ${a} - ${b}`);
  });
});
