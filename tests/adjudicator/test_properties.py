"""Property-based tests of the adjudicator (hypothesis): random positions, random orders.

What each property proves:

1. Resolution. Positions: 0-34 units of random powers on distinct provinces, each on a location
   legal for its kind (fleets on a named coast of a split-coast province), random supply-center
   ownership, S or F of 1901-1910. Orders: per unit none, a listed one from ``legal_orders``, a
   random Move/Support/Convoy value that may well be illegal (wrong kind, coast or place; or an
   order of another phase), or junk text; from a random subset of the powers, sometimes for
   another power's unit, as values or as text; plus supports and convoys whose partners are
   ordered to match, so that attacks, cuts, dislodgements and convoys really happen.

   - ``resolve`` never raises, also on order values naming places the map does not have.
   - It is deterministic: equal results and positions twice; the same outcomes with the units
     listed in another order; ``io.resolve_json`` on the equivalent JSON object gives
     byte-identical output twice, agreeing with the Python API.
   - A movement phase leaves a consistent board: one unit per province, each on a location
     legal for its kind; units before == units after + dislodged + destroyed; exactly one
     result per unit (other orders are reported ``illegal``), each result that is not ``ok``
     explained in full; a unit is dislodged exactly when a successful move entered its province
     and it did not move away, the dislodger then stands there; a successful move ends at its
     destination (by sea only with a convoy), every other unit stays put.
   - ...and obeys the rules, checked from the outside: an unopposed move into an empty province
     succeeds; a dislodgement needs a support that counts; a support attacked over land by
     another power from elsewhere than where it supports is cut, and a cut names such an
     attacker; the strengths a result quotes agree with its outcome; standoffs are empty
     provinces where moves failed; retreats are exactly the adjacent, vacant, non-standoff
     provinces other than the one the attack came from (recorded unless it came by convoy),
     and a unit with none is destroyed; ownership changes only at the end of a fall; the next
     phase is the one the rules give.
   - Retreats (after a planted supported attack): retreat/disband orders never raise; units
     on the board stay; a retreat succeeds only to an allowed place no other retreat wants.
   - Adjustments (winter, random ownership): a power with more units than centers ends with as
     many units as centers, losing only its own; one with fewer builds at most the difference,
     only on its own vacant owned home centers; ownership is unchanged; spring follows.
   - A 12-phase game from the standard start with random legal orders: every phase passes the
     checks above; a retreat phase exactly when units were dislodged, adjustments only when
     needed, and no movement phase skipped.

2. ``legal_orders``: each listed order round-trips through its text (with and without the
   position); ``check_order`` accepts it; a listed hold or move resolved alone is never ``void``
   or ``illegal``, nor a listed support or convoy given with the orders it needs; the listed
   moves are exactly the moves ``check_order`` accepts; the listed retreats are exactly the
   retreats the rules allow. On Rather Silly's map (units around Crete and Iceland, closed to
   all but the Superbrain's units built there): nothing listed leads into them, what is
   listed is accepted, an army's listed moves are exactly those accepted (by sea too), and a
   move, support or convoy into them is refused with the resolver's reason.

3. The parser: any text (arbitrary, or built from the map's ids, names, aliases, coasts and the
   order words) parses to an order or raises ``ParseError``, with or without a position (in a
   movement, retreat or adjustment phase); what it reads names only locations of the map and
   ``parse_order(str(order)) == order``.

4. The JSON reader: mutated CLI inputs (wrong types, bad strings, unknown provinces, malformed
   units, other phase codes, missing keys, extra nesting, one power's entries copied to
   another) are either rejected with ``PositionError`` carrying a message and a path, or read
   as a possible position that resolves passing the checks of 1. Boards no game can reach are
   rejected. The CLI answers bad input with exit status 2 and ``{"error", "path"}`` on
   standard output, never a traceback.

Examples per property: 150 (fewer for the slow ones); ``ADJUDICATOR_PROPERTY_PROFILE=
adjudicator-properties-thorough`` runs 2000.
"""

from __future__ import annotations

import copy
import dataclasses
import functools
import json
import os
import subprocess
import sys
from collections import Counter
from collections.abc import Callable, Iterable
from pathlib import Path
from random import Random
from typing import Any, cast

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from adjudicator import (
    Build,
    Convoy,
    Disband,
    DislodgedUnit,
    FrozenMap,
    Hold,
    Move,
    Order,
    OrderResult,
    Outcome,
    ParseError,
    Phase,
    PhaseKind,
    Position,
    PositionError,
    Reason,
    Resolution,
    Retreat,
    Season,
    Support,
    Unit,
    UnitKind,
    UnitRef,
    Waive,
    check_order,
    find_variant,
    legal_orders,
    load_map,
    parse_order,
    resolve,
)
from adjudicator.board import province_of
from adjudicator.io import (
    position_from_json,
    position_to_json,
    resolution_to_json,
    resolve_json,
)
from adjudicator.maps import Terrain
from adjudicator.wording import explain

# -- settings --------------------------------------------------------------------------------

settings.register_profile(
    "adjudicator-properties",
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.register_profile(
    "adjudicator-properties-thorough",
    settings.get_profile("adjudicator-properties"),
    max_examples=2000,
)
PROFILE = settings.get_profile(
    os.environ.get("ADJUDICATOR_PROPERTY_PROFILE", "adjudicator-properties")
)
#: For the properties whose examples take longer to make (crowded boards, retreat phases).
MEDIUM = settings(PROFILE, max_examples=max(10, PROFILE.max_examples // 2))
#: For the properties whose single example is expensive (a whole game, many resolutions).
SLOW = settings(PROFILE, max_examples=max(10, PROFILE.max_examples // 6))

# -- the map ---------------------------------------------------------------------------------

VARIANT = find_variant("standard")
MAP = load_map("standard")
POWERS: tuple[str, ...] = VARIANT.powers
LOCATIONS: tuple[str, ...] = tuple(sorted(MAP.locations))
SUPPLY_CENTERS: tuple[str, ...] = tuple(sorted(MAP.supply_centers))
ORDER_TYPES = (Hold, Move, Support, Convoy, Retreat, Disband, Build, Waive)
REPO = Path(__file__).resolve().parents[2]

OrdersIn = dict[str, list[Order | str]]


@functools.lru_cache(maxsize=8192)
def cached_legal_orders(position: Position) -> dict[str, tuple[Order, ...]]:
    """``legal_orders`` of a position, remembered (hypothesis asks again while shrinking)."""
    return legal_orders(position)


def spots(province: str) -> tuple[tuple[UnitKind, str], ...]:
    """Every (kind, location) a unit may stand on in a province."""
    p = MAP.provinces[province]
    out: list[tuple[UnitKind, str]] = []
    if p.terrain in (Terrain.LAND, Terrain.COAST):
        out.append((UnitKind.ARMY, province))
    if p.terrain in (Terrain.SEA, Terrain.COAST):
        out.extend((UnitKind.FLEET, loc) for loc in (MAP.coasts_of(province) or (province,)))
    return tuple(out)


SPOTS: dict[str, tuple[tuple[UnitKind, str], ...]] = {
    p: spots(p) for p in sorted(MAP.provinces) if spots(p)
}
PROVINCES: tuple[str, ...] = tuple(SPOTS)


def legal_location(kind: UnitKind, location: str) -> bool:
    province = province_of(location)
    return province in SPOTS and (kind, location) in SPOTS[province]


def valid_by_land(unit: Unit, move: Move) -> bool:
    """Is this move legal without a convoy (so never void)?"""
    dest = province_of(move.dest)
    if unit.kind is UnitKind.ARMY:
        return dest in MAP.army_neighbours(unit.province) and MAP.provinces[dest].is_land
    reach = MAP.fleet_neighbours(unit.location)
    if "/" in move.dest:
        return move.dest in reach
    return len([loc for loc in reach if province_of(loc) == dest]) == 1


# -- text vocabulary -------------------------------------------------------------------------

#: Every spelling the map knows for each location (ids, names, aliases, coast forms).
SPELLINGS: dict[str, list[str]] = {}
for _name, _loc in sorted(MAP.names.items()):
    SPELLINGS.setdefault(_loc, []).append(_name)
for _p in MAP.provinces.values():
    SPELLINGS.setdefault(_p.id, []).append(_p.name)

# fmt: off
ORDER_WORDS = (
    "A", "F", "army", "fleet", "H", "hold", "holds", "stands", "-", "->", "=>", "—", "–", "to",
    "move", "moves", "S", "supports", "support", "C", "convoys", "convoy", "R", "retreat",
    "retreats", "D", "disband", "disbands", "remove", "removes", "B", "build", "builds",
    "WAIVE", "waives", "via convoy", "by convoy", "via", "VIA",
)
FRAGMENTS = (
    "/nc", "/sc", "/ec", "(nc)", "(sc)", "(ec)", "(north coast)", "(south coast)",
    "(east coast)", "(", ")", "/", ",", ":", ".", "xyz", "swi", "Switzerland", "",
)
# fmt: on
VOCABULARY: tuple[str, ...] = tuple(
    sorted({w for names in SPELLINGS.values() for w in names} | set(ORDER_WORDS) | set(FRAGMENTS))
)


CASES: tuple[Callable[[str], str], ...] = (str.lower, str.upper, str.title, lambda w: w)


@st.composite
def vocabulary_text(draw: st.DrawFn) -> str:
    """Text made of the words orders are made of, glued by random separators."""
    words = draw(st.lists(st.sampled_from(VOCABULARY), max_size=9))
    out = ""
    for word in words:
        sep = draw(st.sampled_from([" ", " ", " ", "", "-", "  ", "\t", "(", ")"]))
        out += sep + draw(st.sampled_from(CASES))(word)
    return out


@st.composite
def spelled(draw: st.DrawFn, location: str) -> str:
    """A location as a player might write it."""
    name = draw(st.sampled_from(SPELLINGS.get(location, [location])))
    return draw(st.sampled_from(CASES))(name)


@st.composite
def order_like_text(draw: st.DrawFn) -> str:
    """Text shaped like an order: [kind] place word [kind place] [- place] [via convoy]."""
    kind = draw(st.sampled_from(["A ", "F ", "A ", "F ", "Army ", "Fleet ", ""]))
    parts = [kind + draw(spelled(draw(st.sampled_from(LOCATIONS))))]
    word = draw(st.sampled_from(["H", "-", "->", "S", "C", "R", "D", "B", "supports", ""]))
    if word:
        parts.append(word)
    if word in ("S", "C", "supports"):
        parts.append(
            draw(st.sampled_from(["A ", "F ", ""]))
            + draw(spelled(draw(st.sampled_from(LOCATIONS))))
        )
        if draw(st.booleans()):
            parts.append(draw(st.sampled_from(["-", "->", "H"])))
    if word in ("-", "->", "R") or parts[-1] in ("-", "->"):
        parts.append(draw(spelled(draw(st.sampled_from(LOCATIONS)))))
    if draw(st.integers(0, 5)) == 0 and parts[-2:-1] in (["-"], ["->"]):
        parts.append(draw(st.sampled_from(["via convoy", "VIA", "by convoy"])))
    if draw(st.integers(0, 4)) == 0:
        parts = [draw(st.sampled_from(["Build", "Remove", "Disband", "Retreat"])), *parts]
    return " ".join(parts)


junk_text = st.one_of(st.text(max_size=40), vocabulary_text(), order_like_text())

# -- positions -------------------------------------------------------------------------------


@st.composite
def ownerships(draw: st.DrawFn) -> FrozenMap[str, str]:
    owners = draw(
        st.lists(
            st.one_of(st.none(), st.sampled_from(POWERS)),
            min_size=len(SUPPLY_CENTERS),
            max_size=len(SUPPLY_CENTERS),
        )
    )
    return FrozenMap({c: p for c, p in zip(SUPPLY_CENTERS, owners, strict=True) if p})


@st.composite
def boards(draw: st.DrawFn, min_units: int = 0, max_units: int = 34) -> tuple[Unit, ...]:
    """Units of random powers on distinct provinces, each on a location legal for its kind."""
    n = draw(st.integers(min_units, max_units))
    provinces = draw(st.lists(st.sampled_from(PROVINCES), min_size=n, max_size=n, unique=True))
    units: list[Unit] = []
    for province in provinces:
        kind, location = draw(st.sampled_from(SPOTS[province]))
        units.append(Unit(draw(st.sampled_from(POWERS)), kind, location))
    return tuple(units)


@st.composite
def movement_positions(draw: st.DrawFn, min_units: int = 0, max_units: int = 34) -> Position:
    season = draw(st.sampled_from([Season.SPRING, Season.FALL]))
    year = draw(st.integers(1901, 1910))
    return Position(
        variant="standard",
        phase=Phase(season, year, PhaseKind.MOVEMENT),
        units=draw(boards(min_units, max_units)),
        ownership=draw(ownerships()),
    )


@st.composite
def adjustment_positions(draw: st.DrawFn) -> Position:
    return Position(
        variant="standard",
        phase=Phase(Season.WINTER, draw(st.integers(1901, 1910)), PhaseKind.ADJUSTMENTS),
        units=draw(boards()),
        ownership=draw(ownerships()),
    )


# -- orders ----------------------------------------------------------------------------------


@st.composite
def unit_refs(draw: st.DrawFn, unit: Unit | None = None) -> UnitRef:
    """A reference to ``unit`` (right, wrong kind, province without its coast), or to anywhere."""
    if unit is None or draw(st.integers(0, 5)) == 0:
        return UnitRef(draw(st.sampled_from(UnitKind)), draw(st.sampled_from(LOCATIONS)))
    choice = draw(st.integers(0, 7))
    if choice == 0:
        return UnitRef(
            UnitKind.FLEET if unit.kind is UnitKind.ARMY else UnitKind.ARMY, unit.location
        )
    if choice == 1:
        location = draw(
            st.sampled_from([province_of(unit.location), *MAP.coasts_of(unit.province)])
        )
        return UnitRef(unit.kind, location)
    return UnitRef(unit.kind, unit.location)


@st.composite
def random_movement_orders(draw: st.DrawFn, unit: Unit | None, position: Position) -> Order:
    """A Hold/Move/Support/Convoy (or an order of another phase) that may well be illegal."""
    ref = draw(unit_refs(unit))
    what = draw(st.sampled_from(["hold", "move", "move", "support", "support", "convoy", "other"]))
    somewhere = st.sampled_from(LOCATIONS)
    if what == "hold":
        return Hold(ref)
    if what == "move":
        return Move(ref, draw(somewhere), draw(st.booleans()))
    if what == "support":
        # Often support a unit that is really there.
        others = [u for u in position.units if u != unit]
        target: Unit | None = None
        if draw(st.booleans()) and others:
            target = draw(st.sampled_from(others))
        supported = draw(unit_refs(target))
        return Support(ref, supported, draw(st.one_of(st.none(), somewhere)))
    if what == "convoy":
        armies = [u for u in position.units if u.kind is UnitKind.ARMY]
        army: Unit | None = None
        if draw(st.booleans()) and armies:
            army = draw(st.sampled_from(armies))
        army_ref = UnitRef(UnitKind.ARMY, army.location if army else draw(somewhere))
        return Convoy(ref, army_ref, draw(somewhere))
    other_phase: list[Order] = [Retreat(ref, draw(somewhere)), Disband(ref), Build(ref), Waive()]
    return draw(st.sampled_from(other_phase))


def partners(
    position: Position, legal: dict[str, tuple[Order, ...]], order: Order
) -> list[list[Move | Convoy]]:
    """Orders that would make a listed support or convoy count: the move it supports, or the
    army's move together with the other fleets that could carry it (each a choice)."""
    if isinstance(order, Support) and order.dest is not None:
        moves = [
            o
            for o in legal[order.supported.province]
            if isinstance(o, Move) and province_of(o.dest) == order.dest
        ]
        return [[m] for m in moves]
    if isinstance(order, Convoy):
        army = position.unit_in(order.army.province)
        assert army is not None
        move = Move(order.army, order.dest, order.dest in MAP.army_neighbours(army.province))
        chain = [
            o
            for opts in legal.values()
            for o in opts
            if isinstance(o, Convoy)
            and o.army == order.army
            and o.dest == order.dest
            and o != order
        ]
        return [[move, *chain]]
    return [[]]


def add_order(position: Position, orders: OrdersIn, order: Order) -> None:
    """Give ``order`` to its unit's owner, after (so replacing) anything already given."""
    assert not isinstance(order, Waive)
    unit = position.unit_in(order.unit.province)
    assert unit is not None
    orders.setdefault(unit.power, []).append(order)


@st.composite
def movement_orders(draw: st.DrawFn, position: Position) -> OrdersIn:
    """Random orders for a movement phase, from a random subset of the powers, with a few
    supports and convoys that their partners carry out (so that attacks, cuts, dislodgements,
    convoys and their disruption happen)."""
    legal = cached_legal_orders(position)
    submitting = draw(st.sets(st.sampled_from(POWERS)))
    orders: OrdersIn = {p: [] for p in sorted(submitting)}
    for unit in position.units:
        what = draw(st.sampled_from(["none", "legal", "legal", "legal", "random", "junk"]))
        if what == "none":
            continue
        order: Order | str
        if what == "legal":
            order = draw(st.sampled_from(legal[unit.province]))
        elif what == "random":
            order = draw(random_movement_orders(unit, position))
        else:
            order = draw(junk_text)
        power = unit.power if draw(st.integers(0, 9)) else draw(st.sampled_from(POWERS))
        if power in orders:
            orders[power].append(str(order) if draw(st.booleans()) else order)
    cooperative = [o for opts in legal.values() for o in opts if isinstance(o, Support | Convoy)]
    for _ in range(draw(st.integers(0, 4)) if cooperative else 0):
        order = draw(st.sampled_from(cooperative))
        for extra in (order, *draw(st.sampled_from(partners(position, legal, order)))):
            if draw(st.integers(0, 9)):
                add_order(position, orders, extra)
    # A few orders for units that are not there (or twice for the same unit).
    for _ in range(draw(st.integers(0, 3))):
        power = draw(st.sampled_from(POWERS))
        if power in orders:
            orders[power].append(draw(random_movement_orders(None, position)))
    return orders


@st.composite
def movement_cases(draw: st.DrawFn) -> tuple[Position, OrdersIn]:
    position = draw(movement_positions())
    return position, draw(movement_orders(position))


def attack_plans(position: Position) -> list[tuple[Move, Support]]:
    """Supported moves into a province held by another power's unit, per ``legal_orders``."""
    legal = cached_legal_orders(position)
    plans: list[tuple[Move, Support]] = []
    for province, orders in legal.items():
        for support in orders:
            if not isinstance(support, Support) or support.dest is None:
                continue
            mover = position.unit_in(support.supported.province)
            defender = position.unit_in(support.dest)
            supporter = position.unit_in(province)
            if mover is None or defender is None or supporter is None:
                continue
            if defender.power in (mover.power, supporter.power):
                continue
            moves = [
                o
                for o in legal[mover.province]
                if isinstance(o, Move)
                and province_of(o.dest) == support.dest
                and not o.via_convoy
                and valid_by_land(mover, o)
            ]
            plans.extend((m, support) for m in moves)
    return plans


@st.composite
def dislodging_cases(draw: st.DrawFn) -> tuple[Position, OrdersIn]:
    """A crowded movement phase with random orders plus one planted supported attack."""
    position = draw(movement_positions(min_units=14))
    orders = draw(movement_orders(position))
    plans = attack_plans(position)
    assume(plans)
    move, support = draw(st.sampled_from(plans))
    add_order(position, orders, move)
    add_order(position, orders, support)
    return position, orders


@st.composite
def retreat_orders(draw: st.DrawFn, position: Position) -> OrdersIn:
    legal = cached_legal_orders(position)
    submitting = draw(st.sets(st.sampled_from(POWERS)))
    orders: OrdersIn = {p: [] for p in sorted(submitting)}
    somewhere = st.sampled_from(LOCATIONS)
    for d in position.dislodged:
        what = draw(st.sampled_from(["none", "legal", "legal", "legal", "random", "junk"]))
        if what == "none":
            continue
        order: Order | str
        if what == "legal":
            order = draw(st.sampled_from(legal[d.unit.province]))
        elif what == "random":
            ref = draw(unit_refs(d.unit))
            choices: list[Order] = [
                Retreat(ref, draw(somewhere)),
                Disband(ref),
                Hold(ref),
                Move(ref, draw(somewhere)),
            ]
            order = draw(st.sampled_from(choices))
        else:
            order = draw(junk_text)
        power = d.unit.power if draw(st.integers(0, 9)) else draw(st.sampled_from(POWERS))
        if power in orders:
            orders[power].append(str(order) if draw(st.booleans()) else order)
    return orders


@st.composite
def adjustment_orders(draw: st.DrawFn, position: Position) -> OrdersIn:
    submitting = draw(st.sets(st.sampled_from(POWERS)))
    orders: OrdersIn = {p: [] for p in sorted(submitting)}
    for power in sorted(submitting):
        legal = legal_orders(position, power)
        for options in legal.values():
            if draw(st.integers(0, 3)):
                orders[power].append(draw(st.sampled_from(options)))
        for _ in range(draw(st.integers(0, 3))):
            what = draw(st.sampled_from(["build", "disband", "waive", "junk"]))
            order: Order | str
            if what == "build":
                kind, location = draw(
                    st.sampled_from([s for spots_ in SPOTS.values() for s in spots_])
                )
                order = Build(UnitRef(draw(st.sampled_from([kind, *UnitKind])), location))
            elif what == "disband":
                target = draw(st.sampled_from(position.units)) if position.units else None
                order = Disband(draw(unit_refs(target)))
            elif what == "waive":
                order = Waive()
            else:
                order = draw(junk_text)
            orders[power].append(str(order) if draw(st.booleans()) else order)
    return orders


# -- checks ----------------------------------------------------------------------------------


def check_board(position: Position) -> None:
    """One unit per province, each on a location legal for its kind; dislodged units too."""
    provinces = Counter(u.province for u in position.units)
    assert all(n == 1 for n in provinces.values()), provinces
    for u in position.units:
        assert u.power in POWERS, u
        assert legal_location(u.kind, u.location), u
    for d in position.dislodged:
        assert legal_location(d.unit.kind, d.unit.location), d
    dislodged = Counter(d.unit.province for d in position.dislodged)
    assert all(n == 1 for n in dislodged.values()), (
        f"two dislodged units in one province: {dislodged}"
    )
    assert set(position.ownership) <= set(SUPPLY_CENTERS)
    assert set(position.ownership.values()) <= set(POWERS)


def check_explained(results: Iterable[OrderResult]) -> None:
    """Every result that is not ``ok`` says why, in its own words (no missing parameters)."""
    for r in results:
        if r.outcome is Outcome.OK:
            continue
        assert r.reason is not None, r
        said = explain(r, MAP)
        assert said.strip(), r
        assert said != r.reason.value.replace("_", " "), f"wording lost params: {r}"


def adjustments_needed(position: Position) -> bool:
    """Must some power build or disband? (A build needs a vacant owned home center.)"""
    for power in POWERS:
        units = len(position.units_of(power))
        centers = len(position.centers_of(power))
        if units > centers:
            return True
        if units < centers and any(
            position.ownership.get(c) == power and position.unit_in(c) is None
            for c in MAP.home_centers(power)
        ):
            return True
    return False


def after_fall(phase: Phase, position: Position) -> Phase:
    """The phase after a fall that is over (ownership already updated)."""
    if adjustments_needed(position):
        return Phase(Season.WINTER, phase.year, PhaseKind.ADJUSTMENTS)
    return Phase(Season.SPRING, phase.year + 1, PhaseKind.MOVEMENT)


def updated_ownership(before: FrozenMap[str, str], position: Position) -> dict[str, str]:
    ownership = dict(before)
    for c in SUPPLY_CENTERS:
        unit = position.unit_in(c)
        if unit is not None:
            ownership[c] = unit.power
    return ownership


def retreat_options(
    unit: Unit, attacker_from: str | None, after: Position, standoffs: Iterable[str]
) -> set[str]:
    """Where a dislodged unit may go, by the rulebook: adjacent, vacant, no standoff there,
    not where the attacker came from."""
    if unit.kind is UnitKind.ARMY:
        candidates = {p for p in MAP.army_neighbours(unit.province) if MAP.provinces[p].is_land}
    else:
        candidates = set(MAP.fleet_neighbours(unit.location))
    return {
        loc
        for loc in candidates
        if after.unit_in(loc) is None
        and province_of(loc) not in set(standoffs)
        and province_of(loc) != attacker_from
    }


def check_movement(before: Position, orders: OrdersIn, resolution: Resolution) -> None:
    """Everything a movement phase must satisfy, whatever the orders were."""
    after = resolution.position
    results = resolution.results
    check_board(after)
    check_explained(results)

    # Exactly one result per unit; every other result is an order that could not be attached.
    given = sum(len(v) for v in orders.values())
    illegal = [r for r in results if r.outcome is Outcome.ILLEGAL]
    assert len(illegal) <= given
    assert given - len(illegal) <= len(before.units)
    by_unit: dict[str, OrderResult] = {}
    for r in results:
        if r.outcome is Outcome.ILLEGAL:
            continue
        order = r.order
        assert isinstance(order, (Hold, Move, Support, Convoy)), r
        unit = before.unit_in(order.unit.province)
        assert unit is not None, r
        assert (unit.power, unit.kind, unit.location) == (
            r.power,
            order.unit.kind,
            order.unit.location,
        ), r
        assert unit.province not in by_unit, f"two results for {unit}: {r}, {by_unit}"
        by_unit[unit.province] = r
    assert len(by_unit) == len(before.units)

    def unit_at(province: str) -> Unit:
        unit = before.unit_in(province)
        assert unit is not None
        return unit

    def moved(r: OrderResult) -> bool:
        return isinstance(r.order, Move) and r.outcome is Outcome.OK

    # Moves that take part in the phase (not void): certainly, and perhaps (the result of a
    # dislodged unit does not say whether its move was void).
    live_moves = {
        p: r.order
        for p, r in by_unit.items()
        if isinstance(r.order, Move)
        and (
            r.outcome in (Outcome.OK, Outcome.BOUNCE, Outcome.DISRUPTED)
            or (r.outcome is Outcome.DISLODGED and valid_by_land(unit_at(p), r.order))
        )
    }
    maybe_moves = {
        p: r.order
        for p, r in by_unit.items()
        if isinstance(r.order, Move)
        and r.outcome is not Outcome.VOID
        and r.outcome is not Outcome.NO_CONVOY
    }
    convoyed_armies = {
        r.order.army.province
        for r in by_unit.values()
        if isinstance(r.order, Convoy) and r.outcome in (Outcome.OK, Outcome.DISLODGED)
    }

    def by_land(province: str) -> bool:
        """Does this unit's move certainly not go by convoy?"""
        unit, move = unit_at(province), live_moves[province]
        if unit.kind is UnitKind.FLEET:
            return True
        return (
            province_of(move.dest) in MAP.army_neighbours(province)
            and not move.via_convoy
            and province not in convoyed_armies
        )

    movers: dict[str, Unit] = {}  # destination province -> the unit that moved there
    for province, r in by_unit.items():
        if moved(r):
            assert isinstance(r.order, Move)
            dest = province_of(r.order.dest)
            assert dest not in movers, f"two units moved to {dest}"
            movers[dest] = unit_at(province)
    expected_dislodged = {p for p, r in by_unit.items() if not moved(r) and p in movers}
    dislodged = {p for p, r in by_unit.items() if r.outcome is Outcome.DISLODGED}
    assert dislodged == expected_dislodged
    listed = {d.unit.province: d for d in after.dislodged}
    destroyed = {p for p, r in by_unit.items() if r.reason is Reason.DESTROYED}
    assert not set(listed) & destroyed
    assert set(listed) | destroyed == dislodged
    assert len(before.units) == len(after.units) + len(listed) + len(destroyed)
    assert len(after.units) == len(before.units) - len(dislodged)

    for unit in before.units:
        r = by_unit[unit.province]
        if moved(r):
            assert isinstance(r.order, Move)
            now = after.unit_in(r.order.dest)
            assert now is not None, r
            assert (now.power, now.kind) == (unit.power, unit.kind), r
            if unit.kind is UnitKind.ARMY:
                assert now.location == province_of(r.order.dest)
                if now.province not in MAP.army_neighbours(unit.province):
                    assert unit.province in convoyed_armies, f"{r} went by sea with no convoy"
            else:
                assert now.location in MAP.fleet_neighbours(unit.location), r
                if "/" in r.order.dest:
                    assert now.location == r.order.dest
        elif unit.province not in dislodged:
            assert after.unit_in(unit.province) == unit, f"{unit} moved without a move: {r}"

    # The rules, checked from the outside.
    for province, move in live_moves.items():
        r = by_unit[province]
        dest = province_of(move.dest)
        rivals = [
            p for p, m in maybe_moves.items() if p != province and province_of(m.dest) == dest
        ]
        if before.unit_in(dest) is None and not rivals and by_land(province):
            assert moved(r), f"{r}: nothing stood in its way"
    for province, mover in movers.items():
        if province not in dislodged:
            continue
        victim = unit_at(province)
        assert any(
            isinstance(s.order, Support)
            and s.outcome is Outcome.OK
            and s.order.supported.province == mover.province
            and s.order.dest is not None
            and province_of(s.order.dest) == province
            and s.power != victim.power
            for s in by_unit.values()
        ), f"{victim} dislodged by {mover} without a support that counts"
    for province, r in by_unit.items():
        if not isinstance(r.order, Support) or r.outcome not in (Outcome.OK, Outcome.CUT):
            continue
        aim = province_of(r.order.dest or r.order.supported.province)
        cutters = {
            p
            for p, m in maybe_moves.items()
            if province_of(m.dest) == province and unit_at(p).power != r.power and p != aim
        }
        if r.outcome is Outcome.OK:
            certain = {p for p in cutters if p in live_moves and by_land(p)}
            assert not certain, f"{r} not cut by {certain}"
        else:
            assert r.params["other"].lower() in {str(unit_at(p)).lower() for p in cutters}, r
    for r in by_unit.values():
        if r.reason in (Reason.BOUNCED, Reason.BOUNCED_OFF, Reason.LOST_HEAD_TO_HEAD):
            assert int(r.params["strength"]) <= int(r.params["other_strength"]), r
        if r.reason is Reason.DISLODGED_BY:
            assert int(r.params["strength"]) > int(r.params["other_strength"]), r

    failed_into = {province_of(m.dest) for p, m in maybe_moves.items() if not moved(by_unit[p])}
    bounced_into = {
        province_of(m.dest) for p, m in live_moves.items() if by_unit[p].outcome is Outcome.BOUNCE
    }
    empty_after = {p for p in PROVINCES if after.unit_in(p) is None}
    if after.phase.kind is PhaseKind.RETREATS:
        assert bounced_into & empty_after <= after.standoffs <= failed_into & empty_after
    else:
        assert after.standoffs == frozenset()

    for province in dislodged:
        victim, mover = unit_at(province), movers[province]
        d = listed.get(province)
        if mover.kind is UnitKind.FLEET or by_land(mover.province):
            attacker_from: str | None = mover.province
        elif mover.province not in MAP.army_neighbours(province):
            attacker_from = None
        else:
            attacker_from = d.attacker_from if d is not None else mover.province
        if d is not None:
            assert d.unit == victim
            occupant = after.unit_in(province)
            assert occupant is not None
            assert (occupant.power, occupant.kind) == (mover.power, mover.kind)
            assert d.attacker_from == attacker_from, d
            assert d.retreats, f"{d} is listed without retreats"
            assert list(d.retreats) == sorted(set(d.retreats))
            options = retreat_options(victim, attacker_from, after, after.standoffs)
            assert set(d.retreats) == options, d
            for loc in d.retreats:
                assert legal_location(victim.kind, loc), d
        elif after.phase.kind is PhaseKind.RETREATS:
            assert not retreat_options(victim, attacker_from, after, after.standoffs), victim
        else:  # standoffs are not shown: every way out must have seen a failed move
            assert retreat_options(victim, attacker_from, after, failed_into) == set(), victim

    phase = before.phase
    if after.dislodged:
        assert after.phase == Phase(phase.season, phase.year, PhaseKind.RETREATS)
        assert after.ownership == before.ownership
    elif phase.season is Season.SPRING:
        assert after.phase == Phase(Season.FALL, phase.year, PhaseKind.MOVEMENT)
        assert after.ownership == before.ownership
    else:
        assert dict(after.ownership) == updated_ownership(before.ownership, after)
        assert after.phase == after_fall(phase, after)


def check_retreats(before: Position, orders: OrdersIn, resolution: Resolution) -> None:
    """Everything a retreat phase must satisfy, whatever the orders were."""
    after = resolution.position
    check_board(after)
    check_explained(resolution.results)
    assert after.dislodged == ()
    assert after.standoffs == frozenset()
    for unit in before.units:
        assert after.unit_in(unit.province) == unit
    by_unit: dict[str, OrderResult] = {}
    for r in resolution.results:
        if r.outcome is Outcome.ILLEGAL:
            continue
        assert isinstance(r.order, (Retreat, Disband)), r
        assert r.order.unit.province not in by_unit, f"two results for one unit: {r}, {by_unit}"
        by_unit[r.order.unit.province] = r
    dislodged = {d.unit.province: d for d in before.dislodged}
    assert len(dislodged) == len(before.dislodged), "two dislodged units in one province"
    assert set(by_unit) == set(dislodged)
    for province, r in by_unit.items():
        d = dislodged[province]
        assert r.power == d.unit.power, r
        assert isinstance(r.order, (Retreat, Disband))
        assert (r.order.unit.kind, r.order.unit.location) == (d.unit.kind, d.unit.location), r
    retreated = [
        r for r in by_unit.values() if isinstance(r.order, Retreat) and r.outcome is Outcome.OK
    ]
    new = [u for u in after.units if before.unit_in(u.province) is None]
    assert len(new) == len(retreated)
    for r in retreated:
        assert isinstance(r.order, Retreat)
        d = dislodged[r.order.unit.province]
        assert r.order.dest in retreat_options(d.unit, d.attacker_from, before, before.standoffs), r
        assert after.unit_in(r.order.dest) == Unit(d.unit.power, d.unit.kind, r.order.dest)
    contested = Counter(
        province_of(r.order.dest)
        for r in by_unit.values()
        if isinstance(r.order, Retreat) and r.outcome in (Outcome.OK, Outcome.BOUNCE)
    )
    for r in by_unit.values():
        if isinstance(r.order, Retreat) and r.outcome is Outcome.OK:
            assert contested[province_of(r.order.dest)] == 1, r
    phase = before.phase
    if phase.season is Season.SPRING:
        assert after.phase == Phase(Season.FALL, phase.year, PhaseKind.MOVEMENT)
        assert after.ownership == before.ownership
    else:
        assert dict(after.ownership) == updated_ownership(before.ownership, after)
        assert after.phase == after_fall(phase, after)


def check_adjustments(before: Position, orders: OrdersIn, resolution: Resolution) -> None:
    after = resolution.position
    check_board(after)
    check_explained(resolution.results)
    assert after.ownership == before.ownership
    assert after.phase == Phase(Season.SPRING, before.phase.year + 1, PhaseKind.MOVEMENT)
    built = {
        Unit(r.power, r.order.unit.kind, r.order.unit.location)
        for r in resolution.results
        if isinstance(r.order, Build) and r.outcome is Outcome.OK
    }
    removed = {
        r.order.unit.province
        for r in resolution.results
        if isinstance(r.order, Disband) and r.outcome is Outcome.OK
    }
    for power in POWERS:
        centers = len(before.centers_of(power))
        had = set(before.units_of(power))
        now = set(after.units_of(power))
        if len(had) > centers:
            assert len(now) == centers, (power, had, now)
            assert now <= had
        else:
            assert had <= now
            new = now - had
            assert len(new) <= centers - len(had)
            assert new == {u for u in built if u.power == power}
            for u in new:
                assert u.province in MAP.home_centers(power), u
                assert before.ownership.get(u.province) == power, u
                assert before.unit_in(u.province) is None, u
        assert {u.province for u in had - now} == {
            p for p in removed if (gone := before.unit_in(p)) is not None and gone.power == power
        }


def cli_input(position: Position, orders: OrdersIn) -> dict[str, Any]:
    data = position_to_json(position)
    data["orders"] = {p: [str(o) for o in os_] for p, os_ in orders.items()}
    return data


# -- 1. resolution on random positions -------------------------------------------------------


@PROFILE
@given(case=movement_cases())
def test_movement_invariants(case: tuple[Position, OrdersIn]) -> None:
    position, orders = case
    check_movement(position, orders, resolve(position, orders))


@MEDIUM
@given(case=dislodging_cases(), data=st.data())
def test_retreats_after_dislodgement(case: tuple[Position, OrdersIn], data: st.DataObject) -> None:
    position, orders = case
    resolution = resolve(position, orders)
    check_movement(position, orders, resolution)
    retreat_phase = resolution.position
    assume(retreat_phase.dislodged)
    orders = data.draw(retreat_orders(retreat_phase), label="retreat orders")
    check_retreats(retreat_phase, orders, resolve(retreat_phase, orders))


@PROFILE
@given(data=st.data())
def test_adjustments(data: st.DataObject) -> None:
    position = data.draw(adjustment_positions(), label="position")
    orders = data.draw(adjustment_orders(position), label="orders")
    check_adjustments(position, orders, resolve(position, orders))


@PROFILE
@given(case=movement_cases(), shuffle=st.randoms(use_true_random=False))
def test_resolution_is_deterministic(case: tuple[Position, OrdersIn], shuffle: Random) -> None:
    position, orders = case
    first = resolve(position, orders)
    assert resolve(position, orders) == first
    units = list(position.units)
    shuffle.shuffle(units)
    reordered = Position(position.variant, position.phase, tuple(units), position.ownership)
    again = resolve(reordered, orders)
    assert again.position == first.position, "the order units are listed in matters"
    # Only the wording may differ: which of several equally strong rivals a bounce names.
    assert [(r.power, r.order, r.outcome, r.reason) for r in again.results] == [
        (r.power, r.order, r.outcome, r.reason) for r in first.results
    ]

    data = cli_input(position, orders)
    text = json.dumps(resolve_json(copy.deepcopy(data)))
    assert json.dumps(resolve_json(copy.deepcopy(data))) == text
    cli = json.loads(text)
    api = resolution_to_json(position, first)
    for key in ("phase", "units", "dislodged", "standoffs", "centers", "next_phase", "winner"):
        assert cli[key] == api[key], key

    def outcomes(out: dict[str, Any]) -> Counter[tuple[str, str, str]]:
        return Counter((r["power"], r["order"], r["result"]) for r in out["results"])

    assert outcomes(cli) == outcomes(api)


OFF_MAP = ("xyz", "swi", "nth/nc", "lon/sc", "spa/xx", "", "SPA", "stp/")


@st.composite
def off_map_orders(draw: st.DrawFn, position: Position) -> Order:
    """An order value with some location the map does not have (or not as a location)."""
    order = draw(random_movement_orders(draw(st.sampled_from(position.units)), position))
    off = draw(st.sampled_from(OFF_MAP))
    fields = [f for f in ("unit", "dest", "supported", "army") if getattr(order, f, None)]
    assume(fields)
    field = draw(st.sampled_from(fields))
    value = getattr(order, field)
    new = UnitRef(value.kind, off) if isinstance(value, UnitRef) else off
    changed: Order = dataclasses.replace(cast(Any, order), **{field: new})
    return changed


@PROFILE
@given(position=movement_positions(min_units=1), data=st.data())
def test_orders_naming_places_off_the_map(position: Position, data: st.DataObject) -> None:
    """An order value naming a place the map lacks is illegal or void, never a crash."""
    order = data.draw(off_map_orders(position), label="order")
    unit = None if isinstance(order, Waive) else position.unit_in(order.unit.province)
    power = unit.power if unit is not None else data.draw(st.sampled_from(POWERS))
    resolution = resolve(position, {power: [order]})
    check_movement(position, {power: [order]}, resolution)


def random_legal_orders(position: Position, rng: Random) -> OrdersIn:
    """Random legal orders for each power (some powers, some units left without orders)."""
    orders: OrdersIn = {}
    kind = position.phase.kind
    for power in POWERS:
        if rng.random() < 0.1:
            continue
        legal = legal_orders(position, power)
        chosen: dict[str, Order] = {}
        if kind is PhaseKind.ADJUSTMENTS:
            for options in legal.values():
                if rng.random() < 0.8:
                    chosen[str(len(chosen))] = rng.choice(options)
        else:
            for province, options in legal.items():
                if rng.random() < 0.9:
                    chosen[province] = rng.choice(options)
            # Carry out some of the moves our own supports are for, so attacks happen.
            for order in list(chosen.values()):
                if isinstance(order, Support) and order.dest is not None and rng.random() < 0.7:
                    mover = order.supported.province
                    matching = [
                        o
                        for o in legal.get(mover, ())
                        if isinstance(o, Move) and province_of(o.dest) == order.dest
                    ]
                    if matching:
                        chosen[mover] = rng.choice(matching)
        orders[power] = list(chosen.values())
    return orders


CHECKS: dict[PhaseKind, Callable[[Position, OrdersIn, Resolution], None]] = {
    PhaseKind.MOVEMENT: check_movement,
    PhaseKind.RETREATS: check_retreats,
    PhaseKind.ADJUSTMENTS: check_adjustments,
}


@SLOW
@given(rng=st.randoms(use_true_random=False))
def test_random_game(rng: Random) -> None:
    position = VARIANT.initial_position()
    seen: list[Phase] = []
    for _ in range(12):
        phase = position.phase
        seen.append(phase)
        orders = random_legal_orders(position, rng)
        if rng.random() < 0.5:
            orders = {p: [str(o) for o in os_] for p, os_ in orders.items()}
        resolution = resolve(position, orders)
        CHECKS[phase.kind](position, orders, resolution)
        nxt = resolution.position.phase
        assert nxt.sort_key > phase.sort_key
        assert (nxt.kind is PhaseKind.RETREATS) == bool(resolution.position.dislodged)
        # A movement phase is never skipped: the next one is the very next season's.
        if nxt.kind is PhaseKind.MOVEMENT:
            expected = (
                Phase(Season.FALL, phase.year, PhaseKind.MOVEMENT)
                if phase.season is Season.SPRING
                else Phase(Season.SPRING, phase.year + 1, PhaseKind.MOVEMENT)
            )
            assert nxt == expected
        position = resolution.position
    assert seen[0] == Phase(Season.SPRING, 1901, PhaseKind.MOVEMENT)
    movements = [p for p in seen if p.kind is PhaseKind.MOVEMENT]
    assert len(movements) >= 5  # at most three other phases between two movements


# -- 2. legal_orders -------------------------------------------------------------------------


@st.composite
def any_phase_positions(draw: st.DrawFn) -> Position:
    """Movement, retreat (after a planted attack) and adjustment positions."""
    which = draw(st.sampled_from(["movement", "retreats", "adjustments"]))
    if which == "movement":
        return draw(movement_positions())
    if which == "adjustments":
        return draw(adjustment_positions())
    position, orders = draw(dislodging_cases())
    after = resolve(position, orders).position
    assume(after.dislodged)
    return after


def check_round_trip(position: Position) -> None:
    for options in legal_orders(position).values():
        for order in options:
            text = str(order)
            assert parse_order(text, MAP) == order, text
            assert parse_order(text, MAP, position=position) == order, text


def test_legal_orders_round_trip_at_start() -> None:
    start = VARIANT.initial_position()
    check_round_trip(start)
    for province, options in legal_orders(start).items():
        unit = start.unit_in(province)
        assert unit is not None
        for order in options:
            if isinstance(order, (Hold, Move)):
                r = result_of(resolve(start, {unit.power: [order]}), unit.power, province)
                assert r.order == order
                assert r.outcome not in (Outcome.VOID, Outcome.ILLEGAL), r


@MEDIUM
@given(position=any_phase_positions())
def test_legal_orders_round_trip(position: Position) -> None:
    check_round_trip(position)
    if position.phase.kind is PhaseKind.RETREATS:
        legal = cached_legal_orders(position)
        for d in position.dislodged:
            listed = {o.dest for o in legal[d.unit.province] if isinstance(o, Retreat)}
            assert listed == retreat_options(d.unit, d.attacker_from, position, position.standoffs)


@PROFILE
@given(position=movement_positions(min_units=1), data=st.data())
def test_legal_moves_are_all_the_valid_moves(position: Position, data: st.DataObject) -> None:
    """A move to any location is accepted by ``check_order`` exactly when ``legal_orders``
    lists a move there (a fleet may leave out the coast when only one can be reached; an army's
    coast means nothing)."""
    unit = data.draw(st.sampled_from(position.units), label="unit")
    listed = {o.dest for o in cached_legal_orders(position)[unit.province] if isinstance(o, Move)}
    for location in LOCATIONS:
        if unit.kind is UnitKind.ARMY:
            expected = province_of(location) in listed
        elif "/" in location or not MAP.provinces[location].coasts:
            expected = location in listed
        else:
            expected = len([d for d in listed if province_of(d) == location]) == 1
        problem = check_order(
            position, unit.power, Move(UnitRef(unit.kind, unit.location), location)
        )
        assert (problem is None) == expected, (unit, location, problem)


def result_of(resolution: Resolution, power: str, province: str) -> OrderResult:
    (r,) = [
        x
        for x in resolution.results
        if x.power == power
        and not isinstance(x.order, str | Waive)
        and x.order.unit.province == province
        and x.outcome is not Outcome.ILLEGAL
    ]
    return r


@PROFILE
@given(position=movement_positions(min_units=1), data=st.data())
def test_legal_orders_are_not_void(position: Position, data: st.DataObject) -> None:
    legal = cached_legal_orders(position)
    for _ in range(3):
        unit = data.draw(st.sampled_from(position.units), label="unit")
        order = data.draw(st.sampled_from(legal[unit.province]), label="order")
        assert check_order(position, unit.power, order) is None, order
        assert check_order(position, unit.power, str(order)) is None, order
        options = partners(position, legal, order)
        assert options, f"{order} is listed, but no listed order could match it"
        with_partners = data.draw(st.sampled_from(options), label="partners")
        orders: OrdersIn = {}
        add_order(position, orders, order)
        for partner in with_partners:
            assert partner in legal[partner.unit.province], partner
            add_order(position, orders, partner)
        resolution = resolve(position, orders)
        r = result_of(resolution, unit.power, unit.province)
        assert r.order == order
        assert r.outcome not in (Outcome.VOID, Outcome.ILLEGAL), f"{order} with {orders}: {r}"


# -- 2b. legal_orders on a map with closed provinces (Rather Silly's islands) ---------------

RATHER_SILLY = find_variant("rather_silly")
RS_MAP = RATHER_SILLY.map
#: Crete and Iceland: build-only, no unit may move, retreat, be carried or supported there.
CLOSED: frozenset[str] = RS_MAP.closed


def _near_closed(steps: int) -> tuple[str, ...]:
    """The provinces within ``steps`` fleet steps of a closed one, those too: where the
    moves, supports and convoys (by chains of two fleets) into them would start."""
    near = set(CLOSED)
    for _ in range(steps):
        near |= {n for p in near for n in RS_MAP.fleet_province_neighbours(p)}
    return tuple(sorted(near))


NEAR_CLOSED = _near_closed(2)


def rs_spots(province: str) -> tuple[tuple[UnitKind, str], ...]:
    p = RS_MAP.provinces[province]
    out: list[tuple[UnitKind, str]] = []
    if p.is_land:
        out.append((UnitKind.ARMY, province))
    if p.terrain in (Terrain.SEA, Terrain.COAST):
        out.extend((UnitKind.FLEET, loc) for loc in (RS_MAP.coasts_of(province) or (province,)))
    return tuple(out)


@st.composite
def positions_near_closed(draw: st.DrawFn) -> Position:
    """Rather Silly movement positions with units around Crete and Iceland (the
    Superbrain's in them), fleets at sea in chains that touch them and armies on their
    shores."""
    n = draw(st.integers(1, 14))
    provinces = draw(st.lists(st.sampled_from(NEAR_CLOSED), min_size=n, max_size=n, unique=True))
    units: dict[str, list[str]] = {}
    for province in provinces:
        kind, location = draw(st.sampled_from(rs_spots(province)))
        # Only the Superbrain's units stand in the islands (he builds them there).
        power = "superbrain" if province in CLOSED else draw(st.sampled_from(RATHER_SILLY.powers))
        units.setdefault(power, []).append(f"{kind} {location}")
    season = draw(st.sampled_from(["S", "F"]))
    position, _ = position_from_json(
        {
            "variant": "rather_silly",
            "phase": f"{season}1902M",
            "units": units,
            "extras": {"llamas": {}, "borg": "mos"},  # the Borg far off
        }
    )
    return position


def aim_of(order: Order) -> str | None:
    """The province an order leads a unit, a support or a convoy into (None: holds)."""
    if isinstance(order, Move | Convoy | Retreat):
        return province_of(order.dest)
    if isinstance(order, Support):
        return province_of(order.dest or order.supported.location)
    return None


def reason_of(problem: OrderResult | None) -> str | None:
    """The reason code ``check_order`` refuses an order for (None: accepted)."""
    return None if problem is None or problem.reason is None else problem.reason.value


@MEDIUM
@given(position=positions_near_closed(), data=st.data())
def test_legal_orders_match_the_resolver_around_closed_provinces(
    position: Position, data: st.DataObject
) -> None:
    """On Rather Silly's map, ``legal_orders`` lists nothing that leads into Crete or
    Iceland (by land, by sea, a support or a convoy); what it lists for a unit
    ``check_order`` accepts; an army's listed moves are exactly the moves into the
    provinces around the islands ``check_order`` accepts, by sea too; and a move,
    support or convoy into an island is refused with the resolver's reason."""
    legal = legal_orders(position)
    for orders in legal.values():
        for order in orders:
            assert aim_of(order) not in CLOSED, order
    unit = data.draw(st.sampled_from(position.units), label="unit")
    ref = UnitRef(unit.kind, unit.location)
    core = [o for o in legal[unit.province] if isinstance(o, Hold | Move | Support | Convoy)]
    for order in data.draw(st.lists(st.sampled_from(core), max_size=4, unique=True)):
        assert check_order(position, unit.power, order) is None, order
    listed = {province_of(o.dest) for o in core if isinstance(o, Move)}
    if unit.kind is UnitKind.ARMY:
        for province in NEAR_CLOSED:
            if province == unit.province or not RS_MAP.provinces[province].is_land:
                continue
            problem = check_order(position, unit.power, Move(ref, province))
            assert (problem is None) == (province in listed), (unit, province, problem)
    at_sea = unit.kind is UnitKind.FLEET and unit.province in RS_MAP.convoy_provinces
    for island in CLOSED:
        if unit.province != island:
            problem = check_order(position, unit.power, Move(ref, island))
            assert reason_of(problem) == "cannot_enter", problem
        for other in position.units:
            other_ref = UnitRef(other.kind, other.location)
            if other == unit:
                continue
            problem = check_order(position, unit.power, Support(ref, other_ref, island))
            assert reason_of(problem) == "support_unreachable", problem
            if other.province == island:
                problem = check_order(position, unit.power, Support(ref, other_ref))
                assert reason_of(problem) == "support_unreachable", problem
            if at_sea and other.kind is UnitKind.ARMY and other.province != island:
                problem = check_order(position, unit.power, Convoy(ref, other_ref, island))
                assert reason_of(problem) == "cannot_enter", problem


# -- 3. the parser ---------------------------------------------------------------------------


def parse_or_error(
    text: str, position: Position | None = None, power: str | None = None
) -> Order | ParseError:
    """The order the text reads as, or the ParseError it raises (anything else propagates)."""
    try:
        return parse_order(text, MAP, position=position, power=power)
    except ParseError as e:
        return e


def check_parse(text: str, position: Position | None, power: str | None = None) -> None:
    order = parse_or_error(text, position, power)
    if isinstance(order, ParseError):
        assert isinstance(order.message, str)
        assert order.message.strip()
        return
    assert isinstance(order, ORDER_TYPES), order
    if not isinstance(order, Waive):
        assert order.unit.location in MAP.locations, order
    for attr in ("dest", "supported", "army"):
        value = getattr(order, attr, None)
        if isinstance(value, UnitRef):
            value = value.location
        assert value is None or value in MAP.locations, order
    assert parse_order(str(order), MAP) == order, (text, str(order))


texts = st.one_of(st.text(), vocabulary_text(), order_like_text())


@PROFILE
@given(text=texts)
def test_parser_without_position(text: str) -> None:
    check_parse(text, None)


@PROFILE
@given(
    text=texts,
    position=st.one_of(movement_positions(), adjustment_positions()),
    power=st.one_of(st.none(), st.sampled_from(POWERS)),
)
def test_parser_with_position(text: str, position: Position, power: str | None) -> None:
    check_parse(text, position, power)


@PROFILE
@given(data=st.data())
def test_parser_in_retreat_phase(data: st.DataObject) -> None:
    position = data.draw(movement_positions(min_units=1), label="board")
    unit = data.draw(st.sampled_from(position.units), label="dislodged unit")
    others = tuple(u for u in position.units if u != unit)
    retreat = Position(
        "standard",
        Phase(position.phase.season, position.phase.year, PhaseKind.RETREATS),
        others,
        position.ownership,
        (DislodgedUnit(unit, None, ()),),
    )
    text = data.draw(
        st.one_of(
            texts,
            st.just(f"{unit} - {unit.location}"),
            st.builds(lambda loc: f"{unit.province} - {loc}", st.sampled_from(LOCATIONS)),
        ),
        label="text",
    )
    check_parse(text, retreat)


# -- 4. the JSON reader and the command line -------------------------------------------------

json_values = st.recursive(
    st.one_of(
        st.none(),
        st.booleans(),
        st.integers(),
        st.floats(allow_nan=False, allow_infinity=False),
        st.text(max_size=12),
    ),
    lambda inner: st.one_of(
        st.lists(inner, max_size=3), st.dictionaries(st.text(max_size=8), inner, max_size=3)
    ),
    max_leaves=8,
)
bad_strings = st.one_of(
    st.sampled_from(
        [
            "A xyz",
            "F lon/nc",
            "A nth",
            "F mun",
            "F spa",
            "F stp",
            "A swi",
            "Q lon",
            "A",
            "",
            "A  lon extra",
            "lon",
            "S1901",
            "X1901M",
            "W1901M",
            "S1901R ",
            "s1901m",
            "F99999A",
            "S-1M",
            "england",
            "ENGLAND",
            "narnia",
            "nth",
            "NTH",
            "swi",
            "spa/nc",
            "A lon",
            "F stp/sc",
        ]
    ),
    st.text(max_size=12),
)


def paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path into a JSON value (keys and list indices), the root included."""
    out = [prefix]
    if isinstance(value, dict):
        for k, v in value.items():
            out.extend(paths(v, (*prefix, k)))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out.extend(paths(v, (*prefix, i)))
    return out


def lookup(value: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        value = value[key]
    return value


VALID_UNITS: tuple[str, ...] = tuple(
    f"{kind.value} {loc}" for spots_ in SPOTS.values() for kind, loc in spots_
)
VALID_PHASES: tuple[str, ...] = tuple(
    f"{season}{year}{kind}" for season, kind in VARIANT.phase_sequence for year in (1901, 1905)
)
OPTIONAL_KEYS = ("variant", "dislodged", "standoffs", "centers", "orders", "options")


@st.composite
def hostile_mutation(draw: st.DrawFn, root: Any) -> Any:
    """A wrong type, a bad string, a deletion, extra nesting or an extra entry, anywhere."""
    everywhere = paths(root)
    containers = [p for p in everywhere if isinstance(lookup(root, p), dict | list)]
    choices = everywhere
    if draw(st.booleans()) and containers:
        choices = containers
    path = draw(st.sampled_from(choices))
    what = draw(st.sampled_from(["value", "string", "delete", "nest", "list", "add_key"]))
    old = lookup(root, path)
    new: Any
    if what == "string":
        new = draw(bad_strings)
    elif what == "nest":
        new = draw(st.sampled_from([[old], {"x": old}]))
    elif what == "list" and isinstance(old, list):
        new = [*old, draw(st.one_of(bad_strings, json_values))]
    elif what == "add_key" and isinstance(old, dict):
        key = draw(st.one_of(bad_strings, st.sampled_from(POWERS)))
        new = {**old, key: draw(st.one_of(json_values, st.lists(bad_strings, max_size=2)))}
    elif what == "delete" and path:
        del lookup(root, path[:-1])[path[-1]]
        return root
    else:
        new = draw(json_values)
    if not path:
        return new
    lookup(root, path[:-1])[path[-1]] = new
    return root


@st.composite
def plausible_mutation(draw: st.DrawFn, root: dict[str, Any]) -> dict[str, Any]:
    """A change that keeps the input readable more often than not: another phase, another
    unit, an optional key dropped, or one power's entries given to another power too."""
    what = draw(st.sampled_from(["phase", "unit", "drop", "copy_power"]))
    if what == "phase":
        root["phase"] = draw(st.sampled_from(VALID_PHASES))
    elif what == "drop":
        root.pop(draw(st.sampled_from(OPTIONAL_KEYS)), None)
    elif what == "unit":
        units = [
            p
            for p in paths(root)
            if (p[:1] == ("units",) and len(p) == 3)
            or (p[:1] == ("dislodged",) and p[-1:] == ("unit",))
        ]
        if units:
            path = draw(st.sampled_from(units))
            lookup(root, path[:-1])[path[-1]] = draw(st.sampled_from(VALID_UNITS))
    else:
        keyed = [
            k
            for k in ("units", "dislodged", "centers", "orders")
            if isinstance(root.get(k), dict) and set(root[k]) & set(POWERS)
        ]
        if keyed:
            entries = root[draw(st.sampled_from(keyed))]
            source = draw(st.sampled_from(sorted(set(entries) & set(POWERS))))
            target = draw(st.sampled_from(POWERS))
            extra = copy.deepcopy(entries[source])
            if isinstance(entries.get(target), list) and isinstance(extra, list):
                extra = [*entries[target], *extra]
            entries[target] = extra
    return root


@st.composite
def mutated(draw: st.DrawFn, data: dict[str, Any]) -> Any:
    """``data`` with one to three random mutations, hostile or plausible."""
    root: Any = copy.deepcopy(data)
    for _ in range(draw(st.integers(1, 3))):
        if isinstance(root, dict) and draw(st.booleans()):
            root = draw(plausible_mutation(root))
        else:
            root = draw(hostile_mutation(root))
    return json.loads(json.dumps(root))  # JSON values only


@st.composite
def cli_inputs(draw: st.DrawFn) -> dict[str, Any]:
    which = draw(st.sampled_from(["movement", "retreats", "adjustments"]))
    if which == "movement":
        position, orders = draw(movement_cases())
    elif which == "adjustments":
        position = draw(adjustment_positions())
        orders = draw(adjustment_orders(position))
    else:
        before, moves = draw(dislodging_cases())
        position = resolve(before, moves).position
        assume(position.dislodged)
        orders = draw(retreat_orders(position))
    data = cli_input(position, orders)
    if draw(st.booleans()):
        data["options"] = {}
    for entries in data["dislodged"].values():
        for entry in entries:
            del entry["retreats"]  # output only; the reader ignores it anyway
    return data


def resolve_or_error(data: Any) -> dict[str, Any] | PositionError:
    """The CLI's answer to ``data``, or the PositionError it raises (anything else propagates)."""
    try:
        return resolve_json(copy.deepcopy(data))
    except PositionError as e:
        return e


TOP_KEYS = {"variant", "phase", "units", "dislodged", "standoffs", "centers", "orders", "options"}


@MEDIUM
@given(data=st.data())
def test_json_reader_rejects_cleanly(data: st.DataObject) -> None:
    valid = data.draw(cli_inputs(), label="valid input")
    resolve_json(copy.deepcopy(valid))  # the unmutated input is fine
    bad = data.draw(mutated(valid), label="mutated input")
    out = resolve_or_error(bad)
    if isinstance(out, PositionError):
        assert isinstance(out.message, str)
        assert out.message.strip(), out
        assert isinstance(out.path, str), out
        head = out.path.split(".")[0].split("[")[0]
        assert head in TOP_KEYS | {""}, out.path
        return
    assert json.dumps(resolve_json(copy.deepcopy(bad))) == json.dumps(out)
    # What the reader accepts is a position, and resolves as one.
    position, texts = position_from_json(copy.deepcopy(bad))
    check_board(position)
    orders: OrdersIn = {p: list(v) for p, v in texts.items()}
    CHECKS[position.phase.kind](position, orders, resolve(position, orders))


IMPOSSIBLE_POSITIONS: list[tuple[str, dict[str, Any]]] = [
    (
        "two units in one province",
        {"phase": "S1901M", "units": {"france": ["A bur"], "germany": ["A bur"]}},
    ),
    (
        "one center owned twice",
        {"phase": "S1901M", "centers": {"france": ["par"], "germany": ["par"]}},
    ),
    (
        "two dislodged units in one province",
        {
            "phase": "F1901R",
            "dislodged": {
                "france": [{"unit": "A bur", "attacker_from": "mun"}],
                "germany": [{"unit": "A bur", "attacker_from": "par"}],
            },
            "orders": {"france": ["A bur - gas"], "germany": ["A bur - ruh"]},
        },
    ),
]


@MEDIUM
@given(position=any_phase_positions())
def test_the_json_reader_reads_a_position_as_the_writer_wrote_it(position: Position) -> None:
    """The output is a valid input for the next phase: read back, every part is as
    written, a dislodged unit's retreats included (a host stores positions as JSON, and
    a variant's own retreats read them: Rather Silly's monsters)."""
    written = json.loads(json.dumps(position_to_json(position)))
    read, orders = position_from_json(written)
    assert position_to_json(read) == written
    assert set(read.dislodged) == set(position.dislodged)
    assert orders == {}


@pytest.mark.parametrize(
    "data", [d for _, d in IMPOSSIBLE_POSITIONS], ids=[n for n, _ in IMPOSSIBLE_POSITIONS]
)
def test_json_reader_rejects_impossible_positions(data: dict[str, Any]) -> None:
    """The mutations above found these: a board no game can reach is refused, not resolved."""
    with pytest.raises(PositionError) as caught:
        resolve_json(copy.deepcopy(data))
    assert caught.value.message
    assert caught.value.path.split(".")[0] in TOP_KEYS


def run_cli(stdin: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "adjudicator", "resolve"],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=REPO,
        timeout=60,
        env={**os.environ, "PYTHONPATH": str(REPO)},
    )


@pytest.mark.parametrize(
    ("stdin", "path"),
    [
        (
            json.dumps({"phase": "S1901M", "units": {"england": ["A lon", "A xyz"]}}),
            "units.england[1]",
        ),
        (json.dumps([{"phase": "S1901M"}, {"phase": "S1901X"}]), "[1].phase"),
        ("{not json", ""),
    ],
    ids=["unknown-province", "batch-bad-phase", "not-json"],
)
def test_cli_bad_input(stdin: str, path: str) -> None:
    proc = run_cli(stdin)
    assert proc.returncode == 2, (proc.stdout, proc.stderr)
    assert "Traceback" not in proc.stderr, proc.stderr
    out = json.loads(proc.stdout)
    assert set(out) == {"error", "path"}
    assert isinstance(out["error"], str)
    assert out["error"].strip()
    assert out["path"] == path
