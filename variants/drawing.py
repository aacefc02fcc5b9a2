"""The board drawings (variants/mapdata/<map>.json): our own SVG data per map, and the
values a variant's layers are made of (:class:`Shape`), which ``variants.board`` draws."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from adjudicator import load_map

MAPDATA = Path(__file__).resolve().parent / "mapdata"

#: The powers' colours, as in static/css/site.css (a variant's own seats' and creatures'
#: are its ``SiteVariant.colours``).
COLOURS = {
    "austria": "#c8352b",
    "england": "#2b3f9e",
    "france": "#3aa0db",
    "germany": "#4d4d4d",
    "italy": "#2e8b3a",
    "russia": "#8e52b0",
    "turkey": "#d9a900",
    "red": "#cc2a24",
    "blue": "#2452c4",
    "yellow": "#e8c20c",
    "green": "#2a9a48",
    "black": "#1d1d1d",
    "grey": "#8c8c8c",
}


def colour_of(power: str) -> str:
    return COLOURS.get(power, "#777777")


@cache
def map_drawing(map_id: str) -> dict[str, Any]:
    """The drawing of a map: viewBox, land, province paths and anchor points."""
    data: dict[str, Any] = json.loads((MAPDATA / f"{map_id}.json").read_text("utf-8"))
    game_map = load_map(map_id)
    for pid, drawn in data["provinces"].items():
        drawn["terrain"] = game_map.provinces[pid].terrain.value
    return data


@cache
def map_anchors(map_id: str) -> dict[str, Any]:
    """Only what the page's script needs to place units: unit points per location."""
    drawing = map_drawing(map_id)
    units = {pid: p["unit"] for pid, p in drawing["provinces"].items()}
    units.update({loc: c["unit"] for loc, c in drawing.get("coasts", {}).items()})
    return {"units": units}


#: Where a location stands on the board (a unit's point), or None off the map.
Placer = Callable[[str], tuple[float, float] | None]


@dataclass(frozen=True, slots=True)
class Letter:
    """A white letter centred on a shape (the B on the Borg's hexagon): its text, its
    middle and its height."""

    text: str
    x: float
    y: float
    size: float = 9.0


@dataclass(frozen=True, slots=True)
class Shape:
    """One mark a variant's layer puts on its board, as values: ``variants.board`` draws
    it for the page, the duel page, the sandbox and a picture, and knows no variant.

    ``kind`` is the SVG element (``line``, ``polygon``, ``path``, ``rect``, ``circle``),
    ``geometry`` its placing attributes in order (``points``, ``d``, ``x1`` ...). A
    ``grouped`` shape is drawn in a ``<g>`` holding ``classes`` and ``data`` (what the
    page's stylesheet and scripts find it by) with its ``letter``; a bare one carries them
    itself. ``paint`` is its colours in a picture, which has no stylesheet; ``title`` a
    line the page shows on hover.
    """

    kind: str
    geometry: tuple[tuple[str, str], ...]
    classes: str
    data: tuple[tuple[str, str], ...] = ()
    paint: tuple[tuple[str, str], ...] = ()
    letter: Letter | None = None
    grouped: bool = True
    title: str = ""


@dataclass(frozen=True, slots=True)
class UnitMark:
    """How a variant marks one of its units (Rather Silly's Amazons, rogue armies and
    devil units): ``classes`` added to the unit's group (what the page's stylesheet colours
    it by), the ``letter`` on it in place of its kind's, and a ``ring`` round it (the
    ring's class) drawn ``ring_colour`` in a picture."""

    classes: str = ""
    letter: str | None = None
    ring: str | None = None
    ring_colour: str = "#000000"


#: A variant's marks of the units of a position, by "power location", given its extras
#: as the viewer may see them.
DrawnMarks = Callable[[Mapping[str, Any]], Mapping[str, UnitMark]]


def no_marks_drawn(extras: Mapping[str, Any]) -> Mapping[str, UnitMark]:
    """The marks of a variant whose units are all plain."""
    return {}


@dataclass(frozen=True, slots=True)
class OrderShape:
    """How an order of a variant's own (no unit's "A ..." or "F ...") is drawn: a ring on
    ``at`` when it goes nowhere, else an arrow from ``at`` to ``to``; ``kind`` is its
    class, as a unit's order's (``move``, ``retreat``) or its own. A ``retreat`` starts
    where a dislodged unit at ``at`` is drawn; ``on_center`` rings ``at``'s supply center
    where its dot is drawn, not where a unit would stand."""

    kind: str
    at: str
    to: str | None = None
    #: A ring on the province's supply center (a center named, not a unit's place).
    on_center: bool = False


#: How a variant draws one of its own orders (its canonical text), or None: not drawn.
OrderShapes = Callable[[str], OrderShape | None]


def no_order_shapes(text: str) -> OrderShape | None:
    """The orders of a variant that has none of its own to draw."""
    return None


def no_layers(extras: Mapping[str, Any], phase_code: str, point: Placer) -> Sequence[Shape]:
    """The layers of a variant that draws nothing of its own."""
    return ()


def number(value: float) -> str:
    """A coordinate, short and never localised ("298.4", never "298,4")."""
    return f"{value:.1f}".rstrip("0").rstrip(".")
