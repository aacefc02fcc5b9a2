"""Pictures of a game, drawn on the server: a phase's map as a standalone SVG (and as
PNG, rasterised from that SVG by resvg), and the supply-center chart of the game page.

The map picture is the board of ``templates/games/_map.html`` with what the page's
script (``static/js/game.js``) draws on it: units, supply-center ownership and the
phase's orders. It carries its colours and fonts as presentation attributes, with no
stylesheet, so it looks the same in a browser, an image viewer and resvg.

Which orders appear is decided by ``games.visibility``: an adjudicated phase shows
everyone's orders (with their results); an open phase shows only the viewer's own.
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Iterable
from typing import Any
from xml.sax.saxutils import escape, quoteattr

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.core.cache import cache
from django.utils.translation import gettext

from adjudicator import Phase, PhaseKind, find_variant
from games import visibility, wording
from games.models import Game, GamePhase
from variants.drawing import map_anchors, map_drawing

User = AbstractBaseUser | AnonymousUser

#: The powers' colours, as in static/css/site.css.
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
LAND = "#efe6cf"
SEA = "#bcd8ea"
INK = "#222222"
FAILED = "#bb3333"
BUILD = "#2e8b3a"
DISBAND = "#8a1c1c"
#: Fonts every renderer has something for; resvg takes the first one installed.
FONT = "DejaVu Sans, Liberation Sans, Arial, Helvetica, sans-serif"
#: Light text on these, dark on the rest.
_DARK_TEXT = {"yellow", "grey", "turkey"}
#: How far a dislodged unit is drawn from its province's point (as on the page).
_DISLODGED_SHIFT = 7.0
#: Height of the legend strip under the map, in map units.
LEGEND_HEIGHT = 64.0


def colour_of(power: str) -> str:
    return COLOURS.get(power, "#777777")


def _mix(colour: str, base: str, share: float) -> str:
    """``colour`` mixed into ``base`` (CSS ``color-mix``), so ownership reads as a tint."""
    a = [int(colour[i : i + 2], 16) for i in (1, 3, 5)]
    b = [int(base[i : i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(
        f"{round(x * share + y * (1 - share)):02x}" for x, y in zip(a, b, strict=True)
    )


def _n(value: float) -> str:
    """A coordinate, short and never localised."""
    return f"{value:.1f}".rstrip("0").rstrip(".")


# -- what one phase shows a viewer ---------------------------------------------------------


def phase_orders(*, user: User, phase: GamePhase) -> list[tuple[str, str, str | None]]:
    """The orders of ``phase`` that ``user`` may see, as (power, order, result or None).

    An adjudicated phase gives its results (every order, with its outcome); an open
    one the order sets ``visibility`` lets the viewer read: their own, or none.
    """
    if phase.is_resolved:
        readable: dict[str, bool] = {}
        out: list[tuple[str, str, str | None]] = []
        for row in phase.results or []:
            power = row["power"]
            if power not in readable:
                readable[power] = visibility.can_see_orders(user=user, phase=phase, power=power)
            if readable[power]:
                out.append((power, row["order"], row["result"]))
        return out
    return [
        (o.seat.power, text, None)
        for o in visibility.visible_order_sets(user=user, phase=phase)
        for text in o.orders
    ]


def phase_label(phase: GamePhase) -> str:
    """The phase in words, counting repeats of a set-up phase's code as the page does."""
    earlier = (
        phase.game.phases.filter(index__lt=phase.index, code=phase.code)
        .exclude(status=GamePhase.Status.SUPERSEDED)
        .count()
    )
    return wording.phase_name(phase.code, earlier + 1)


# -- the map -------------------------------------------------------------------------------


class _Board:
    """Points of one map, and the SVG elements drawn on it."""

    def __init__(self, map_id: str) -> None:
        self.drawing = map_drawing(map_id)
        self.points: dict[str, list[float]] = map_anchors(map_id)["units"]
        self.parts: list[str] = []

    def point(self, location: str, *, dislodged: bool = False) -> tuple[float, float] | None:
        at = self.points.get(location) or self.points.get(location.split("/")[0])
        if at is None:
            return None
        shift = _DISLODGED_SHIFT if dislodged else 0.0
        return at[0] + shift, at[1] + shift

    def add(self, text: str) -> None:
        self.parts.append(text)

    def unit(self, power: str, text: str, *, dislodged: bool = False) -> None:
        kind, _, location = text.partition(" ")
        at = self.point(location, dislodged=dislodged)
        if at is None:
            return
        x, y = at
        fill = colour_of(power)
        stroke = (
            f'stroke="{DISBAND}" stroke-width="2.5"'
            if dislodged
            else 'stroke="#ffffff" stroke-width="1.5"'
        )
        ink = "#111111" if power in _DARK_TEXT else "#ffffff"
        shape = (
            f'<rect x="{_n(x - 9)}" y="{_n(y - 6)}" width="18" height="12" rx="3" '
            f'fill="{fill}" {stroke}/>'
            if kind == "F"
            else f'<circle cx="{_n(x)}" cy="{_n(y)}" r="8" fill="{fill}" {stroke}/>'
        )
        label = (
            f'<text x="{_n(x)}" y="{_n(y + 3.5)}" font-family="{FONT}" font-size="9" '
            f'font-weight="bold" text-anchor="middle" fill="{ink}">{escape(kind)}</text>'
        )
        state = 'class="unit dislodged" opacity="0.85"' if dislodged else 'class="unit"'
        self.add(
            f"<g {state} data-power={quoteattr(power)} data-unit={quoteattr(text)}>"
            f"{shape}{label}</g>"
        )

    def arrow(
        self,
        start: tuple[float, float],
        end: tuple[float, float],
        *,
        kind: str,
        failed: bool,
        order: str,
    ) -> None:
        x1, y1 = start
        x2, y2 = end
        dx, dy = x2 - x1, y2 - y1
        length = max((dx * dx + dy * dy) ** 0.5, 1.0)
        # Stop short of the target so the arrowhead does not hide the unit there.
        x2, y2 = x2 - dx / length * 10, y2 - dy / length * 10
        colour = FAILED if failed else "#111111"
        dash = {"support": ' stroke-dasharray="5 3"', "convoy": ' stroke-dasharray="1.5 3"'}
        marker = "arrow-failed" if failed else "arrow"
        fade = ' opacity="0.8"' if failed else ""
        self.add(
            f'<line class="order {kind}{" failed" if failed else ""}" '
            f"data-order={quoteattr(order)} "
            f'x1="{_n(x1)}" y1="{_n(y1)}" x2="{_n(x2)}" y2="{_n(y2)}" stroke="{colour}" '
            f'stroke-width="2.2" fill="none"{dash.get(kind, "")} marker-end="url(#{marker})"'
            f"{fade}/>"
        )

    def ring(self, at: tuple[float, float], *, kind: str, failed: bool, order: str) -> None:
        colour = {"build": BUILD, "disband": DISBAND}.get(kind, "#111111")
        if failed:
            colour = FAILED
        radius = 12 if kind == "hold" else 13
        cross = ""
        if kind == "disband":
            # A disbanded unit is crossed out, so the mark reads without colour too.
            x, y = at
            cross = (
                f'<path d="M{_n(x - 9)} {_n(y - 9)}L{_n(x + 9)} {_n(y + 9)}M{_n(x + 9)} '
                f'{_n(y - 9)}L{_n(x - 9)} {_n(y + 9)}" stroke="{colour}" stroke-width="2.2"/>'
            )
        self.add(
            f'<g class="order {kind}{" failed" if failed else ""}" data-order={quoteattr(order)}>'
            f'<circle cx="{_n(at[0])}" cy="{_n(at[1])}" r="{radius}" fill="none" '
            f'stroke="{colour}" stroke-width="2.2"/>{cross}</g>'
        )

    def order(self, text: str, result: str | None, *, retreating: set[str]) -> None:
        """Draw one order in canonical notation (``adjudicator/orders.py``'s ``str()``)."""
        t = text.split()
        failed = result is not None and result != "ok"
        if len(t) < 2:
            return  # WAIVE
        if t[0] == "nominate":
            at = self.point(t[1])
            if at is not None:
                self.ring(at, kind="nominate", failed=failed, order=text)
            return
        if len(t) < 3:
            return
        location = t[1]
        verb = t[2]
        start = self.point(location, dislodged=verb in ("R", "D") and location in retreating)
        if start is None:
            return
        kinds = {"-": "move", "R": "retreat", "S": "support", "C": "convoy"}
        if verb in ("-", "R") and len(t) >= 4:
            end = self.point(t[3])
            if end is not None:
                self.arrow(start, end, kind=kinds[verb], failed=failed, order=text)
        elif verb == "S" and len(t) >= 5:
            # A support to hold points at the supported unit; a support to move, at the
            # province the move goes to.
            end = self.point(t[6] if len(t) >= 7 else t[4])
            if end is not None:
                self.arrow(start, end, kind="support", failed=failed, order=text)
        elif verb == "C" and len(t) >= 7:
            end = self.point(t[6])
            if end is not None:
                self.arrow(start, end, kind="convoy", failed=failed, order=text)
        elif verb in ("H", "B", "D"):
            kind = {"H": "hold", "B": "build", "D": "disband"}[verb]
            self.ring(start, kind=kind, failed=failed, order=text)


def _owners(centers: dict[str, list[str]]) -> dict[str, str]:
    return {c: power for power, owned in centers.items() for c in owned}


def map_svg(
    *,
    map_id: str,
    position: dict[str, Any],
    orders: Iterable[tuple[str, str, str | None]],
    title: str,
    subtitle: str = "",
) -> str:
    """A standalone SVG of a board: ``position`` in the CLI's shape, ``orders`` as
    (power, order, result or None), and a legend strip with ``title`` and the powers."""
    board = _Board(map_id)
    drawing = board.drawing
    x0, y0, width, height = (float(v) for v in drawing["viewBox"])
    owners = _owners(position.get("centers") or {})

    board.add(
        f'<rect x="{_n(x0)}" y="{_n(y0)}" width="{_n(width)}" height="{_n(height)}" fill="{SEA}"/>'
    )
    board.add(f'<path d="{drawing["land"]}" fill="{LAND}"/>')
    board.add('<g class="provinces" stroke="#7d7566" stroke-width="0.8">')
    for pid, p in drawing["provinces"].items():
        owner = owners.get(pid)
        if p["terrain"] == "sea":
            fill = SEA
        elif owner is not None:
            share = 0.45 if owner in ("grey",) else 0.40 if owner == "yellow" else 0.35
            fill = _mix(colour_of(owner), LAND, share)
        else:
            fill = LAND
        extra = f" data-owner={quoteattr(owner)}" if owner else ""
        board.add(f'<path d="{p["d"]}" fill="{fill}" data-province="{pid}"{extra}/>')
    board.add("</g>")
    board.add('<g class="centers" stroke="#333333" stroke-width="1.2">')
    for pid, p in drawing["provinces"].items():
        if p.get("sc"):
            owner = owners.get(pid)
            fill = colour_of(owner) if owner else "#ffffff"
            board.add(
                f'<circle cx="{_n(p["sc"][0])}" cy="{_n(p["sc"][1])}" r="4" fill="{fill}" '
                f'data-center="{pid}"/>'
            )
    board.add("</g>")
    board.add(
        f'<g class="labels" font-family="{FONT}" font-size="9" fill="#333333" text-anchor="middle">'
    )
    for pid, name in drawing["names"].items():
        at = drawing["provinces"][pid]["label"]
        board.add(f'<text x="{_n(at[0])}" y="{_n(at[1])}">{escape(name)}</text>')
    board.add("</g>")

    # Orders under the units, as on the game page, so that no arrow hides a unit.
    retreating = {
        entry["unit"].split()[1]
        for entries in (position.get("dislodged") or {}).values()
        for entry in entries
    }
    board.add('<g class="orders">')
    for _power, text, result in orders:
        board.order(text, result, retreating=retreating)
    board.add("</g>")

    board.add('<g class="units">')
    for power, units in sorted((position.get("units") or {}).items()):
        for text in units:
            board.unit(power, text)
    for power, entries in sorted((position.get("dislodged") or {}).items()):
        for entry in entries:
            board.unit(power, entry["unit"], dislodged=True)
    board.add("</g>")

    # The legend: the phase, then each power with its centers.
    top = y0 + height
    counts: dict[str, int] = {}
    for power in owners.values():
        counts[power] = counts.get(power, 0) + 1
    powers = sorted(
        set(position.get("units") or {}) | set(counts) | set(position.get("dislodged") or {})
    )
    board.add(f'<g class="legend" font-family="{FONT}" fill="{INK}">')
    board.add(
        f'<rect x="{_n(x0)}" y="{_n(top)}" width="{_n(width)}" height="{_n(LEGEND_HEIGHT)}" '
        'fill="#faf7ef"/>'
    )
    board.add(
        f'<text x="{_n(x0 + 12)}" y="{_n(top + 24)}" font-size="18" font-weight="bold">'
        f"{escape(title)}</text>"
    )
    if subtitle:
        board.add(
            f'<text x="{_n(x0 + 12)}" y="{_n(top + 46)}" font-size="13" fill="#555555">'
            f"{escape(subtitle)}</text>"
        )
    column = max((width - 420) / max(len(powers), 1), 60.0)
    for n, power in enumerate(powers):
        x = x0 + 420 + n * column
        board.add(
            f'<rect x="{_n(x)}" y="{_n(top + 14)}" width="12" height="12" rx="2" '
            f'fill="{colour_of(power)}"/>'
            f'<text x="{_n(x + 17)}" y="{_n(top + 25)}" font-size="13">'
            f"{escape(wording.power_name(power))}</text>"
            f'<text x="{_n(x + 17)}" y="{_n(top + 45)}" font-size="12" fill="#555555">'
            f"{counts.get(power, 0)}</text>"
        )
    board.add("</g>")

    total_height = height + LEGEND_HEIGHT
    defs = (
        "<defs>"
        '<marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="5" '
        'markerHeight="5" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" '
        'fill="#111111"/></marker>'
        '<marker id="arrow-failed" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="5" '
        f'markerHeight="5" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" '
        f'fill="{FAILED}"/></marker>'
        "</defs>"
    )
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<svg xmlns="http://www.w3.org/2000/svg" version="1.1" '
        f'viewBox="{_n(x0)} {_n(y0)} {_n(width)} {_n(total_height)}" '
        f'width="{_n(width)}" height="{_n(total_height)}" role="img" '
        f"aria-label={quoteattr(title)}>"
        f"<title>{escape(title)}</title>{defs}" + "".join(board.parts) + "</svg>\n"
    )


def phase_map_svg(*, user: User, phase: GamePhase) -> str:
    """The map of ``phase`` as ``user`` may see it: the position going in, with the
    orders visibility allows (results marked), and a legend naming game and phase.

    The caller has checked that ``user`` may watch the game at all.
    """
    game = phase.game
    variant = find_variant(game.variant)
    name = phase_label(phase)
    return map_svg(
        map_id=variant.map_id,
        position=phase.position,
        orders=phase_orders(user=user, phase=phase),
        title=f"{_shortened(game.name, 32)} · {name}",
        subtitle=f"{variant.name} · {phase.code}",
    )


def _shortened(text: str, most: int) -> str:
    """``text`` cut to fit the legend beside the powers."""
    return text if len(text) <= most else text[: most - 1].rstrip() + "…"


def svg_to_png(svg: str, *, width: int | None = None) -> bytes:
    """Rasterise one of these SVGs with resvg (a self-contained wheel, no system
    library); ``width`` in pixels, the SVG's own size by default."""
    import resvg_py

    data = resvg_py.svg_to_bytes(svg_string=svg, width=width, background="#ffffff")
    return bytes(data)


#: How long a rasterised map is kept: the same picture is asked for again and again (a
#: link shared in a forum), and rasterising takes a third of a second at full size.
PNG_CACHE_SECONDS = 24 * 3600


def cached_png(svg: str, *, width: int | None = None) -> bytes:
    """:func:`svg_to_png`, kept in the cache under a digest of the SVG itself, so that
    a cached picture can only ever be served for exactly the SVG this viewer was given
    (an open phase's picture differs per viewer)."""
    key = "map-png:" + hashlib.sha256(f"{width}:{svg}".encode()).hexdigest()
    png = cache.get(key)
    if png is None:
        png = svg_to_png(svg, width=width)
        cache.set(key, png, PNG_CACHE_SECONDS)
    return bytes(png)


def timed(render: Any, *args: Any, **kwargs: Any) -> tuple[Any, float]:
    """``render(...)`` and the seconds it took (for the log and the measurements)."""
    start = time.perf_counter()
    out = render(*args, **kwargs)
    return out, time.perf_counter() - start


# -- the supply-center chart -----------------------------------------------------------------


def center_history(*, game: Game) -> list[tuple[str, dict[str, int]]]:
    """Centers per power over the game's line of play: one point at the start of each
    year (its spring movement phase) and one for the latest ownership, as
    (label, {power: count}). Ownership is public to whoever may watch the game."""
    points: list[tuple[str, dict[str, int]]] = []
    latest: tuple[str, dict[str, list[str]]] | None = None
    phases = game.phases.exclude(status=GamePhase.Status.SUPERSEDED).order_by("index")
    for phase in phases.only("code", "position", "position_after", "status"):
        parsed = Phase.parse(phase.code)
        if parsed.kind is PhaseKind.MOVEMENT and phase.code.startswith("S"):
            points.append((str(parsed.year), _counts(phase.position.get("centers") or {})))
        latest = (phase.code, phase.position.get("centers") or {})
        if phase.is_resolved and phase.position_after:
            after = phase.position_after
            latest = (str(after.get("phase", phase.code)), after.get("centers") or {})
    if latest is not None:
        code, centers = latest
        counts = _counts(centers)
        year = str(Phase.parse(code).year)
        if not points or points[-1][1] != counts:
            label = year if not points or points[-1][0] != year else code
            points.append((label, counts))
    return points


def _counts(centers: dict[str, list[str]]) -> dict[str, int]:
    return {power: len(owned) for power, owned in centers.items()}


def center_chart_svg(*, game: Game, width: int = 520, height: int = 240) -> str:
    """The supply-center chart as an inline SVG (empty when there is nothing to draw)."""
    points = center_history(game=game)
    if not points:
        return ""
    powers = sorted({p for _label, counts in points for p in counts})
    top = max(max((c for _l, counts in points for c in counts.values()), default=0), 1)
    # Some room above the leader, on an even number, and never a scale of one or two.
    top = max(top + 2 - top % 2, 6)
    left, right, upper, lower = 34.0, 112.0, 12.0, 30.0
    plot_w, plot_h = width - left - right, height - upper - lower
    step = plot_w / max(len(points) - 1, 1)

    def x(i: int) -> float:
        return left + (i * step if len(points) > 1 else plot_w / 2)

    def y(v: int) -> float:
        return upper + plot_h - v / top * plot_h

    title = gettext("Supply centers per power")
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="center-chart" '
        f'viewBox="0 0 {width} {height}" width="{width}" height="{height}" role="img" '
        'style="max-width:100%;height:auto" '
        f'aria-label={quoteattr(title)} font-family="{FONT}" font-size="11">',
        f"<title>{escape(title)}</title>",
        f'<rect x="0" y="0" width="{width}" height="{height}" fill="#ffffff"/>',
    ]
    grid_step = 2 if top <= 12 else 6 if top > 24 else 3 if top % 3 == 0 else 2
    for v in range(0, top + 1, grid_step):
        parts.append(
            f'<line x1="{_n(left)}" y1="{_n(y(v))}" x2="{_n(left + plot_w)}" y2="{_n(y(v))}" '
            f'stroke="#dddddd" stroke-width="1"/>'
            f'<text x="{_n(left - 6)}" y="{_n(y(v) + 4)}" text-anchor="end" fill="#555555">'
            f"{v}</text>"
        )
    every = max(1, len(points) // 10)
    for i, label in enumerate(label for label, _counts in points):
        if i % every == 0 or i == len(points) - 1:
            parts.append(
                f'<text x="{_n(x(i))}" y="{_n(height - lower + 16)}" text-anchor="middle" '
                f'fill="#555555">{escape(label)}</text>'
            )
    for n, power in enumerate(powers):
        colour = colour_of(power)
        coords = " ".join(
            f"{_n(x(i))},{_n(y(counts.get(power, 0)))}" for i, (_l, counts) in enumerate(points)
        )
        name = wording.power_name(power)
        last = points[-1][1].get(power, 0)
        parts.append(
            f'<g class="series" data-power={quoteattr(power)} data-last="{last}">'
            f"<title>{escape(name)}: {last}</title>"
            f'<polyline points="{coords}" fill="none" stroke="{colour}" stroke-width="2.2" '
            'stroke-linejoin="round"/>'
            + "".join(
                f'<circle cx="{_n(x(i))}" cy="{_n(y(counts.get(power, 0)))}" r="2.4" '
                f'fill="{colour}"/>'
                for i, (_l, counts) in enumerate(points)
            )
            + f'<rect x="{_n(width - right + 12)}" y="{_n(upper + n * 17)}" width="10" '
            f'height="10" rx="2" fill="{colour}"/>'
            f'<text x="{_n(width - right + 27)}" y="{_n(upper + n * 17 + 9)}" fill="{INK}">'
            f"{escape(name)} {last}</text></g>"
        )
    parts.append("</svg>")
    return "".join(parts)
