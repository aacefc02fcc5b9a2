"""A game of Kapitalisten for nine investors through several turns on a real Celery worker
(in a thread, on the configured broker: Redis in CI): the exchange turn adjudicated at its
deadline by the sweep without waiting for anyone's exchange orders (3.3.1), a turn
adjudicated when every investor playing is ready (not only the controllers), a
controller's missing military orders holding a turn up for a replacement who orders for
that same turn (3.3.2, 3.3.4), and an investor excluded after three turns without exchange
orders (3.3.1), every phase exactly once"""

from __future__ import annotations

import time
from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone

from games import services, tasks
from games.models import GamePhase, Seat
from tests.games.conftest import wait_for_phase
from tests.games.helpers import current
from tests.games.kapitalisten import controllers, investor_user, kapitalisten_game, pseudonym_of

pytestmark = pytest.mark.django_db(transaction=True)


def _deadline_passes(game: Any) -> None:
    phase = current(game)
    GamePhase.objects.filter(pk=phase.pk).update(deadline=timezone.now() - timedelta(seconds=1))
    tasks.sweep_due_phases()


def _trade(game: Any, investors: range) -> None:
    for n in investors:
        investor = f"investor-{n}"
        services.orders_submit(
            game=game, user=investor_user(game, investor), orders=["sell 1 turkey"], power=investor
        )


def test_nine_investors_through_several_turns_on_a_real_worker(
    make_user: Any, worker: None
) -> None:
    game, _users = kapitalisten_game(make_user)
    lazy = investor_user(game, "investor-9")
    # Winter 1900: two investors trade; nobody else gives exchange orders, and the turn
    # waits for none of them.
    services.orders_submit(
        game=game,
        user=investor_user(game, "investor-1"),
        orders=["sell 500 france", "buy 400 russia"],
        power="investor-1",
    )
    services.orders_submit(
        game=game,
        user=investor_user(game, "investor-2"),
        orders=["sell 100 turkey", "buy 100 france"],
        power="investor-2",
    )
    _deadline_passes(game)
    wait_for_phase(game, "S1901M")
    held = controllers(game)
    assert held["russia"] == "investor-1"
    assert held["france"] == "investor-2"
    assert set(held.values()) == {"investor-1", "investor-2"}

    # Spring 1901: both controllers say they are ready, but the turn also waits for the
    # investors who command nothing (the house rule of an early end); once the last says
    # he is ready (investor 9, with no exchange orders) the worker adjudicates at once.
    _trade(game, range(1, 9))
    services.orders_submit(
        game=game, user=investor_user(game, "investor-1"), orders=["A war - gal"], power="russia"
    )
    for n in range(1, 9):
        services.orders_ready(game=game, user=investor_user(game, f"investor-{n}"), ready=True)
    spring = current(game)
    assert spring.code == "S1901M"
    assert not spring.due_now
    services.orders_ready(game=game, user=lazy, ready=True)
    wait_for_phase(game, "F1901M")

    # Fall 1901: investor 2 gives no military orders. At the deadline the turn waits and
    # his seat is offered; a replacement takes it and orders France for this same turn.
    _trade(game, range(1, 9))
    for n in (1, 3, 4, 5, 6, 7, 8, 9):
        services.orders_ready(game=game, user=investor_user(game, f"investor-{n}"), ready=True)
    two = investor_user(game, "investor-2")
    _deadline_passes(game)
    seat = Seat.objects.get(game=game, power="investor-2")
    for _ in range(300):
        seat.refresh_from_db()
        if seat.seeking_replacement_until is not None:
            break
        time.sleep(0.1)
    assert seat.user is None
    assert seat.excluded_user == two
    fall = current(game)
    assert fall.code == "F1901M"
    assert any(n["kind"] == "replacement_search" for n in fall.notes)
    newcomer = make_user("newcomer")
    services.seat_take_over(game=game, user=newcomer, power="investor-2")
    services.orders_submit(game=game, user=newcomer, orders=["A par - bur"], power="france")
    services.orders_ready(game=game, user=newcomer, ready=True)
    # No center changed hands, so no builds: the next turn is the spring.
    after = wait_for_phase(game, "S1902M")
    fall.refresh_from_db()
    assert fall.adjudicated_orders["france"] == ["A par - bur"]
    assert "A bur" in after.position["units"]["france"]

    # Investor 9 gave no exchange orders in three turns: excluded, in the results.
    excluded = [r for r in fall.results if r.get("reason_code") == "investor_excluded"]
    assert [r["power"] for r in excluded] == ["investor-9"]
    nine = Seat.objects.get(game=game, power="investor-9")
    assert nine.user is None
    assert nine.excluded_user == lazy
    assert nine.civil_disorder
    assert nine.pseudonym == pseudonym_of(lazy)
    assert Seat.objects.get(game=game, power="investor-2").pseudonym == pseudonym_of(two)

    # Each phase exactly once.
    codes = list(
        game.phases.filter(status=GamePhase.Status.RESOLVED).values_list("code", flat=True)
    )
    assert codes == ["W1900X", "S1901M", "F1901M"]
