"""The board renderer: one drawing of a position (provinces and their owners, supply
centers, names, units, orders with their results) for every place the site shows a board.

Three ways to show it, one markup:

- ``PAGE``: the game page's board (``id="board"``, layers with ids), drawn whole at first
  paint; the page puts in the layers drawn here as they come: the page's own after each
  live refresh, the variant's layer as :func:`layer_markup` draws it (the phase state's
  ``layer``), a replay's steps and the sandbox's orders as :func:`piece_layers` draws
  them. ``static/js/board/draw.js`` draws only what its player has not sent yet, with
  the same markup.
- ``STILL``: a board among several on one page (the duel page): no ids.
- ``PICTURE``: a standalone SVG to download or rasterise, its colours and fonts carried as
  presentation attributes (no stylesheet) so it looks the same in a browser, an image
  viewer and resvg, with a legend strip naming the phase and the powers.

The page's stylesheets (``static/css/site.css``, and a variant's own for its seats and
creatures, ``SiteVariant.stylesheet``) colour the first two from their classes and
``data-owner`` attributes; a picture carries the same colours here (``colour_of``: the
great powers' and each variant's declared ``SiteVariant.colours``).

It draws a :class:`SeenPosition` and nothing else: a position as ``games.visibility``
lets one viewer see it. A stored position carries every power's secrets (a variant's
hidden pieces), so a drawing handed one would show them to whoever looks.

Over the pieces it draws the variant's layer: the :class:`~variants.drawing.Shape` values
its ``SiteVariant.layers`` returns for the position's ``extras`` and phase. The renderer
knows no variant; a variant knows no markup beyond its shapes.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import Any
from xml.sax.saxutils import escape, quoteattr

from django.utils.translation import gettext, pgettext

from adjudicator.maps import load_map
from adjudicator.variants import VARIANTS
from variants.drawing import (
    Shape,
    UnitMark,
    map_anchors,
    map_drawing,
    number,
)
from variants.drawing import colour_of as power_colour
from variants.registry import colours, site_side
from variants.site import SiteVariant


class Mode(Enum):
    PAGE = "page"
    STILL = "still"
    PICTURE = "picture"


LAND = "#efe6cf"
SEA = "#bcd8ea"
INK = "#222222"
FAILED = "#bb3333"
BUILD = "#2e8b3a"
DISBAND = "#8a1c1c"
#: Fonts every renderer has something for; resvg takes the first one installed.
FONT = "DejaVu Sans, Liberation Sans, Arial, Helvetica, sans-serif"
#: Dark text on these powers' units, light on the rest.
_DARK_TEXT = {"yellow", "grey", "turkey"}
#: How far a dislodged unit is drawn from its province's point (and its retreat starts).
DISLODGED_SHIFT = 7.0
#: How far short of its target an arrow stops, so its head does not hide the unit there.
ARROW_SHORT = 10.0
#: Height of a picture's legend strip under the map, in map units, with one row of powers
#: (more rows add LEGEND_ROW each).
LEGEND_HEIGHT = 104.0
LEGEND_ROW = 40.0
#: The least width of a power's column in the legend.
LEGEND_COLUMN = 130.0


def colour_of(owner: str) -> str:
    """The colour of a unit's or a center's owner: a variant's own seat's or creature's
    as the variant declares it (``SiteVariant.colours``), else the great power's."""
    return colours().get(owner) or power_colour(owner)


def mix(colour: str, base: str, share: float) -> str:
    """``colour`` mixed into ``base`` (CSS ``color-mix``), so ownership reads as a tint."""
    a = [int(colour[i : i + 2], 16) for i in (1, 3, 5)]
    b = [int(base[i : i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(
        f"{round(x * share + y * (1 - share)):02x}" for x, y in zip(a, b, strict=True)
    )


@dataclass(frozen=True, slots=True)
class SeenPosition:
    """A position as one viewer may see it, in the CLI's shape (``units``, ``dislodged``,
    ``centers``, ``extras``, ``phase`` ...): the only kind :func:`board_svg` draws.

    ``games.visibility`` alone makes one (``position_seen`` for a game's phase,
    ``scratch_position`` for a sandbox's own board), so a page, a picture or an export
    cannot hand the drawing a stored position that nobody filtered: it would be refused
    here, and a test walks the site's code for any other maker.
    """

    position: Mapping[str, Any]


@dataclass(frozen=True)
class DrawnOrder:
    """An order as drawn: its canonical text, and its result code once adjudicated."""

    text: str
    result: str | None = None
    #: Whose order it is (a build or a disband is drawn in its power's colour).
    power: str | None = None

    @property
    def failed(self) -> bool:
        return self.result is not None and self.result != "ok"


@dataclass(frozen=True)
class Legend:
    """A picture's strip under the map: a title, a line under it, and the powers' names."""

    title: str
    subtitle: str = ""
    power_names: Mapping[str, str] = field(default_factory=dict)


def _attrs(pairs: Iterable[tuple[str, object]]) -> str:
    return "".join(f" {name}={quoteattr(str(value))}" for name, value in pairs if value is not None)


class _Drawing:
    """One board being drawn: the map's points, the mode, and the markup so far."""

    def __init__(self, map_id: str, mode: Mode, site: SiteVariant) -> None:
        #: The variant's side: its units' marks and how its own orders are drawn.
        self.site = site
        self.drawing = map_drawing(map_id)
        self.full_names = {pid: p.name for pid, p in load_map(map_id).provinces.items()}
        self.points: dict[str, list[float]] = map_anchors(map_id)["units"]
        self.mode = mode
        self.paint = mode is Mode.PICTURE
        self.parts: list[str] = []

    def add(self, text: str) -> None:
        self.parts.append(text)

    def layer_id(self, name: str) -> str | None:
        return name if self.mode is Mode.PAGE else None

    def point(self, location: str, *, dislodged: bool = False) -> tuple[float, float] | None:
        at = self.points.get(location) or self.points.get(location.split("/")[0])
        if at is None:
            return None
        shift = DISLODGED_SHIFT if dislodged else 0.0
        return float(at[0]) + shift, float(at[1]) + shift

    # -- the map under the pieces -------------------------------------------------------

    def ground(self, owners: Mapping[str, str]) -> None:
        x0, y0, width, height = (float(v) for v in self.drawing["viewBox"])
        paint = self.paint
        self.add(
            f'<rect class="water"{_attrs([("fill", SEA if paint else None)])} '
            f'x="{number(x0)}" y="{number(y0)}" width="{number(width)}" '
            f'height="{number(height)}"/>'
        )
        self.add(
            f'<path class="land-bg" d="{self.drawing["land"]}"'
            f"{_attrs([('fill', LAND if paint else None)])}/>"
        )
        group = [("id", self.layer_id("provinces")), ("class", "provinces")]
        if paint:
            group += [("stroke", "#7d7566"), ("stroke-width", "0.8")]
        self.add(f"<g{_attrs(group)}>")
        for pid, p in self.drawing["provinces"].items():
            owner = owners.get(pid)
            fill = None
            if paint:
                fill = SEA if p["terrain"] == "sea" else LAND
                if owner is not None and p["terrain"] != "sea":
                    share = 0.45 if owner == "grey" else 0.40 if owner == "yellow" else 0.35
                    fill = mix(colour_of(owner), LAND, share)
            # The full name on hover, in the reader's language (the names' catalog entries
            # are games.wording.PROVINCES's, read here by the same context).
            name = pgettext("province", self.full_names.get(pid, pid))
            title = "" if paint else f"<title>{escape(name)}</title>"
            self.add(
                f'<path d="{p["d"]}"'
                + _attrs(
                    [
                        ("data-province", pid),
                        ("data-terrain", p["terrain"]),
                        ("class", "prov"),
                        ("data-owner", owner),
                        ("fill", fill),
                    ]
                )
                + f">{title}</path>"
            )
        self.add("</g>")
        group = [("id", self.layer_id("centers")), ("class", "centers")]
        if paint:
            group += [("stroke", "#333333"), ("stroke-width", "1.2")]
        self.add(f"<g{_attrs(group)}>")
        for pid, p in self.drawing["provinces"].items():
            if not p.get("sc"):
                continue
            owner = owners.get(pid)
            fill = (colour_of(owner) if owner else "#ffffff") if paint else None
            self.add(
                "<circle"
                + _attrs(
                    [
                        ("class", "sc"),
                        ("data-center", pid),
                        ("cx", number(p["sc"][0])),
                        ("cy", number(p["sc"][1])),
                        ("r", "4"),
                        ("data-owner", owner),
                        ("fill", fill),
                    ]
                )
                + "/>"
            )
        self.add("</g>")
        group = [("id", self.layer_id("labels")), ("class", "labels"), ("aria-hidden", "true")]
        if paint:
            group += [
                ("font-family", FONT),
                ("font-size", "11"),
                ("fill", "#333333"),
                ("text-anchor", "middle"),
            ]
        self.add(f"<g{_attrs(group)}>")
        for pid, name in self.drawing["names"].items():
            at = self.drawing["provinces"][pid]["label"]
            self.add(
                f'<text x="{number(at[0])}" y="{number(at[1])}" data-label="{pid}">'
                f"{escape(name)}</text>"
            )
        # The coasts of a split province, marked where a fleet on each stands, in the
        # notation orders use ("F mao - spa/nc").
        coast_paint = [("font-size", "7"), ("fill", "#5a6b7a"), ("font-style", "italic")]
        for loc, coast in sorted(self.drawing.get("coasts", {}).items()):
            x, y = coast["unit"]
            attrs = [
                ("class", "coast-label"),
                ("data-coast", loc),
                ("x", number(x)),
                ("y", number(y + 15)),
                *(coast_paint if paint else []),
            ]
            self.add(f"<text{_attrs(attrs)}>{escape(loc.split('/')[1])}</text>")
        self.add("</g>")

    # -- the pieces -----------------------------------------------------------------------

    def unit(
        self, power: str, text: str, *, dislodged: bool = False, mark: UnitMark | None = None
    ) -> None:
        """One unit, as ``static/js/board/draw.js`` draws a unit placed and not yet sent
        (``unit``), with the variant's ``mark`` on it (a letter, classes, a ring)."""
        kind, _, location = text.partition(" ")
        at = self.point(location, dislodged=dislodged)
        if at is None:
            return
        x, y = at
        paint = self.paint
        shape_paint: list[tuple[str, object]] = []
        text_paint: list[tuple[str, object]] = []
        if paint:
            shape_paint = [
                ("fill", colour_of(power)),
                ("stroke", DISBAND if dislodged else "#ffffff"),
                ("stroke-width", "2.5" if dislodged else "1.5"),
            ]
            text_paint = [
                ("font-family", FONT),
                ("font-size", "9"),
                ("font-weight", "bold"),
                ("text-anchor", "middle"),
                ("fill", "#111111" if power in _DARK_TEXT else "#ffffff"),
            ]
        if kind == "F":
            shape = [
                ("x", number(x - 9)),
                ("y", number(y - 6)),
                ("width", "18"),
                ("height", "12"),
                ("rx", "3"),
            ]
            drawn = f"<rect{_attrs(shape + shape_paint)}/>"
        else:
            shape = [("cx", number(x)), ("cy", number(y)), ("r", "8")]
            drawn = f"<circle{_attrs(shape + shape_paint)}/>"
        classes = (
            f"unit power-{power}"
            + (" dislodged" if dislodged else "")
            + (f" {mark.classes}" if mark is not None and mark.classes else "")
        )
        group = [("class", classes), ("data-unit", location), ("data-power", power)]
        if paint and dislodged:
            group.append(("opacity", "0.85"))
        ring = ""
        if mark is not None and mark.ring:
            ring_paint = (
                [("fill", "none"), ("stroke", mark.ring_colour), ("stroke-width", "2")]
                if paint
                else []
            )
            ring_shape = [
                ("class", mark.ring),
                ("cx", number(x)),
                ("cy", number(y)),
                ("r", "11"),
            ]
            ring = f"<circle{_attrs(ring_shape + ring_paint)}/>"
        label = f"<text{_attrs([('x', number(x)), ('y', number(y + 3.5)), *text_paint])}>"
        letter = (mark.letter if mark is not None else None) or kind
        badge = self.dislodged_mark(x, y) if dislodged else ""
        self.add(f"<g{_attrs(group)}>{ring}{drawn}{label}{escape(letter)}</text>{badge}</g>")

    def dislodged_mark(self, x: float, y: float) -> str:
        """The badge on a dislodged unit's corner: a red disc with an arrow pointing out,
        for a unit that must retreat or be disbanded (the offset alone is easy to miss
        when the attacker stands on the same spot)."""
        bx, by = x + 8, y - 8
        disc_paint = [("fill", DISBAND), ("stroke", "#ffffff"), ("stroke-width", "1")]
        arrow_paint = [
            ("fill", "none"),
            ("stroke", "#ffffff"),
            ("stroke-width", "1.3"),
            ("stroke-linecap", "round"),
        ]
        disc = [("cx", number(bx)), ("cy", number(by)), ("r", "4.5")]
        arrow = [
            (
                "d",
                f"M{number(bx - 2)} {number(by + 2)}L{number(bx + 2)} {number(by - 2)}"
                f"M{number(bx - 0.5)} {number(by - 2)}H{number(bx + 2)}V{number(by + 0.5)}",
            )
        ]
        if self.paint:
            disc += disc_paint
            arrow += arrow_paint
        return f'<g class="dislodged-mark"><circle{_attrs(disc)}/><path{_attrs(arrow)}/></g>'

    def arrow(
        self, start: tuple[float, float], end: tuple[float, float], kind: str, order: DrawnOrder
    ) -> None:
        x1, y1 = start
        x2, y2 = end
        dx, dy = x2 - x1, y2 - y1
        length = (dx * dx + dy * dy) ** 0.5 or 1.0
        x2, y2 = x2 - dx / length * ARROW_SHORT, y2 - dy / length * ARROW_SHORT
        failed = order.failed
        pairs: list[tuple[str, object]] = [
            ("class", f"order {kind}" + (" failed" if failed else "")),
            ("data-order", order.text),
            # Whose order it is, on a page: the page puts its player's own orders in as he
            # changes them, in place of the ones the server drew.
            ("data-power", None if self.paint else order.power),
            ("x1", number(x1)),
            ("y1", number(y1)),
            ("x2", number(x2)),
            ("y2", number(y2)),
            ("marker-end", "url(#arrow-failed)" if failed else "url(#arrow)"),
        ]
        if self.paint:
            pairs += [
                ("stroke", FAILED if failed else "#111111"),
                ("stroke-width", "2.2"),
                ("fill", "none"),
                ("stroke-dasharray", {"support": "5 3", "convoy": "1.5 3"}.get(kind)),
                ("opacity", "0.8" if failed else None),
            ]
        self.add(f"<line{_attrs(pairs)}/>")

    def ring(self, at: tuple[float, float], kind: str, order: DrawnOrder) -> None:
        x, y = at
        failed = order.failed
        owned = kind in ("build", "disband") and order.power is not None
        pairs: list[tuple[str, object]] = [
            (
                "class",
                f"order {kind}"
                + (f" power-{order.power}" if owned else "")
                + (" failed" if failed else ""),
            ),
            ("data-order", order.text),
            ("data-power", None if self.paint else order.power),
        ]
        if self.paint:
            colour = FAILED if failed else {"build": BUILD, "disband": DISBAND}.get(kind, INK)
            if owned and not failed and order.power is not None:
                colour = colour_of(order.power)  # whose unit comes or goes
            pairs += [("stroke", colour), ("stroke-width", "2.2"), ("fill", "none")]
        radius = 12 if kind == "hold" else 13
        inner = f'<circle cx="{number(x)}" cy="{number(y)}" r="{radius}"/>'
        if kind == "disband":
            # Crossed out, so that the mark reads without its colour too.
            inner += (
                f'<path d="M{number(x - 9)} {number(y - 9)}L{number(x + 9)} {number(y + 9)}'
                f'M{number(x + 9)} {number(y - 9)}L{number(x - 9)} {number(y + 9)}"/>'
            )
        self.add(f"<g{_attrs(pairs)}>{inner}</g>")

    def order(self, order: DrawnOrder, retreating: set[str]) -> None:
        """One order in canonical notation (``adjudicator/orders.py``'s ``str()``), as
        ``static/js/board/draw.js`` draws a player's own not yet sent (``drawOrders``)."""
        t = order.text.split()
        if len(t) < 2:
            return  # WAIVE
        if t[0] not in ("A", "F"):
            # No unit's order: drawn as the variant says (a ring or an arrow), or told in
            # words beside the board and never drawn (a vote, a creature's step ...).
            shape = self.site.order_shapes(order.text)
            if shape is None:
                return
            start = self.point(
                shape.at, dislodged=shape.kind == "retreat" and shape.at in retreating
            )
            if start is None:
                return
            if shape.to is None:
                self.ring(start, shape.kind, order)
                return
            end = self.point(shape.to)
            if end is not None:
                self.arrow(start, end, shape.kind, order)
            return
        if len(t) < 3:
            return
        location, verb = t[1], t[2]
        start = self.point(location, dislodged=verb in ("R", "D") and location in retreating)
        if start is None:
            return
        target: str | None = None
        kind = ""
        if verb in ("-", "R") and len(t) >= 4:
            kind, target = ("move" if verb == "-" else "retreat"), t[3]
        elif verb == "S" and len(t) >= 5:
            # A support to hold points at the supported unit; a support to move, at the
            # province the move goes to.
            kind, target = "support", (t[6] if len(t) >= 7 else t[4])
        elif verb == "C" and len(t) >= 7:
            kind, target = "convoy", t[6]
        elif verb in ("H", "B", "D"):
            self.ring(start, {"H": "hold", "B": "build", "D": "disband"}[verb], order)
            return
        if target is not None:
            end = self.point(target)
            if end is not None:
                self.arrow(start, end, kind, order)

    def pieces(self, position: Mapping[str, Any], orders: Sequence[DrawnOrder]) -> None:
        # Orders under the units, so that no arrow hides a unit.
        self.add(f"<g{_attrs([('id', self.layer_id('orders')), ('class', 'orders')])}>")
        self.orders(position, orders)
        self.add("</g>")
        self.add(f"<g{_attrs([('id', self.layer_id('units')), ('class', 'units')])}>")
        self.units(position)
        self.add("</g>")

    def orders(self, position: Mapping[str, Any], orders: Sequence[DrawnOrder]) -> None:
        """The orders layer's marks: a retreat or a disband of a dislodged unit starts
        where that unit is drawn."""
        retreating = {
            str(entry["unit"]).split()[1]
            for entries in (position.get("dislodged") or {}).values()
            for entry in entries
        }
        for order in orders:
            self.order(order, retreating)

    def units(self, position: Mapping[str, Any]) -> None:
        """The units layer's marks: every unit, the dislodged ones after (and beside) the
        rest."""
        marks = self.site.marks_drawn(position.get("extras") or {})
        for power, units in sorted((position.get("units") or {}).items()):
            for text in units:
                self.unit(power, text, mark=marks.get(f"{power} {text.partition(' ')[2]}"))
        for power, entries in sorted((position.get("dislodged") or {}).items()):
            for entry in entries:
                text = str(entry["unit"])
                key = f"{power} {text.partition(' ')[2]}"
                self.unit(power, text, dislodged=True, mark=marks.get(key))

    def glyph_letter(self, x: float, y: float, size: float = 9) -> list[tuple[str, object]]:
        """The attributes of the white letter on a layer's shape (a :class:`Letter`),
        centred on (x, y), ``size`` high."""
        paint: list[tuple[str, object]] = [
            ("font-family", FONT),
            ("font-size", number(size)),
            ("font-weight", "bold"),
            ("text-anchor", "middle"),
            ("fill", "#ffffff"),
        ]
        baseline = y + size * 0.39  # the letter's middle on y
        return [("x", number(x)), ("y", number(baseline)), *(paint if self.paint else [])]

    def layers(self, shapes: Sequence[Shape]) -> None:
        """The variant's layer (the group ``creatures``, as the page's stylesheet and
        scripts know it): each :class:`Shape` its layers function gave, in its order."""
        self.add(f"<g{_attrs([('id', self.layer_id('creatures')), ('class', 'creatures')])}>")
        for shape in shapes:
            self.add(self.shape(shape))
        self.add("</g>")

    def shape(self, shape: Shape) -> str:
        """One shape of a variant's layer: grouped with its letter, or bare."""
        paint = list(shape.paint) if self.paint else []
        title = f"<title>{escape(shape.title)}</title>" if shape.title and not self.paint else ""
        if not shape.grouped:
            attrs = [("class", shape.classes), *shape.data, *shape.geometry, *paint]
            if title:
                return f"<{shape.kind}{_attrs(attrs)}>{title}</{shape.kind}>"
            return f"<{shape.kind}{_attrs(attrs)}/>"
        drawn = f"<{shape.kind}{_attrs([*shape.geometry, *paint])}/>"
        letter = ""
        if shape.letter is not None:
            at = self.glyph_letter(shape.letter.x, shape.letter.y, shape.letter.size)
            letter = f"<text{_attrs(at)}>{escape(shape.letter.text)}</text>"
        group = [("class", shape.classes), *shape.data]
        return f"<g{_attrs(group)}>{title}{drawn}{letter}</g>"

    def markers(self) -> str:
        return _markers(paint=self.paint)

    def legend(self, legend: Legend, owners: Mapping[str, str], powers: list[str]) -> None:
        """The strip under a picture's map: the title and the line under it on rows of
        their own, then the powers, each with its centers, in rows that fit the width (the
        title never runs into them)."""
        x0, y0, width, height = (float(v) for v in self.drawing["viewBox"])
        top = y0 + height
        counts: dict[str, int] = {}
        for power in owners.values():
            counts[power] = counts.get(power, 0) + 1
        self.add(f'<g class="legend" font-family="{FONT}" fill="{INK}">')
        self.add(
            f'<rect x="{number(x0)}" y="{number(top)}" width="{number(width)}" '
            f'height="{number(legend_height(width, len(powers)))}" fill="#faf7ef"/>'
        )
        # About 10 units a letter at 18: a title too long for the width is cut, said so.
        most = int((width - 24) / 10.5)
        title = legend.title if len(legend.title) <= most else legend.title[: most - 1] + "…"
        self.add(
            f'<text x="{number(x0 + 12)}" y="{number(top + 26)}" font-size="18" '
            f'font-weight="bold">{escape(title)}</text>'
        )
        if legend.subtitle:
            self.add(
                f'<text x="{number(x0 + 12)}" y="{number(top + 46)}" font-size="13" '
                f'fill="#555555">{escape(legend.subtitle)}</text>'
            )
        per_row = _legend_columns(width)
        column = (width - 24) / per_row
        for n, power in enumerate(powers):
            x = x0 + 12 + (n % per_row) * column
            y = top + 62 + (n // per_row) * LEGEND_ROW
            name = legend.power_names.get(power, power)
            self.add(
                f'<rect x="{number(x)}" y="{number(y)}" width="12" height="12" rx="2" '
                f'fill="{colour_of(power)}"/>'
                f'<text x="{number(x + 17)}" y="{number(y + 11)}" font-size="13">'
                f"{escape(name)}</text>"
                f'<text x="{number(x + 17)}" y="{number(y + 29)}" font-size="12" '
                f'fill="#555555">{counts.get(power, 0)}</text>'
            )
        self.add("</g>")


def _legend_columns(width: float) -> int:
    return max(1, int((width - 24) // LEGEND_COLUMN))


def legend_height(width: float, powers: int) -> float:
    """The legend strip's height for ``powers`` names on a picture ``width`` wide."""
    rows = max(1, -(-powers // _legend_columns(width)))
    return LEGEND_HEIGHT + (rows - 1) * LEGEND_ROW


def owners_of(centers: Mapping[str, Iterable[str]]) -> dict[str, str]:
    """Each owned supply center's owner, from a position's ``centers``."""
    return {c: power for power, owned in centers.items() for c in owned}


def _markers(*, paint: bool) -> str:
    """The arrowheads of orders (an ordinary one and a failed one's)."""
    fill, failed_fill = ("#111111", FAILED) if paint else (None, None)
    return (
        "<defs>"
        '<marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="5" '
        'markerHeight="5" orient="auto-start-reverse">'
        f'<path d="M0,0 L10,5 L0,10 z"{_attrs([("fill", fill)])}/></marker>'
        '<marker id="arrow-failed" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="5" '
        'markerHeight="5" orient="auto-start-reverse">'
        f'<path d="M0,0 L10,5 L0,10 z" class="failed"{_attrs([("fill", failed_fill)])}/>'
        "</marker></defs>"
    )


def board_svg(
    *,
    map_id: str,
    position: SeenPosition | None,
    orders: Sequence[DrawnOrder] = (),
    mode: Mode = Mode.PAGE,
    label: str = "",
    legend: Legend | None = None,
) -> str:
    """The board of ``map_id`` with ``position`` (as its viewer may see it; None: the bare
    map, a game not begun) and ``orders`` drawn on it, for one of the three
    :class:`Mode`\\ s.

    ``label`` names a still board ("Board A"); ``legend`` is a picture's strip.

    Raises:
        TypeError: ``position`` is not a :class:`SeenPosition` (a stored position, which
            nobody filtered for the viewer).
    """
    if position is not None and not isinstance(position, SeenPosition):
        raise TypeError(
            "board_svg draws a SeenPosition, a position as games.visibility lets its viewer "
            f"see it, not a {type(position).__name__}"
        )
    drawn: Mapping[str, Any] = position.position if position is not None else {}
    site = site_side(_variant_of(drawn, map_id))
    board = _Drawing(map_id, mode, site)
    owners = owners_of(drawn.get("centers") or {})
    x0, y0, width, height = (float(v) for v in board.drawing["viewBox"])
    board.ground(owners)
    board.pieces(drawn, orders)
    board.layers(site.layers(drawn.get("extras") or {}, str(drawn.get("phase") or ""), board.point))
    if mode is Mode.PICTURE:
        powers = sorted(
            set(drawn.get("units") or {}) | set(owners.values()) | set(drawn.get("dislodged") or {})
        )
        shown = legend or Legend(title="")
        board.legend(shown, owners, powers)
        total = height + legend_height(width, len(powers))
        return (
            '<?xml version="1.0" encoding="UTF-8"?>\n'
            '<svg xmlns="http://www.w3.org/2000/svg" version="1.1" '
            f'viewBox="{number(x0)} {number(y0)} {number(width)} {number(total)}" '
            f'width="{number(width)}" height="{number(total)}" role="img" '
            f"aria-label={quoteattr(shown.title)}>"
            f"<title>{escape(shown.title)}</title>{board.markers()}"
            + "".join(board.parts)
            + "</svg>\n"
        )
    view_box = f"{number(x0)} {number(y0)} {number(width)} {number(height)}"
    if mode is Mode.PAGE:
        head = _attrs([("id", "board"), ("class", "board"), ("aria-label", gettext("The board"))])
    else:
        words = gettext("Board %(label)s") % {"label": label}
        head = _attrs([("class", "board still"), ("aria-label", words)])
    return (
        f'<svg{head} viewBox="{view_box}" role="img" xmlns="http://www.w3.org/2000/svg">'
        # A still board draws no orders, and several share a page: no marker ids twice.
        + (board.markers() if mode is Mode.PAGE else "")
        + "".join(board.parts)
        + "</svg>"
    )


def layer_markup(*, map_id: str, position: SeenPosition) -> str:
    """The variant's layer of ``position`` as the page's board draws it (the children of
    its ``<g class="creatures">``): the page and its replay put it in as drawn here.

    Raises:
        TypeError: ``position`` is not a :class:`SeenPosition`.
    """
    if not isinstance(position, SeenPosition):
        raise TypeError(f"layer_markup draws a SeenPosition, not a {type(position).__name__}")
    drawn = position.position
    site = site_side(_variant_of(drawn, map_id))
    board = _Drawing(map_id, Mode.PAGE, site)
    shapes = site.layers(drawn.get("extras") or {}, str(drawn.get("phase") or ""), board.point)
    return "".join(board.shape(shape) for shape in shapes)


def piece_layers(
    *,
    map_id: str,
    position: SeenPosition | None,
    orders: Sequence[DrawnOrder] = (),
    aside: SeenPosition | None = None,
    layer: bool = True,
) -> dict[str, Any]:
    """The board's layers that change from one phase (or step of its replay) to the next,
    as the page's board draws them: the markup of its ``units``, ``orders`` and variant's
    layer (``creatures``), each the children of its group, and each province's ``owners``
    (a province's and its center's ``data-owner``). A page puts them in as they come.

    ``aside``: the position the phase came out with, whose dislodged units are drawn
    aside and marked where they stood (a replay's results); ``layer`` False: no variant's
    layer. ``position`` None: an empty board (a board not begun).

    Raises:
        TypeError: ``position`` or ``aside`` is not a :class:`SeenPosition`.
    """
    for given in (position, aside):
        if given is not None and not isinstance(given, SeenPosition):
            raise TypeError(f"piece_layers draws a SeenPosition, not a {type(given).__name__}")
    if position is None:
        return {"units": "", "orders": "", "creatures": "", "owners": {}}
    drawn: dict[str, Any] = dict(position.position)
    if aside is not None:
        moved = aside.position.get("dislodged") or {}
        units = {power: list(texts) for power, texts in (drawn.get("units") or {}).items()}
        dislodged = {
            power: list(entries) for power, entries in (drawn.get("dislodged") or {}).items()
        }
        for power, entries in moved.items():
            gone = {str(entry["unit"]) for entry in entries}
            units[power] = [text for text in units.get(power, []) if text not in gone]
            dislodged[power] = [*dislodged.get(power, []), *entries]
        drawn.update(units=units, dislodged=dislodged)
    site = site_side(_variant_of(drawn, map_id))
    marks: dict[str, str] = {}
    for name, draw in (
        ("orders", lambda board: board.orders(drawn, orders)),
        ("units", lambda board: board.units(drawn)),
    ):
        board = _Drawing(map_id, Mode.PAGE, site)
        draw(board)
        marks[name] = "".join(board.parts)
    return {
        **marks,
        "creatures": layer_markup(map_id=map_id, position=position) if layer else "",
        "owners": owners_of(drawn.get("centers") or {}),
    }


def _variant_of(position: Mapping[str, Any], map_id: str) -> str:
    """Whose layers a position shows: its ``variant`` (as the adjudicator writes a
    position); a hand-made one without it, its map's namesake variant, if any."""
    named = position.get("variant")
    if isinstance(named, str) and named in VARIANTS:
        return named
    return map_id if map_id in VARIANTS else "standard"


def board_markers() -> str:
    """The arrowheads of orders, once for a page of still boards (the duel page): a still
    board carries no ids, and its orders' arrows point to these."""
    return (
        '<svg class="board-markers" width="0" height="0" aria-hidden="true" focusable="false" '
        f'xmlns="http://www.w3.org/2000/svg">{_markers(paint=False)}</svg>'
    )
