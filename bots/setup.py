"""The set-up phases the bot knows: Highlander's nomination and placement, Multiple Void's
draft. Each choice is taken from the adjudicator's legal orders and drawn from ``rng``."""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Mapping, Sequence

from adjudicator import Build, Order, UnitKind, Variant
from adjudicator.board import province_of
from adjudicator.orders import Nominate

#: How often a unit placed or drafted on a coast is a fleet.
FLEET_CHANCE = 0.4
#: A distance longer than any on a map: "unreachable".
FAR = 1_000


def build_choice(options: Sequence[Order], rng: random.Random) -> Order:
    """An army where one may stand, else (or sometimes on a coast) a fleet."""
    armies = [o for o in options if isinstance(o, Build) and o.unit.kind is UnitKind.ARMY]
    fleets = [o for o in options if isinstance(o, Build) and o.unit.kind is UnitKind.FLEET]
    if fleets and (not armies or rng.random() < FLEET_CHANCE):
        return rng.choice(fleets)
    return armies[0] if armies else options[0]


def nomination(
    variant: Variant, allowed: Sequence[str], count: int, rng: random.Random
) -> list[Order]:
    """A block of ``count`` centers around one drawn at random: the centers nearest it
    (by moves through any province), so the units placed on them can work together."""
    game_map = variant.map
    neighbours: dict[str, set[str]] = {p: set() for p in game_map.provinces}
    for graph in (game_map.army_adjacency, game_map.fleet_province_adjacency):
        for here, near in graph.items():
            neighbours[province_of(here)].update(near)
    start = rng.choice(list(allowed))
    depth = {start: 0}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        for there in sorted(neighbours[here]):
            if there not in depth:
                depth[there] = depth[here] + 1
                queue.append(there)
    ranked = sorted(allowed, key=lambda c: (depth.get(c, FAR), rng.random()))
    return [Nominate(c) for c in ranked[:count]]


def draft_pick(
    variant: Variant, legal: Mapping[str, Sequence[Order]], rng: random.Random
) -> list[Order]:
    """A draft pick next to as many centers as can be had, with a little chance in it."""
    if not legal:
        return []
    game_map = variant.map
    centers = game_map.supply_centers

    def score(province: str) -> float:
        near = game_map.army_adjacency.get(province, frozenset()) | (
            game_map.fleet_province_adjacency.get(province, frozenset())
        )
        return len(near & centers) + rng.random() * 2

    province = max(sorted(legal), key=score)
    return [build_choice(legal[province], rng)]


def placement(legal: Mapping[str, Sequence[Order]], rng: random.Random) -> list[Order]:
    """One of the units allowed on each site (Highlander's placement)."""
    return [build_choice(legal[site], rng) for site in sorted(legal)]
