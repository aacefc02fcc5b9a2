"""Movement resolution: one algorithm for every variant.

This is Kruijswijk's guess-and-backup algorithm ("The Math of Adjudication"):
each order has one yes/no decision (a move succeeds; a support is given; a
convoying fleet or a holding unit is not dislodged). Deciding one order may
need others; a decision that depends on itself is settled by guessing both
ways. If both guesses agree, that is the answer; if not, the dependency
cycle is a circular movement (every move in it succeeds) or a convoy
paradox, broken by the variant's paradox rule (Szykman by default: the
convoyed armies of the paradox stay put and cut no support).

Strengths, adjacency and who may convoy come from the variant's hooks, so
variants never fork this module. So do supports no order gives
(:meth:`Variant.implicit_supports`, each a decision of its own numbered after the units)
and supports harder to cut than by one attack (:meth:`Variant.support_toughness`). When
such supports cut one another in a circle (each is cut only if another is given, so both
guesses agree, or neither does), they stand, and the rest is decided again.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from adjudicator.board import DislodgedUnit, Position, Unit, UnitKind, moved_unit, province_of
from adjudicator.maps import GameMap, MapIndex, Terrain
from adjudicator.orders import Convoy, Hold, Move, MovementOrder, Support, UnitRef
from adjudicator.results import (
    OrderResult,
    Outcome,
    Reason,
    ResultsWhenRead,
    make_result,
    ok_result,
)
from adjudicator.variants.base import ClosedPassages, ParadoxRule, Variant

HOLD, MOVE, SUPPORT, CONVOY = 0, 1, 2, 3
UNRESOLVED, GUESSING, RESOLVED = 0, 1, 2
_FALLIBLE = (MOVE, SUPPORT)  # orders whose own decision can fail (others fail by dislodgement)

# Reading an enum member through its class is slow in Python 3.11 (the metaclass has a
# __getattr__); what is read once or more per unit is read through these names.
ARMY, FLEET = UnitKind.ARMY, UnitKind.FLEET
COAST, LAND = Terrain.COAST, Terrain.LAND
OK = Outcome.OK
_NOWHERE: frozenset[str] = frozenset()


class MovementResult(ResultsWhenRead):
    """What the movement resolver decided. Its ``results`` (one per unit, in the order of
    the position's units) are worded when first read, from what the deciding left: a
    searching bot reads the position after most candidate order sets and the results of
    few, and wording a failed move means weighing its strengths again."""

    __slots__ = ("dislodged", "implicit", "standoffs", "units")

    def __init__(
        self,
        units: tuple[Unit, ...],
        dislodged: tuple[DislodgedUnit, ...],
        standoffs: frozenset[str],
        results: tuple[OrderResult, ...] | Callable[[], tuple[OrderResult, ...]],
        implicit: tuple[OrderResult, ...] = (),
    ) -> None:
        #: The units standing after the phase, not sorted (``Position.with_changes`` sorts
        #: them).
        self.units = units
        self.dislodged = dislodged
        self.standoffs = standoffs
        #: The results of the supports no order gave (:meth:`Variant.implicit_supports`),
        #: each with its supporter's power and a support order naming what it supported.
        self.implicit = implicit
        super().__init__(results)


def resolve_movement(
    position: Position,
    variant: Variant,
    orders: dict[str, MovementOrder],
) -> MovementResult:
    """Resolve a movement phase.

    ``orders`` maps a unit's province to its order (already checked to belong
    to the unit's owner). Units without an order hold.
    """
    return _Movement(position, variant, orders).run()


def movement_voids(
    position: Position,
    variant: Variant,
    orders: dict[str, MovementOrder],
) -> tuple[OrderResult, ...]:
    """The results of the orders the rules make void as they are read, before any
    strength is decided (a move to a province the unit cannot reach, a support of a unit
    that is not there, an army no fleet on the board could carry): what
    :func:`resolve_movement` reports for them when no move dislodges their units.

    The deciding that follows reads these verdicts and adds none of the kind (it bounces,
    cuts, disrupts and dislodges), so an order checked alone, with no other unit moving,
    needs no more than this.
    """
    return _Movement(position, variant, orders, reading_only=True).voids()


def _fmt(unit: Unit) -> str:
    """A unit as a result's parameter names it: ``A mun`` (ids, never words)."""
    return f"{unit.kind} {unit.location}"


def _strengths(
    hook: Callable[[Unit, Position], int],
    base: Callable[[Variant, Unit, Position], int],
    units: tuple[Unit, ...],
    position: Position,
) -> list[int]:
    """A strength hook's answer for every unit.

    A variant that keeps the base hook gets the same answer for every unit (the base
    class does not look at the unit), so it is asked once, not once per unit.
    """
    if units and getattr(hook, "__func__", None) is base:
        return [hook(units[0], position)] * len(units)
    return [hook(u, position) for u in units]


def _closed_passages(
    variant: Variant, units: tuple[Unit, ...], position: Position
) -> list[ClosedPassages | None] | None:
    """Each unit's closed passages (:meth:`Variant.closed_passages`); None, without asking
    per unit, for a variant whose every passage is open to every unit."""
    if getattr(variant.closed_passages, "__func__", None) is Variant.closed_passages:
        return None
    closed = [variant.closed_passages(u, position) for u in units]
    return closed if any(c is not None for c in closed) else None


#: How the rules read a move, whoever gives it: the destination province, the location
#: (coast) moved to and the province's number; or, for a move the rules make void, the
#: verdict (outcome, reason, parameters) with the unit holding. See :func:`_read_move`.
MoveReading = tuple[str, str, int, tuple[Outcome, Reason, dict[str, str]] | None]


def _read_move(geo: GameMap, unit: Unit, dest_loc: str) -> MoveReading:
    """How the rules read ``unit``'s move to ``dest_loc`` on ``geo``: the answer depends on
    the unit's kind and location and the map alone (passages closed to some units aside,
    which the resolver checks first), so the map's index keeps it for the next phase."""
    dest = geo.location_province.get(dest_loc) or province_of(dest_loc)

    def void(reason: Reason, **params: str) -> MoveReading:
        return dest, dest_loc, -1, (Outcome.VOID, reason, params)

    if dest == unit.province:
        return void(Reason.SAME_PROVINCE, unit=_fmt(unit))
    province = geo.provinces.get(dest)
    if province is None or dest in geo.closed:
        return void(Reason.CANNOT_ENTER, unit=_fmt(unit), dest=dest)
    if unit.kind is ARMY:
        dest_loc = dest  # coasts mean nothing to an army
        if dest not in geo.land_provinces:
            return void(Reason.CANNOT_ENTER, unit=_fmt(unit), dest=dest)
        # Not adjacent: only a convoy, from one coast to another, can take it there.
        if dest not in geo.army_adjacency.get(unit.province, ()) and not (
            province.terrain is COAST and geo.provinces[unit.province].terrain is COAST
        ):
            return void(Reason.NOT_ADJACENT, dest=dest, source=unit.province)
    else:
        reach = geo.fleet_adjacency.get(unit.location, _NOWHERE)
        if "/" not in dest_loc and province.coasts:
            coasts = [c for c in geo.coasts_of(dest) if c in reach]
            if len(coasts) == 1:
                dest_loc = coasts[0]
            elif len(coasts) > 1:
                return void(Reason.COAST_NEEDED, dest=dest)
        if dest_loc not in reach:
            if province.terrain is LAND:
                return void(Reason.CANNOT_ENTER, unit=_fmt(unit), dest=dest)
            return void(Reason.NOT_ADJACENT, dest=dest_loc, source=unit.location)
    return dest, dest_loc, geo.index.number[dest], None


class _Movement:
    """The state of one resolution. Indices number the units on the board."""

    def __init__(
        self,
        position: Position,
        variant: Variant,
        orders: dict[str, MovementOrder],
        *,
        reading_only: bool = False,
    ) -> None:
        """The orders read against the position. With ``reading_only`` (for
        :func:`movement_voids`), only as far as the verdicts of reading: no unit's strength
        is asked of the variant, and no support it gives without an order is added, for
        nothing will be decided."""
        self.position = position
        self.variant = variant
        self.orders = orders
        geo = variant.geography(position)
        self.map: GameMap = geo
        index = geo.index
        self.index: MapIndex = index
        units = position.units
        n = len(units)
        self.n = n
        self.units = units
        self.src = [u.province for u in units]
        self.at: dict[str, int] = dict(zip(self.src, range(n), strict=True))
        # The decisions read provinces as numbers (MapIndex): where each unit stands, and
        # which unit stands in each province (-1: none). Names stay for reading the
        # orders and writing the results.
        number = index.number
        self.srci: list[int] = [number[p] for p in self.src]
        occ = [-1] * len(index.names)
        for i, p in enumerate(self.srci):
            occ[p] = i
        self.occ = occ
        self.power = [u.power for u in units]
        self.given: list[MovementOrder | None] = list(map(orders.get, self.src))
        self.kind = [HOLD] * n
        self.dest: list[str] = [""] * n  # destination province of a move
        self.dest_loc: list[str] = [""] * n  # destination location (coast) of a move
        self.desti: list[int] = [-1] * n  # destination province of a move, as a number
        self.via = [False] * n  # the move goes by convoy
        self.route_ordered = [False] * n  # convoy orders form a route, dislodged or not
        self.void: list[tuple[Outcome, Reason, dict[str, str]] | None] = [None] * n
        if reading_only:
            self.strength: list[int] = []
            self.sup_strength: list[int] = []
        else:
            self.strength = _strengths(
                variant.unit_strength, Variant.unit_strength, units, position
            )
            self.sup_strength = _strengths(
                variant.support_strength, Variant.support_strength, units, position
            )
        self.closed = _closed_passages(variant, units, position)
        self.sup_exempt: list[int] = [-1] * n  # attacks from this province don't cut
        self.supports: dict[int, list[int]] = {}  # unit -> the supports it is given
        self.convoyers: dict[int, list[int]] = {}  # army -> the fleets that convoy it
        # Province number -> the moves into it (empty tuple: none); the provinces moved
        # into, in the order first seen.
        self.moves_to: list[list[int] | tuple[()]] = [()] * len(index.names)
        self.targets: list[int] = []
        self.h2h: list[int | None] = [None] * n
        self.paradox: set[int] = set()  # convoyed armies stopped by the paradox rule
        self.held_by_paradox: set[int] = set()  # moves stopped by the all-hold rule
        self.state = [UNRESOLVED] * n
        self.res = [False] * n
        self.deps: list[int] = []
        self._fleets_at_sea: list[int] | None = None  # see _all_fleets_at_sea
        # Supports no order gives: decision n + k is the k-th, (giver, supported unit).
        self.implicit: list[tuple[int, int]] = []
        self.toughness: dict[int, int] = {}  # support decisions harder to cut than by one attack
        self._classify(implicit=not reading_only)

    # -- reading the orders ----------------------------------------------------

    def _set_void(
        self, i: int, reason: Reason, outcome: Outcome = Outcome.VOID, **params: str
    ) -> None:
        """The order has no effect by the rules: the unit holds."""
        self.void[i] = (outcome, reason, params)
        self.kind[i] = HOLD

    def _classify(self, *, implicit: bool = True) -> None:
        # One pass over the units reads every move (from the map's table of readings,
        # see _read_move) and sets the supports and convoys aside: they are read
        # against the moves, so only once all moves are known.
        units, kind, void = self.units, self.kind, self.void
        dest, dest_loc, desti = self.dest, self.dest_loc, self.desti
        index = self.index
        readings = (index.army_moves, index.fleet_moves)
        closed = self.closed
        moves: list[int] = []
        supports: list[tuple[int, Support]] = []
        convoys: list[tuple[int, Convoy]] = []
        for i, order in enumerate(self.given):
            # Holds (and units without orders) stay HOLD.
            if order is None:
                continue  # most units, when one order is checked alone
            t = type(order)
            if t is not Move and t is not Support and t is not Convoy:
                # A variant's own kind of order (a subclass): read as what it is.
                t = (
                    Move
                    if isinstance(order, Move)
                    else Support
                    if isinstance(order, Support)
                    else Convoy
                    if isinstance(order, Convoy)
                    else Hold
                )
            if t is Move:
                assert isinstance(order, Move)
                unit = units[i]
                if closed is not None and closed[i] is not None:
                    if not self._classify_move(i, unit, order):
                        continue
                else:
                    table = readings[unit.kind is FLEET]
                    key = (unit.location, order.dest)
                    reading = table.get(key)
                    if reading is None:
                        reading = _read_move(self.map, unit, order.dest)
                        if order.dest in self.map.location_province:
                            # Kept only for the map's own places, so the table stays as
                            # small as the map however odd the orders a caller makes.
                            table[key] = reading
                    to, to_loc, to_number, verdict = reading
                    if verdict is not None:
                        void[i] = verdict
                        continue
                    kind[i] = MOVE
                    dest[i], dest_loc[i], desti[i] = to, to_loc, to_number
                moves.append(i)
            elif t is Support:
                assert isinstance(order, Support)
                kind[i] = SUPPORT
                supports.append((i, order))
            elif t is Convoy:
                assert isinstance(order, Convoy)
                kind[i] = CONVOY
                convoys.append((i, order))
        # Convoys are matched to the moves; an army's route is then chosen, and
        # an army with no convoy route to a province it cannot walk to holds
        # (DATC 6.D.32). Only then are supports matched, against the moves as
        # finally read.
        geo = self.map
        for i, convoy in convoys:
            self._classify_convoy(i, units[i], convoy)
        convoyers, army, srci = self.convoyers, index.army, self.srci
        for i in moves:
            # An army that walks to a neighbour and that no fleet offers to carry goes
            # over land: nothing to choose (most moves).
            if units[i].kind is ARMY and (i in convoyers or not army[srci[i]] >> desti[i] & 1):
                self._choose_route(i)
        for i, support in supports:
            self._classify_support(i, units[i], support, geo)
        occ, via = self.occ, self.via
        moves_to, targets = self.moves_to, self.targets
        for i in moves:
            if kind[i] != MOVE:
                continue
            d = desti[i]
            into = moves_to[d]
            if into:
                into.append(i)
            else:
                moves_to[d] = [i]
                targets.append(d)
            if not via[i]:
                j = occ[d]
                if j >= 0 and kind[j] == MOVE and not via[j] and desti[j] == srci[i]:
                    self.h2h[i] = j
        for i, support in supports:
            if kind[i] == SUPPORT:
                self.supports.setdefault(self.at[support.supported.province], []).append(i)
        if implicit:
            self._classify_implicit(geo)

    def _classify_implicit(self, geo: GameMap) -> None:
        """The supports the variant gives without orders, matched to what the supported
        units do as read above, and how hard each support is to cut (standard: nothing)."""
        variant = self.variant
        pairs = variant.implicit_supports(self.position, self.orders)
        tough = getattr(variant.support_toughness, "__func__", None) is not (
            Variant.support_toughness
        )
        if not pairs and not tough:
            return
        units, position = self.units, self.position
        if tough:
            for j, givers in self.supports.items():
                for s in givers:
                    needed = variant.support_toughness(units[s], units[j], position)
                    if needed > 1:
                        self.toughness[s] = needed
        at = self.at
        for giver_at, taker_at in pairs:
            u = at.get(giver_at)
            taker = at.get(taker_at)
            if u is None or taker is None or u == taker:
                continue
            j = taker
            unit = units[u]
            moving = self.kind[j] == MOVE
            aim = self.dest[j] if moving else self.src[j]
            closed = self.closed[u] if self.closed is not None else None
            own = closed.map if closed is not None else geo
            if aim == unit.province or not own.reaches(unit.kind, unit.location, aim):
                continue  # it could not give that support by an order either
            d = len(self.kind)
            self.kind.append(SUPPORT)
            self.state.append(UNRESOLVED)
            self.res.append(False)
            self.power.append(self.power[u])
            self.sup_strength.append(self.sup_strength[u])
            self.sup_exempt.append(self.desti[j] if moving else -1)
            self.implicit.append((u, j))
            self.supports.setdefault(j, []).append(d)
            if tough:
                needed = variant.support_toughness(unit, units[j], position)
                if needed > 1:
                    self.toughness[d] = needed

    def _through_closed(self, i: int, unit: Unit, geo: GameMap, dest: str) -> bool:
        """Would ``unit`` reach ``dest`` only through a passage closed to it? Then its
        order is void, for the variant's reason."""
        closed = self.closed[i] if self.closed is not None else None
        if closed is None or closed.map.reaches(unit.kind, unit.location, dest):
            return False
        if not geo.reaches(unit.kind, unit.location, dest):
            return False  # no passage at all: the core says why
        self._set_void(i, closed.reason, unit=_fmt(unit), dest=dest)
        return True

    def _classify_move(self, i: int, unit: Unit, order: Move) -> bool:
        """Read a move of a unit some passages are closed to; False (and the unit holds)
        if the rules make it void. Its reading is its own: not the map's table's."""
        geo = self.map
        to = geo.location_province.get(order.dest) or province_of(order.dest)
        if to != unit.province and not order.via_convoy and self._through_closed(i, unit, geo, to):
            return False
        to, to_loc, to_number, verdict = _read_move(geo, unit, order.dest)
        if verdict is not None:
            self.void[i] = verdict
            return False
        self.kind[i] = MOVE
        self.dest[i], self.dest_loc[i], self.desti[i] = to, to_loc, to_number
        return True

    def _classify_support(self, i: int, unit: Unit, order: Support, geo: GameMap) -> None:
        target = self.at.get(order.supported.province)
        if target is None:
            self._set_void(i, Reason.NO_SUPPORTED_UNIT, location=order.supported.province)
            return
        if target == i:
            self._set_void(i, Reason.SUPPORT_SELF)
            return
        if order.dest is None:
            aim = self.src[target]
        else:
            aim = geo.location_province.get(order.dest) or province_of(order.dest)
        if self.closed is not None and self._through_closed(i, unit, geo, aim):
            return
        index = self.index
        reach = index.fleet_reach if unit.kind is FLEET else index.army_reach
        key = (unit.location, aim)
        aimi = reach.get(key)
        if aimi is None:
            reaches = aim != unit.province and geo.reaches(unit.kind, unit.location, aim)
            aimi = index.number[aim] if reaches else -1
            if aim in geo.provinces:  # the map's own places only: the table stays small
                reach[key] = aimi
        if aimi < 0:
            self._set_void(i, Reason.SUPPORT_UNREACHABLE, unit=_fmt(unit), dest=aim)
            return
        if order.dest is None:
            if self.kind[target] == MOVE:
                self._set_void(
                    i,
                    Reason.SUPPORT_NOT_MATCHED,
                    supported=_fmt(self.units[target]),
                )
                return
        else:
            matched = self.kind[target] == MOVE and self.dest[target] == aim
            if matched and "/" in order.dest and self.units[target].kind is UnitKind.FLEET:
                # A support naming a coast supports only a move to that coast.
                matched = self.dest_loc[target] == order.dest
            if not matched:
                self._set_void(
                    i,
                    Reason.SUPPORT_NOT_MATCHED,
                    supported=_fmt(self.units[target]),
                    dest=aim,
                )
                return
            self.sup_exempt[i] = aimi

    def _classify_convoy(self, i: int, unit: Unit, order: Convoy) -> None:
        if not (unit.kind is FLEET and unit.province in self.map.convoy_provinces):
            self._set_void(i, Reason.CONVOY_NOT_AT_SEA)
            return
        army = self.at.get(order.army.province)
        if army is None or self.units[army].kind is not UnitKind.ARMY:
            self._set_void(i, Reason.CONVOY_NO_ARMY, location=order.army.province)
            return
        dest = province_of(order.dest)
        if dest in self.map.closed:
            # No army may be carried where none may move: the convoy is void as its
            # army's move is, and for the same reason.
            self._set_void(i, Reason.CANNOT_ENTER, unit=_fmt(self.units[army]), dest=dest)
            return
        if not self.map.could_carry(unit.province, order.army.province, dest):
            self._set_void(
                i,
                Reason.CONVOY_OFF_ROUTE,
                unit=_fmt(unit),
                source=order.army.province,
                dest=dest,
            )
            return
        if self.kind[army] != MOVE or self.dest[army] != dest:
            self._set_void(
                i,
                Reason.CONVOY_NOT_MATCHED,
                army=_fmt(self.units[army]),
                dest=dest,
            )
            return
        self.convoyers.setdefault(army, []).append(i)

    def _choose_route(self, i: int) -> None:
        """Decide whether an army's move goes by convoy (the 2000 rulebook's intent rule)."""
        unit = self.units[i]
        fleets = self.convoyers.get(i, [])
        self.route_ordered[i] = bool(fleets) and self._route(i, fleets)
        adjacent = self.index.army[self.srci[i]] >> self.desti[i] & 1
        if not adjacent:
            if not self.route_ordered[i] and not self._route(i, self._all_fleets_at_sea()):
                # Not even the fleets on the board could carry it: the order is
                # illegal and the army holds (DATC 6.D.32). With such fleets the
                # move is legal but fails, and cannot be supported to hold (6.D.8).
                self._set_void(
                    i,
                    Reason.NO_POSSIBLE_CONVOY,
                    Outcome.NO_CONVOY,
                    source=self.src[i],
                    dest=self.dest[i],
                )
                return
            self.via[i] = True
            return
        if not self.route_ordered[i]:
            return  # over land, whatever the order said (DATC 6.G.8)
        order = self.given[i]
        explicit = isinstance(order, Move) and order.via_convoy
        own_fleet = any(self.power[c] == self.power[i] for c in fleets)
        self.via[i] = explicit or own_fleet
        if not self.via[i]:
            # Foreign fleets offered a convoy the army did not ask for.
            self.convoyers[i] = []
            for c in fleets:
                self._set_void(c, Reason.CONVOY_NOT_USED, army=_fmt(unit))

    def _all_fleets_at_sea(self) -> list[int]:
        """Every fleet on the board that may convoy (worked out once: several armies ask)."""
        if self._fleets_at_sea is None:
            convoying = self.map.convoy_provinces
            self._fleets_at_sea = [
                k for k, u in enumerate(self.units) if u.kind is FLEET and u.province in convoying
            ]
        return self._fleets_at_sea

    def _route(self, i: int, fleets: Sequence[int]) -> bool:
        """Is there a chain of the given fleets from the army to its destination?"""
        neighbours = self.index.fleet
        srci = self.srci
        goal = 1 << self.desti[i]
        seas = 0
        for c in fleets:
            seas |= 1 << srci[c]
        # Fleet edges go both ways: the seas next to the army are those it touches.
        reached = seas & neighbours[srci[i]]
        frontier = reached
        while frontier:
            low = frontier & -frontier
            frontier ^= low
            adj = neighbours[low.bit_length() - 1]
            if adj & goal:
                return True
            farther = adj & seas & ~reached
            reached |= farther
            frontier |= farther
        return False

    # -- the decisions -----------------------------------------------------------

    def resolve(self, i: int) -> bool:
        state = self.state[i]
        if state == RESOLVED:
            return self.res[i]
        if state == GUESSING:
            # Every read of a guess is recorded, even a repeated one: an order
            # that read a guess must not be settled as if it had not.
            self.deps.append(i)
            return self.res[i]
        old = len(self.deps)
        self.res[i] = False
        self.state[i] = GUESSING
        first = self.adjudicate(i)
        if len(self.deps) == old:
            # Nothing depended on a guess: the answer is final.
            if self.state[i] != RESOLVED:
                self.res[i] = first
                self.state[i] = RESOLVED
            return self.res[i]
        if self.deps[old] != i:
            # Part of a cycle whose first member is further up: keep the guess going.
            self.deps.append(i)
            self.res[i] = first
            return first
        # This order opened the cycle: try the other guess.
        for k in self.deps[old:]:
            self.state[k] = UNRESOLVED
        del self.deps[old:]
        self.res[i] = True
        self.state[i] = GUESSING
        second = self.adjudicate(i)
        if first == second:
            for k in self.deps[old:]:
                self.state[k] = UNRESOLVED
            del self.deps[old:]
            self.res[i] = first
            self.state[i] = RESOLVED
            return first
        # Two answers, or none: a circular movement or a paradox.
        cycle = list(dict.fromkeys([i, *self.deps[old:]]))
        del self.deps[old:]
        self._backup(cycle)
        return self.resolve(i)

    def _backup(self, cycle: list[int]) -> None:
        convoys = [k for k in cycle if self.kind[k] == CONVOY]
        tough = [k for k in cycle if k in self.toughness] if self.toughness else []
        if tough and not convoys:
            # Supports hard to cut that cut one another in a circle: they stand, and
            # the rest of the circle is decided again.
            for k in cycle:
                self.state[k] = UNRESOLVED
            for k in tough:
                self.state[k] = RESOLVED
                self.res[k] = True
            return
        if not convoys:
            # Circular movement: every move in the circle succeeds.
            for k in cycle:
                if self.kind[k] == MOVE:
                    self.state[k] = RESOLVED
                    self.res[k] = True
                else:
                    self.state[k] = UNRESOLVED
            return
        armies = set()
        for c in convoys:
            order = self.given[c]
            assert isinstance(order, Convoy)
            armies.add(self.at[order.army.province])
        self.paradox.update(armies)
        for k in cycle:
            self.state[k] = UNRESOLVED
        if self.variant.paradox_rule is ParadoxRule.ALL_HOLD:
            for k in cycle:
                if self.kind[k] == MOVE:
                    self.state[k] = RESOLVED
                    self.res[k] = False
                    self.held_by_paradox.add(k)
        for a in armies:
            self.state[a] = RESOLVED
            self.res[a] = False

    def adjudicate(self, i: int) -> bool:
        kind = self.kind[i]
        if kind == MOVE:
            return self._move_succeeds(i)
        if kind == SUPPORT:
            return self._support_given(i) if i < self.n else self._implicit_given(i)
        return not self._dislodged(i)

    def _dislodged(self, i: int) -> bool:
        # A plain loop, not any(): a generator per call costs more than the decision.
        for k in self.moves_to[self.srci[i]]:  # noqa: SIM110
            if self.resolve(k):
                return True
        return False

    def _move_succeeds(self, i: int) -> bool:
        if self.via[i] and not self.path(i):
            return False
        attack = self.attack_strength(i)
        j = self.h2h[i]
        if j is not None:
            if attack <= self.defend_strength(j):
                return False
        elif attack <= self.hold_strength(self.desti[i]):
            return False
        for k in self.moves_to[self.desti[i]]:
            if k != i and attack <= self.prevent_strength(k):
                return False
        return True

    def _support_given(self, i: int) -> bool:
        if self.toughness and i in self.toughness:
            return not self._cut(i, self.srci[i], self.toughness[i]) and not self._dislodged(i)
        exempt = self.sup_exempt[i]
        power = self.power[i]
        srci = self.srci
        for k in self.moves_to[srci[i]]:
            if self.power[k] == power or srci[k] == exempt:
                continue
            if self.via[k] and not self.path(k):
                continue
            return False  # cut
        return not self._dislodged(i)

    def _implicit_given(self, d: int) -> bool:
        """Is the support no order gave (decision ``d``) given? Cut as an ordered one is
        (by its toughness); lost if its giver is dislodged (a giver that moved away is not)."""
        u = self.implicit[d - self.n][0]
        if self._cut(d, self.srci[u], self.toughness.get(d, 1)):
            return False
        if not self._dislodged(u):
            return True
        return self.kind[u] == MOVE and self.resolve(u)

    def _cutters(self, s: int, province: int) -> list[int]:
        """The moves that attack support ``s`` given from ``province``: another power's,
        not from where the support is aimed, a convoyed one only if its convoy gets there."""
        exempt = self.sup_exempt[s]
        power = self.power[s]
        return [
            k
            for k in self.moves_to[province]
            if self.power[k] != power
            and self.srci[k] != exempt
            and not (self.via[k] and not self.path(k))
        ]

    def _cut(self, s: int, province: int, needed: int) -> bool:
        """Is support ``s`` cut: by one attack (``needed`` 1), or by attacks from
        ``needed`` provinces, or one attack of strength ``needed`` or more?"""
        attackers = self._cutters(s, province)
        if len(attackers) >= needed:
            return True
        return any(self.attack_strength(k) >= needed for k in attackers)

    def _given_support(self, i: int, exclude_power: str | None = None) -> int:
        total = 0
        for s in self.supports.get(i, ()):
            if self.power[s] != exclude_power and self.resolve(s):
                total += self.sup_strength[s]
        return total

    def path(self, i: int) -> bool:
        if i in self.paradox or not self.route_ordered[i]:
            return False
        fleets = [c for c in self.convoyers.get(i, ()) if self.resolve(c)]
        return bool(fleets) and self._route(i, fleets)

    def attack_strength(self, i: int) -> int:
        if self.via[i] and not self.path(i):
            return 0
        j = self.occ[self.desti[i]]
        if j < 0 or (self.kind[j] == MOVE and self.h2h[i] != j and self.resolve(j)):
            return self.strength[i] + self._given_support(i)
        if self.power[j] == self.power[i]:
            return 0
        return self.strength[i] + self._given_support(i, self.power[j])

    def defend_strength(self, i: int) -> int:
        return self.strength[i] + self._given_support(i)

    def hold_strength(self, province: int) -> int:
        # Nothing holds an empty province, or one its unit leaves: -1, below any attack, so
        # that a unit of strength 0 (Rather Silly's Amazons) still enters it. For units of
        # strength 1 and more, -1 and the rulebook's 0 decide alike.
        j = self.occ[province]
        if j < 0:
            return -1
        if self.kind[j] == MOVE:
            return -1 if self.resolve(j) else self.strength[j]
        return self.strength[j] + self._given_support(j)

    def prevent_strength(self, k: int) -> int:
        if self.via[k] and not self.path(k):
            return 0
        j = self.h2h[k]
        if j is not None and self.resolve(j):
            return 0
        return self.strength[k] + self._given_support(k)

    # -- the answer ------------------------------------------------------------

    def _settle_unopposed(self) -> None:
        """Make at once the decisions nothing can change, without the guessing above (about
        half of a phase's): a unit no move enters stays, so its hold or convoy stands
        and its support, uncut, is given; a move over land, the only one into an empty
        province, succeeds (any strength, even 0, beats nobody). None of them reads
        another decision, so none can be part of a cycle: deciding them first changes
        no answer."""
        moves_to, srci, kind, desti = self.moves_to, self.srci, self.kind, self.desti
        occ, via, strength, state, res = self.occ, self.via, self.strength, self.state, self.res
        for i in range(self.n):
            if kind[i] == MOVE:
                d = desti[i]
                if occ[d] >= 0 or via[i] or len(moves_to[d]) != 1 or strength[i] < 0:
                    continue
            elif moves_to[srci[i]]:
                continue
            state[i] = RESOLVED
            res[i] = True

    def run(self) -> MovementResult:
        n = self.n
        state = self.state
        self._settle_unopposed()
        for i in range(len(state)):  # the units' orders, then the supports no order gave
            if state[i] != RESOLVED:
                self.resolve(i)
        units = self.units
        res = self.res
        moved: set[int] = set()
        dislodger: dict[int, int] = {}
        moves_to, targets, occ, kind = self.moves_to, self.targets, self.occ, self.kind
        for target in targets:
            there = occ[target]
            for i in moves_to[target]:
                if res[i]:
                    moved.add(i)
                    if there >= 0 and not (kind[there] == MOVE and res[there]):
                        dislodger[there] = i
        # The units that stayed, in their order, then those that moved (sorting the
        # position's units again is quick when they are in two ordered runs like this).
        after = [u for i, u in enumerate(units) if i not in dislodger and i not in moved]
        after.extend(moved_unit(units[i], self.dest_loc[i], self.dest[i]) for i in sorted(moved))
        occupied = {u.province for u in after}
        standoffs: set[str] = set()
        names = self.index.names
        for target in targets:
            province = names[target]
            if province in occupied:
                continue
            for k in moves_to[target]:
                if res[k] or (self.via[k] and not self.path(k)):
                    continue
                j = self.h2h[k]
                if j is not None and res[j]:
                    continue
                standoffs.add(province)
        dislodged: list[DislodgedUnit] = []
        retreat_options: dict[int, tuple[str, ...]] = {}
        for j, i in sorted(dislodger.items()):
            attacker_from = None if self.via[i] else self.src[i]
            options = retreats_for(
                self.map, units[j], attacker_from, occupied, frozenset(standoffs)
            )
            retreat_options[j] = options
            if options:
                dislodged.append(DislodgedUnit(units[j], attacker_from, options))
        implicit = [self._implicit_result(n + k, moved) for k in range(len(self.implicit))]
        return MovementResult(
            units=tuple(after),
            dislodged=tuple(sorted(dislodged, key=lambda d: (d.unit.power, d.unit.location))),
            standoffs=frozenset(standoffs),
            results=lambda: self._results(dislodger, retreat_options),
            implicit=tuple(implicit),
        )

    def _results(
        self, dislodger: dict[int, int], retreat_options: dict[int, tuple[str, ...]]
    ) -> tuple[OrderResult, ...]:
        """Every unit's result, in the order of the position's units. Asked once every
        decision is made (by :meth:`run`), so reading them later changes nothing."""
        units, res, kind = self.units, self.res, self.kind
        results: list[OrderResult] = []
        power, given, void = self.power, self.given, self.void
        for i in range(self.n):
            order = given[i]
            if order is None:
                u = units[i]
                order = Hold(UnitRef(u.kind, u.location))
            if i in dislodger or void[i] is not None or (not res[i] and kind[i] in _FALLIBLE):
                results.append(self._result(i, order, dislodger, retreat_options))
            else:
                # Most orders simply succeed (a hold or convoy not dislodged counts too).
                results.append(ok_result(power[i], order))
        return tuple(results)

    def voids(self) -> tuple[OrderResult, ...]:
        """The results of the orders read as void, worded as :meth:`run` words them for
        units nobody dislodges (see :func:`movement_voids`)."""
        given, void = self.given, self.void
        return tuple(
            self._result(i, order, {}, {})
            for i, order in enumerate(given)
            if order is not None and void[i] is not None
        )

    def _implicit_result(self, d: int, moved: set[int]) -> OrderResult:
        """The result of a support no order gave: given, or cut (by an attack, or by the
        move that dislodged its giver), named as the order that would have given it."""
        u, j = self.implicit[d - self.n]
        giver, taker = self.units[u], self.units[j]
        order = Support(
            UnitRef(giver.kind, giver.location),
            UnitRef(taker.kind, taker.location),
            self.dest[j] if self.kind[j] == MOVE else None,
        )
        if self.resolve(d):
            return make_result(self.power[d], order, OK, Reason.IMPLICIT_SUPPORT)
        province = self.srci[u]
        cutters = self._cutters(d, province) or [k for k in self.moves_to[province] if k in moved]
        cutter = _fmt(self.units[cutters[0]])
        return make_result(self.power[d], order, Outcome.CUT, Reason.SUPPORT_CUT, other=cutter)

    def _result(
        self,
        i: int,
        order: MovementOrder,
        dislodger: dict[int, int],
        retreat_options: dict[int, tuple[str, ...]],
    ) -> OrderResult:
        """The result of an order that did not simply succeed."""
        power = self.power[i]
        if i in dislodger:
            k = dislodger[i]
            other = f"{_fmt(self.units[k])}"
            against = (
                self.defend_strength(i) if self.h2h[k] == i else self.hold_strength(self.srci[i])
            )
            if not retreat_options[i]:
                return make_result(power, order, Outcome.DISLODGED, Reason.DESTROYED, other=other)
            return make_result(
                power,
                order,
                Outcome.DISLODGED,
                Reason.DISLODGED_BY,
                other=other,
                source=self.src[k],
                strength=self.attack_strength(k),
                other_strength=against,
            )
        void = self.void[i]
        if void is not None:
            outcome, reason, params = void
            return make_result(power, order, outcome, reason, **params)
        kind = self.kind[i]
        if kind == MOVE and not self.res[i]:
            return self._failed_move(i, power, order)
        if kind == SUPPORT and not self.res[i]:
            cutter = next(
                k
                for k in self.moves_to[self.srci[i]]
                if self.power[k] != power
                and self.srci[k] != self.sup_exempt[i]
                and not (self.via[k] and not self.path(k))
            )
            return make_result(
                power, order, Outcome.CUT, Reason.SUPPORT_CUT, other=_fmt(self.units[cutter])
            )
        return OrderResult(power, order, OK)

    def _failed_move(self, i: int, power: str, order: MovementOrder) -> OrderResult:
        if self.via[i] and not self.path(i):
            if i in self.paradox:
                return make_result(power, order, Outcome.DISRUPTED, Reason.CONVOY_PARADOX)
            if self.route_ordered[i]:
                lost = [_fmt(self.units[c]) for c in self.convoyers.get(i, ()) if not self.res[c]]
                if not lost:  # the words say "the convoy" (see Reason.CONVOY_DISRUPTED)
                    return make_result(power, order, Outcome.DISRUPTED, Reason.CONVOY_DISRUPTED)
                return make_result(
                    power, order, Outcome.DISRUPTED, Reason.CONVOY_DISRUPTED, fleets=", ".join(lost)
                )
            return make_result(
                power,
                order,
                Outcome.NO_CONVOY,
                Reason.NO_CONVOY_ROUTE,
                source=self.src[i],
                dest=self.dest[i],
            )
        if i in self.held_by_paradox:
            return make_result(power, order, Outcome.BOUNCE, Reason.PARADOX_HOLD)
        attack = self.attack_strength(i)
        j = self.h2h[i]
        if j is not None:
            defend = self.defend_strength(j)
            if attack <= defend:
                if self.power[j] == power and attack == 0:
                    return make_result(
                        power, order, Outcome.BOUNCE, Reason.OWN_UNIT, other=_fmt(self.units[j])
                    )
                return make_result(
                    power,
                    order,
                    Outcome.BOUNCE,
                    Reason.LOST_HEAD_TO_HEAD,
                    other=_fmt(self.units[j]),
                    strength=attack,
                    other_strength=defend,
                )
        else:
            hold = self.hold_strength(self.desti[i])
            if attack <= hold:
                occupant = self.occ[self.desti[i]]
                if self.power[occupant] == power and attack == 0:
                    return make_result(
                        power,
                        order,
                        Outcome.BOUNCE,
                        Reason.OWN_UNIT,
                        other=_fmt(self.units[occupant]),
                    )
                return make_result(
                    power,
                    order,
                    Outcome.BOUNCE,
                    Reason.BOUNCED_OFF,
                    other=_fmt(self.units[occupant]),
                    strength=attack,
                    other_strength=hold,
                )
        # Name the strongest rival; among equals the first by location, so the words do
        # not depend on the order the units were listed in.
        k = -1
        strongest = -1
        where = ""
        for rival in self.moves_to[self.desti[i]]:
            if rival == i:
                continue
            strength = self.prevent_strength(rival)
            location = self.units[rival].location
            if strength > strongest or (strength == strongest and location < where):
                k, strongest, where = rival, strength, location
        if k < 0:  # the rules above leave no other cause; say so plainly if one appears
            return make_result(power, order, Outcome.BOUNCE, Reason.MOVE_FAILED)
        return make_result(
            power,
            order,
            Outcome.BOUNCE,
            Reason.BOUNCED,
            other=_fmt(self.units[k]),
            strength=attack,
            other_strength=strongest,
        )


def retreats_for(
    geo: GameMap,
    unit: Unit,
    attacker_from: str | None,
    occupied: set[str] | frozenset[str],
    standoffs: frozenset[str],
) -> tuple[str, ...]:
    """Where a dislodged unit may retreat: adjacent, vacant, not the attacker's
    province (unless it came by convoy) and not left empty by a standoff."""
    if unit.kind is UnitKind.ARMY:
        candidates = [p for p in geo.army_neighbours(unit.province) if geo.provinces[p].is_land]
    else:
        candidates = list(geo.fleet_neighbours(unit.location))
    return tuple(
        sorted(
            loc
            for loc in candidates
            if province_of(loc) not in occupied
            and province_of(loc) not in geo.closed
            and province_of(loc) not in standoffs
            and province_of(loc) != attacker_from
        )
    )
