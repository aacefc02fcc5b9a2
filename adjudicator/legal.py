"""What each unit may be ordered to do: the list the clickable map and bots need.

Moves by convoy are listed where fleets now stand at sea to make a chain
(whoever owns them); supports and convoys are listed for every move some
unit could make. None leads into a province the map in force closes
(``GameMap.closed``, which the resolver refuses the same way). Everything
listed parses back and is not ``void`` by itself, though it may still fail
to be matched by the other power's orders.

A call does little more than look things up. What a unit of one kind at one location
could do whoever else stands where (its hold and moves, where it could support, as
orders and as province numbers) is worked out once per map, and every order once made is
kept (orders are immutable values); a chain of fleets at sea is found as bits of the
provinces' numbers, and where it could carry each army on its shores, and each fleet's
convoys of it, are kept per chain. Per call there are only the lists of who could hold or
move into each province, as integer keys, and each support is one look-up of such a key
in its supporter's table.
"""

from __future__ import annotations

import itertools
import weakref
from collections.abc import Callable, Sequence
from operator import attrgetter, itemgetter
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
_FLATTEN = itertools.chain.from_iterable
_SLOT = itemgetter(1)
_TARGET_NUMBERS = attrgetter("target_numbers")


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
    sea, where each army could be carried, who could move into (or hold in) each province.

    ``into`` is indexed by the provinces' numbers in the map's tables: per province, the
    unit there to hold (its holder's key; left out when ``texts``), then each unit that
    could move there, in the order of the position (the keys of those moves, see
    :func:`_keyed`, or the units' texts when ``texts``). Each unit is in the list of each
    province it could move to by itself."""

    __slots__ = ("by_sea", "group_of", "into", "placed", "tables")

    def __init__(
        self,
        tables: _Tables,
        placed: list[tuple[Unit, _Slot]],
        group_of: dict[str, list[_Carry]],
        by_sea: dict[str, Sequence[str]],
        into: list[list[Any]],
    ) -> None:
        self.tables = tables
        self.placed = placed
        self.group_of = group_of
        self.by_sea = by_sea
        self.into = into


def _reach(position: Position, variant: Variant, texts: bool = False) -> _Reach:
    geo = variant.geography(position)
    units = position.units
    tables = _tables_for(geo)
    off_map: set[str] | None = None
    armies, fleets = tables.armies, tables.fleets
    try:
        placed = [(u, (armies if u.kind is ARMY else fleets)[u.location]) for u in units]
    except _OffMap:
        # A unit off the map (only a position made by hand has one): tables for this call
        # alone, its provinces numbered too, so that the map's own tables keep nothing of it.
        off_map = {u.province for u in units}
        tables = _Tables(geo, off_map)
        armies, fleets = tables.armies, tables.fleets
        placed = [(u, (armies if u.kind is ARMY else fleets)[u.location]) for u in units]
    on_own_map: dict[str, tuple[int, int]] | None = None
    if getattr(variant.closed_passages, "__func__", None) is not Variant.closed_passages:
        # A unit some passages are closed to moves and supports on a map of its own (the
        # same provinces, so the same numbers: checked here).
        for i, (u, _slot) in enumerate(placed):
            closed = variant.closed_passages(u, position)
            if closed is not None:
                own = _tables_for(closed.map) if off_map is None else _Tables(closed.map, off_map)
                assert own.names == tables.names, "a closed passage keeps the provinces"
                placed[i] = (u, (own.armies if u.kind is ARMY else own.fleets)[u.location])
                if u.kind is FLEET:
                    # Its chain is still read on the map in force.
                    on_own_map = tables.at_sea

    # The chains the fleets now at sea make, as sets of province bits: a fleet joins (and
    # merges) the chains it touches either way, so the chains are the connected groups.
    found: list[tuple[int, int]] = []  # (the chain's seas, the provinces next to them)
    for u, slot in placed:
        if on_own_map is None:
            here = slot.at_sea
        else:
            here = on_own_map.get(u.province) if u.kind is FLEET else None
        if here is None:
            continue
        bit, near = here
        seas, around = here
        apart = []
        for other in found:
            if other[0] & near or other[1] & bit:
                seas |= other[0]
                around |= other[1]
            else:
                apart.append(other)
        apart.append((seas, around))
        found = apart
    # Per chain now: its seas' bits, the chain as the map knows it, and where it could carry
    # each army on its shores (in the order of the position's units), which is also what
    # each of its fleets is found by.
    group_of: dict[str, list[_Carry]] = {}  # sea province -> its chain's armies
    groups: list[tuple[int, _Chain, list[_Carry]]] = []
    seas_now = 0
    known = tables.chains
    for seas, _around in found:
        seas_now |= seas
        chain = known.get(seas) or tables.chain(seas)
        carried: list[_Carry] = []
        groups.append((seas, chain, carried))
        for sea in chain.seas:
            group_of[sea] = carried
    # An army on a shore of a chain may be carried (the chain touches it if one of the
    # chain's seas is next to it).
    touching = tables.touching if seas_now else None

    into: list[list[Any]] = [[] for _ in tables.names]
    if not texts:
        for _u, slot in placed:
            into[slot.number] = [slot.holder_key]
    # An army's province -> where it could be carried (sorted).
    by_sea: dict[str, Sequence[str]] = {}
    for u, slot in placed:
        if texts:
            mover = slot.text
            for target in slot.target_numbers:
                into[target].append(mover)
        else:
            for target, key in slot.entries:
                into[target].append(key)
        if touching is None or u.kind is not ARMY:
            continue
        near = touching.get(u.province, 0) & seas_now
        if not near:
            continue
        carriers = [group for group in groups if group[0] & near]
        if len(carriers) == 1:
            ((_seas, chain, carried),) = carriers
            carry = chain.carry.get(slot) or chain.carrying(slot)
            carried.append(carry)
            by_sea[u.province] = carry.dests
            if texts:
                for target in carry.farther:  # only by sea
                    into[target].append(slot.text)
            else:
                for target, key in carry.keys:
                    into[target].append(key)
            continue
        # Carried by two chains or more (rare): where any of them could carry it.
        reached: set[int] = set()
        for _seas, chain, carried in carriers:
            carry = chain.carry.get(slot) or chain.carrying(slot)
            carried.append(carry)
            reached.update(carry.numbers)
        by_sea[u.province] = [tables.names[n] for n in sorted(reached)]
        for target in reached.difference(slot.move_numbers):
            into[target].append(slot.text if texts else slot.key + target)
    return _Reach(tables, placed, group_of, by_sea, into)


def _movement(
    position: Position, variant: Variant, power: str | None
) -> dict[str, tuple[Order, ...]]:
    reach = _reach(position, variant)
    group_of, by_sea = reach.group_of, reach.by_sea
    into = reach.into
    out: dict[str, tuple[Order, ...]] = {}
    placed = reach.placed
    if power is not None:
        placed = [(u, slot) for u, slot in placed if u.power == power]
    for u, slot in placed:
        where = u.province
        # Target by target, its support for each unit that could hold or move there, looked
        # up by key; its own entry there is None (it is in the list of each of its targets,
        # as it could move there), and dropped.
        supports = filter(None, map(slot.support, _FLATTEN(slot.pick(into))))
        # First its hold and the moves it could make alone; an army's moves by convoy next,
        # a fleet's convoys last.
        if u.kind is ARMY:
            sea = by_sea.get(where)
            if sea is None:
                out[where] = (*slot.head, *supports)
            else:
                out[where] = (*slot.head, *map(slot.by_sea.__getitem__, sea), *supports)
            continue
        own = group_of.get(where)
        if own is None:
            out[where] = (*slot.head, *supports)
            continue
        orders: list[Order] = [*slot.head, *supports]
        for carry in own:
            orders += carry.convoys.get(slot) or carry.convoyed_by(slot)
        out[where] = tuple(orders)
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


class _Chain:
    """A chain of fleets at sea, as a map knows it: its seas, the shores an army may be
    carried to (none closed: the resolver refuses a move or convoy there, ``cannot_enter``),
    as the tables' numbers and sorted by id."""

    __slots__ = ("carry", "dest_numbers", "seas", "sorted_dests")

    def __init__(
        self, seas: tuple[str, ...], dests: frozenset[str], number: dict[str, int]
    ) -> None:
        self.seas = seas
        self.dest_numbers = frozenset(number[p] for p in dests)
        self.sorted_dests = tuple(sorted(dests))
        #: Per army's slot on its shores, where this chain could carry it (:class:`_Carry`).
        self.carry: dict[_Slot, _Carry] = {}

    def carrying(self, army: _Slot) -> _Carry:
        made = self.carry[army] = _Carry(self, army)
        return made


class _Carry:
    """Where a chain of fleets could carry an army on its shores: the other shores (never a
    closed one; sorted by id, and as numbers), and those it could not walk to, as numbers
    and with the keys of its moves there (see :func:`_keyed`)."""

    __slots__ = ("army", "convoys", "dests", "farther", "keys", "numbers")

    def __init__(self, chain: _Chain, army: _Slot) -> None:
        self.army = army
        self.dests = tuple(p for p in chain.sorted_dests if p != army.province)
        self.numbers = chain.dest_numbers.difference((army.number,))
        self.farther = tuple(self.numbers.difference(army.move_numbers))
        self.keys = tuple((n, army.key + n) for n in self.farther)
        #: Per fleet of the chain: its convoys of the army there (:meth:`convoyed_by`).
        self.convoys: dict[_Slot, tuple[Convoy, ...]] = {}

    def convoyed_by(self, fleet: _Slot) -> tuple[Convoy, ...]:
        made = self.convoys[fleet] = tuple(map(fleet.convoys[self.army].__getitem__, self.dests))
        return made


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
        "__weakref__",
        "at_sea",
        "by_sea",
        "convoys",
        "dests",
        "entries",
        "head",
        "holder",
        "holder_key",
        "key",
        "land",
        "move_numbers",
        "names",
        "number",
        "pick",
        "province",
        "ref",
        "support",
        "target_numbers",
        "targets",
        "text",
    )

    def __init__(
        self,
        geo: GameMap,
        kind: UnitKind,
        location: str,
        number: dict[str, int],
        names: tuple[str, ...],
        at_sea: dict[str, tuple[int, int]],
    ) -> None:
        ref = UnitRef(kind, location)
        self.ref = ref
        self.province = ref.province
        moves: list[Move]
        if kind is UnitKind.FLEET:
            self.land: frozenset[str] = frozenset()
            moves = [
                Move(ref, loc)
                for loc in sorted(geo.fleet_neighbours(location))
                if province_of(loc) not in geo.closed
            ]
            moves_into = frozenset(province_of(m.dest) for m in moves)
        else:
            self.land = frozenset(
                p
                for p in geo.army_neighbours(ref.province)
                if p in geo.land_provinces and p not in geo.closed
            )
            moves = [Move(ref, p) for p in sorted(self.land)]
            moves_into = self.land
        #: Its hold, then its moves without a convoy.
        self.head: tuple[Order, ...] = (Hold(ref), *moves)
        #: The unit as text, and where it may move by itself: the compact form's words.
        self.text = str(ref)
        self.dests = tuple(m.dest for m in moves)
        #: Where it may support a hold or a move: where it could move itself; and the same
        #: as the tables' numbers.
        self.targets: tuple[str, ...] = tuple(sorted(moves_into))
        self.target_numbers = tuple(number[p] for p in self.targets)
        self.move_numbers = frozenset(self.target_numbers)
        self.number = number[self.province]
        self.names = names
        #: For a fleet where a fleet may convoy from: its bit and those of the provinces
        #: next to it (:attr:`_Tables.at_sea`); else None.
        self.at_sea = at_sea.get(self.province) if kind is UnitKind.FLEET else None
        #: Its key (and its holder's): see :func:`_keyed`.
        self.key = _keyed(self)
        self.holder = _Holder(ref, self.number)
        self.holder_key = self.holder.key
        #: Per target, its number and the key of its move there.
        self.entries = tuple((n, self.key + n) for n in self.target_numbers)
        #: The lists of a position's ``into`` for its targets, in one call (a sequence of
        #: them even for one target or none).
        numbers = self.target_numbers
        self.pick: Callable[[list[list[Any]]], Sequence[list[Any]]] = (
            itemgetter(*numbers)
            if len(numbers) > 1
            else itemgetter(slice(numbers[0], numbers[0] + 1) if numbers else slice(0, 0))
        )
        #: Its support for the unit whose key (holder or mover, target) is given, made on
        #: first use; None for its own moves (no unit supports its own move).
        supports: _Memo[int, Support | None] = _Memo(self._support)
        for _n, key in self.entries:
            supports[key] = None
        self.support = supports.__getitem__
        land = self.land
        #: An army's move by convoy to a province ("via convoy" if it could walk there too).
        self.by_sea: _Memo[str, Move] = _Memo(lambda p: Move(ref, p, p in land))
        #: Per army's slot: this fleet's convoy of that army, per destination.
        self.convoys: _Memo[_Slot, _Memo[str, Convoy]] = _Memo(
            lambda army: _Memo(lambda dest: Convoy(ref, army.ref, dest))
        )

    def _support(self, key: int) -> Support:
        other = _KEYED[key >> _TARGET_BITS]
        if isinstance(other, _Holder):
            return Support(self.ref, other.ref)
        return Support(self.ref, other.ref, self.names[key & _TARGET_MASK])


class _Holder:
    """A unit as the one to support to hold (a key apart from its slot's: to move)."""

    __slots__ = ("__weakref__", "key", "ref")

    def __init__(self, ref: UnitRef, number: int) -> None:
        self.ref = ref
        self.key = _keyed(self) + number


#: Who the keys of the lists of who could hold or move into a province stand for: each slot
#: and holder of every map's tables is numbered once, its key that number shifted left by
#: :data:`_TARGET_BITS`, plus the province's number (to move there; a holder's: its own).
#: A supporter's look-up of its supports is keyed by them, so one look-up per support.
_KEYED: weakref.WeakValueDictionary[int, _Slot | _Holder] = weakref.WeakValueDictionary()
_TARGET_BITS = 16
_TARGET_MASK = (1 << _TARGET_BITS) - 1
_NUMBERING = itertools.count()


def _keyed(made: _Slot | _Holder) -> int:
    """A new slot's or holder's key (its number, shifted: the province's number is added)."""
    n = next(_NUMBERING)
    _KEYED[n] = made
    return n << _TARGET_BITS


class _Slots(dict[str, _Slot]):
    """The slots of one kind of unit on one map, by location, made on first use."""

    __slots__ = ("anywhere", "at_sea", "geo", "kind", "names", "number")

    def __init__(
        self,
        geo: GameMap,
        kind: UnitKind,
        number: dict[str, int],
        names: tuple[str, ...],
        at_sea: dict[str, tuple[int, int]],
        anywhere: bool,
    ) -> None:
        super().__init__()
        self.at_sea = at_sea
        #: Make slots off the map too (the tables of one call: see :func:`_reach`)?
        self.anywhere = anywhere
        # Weakly: the tables live in a WeakKeyDictionary keyed by this map.
        self.geo = weakref.ref(geo)
        self.kind = kind
        self.number = number
        self.names = names

    def __missing__(self, location: str) -> _Slot:
        geo = self.geo()
        assert geo is not None, "the map outlives its tables"
        if not self.anywhere and location not in geo.locations:
            raise _OffMap(location)
        slot = self[location] = _Slot(
            geo, self.kind, location, self.number, self.names, self.at_sea
        )
        return slot


class _OffMap(LookupError):
    """A unit stands where the map has no location (see :func:`_reach`)."""


class _Tables:
    """One map's provinces as numbers (in the order of their ids) and as bits, its slots,
    and what the chains of fleets at sea are made of: for each province a fleet may convoy
    from, its bit and those of the provinces next to it; for each land province, the bits
    of the provinces a fleet may convoy from that it is a shore of."""

    __slots__ = ("armies", "at_sea", "chains", "fleets", "geo", "names", "number", "touching")

    def __init__(self, geo: GameMap, off_map: set[str] | None = None) -> None:
        self.geo = weakref.ref(geo)
        #: Number i (bit 1 << i) stands for the i-th province in the order of their ids;
        #: the provinces of units off the map (a position made by hand) are numbered too.
        self.names: tuple[str, ...] = tuple(sorted({*geo.provinces, *(off_map or ())}))
        self.number: dict[str, int] = {p: i for i, p in enumerate(self.names)}
        assert len(self.names) <= _TARGET_MASK, "more provinces than a key has room for"
        near = geo.fleet_province_adjacency
        self.at_sea: dict[str, tuple[int, int]] = {}
        self.touching: dict[str, int] = {}
        for sea in geo.convoy_provinces:
            around = 0
            for p in near.get(sea, ()):
                around |= 1 << self.number[p]
                if p in geo.land_provinces:
                    self.touching[p] = self.touching.get(p, 0) | 1 << self.number[sea]
            self.at_sea[sea] = (1 << self.number[sea], around)
        #: The chains positions have shown, by their seas' bits (see :meth:`chain`).
        self.chains: dict[int, _Chain] = {}
        anywhere = off_map is not None
        self.armies = _Slots(geo, UnitKind.ARMY, self.number, self.names, self.at_sea, anywhere)
        self.fleets = _Slots(geo, UnitKind.FLEET, self.number, self.names, self.at_sea, anywhere)

    def chain(self, seas: int) -> _Chain:
        """The chain of fleets in these seas (bits), worked out on first use and kept. How
        many chains there can be grows fast with the number of seas, so what is kept is
        forgotten when it grows past :data:`_CHAINS_KEPT`."""
        geo = self.geo()
        assert geo is not None, "the map outlives its tables"
        members = tuple(p for i, p in enumerate(self.names) if seas >> i & 1)
        shores = geo.shores_of(members)
        made = _Chain(members, shores - geo.closed if geo.closed else shores, self.number)
        if len(self.chains) >= _CHAINS_KEPT:
            self.chains.clear()
        self.chains[seas] = made
        return made


#: How many chains of fleets a map's tables keep (a few hundred bytes each).
_CHAINS_KEPT = 1 << 11


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
    reach = _reach(position, variant, texts=True)
    group_of, by_sea_of, movers, names = (
        reach.group_of,
        reach.by_sea,
        reach.into,
        reach.tables.names,
    )
    # The unit in each province, by the province's number.
    held: list[str | None] = [None] * len(names)
    for _u, slot in reach.placed:
        held[slot.number] = slot.text
    placed = reach.placed
    if power is not None:
        placed = [(u, slot) for u, slot in placed if u.power == power]
    units: dict[str, Compact] = {}
    chains: list[list[Any]] = []
    chain_index: dict[int, int] = {}
    for u, slot in placed:
        where = u.province
        chain = None
        if u.kind is FLEET:
            by_convoy = []
            own = group_of.get(where)
            if own is not None:
                chain = chain_index.get(id(own))
                if chain is None:
                    chain = chain_index[id(own)] = len(chains)
                    chains.append([[c.army.text, list(c.dests)] for c in own])
        else:
            by_sea = by_sea_of.get(where)
            by_convoy = [[p, p in slot.land] for p in by_sea] if by_sea else []
        units[where] = {
            "unit": slot.text,
            "moves": slot.dests,
            "by_convoy": by_convoy,
            "supports": slot.targets,
            "chain": chain,
        }
    # Each province a unit listed may support in, in the order they first name it.
    targets = dict.fromkeys(_FLATTEN(map(_TARGET_NUMBERS, map(_SLOT, placed))))
    into = {names[n]: {"holder": held[n], "movers": movers[n]} for n in targets}
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
