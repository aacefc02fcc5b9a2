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
from variants.registry import words as words_of_variants
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
DISLODGED_SHIFT = 14.0
#: How far short of its target an arrow stops, so its head does not hide the unit there.
ARROW_SHORT = 16.0
#: How far from its unit's point an arrow starts: at the marker's edge, so that the line
#: does not run into the marker (a fleet's sail beside a line read as an arrowhead).
ARROW_START = 13.0
#: A unit's shapes, centred on its point (the group's ``translate``), as
#: static/js/board/draw.js draws them: large enough to read at a glance (30 map units and more,
#: 25 CSS px on a 1400 px desktop's board). An army is a shield, a fleet a hull under a
#: sail; each glyph is drawn over its body in the colour that reads on the power's.
ARMY = "M-15 -15H15V2C15 10 7 15 0 17C-7 15 -15 10 -15 2Z"
ARMY_GLYPH = "M-8 -8L8 8M8 -8L-8 8M-9.5 -4L-4 -9.5M9.5 -4L4 -9.5"
FLEET = "M-17 3H17L11 14H-11Z M-1 1V-16L13 -1H-1Z"
FLEET_GLYPH = "M-10 8.5H10M-4 -10V-2"
#: The outline of a unit against the map, whatever its power's colour.
OUTLINE = "#1a1a1a"
#: An order's line, and the dark edge drawn under it so that a light power's colour
#: (yellow, grey, Turkey's) reads on the land and the sea alike.
ORDER_WIDTH = 2.6
EDGE_WIDTH = 5.2
#: A result's mark on its order (a bounce's bar, a cut's strokes, any other failure's cross).
RESULT_MARK = "#c62828"
#: The radius of a variant's ring round a unit, and where a dislodged unit's badge sits.
RING = 22.0
BADGE = 14.0
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
        #: The variant's own seats' names (the standard powers' are the catalog's).
        self.site_power_names = words_of_variants().power_names
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

    def center(self, province: str) -> tuple[float, float] | None:
        """Where ``province``'s supply center's dot is drawn (its unit's point if none)."""
        sc = self.drawing["provinces"].get(province, {}).get("sc")
        return (float(sc[0]), float(sc[1])) if sc else self.point(province)

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
                        # Named for a screen reader too (the board is a group of them).
                        ("role", None if paint else "img"),
                        ("aria-label", None if paint else name),
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
                        ("r", "6"),
                        ("data-owner", owner),
                        ("fill", fill),
                    ]
                )
                + "/>"
            )
        self.add("</g>")

    def labels(self) -> None:
        """The provinces' names, over every piece: a unit's marker, an order's line or a
        creature standing on a name does not hide it. A light edge round each letter
        keeps it readable on a marker or a line, and a tap passes through it (the page's
        stylesheet) to the province, or the unit, under it."""
        paint = self.paint
        group = [("id", self.layer_id("labels")), ("class", "labels"), ("aria-hidden", "true")]
        if paint:
            group += [
                ("font-family", FONT),
                ("font-size", "11"),
                ("fill", "#333333"),
                ("text-anchor", "middle"),
                ("stroke", "#ffffff"),
                ("stroke-opacity", "0.75"),
                ("stroke-width", "2.6"),
                ("stroke-linejoin", "round"),
                ("paint-order", "stroke"),
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
        (``unit``), with the variant's ``mark`` on it (a letter, classes, a ring): an army a
        shield, a fleet a hull under a sail, each in its power's colour with a dark outline
        against the map and its glyph in a colour that reads on it, named for a screen
        reader from what is drawn (its place, its power and its kind)."""
        kind, _, location = text.partition(" ")
        at = self.point(location, dislodged=dislodged)
        if at is None:
            return
        x, y = at
        paint = self.paint
        fleet = kind == "F"
        ink = "#111111" if power in _DARK_TEXT else "#ffffff"
        body_paint: list[tuple[str, object]] = []
        glyph_paint: list[tuple[str, object]] = []
        text_paint: list[tuple[str, object]] = []
        if paint:
            body_paint = [
                ("fill", colour_of(power)),
                ("stroke", DISBAND if dislodged else OUTLINE),
                ("stroke-width", "2.4" if dislodged else "1.6"),
                ("stroke-linejoin", "round"),
                ("stroke-dasharray", "4 2.5" if dislodged else None),
            ]
            glyph_paint = [
                ("fill", "none"),
                ("stroke", ink),
                ("stroke-width", "2"),
                ("stroke-linecap", "round"),
                ("stroke-linejoin", "round"),
            ]
            text_paint = [
                ("font-family", FONT),
                ("font-size", "13"),
                ("font-weight", "bold"),
                ("text-anchor", "middle"),
                ("fill", ink),
            ]
        body = (
            f"<path{_attrs([('class', 'token'), ('d', FLEET if fleet else ARMY), *body_paint])}/>"
        )
        letter = mark.letter if mark is not None else None
        if letter:
            # A variant's own kind of unit by its letter, in place of the glyph.
            glyph = f"<text{_attrs([('x', '0'), ('y', '5'), *text_paint])}>{escape(letter)}</text>"
        else:
            shape = FLEET_GLYPH if fleet else ARMY_GLYPH
            glyph = f"<path{_attrs([('class', 'glyph'), ('d', shape), *glyph_paint])}/>"
        classes = (
            f"unit power-{power}"
            + (" dislodged" if dislodged else "")
            + (f" {mark.classes}" if mark is not None and mark.classes else "")
        )
        group: list[tuple[str, object]] = [
            ("class", classes),
            ("data-unit", location),
            ("data-power", power),
            ("data-kind", "fleet" if fleet else "army"),
            ("transform", f"translate({number(x)} {number(y)})"),
        ]
        if not paint:
            group += [
                ("role", "img"),
                ("aria-label", self.unit_name(power, fleet, location, dislodged)),
            ]
        if paint and dislodged:
            group.append(("opacity", "0.85"))
        ring = ""
        if mark is not None and mark.ring:
            ring_paint = (
                [("fill", "none"), ("stroke", mark.ring_colour), ("stroke-width", "2.5")]
                if paint
                else []
            )
            ring_shape = [("class", mark.ring), ("cx", "0"), ("cy", "0"), ("r", number(RING))]
            ring = f"<circle{_attrs(ring_shape + ring_paint)}/>"
        badge = self.dislodged_mark() if dislodged else ""
        self.add(f"<g{_attrs(group)}>{ring}{body}{glyph}{badge}</g>")

    def unit_name(self, power: str, fleet: bool, location: str, dislodged: bool) -> str:
        """A unit's accessible name ("Paris, France, army"), in the reader's language, from
        what the board draws of it and nothing more."""
        province, _, coast = location.partition("/")
        place = pgettext("province", self.full_names.get(province, province))
        if coast:
            place = f"{place} ({coast})"
        # The powers' and seats' names are the catalog's (games.wording's and the
        # variants' words, read here by the same msgid); a seat nobody names, its id.
        named = self.site_power_names.get(power)
        who = str(named) if named is not None else gettext(power.replace("_", " ").capitalize())
        values = {"place": place, "power": who}
        if dislodged:
            if fleet:
                return gettext("%(place)s, %(power)s, fleet, dislodged") % values
            return gettext("%(place)s, %(power)s, army, dislodged") % values
        if fleet:
            return gettext("%(place)s, %(power)s, fleet") % values
        return gettext("%(place)s, %(power)s, army") % values

    def dislodged_mark(self, at: tuple[float, float] = (BADGE, -BADGE)) -> str:
        """The badge on a dislodged unit's corner: a red disc with an arrow pointing out,
        for a unit that must retreat or be disbanded (the offset alone is easy to miss
        when the attacker stands on the same spot). ``at``: where, in the unit's own
        frame (or the board's, for the same badge on the order of a unit dislodged)."""
        bx, by = at
        disc_paint = [("fill", DISBAND), ("stroke", "#ffffff"), ("stroke-width", "1.2")]
        arrow_paint = [
            ("fill", "none"),
            ("stroke", "#ffffff"),
            ("stroke-width", "1.6"),
            ("stroke-linecap", "round"),
        ]
        disc = [("cx", number(bx)), ("cy", number(by)), ("r", "6")]
        arrow = [
            (
                "d",
                f"M{number(bx - 2.6)} {number(by + 2.6)}L{number(bx + 2.6)} {number(by - 2.6)}"
                f"M{number(bx - 0.6)} {number(by - 2.6)}H{number(bx + 2.6)}V{number(by + 0.6)}",
            )
        ]
        if self.paint:
            disc += disc_paint
            arrow += arrow_paint
        return f'<g class="dislodged-mark"><circle{_attrs(disc)}/><path{_attrs(arrow)}/></g>'

    def order_classes(self, kind: str, order: DrawnOrder) -> str:
        """An order's classes: its kind, whose it is (its colour) and whether it failed."""
        return (
            f"order {kind}"
            + (f" power-{order.power}" if order.power else "")
            + (" failed" if order.failed else "")
        )

    def order_paint(self, kind: str, order: DrawnOrder) -> list[tuple[str, object]]:
        """A picture's paint for an order's line or ring: its power's colour (a build in
        green, a disband in dark red, anything else in ink, where nobody's), faded once
        it failed."""
        if not self.paint:
            return []
        if order.power:
            colour = colour_of(order.power)
        else:
            colour = {"build": BUILD, "disband": DISBAND}.get(kind, INK)
        return [
            ("stroke", colour),
            ("stroke-width", number(ORDER_WIDTH)),
            ("fill", "none"),
            ("stroke-dasharray", {"support": "6 3.5", "convoy": "2 3.5"}.get(kind)),
            ("opacity", "0.6" if order.failed else None),
        ]

    def edge(self, order: DrawnOrder) -> list[tuple[str, object]]:
        """The dark edge under an order's line or ring: whose it is (the page takes a
        player's own out with his orders), faded with it."""
        pairs: list[tuple[str, object]] = [
            ("class", "order-edge" + (" failed" if order.failed else "")),
            ("data-power", None if self.paint else order.power),
        ]
        if self.paint:
            pairs += [
                ("stroke", OUTLINE),
                ("stroke-width", number(EDGE_WIDTH)),
                ("fill", "none"),
                ("opacity", "0.6" if order.failed else None),
            ]
        return pairs

    def arrow(
        self,
        start: tuple[float, float],
        end: tuple[float, float],
        kind: str,
        order: DrawnOrder,
        *,
        unit: bool = True,
    ) -> None:
        """An order from one place to another; ``unit``: a unit's (on a dark edge, from
        its marker's edge), else a variant's own, drawn as its stylesheet says."""
        x1, y1 = start
        x2, y2 = end
        dx, dy = x2 - x1, y2 - y1
        length = (dx * dx + dy * dy) ** 0.5 or 1.0
        x2, y2 = x2 - dx / length * ARROW_SHORT, y2 - dy / length * ARROW_SHORT
        if unit and length > ARROW_SHORT + ARROW_START + 8:
            x1, y1 = x1 + dx / length * ARROW_START, y1 + dy / length * ARROW_START
        line = [("x1", number(x1)), ("y1", number(y1)), ("x2", number(x2)), ("y2", number(y2))]
        if unit:
            self.add(f"<line{_attrs([*self.edge(order), *line])}/>")
        pairs: list[tuple[str, object]] = [
            ("class", self.order_classes(kind, order)),
            ("data-order", order.text),
            # Whose order it is, on a page: the page puts its player's own orders in as he
            # changes them, in place of the ones the server drew.
            ("data-power", None if self.paint else order.power),
            ("data-result", order.result if order.failed else None),
            *line,
            ("marker-end", "url(#arrow)"),
            *self.order_paint(kind, order),
        ]
        self.add(f"<line{_attrs(pairs)}/>")
        if order.failed and order.result is not None:
            # Where the order failed: a bounce at its head, anything else on its middle.
            direction = (dx / length, dy / length)
            if order.result == "bounce":
                self.result_mark(order, (x2, y2), direction)
            else:
                self.result_mark(order, ((x1 + x2) / 2, (y1 + y2) / 2), direction)

    def result_mark(
        self,
        order: DrawnOrder,
        at: tuple[float, float],
        direction: tuple[float, float] = (1.0, 0.0),
    ) -> None:
        """A failed order's result marked on the order itself, so that it reads without
        the list beside the board: a bounce is a bar across the arrow's head, a cut
        support two strokes across its line, a unit dislodged the badge its unit carries,
        any other failure (an order not possible, a convoy missing or disrupted) a
        cross."""
        x, y = at
        ux, uy = direction
        px, py = -uy, ux  # across the order's line
        result = str(order.result)
        if result == "bounce":
            d = (
                f"M{number(x + px * 10)} {number(y + py * 10)}"
                f"L{number(x - px * 10)} {number(y - py * 10)}"
            )
        elif result == "cut":
            d = "".join(
                f"M{number(x + ux * s + px * 8)} {number(y + uy * s + py * 8)}"
                f"L{number(x + ux * s - px * 8)} {number(y + uy * s - py * 8)}"
                for s in (-3.0, 3.0)
            )
        elif result == "dislodged":
            d = ""
        else:
            d = (
                f"M{number(x - 6)} {number(y - 6)}L{number(x + 6)} {number(y + 6)}"
                f"M{number(x + 6)} {number(y - 6)}L{number(x - 6)} {number(y + 6)}"
            )
        pairs: list[tuple[str, object]] = [
            ("class", f"result-mark {result}"),
            ("data-result-of", order.text),
            ("data-power", None if self.paint else order.power),
        ]
        if not d:
            badge = self.dislodged_mark(at=(x, y))
            self.add(f"<g{_attrs(pairs)}>{badge}</g>")
            return
        paint: list[tuple[str, object]] = []
        if self.paint:
            paint = [
                ("stroke", RESULT_MARK),
                ("stroke-width", "3.4"),
                ("stroke-linecap", "round"),
                ("fill", "none"),
            ]
        # A light edge first, so that the mark reads on a dark line or a dark sea.
        halo: list[tuple[str, object]] = [("class", "halo"), ("d", d)]
        if self.paint:
            halo += [("stroke", "#ffffff"), ("stroke-width", "6"), ("stroke-linecap", "round")]
        mark = f"<path{_attrs(halo)}/><path{_attrs([('d', d), *paint])}/>"
        self.add(f"<g{_attrs(pairs)}>{mark}</g>")

    def ring(
        self, at: tuple[float, float], kind: str, order: DrawnOrder, *, unit: bool = True
    ) -> None:
        """A ring on a place: a unit's hold, build or disband round its marker (30 map
        units across and more, so not under it) on a dark edge; else a variant's own mark
        on a place with no unit, smaller, drawn as its stylesheet says."""
        x, y = at
        radius = (22 if kind == "hold" else 23) if unit else 14
        circle = f'<circle cx="{number(x)}" cy="{number(y)}" r="{radius}"/>'
        cross = ""
        if kind == "disband":
            # Crossed out, so that the mark reads without its colour too.
            cross = (
                f'<path d="M{number(x - 15)} {number(y - 15)}L{number(x + 15)} {number(y + 15)}'
                f'M{number(x + 15)} {number(y - 15)}L{number(x - 15)} {number(y + 15)}"/>'
            )
        if unit:
            self.add(f"<g{_attrs(self.edge(order))}>{circle}{cross}</g>")
        inner = circle + cross
        words = order.text.split()
        if kind == "build" and words[:1] in (["A"], ["F"]):
            # The unit to come, army or fleet, pale in its ring.
            body: list[tuple[str, object]] = [
                ("class", "unit-to-come"),
                ("d", FLEET if words[0] == "F" else ARMY),
                ("transform", f"translate({number(x)} {number(y)})"),
            ]
            if self.paint:
                fill = colour_of(order.power) if order.power else BUILD
                body += [
                    ("fill", fill),
                    ("fill-opacity", "0.45"),
                    ("stroke", OUTLINE),
                    ("stroke-width", "1.4"),
                    ("stroke-dasharray", "3 2"),
                ]
            inner += f"<path{_attrs(body)}/>"
        pairs: list[tuple[str, object]] = [
            ("class", self.order_classes(kind, order)),
            ("data-order", order.text),
            ("data-power", None if self.paint else order.power),
            ("data-result", order.result if order.failed else None),
            *self.order_paint(kind, order),
        ]
        self.add(f"<g{_attrs(pairs)}>{inner}</g>")
        if order.failed and order.result is not None:
            self.result_mark(order, (x + radius * 0.7, y - radius * 0.7))

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
            retreat = shape.kind == "retreat" and shape.at in retreating
            start = (
                self.center(shape.at)
                if shape.on_center
                else self.point(shape.at, dislodged=retreat)
            )
            if start is None:
                return
            if shape.to is None:
                self.ring(start, shape.kind, order, unit=False)
                return
            end = self.point(shape.to)
            if end is not None:
                self.arrow(start, end, shape.kind, order, unit=False)
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
        return _markers()

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


def _markers() -> str:
    """The arrowhead of orders, in its line's colour (``context-stroke``, which browsers
    and resvg paint alike), in every mode."""
    head = "M0,0 L10,5 L0,10 z"
    return (
        "<defs>"
        '<marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="4.4" '
        'markerHeight="4.4" orient="auto-start-reverse">'
        f'<path d="{head}" fill="context-stroke"/></marker>'
        "</defs>"
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
    board.labels()
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
        f'<svg{head} viewBox="{view_box}" role="group" xmlns="http://www.w3.org/2000/svg">'
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
        f'xmlns="http://www.w3.org/2000/svg">{_markers()}</svg>'
    )
