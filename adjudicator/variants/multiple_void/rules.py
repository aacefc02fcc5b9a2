"""Multiple Void's rules object (being written: see issue 5)."""

from __future__ import annotations

from adjudicator.variants.base import Variant


class MultipleVoid(Variant):
    id = "multiple_void"
    name = "Multiple Void"
    aliases = ("multiple-void", "multiplevoid")
    power_ids = ("red", "blue", "yellow", "green", "black", "grey")
    player_counts = (2, 6)
