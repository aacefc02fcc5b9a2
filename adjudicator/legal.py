"""What each unit may be ordered to do: the list the clickable map and bots need.

Moves by convoy are listed where fleets now stand at sea to make a chain
(whoever owns them); supports and convoys are listed for every move some
unit could make. None leads into a province the map in force closes
(``GameMap.closed``, which the resolver refuses the same way). Everything
listed parses back and is not ``void`` by itself, though it may still fail
to be matched by the other power's orders.
"""

from __future__ import annotations

import weakref
from collections import defaultdict
from collections.abc import Callable
from functools import partial
from operator import attrgetter
from typing import Any, TypeVar

from adjudicator.board import PhaseKind, Position, Unit, UnitKind, province_of
from adjudicator.kept import KeptPer
from adjudicator.maps import GameMap
from adjudicator.orders import (
    Build,
    Convoy,
    Disband,
    Hold,
    Move,
    Nominate,
    Order,
    Retreat,
    Support,
    UnitRef,
    Waive,
)
from adjudicator.resolution import retreats_for
from adjudicator.variants import Variant, find_variant

K = TypeVar("K")
V = TypeVar("V")

# Reading an enum member through its class is slow in Python 3.11 (the metaclass has a
# __getattr__), and the loops below ask once or more per unit.
ARMY, FLEET = UnitKind.ARMY, UnitKind.FLEET
_LOCATION = attrgetter("location")


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
        out = _movement(position, variant, power)
    elif kind is PhaseKind.RETREATS:
        out = _retreats(position, variant, power)
    elif kind is PhaseKind.ADJUSTMENTS:
        out = _adjustments(position, variant, power)
    elif kind.setup:
        out = variant.setup_legal_orders(position, power)
    else:
        out = {}
    if variant.order_kinds:
        for where, extra in variant.own_legal_orders(position, power).items():
            out[where] = out.get(where, ()) + extra
    return out


class _Reach:
    """What every unit of a movement position could do: its slot, the chains of fleets at
    sea and the shores they touch, where each army could be carried, who could move into
    (or hold in) each province."""

    __slots__ = ("by_sea", "group_of", "movers_into", "placed")

    def __init__(
        self,
        placed: list[tuple[Unit, _Slot]],
        group_of: dict[str, _Group],
        by_sea: dict[str, list[str]],
        movers_into: defaultdict[str, list[_Slot | _Holder]],
    ) -> None:
        self.placed = placed
        self.group_of = group_of
        self.by_sea = by_sea
        self.movers_into = movers_into


def _reach(position: Position, variant: Variant) -> _Reach:
    geo = variant.geography(position)
    units = position.units
    # A unit off the map (only a position made by hand has one) gets tables for this call
    # alone, so that the map's own tables keep nothing about it.
    on_map = geo.locations.issuperset(map(_LOCATION, units))
    tables = _tables_for(geo) if on_map else _Tables(geo)
    armies, fleets = tables.armies, tables.fleets
    placed = [(u, (armies if u.kind is ARMY else fleets)[u.location]) for u in units]
    if getattr(variant.closed_passages, "__func__", None) is not Variant.closed_passages:
        # A unit some passages are closed to moves and supports on a map of its own.
        for i, (u, _slot) in enumerate(placed):
            closed = variant.closed_passages(u, position)
            if closed is not None:
                own = _tables_for(closed.map)
                placed[i] = (u, (own.armies if u.kind is ARMY else own.fleets)[u.location])

    # The chains the fleets now at sea make, and the shores each chain touches.
    convoying = geo.convoy_provinces
    seas = {u.province for u in units if u.kind is FLEET and u.province in convoying}
    group_of: dict[str, _Group] = {}  # sea province -> its chain
    touching: dict[str, list[_Group]] = {}  # shore province -> the chains that touch it
    for chain in geo.convoy_groups(seas) if seas else ():
        if len(chain) == 1:  # a fleet alone: its shores are known in advance
            (lone,) = chain
            group = _Group(*tables.lone_fleets[lone])
        else:
            group = _Group(*_shores(geo, chain))
        for sea in chain:
            group_of[sea] = group
        for shore in group.shores:
            touching.setdefault(shore, []).append(group)

    # Where each army could be carried to (sorted), and who could move into each province.
    by_sea: dict[str, list[str]] = {}  # army's province -> destinations
    movers_into: defaultdict[str, list[_Slot | _Holder]] = defaultdict(list)
    for u, slot in placed:
        for target in slot.moves_into:
            movers_into[target].append(slot)
        chains = touching.get(u.province) if u.kind is ARMY else None
        if not chains:
            continue
        for group in chains:
            dests = list(group.sorted_dests)
            if u.province in group.dests:  # not when it leaves a closed province
                dests.remove(u.province)
            group.armies.append((slot, dests))
        if len(chains) == 1:
            by_sea[u.province] = dests
            farther = group.dests.difference(slot.moves_into, (u.province,))
        else:
            reached = frozenset().union(*(c.dests for c in chains))
            by_sea[u.province] = sorted(reached - {u.province})
            farther = reached.difference(slot.moves_into, (u.province,))
        for target in farther:  # only by sea
            movers_into[target].append(slot)
    # What a unit may support in a province, in the order listed: the unit there to hold,
    # then each unit that could move there, in the order of the position.
    for u, slot in placed:
        movers_into[u.province].insert(0, slot.holder)

    return _Reach(placed, group_of, by_sea, movers_into)


def _movement(
    position: Position, variant: Variant, power: str | None
) -> dict[str, tuple[Order, ...]]:
    reach = _reach(position, variant)
    placed, group_of, by_sea, movers_into = (
        reach.placed,
        reach.group_of,
        reach.by_sea,
        reach.movers_into,
    )
    out: dict[str, tuple[Order, ...]] = {}
    for u, slot in placed:
        if power is not None and u.power != power:
            continue
        orders: list[Order] = list(slot.head)  # hold, then the moves it could make alone
        if u.province in by_sea:
            orders.extend(map(slot.by_sea.__getitem__, by_sea[u.province]))
        # Target by target, its support for each unit in that target's block but itself
        # (it is in the block of each of its targets, as it could move there).
        orders += [
            row[other]
            for target, row in slot.supports
            for other in movers_into[target]
            if other is not slot
        ]
        own = group_of.get(u.province) if u.kind is FLEET else None
        if own is not None:
            for army, dests in own.armies:
                orders.extend(map(slot.convoys[army].__getitem__, dests))
        out[u.province] = tuple(orders)
    return out


class _Memo(dict[K, V]):
    """A dict that makes a missing value with ``make`` and keeps it."""

    __slots__ = ("make",)

    def __init__(self, make: Callable[[K], V]) -> None:
        super().__init__()
        self.make = make

    def __missing__(self, key: K) -> V:
        value = self[key] = self.make(key)
        return value


class _Group:
    """A chain of fleets at sea in one position: the shores it touches (the armies there
    may be carried), those an army may be carried to, the armies there."""

    __slots__ = ("armies", "dests", "shores", "sorted_dests")

    def __init__(
        self, shores: frozenset[str], dests: frozenset[str], sorted_dests: tuple[str, ...]
    ) -> None:
        self.shores = shores
        self.dests = dests
        self.sorted_dests = sorted_dests
        #: The armies on those shores, in the order of the position's units, each with the
        #: other shores it could be carried to (never a closed one).
        self.armies: list[tuple[_Slot, list[str]]] = []


class _Slot:
    """A unit of one kind at one location of one map, and the orders it could be given.

    What does not depend on the other units (its hold, its moves over land or along
    the coast, where it could support) is worked out when the slot is made. Orders
    naming other units or a chain of fleets (supports, convoys, moves by convoy) are made
    the first time a position asks for them, and kept: orders are immutable values, and
    the locations of one map bound how many there can be (a few tens of thousands on the
    standard map, filled in as positions ask for them).
    """

    __slots__ = (
        "by_sea",
        "convoys",
        "dests",
        "head",
        "holder",
        "land",
        "moves_into",
        "province",
        "ref",
        "supports",
        "targets",
        "text",
    )

    def __init__(self, geo: GameMap, kind: UnitKind, location: str) -> None:
        ref = UnitRef(kind, location)
        self.ref = ref
        self.province = ref.province
        self.holder = _Holder(ref)
        moves: list[Move]
        if kind is UnitKind.FLEET:
            self.land: frozenset[str] = frozenset()
            moves = [
                Move(ref, loc)
                for loc in sorted(geo.fleet_neighbours(location))
                if province_of(loc) not in geo.closed
            ]
            self.moves_into = frozenset(province_of(m.dest) for m in moves)
        else:
            self.land = frozenset(
                p
                for p in geo.army_neighbours(ref.province)
                if p in geo.land_provinces and p not in geo.closed
            )
            moves = [Move(ref, p) for p in sorted(self.land)]
            self.moves_into = self.land
        #: Its hold, then its moves without a convoy.
        self.head: tuple[Order, ...] = (Hold(ref), *moves)
        #: The unit as text, and where it may move by itself: the compact form's words.
        self.text = str(ref)
        self.dests = tuple(m.dest for m in moves)
        #: Where it may support a hold or a move: where it could move itself.
        self.targets: tuple[str, ...] = tuple(sorted(self.moves_into))
        #: Per target, in the same order: its support for the unit holding there (keyed by
        #: that unit's holder) or moving there (keyed by that unit's slot).
        self.supports: tuple[tuple[str, _Memo[_Slot | _Holder, Support]], ...] = tuple(
            (target, _Memo(partial(self._support, target))) for target in self.targets
        )
        land = self.land
        #: An army's move by convoy to a province ("via convoy" if it could walk there too).
        self.by_sea: _Memo[str, Move] = _Memo(lambda p: Move(ref, p, p in land))
        #: Per army's slot: this fleet's convoy of that army, per destination.
        self.convoys: _Memo[_Slot, _Memo[str, Convoy]] = _Memo(
            lambda army: _Memo(lambda dest: Convoy(ref, army.ref, dest))
        )

    def _support(self, target: str, other: _Slot | _Holder) -> Support:
        if isinstance(other, _Holder):
            return Support(self.ref, other.ref)
        return Support(self.ref, other.ref, target)


class _Holder:
    """A unit as the one to support to hold (a key apart from its slot: to move)."""

    __slots__ = ("ref", "text")

    def __init__(self, ref: UnitRef) -> None:
        self.ref = ref
        self.text = str(ref)


class _Slots(dict[str, _Slot]):
    """The slots of one kind of unit on one map, by location, made on first use."""

    __slots__ = ("geo", "kind")

    def __init__(self, geo: GameMap, kind: UnitKind) -> None:
        super().__init__()
        # Weakly: the tables live in a WeakKeyDictionary keyed by this map.
        self.geo = weakref.ref(geo)
        self.kind = kind

    def __missing__(self, location: str) -> _Slot:
        geo = self.geo()
        assert geo is not None, "the map outlives its tables"
        slot = self[location] = _Slot(geo, self.kind, location)
        return slot


class _Tables:
    """The slots of one map, and the shores of each province a fleet may convoy from."""

    __slots__ = ("armies", "fleets", "lone_fleets")

    def __init__(self, geo: GameMap) -> None:
        self.armies = _Slots(geo, UnitKind.ARMY)
        self.fleets = _Slots(geo, UnitKind.FLEET)
        #: What a chain of one fleet there touches (:func:`_shores`).
        self.lone_fleets: dict[str, tuple[frozenset[str], frozenset[str], tuple[str, ...]]] = {
            sea: _shores(geo, (sea,)) for sea in geo.convoy_provinces
        }


def _shores(
    geo: GameMap, chain: frozenset[str] | tuple[str, ...]
) -> tuple[frozenset[str], frozenset[str], tuple[str, ...]]:
    """The shores a chain of fleets touches, those of them an army may be carried to (none
    closed: the resolver refuses a move or convoy there, ``cannot_enter``), and the same
    sorted. An army standing in a closed province may still be carried away from it."""
    shores = geo.shores_of(chain)
    dests = shores - geo.closed if geo.closed else shores
    return shores, dests, tuple(sorted(dests))


#: Per map (maps are immutable; a variant's map with extra edges gets its own tables).
_tables_for: KeptPer[GameMap, _Tables] = KeptPer(_Tables)


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
        closed = variant.closed_passages(d.unit, position)
        own = closed.map if closed is not None else geo
        options = retreats_for(own, d.unit, d.attacker_from, occupied, position.standoffs)
        out[d.unit.province] = (*(Retreat(ref, o) for o in options), Disband(ref))
    return out


def _adjustments(
    position: Position, variant: Variant, power: str | None
) -> dict[str, tuple[Order, ...]]:
    out: dict[str, tuple[Order, ...]] = {}
    for p in variant.adjustment_seats(position) if power is None else (power,):
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


# -- the compact form ------------------------------------------------------------------

Compact = dict[str, Any]


def legal_orders_compact(
    position: Position, power: str | None = None, *, variant: Variant | None = None
) -> Compact:
    """:func:`legal_orders` in a compact form a client expands (:func:`expand_legal`),
    JSON-ready and in ids. In a movement phase each fact is named once: where each unit
    may go, who could hold or move into each province (supports are drawn from that), and
    which armies each chain of fleets could carry where (convoys are drawn from that); a
    position with long chains lists thousands of orders, this form a few hundred ids.
    Sequences may be tuples (shared, never to be changed); JSON writes them as lists.

    ``units``, keyed like :func:`legal_orders`: ``unit`` (``"A par"``), ``moves`` (where
    it may move by itself), ``by_convoy`` (where it may be carried, each ``[province,
    also_by_land]``: a move "via convoy" when it could walk there too), ``supports`` (the
    provinces where it may support: those it could move to), ``chain`` (for a fleet at
    sea, its chain's index in ``chains``, else None). ``into``, per province: ``holder``
    (the unit there, whose hold may be supported, or None) and ``movers`` (the units that
    could move there). ``chains``: per chain, ``[army, destinations]`` for each army on
    its shores. In other phases only ``units``, each ``{"orders": [...]}`` as text.

    >>> from adjudicator.variants import find_variant
    >>> start = find_variant("standard").initial_position()
    >>> legal_orders_compact(start, "england")["units"]["lvp"]["moves"]
    ('cly', 'edi', 'wal', 'yor')
    """
    if variant is None:
        variant = find_variant(position.variant)
    if position.phase.kind is not PhaseKind.MOVEMENT or variant.order_kinds:
        full = legal_orders(position, power, variant=variant)
        return {"units": {w: {"orders": [str(o) for o in orders]} for w, orders in full.items()}}
    reach = _reach(position, variant)
    units: dict[str, Compact] = {}
    into: dict[str, Compact] = {}
    chains: list[list[Any]] = []
    chain_index: dict[int, int] = {}
    for u, slot in reach.placed:
        if power is not None and u.power != power:
            continue
        chain = None
        own = reach.group_of.get(u.province) if u.kind is FLEET else None
        if own is not None:
            chain = chain_index.get(id(own))
            if chain is None:
                chain = chain_index[id(own)] = len(chains)
                chains.append([[str(army.ref), list(dests)] for army, dests in own.armies])
        by_sea = reach.by_sea.get(u.province)
        units[u.province] = {
            "unit": slot.text,
            "moves": slot.dests,
            "by_convoy": [[p, p in slot.land] for p in by_sea] if by_sea else [],
            "supports": slot.targets,
            "chain": chain,
        }
        for target in slot.targets:
            if target in into:
                continue
            others = reach.movers_into[target]
            # The unit there, if any, comes first (see _reach).
            if others and isinstance(others[0], _Holder):
                into[target] = {"holder": others[0].text, "movers": [o.text for o in others[1:]]}
            else:
                into[target] = {"holder": None, "movers": [o.text for o in others]}
    return {"units": units, "into": into, "chains": chains}


def expand_legal(
    compact: Compact, *, variant: Variant | None = None
) -> dict[str, tuple[Order, ...]]:
    """The orders a compact form (:func:`legal_orders_compact`) stands for, keyed and in
    the order :func:`legal_orders` lists them. Orders given as text are read by
    ``variant`` (needed for a variant's own order kinds), else as the core's canonical
    notation."""
    out: dict[str, tuple[Order, ...]] = {}
    into = compact.get("into", {})
    chains = compact.get("chains", [])
    for where, entry in compact["units"].items():
        if "orders" in entry:
            read = variant.read_order if variant is not None else _order_of
            out[where] = tuple(read(text) for text in entry["orders"])
            continue
        me = entry["unit"]
        ref = _ref(me)
        orders: list[Order] = [Hold(ref), *(Move(ref, dest) for dest in entry["moves"])]
        orders += [Move(ref, p, bool(also)) for p, also in entry["by_convoy"]]
        for target in entry["supports"]:
            there = into[target]
            if there["holder"] is not None:
                orders.append(Support(ref, _ref(there["holder"])))
            orders += [Support(ref, _ref(m), target) for m in there["movers"] if m != me]
        if entry["chain"] is not None:
            for army, dests in chains[entry["chain"]]:
                orders += [Convoy(ref, _ref(army), dest) for dest in dests]
        out[where] = tuple(orders)
    return out


def _ref(text: str) -> UnitRef:
    kind, _, location = text.partition(" ")
    return UnitRef(UnitKind(kind), location)


def _order_of(text: str) -> Order:
    """An order of a phase other than movement, from its canonical text."""
    words = text.split(" ")
    if words == ["WAIVE"]:
        return Waive()
    if words[0] == "nominate":
        return Nominate(words[1])
    ref = _ref(" ".join(words[:2]))
    if words[2] == "R":
        return Retreat(ref, words[3])
    if words[2] == "B":
        return Build(ref)
    return Disband(ref)
