"""The standard game needs nothing beyond the base rules object's defaults."""

from __future__ import annotations

from adjudicator.variants.base import Variant
from adjudicator.variants.standard.shape import EXTRAS


class Standard(Variant):
    """Seven powers, 34 supply centers, victory at 18 (2000 rulebook, DATC preferences)."""

    id = "standard"
    name = "Standard"
    aliases = ("classical", "diplomacy")
    map_id = "standard"
    extras_shape = EXTRAS
