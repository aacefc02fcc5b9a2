"""Rather Silly's Siamese twins ("Siamesische Zwillinge"), as functions the variant's
hooks call (:class:`~adjudicator.variants.rather_silly.rules.RatherSilly`).

Once a game, instead of one normal build, a great power builds a pair of units in two
adjacent provinces: ``twins A par F bre`` in an adjustment phase (the first in a free home
center it may build in, the second on a free province next to it where that kind may
stand, a fleet on a named coast where the province has them). The pair takes one build and
counts as one unit for supply.

- Each season a twin's order, if legal, is joined by a support its twin gives without an
  order (:meth:`Variant.implicit_supports`): the twin's move if it moves, its hold
  otherwise, where the other could give that support by an order (it reaches the
  province). So twins supporting each other to hold have two supports each.
- If either twin's order is illegal (unreadable, for the wrong kind of unit, or void by the
  rules, as :func:`~adjudicator.check_order` would refuse it), both hold and give each
  other nothing (their orders are set aside as the season's orders come into force).
- A support between twins, ordered or not, is cut only by attacks from two provinces or by
  one attack of strength 2 or more (:meth:`Variant.support_toughness`); "a second attack"
  means a move into the twin's province from a second province, by any unit of another
  power than the twin's (not from where the support is aimed, a convoyed one only if its
  convoy gets through), whatever its strength. A twin's support of a third unit is cut by
  one attack, as any support is.
- Twins no longer next to each other after a movement's moves (and the steps after them)
  or after a retreat, or one of them gone (destroyed, disbanded, eaten, blown up, merged),
  both die at once.

Kept in the position's extras: ``"twins"``, power -> ``[first, second]``, the locations of
its pair (one pair a power); ``"twins_built"``, the sorted powers that have built theirs
(once a game, whatever became of them). Adjacency is the Borg's graph: any army's or
fleet's edge, coasts merged, with the Mont Blanc tunnel (never the hyperspace link).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, ClassVar

from adjudicator.board import FrozenMap, PhaseKind, Position, Unit, UnitKind, province_of
from adjudicator.errors import ParseError
from adjudicator.maps import GameMap, Terrain
from adjudicator.orders import (
    Build,
    Convoy,
    Hold,
    Move,
    MovementOrder,
    Order,
    Retreat,
    Support,
    UnitRef,
    VariantOrder,
)
from adjudicator.resolution import movement_voids
from adjudicator.results import OrderResult, Outcome, Reason
from adjudicator.variants.base import Variant
from adjudicator.variants.common import KeptByIdentity
from adjudicator.variants.rather_silly.birds import flocks
from adjudicator.wording import declare_problem, problem_words

if TYPE_CHECKING:
    from adjudicator.variants.rather_silly.season import SeasonSoFar

#: The extras keys: power -> the locations of its twins; the powers that built theirs.
TWINS = "twins"
TWINS_BUILT = "twins_built"
#: What it takes to cut a support between twins: attacks from two provinces, or one of
#: this strength.
TWINS_TOUGHNESS = 2

TWINS_RAISED = Reason.declare("twins_raised", "{unit} and {other} built as Siamese twins")
TWINS_ONCE = Reason.declare(
    "twins_once", "only a great power builds Siamese twins, and only once a game"
)
TWINS_NO_BUILD = Reason.declare(
    "twins_no_build", "no build left for the Siamese twins (they take one build)"
)
TWINS_SITE = Reason.declare(
    "twins_site",
    "{unit} cannot be a twin there: the first in a free home center, the second on a free "
    "province next to it where it may stand",
)
TWINS_HOLD = Reason.declare(
    "twins_hold", "the order of its Siamese twin {other} was illegal: both twins hold"
)
TWINS_SEPARATED = Reason.declare(
    "twins_separated", "{unit} was separated from its Siamese twin {other}: both died"
)
TWIN_LOST = Reason.declare("twin_lost", "{unit} died with its Siamese twin {other}")
declare_problem("twins_shape", "Siamese twins are built so: twins A par F bre")

#: Void reasons that only say another unit's order did not match: a twin with such an
#: order gave a legal one (as :func:`~adjudicator.check_order` counts).
_MATCHING = frozenset(
    {Reason.SUPPORT_NOT_MATCHED, Reason.CONVOY_NOT_MATCHED, Reason.CONVOY_NOT_USED}
)


@dataclass(frozen=True, slots=True)
class Twins(VariantOrder):
    """Build Siamese twins at the adjustments: ``twins A par F bre`` (the first unit in a
    free home center, the second next to it)."""

    replaces: ClassVar[str] = "season"  # once a game

    first: UnitRef
    second: UnitRef
    phase_kinds = frozenset({PhaseKind.ADJUSTMENTS})

    @classmethod
    def read(
        cls, text: str, game_map: GameMap, position: Position | None, power: str | None
    ) -> Twins | None:
        words = text.split()
        if not words or words[0].lower() != "twins":
            return None
        if len(words) != 5:
            raise ParseError(problem_words("twins_shape", {}, game_map), text, "twins_shape")
        return cls(
            _unit(words[1], words[2], text, game_map), _unit(words[3], words[4], text, game_map)
        )

    def __str__(self) -> str:
        return f"twins {self.first} {self.second}"

    @property
    def where(self) -> str:
        return self.first.province


@dataclass(frozen=True, slots=True)
class TwinHold(Hold):
    """A twin's hold put in force when its or its twin's order was illegal: no support
    passes between the twins this season (written as any hold)."""


def _unit(kind: str, where: str, text: str, game_map: GameMap) -> UnitRef:
    if kind.upper() not in ("A", "F"):
        raise ParseError(problem_words("twins_shape", {}, game_map), text, "twins_shape")
    location = game_map.lookup(where)
    if location is None:
        raise ParseError(
            problem_words("unknown_province", {"token": where}, game_map),
            text,
            "unknown_province",
            {"token": where},
        )
    unit_kind = UnitKind(kind.upper())
    if unit_kind is UnitKind.ARMY:
        location = province_of(location)  # coasts mean nothing to an army
    return UnitRef(unit_kind, location)


def _text(unit: Unit | UnitRef) -> str:
    return f"{unit.kind.value} {unit.location}"


# -- who the twins are ------------------------------------------------------------------------


def twin_pairs(position: Position) -> dict[str, tuple[str, str]]:
    """Each power's twins, by their locations (as kept in ``extras.twins``)."""
    return dict(_pairs_of(position))


def _pairs_of(position: Position) -> Mapping[str, tuple[str, str]]:
    """:func:`twin_pairs`, not to be changed: read once for the kept value (asked of a
    phase's positions some twenty times, each support given a twin), which the positions
    after share while it is unchanged."""
    kept = position.extras.get(TWINS)
    if not kept:
        return _NO_PAIRS
    pairs = _PAIRS.get(kept)
    if pairs is None:
        pairs = _PAIRS.keep(
            kept,
            {str(p): (str(locs[0]), str(locs[1])) for p, locs in kept.items() if len(locs) == 2},
        )
    return pairs


_NO_PAIRS: Mapping[str, tuple[str, str]] = FrozenMap()


_PAIRS: KeptByIdentity[Mapping[str, Sequence[str]], dict[str, tuple[str, str]]] = KeptByIdentity(64)


def _with_pairs(position: Position, pairs: Mapping[str, tuple[str, str]]) -> Position:
    extras = _pairs_extras(position, pairs)
    return position if extras is None else position.with_changes(extras=extras)


def _pairs_extras(
    position: Position, pairs: Mapping[str, tuple[str, str]]
) -> dict[str, Any] | None:
    """The extras keeping ``pairs``; None if the position keeps them already."""
    # The pairs alone are compared, as the position keeps them (tuples: a list is never
    # equal to one, and a new position was made every season the twins lived).
    kept = position.extras.get(TWINS)
    if pairs:
        if kept == {p: tuple(locs) for p, locs in pairs.items()}:
            return None
    elif TWINS not in position.extras:
        return None
    extras = {k: v for k, v in position.extras.items() if k != TWINS}
    if pairs:
        extras[TWINS] = {p: list(locs) for p, locs in sorted(pairs.items())}
    return extras


def _standing(position: Position, power: str, location: str) -> Unit | None:
    unit = position.unit_in(province_of(location))
    return unit if unit is not None and unit.power == power else None


def twins_counted(position: Position, power: str) -> int:
    """How many units fewer ``power`` has for supply: 1 while its twins stand (the pair
    counts as one unit), else 0."""
    pair = _pairs_of(position).get(power)
    if pair is None or any(_standing(position, power, loc) is None for loc in pair):
        return 0
    return 1


def adjacent(graph: Mapping[str, frozenset[str]], a: str, b: str) -> bool:
    """Are the provinces of locations ``a`` and ``b`` next to each other?"""
    return province_of(b) in graph.get(province_of(a), frozenset())


# -- the movement: both hold, or each supports the other ------------------------------------------


def twin_supports(position: Position, orders: Mapping[str, Order]) -> tuple[tuple[str, str], ...]:
    """Each twin supports the other (``(supporter, supported)`` provinces), unless their
    orders were set aside as illegal (:class:`TwinHold`)."""
    out: list[tuple[str, str]] = []
    for power, (a, b) in sorted(_pairs_of(position).items()):
        first, second = _standing(position, power, a), _standing(position, power, b)
        if first is None or second is None:
            continue
        if isinstance(orders.get(first.province), TwinHold) or isinstance(
            orders.get(second.province), TwinHold
        ):
            continue
        out.extend(((second.province, first.province), (first.province, second.province)))
    return tuple(out)


def twin_toughness(position: Position, supporter: Unit, supported: Unit) -> int:
    """A support between twins takes two attacks (or one of strength 2) to cut."""
    if supporter.power != supported.power:
        return 1
    pair = _pairs_of(position).get(supporter.power)
    if pair is not None and {supporter.location, supported.location} == set(pair):
        return TWINS_TOUGHNESS
    return 1


def twins_held(
    variant: Variant, position: Position, given: dict[str, list[Order | str]]
) -> tuple[dict[str, list[Order | str]], list[OrderResult]]:
    """The orders in force (the last step of :meth:`Variant.orders_in_force`): where a
    twin's order is illegal, both twins hold (:class:`TwinHold`); the illegal order is
    reported as the core would, the other twin's order as set aside (``twins_hold``)."""
    pairs = [
        pair
        for power, (a, b) in sorted(_pairs_of(position).items())
        if power in given and (pair := _ordered_pair(variant, position, given, power, a, b))
    ]
    problems = _problems(variant, position, pairs)
    results: list[OrderResult] = []
    for pair in pairs:
        power, by_province, latest = pair.power, pair.by_province, pair.latest
        if not pair.illegal and not problems.keys() & latest.keys():
            continue
        taken = {id(raw) for raw, _ in (*latest.values(), *pair.earlier)}
        kept: list[Order | str] = [raw for raw in given[power] if id(raw) not in taken]
        for raw, _order in pair.earlier:
            results.append(OrderResult(power, raw, Outcome.ILLEGAL, Reason.REPLACED))
        for province, (raw, _order) in latest.items():
            if province in problems:
                results.append(problems[province])
                continue
            other = next(u for p, u in by_province.items() if p != province)
            results.append(
                OrderResult(
                    power, raw, Outcome.VOID, TWINS_HOLD, FrozenMap({"other": _text(other)})
                )
            )
        kept.extend(TwinHold(UnitRef(u.kind, u.location)) for u in by_province.values())
        given = {**given, power: kept}
    return given, results


@dataclass(frozen=True, slots=True)
class _OrderedPair:
    """A power's twins standing, as its orders name them: each twin's order in force (the
    text as given, the order read), the earlier orders a later one replaced, and whether
    an order for one of them could not be read or names the wrong kind of unit."""

    power: str
    by_province: dict[str, Unit]
    latest: dict[str, tuple[Order | str, MovementOrder]]
    earlier: list[tuple[Order | str, MovementOrder]]
    illegal: bool


def _ordered_pair(
    variant: Variant,
    position: Position,
    given: Mapping[str, Sequence[Order | str]],
    power: str,
    a: str,
    b: str,
) -> _OrderedPair | None:
    twins = [_standing(position, power, a), _standing(position, power, b)]
    if twins[0] is None or twins[1] is None:
        return None
    by_province = {u.province: u for u in twins if u is not None}
    illegal = False
    latest: dict[str, tuple[Order | str, MovementOrder]] = {}
    earlier: list[tuple[Order | str, MovementOrder]] = []
    for raw in given[power]:
        order = _read(variant, raw, position, power)
        if order is None:
            illegal = illegal or _names_twin(variant.map, raw, by_province)
            continue
        if not isinstance(order, (Hold, Move, Support, Convoy)):
            continue
        unit = by_province.get(order.unit.province)
        if unit is None:
            continue
        if order.unit.kind is not unit.kind:
            illegal = True  # the core says so (wrong_unit_kind); the twin has no order
            continue
        if unit.province in latest:
            earlier.append(latest[unit.province])
        latest[unit.province] = (raw, replace(order, unit=UnitRef(unit.kind, unit.location)))
    return _OrderedPair(power, by_province, latest, earlier, illegal)


def _problems(
    variant: Variant, position: Position, pairs: Sequence[_OrderedPair]
) -> dict[str, OrderResult]:
    """Why each twin's order is illegal alone (as :func:`~adjudicator.check_order` finds
    it: void by the rules as it is read, not merely unmatched), by the twin's province.

    Every twin's order is read in one pass: a verdict of reading is the order's own (a
    move its unit cannot make, a support of no unit, a convoy off the sea), whatever the
    other orders read with it, and only the matching verdicts (left out here) look at
    them. Resolving the season once per twin cost most of a movement phase."""
    # Only the twins' unit orders are kept (:func:`_ordered_pair`): nothing to sort out.
    orders = {province: order for pair in pairs for province, (_raw, order) in pair.latest.items()}
    if not orders:
        return {}
    problems: dict[str, OrderResult] = {}
    for result in movement_voids(position, variant, orders):
        assert isinstance(result.order, (Hold, Move, Support, Convoy))
        if result.reason in _MATCHING:
            continue
        if (
            result.outcome in (Outcome.VOID, Outcome.ILLEGAL)
            or result.reason is Reason.NO_POSSIBLE_CONVOY
        ):
            problems[result.order.unit.province] = result
    return problems


def _read(variant: Variant, raw: Order | str, position: Position, power: str) -> Order | None:
    if not isinstance(raw, str):
        return raw
    try:
        return variant.read_order(raw, position=position, power=power)
    except ParseError:
        return None


def _names_twin(game_map: GameMap, raw: Order | str, twins: Mapping[str, Unit]) -> bool:
    """Does unreadable text begin by naming one of the twins (``A par - xyz``)?"""
    if not isinstance(raw, str):
        return False
    words = raw.split()
    if words and words[0].upper() in ("A", "F"):
        words = words[1:]
    location = game_map.lookup(words[0]) if words else None
    return location is not None and province_of(location) in twins


# -- separated, both die --------------------------------------------------------------------------


def twins_after_moves(season: SeasonSoFar) -> tuple[Position, list[OrderResult]]:
    """After a movement's steps: the twins follow their moves; a pair no longer next to
    each other, or with one twin gone, dies. A dislodged twin is judged after its
    retreat."""
    graph, position, after, moves = (
        season.variant.borg_graph(),
        season.position,
        season.after,
        season.moves,
    )
    pairs = twin_pairs(position)
    if not pairs:
        return after, []
    # The results of the moves are one per unit, in the order of the position's units.
    move_of = {(u.power, u.location): r for u, r in zip(position.units, moves, strict=False)}
    now = {
        power: (
            _moved_to(_as_was(position, power, a), after, move_of),
            _moved_to(_as_was(position, power, b), after, move_of),
        )
        for power, (a, b) in pairs.items()
    }
    return _judged(graph, after, now)


def twins_after_retreats(season: SeasonSoFar) -> tuple[Position, list[OrderResult]]:
    """After a retreat phase: a twin that retreated is where it went, one disbanded is
    gone; then as after the moves."""
    graph, position, after, moves = (
        season.variant.borg_graph(),
        season.position,
        season.after,
        season.moves,
    )
    went = {
        (r.power, r.order.unit.location): r.order.dest
        for r in moves
        if isinstance(r.order, Retreat) and r.outcome is Outcome.OK
    }
    now: dict[str, tuple[Unit, Unit]] = {}
    for power, pair in twin_pairs(position).items():
        was = [_as_was(position, power, loc) for loc in pair]
        now[power] = (
            Unit(power, was[0].kind, went.get((power, was[0].location), was[0].location)),
            Unit(power, was[1].kind, went.get((power, was[1].location), was[1].location)),
        )
    return _judged(graph, after, now) if now else (after, [])


def twins_after_adjustments(season: SeasonSoFar) -> tuple[Position, list[OrderResult]]:
    """After the core's adjustments: a twin disbanded takes the other with it (the pair
    counts as one unit, so one disband is enough)."""
    graph, position, after = season.variant.borg_graph(), season.position, season.after
    now = {
        power: (_as_was(position, power, a), _as_was(position, power, b))
        for power, (a, b) in twin_pairs(position).items()
    }
    return _judged(graph, after, now) if now else (after, [])


def _as_was(position: Position, power: str, location: str) -> Unit:
    """The twin of ``power`` at ``location`` as the phase began (standing or dislodged)."""
    for unit in (*position.units, *(d.unit for d in position.dislodged)):
        if unit.power == power and unit.location == location:
            return unit
    # Not on the board: it is gone already, and says so by its place alone.
    return Unit(power, UnitKind.ARMY, location)


def _moved_to(unit: Unit, after: Position, move_of: Mapping[tuple[str, str], OrderResult]) -> Unit:
    """``unit`` where the movement took it (a coast included); where it was, if it did
    not move. ``move_of``: each unit's result of the moves, by its power and location."""
    r = move_of.get((unit.power, unit.location))
    if r is not None and isinstance(r.order, Move) and r.outcome is Outcome.OK:
        there = _standing(after, unit.power, province_of(r.order.dest))
        return there if there is not None else Unit(unit.power, unit.kind, r.order.dest)
    return unit


def _judged(
    graph: Mapping[str, frozenset[str]], after: Position, now: Mapping[str, tuple[Unit, Unit]]
) -> tuple[Position, list[OrderResult]]:
    """Each pair where it is now: both present and next to each other (or one dislodged,
    still to retreat) it lives on; else whatever is left of it dies."""
    standing = {(u.power, u.location): u for u in after.units}
    dislodged = {(d.unit.power, d.unit.location): d.unit for d in after.dislodged}
    kept: dict[str, tuple[str, str]] = {}
    dead: set[tuple[str, str]] = set()
    results: list[OrderResult] = []
    for power, pair in sorted(now.items()):
        keys = [(power, u.location) for u in pair]
        here = [standing.get(k) or dislodged.get(k) for k in keys]
        if here[0] is not None and here[1] is not None:
            both_standing = keys[0] in standing and keys[1] in standing
            if not both_standing or adjacent(graph, pair[0].location, pair[1].location):
                kept[power] = (pair[0].location, pair[1].location)
                continue
            reason = TWINS_SEPARATED
        else:
            reason = TWIN_LOST
        for unit, other in ((here[0], pair[1]), (here[1], pair[0])):
            if unit is not None:
                results.append(
                    OrderResult(
                        power,
                        "died",
                        Outcome.OK,
                        reason,
                        FrozenMap({"unit": _text(unit), "other": _text(other)}),
                    )
                )
                dead.add((power, unit.location))
    if dead:
        # One new position, the pairs kept with it (not one for each).
        return after.with_changes(
            units=[u for u in after.units if (u.power, u.location) not in dead],
            dislodged=[d for d in after.dislodged if (d.unit.power, d.unit.location) not in dead],
            extras=_pairs_extras(after, kept),
        ), results
    return _with_pairs(after, kept), results


# -- the build --------------------------------------------------------------------------------


def twins_raised(season: SeasonSoFar) -> tuple[Position, list[OrderResult]]:
    """The ``twins`` orders of an adjustment phase, after the core's builds: each great
    power once a game, with a build left over (the pair takes one), the first twin in a
    free home center it may build in, the second on a free province next to it."""
    variant, graph, position, after = (
        season.variant,
        season.variant.borg_graph(),
        season.position,
        season.after,
    )
    results: list[OrderResult] = []
    built = [str(p) for p in position.extras.get(TWINS_BUILT) or ()]
    pairs = twin_pairs(after)
    units = list(after.units)
    for power, order in season.given(Twins):
        now = after.with_changes(units=units)
        # Every player ("einem Spieler nur einmal erlaubt"), a role seat with a build too.
        if power not in variant.adjustment_seats(position) or power in built:
            results.append(OrderResult(power, order, Outcome.VOID, TWINS_ONCE))
            continue
        # The builds already made this winter: units, and flocks of birds (one each).
        made = len(after.units_of(power)) - len(position.units_of(power))
        made += sum(1 for f in flocks(after) if f.power == power) - sum(
            1 for f in flocks(position) if f.power == power
        )
        if variant.adjustment(position, power) - made <= 0:
            results.append(OrderResult(power, order, Outcome.VOID, TWINS_NO_BUILD))
            continue
        problem = twins_site_problem(variant, graph, now, power, order)
        if problem is not None:
            results.append(
                OrderResult(power, order, Outcome.VOID, TWINS_SITE, FrozenMap({"unit": problem}))
            )
            continue
        first = Unit(power, order.first.kind, order.first.location)
        second = Unit(power, order.second.kind, order.second.location)
        units.extend((first, second))
        built.append(power)
        pairs[power] = (first.location, second.location)
        results.append(
            OrderResult(
                power,
                order,
                Outcome.OK,
                TWINS_RAISED,
                FrozenMap({"unit": _text(first), "other": _text(second)}),
            )
        )
    if not results:
        return after, []
    extras = {**after.extras, TWINS_BUILT: sorted(set(built))}
    return _with_pairs(after.with_changes(units=units, extras=extras), pairs), results


def twins_site_problem(
    variant: Variant,
    graph: Mapping[str, frozenset[str]],
    position: Position,
    power: str,
    order: Twins,
) -> str | None:
    """The twin (``A par``) that cannot be built where ``order`` puts it, or None: the
    first needs a free home center ``power`` may build in, the second a free province
    next to it; each must be able to stand there (a fleet on a named coast where the
    province has them)."""
    first, second = order.first, order.second
    if first.province not in variant.build_sites(position, power) or not _stands(
        variant.map, first
    ):
        return str(first)
    if (
        second.province == first.province
        or not adjacent(graph, first.location, second.location)
        or position.unit_in(second.province) is not None
        or second.province in variant.map.closed
        or not _stands(variant.map, second)
    ):
        return str(second)
    return None


def _stands(game_map: GameMap, unit: UnitRef) -> bool:
    """May ``unit`` stand where it is named: an army on land, a fleet at sea or on a coast
    (on one of a province's named coasts where it has them)."""
    p = game_map.provinces.get(unit.province)
    if p is None:
        return False
    if unit.kind is UnitKind.ARMY:
        return p.is_land and "/" not in unit.location
    if p.terrain is Terrain.LAND or p.terrain is Terrain.IMPASSABLE:
        return False
    return unit.location in game_map.locations and (not p.coasts or "/" in unit.location)


def twins_legal_orders(
    variant: Variant, graph: Mapping[str, frozenset[str]], position: Position, power: str
) -> dict[str, tuple[Order, ...]]:
    """Every ``twins`` order ``power`` may give now, keyed by the first twin's province
    (none once built, or without a build due)."""
    if (
        position.phase.kind is not PhaseKind.ADJUSTMENTS
        or power not in variant.adjustment_seats(position)
        or power in (position.extras.get(TWINS_BUILT) or ())
        or variant.adjustment(position, power) <= 0
    ):
        return {}
    game_map = variant.map
    out: dict[str, tuple[Order, ...]] = {}
    for site in variant.build_sites(position, power):
        found: list[Order] = []
        for first in _placings(game_map, site):
            for near in sorted(graph.get(site, frozenset())):
                if position.unit_in(near) is not None:
                    continue
                for second in _placings(game_map, near):
                    order = Twins(first, second)
                    if twins_site_problem(variant, graph, position, power, order) is None:
                        found.append(order)
        if found:
            out[site] = tuple(found)
    return out


def _placings(game_map: GameMap, province: str) -> list[UnitRef]:
    """The units that could stand in ``province``: an army, a fleet on each coast."""
    p = game_map.provinces[province]
    out = []
    if p.is_land:
        out.append(UnitRef(UnitKind.ARMY, province))
    if p.terrain is not Terrain.LAND and p.terrain is not Terrain.IMPASSABLE:
        locations = game_map.coasts_of(province) or (province,)
        out.extend(UnitRef(UnitKind.FLEET, loc) for loc in locations)
    return [u for u in out if _stands(game_map, u)]


def twins_as_builds(orders: Sequence[Order]) -> list[Order]:
    """``orders`` with each ``twins`` order counted as the one build it takes (for
    :meth:`Variant.order_set_excess`)."""
    return [Build(o.first) if isinstance(o, Twins) else o for o in orders]
