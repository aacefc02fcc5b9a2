"""Rather Silly's parts of the game page: the creatures and links of the phase shown with
the hyperspace vote (static/js/variants/rather_silly.js), and what a click on the map does
in the llamas' winter (phase kind "L")."""

from __future__ import annotations

from collections.abc import Sequence

from adjudicator.variants.rather_silly import LLAMAS
from variants.site import Panel, PanelInput

HERE = "variants/rather_silly"


def panels(shown: PanelInput) -> Sequence[Panel]:
    state = shown.state
    phase, me = state.get("phase") or {}, state.get("me")
    found = []
    if (
        phase.get("kind") == LLAMAS.value
        and phase.get("is_current")
        and me
        and me.get("must_order")
    ):
        found.append(Panel("map_help", f"{HERE}/_map_help.html"))
    # A position of the variant keeps its llamas (hidden but for one's own): one from
    # before the variant kept them shows no panel.
    if "llamas" in (phase.get("extras") or {}):
        found.append(Panel("phase", f"{HERE}/_creatures.html"))
    return found
