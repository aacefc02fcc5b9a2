"""Rules several variants share, the way godip's variants share ``SCCountWinner``.

Variants without great powers (Highlander, Multiple Void) have no home centers:
they build in any vacant center they own, a power in civil disorder disbands
the units farthest from its own centers, and a power left alone on the board
has won.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from typing import Generic, TypeVar

from adjudicator.board import Position
from adjudicator.maps import GameMap

K = TypeVar("K")
V = TypeVar("V")


class KeptByIdentity(Generic[K, V]):
    """What is worked out from an object that never changes (a map, a graph made from one,
    a position), kept by the object's identity, with a part of the question if it has one
    (a province of the graph). The object is kept with it, so that the identity is still
    that object's when asked again: at most ``size`` of them, all dropped past that.

    For what cannot be kept weakly (:class:`~adjudicator.kept.KeptPer`): a position has no
    weak reference, a graph made from a map is a plain mapping."""

    __slots__ = ("_kept", "_size")

    def __init__(self, size: int) -> None:
        self._size = size
        self._kept: dict[Hashable, tuple[K, V]] = {}

    def get(self, obj: K, part: Hashable = None) -> V | None:
        """What was kept for ``obj`` (and ``part``), or None."""
        kept = self._kept.get(id(obj) if part is None else (id(obj), part))
        return kept[1] if kept is not None and kept[0] is obj else None

    def keep(self, obj: K, value: V, part: Hashable = None) -> V:
        """Keep ``value`` for ``obj`` (and ``part``); ``value`` back."""
        if len(self._kept) >= self._size:
            self._kept.clear()
        self._kept[id(obj) if part is None else (id(obj), part)] = (obj, value)
        return value


def build_anywhere(position: Position, power: str) -> tuple[str, ...]:
    """Every vacant supply center the power owns (no home centers), sorted."""
    return tuple(
        sorted(
            center
            for center, owner in position.ownership.items()
            if owner == power and position.unit_in(center) is None
        )
    )


def distances_to_own_centers(game_map: GameMap, position: Position, power: str) -> dict[str, int]:
    """Distance of each of the power's units to its nearest own supply center.

    Counted through land and sea alike, as the civil-disorder rule counts to home
    centers; with no center left, every unit is equally far (and the tie-breaks
    of the rule decide).
    """
    return distances_to(game_map, position, power, sorted(position.centers_of(power)))


def _any_move(game_map: GameMap) -> dict[str, set[str]]:
    """Each province's neighbours by any unit's move, coasts merged: made once a map (a
    winter's disbands in civil disorder ask it), kept with the map it was made from."""
    kept = _ANY_MOVE.get(game_map)
    if kept is not None:
        return kept
    graph: dict[str, set[str]] = {}
    for a, b in (*game_map.army_edges, *game_map.fleet_edges):
        pa, pb = a.split("/")[0], b.split("/")[0]
        graph.setdefault(pa, set()).add(pb)
        graph.setdefault(pb, set()).add(pa)
    return _ANY_MOVE.keep(game_map, graph)


_ANY_MOVE: KeptByIdentity[GameMap, dict[str, set[str]]] = KeptByIdentity(64)


def distances_to(
    game_map: GameMap, position: Position, power: str, targets: list[str]
) -> dict[str, int]:
    """Distance of each of the power's units to the nearest of ``targets``, counted in
    moves through any provinces, land or sea, as if the unit could go anywhere (the
    civil-disorder rule's count); 10 000 where none can be reached."""
    graph = _any_move(game_map)
    distance = dict.fromkeys(targets, 0)
    frontier = list(targets)
    while frontier:
        nxt = []
        for p in frontier:
            for q in graph.get(p, ()):
                if q not in distance:
                    distance[q] = distance[p] + 1
                    nxt.append(q)
        frontier = nxt
    return {u.location: distance.get(u.province, 10_000) for u in position.units_of(power)}


def center_counts(position: Position) -> dict[str, int]:
    """Supply centers per owner, in the order the position lists its centers: the one
    count every victory test starts from."""
    counts: dict[str, int] = {}
    for owner in position.ownership.values():
        counts[owner] = counts.get(owner, 0) + 1
    return counts


def sole_leader(counts: Mapping[str, int], victory_centers: int) -> str | None:
    """The one owner in ``counts`` with ``victory_centers`` or more and more than anyone
    else so placed, if any."""
    best = [p for p, n in counts.items() if n >= victory_centers]
    if not best:
        return None
    top = max(counts[p] for p in best)
    leaders = [p for p in best if counts[p] == top]
    return leaders[0] if len(leaders) == 1 else None


def sc_count_winner(position: Position, victory_centers: int) -> str | None:
    """The one power with ``victory_centers`` or more and more than anyone else, if any."""
    return sole_leader(center_counts(position), victory_centers)


def sole_survivor(position: Position) -> str | None:
    """The only power left with a unit or a center, once play has begun."""
    alive = position.powers_on_board
    if len(alive) == 1 and not position.phase.is_setup:
        return next(iter(alive))
    return None
