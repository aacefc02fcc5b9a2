"""Multiple Void's parts of the game page: its draft (phase kind "D"), one pick at a time,
with its section (the round, who is on turn, the turn order), what a click on the map
does, and the pick of the player on turn."""

from __future__ import annotations

from collections.abc import Sequence

from adjudicator.board import PhaseKind
from variants.site import Panel, PanelInput

HERE = "variants/multiple_void"


def panels(shown: PanelInput) -> Sequence[Panel]:
    state = shown.state
    phase, me = state.get("phase") or {}, state.get("me")
    if phase.get("kind") != PhaseKind.DRAFT.value or not phase.get("setup"):
        return ()
    found = [Panel("setup", f"{HERE}/_draft.html")]
    if phase.get("is_current"):
        # Everyone watching reads how the draft shows on the map; the player on turn,
        # how to pick.
        found.append(Panel("map_help", f"{HERE}/_map_help.html"))
        if me:
            found.append(Panel("orders", f"{HERE}/_setup_orders.html"))
    return found
