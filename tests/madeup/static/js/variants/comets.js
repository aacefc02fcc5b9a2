// Comets' script on the game page: the comet's mark is the server's drawing (its layer);
// hovering the panel's line lights the mark up, so a player finds it on a full board.
(function () {
  "use strict";
  var panel = document.getElementById("comet-panel");
  if (!panel) return;
  function light(on) {
    document.querySelectorAll("#creatures .comet").forEach(function (mark) {
      mark.classList.toggle("lit", on);
    });
  }
  panel.addEventListener("mouseenter", function () { light(true); });
  panel.addEventListener("mouseleave", function () { light(false); });
})();
