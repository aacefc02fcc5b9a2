"""Highlander's rules object (being written: see issue 5)."""

from __future__ import annotations

from adjudicator.variants.base import Variant


class Highlander(Variant):
    id = "highlander"
    name = "Highlander"
    aliases = ()
    power_ids = ("red", "blue")
    player_counts = (2, 2)
