"""``check_order`` gives the answers of resolving the whole phase with the one order.

Where the verdict is decided once the orders are read (a movement phase of a variant whose
hooks neither move units nor report on orders), ``check_order`` stops there; everywhere else
it resolves the phase. Either way its answer (``None``, or the same ``OrderResult``: outcome,
reason, parameters, order) must be ``game._check_by_resolving``'s, which always resolves the
whole phase with the one order, as ``check_order`` did before.

Positions: the standard start; every phase of games played from the starts of Standard,
Highlander, Multiple Void, Kapitalisten and Rather Silly with random legal orders (explicit
seeds; their set-up phases, retreats and adjustments too); random standard movement, retreat
and adjustment boards (``test_properties``). Orders: listed legal ones, as values and as text;
moves of every unit to every province (wrong adjacency, coasts, convoyed army moves, with and
without "via convoy"); random holds, moves, supports (of units there and not, to hold and to
move) and convoys that may well be illegal, orders of other phases, orders for no unit or
another power's unit, and junk text.

Examples: 300 for the positions of played games, 300 for random boards (each with several
orders), and every location as a destination for every unit of three played positions per variant.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from random import Random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adjudicator import (
    Move,
    Order,
    OrderResult,
    Phase,
    PhaseKind,
    Position,
    PositionError,
    Season,
    UnitRef,
    Variant,
    check_order,
    find_variant,
    legal_orders,
    resolve,
    start,
)
from adjudicator import game as game_module
from adjudicator.game import _check_by_resolving
from tests.adjudicator.test_properties import (
    any_phase_positions,
    junk_text,
    order_like_text,
    random_movement_orders,
)

VARIANT_IDS = ("standard", "highlander", "multiple_void", "kapitalisten", "rather_silly")
SEEDS = (0, 1, 2)
PHASES = 14
_CORE = (PhaseKind.MOVEMENT, PhaseKind.RETREATS, PhaseKind.ADJUSTMENTS)

CHECKS = settings(
    max_examples=300,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

Answer = tuple[str, object]


def answer(ask: Callable[[], OrderResult | None]) -> Answer:
    """What a check says: its result, or the error it raised (both ways must agree)."""
    try:
        return ("answer", ask())
    except Exception as e:  # the comparison is the point, whatever the error
        return ("raised", (type(e), str(e)))


def same_answer(position: Position, power: str, order: Order | str) -> None:
    variant = find_variant(position.variant)
    quick = answer(lambda: check_order(position, power, order, variant=variant))
    full = answer(lambda: _check_by_resolving(position, power, order, variant))
    assert quick == full, (str(position.phase), power, str(order))


# -- positions ---------------------------------------------------------------------------


def _listed(position: Position, power: str, variant: Variant) -> list[Order]:
    return [o for opts in legal_orders(position, power, variant=variant).values() for o in opts]


def _random_orders(position: Position, variant: Variant, rng: Random) -> dict[str, list[Order]]:
    """Random listed orders: in a phase of play most units get one, else one per power due
    (the variants complete set-up lists at random)."""
    orders: dict[str, list[Order]] = {}
    if position.phase.kind not in _CORE:
        for power in sorted(variant.orders_due(position)):
            listed = _listed(position, power, variant)
            if listed:
                orders[power] = [rng.choice(listed)]
        return orders
    powers = {u.power for u in position.units} | {d.unit.power for d in position.dislodged}
    for power in sorted((powers | set(variant.powers)) - set(variant.creatures)):
        for options in legal_orders(position, power, variant=variant).values():
            if rng.random() < 0.85:
                orders.setdefault(power, []).append(rng.choice(options))
    return orders


@functools.cache
def played(variant_id: str, seed: int) -> tuple[Position, ...]:
    """Every phase of a game played from the variant's start with random listed orders."""
    variant = find_variant(variant_id)
    rng = Random(seed)
    position = start(variant, seed=seed)
    positions = [position]
    for n in range(PHASES * 3):  # set-up phases are many short steps (draft picks)
        orders = _random_orders(position, variant, rng)
        position = resolve(position, orders, seed=seed * 1000 + n, variant=variant).position
        positions.append(position)
        if variant.finished(position) or sum(p.phase.kind in _CORE for p in positions) > PHASES:
            break
    return tuple(positions)


def played_positions() -> st.SearchStrategy[Position]:
    return st.builds(
        lambda variant_id, seed, n: played(variant_id, seed)[n % len(played(variant_id, seed))],
        st.sampled_from(VARIANT_IDS),
        st.sampled_from(SEEDS),
        st.integers(0, 10_000),
    )


def test_the_games_reach_every_kind_of_phase() -> None:
    """The played games give what the property needs: phases of play of each variant."""
    for variant_id in VARIANT_IDS:
        kinds = {p.phase.kind for seed in SEEDS for p in played(variant_id, seed)}
        assert {PhaseKind.MOVEMENT, PhaseKind.ADJUSTMENTS} <= kinds, variant_id
    retreats = {v for v in VARIANT_IDS for s in SEEDS for p in played(v, s) if p.dislodged}
    assert retreats, "no game had a retreat phase"


# -- orders ------------------------------------------------------------------------------


def _seats(position: Position, variant: Variant) -> list[str]:
    owners = {u.power for u in position.units} | {d.unit.power for d in position.dislodged}
    return sorted(owners | set(variant.powers) | set(variant.creatures) | {"nobody"})


@st.composite
def checks(draw: st.DrawFn, position: Position) -> tuple[str, Order | str]:
    """A power and an order for it: listed, or built to be wrong in one way or another."""
    variant = find_variant(position.variant)
    seats = _seats(position, variant)
    units = [*position.units, *(d.unit for d in position.dislodged)]
    unit = draw(st.sampled_from(units)) if units else None
    what = draw(st.sampled_from(["listed", "listed", "move", "random", "junk", "text"]))
    order: Order | str
    if what == "listed" and unit is not None:
        listed = _listed(position, unit.power, variant)
        if not listed:
            return draw(st.sampled_from(seats)), draw(junk_text)
        order = draw(st.sampled_from(listed))
    elif what == "move" and unit is not None:
        # Anywhere on the map: far, off the coasts, by convoy or not.
        dest = draw(st.sampled_from(sorted(variant.map.locations)))
        order = Move(UnitRef(unit.kind, unit.location), dest, draw(st.booleans()))
    elif what == "random":
        order = draw(random_movement_orders(unit, position))
    elif what == "text":
        order = draw(order_like_text())
    else:
        order = draw(junk_text)
    if not isinstance(order, str) and draw(st.booleans()):
        order = str(order)
    owner = unit.power if unit is not None else "nobody"
    power = owner if draw(st.integers(0, 5)) else draw(st.sampled_from(seats))
    return power, order


@CHECKS
@given(position=played_positions(), data=st.data())
def test_played_positions(position: Position, data: st.DataObject) -> None:
    for _ in range(4):
        power, order = data.draw(checks(position))
        same_answer(position, power, order)


@CHECKS
@given(position=st.one_of(st.just(start(find_variant("standard"))), any_phase_positions()))
def test_random_boards(position: Position) -> None:
    # Seeded per position, so that a failure shrinks with its orders.
    data_rng = Random(str(position))
    variant = find_variant(position.variant)
    seats = _seats(position, variant)
    for power in seats:
        for order in _listed(position, power, variant)[:: data_rng.randint(1, 7)]:
            same_answer(position, power, order)
            same_answer(position, data_rng.choice(seats), str(order))


@CHECKS
@given(data=st.data())
def test_random_orders_on_random_boards(data: st.DataObject) -> None:
    position = data.draw(st.one_of(any_phase_positions(), played_positions()))
    for _ in range(4):
        power, order = data.draw(checks(position))
        same_answer(position, power, order)


@pytest.mark.parametrize("variant_id", VARIANT_IDS)
def test_every_move_of_every_unit(variant_id: str) -> None:
    """Every unit of a few positions of play, to every location of the map, over land or
    by convoy, as text (a sample of the locations where both ways resolve the phase)."""
    variant = find_variant(variant_id)
    locations = sorted(variant.map.locations)
    positions = [p for p in played(variant_id, 0) if p.phase.kind in _CORE][::4][:3]
    assert positions
    if not game_module._reading_decides(variant):
        locations = locations[::5]  # both ways resolve the phase: a sample is enough
    for position in positions:
        for unit in [*position.units, *(d.unit for d in position.dislodged)]:
            for dest in locations:
                same_answer(position, unit.power, f"{unit} - {dest}")
                same_answer(position, unit.power, f"{unit} - {dest} via convoy")
            same_answer(position, unit.power, f"{unit} H")


def test_a_phase_the_variant_does_not_have_is_refused_both_ways() -> None:
    """Highlander has no spring: resolving a spring movement refuses the position, and so
    does the check, quick way or not."""
    fall = next(p for p in played("highlander", 0) if p.phase.kind is PhaseKind.MOVEMENT)
    spring = fall.with_changes(phase=Phase(Season.SPRING, fall.phase.year + 1, PhaseKind.MOVEMENT))
    unit = spring.units[0]
    for order in (f"{unit} H", f"{unit} - nowhere", "A xyz - bur"):
        same_answer(spring, unit.power, order)
    with pytest.raises(PositionError):
        check_order(spring, unit.power, f"{unit} H")


def test_a_standard_movement_check_stops_after_reading(monkeypatch: pytest.MonkeyPatch) -> None:
    """The quick way is the one taken where it applies (else the property proves nothing),
    and only there."""

    def no_resolution(*_args: object, **_kwargs: object) -> None:
        raise AssertionError("resolved the phase")

    monkeypatch.setattr(game_module, "_resolve", no_resolution)
    standard = start(find_variant("standard"))
    assert check_order(standard, "france", "A par - bur") is None
    problem = check_order(standard, "france", "A par - mun")
    assert problem is not None
    assert problem.reason is not None
    assert problem.reason.value == "not_adjacent"
    silly = next(p for p in played("rather_silly", 0) if p.phase.kind is PhaseKind.MOVEMENT)
    with pytest.raises(AssertionError, match="resolved the phase"):
        check_order(silly, "france", "A par - bur")
