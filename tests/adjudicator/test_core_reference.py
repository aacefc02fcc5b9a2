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
planted supported attack, so that cuts, dislodgements and convoys happen). No deadline.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from unittest import mock

from hypothesis import given, settings

import adjudicator.game
from adjudicator import Position, Resolution, check_order, resolution, resolution_reference, resolve
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
