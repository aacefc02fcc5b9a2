"""The set-up phases the bot knows, by their kind (a kind the adjudicator declares, whichever
variant plays it): a nomination of centers, a placement of units on the centers a power was
given, a draft of units onto an empty board. Each choice is taken from the legal orders and
drawn from ``rng``; what the rules fix (how many centers a list names) is asked of the
variant."""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Mapping, Sequence

from adjudicator import Build, Order, PhaseKind, Position, UnitKind, Variant
from adjudicator.board import province_of
from adjudicator.orders import Nominate

#: How often a unit placed or drafted on a coast is a fleet.
FLEET_CHANCE = 0.4
#: A distance longer than any on a map: "unreachable".
FAR = 1_000


def setup_orders(
    variant: Variant,
    position: Position,
    power: str,
    legal: Mapping[str, Sequence[Order]],
    rng: random.Random,
) -> list[Order]:
    """``power``'s orders in ``position``'s set-up phase: none in a kind the bot does not
    know."""
    kind = position.phase.kind
    if kind is PhaseKind.NOMINATION:
        count = list_size(variant, position, power, legal)
        return nomination(variant, sorted(legal), count, rng)
    if kind is PhaseKind.DRAFT:
        return draft_pick(variant, legal, rng)
    if kind is PhaseKind.PLACEMENT:
        return placement(legal, rng)
    return []


def list_size(
    variant: Variant, position: Position, power: str, legal: Mapping[str, Sequence[Order]]
) -> int:
    """How many of the ``legal`` choices (one order each) a whole set gives: all of them,
    unless the variant counts that set in excess, when it says how many it allows (the
    count :meth:`~adjudicator.Variant.order_set_excess` reports, as the site's refusal
    does). The rules' count has one home, the variant's; the bot asks rather than
    repeats it."""
    every = [options[0] for _, options in sorted(legal.items()) if options]
    excess = variant.order_set_excess(position, power, every)
    return len(every) if excess is None else int(excess[1]["count"])


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
    """One of the units allowed on each site (a placement phase)."""
    return [build_choice(legal[site], rng) for site in sorted(legal)]
