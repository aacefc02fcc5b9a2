"""Comets' layer of the board: the comet over its province, as a
:class:`~variants.drawing.Shape` that ``variants.board`` draws."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from variants.drawing import Letter, Placer, Shape, number

COMET = "#ffb300"


def layers(extras: Mapping[str, Any], phase_code: str, point: Placer) -> Sequence[Shape]:
    comet = extras.get("comet")
    at = point(comet) if isinstance(comet, str) else None
    if at is None:
        return ()
    # Up and right of the province's unit, clear of it.
    x, y = at[0] + 12, at[1] - 12
    return [
        Shape(
            "circle",
            (("cx", number(x)), ("cy", number(y)), ("r", "7")),
            classes="comet",
            data=(("data-comet", str(comet)),),
            paint=(("fill", COMET), ("stroke", "#ffffff")),
            letter=Letter("C", x, y, 8),
        )
    ]
