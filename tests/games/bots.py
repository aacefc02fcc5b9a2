"""A simple player for integration tests that play a game to its end."""

from __future__ import annotations

from collections import deque

from adjudicator import Position, Variant


def greedy_orders(variant: Variant, position: Position, power: str) -> list[str]:
    """Each unit of ``power`` heads for a center it does not own that no unit stands on:
    the nearest unit-and-center pairs are matched first, one unit per center, and a unit
    moves only into a province nobody stands on or is moving to."""
    game_map = variant.map
    edges: dict[str, dict[str, set[str]]] = {"A": {}, "F": {}}
    for kind, pairs in (("A", game_map.army_edges), ("F", game_map.fleet_edges)):
        for a, b in pairs:
            edges[kind].setdefault(a, set()).add(b)
            edges[kind].setdefault(b, set()).add(a)
    occupied = {u.province for u in position.units}
    targets = {
        c
        for c in game_map.supply_centers
        if position.ownership.get(c) != power and c not in occupied
    }
    options: list[tuple[int, str, str, str]] = []  # (distance, unit, target, first step)
    for unit in position.units_of(power):
        graph = edges[unit.kind.value]
        first: dict[str, str] = {unit.location: ""}
        depth = {unit.location: 0}
        queue = deque([unit.location])
        while queue:
            here = queue.popleft()
            province = here.split("/")[0]
            if province in targets and here != unit.location:
                options.append((depth[here], str(unit), province, first[here]))
            for nxt in sorted(graph.get(here, ())):
                if nxt not in depth:
                    depth[nxt] = depth[here] + 1
                    first[nxt] = first[here] or nxt
                    queue.append(nxt)
    moved: set[str] = set()
    claimed: set[str] = set()
    entered: set[str] = set()
    orders = []
    for _distance, unit_text, target, step in sorted(options):
        province = step.split("/")[0]
        if unit_text in moved or target in claimed or province in occupied | entered:
            continue
        moved.add(unit_text)
        claimed.add(target)
        entered.add(province)
        orders.append(f"{unit_text} - {step}")
    return orders


def builds_for(variant: Variant, position: Position, power: str) -> list[str]:
    """As many armies as the power may build, in its vacant centers, in name order."""
    due = variant.adjustment(position, power)
    if due <= 0:
        return []
    return [f"A {site} B" for site in sorted(variant.build_sites(position, power))[:due]]
