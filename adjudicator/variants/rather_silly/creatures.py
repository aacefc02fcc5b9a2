"""Rather Silly's creatures, as pure choices over a board: where the Borg goes and what it
eats, where the monsters go, where a new monster lands, and the hyperspace vote's count.

Every choice the rules leave to chance takes a ``random.Random`` made from the phase's seed
(:func:`adjudicator.chance.chance`), and draws only after sorting, so the same board and
seed give the same choice on every machine.

The Borg counts "units around" a province by distance: the units standing one step away,
then two, then three, ... (the house rule's tie-break), compared as a tuple. Its steps are
amphibious: an army's or a fleet's edge, coasts merged, plus the Mont Blanc tunnel.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from adjudicator.board import FrozenMap, Unit, UnitKind
from adjudicator.maps import GameMap, Terrain
from adjudicator.variants.common import KeptByIdentity

#: How far out the Borg and the monsters count units when they compare provinces: the
#: standard map's widest distance is 11 steps.
COUNT_DEPTH = 12


def amphibious(geo: GameMap) -> Mapping[str, frozenset[str]]:
    """Each province's neighbours by an army's or a fleet's edge, coasts merged: made once
    a map (asked as the creatures move each season)."""
    kept = _AMPHIBIOUS.get(geo)
    if kept is not None:
        return kept
    out: dict[str, frozenset[str]] = {}
    for province, p in geo.provinces.items():
        if p.terrain is Terrain.IMPASSABLE or province in geo.closed:
            continue
        near = geo.army_neighbours(province) | geo.fleet_province_neighbours(province)
        out[province] = near - geo.closed
    return _AMPHIBIOUS.keep(geo, FrozenMap(out))


def rings(
    graph: Mapping[str, frozenset[str]], start: str, depth: int = COUNT_DEPTH
) -> tuple[frozenset[str], ...]:
    """The provinces 1, 2, ... ``depth`` steps from ``start`` (each ring on its own).

    A graph is never changed once made: its rings are found once (the Borg and the
    monsters count units around most provinces of the board each season)."""
    kept = _RINGS.get(graph, (start, depth))
    if kept is not None:
        return kept
    seen = {start}
    frontier = {start}
    out: list[frozenset[str]] = []
    for _ in range(depth):
        nxt = {n for p in frontier for n in graph.get(p, ()) if n not in seen}
        seen |= nxt
        out.append(frozenset(nxt))
        frontier = nxt
    return _RINGS.keep(graph, tuple(out), (start, depth))


#: How many of each are kept: a map's provinces many, a few maps (made again past it).
_KEPT = 4096
#: The graphs made, by their map; the rings found, by the graph and the province.
_AMPHIBIOUS: KeptByIdentity[GameMap, Mapping[str, frozenset[str]]] = KeptByIdentity(_KEPT)
_RINGS: KeptByIdentity[Mapping[str, frozenset[str]], tuple[frozenset[str], ...]] = KeptByIdentity(
    _KEPT
)


def units_around(
    graph: Mapping[str, frozenset[str]], province: str, occupied: Iterable[str]
) -> tuple[int, ...]:
    """How many of the ``occupied`` provinces lie 1, 2, 3, ... steps from ``province``."""
    taken = frozenset(occupied)
    return tuple(len(ring & taken) for ring in rings(graph, province))


def best(
    candidates: Iterable[str], score: Mapping[str, tuple[int, ...]], rng: random.Random
) -> tuple[str, bool]:
    """The candidate with the highest score; a seeded draw among those level. Returns it
    and whether it was drawn."""
    ordered = sorted(candidates)
    top = max(score[c] for c in ordered)
    level = [c for c in ordered if score[c] == top]
    if len(level) == 1:
        return level[0], False
    return rng.choice(level), True


@dataclass(frozen=True, slots=True)
class BorgStep:
    """What the Borg did in a season: where it is now, where it came from (None when it
    appeared), the units it ate (in the province it went to), and whether the choice was
    drawn by lot."""

    province: str
    came_from: str | None
    eaten: tuple[Unit, ...]
    drawn: bool


def borg_step(
    graph: Mapping[str, frozenset[str]],
    borg: str | None,
    standing: Sequence[Unit],
    others_there: Mapping[str, Sequence[Unit]],
    rng: random.Random,
    *,
    unappealing: frozenset[str] = frozenset(),
) -> BorgStep | None:
    """The Borg's move after a season's movement (house rules on the rules page).

    ``borg``: where it is (None: it appears now, on the unit with most units around).
    ``standing``: the units on the board it eats (never the TARDIS). ``unappealing``: the
    powers whose units do not draw it ("wird durch SEEMONSTER und WELTRAUM-MONSTER nicht
    angelockt"): they count neither as meals to go for nor as units around one, but one
    in the province it stays in or steps to is eaten all the same ("verschmähen würde er
    sie aber auch nicht, wenn sie mal seinen Weg kreuzen").
    ``others_there``: by province, units it eats if it lands there that do not count as
    meals to go for (a dislodged unit waiting to retreat). Returns None if it neither
    appears nor moves (nothing on the board draws it).
    """
    meals = {u.province: u for u in standing if u.power not in unappealing}
    occupied = set(meals)

    def eaten_in(province: str) -> tuple[Unit, ...]:
        here = [u for u in standing if u.province == province]
        return tuple(sorted([*here, *others_there.get(province, ())], key=_unit_key))

    if borg is None:
        if not occupied:
            return None
        score = {p: units_around(graph, p, occupied - {p}) for p in occupied}
        chosen, drawn = best(occupied, score, rng)
        return BorgStep(chosen, None, eaten_in(chosen), drawn)
    if eaten_in(borg):
        # A unit moved into its province (a monster too): it stays and eats.
        return BorgStep(borg, borg, eaten_in(borg), False)
    near = [p for p in graph.get(borg, ()) if p in meals]
    if near:
        score = {p: units_around(graph, p, occupied - {p}) for p in near}
        chosen, drawn = best(near, score, rng)
        return BorgStep(chosen, borg, eaten_in(chosen), drawn)
    if not occupied:
        return None
    steps = list(graph.get(borg, ()))
    if not steps:
        return None
    score = {p: units_around(graph, p, occupied) for p in steps}
    chosen, drawn = best(steps, score, rng)
    return BorgStep(chosen, borg, eaten_in(chosen), drawn)


def _unit_key(u: Unit) -> tuple[str, str]:
    return (u.power, u.location)


# -- monsters ------------------------------------------------------------------------------


def monster_move(
    geo: GameMap,
    unit: Unit,
    occupied: frozenset[str],
    rng: random.Random,
) -> str | None:
    """Where a monster moves this season (a location), or None to hold.

    House rules: a monster on a supply center holds (it never gives one up unless
    dislodged). Otherwise it goes for an adjacent center: first one without a unit, then
    one with a unit but none around it, then one with units around it; among those alike,
    the one with fewest units around, then a seeded draw. With no center in reach, it takes
    the step that brings it nearest a center (fewest units around, then a draw).
    """
    centers = geo.supply_centers
    if unit.province in centers:
        return None
    reach = _reach(geo, unit)
    if not reach:
        return None
    graph, distance = _kind_graph(geo, unit.kind)
    others = occupied - {unit.province}
    around = {
        loc: len(graph.get(geo.location_province[loc], frozenset()) & others) for loc in reach
    }
    in_reach = [loc for loc in reach if geo.location_province[loc] in centers]
    if in_reach:

        def tier(loc: str) -> int:
            province = geo.location_province[loc]
            if province not in others:
                return 0
            return 1 if around[loc] == 0 else 2

        score = {loc: (-tier(loc), -around[loc]) for loc in in_reach}
        chosen, _drawn = best(in_reach, score, rng)
        return chosen
    score = {loc: (-distance.get(geo.location_province[loc], 99), -around[loc]) for loc in reach}
    chosen, _drawn = best(reach, score, rng)
    return chosen


def monster_retreat(
    geo: GameMap, retreats: Sequence[str], occupied: frozenset[str], rng: random.Random
) -> str | None:
    """Where a dislodged monster retreats: a center if it can, then where fewest units are
    around, then a seeded draw; None if it has nowhere to go (it is disbanded)."""
    if not retreats:
        return None
    centers = geo.supply_centers
    graph = amphibious(geo)
    score = {
        loc: (
            1 if geo.location_province.get(loc, loc) in centers else 0,
            -len(graph.get(geo.location_province.get(loc, loc), frozenset()) & occupied),
        )
        for loc in retreats
    }
    chosen, _drawn = best(retreats, score, rng)
    return chosen


def landing_site(
    geo: GameMap, kind: UnitKind, taken: frozenset[str], rng: random.Random
) -> str | None:
    """Where a new monster lands: a seeded draw among the free provinces it may stand in
    (a sea monster: a sea or a coast, on one of a coast's named coasts; a space monster:
    land). None if there is no free one."""
    free: list[str] = []
    for province, p in sorted(geo.provinces.items()):
        if province in taken or p.terrain is Terrain.IMPASSABLE or province in geo.closed:
            continue
        if kind is UnitKind.FLEET and (p.is_sea or p.terrain is Terrain.COAST):
            free.extend(geo.coasts_of(province) or (province,))
        elif kind is UnitKind.ARMY and p.is_land:
            free.append(province)
    return rng.choice(free) if free else None


def _reach(geo: GameMap, unit: Unit) -> list[str]:
    if unit.kind is UnitKind.ARMY:
        return sorted(
            p
            for p in geo.army_neighbours(unit.province)
            if p in geo.land_provinces and p not in geo.closed
        )
    return sorted(
        loc
        for loc in geo.fleet_neighbours(unit.location)
        if geo.location_province[loc] not in geo.closed
    )


def _kind_graph(geo: GameMap, kind: UnitKind) -> tuple[dict[str, frozenset[str]], dict[str, int]]:
    """A kind of monster's steps on ``geo`` and each province's distance in them to the
    nearest supply center: made once a map (every monster asks, each season)."""
    kept = _KIND_GRAPHS.get(geo, kind)
    if kept is not None:
        return kept
    if kind is UnitKind.ARMY:
        graph = {
            p: frozenset(n for n in geo.army_neighbours(p) if n in geo.land_provinces)
            for p in geo.land_provinces
        }
    else:
        graph = {p: geo.fleet_province_neighbours(p) for p in geo.provinces}
    return _KIND_GRAPHS.keep(geo, (graph, distances_to(graph, geo.supply_centers)), kind)


_KIND_GRAPHS: KeptByIdentity[GameMap, tuple[dict[str, frozenset[str]], dict[str, int]]] = (
    KeptByIdentity(_KEPT)
)


def distances_to(graph: Mapping[str, frozenset[str]], targets: frozenset[str]) -> dict[str, int]:
    """Each province's distance (in steps of ``graph``) to the nearest of ``targets``."""
    distance = {t: 0 for t in targets if t in graph}
    frontier = list(distance)
    while frontier:
        nxt: list[str] = []
        for p in frontier:
            for n in graph.get(p, ()):
                if n not in distance:
                    distance[n] = distance[p] + 1
                    nxt.append(n)
        frontier = nxt
    return distance


# -- the hyperspace vote ---------------------------------------------------------------------


def link_count(
    votes: Mapping[str, tuple[str, str]], rng: random.Random
) -> tuple[tuple[str, str] | None, int, bool]:
    """The link with most votes (each voter's last), a seeded draw among those level: the
    link, its votes, and whether it was drawn. (None, 0, False) without a vote."""
    tally: dict[tuple[str, str], int] = {}
    for link in votes.values():
        tally[link] = tally.get(link, 0) + 1
    if not tally:
        return None, 0, False
    top = max(tally.values())
    level = sorted(link for link, n in tally.items() if n == top)
    if len(level) == 1:
        return level[0], top, False
    return rng.choice(level), top, True
