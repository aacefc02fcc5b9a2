"""Rather Silly's birds in flight (rule "Vögel"): step 1 of a season, after the core has
resolved the units' moves, as :func:`move_birds` runs it: the scares, an army dislodged
while aboard falling off, the pick-ups, the flights and the landings, the flocks that must
flee. The flocks, their orders and the other steps they take part in are in :mod:`.birds`;
the house rules are in docs/rather_silly.md.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from adjudicator.board import Position, Unit, UnitKind
from adjudicator.maps import GameMap
from adjudicator.orders import Hold, Order, UnitRef
from adjudicator.results import OrderResult, Outcome, Reason, make_result
from adjudicator.variants.base import Variant
from adjudicator.variants.rather_silly.birds import (
    MARKS,
    MOVEMENT_KINDS,
    NO_FLOCK,
    Board,
    Carry,
    Flee,
    Flight,
    Flock,
    Ride,
    Scare,
    army_aboard,
    flight_graph,
    flocks,
    is_aboard,
    with_flocks,
)

if TYPE_CHECKING:
    from adjudicator.variants.rather_silly.season import Given, SeasonSoFar

#: How far a flock flies in a season: alone, and carrying an army.
STEPS_ALONE, STEPS_CARRYING = 3, 2

PICKED_UP = Reason.declare("picked_up", "{unit} ({owner}) is aboard the flock in {province}")
NOT_BOARDING = Reason.declare("not_boarding", "{unit} was not ordered to board")
NO_CARRIER = Reason.declare("no_carrier", "no flock in {province} was ordered to carry it")
PICKUP_FAILED = Reason.declare(
    "pickup_failed", "the pick-up in {province} failed: {unit} did not stay there"
)
PICKUP_SCARED = Reason.declare(
    "pickup_scared", "the pick-up in {province} failed: the birds were scared away"
)
TOO_BULKY = Reason.declare("too_bulky", "birds carry armies only: fleets are too bulky")
NOT_SAME_PROVINCE = Reason.declare(
    "not_same_province", "a flock picks up an army in its own province ({province})"
)
ALREADY_ABOARD = Reason.declare(
    "already_aboard", "an army is aboard the flock in {province} already"
)
NOT_ABOARD = Reason.declare("not_aboard", "{unit} is not aboard a flock")
FLEW = Reason.declare("flew", "the flock flew to {province}")
FLIGHT_STOPPED = Reason.declare(
    "flight_stopped", "the flight ended in {province}: birds are scared away from {dest}"
)
NOT_A_STEP = Reason.declare("not_a_step", "birds cannot fly from {source} to {dest}")
TOO_FAR = Reason.declare(
    "flight_too_far", "too far: a flock flies three provinces, two when it carries an army"
)
ROUTE_NOT_FLOWN = Reason.declare(
    "route_not_flown", "the flock in {province} did not fly this route: {unit} stays there"
)
LEFT_BEHIND = Reason.declare("left_behind", "{unit} got off its flock and stays in {province}")
LANDED = Reason.declare("landed", "{unit} landed in {province}")
DROPPED = Reason.declare("dropped", "{unit} could not land in {dest}: dropped in {province}")
DROWNED = Reason.declare("drowned", "{unit} ({owner}) was dropped over {province} and drowned")
SHOT_DOWN = Reason.declare(
    "shot_down", "{unit} ({owner}) was dropped onto the unit in {province} and shot down"
)
FELL_OFF = Reason.declare(
    "fell_off", "{unit} ({owner}) was dislodged and fell off the flock in {province}"
)
SCARING = Reason.declare("scaring", "birds are scared away from {province} and its neighbours")
SCARE_NOT_HOLDING = Reason.declare(
    "scare_not_holding", "only a unit that holds, and stays, scares birds"
)
FLOCK_FLED = Reason.declare("flock_fled", "the scared flock fled to {province}")
FLOCK_UNTOLD = Reason.declare(
    "flock_untold", "the flock in {province} was scared and not told where to go: it died"
)
FLOCK_FRIGHTENED = Reason.declare(
    "flock_frightened",
    "the flock in {province} could flee only to {dest}, where birds are scared too: it died "
    "of fright",
)
RETREAT_NOT_NEEDED = Reason.declare("flee_not_needed", "not needed: the flock was not scared away")
FLOCKS_JOINED = Reason.declare(
    "flocks_joined", "two flocks of {owner} met in {province} and joined into one"
)


# -- step 1: the birds move ----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Landing:
    """A carried army's flight: who gave its order, the order, the army (where it took
    off), and the provinces its flock passed (the last is where it tries to land)."""

    power: str
    order: Ride
    army: Unit
    path: tuple[str, ...]


def move_birds(
    variant: Variant,
    position: Position,
    after: Position,
    orders: Given,
    moves: Sequence[OrderResult],
) -> tuple[Position, list[OrderResult], tuple[Unit, ...]]:
    """Step 1's birds, after the core resolved the units' moves: the scares, an army
    dislodged while aboard falling off, the pick-ups, the flights and the carried armies'
    landings, the flocks that must flee, flocks of a power that meet joining. Returns the
    position, the results, and the carried armies that died (drowned, shot down) as they
    stood before: a devil unit among them still costs its owner a unit. ``orders``: the
    season's birds' orders (:data:`.birds.MOVEMENT_KINDS`), with their powers
    (:meth:`.season.SeasonSoFar.given`)."""
    start = flocks(position)
    if not start and not orders:
        return after, [], ()
    game_map = variant.map
    graph = flight_graph(game_map)
    results: list[OrderResult] = []
    held = {
        unit.province
        for unit, r in zip(position.units, moves, strict=False)
        if isinstance(r.order, Hold) and r.outcome is Outcome.OK
    }
    zone = _scared_zone(position, orders, held, graph, results)
    standing = {u.province: u for u in after.units}
    acts, flees, boards, rides = _sorted_orders(position, orders, start, results)

    # An army dislodged while aboard falls off its flock (before any flight).
    by_flock: dict[tuple[str, str], Flock] = {}
    for f in start:
        army = army_aboard(position, f)
        if army is not None and standing.get(f.province) != army:
            riding = rides.pop(f.province, None)
            results.append(
                make_result(
                    army.power,
                    riding[1] if riding is not None else "fell_off",
                    Outcome.DISLODGED if riding is not None else Outcome.OK,
                    FELL_OFF,
                    unit=army.text,
                    owner=army.power,
                    province=f.province,
                )
            )
            f = Flock(f.power, f.province, None)
        by_flock[(f.power, f.province)] = f

    ended: list[Flock] = []
    landings: list[_Landing] = []
    boarded: set[str] = set()
    for key, flock in sorted(by_flock.items()):
        act = acts.get(key)
        if isinstance(act, Carry):
            army = _pick_up(position, flock, act, boards, boarded, standing, zone, results)
            ended.append(flock if army is None else Flock(flock.power, flock.province, army.power))
            continue
        if act is None:
            ended.append(flock)
            continue
        flown = _fly(position, flock, act, rides, zone, graph, results)
        if flown is None:
            ended.append(flock)
            continue
        path, landing = flown
        if not path:
            ended.append(flock)  # it could not take off: it stays, carrying what it carried
            continue
        ended.append(Flock(flock.power, path[-1], None))
        army = army_aboard(position, flock)
        if landing is not None:
            landings.append(landing)
        elif army is not None:
            results.append(
                make_result(
                    army.power,
                    "left_behind",
                    Outcome.OK,
                    LEFT_BEHIND,
                    unit=army.text,
                    province=army.province,
                )
            )
    for province, (power, board) in sorted(boards.items()):
        if province not in boarded:
            results.append(make_result(power, board, Outcome.BOUNCE, NO_CARRIER, province=province))
    for province, (power, unflown) in sorted(rides.items()):
        results.append(
            make_result(
                power,
                unflown,
                Outcome.BOUNCE,
                ROUTE_NOT_FLOWN,
                province=province,
                unit=str(unflown.unit),
            )
        )
    after, fallen, moved = _land(game_map, after, landings, results)
    after = _relocated(after, moved)
    kept = _flee(after, ended, flees, zone, graph, results)
    return with_flocks(after, _merged(kept, results)), results, fallen


def _sorted_orders(
    position: Position,
    orders: Given,
    start: Sequence[Flock],
    results: list[OrderResult],
) -> tuple[
    dict[tuple[str, str], Flight | Carry],
    dict[tuple[str, str], Flee],
    dict[str, tuple[str, Board]],
    dict[str, tuple[str, Ride]],
]:
    """The birds' orders by flock (power, province) and by the army's province, each
    checked alone (a later order for a flock replaces an earlier one of its kind); the
    results of those that cannot count go to ``results``."""
    here = {(f.power, f.province) for f in start}
    acts: dict[tuple[str, str], Flight | Carry] = {}
    flees: dict[tuple[str, str], Flee] = {}
    boards: dict[str, tuple[str, Board]] = {}
    rides: dict[str, tuple[str, Ride]] = {}
    for power, order in orders:
        if isinstance(order, (Flight, Carry, Flee)):
            key = (power, order.province)
            if key not in here:
                results.append(
                    make_result(power, order, Outcome.VOID, NO_FLOCK, province=order.province)
                )
            elif isinstance(order, Flee):
                if key in flees:
                    results.append(make_result(power, flees[key], Outcome.ILLEGAL, Reason.REPLACED))
                flees[key] = order
            else:
                if key in acts:
                    results.append(make_result(power, acts[key], Outcome.ILLEGAL, Reason.REPLACED))
                acts[key] = order
            continue
        if not isinstance(order, (Board, Ride)):
            continue
        problem = _unit_problem(position, power, order.unit)
        if problem is not None:
            results.append(problem(order))
            continue
        unit = position.unit_in(order.unit.province)
        assert unit is not None
        province = unit.province
        if isinstance(order, Board):
            if unit.kind is not UnitKind.ARMY:
                results.append(make_result(power, order, Outcome.VOID, TOO_BULKY))
            elif is_aboard(position, unit):
                results.append(
                    make_result(power, order, Outcome.VOID, ALREADY_ABOARD, province=province)
                )
            else:
                boards[province] = (power, order)
        elif not is_aboard(position, unit):
            results.append(make_result(power, order, Outcome.VOID, NOT_ABOARD, unit=unit.text))
        elif len(order.route) > STEPS_CARRYING:
            results.append(make_result(power, order, Outcome.VOID, TOO_FAR))
        else:
            rides[province] = (power, order)
    return acts, flees, boards, rides


def _unit_problem(
    position: Position, power: str, ref: UnitRef
) -> Callable[[Order], OrderResult] | None:
    """Why an order naming the unit ``ref`` of ``power`` cannot be attached (the core's
    reasons), as a maker of its result; None if it can."""
    unit = position.unit_in(ref.province)
    if unit is None:
        return lambda order: make_result(
            power, order, Outcome.ILLEGAL, Reason.NO_UNIT, location=ref.province
        )
    if unit.power != power:
        return lambda order: make_result(
            power, order, Outcome.ILLEGAL, Reason.NOT_YOUR_UNIT, unit=unit.text, owner=unit.power
        )
    if unit.kind is not ref.kind:
        return lambda order: make_result(
            power,
            order,
            Outcome.ILLEGAL,
            Reason.WRONG_UNIT_KIND,
            location=ref.province,
            actual=unit.kind.value,
            given=ref.kind.value,
        )
    return None


def _scared_zone(
    position: Position,
    orders: Given,
    held: set[str],
    graph: Mapping[str, frozenset[str]],
    results: list[OrderResult],
) -> frozenset[str]:
    """Where birds may not land this season: each scaring unit's province and its
    neighbours. A unit scares if it held (no move, support or convoy) and was not
    dislodged."""
    zone: set[str] = set()
    for power, order in orders:
        if not isinstance(order, Scare):
            continue
        problem = _unit_problem(position, power, order.unit)
        if problem is not None:
            results.append(problem(order))
            continue
        province = order.unit.province
        if province not in held:
            results.append(make_result(power, order, Outcome.VOID, SCARE_NOT_HOLDING))
            continue
        zone |= {province} | set(graph.get(province, ()))
        results.append(make_result(power, order, Outcome.OK, SCARING, province=province))
    return frozenset(zone)


def _pick_up(
    position: Position,
    flock: Flock,
    order: Carry,
    boards: Mapping[str, tuple[str, Board]],
    boarded: set[str],
    standing: Mapping[str, Unit],
    zone: frozenset[str],
    results: list[OrderResult],
) -> Unit | None:
    """A flock's pick-up: the army it takes aboard, or None (said in the results)."""
    power, province = flock.power, flock.province

    def said(outcome: Outcome, reason: Reason, **params: str) -> None:
        results.append(make_result(power, order, outcome, reason, **params))

    if flock.carrying is not None or province in boarded:
        said(Outcome.VOID, ALREADY_ABOARD, province=province)
        return None
    if order.army.province != province:
        said(Outcome.VOID, NOT_SAME_PROVINCE, province=province)
        return None
    army = position.unit_in(province)
    if order.army.kind is not UnitKind.ARMY or (
        army is not None and army.kind is not UnitKind.ARMY
    ):
        said(Outcome.VOID, TOO_BULKY)
        return None
    if army is None:
        said(Outcome.VOID, Reason.NO_UNIT, location=province)
        return None
    board = boards.get(province)
    if board is None:
        said(Outcome.BOUNCE, NOT_BOARDING, unit=army.text)
        return None
    boarded.add(province)
    army_power, board_order = board

    def both(outcome: Outcome, reason: Reason, **params: str) -> None:
        said(outcome, reason, **params)
        results.append(make_result(army_power, board_order, outcome, reason, **params))

    if standing.get(province) != army:
        both(Outcome.BOUNCE, PICKUP_FAILED, province=province, unit=army.text)
        return None
    if province in zone:
        both(Outcome.BOUNCE, PICKUP_SCARED, province=province)
        return None
    both(Outcome.OK, PICKED_UP, unit=army.text, owner=army.power, province=province)
    return army


def _fly(
    position: Position,
    flock: Flock,
    order: Flight,
    rides: dict[str, tuple[str, Ride]],
    zone: frozenset[str],
    graph: Mapping[str, frozenset[str]],
    results: list[OrderResult],
) -> tuple[tuple[str, ...], _Landing | None] | None:
    """A flock's flight: the provinces it passed (the last is where it ends; none if it
    could not take off) and, if it took its army along, the landing to settle; None if the
    flight is void (it stays, carrying what it carried). The army's order is taken out of
    ``rides`` when the flight takes it along."""
    power, origin = flock.power, flock.province
    prev = origin
    for step in order.route:
        if step not in graph.get(prev, frozenset()):
            results.append(
                make_result(power, order, Outcome.VOID, NOT_A_STEP, source=prev, dest=step)
            )
            return None
        prev = step
    if len(order.route) > STEPS_ALONE:
        results.append(make_result(power, order, Outcome.VOID, TOO_FAR))
        return None
    army = army_aboard(position, flock)
    # A route of more than two steps for the army was refused as the orders were read.
    ride_entry = rides.get(origin) if army is not None else None
    laden = ride_entry is not None and ride_entry[1].route == order.route
    path: list[str] = []
    stopped: str | None = None
    for step in order.route:
        if step in zone:
            stopped = step
            break
        path.append(step)
    end = path[-1] if path else origin
    if stopped is None:
        results.append(make_result(power, order, Outcome.OK, FLEW, province=end))
    else:
        outcome = Outcome.OK if path else Outcome.BOUNCE
        results.append(
            make_result(power, order, outcome, FLIGHT_STOPPED, province=end, dest=stopped)
        )
    if not laden or army is None or ride_entry is None:
        return tuple(path), None
    del rides[origin]
    rider, ride = ride_entry
    if not path:
        results.append(
            make_result(
                rider, ride, Outcome.BOUNCE, FLIGHT_STOPPED, province=origin, dest=stopped or ""
            )
        )
        return (), None
    return tuple(path), _Landing(rider, ride, army, tuple(path))


def _land(
    game_map: GameMap,
    after: Position,
    landings: Sequence[_Landing],
    results: list[OrderResult],
) -> tuple[Position, tuple[Unit, ...], dict[str, str]]:
    """The carried armies land, all at once on the board as the movement left it (an army
    taking off still stands where it took off): where its flock ended if that is land,
    empty, no bounce left it empty and no other carried army lands there too. The others
    are dropped, one by one in order of where they took off, in the province their flock
    passed before: on free land they live, at sea they drown, onto a unit they are shot
    down (back where it took off, it simply stays). Returns the position, the armies that
    died, and the marks' keys moved ("power location")."""
    if not landings:
        return after, (), {}
    occupied = {u.province for u in after.units} | {d.unit.province for d in after.dislodged}
    aiming: dict[str, int] = {}
    for landing in landings:
        aiming[landing.path[-1]] = aiming.get(landing.path[-1], 0) + 1
    units = {u.province: u for u in after.units}
    moved: dict[str, str] = {}
    fallen: list[Unit] = []
    drops: list[_Landing] = []
    for landing in sorted(landings, key=lambda x: x.army.province):
        army, target = landing.army, landing.path[-1]
        if (
            target in occupied
            or target in after.standoffs
            or aiming[target] > 1
            or not game_map.provinces[target].is_land
        ):
            drops.append(landing)
            continue
        del units[army.province]
        units[target] = Unit(army.power, UnitKind.ARMY, target)
        moved[f"{army.power} {army.location}"] = f"{army.power} {target}"
        results.append(
            make_result(
                landing.power, landing.order, Outcome.OK, LANDED, unit=army.text, province=target
            )
        )
    for landing in drops:
        army, target = landing.army, landing.path[-1]
        drop = landing.path[-2] if len(landing.path) > 1 else army.province
        params = {"unit": army.text, "owner": army.power, "province": drop}
        if drop == army.province:
            results.append(
                make_result(
                    landing.power, landing.order, Outcome.BOUNCE, DROPPED, dest=target, **params
                )
            )
            continue
        del units[army.province]
        if not game_map.provinces[drop].is_land:
            fallen.append(army)
            results.append(
                make_result(landing.power, landing.order, Outcome.DISLODGED, DROWNED, **params)
            )
        elif drop in units:
            fallen.append(army)
            results.append(
                make_result(landing.power, landing.order, Outcome.DISLODGED, SHOT_DOWN, **params)
            )
        else:
            units[drop] = Unit(army.power, UnitKind.ARMY, drop)
            moved[f"{army.power} {army.location}"] = f"{army.power} {drop}"
            results.append(
                make_result(
                    landing.power, landing.order, Outcome.BOUNCE, DROPPED, dest=target, **params
                )
            )
    return after.with_changes(units=units.values()), tuple(fallen), moved


def _relocated(position: Position, moved: Mapping[str, str]) -> Position:
    """The position with the marks (:data:`MARKS`) of the armies that flew where they
    ended."""
    if not moved:
        return position
    extras = dict(position.extras)
    changed = False
    for name in MARKS:
        marks = extras.get(name)
        if not isinstance(marks, Mapping) or not marks:
            continue
        new = {moved.get(str(k), str(k)): v for k, v in marks.items()}
        if new != dict(marks):
            extras[name] = dict(sorted(new.items()))
            changed = True
    return position.with_changes(extras=extras) if changed else position


def _flee(
    after: Position,
    ended: Sequence[Flock],
    flees: Mapping[tuple[str, str], Flee],
    zone: frozenset[str],
    graph: Mapping[str, frozenset[str]],
    results: list[OrderResult],
) -> list[Flock]:
    """The flocks in a scared zone after the flights must leave, by their ``R`` order: one
    step to a province outside the zone. Without one (or with one that is no step) the
    flock dies, not told where to go; with one into the zone, of fright. A scared flock
    leaves its army behind, standing where it is. The flee orders of flocks not scared
    were not needed. (A flight never ends in the zone, so a scared flock is one that
    stayed where the season began: its flee order names it there.)"""
    out: list[Flock] = []
    used: set[tuple[str, str]] = set()
    for flock in ended:
        if flock.province not in zone:
            out.append(flock)
            continue
        key = (flock.power, flock.province)
        order = flees.get(key)
        used.add(key)
        army = after.unit_in(flock.province) if flock.carrying is not None else None
        if army is not None:
            results.append(
                make_result(
                    army.power,
                    "left_behind",
                    Outcome.OK,
                    LEFT_BEHIND,
                    unit=army.text,
                    province=flock.province,
                )
            )
        if order is not None and order.dest not in graph.get(flock.province, frozenset()):
            results.append(
                make_result(
                    flock.power,
                    order,
                    Outcome.VOID,
                    NOT_A_STEP,
                    source=flock.province,
                    dest=order.dest,
                )
            )
            order = None
        if order is None:
            results.append(
                make_result(
                    flock.power, "scared", Outcome.OK, FLOCK_UNTOLD, province=flock.province
                )
            )
        elif order.dest in zone:
            results.append(
                make_result(
                    flock.power,
                    order,
                    Outcome.DISLODGED,
                    FLOCK_FRIGHTENED,
                    province=flock.province,
                    dest=order.dest,
                )
            )
        else:
            results.append(
                make_result(flock.power, order, Outcome.OK, FLOCK_FLED, province=order.dest)
            )
            out.append(Flock(flock.power, order.dest, None))
    for key, order in sorted(flees.items()):
        if key not in used:
            results.append(make_result(key[0], order, Outcome.OK, RETREAT_NOT_NEEDED))
    return out


def _merged(kept: Sequence[Flock], results: list[OrderResult]) -> list[Flock]:
    """Flocks of one power in one province join into one (carrying the army one of them
    carried)."""
    out: dict[tuple[str, str], Flock] = {}
    for flock in kept:
        key = (flock.power, flock.province)
        there = out.get(key)
        if there is None:
            out[key] = flock
            continue
        out[key] = Flock(flock.power, flock.province, there.carrying or flock.carrying)
        results.append(
            make_result(
                flock.power,
                "joined",
                Outcome.OK,
                FLOCKS_JOINED,
                owner=flock.power,
                province=flock.province,
            )
        )
    return list(out.values())


def birds_fly(season: SeasonSoFar) -> tuple[Position, list[OrderResult]]:
    """Step 1's birds (:func:`move_birds`); the armies that fell with their flock are left
    on the season for the devil units' count (:attr:`.season.SeasonSoFar.fallen`)."""
    after, results, season.fallen = move_birds(
        season.variant,
        season.position,
        season.after,
        season.given(MOVEMENT_KINDS),
        season.moves,
    )
    return after, results
