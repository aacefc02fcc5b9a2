"""Pictures of a game, drawn on the server: a phase's map as a standalone SVG (and as
PNG, rasterised from that SVG by resvg), and the supply-center chart of the game page.

The map picture is drawn by the site's one board renderer (``variants/board.py``, in its
picture mode: colours and fonts as presentation attributes, with a legend); this module
decides what a viewer's picture shows.

What appears is decided by ``games.visibility``: the position as the viewer may see it
(``position_seen``: no other power's secrets, nothing a variant keeps private), and of
the orders, an adjudicated phase's with their results (no other power's secret ones), an
open phase's the viewer's own. A PNG is rasterised from the viewer's own SVG.
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Mapping
from typing import Any
from xml.sax.saxutils import escape, quoteattr

import resvg_py
from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.core.cache import cache
from django.utils.translation import gettext

from adjudicator import Phase, PhaseKind, find_variant
from games import visibility, wording
from games.models import Game, GamePhase
from games.positions import phase_position
from variants.board import FONT, INK, DrawnOrder, Legend, Mode, board_svg, colour_of, number

User = AbstractBaseUser | AnonymousUser

#: How long a rasterised map is kept: the same picture is asked for again and again (a
#: link shared in a forum), and rasterising takes a third of a second at full size.
PNG_CACHE_SECONDS = 24 * 3600


# -- what one phase shows a viewer ---------------------------------------------------------


def phase_orders(*, user: User, phase: GamePhase) -> list[tuple[str, str, str | None]]:
    """The orders of ``phase`` that ``user`` may see, as (power, order, result or None).

    An adjudicated phase gives its results (every order, with its outcome); an open
    one the order sets ``visibility`` lets the viewer read: their own, or none.
    """
    if phase.is_resolved:
        readable: dict[str, bool] = {}
        out: list[tuple[str, str, str | None]] = []
        secrets = visibility.secrets_for(user=user, game=phase.game)
        for row in secrets.results(phase.results or []):
            power = row["power"]
            if power not in readable:
                readable[power] = visibility.can_see_orders(user=user, phase=phase, power=power)
            if readable[power]:
                out.append((power, row["order"], row["result"]))
        return out
    return [
        (o.power, text, None)
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


def phase_map_svg(*, user: User, phase: GamePhase) -> str:
    """The map of ``phase`` as ``user`` may see it: the position going in, with the
    orders visibility allows (results marked), and a legend naming game and phase.

    The caller has checked that ``user`` may watch the game at all.

    Raises:
        games.positions.BoardUnreadable: the phase's stored position cannot be read (nor
            drawn).
    """
    phase_position(phase)  # what the reader refuses (BoardUnreadable) is not drawn either
    game = phase.game
    variant = find_variant(game.variant)
    name = phase_label(phase)
    seen = visibility.position_seen(user=user, phase=phase)
    position = seen.position
    powers = set(position.get("units") or {}) | set(position.get("centers") or {})
    powers |= set(position.get("dislodged") or {})
    return board_svg(
        map_id=variant.map_id,
        position=seen,
        orders=[
            DrawnOrder(text, result, power)
            for power, text, result in phase_orders(user=user, phase=phase)
        ],
        mode=Mode.PICTURE,
        legend=Legend(
            title=f"{_shortened(game.name, 32)} · {name}",
            subtitle=f"{variant.name} · {phase.code}",
            power_names={power: wording.power_name(power) for power in powers},
        ),
    )


def _shortened(text: str, most: int) -> str:
    """``text`` cut to fit the legend beside the powers."""
    return text if len(text) <= most else text[: most - 1].rstrip() + "…"


def svg_to_png(svg: str, *, width: int | None = None) -> bytes:
    """Rasterise one of these SVGs with resvg (a self-contained wheel, no system
    library); ``width`` in pixels, the SVG's own size by default."""
    data = resvg_py.svg_to_bytes(svg_string=svg, width=width, background="#ffffff")
    return bytes(data)


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


#: Pixels between the lines of powers level at a point in the center chart.
LEVEL_GAP = 2.6


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
        f'aria-label={quoteattr(title)} font-family="{FONT}" font-size="11">',
        f"<title>{escape(title)}</title>",
        f'<rect x="0" y="0" width="{width}" height="{height}" fill="#ffffff"/>',
    ]
    grid_step = 2 if top <= 12 else 6 if top > 24 else 3 if top % 3 == 0 else 2
    for v in range(0, top + 1, grid_step):
        parts.append(
            f'<line x1="{number(left)}" y1="{number(y(v))}" '
            f'x2="{number(left + plot_w)}" y2="{number(y(v))}" '
            f'stroke="#dddddd" stroke-width="1"/>'
            f'<text x="{number(left - 6)}" y="{number(y(v) + 4)}" text-anchor="end" fill="#555555">'
            f"{v}</text>"
        )
    every = max(1, len(points) // 10)
    for i, label in enumerate(label for label, _counts in points):
        if i % every == 0 or i == len(points) - 1:
            parts.append(
                f'<text x="{number(x(i))}" y="{number(height - lower + 16)}" text-anchor="middle" '
                f'fill="#555555">{escape(label)}</text>'
            )
    # Powers level at a point are drawn side by side, a few pixels apart, so that lines
    # that coincide (every power at 3 in 1901) still read as one line each.
    shift: dict[tuple[str, int], float] = {}
    for i, (_l, counts) in enumerate(points):
        level: dict[int, list[str]] = {}
        for power in powers:
            level.setdefault(counts.get(power, 0), []).append(power)
        for together in level.values():
            for j, power in enumerate(together):
                shift[(power, i)] = (j - (len(together) - 1) / 2) * LEVEL_GAP

    def at(power: str, i: int, counts: Mapping[str, int]) -> str:
        return f"{number(x(i))},{number(y(counts.get(power, 0)) + shift[(power, i)])}"

    for n, power in enumerate(powers):
        colour = colour_of(power)
        coords = " ".join(at(power, i, counts) for i, (_l, counts) in enumerate(points))
        name = wording.power_name(power)
        last = points[-1][1].get(power, 0)
        parts.append(
            f'<g class="series" data-power={quoteattr(power)} data-last="{last}">'
            f"<title>{escape(name)}: {last}</title>"
            f'<polyline points="{coords}" fill="none" stroke="{colour}" stroke-width="2.2" '
            'stroke-linejoin="round"/>'
            + "".join(
                f'<circle cx="{number(x(i))}" '
                f'cy="{number(y(counts.get(power, 0)) + shift[(power, i)])}" r="2.4" '
                f'fill="{colour}"/>'
                for i, (_l, counts) in enumerate(points)
            )
            + f'<rect x="{number(width - right + 12)}" y="{number(upper + n * 17)}" width="10" '
            f'height="10" rx="2" fill="{colour}"/>'
            f'<text x="{number(width - right + 27)}" y="{number(upper + n * 17 + 9)}" fill="{INK}">'
            f"{escape(name)} {last}</text></g>"
        )
    parts.append("</svg>")
    return "".join(parts)
