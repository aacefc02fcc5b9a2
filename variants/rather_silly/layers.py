"""Rather Silly's layer of the board: the Borg, the llama herds the viewer may see, the
hyperspace link in force, the Siamese twins' bonds, the flocks of birds and the TARDIS,
as :class:`~variants.drawing.Shape` values that ``variants.board`` draws; the marks on
its special units (:func:`marks_drawn`) and how a flock's flight is drawn
(:func:`order_shapes`).

Their classes and ``data-`` attributes are what the page's stylesheet colours and what
its scripts and tests find them by; their paint is a picture's, which has no stylesheet.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from variants.drawing import (
    Letter,
    OrderShape,
    Placer,
    Shape,
    UnitMark,
    colour_of,
    number,
)
from variants.rather_silly.colours import COLOURS as OWN_COLOURS

BORG = "#1b1b1b"
#: The Borg's hexagon: its radius, its letter's size, and how far up and left of its
#: province's point it stands (clear of a unit there, a shield or a hull about 32 across).
BORG_RADIUS = 17.0
BORG_LETTER = 16.0
BORG_SHIFT = (26.0, 22.0)
#: A herd's diamond (its half width) and a TARDIS's box, large enough to read beside a
#: unit (24 CSS px on a desktop's board) and clear of its corner.
HERD_RADIUS = 10.0
HERD_SHIFT = (24.0, -18.0)
TARDIS_SIZE = (20.0, 26.0)
TARDIS_SHIFT = (24.0, 20.0)
#: A flock's wings' half width, and where it flies beside a unit.
BIRD_HALF = 12.0
BIRD_SHIFT = (-26.0, 20.0)
HERD = "#b07a2a"
LINK = "#7b3fb5"
TARDIS = OWN_COLOURS["doctor"]
TWINS = "#444444"
#: The special armies, by the letter on their marker (neutral words: an Amazon, a rogue
#: army), and the ring round a unit that sold its soul.
MARK_LETTERS = {"amazon": "♀", "dirtbag": "R", "fifth_fleet": "F5"}
DEVIL = "#b3261e"


def marks_drawn(extras: Mapping[str, Any]) -> Mapping[str, UnitMark]:
    """The marks on the units of ``extras`` (its ``kinds`` and ``devils``), by "power
    location": a special unit's kind as its class and its letter, a devil unit's ring."""
    kinds: Mapping[str, str] = extras.get("kinds") or {}
    devils: Mapping[str, Any] = extras.get("devils") or {}
    marks: dict[str, UnitMark] = {}
    for key in {*kinds, *devils}:
        kind = kinds.get(key)
        devil = key in devils
        marks[key] = UnitMark(
            classes=" ".join(c for c in (kind, "devil" if devil else None) if c),
            letter=MARK_LETTERS.get(kind or ""),
            ring="devil-ring" if devil else None,
            ring_colour=DEVIL,
        )
    return marks


def order_shapes(text: str) -> OrderShape | None:
    """A flock of birds flies, or retreats, as a unit moves ("birds lon - wal"); the
    variant's other orders (a vote, a prediction, a herd ...) are told in words."""
    t = text.split()
    if len(t) >= 4 and t[0] == "birds" and t[2] in ("-", "R"):
        return OrderShape("move" if t[2] == "-" else "retreat", t[1], t[3])
    return None


def layers(extras: Mapping[str, Any], phase_code: str, point: Placer) -> Sequence[Shape]:
    """The creatures and links of the phase ``phase_code`` (``F1901M``) in ``extras``, as
    its viewer may see them (``games.visibility`` left out the herds that are not his)."""
    shapes: list[Shape] = []
    for a, b in _link_shown(extras, phase_code):
        shapes += _line(
            point,
            a,
            b,
            classes="hyperspace",
            data=(("data-link", f"{a}-{b}"),),
            paint=(("stroke", LINK), ("stroke-width", "3"), ("stroke-dasharray", "6 4")),
        )
    for power, provinces in sorted((extras.get("llamas") or {}).items()):
        for n, province in enumerate(provinces):
            at = point(province)
            if at is None:
                continue
            x = at[0] + HERD_SHIFT[0] + 6 * provinces[:n].count(province)
            y = at[1] + HERD_SHIFT[1]
            shapes.append(
                Shape(
                    "polygon",
                    (("points", _diamond(x, y, HERD_RADIUS)),),
                    classes=f"herd power-{power}",
                    data=(("data-herd", province),),
                    paint=(("fill", HERD), ("stroke", "#1a1a1a"), ("stroke-width", "1.4")),
                )
            )
    borg = extras.get("borg")
    at = point(borg) if isinstance(borg, str) else None
    if isinstance(borg, str) and at is not None:
        # Above and left of the province's unit, clear of it, as large as a unit and
        # more: it was a hexagon of about 9 px on a page, its letter unreadable.
        x, y = at[0] - BORG_SHIFT[0], at[1] - BORG_SHIFT[1]
        shapes.append(
            Shape(
                "polygon",
                (("points", _hexagon(x, y, BORG_RADIUS)),),
                classes="borg",
                data=(("data-borg", borg),),
                paint=(("fill", BORG), ("stroke", "#ffffff"), ("stroke-width", "1.5")),
                letter=Letter("B", x, y, BORG_LETTER),
            )
        )
    for a, b in _twin_bonds(extras):
        shapes += _line(
            point,
            a,
            b,
            classes="twins-bond",
            data=(("data-twins", f"{a}-{b}"),),
            paint=(("stroke", TWINS), ("stroke-width", "2.5")),
        )
    seen: dict[str, int] = {}
    for flock in extras.get("birds") or ():
        province = str(flock.get("province"))
        at = point(province)
        if at is None:
            continue
        n = seen.get(province, 0)
        seen[province] = n + 1
        x, y = at[0] + BIRD_SHIFT[0] - 8 * n, at[1] + BIRD_SHIFT[1]
        power = str(flock.get("power"))
        shapes.append(
            Shape(
                "path",
                (("d", _bird(x, y)),),
                classes=f"flock power-{power}" + (" carrying" if flock.get("carrying") else ""),
                data=(("data-flock", province), ("data-power", power)),
                paint=(
                    ("fill", "none"),
                    ("stroke", OWN_COLOURS.get(power) or colour_of(power)),
                    ("stroke-width", "3.5"),
                    ("stroke-linecap", "round"),
                    ("stroke-linejoin", "round"),
                ),
            )
        )
    tardis = (extras.get("tardis") or {}).get("province")
    at = point(tardis) if isinstance(tardis, str) else None
    if isinstance(tardis, str) and at is not None:
        # Below and right of the province's unit: it shares the province with one.
        x, y = at[0] + TARDIS_SHIFT[0], at[1] + TARDIS_SHIFT[1]
        width, height = TARDIS_SIZE
        shapes.append(
            Shape(
                "rect",
                (
                    ("x", number(x - width / 2)),
                    ("y", number(y - height / 2)),
                    ("width", number(width)),
                    ("height", number(height)),
                    ("rx", "2"),
                ),
                classes="tardis",
                data=(("data-tardis", tardis),),
                paint=(("fill", TARDIS), ("stroke", "#1a1a1a"), ("stroke-width", "1.4")),
                letter=Letter("T", x, y, 14),
            )
        )
    return shapes


def _line(
    point: Placer,
    a: str,
    b: str,
    *,
    classes: str,
    data: tuple[tuple[str, str], ...],
    paint: tuple[tuple[str, str], ...],
) -> list[Shape]:
    """A line from ``a``'s point to ``b``'s (none where either is off the map)."""
    start, end = point(a), point(b)
    if start is None or end is None:
        return []
    geometry = (
        ("x1", number(start[0])),
        ("y1", number(start[1])),
        ("x2", number(end[0])),
        ("y2", number(end[1])),
    )
    return [Shape("line", geometry, classes=classes, data=data, paint=paint, grouped=False)]


def _link_shown(extras: Mapping[str, Any], phase_code: str) -> list[tuple[str, str]]:
    """The hyperspace link in force in the phase ``phase_code`` (``F1901M``), if any."""
    now = (extras.get("hyperspace") or {}).get("now") or {}
    link = now.get("link")
    if not link or now.get("season") != phase_code[:5]:
        return []
    return [(str(link[0]), str(link[1]))]


def _hexagon(x: float, y: float, r: float) -> str:
    return " ".join(
        f"{number(x + r * c)},{number(y + r * s)}"
        for c, s in ((1, 0), (0.5, 0.866), (-0.5, 0.866), (-1, 0), (-0.5, -0.866), (0.5, -0.866))
    )


def _bird(x: float, y: float) -> str:
    """A flock of birds: two wings in a shallow "m", 24 units wide."""
    h = BIRD_HALF
    return (
        f"M{number(x - h)},{number(y - 2)} Q{number(x - h / 2)},{number(y - 10)} "
        f"{number(x)},{number(y)} Q{number(x + h / 2)},{number(y - 10)} "
        f"{number(x + h)},{number(y - 2)}"
    )


def _twin_bonds(extras: Mapping[str, Any]) -> list[tuple[str, str]]:
    """The provinces of each pair of Siamese twins (``extras.twins``: power -> two
    locations)."""
    out = []
    for pair in (extras.get("twins") or {}).values():
        if isinstance(pair, (list, tuple)) and len(pair) == 2:
            out.append((str(pair[0]).split("/")[0], str(pair[1]).split("/")[0]))
    return out


def _diamond(x: float, y: float, r: float) -> str:
    return (
        f"{number(x)},{number(y - r)} {number(x + r)},{number(y)} "
        f"{number(x)},{number(y + r)} {number(x - r)},{number(y)}"
    )
