"""Highlander's parts of the game page: its set-up, a secret nomination of centers and the
placement of units in them (phase kinds "N" and "P"), each with its section, what a click
on the map does, and the player's own list or units."""

from __future__ import annotations

from collections.abc import Sequence

from adjudicator.board import PhaseKind
from variants.site import Panel, PanelInput

HERE = "variants/highlander"
SECTIONS = {
    PhaseKind.NOMINATION.value: f"{HERE}/_nomination.html",
    PhaseKind.PLACEMENT.value: f"{HERE}/_placement.html",
}


def panels(shown: PanelInput) -> Sequence[Panel]:
    state = shown.state
    phase, me = state.get("phase") or {}, state.get("me")
    section = SECTIONS.get(phase.get("kind", ""))
    if section is None or not phase.get("setup"):
        return ()
    # The demo's house rule where it applies (the demo's bot nominating after the visitor).
    demo = shown.demo
    note = (
        demo.house_note if demo is not None and phase.get("kind") in demo.bot_after_visitor else ""
    )
    found = [Panel("setup", section, {"house_note": note} if note else {})]
    if phase.get("is_current"):
        if me and me.get("legal"):
            found.append(Panel("map_help", f"{HERE}/_map_help.html"))
        if me:
            found.append(Panel("orders", f"{HERE}/_setup_orders.html"))
    return found
