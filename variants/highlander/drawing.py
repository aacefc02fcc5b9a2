"""How Highlander's own orders are drawn on its board: a center nominated is ringed round
its dot (``variants.board`` draws it, knowing no variant)."""

from __future__ import annotations

from variants.drawing import OrderShape


def order_shapes(text: str) -> OrderShape | None:
    """ "nominate par": a ring round Paris's supply center, of the class ``nominate``."""
    t = text.split()
    if len(t) >= 2 and t[0] == "nominate":
        return OrderShape("nominate", t[1], on_center=True)
    return None
