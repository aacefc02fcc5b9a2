"""What each unit may be ordered to do: the list the clickable map and bots need.

Moves by convoy are listed where fleets now stand at sea to make a chain
(whoever owns them); supports and convoys are listed for every move some
unit could make. Everything listed parses back and is not ``void`` by
itself, though it may still fail to be matched by the other power's orders.
"""

from __future__ import annotations

from adjudicator.board import PhaseKind, Position, Unit, UnitKind, province_of
from adjudicator.maps import GameMap
from adjudicator.orders import (
    Build,
    Convoy,
    Disband,
    Hold,
    Move,
    Order,
    Retreat,
    Support,
    UnitRef,
    Waive,
)
from adjudicator.resolution import retreats_for
from adjudicator.variants import Variant, find_variant


def legal_orders(
    position: Position, power: str | None = None, *, variant: Variant | None = None
) -> dict[str, tuple[Order, ...]]:
    """Every legal order, keyed by the province of the unit (or build site).

    With ``power``, only that power's units; in an adjustment phase a power's
    ``WAIVE`` is listed under the key ``"waive"``.

    >>> from adjudicator.variants import find_variant
    >>> start = find_variant("standard").initial_position()
    >>> [str(o) for o in legal_orders(start, "england")["lvp"]][:4]
    ['A lvp H', 'A lvp - cly', 'A lvp - edi', 'A lvp - wal']
    """
    if variant is None:
        variant = find_variant(position.variant)
    kind = position.phase.kind
    if kind is PhaseKind.MOVEMENT:
        return _movement(position, variant, power)
    if kind is PhaseKind.RETREATS:
        return _retreats(position, variant, power)
    return _adjustments(position, variant, power)


def _movement(
    position: Position, variant: Variant, power: str | None
) -> dict[str, tuple[Order, ...]]:
    geo = variant.geography(position)
    seas = {
        u.province
        for u in position.units
        if u.kind is UnitKind.FLEET and geo.can_convoy_from(u.province)
    }
    groups = [(g, geo.shores_of(g)) for g in geo.convoy_groups(seas)]
    # Where each unit could move to, by province, and how.
    reach: dict[str, list[Move]] = {}
    for unit in position.units:
        reach[unit.province] = _moves(unit, geo, groups)
    out: dict[str, tuple[Order, ...]] = {}
    movers_into: dict[str, list[Unit]] = {}
    for unit in position.units:
        for m in reach[unit.province]:
            target = province_of(m.dest)
            bucket = movers_into.setdefault(target, [])
            if not bucket or bucket[-1] is not unit:
                bucket.append(unit)
    for unit in position.units:
        if power is not None and unit.power != power:
            continue
        ref = UnitRef(unit.kind, unit.location)
        orders: list[Order] = [Hold(ref)]
        orders.extend(reach[unit.province])
        targets = sorted(
            p
            for p in (
                geo.army_neighbours(unit.province)
                if unit.kind is UnitKind.ARMY
                else {province_of(x) for x in geo.fleet_neighbours(unit.location)}
            )
            if geo.provinces[p].is_land or unit.kind is UnitKind.FLEET
        )
        for target in targets:
            other = position.unit_in(target)
            if other is not None:
                orders.append(Support(ref, UnitRef(other.kind, other.location)))
            for mover in movers_into.get(target, ()):
                if mover is not unit:
                    orders.append(Support(ref, UnitRef(mover.kind, mover.location), target))
        if unit.kind is UnitKind.FLEET and geo.can_convoy_from(unit.province):
            for group, shores in groups:
                if unit.province not in group:
                    continue
                for army in position.units:
                    if army.kind is not UnitKind.ARMY or army.province not in shores:
                        continue
                    for dest in sorted(shores - {army.province}):
                        orders.append(Convoy(ref, UnitRef(UnitKind.ARMY, army.location), dest))
        out[unit.province] = tuple(orders)
    return out


def _moves(
    unit: Unit, geo: GameMap, groups: list[tuple[frozenset[str], frozenset[str]]]
) -> list[Move]:
    ref = UnitRef(unit.kind, unit.location)
    if unit.kind is UnitKind.FLEET:
        return [Move(ref, loc) for loc in sorted(geo.fleet_neighbours(unit.location))]
    land = {p for p in geo.army_neighbours(unit.province) if geo.provinces[p].is_land}
    moves = [Move(ref, p) for p in sorted(land)]
    by_sea: set[str] = set()
    for _group, shores in groups:
        if unit.province in shores:
            by_sea |= shores
    by_sea.discard(unit.province)
    for p in sorted(by_sea):
        moves.append(Move(ref, p, via_convoy=p in land))
    return moves


def _retreats(
    position: Position, variant: Variant, power: str | None
) -> dict[str, tuple[Order, ...]]:
    geo = variant.geography(position)
    occupied = {u.province for u in position.units}
    out: dict[str, tuple[Order, ...]] = {}
    for d in position.dislodged:
        if power is not None and d.unit.power != power:
            continue
        ref = UnitRef(d.unit.kind, d.unit.location)
        options = retreats_for(geo, d.unit, d.attacker_from, occupied, position.standoffs)
        out[d.unit.province] = (*(Retreat(ref, o) for o in options), Disband(ref))
    return out


def _adjustments(
    position: Position, variant: Variant, power: str | None
) -> dict[str, tuple[Order, ...]]:
    out: dict[str, tuple[Order, ...]] = {}
    for p in variant.powers if power is None else (power,):
        delta = variant.adjustment(position, p)
        if delta > 0:
            sites = variant.build_sites(position, p)
            for site in sites:
                builds = []
                for text in variant.buildable_kinds(site):
                    kind, _, location = text.partition(" ")
                    builds.append(Build(UnitRef(UnitKind(kind), location)))
                out[site] = tuple(builds)
            if sites and power is not None:
                out["waive"] = (Waive(),)
        elif delta < 0:
            for u in position.units_of(p):
                out[u.province] = (Disband(UnitRef(u.kind, u.location)),)
    return out
