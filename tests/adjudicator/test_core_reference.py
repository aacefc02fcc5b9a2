"""The movement core with provinces as integers (issue 40) against the core it replaced.

``adjudicator.resolution_reference`` is the resolver as it was before provinces became
numbers inside the decisions; it stays callable until the new core is proven. Each
property resolves the same random position and orders through both (the whole front
door, ``adjudicator.resolve``, with only the movement core swapped) and asks for equal
answers: the same results (outcome, reason code, parameters, order, in the same order),
the same next position (units, dislodged units with their retreats, standoffs), and the
same verdicts on orders read alone (``check_order``, which stops after reading).

Positions and orders come from the strategies of ``test_properties`` (random boards of
the standard map; legal, illegal, junk and cooperating orders; crowded boards with a
planted supported attack, so that cuts, dislodgements and convoys happen), and, for the
variants whose hooks plug into the same core (Highlander, Multiple Void, Kapitalisten,
Rather Silly with its creatures), their example positions with random legal orders. No
deadline.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from unittest import mock

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import adjudicator.game
from adjudicator import (
    Order,
    PhaseKind,
    Position,
    Resolution,
    check_order,
    find_variant,
    legal_orders,
    resolution,
    resolution_reference,
    resolve,
)
from adjudicator.io import position_from_json, resolution_to_json
from tests.adjudicator.test_extras_fuzz import inputs
from tests.adjudicator.test_properties import (
    PROFILE,
    OrdersIn,
    dislodging_cases,
    movement_cases,
)

CORE = settings(PROFILE, deadline=None, max_examples=max(200, PROFILE.max_examples))


@contextmanager
def reference_core() -> Iterator[None]:
    """The front door with the old movement core in place of the new one."""
    with (
        mock.patch.object(
            adjudicator.game, "resolve_movement", resolution_reference.resolve_movement
        ),
        mock.patch.object(adjudicator.game, "movement_voids", resolution_reference.movement_voids),
    ):
        yield


def both(position: Position, orders: OrdersIn) -> tuple[Resolution, Resolution]:
    assert adjudicator.game.resolve_movement is resolution.resolve_movement
    new = resolve(position, orders)
    with reference_core():
        old = resolve(position, orders)
    return new, old


def test_the_swap_reaches_the_front_door() -> None:
    """The property below compares two cores, not one core twice."""
    with reference_core():
        assert adjudicator.game.resolve_movement is resolution_reference.resolve_movement
    assert adjudicator.game.resolve_movement is resolution.resolve_movement
    assert resolution.resolve_movement is not resolution_reference.resolve_movement


@CORE
@given(movement_cases())
def test_new_core_resolves_as_the_old(case: tuple[Position, OrdersIn]) -> None:
    new, old = both(*case)
    assert new.results == old.results
    assert new.position == old.position


@CORE
@given(dislodging_cases())
def test_new_core_dislodges_as_the_old(case: tuple[Position, OrdersIn]) -> None:
    new, old = both(*case)
    assert new.results == old.results
    assert new.position == old.position


@CORE
@given(movement_cases())
def test_new_core_checks_orders_as_the_old(case: tuple[Position, OrdersIn]) -> None:
    position, orders = case
    for power, given_orders in orders.items():
        for order in given_orders:
            new = check_order(position, power, order)
            with reference_core():
                old = check_order(position, power, order)
            assert new == old


#: The variants that resolve through the same core with hooks of their own (geography,
#: closed passages, strengths, supports no order gives, supports hard to cut, creatures).
VARIANTS = ("standard", "highlander", "multiple_void", "kapitalisten", "rather_silly")


def variant_movements(variant_id: str) -> list[tuple[Position, dict[str, list[str]]]]:
    """The movement phases of a variant's examples (docs/examples, the fuzzed inputs),
    each with the orders its example gives."""
    found = []
    for data in inputs(variant_id):
        position, orders = position_from_json(data)
        if position.phase.kind is PhaseKind.MOVEMENT:
            found.append((position, orders))
    if not found:
        # Examples of the set-up only (Highlander's nomination, Multiple Void's draft): the
        # set-up played with no orders, to the first movement phase.
        position = find_variant(variant_id).initial_position()
        for _ in range(200):
            if position.phase.kind is PhaseKind.MOVEMENT:
                found.append((position, {}))
                break
            position = resolve(position, {}).position
    return found


@pytest.mark.parametrize("variant_id", VARIANTS)
@settings(CORE, max_examples=40)
@given(data=st.data())
def test_new_core_resolves_the_variants_as_the_old(variant_id: str, data: st.DataObject) -> None:
    """Each variant's example positions, with the example's orders or random legal ones
    (supports and convoys included), the same through both cores, JSON byte for byte."""
    movements = variant_movements(variant_id)
    assert movements, variant_id
    position, example = data.draw(st.sampled_from(movements))
    orders: dict[str, list[Order | str]] = {p: list(o) for p, o in example.items()}
    if data.draw(st.booleans()):
        orders = {}
        for province, options in legal_orders(position).items():
            unit = position.unit_in(province)
            if unit is None or not options or not data.draw(st.integers(0, 5)):
                continue
            orders.setdefault(unit.power, []).append(data.draw(st.sampled_from(options)))
    new, old = both(position, orders)
    assert new.results == old.results
    assert new.position == old.position
    assert resolution_to_json(position, new) == resolution_to_json(position, old)
