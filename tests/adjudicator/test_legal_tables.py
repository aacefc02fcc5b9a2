"""``legal_orders`` of a movement phase, built from the map's tables (numbered provinces,
chains of fleets as bits, orders made once per map), against a straightforward derivation
written here from the map's own questions (``fleet_neighbours``, ``army_neighbours``,
``convoy_groups``, ``shores_of``): the same orders, in the same order, under the same keys,
on random boards of every variant that resolves through the core (a Rather Silly board
with monsters, whom the Mont Blanc tunnel is closed to, and a hyperspace link in force),
whole and per power. The compact form expands to the same.
"""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator import (
    Convoy,
    Hold,
    Move,
    Order,
    Phase,
    Position,
    Support,
    Unit,
    UnitKind,
    find_variant,
    legal_orders,
)
from adjudicator.board import freeze, province_of, thaw
from adjudicator.legal import _tables_for, expand_legal, legal_orders_compact
from adjudicator.maps import GameMap, Terrain
from adjudicator.orders import UnitRef
from adjudicator.variants import Variant
from adjudicator.variants.rather_silly.rules import TUNNEL
from tests.adjudicator.movements import VARIANTS, variant_movements
from tests.adjudicator.test_properties import PROFILE

TABLES = settings(PROFILE, deadline=None, max_examples=max(150, PROFILE.max_examples))


def derived(
    position: Position, variant: Variant, power: str | None
) -> dict[str, tuple[Order, ...]]:
    """The legal orders of a movement phase as the module's docstring says them, unit by
    unit, asking the map each time (slow, and plain)."""
    geo = variant.geography(position)
    units = position.units

    def own_map(unit: Unit) -> GameMap:
        closed = variant.closed_passages(unit, position)
        return closed.map if closed is not None else geo

    def alone(unit: Unit) -> list[str]:
        """Where it may move without a convoy, as ordered (coasts for fleets)."""
        on = own_map(unit)
        if unit.kind is UnitKind.FLEET:
            return [
                loc
                for loc in sorted(on.fleet_neighbours(unit.location))
                if province_of(loc) not in on.closed
            ]
        return [
            p
            for p in sorted(on.army_neighbours(unit.province))
            if p in on.land_provinces and p not in on.closed
        ]

    seas = {
        u.province for u in units if u.kind is UnitKind.FLEET and u.province in geo.convoy_provinces
    }
    chains = geo.convoy_groups(seas)

    def carried_by(unit: Unit) -> list[frozenset[str]]:
        if unit.kind is not UnitKind.ARMY:
            return []
        return [c for c in chains if unit.province in geo.shores_of(c)]

    def landing(chain: frozenset[str]) -> frozenset[str]:
        return geo.shores_of(chain) - geo.closed

    def by_sea(unit: Unit) -> list[str]:
        reached: set[str] = set()
        for chain in carried_by(unit):
            reached |= landing(chain)
        return sorted(reached - {unit.province})

    def could_enter(unit: Unit) -> set[str]:
        return {province_of(d) for d in alone(unit)} | set(by_sea(unit))

    def ref(unit: Unit) -> UnitRef:
        return UnitRef(unit.kind, unit.location)

    out: dict[str, tuple[Order, ...]] = {}
    for unit in units:
        if power is not None and unit.power != power:
            continue
        me = ref(unit)
        walks = alone(unit)
        orders: list[Order] = [Hold(me), *(Move(me, d) for d in walks)]
        orders += [Move(me, p, p in walks) for p in by_sea(unit)]
        for target in sorted({province_of(d) for d in walks}):
            there = position.unit_in(target)
            if there is not None:
                orders.append(Support(me, ref(there)))
            orders += [
                Support(me, ref(other), target)
                for other in units
                if other is not unit and target in could_enter(other)
            ]
        if unit.province in seas:
            (chain,) = [c for c in chains if unit.province in c]
            for army in units:
                if chain in carried_by(army):
                    orders += [
                        Convoy(me, ref(army), d) for d in sorted(landing(chain) - {army.province})
                    ]
        out[unit.province] = tuple(orders)
    if variant.order_kinds:
        for where, extra in variant.own_legal_orders(position, power).items():
            out[where] = out.get(where, ()) + extra
    return out


def spots(game_map: GameMap) -> dict[str, list[tuple[UnitKind, str]]]:
    """Where a unit may stand, per province (a build-only island too)."""
    found: dict[str, list[tuple[UnitKind, str]]] = {}
    for p in game_map.provinces.values():
        if p.terrain is Terrain.IMPASSABLE:
            continue
        here = [(UnitKind.ARMY, p.id)] if p.is_land else []
        if p.terrain is not Terrain.LAND:
            here += [(UnitKind.FLEET, c) for c in game_map.coasts_of(p.id) or (p.id,)]
        if here:
            found[p.id] = here
    return found


@st.composite
def boards(draw: st.DrawFn) -> tuple[Variant, Position]:
    """A movement phase of a variant's examples, its units kept or dealt anew at random
    (the example's powers; Rather Silly's monsters too, and now and then a hyperspace
    link in force)."""
    variant_id = draw(st.sampled_from(VARIANTS))
    variant = find_variant(variant_id)
    position, _orders = draw(st.sampled_from(variant_movements(variant_id)))
    if draw(st.integers(0, 4)) == 0:
        return variant, position
    where = spots(variant.map)
    powers = sorted(
        {u.power for u in position.units} | ({"monster"} if variant_id == "rather_silly" else set())
    )
    n = draw(st.integers(0, 40))
    provinces = draw(st.lists(st.sampled_from(sorted(where)), min_size=n, max_size=n, unique=True))
    units = []
    for province in provinces:
        kind, location = draw(st.sampled_from(where[province]))
        units.append(Unit(draw(st.sampled_from(powers)), kind, location))
    if variant_id == "rather_silly" and draw(st.booleans()):
        # A monster's army by the Mont Blanc tunnel, which is closed to it.
        tunnel = draw(st.sampled_from(TUNNEL))
        units = [u for u in units if u.province != tunnel]
        units.append(Unit("monster", UnitKind.ARMY, tunnel))
    extras = thaw(position.extras)
    assert isinstance(extras, dict)
    if variant_id == "rather_silly" and draw(st.booleans()):
        a, b = draw(st.lists(st.sampled_from(sorted(where)), min_size=2, max_size=2, unique=True))
        season = f"{position.phase.season.value}{position.phase.year}"
        extras["hyperspace"] = {
            **extras.get("hyperspace", {}),
            "now": {"link": [a, b], "season": season},
        }
    return variant, dataclasses.replace(position, units=tuple(units), extras=freeze(extras))


@TABLES
@given(boards(), st.data())
def test_the_tables_list_what_the_map_says(
    case: tuple[Variant, Position], data: st.DataObject
) -> None:
    variant, position = case
    assert legal_orders(position, variant=variant) == derived(position, variant, None)
    powers = sorted({u.power for u in position.units})
    if powers:
        power = data.draw(st.sampled_from(powers))
        assert legal_orders(position, power, variant=variant) == derived(position, variant, power)
        compact = legal_orders_compact(position, power, variant=variant)
        assert expand_legal(compact, variant=variant) == legal_orders(
            position, power, variant=variant
        )


@pytest.mark.parametrize("variant_id", VARIANTS)
def test_every_variant_example_lists_what_the_map_says(variant_id: str) -> None:
    variant = find_variant(variant_id)
    for position, _orders in variant_movements(variant_id):
        assert legal_orders(position, variant=variant) == derived(position, variant, None)


def test_a_unit_off_the_map_is_listed_without_marking_the_maps_tables() -> None:
    """A position made by hand may put a unit where the map has no location: it holds (and
    is supported to), and the map's own tables keep nothing of it."""
    standard = find_variant("standard")
    units = (
        Unit("england", UnitKind.FLEET, "nth"),
        Unit("france", UnitKind.ARMY, "xyz"),
        Unit("france", UnitKind.ARMY, "bel"),
        Unit("england", UnitKind.FLEET, "zzz"),
    )
    position = Position("standard", Phase.parse("S1901M"), units)
    listed = legal_orders(position)
    assert listed == derived(position, standard, None)
    assert [str(o) for o in listed["xyz"]] == ["A xyz H"]
    tables = _tables_for(standard.map)
    assert "xyz" not in tables.armies
    assert "zzz" not in tables.fleets
    compact = legal_orders_compact(position)
    assert expand_legal(compact) == listed
