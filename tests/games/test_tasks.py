"""Deadlines and adjudication on Celery: exactly once, whatever is delivered twice or fails.

One test runs a real Celery worker (in a thread, on the configured broker:
Redis in CI, the filesystem broker otherwise) through a game of several phases.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.core.cache import cache
from django.utils import timezone

from games import services, tasks
from games.models import Game, GamePhase
from tests.games.conftest import wait_for_phase

pytestmark = pytest.mark.django_db(transaction=True)


def current(game: Game) -> GamePhase:
    phase = game.current_phase
    assert phase is not None
    return phase


def test_a_second_delivery_does_nothing(started_game: Game) -> None:
    phase = current(started_game)
    assert tasks.adjudicate_phase.apply(args=(started_game.pk, phase.pk)).get() is True
    assert tasks.adjudicate_phase.apply(args=(started_game.pk, phase.pk)).get() is False
    assert started_game.phases.count() == 2


def test_a_crash_mid_adjudication_leaves_nothing_and_the_retry_does_it_once(
    started_game: Game, monkeypatch: pytest.MonkeyPatch
) -> None:
    phase = current(started_game)
    real = services._open_phase
    calls = {"n": 0}

    def crash_once(*args: Any, **kwargs: Any) -> Any:
        calls["n"] += 1
        if calls["n"] == 1:
            raise SystemExit("worker killed")  # as if the process died mid-transaction
        return real(*args, **kwargs)

    monkeypatch.setattr(services, "_open_phase", crash_once)
    with pytest.raises(SystemExit):
        services.phase_adjudicate(game_id=started_game.pk, phase_id=phase.pk)
    phase.refresh_from_db()
    assert not phase.is_resolved  # the transaction rolled back whole
    assert services.phase_adjudicate(game_id=started_game.pk, phase_id=phase.pk) is True
    assert services.phase_adjudicate(game_id=started_game.pk, phase_id=phase.pk) is False
    assert started_game.phases.count() == 2


def test_the_sweep_queues_due_phases_and_survives_a_broker_outage(
    started_game: Game, monkeypatch: pytest.MonkeyPatch
) -> None:
    phase = current(started_game)
    GamePhase.objects.filter(pk=phase.pk).update(deadline=timezone.now() - timedelta(seconds=1))

    def broker_down(*args: Any) -> None:
        raise ConnectionError("redis is away")

    monkeypatch.setattr(tasks.adjudicate_phase, "delay", broker_down)
    assert tasks.sweep_due_phases() == 0  # nothing queued, nothing raised, nothing lost
    queued: list[tuple[int, int]] = []
    monkeypatch.setattr(tasks.adjudicate_phase, "delay", lambda g, p: queued.append((g, p)))
    assert tasks.sweep_due_phases() == 1  # the broker is back: the next sweep catches up
    assert queued == [(started_game.pk, phase.pk)]
    assert tasks.sweep_due_phases() == 0  # queued a moment ago: not piled up again
    cache.delete(f"sweep-queued:{phase.pk}")  # as when the hold expires
    assert tasks.sweep_due_phases() == 1


def test_a_game_of_several_phases_on_a_real_worker(
    started_game: Game, players: dict[str, Any], worker: None
) -> None:
    """Everyone ready -> the worker adjudicates; a passed deadline -> the sweep does."""
    spring = {
        "england": ["F lon - nth", "A lvp - yor", "F edi - nwg"],
        "germany": ["A mun - bur", "F kie - den", "A ber - kie"],
        "france": ["A par - bur"],
    }
    for power, orders in spring.items():
        services.orders_submit(game=started_game, user=players[power], orders=orders)
    for user in players.values():
        services.orders_ready(game=started_game, user=user, ready=True)
    fall = wait_for_phase(started_game, "F1901M")
    assert "F nth" in fall.position["units"]["england"]
    services.orders_submit(
        game=started_game, user=players["england"], orders=["F nth C A yor - nwy", "A yor - nwy"]
    )
    services.orders_submit(game=started_game, user=players["germany"], orders=["F den - swe"])
    # Nobody marks ready: the deadline passes and the sweep takes over.
    GamePhase.objects.filter(pk=fall.pk).update(deadline=timezone.now() - timedelta(seconds=1))
    tasks.sweep_due_phases()
    winter = wait_for_phase(started_game, "W1901A")
    assert "nwy" in winter.position["centers"]["england"]
    assert "swe" in winter.position["centers"]["germany"]
    services.orders_submit(game=started_game, user=players["england"], orders=["Build F lon"])
    services.orders_submit(game=started_game, user=players["germany"], orders=["Build A ber"])
    # Only powers with adjustments to make need to be ready.
    services.orders_ready(game=started_game, user=players["england"], ready=True)
    services.orders_ready(game=started_game, user=players["germany"], ready=True)
    spring_1902 = wait_for_phase(started_game, "S1902M")
    assert "F lon" in spring_1902.position["units"]["england"]
    assert "A ber" in spring_1902.position["units"]["germany"]
    resolved = started_game.phases.filter(status=GamePhase.Status.RESOLVED).count()
    assert resolved == 3


def test_a_duels_boards_due_together_are_adjudicated_once_together(make_user: Any) -> None:
    from games.models import Duel

    alice, bob = make_user("alice"), make_user("bob")
    setup = {
        "nomination": "fixed",
        "fixed_setup": {
            "centers": {"red": ["par", "mar"], "blue": ["mos"]},
            "units": {"red": ["A par", "A mar"], "blue": ["A mos"]},
        },
    }
    board_a = services.game_create(
        created_by=alice,
        name="Duel",
        variant_id="highlander",
        options=setup,
        duel=True,
        assignment=Game.Assignment.CHOSEN,
        power="red",
    )
    services.game_join(game=board_a, user=bob, power="blue")
    board_b = Duel.objects.get(board_a=board_a).board_b
    assert board_b is not None
    past = timezone.now() - timedelta(seconds=1)
    GamePhase.objects.filter(game__in=[board_a, board_b]).update(deadline=past)
    due = sorted(tasks.selectors.phases_due())
    assert len(due) == 2
    # Each board's task runs (twice, as after a redelivery): the duel advances one step.
    outcomes = [tasks.adjudicate_phase.apply(args=pair).get() for pair in due + due]
    assert outcomes.count(True) == 1
    for board in (board_a, board_b):
        assert [p.code for p in board.phases.order_by("index")] == ["F1901M", "F1902M"]
        assert current(board).deadline is not None
