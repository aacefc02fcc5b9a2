"""Rather Silly's odd unit kinds, as a great power's bot builds and orders them (the German
rules are the authority; adjudicator/variants/rather_silly/ keeps them). Each is built where
the rules allow it and it pays, and ordered by its own kind:

- **Siamese twins** ("Siamesische Zwillinge", once a game, instead of one normal build):
  two units for one build, which support each other without an order. The bot builds
  them at its first adjustments with a build, the first twin where it would have built
  anyway, the second next to it, on a centre it may take if there is one, else nearest
  one. Parted, both die: so in a season at most one twin moves, and only to a province
  next to where the other stands (it is then supported by its twin); a dislodged twin
  retreats next to its twin where it can.
- **Flocks of birds** ("Vögel", instead of a normal build): a flock carries an army two
  provinces a season, over any unit and sea. The bot builds one where it has two builds
  or more, an army to carry and no flock yet. A flock flies to one of its power's armies;
  in the army's province it picks it up (the army boards, instead of a hold or a step off
  the centres); with the army aboard it flies to a free centre it may take, or nearer
  one, where the army lands; and it is always told where to flee, away from the Borg.
- **Devil units** ("Teufelseinheiten", a conventional unit's soul sold after the moves):
  double strength for the next two seasons, but a devil lost costs another unit. The bot
  keeps one at a time: it sells the soul of the unit that attacks a centre this season
  (else the one ending next to most centres it may take), never one ending within the
  Borg's reach.
- **The fifth fleet** (the option ``fifth_fleet``: every fifth fleet built from 1901 on):
  no Amazon seduces it, but other players' units next to a coastal province it enters
  destroy it. The bot never moves it into a coastal province another player's unit lies
  next to; at sea or where none is near, it plays as a fleet.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping, Sequence

from adjudicator import (
    Build,
    Hold,
    Move,
    Order,
    Position,
    Retreat,
    Support,
    UnitKind,
    UnitRef,
)
from adjudicator.board import province_of
from adjudicator.maps import Terrain
from adjudicator.orders import Convoy
from adjudicator.variants.rather_silly.birds import (
    Birds,
    Board,
    Carry,
    Flee,
    Flight,
    Ride,
    army_aboard,
    flight_graph,
    flocks,
)
from adjudicator.variants.rather_silly.devils import SellSoul
from adjudicator.variants.rather_silly.fifth_fleet import FIFTH_FLEET
from adjudicator.variants.rather_silly.flight import STEPS_ALONE, STEPS_CARRYING
from adjudicator.variants.rather_silly.marks import conventional, devils_of, marks_of, unit_key
from adjudicator.variants.rather_silly.rules import MONSTER, RatherSilly
from adjudicator.variants.rather_silly.twins import Twins, adjacent, twin_pairs
from bots.strategy import FAR, distances

#: A flock is built only by a power with at least this many builds (one stays a unit).
BIRDS_FROM_BUILDS = 2


def _to_take(variant: RatherSilly, position: Position, seat: str) -> set[str]:
    """The centres ``seat`` does not own (nor the closed ones)."""
    geo = variant.map
    owned = position.ownership
    return {c for c in geo.supply_centers if owned.get(c) != seat and c not in geo.closed}


def _unit_of(order: Order) -> UnitRef | None:
    """The unit a unit's order (hold, move, support, convoy, board, ride) is for."""
    unit = getattr(order, "unit", None)
    return unit if isinstance(unit, UnitRef) else None


def _replaced(plan: Sequence[Order], unit: UnitRef, order: Order) -> list[Order]:
    """``plan`` with ``unit``'s order replaced by ``order``; an order of its own units that
    supported or convoyed the unit's old order, no longer matched, holds instead."""
    out: list[Order] = []
    for given in plan:
        mine = _unit_of(given)
        if mine is not None and mine.province == unit.province:
            out.append(order)
        elif (isinstance(given, Support) and given.supported.province == unit.province) or (
            isinstance(given, Convoy) and given.army.province == unit.province
        ):
            out.append(Hold(given.unit))
        else:
            out.append(given)
    return out


# -- the adjustments -----------------------------------------------------------------------


def twins_build(
    variant: RatherSilly,
    position: Position,
    seat: str,
    orders: list[Order],
    legal: Mapping[str, Sequence[Order]],
) -> list[Order]:
    """``orders`` with one build made Siamese twins, where the seat may still build them
    (``legal`` lists the pairs): the first twin the build's unit, the second next to it on
    a free province no other build of its own takes and none by another seat's build sites
    (that seat may build there, or put its own twin), a centre to take first, else the one
    nearest a centre to take (an army's way, a fleet's for a fleet)."""
    pairs = [o for opts in legal.values() for o in opts if isinstance(o, Twins)]
    builds = [o for o in orders if isinstance(o, Build)]
    if not pairs or not builds:
        return orders
    used = {o.unit.province for o in builds}
    # Another seat building this winter may put a unit, or its own second twin, in a
    # province by its build sites: the second goes nowhere near them.
    graph = variant.borg_graph()
    for other in sorted(set(variant.adjustment_seats(position)) - {seat}):
        if variant.adjustment(position, other) > 0:
            for site in variant.build_sites(position, other):
                used |= {site} | graph.get(site, frozenset())
    targets = _to_take(variant, position, seat)
    depth = distances(variant.map, targets)

    def far(unit: UnitRef) -> int:
        return depth[unit.kind].get(unit.location, depth[unit.kind].get(unit.province, FAR))

    best: tuple[tuple[bool, int, str], Build, Twins] | None = None
    for build in builds:
        for pair in pairs:
            if pair.first != build.unit or pair.second.province in used:
                continue
            key = (pair.second.province not in targets, far(pair.second), str(pair))
            if best is None or key < best[0]:
                best = (key, build, pair)
    if best is None:
        return orders
    _key, build, pair = best
    return [pair if o == build else o for o in orders]


def birds_build(
    variant: RatherSilly,
    position: Position,
    seat: str,
    orders: list[Order],
    legal: Mapping[str, Sequence[Order]],
) -> list[Order]:
    """``orders`` with one build made a flock of birds, where the seat has no flock, at
    least :data:`BIRDS_FROM_BUILDS` builds and an army (standing or built) for it to carry:
    the build in the site nearest its armies, which the flock takes instead."""
    if any(f.power == seat for f in flocks(position)):
        return orders
    builds = [o for o in orders if isinstance(o, Build)]
    if len(builds) < BIRDS_FROM_BUILDS:
        return orders
    may = {o.province for opts in legal.values() for o in opts if isinstance(o, Birds)}
    armies = {u.province for u in position.units_of(seat) if u.kind is UnitKind.ARMY}
    armies |= {o.unit.province for o in builds if o.unit.kind is UnitKind.ARMY}
    graph = flight_graph(variant.map)
    options: list[tuple[int, str, Build]] = []
    for build in builds:
        site = build.unit.province
        others = armies - {site}
        if site not in may or not others:
            continue
        steps = _steps_from(graph, site, frozenset())
        options.append((min(steps.get(a, FAR) for a in others), site, build))
    if not options:
        return orders
    _steps, site, build = min(options)
    return [Birds(site) if o == build else o for o in orders]


# -- a movement phase ----------------------------------------------------------------------


def fifth_fleet_ashore_safe(
    variant: RatherSilly,
    position: Position,
    seat: str,
    legal: Mapping[str, Sequence[Order]],
) -> dict[str, tuple[Order, ...]]:
    """``legal`` without a move of the seat's fifth fleet into a coastal province another
    player's unit lies next to (it would be attacked there and destroyed)."""
    kinds = marks_of(position, "kinds")
    fifth = {
        u.province
        for u in position.units_of(seat)
        if kinds.get(unit_key(seat, u.location)) == FIFTH_FLEET
    }
    out = {k: tuple(v) for k, v in legal.items()}
    if not fifth:
        return out
    attackers = {
        u.province
        for u in position.units
        if u.power not in (seat, MONSTER) and kinds.get(unit_key(u.power, u.location)) is None
    }
    for where in fifth:
        out[where] = tuple(
            o for o in out.get(where, ()) if not _guarded_coast(variant, o, attackers - {where})
        )
    return out


def _guarded_coast(variant: RatherSilly, order: Order, attackers: set[str]) -> bool:
    """Is ``order`` a move into a coastal province one of ``attackers`` lies next to?"""
    if not isinstance(order, Move):
        return False
    geo = variant.map
    dest = province_of(order.dest)
    if geo.provinces[dest].terrain is not Terrain.COAST:
        return False
    return bool((geo.army_neighbours(dest) | geo.fleet_province_neighbours(dest)) & attackers)


def twins_together(
    variant: RatherSilly, position: Position, seat: str, plan: Sequence[Order]
) -> list[Order]:
    """``plan`` with the seat's Siamese twins kept next to each other: one of them moves
    at most (a move into a centre first), and only next to where the other stands; the
    other holds."""
    pair = twin_pairs(position).get(seat)
    if pair is None:
        return list(plan)
    graph = variant.borg_graph()
    first, second = pair
    given = {
        u.location: o
        for o in plan
        if (u := _unit_of(o)) is not None and u.location in (first, second)
    }
    moving = [
        (province_of(o.dest) not in variant.map.supply_centers, loc, o)
        for loc, o in sorted(given.items())
        if isinstance(o, Move)
    ]
    out = list(plan)
    kept: str | None = None
    for _centre, loc, move in sorted(moving, key=lambda m: (m[0], m[1])):
        other = second if loc == first else first
        if kept is None and not move.via_convoy and adjacent(graph, move.dest, other):
            kept = loc
            continue
        out = _replaced(out, move.unit, Hold(move.unit))
    return out


def twins_retreats(
    variant: RatherSilly, position: Position, seat: str, legal: Mapping[str, Sequence[Order]]
) -> dict[str, tuple[Order, ...]]:
    """``legal`` with a dislodged twin's retreats only those next to its twin, where it has
    any (parted, both would die)."""
    out = {k: tuple(v) for k, v in legal.items()}
    pair = twin_pairs(position).get(seat)
    if pair is None:
        return out
    graph = variant.borg_graph()
    for dislodged in position.dislodged:
        unit = dislodged.unit
        if unit.power != seat or unit.location not in pair:
            continue
        other = pair[1] if unit.location == pair[0] else pair[0]
        options = out.get(unit.province, ())
        together = tuple(
            o for o in options if isinstance(o, Retreat) and adjacent(graph, o.dest, other)
        )
        if together:
            out[unit.province] = together
    return out


def soul_sale(
    variant: RatherSilly, position: Position, seat: str, plan: Sequence[Order]
) -> SellSoul | None:
    """The soul the seat sells this season, where none of its units is a devil now: the
    unit moving into a centre it may take, else the one ending next to most of those;
    never one ending within the Borg's reach, nor one that is not conventional."""
    devils = devils_of(position)
    if any(unit_key(seat, u.location) in devils for u in position.units_of(seat)):
        return None
    borg = position.extras.get("borg")
    danger = (
        frozenset({borg}) | variant.borg_graph().get(borg, frozenset())
        if isinstance(borg, str)
        else frozenset()
    )
    geo = variant.map
    targets = _to_take(variant, position, seat)
    options: list[tuple[bool, int, str, UnitRef]] = []
    for order in plan:
        ref = _unit_of(order)
        if ref is None or not isinstance(order, (Hold, Move, Support, Convoy)):
            continue
        unit = position.unit_in(ref.province)
        if unit is None or unit.power != seat or not conventional(position, unit):
            continue
        end = province_of(order.dest) if isinstance(order, Move) else unit.province
        if end in danger:
            continue
        attacks = isinstance(order, Move) and end in targets
        near = geo.army_neighbours(end) | geo.fleet_province_neighbours(end)
        options.append((not attacks, -len(near & targets), ref.location, ref))
    if not options:
        return None
    *_rank, chosen = min(options)
    return SellSoul(chosen)


def _steps_from(
    graph: Mapping[str, frozenset[str]], start: str, avoid: frozenset[str]
) -> dict[str, int]:
    """Flights' steps from ``start`` over ``graph``, never into ``avoid``."""
    depth = {start: 0}
    frontier: deque[str] = deque([start])
    while frontier:
        here = frontier.popleft()
        for there in sorted(graph.get(here, ())):
            if there not in depth and there not in avoid:
                depth[there] = depth[here] + 1
                frontier.append(there)
    return depth


def _routes(
    graph: Mapping[str, frozenset[str]], start: str, most: int, avoid: frozenset[str]
) -> list[tuple[str, ...]]:
    """Every route of one to ``most`` steps from ``start`` over ``graph`` that never enters
    ``avoid`` nor passes a province twice."""
    out: list[tuple[str, ...]] = []
    todo: deque[tuple[str, ...]] = deque(((),))
    while todo:
        route = todo.popleft()
        if len(route) == most:
            continue
        here = route[-1] if route else start
        for there in sorted(graph.get(here, ())):
            if there in avoid or there == start or there in route:
                continue
            longer = (*route, there)
            out.append(longer)
            todo.append(longer)
    return out


def birds_orders(
    variant: RatherSilly,
    position: Position,
    seat: str,
    plan: Sequence[Order],
    legal: Mapping[str, Sequence[Order]],
) -> tuple[list[Order], list[Order]]:
    """The seat's flocks' orders (each flock's flight, pick-up and where to flee) and
    ``plan`` with its armies' part in them (boarding, riding): returns both."""
    mine = [f for f in flocks(position) if f.power == seat]
    if not mine:
        return list(plan), []
    geo = variant.map
    graph = flight_graph(geo)
    borg = position.extras.get("borg")
    danger = (
        frozenset({borg}) | variant.borg_graph().get(borg, frozenset())
        if isinstance(borg, str)
        else frozenset()
    )
    targets = _to_take(variant, position, seat)
    depth = distances(geo, targets)[UnitKind.ARMY]
    out = list(plan)
    flying: list[Order] = []
    orders_of = {u.province: o for o in out if (u := _unit_of(o)) is not None}
    entered = {province_of(o.dest) for o in out if isinstance(o, (Move, Retreat))}
    standing = frozenset(u.province for u in position.units)
    carried_here = {f.province for f in flocks(position) if f.carrying is not None}
    for flock in mine:
        options = legal.get(flock.province, ())
        army = army_aboard(position, flock)
        here_army = position.unit_in(flock.province)
        flew = False
        if army is not None and army.power == seat:
            ref = UnitRef(UnitKind.ARMY, army.location)
            landings = [
                r
                for r in _routes(graph, flock.province, STEPS_CARRYING, danger | standing)
                if geo.provinces[r[-1]].is_land and r[-1] not in entered
            ]
            here_far = depth.get(flock.province, FAR)
            best = min(
                landings,
                key=lambda r: (r[-1] not in targets, depth.get(r[-1], FAR), len(r), r),
                default=None,
            )
            if best is not None and (best[-1] in targets or depth.get(best[-1], FAR) < here_far):
                out = _replaced(out, ref, Ride(ref, best))
                flying.append(Flight(flock.province, best))
                entered.add(best[-1])
                flew = True
            else:
                out = _replaced(out, ref, Hold(ref))
        elif (
            here_army is not None
            and here_army.power == seat
            and here_army.kind is UnitKind.ARMY
            and flock.province not in carried_here
            and flock.province not in danger
            and Carry(flock.province, UnitRef(UnitKind.ARMY, here_army.location)) in options
        ):
            ref = UnitRef(UnitKind.ARMY, here_army.location)
            planned = orders_of.get(flock.province)
            stays = planned is None or isinstance(planned, Hold)
            steps_off = isinstance(planned, Move) and province_of(planned.dest) not in targets
            if stays or steps_off:
                out = _replaced(out, ref, Board(ref))
                flying.append(Carry(flock.province, ref))
        else:
            ends = {
                province_of(o.dest) if isinstance(o, Move) else u.province
                for o in out
                if (u := _unit_of(o)) is not None
                and position.unit_in(u.province) is not None
                and u.kind is UnitKind.ARMY
            }
            ends -= {f.province for f in mine}
            routes = _routes(graph, flock.province, STEPS_ALONE, danger)
            to_army = [r for r in routes if r[-1] in ends]
            if to_army:
                best = min(to_army, key=lambda r: (len(r), r))
                flying.append(Flight(flock.province, best))
                flew = True
            elif flock.province in danger:
                out_of = [
                    Flight(flock.province, (s,)) for s in sorted(graph.get(flock.province, ()))
                ]
                out_of = [o for o in out_of if o.route[-1] not in danger and o in options]
                if out_of:
                    flying.append(out_of[0])
                    flew = True
        if not flew or flock.province not in danger:
            flees = [o for o in options if isinstance(o, Flee) and o.dest not in danger]
            if flees:
                far = (
                    _steps_from(variant.borg_graph(), borg, frozenset())
                    if isinstance(borg, str)
                    else {}
                )
                flying.append(max(flees, key=lambda o: (far.get(o.dest, 0), str(o))))
    return out, flying
