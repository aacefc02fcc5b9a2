"""Issue 35, D1: a tournament's missed-orders policy ("Missed orders: Grace (12 hours of
grace)", as its page promises) holds on every board it plays, the duels' linked boards
as its standard boards, and its organisers hear of each miss: who, which phase, and what
the policy did. Their page flags a seat that keeps missing."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
import time_machine

from games import services as games
from games.models import Game, GamePhase
from notifications.models import Notification
from notifications.services import text
from tests.tournaments.services.conftest import FIXED_17, boards, open_phase, tournament_of
from tournaments import selectors, services
from tournaments.models import Match, Round, Tournament

pytestmark = pytest.mark.django_db

START = datetime(2026, 11, 7, 9, 0, tzinfo=UTC)


@pytest.fixture
def clock() -> Iterator[Any]:
    with time_machine.travel(START, tick=False) as traveller:
        yield traveller


def _news(user: Any) -> list[str]:
    return [
        text(kind=n.kind, params=n.params)
        for n in Notification.objects.filter(user=user, kind="tournament").order_by("pk")
    ]


def test_a_duel_gets_the_grace_period_and_the_organiser_hears_of_each_miss(
    make_user: Any, organiser: Any, clock: Any, django_capture_on_commit_callbacks: Any
) -> None:
    capture = django_capture_on_commit_callbacks
    tournament = tournament_of(
        organiser,
        check_in_required=False,
        nmr_policy=Game.NmrPolicy.GRACE,
        grace_period=timedelta(hours=12),
    )
    for name in ("ann", "bob"):
        services.entry_register(tournament=tournament, user=make_user(name))
    services.round_setup_fix(
        tournament=tournament, by=organiser, kind=Round.Kind.KNOCKOUT, number=1, setup=FIXED_17
    )
    with capture(execute=True):
        services.tournament_draw(tournament=tournament, by=organiser)
    match = Match.objects.select_related("a__user", "b__user").get(tournament=tournament)
    assert match.a is not None
    assert match.b is not None
    board_a, board_b = boards(match)
    # Bob (blue) says he is ready on both boards; ann (red) gives nothing.
    with capture(execute=True):
        for board in (board_a, board_b):
            games.orders_ready(game=board, user=match.b.user, ready=True)
    first = [open_phase(board_a), open_phase(board_b)]
    assert first[0] is not None
    assert first[1] is not None
    deadline = first[0].deadline
    assert deadline is not None

    # The deadline passes (games.tasks.sweep_due_phases queues the phase).
    clock.move_to(deadline + timedelta(minutes=1))
    with capture(execute=True):
        assert not games.phase_adjudicate(game_id=board_a.pk, phase_id=first[0].pk)
    grace = deadline + timedelta(hours=12, minutes=1)
    for phase in first:
        assert phase is not None
        phase.refresh_from_db()
        assert (phase.status, phase.deadline) == (GamePhase.Status.OPEN, grace)
    # Told once for the duel, though ann missed on both boards.
    assert _news(organiser) == [
        "Highland Cup: ann missed the deadline of Fall 1901 movement (Final, match 1); the grace "
        f"period runs until {grace:%Y-%m-%d %H:%M} (UTC)."
    ]
    assert _news(match.a.user) == []  # the organiser's news, not the players'

    # The grace period ends with nothing from ann: the defaults, and the organiser hears.
    clock.move_to(grace + timedelta(minutes=1))
    with capture(execute=True):
        assert games.phase_adjudicate(game_id=board_a.pk, phase_id=first[0].pk)
    assert _news(organiser)[1:] == [
        "Highland Cup: ann gave no orders for Fall 1901 movement (Final, match 1): the "
        "defaults were applied."
    ]
    # His page flags her on the boards of the match: one miss in a row, on each board.
    rows = selectors.waiting_on(match)
    assert [r["missing"] for r in rows] == [[{"player": "ann", "misses": 1}]] * 2


def test_a_round_of_standard_boards_tells_the_organiser_who_missed(
    make_user: Any, organiser: Any, clock: Any, django_capture_on_commit_callbacks: Any
) -> None:
    capture = django_capture_on_commit_callbacks
    tournament = services.tournament_create(
        by=organiser,
        name="Evening League",
        format=Tournament.Format.ROUNDS,
        check_in_required=False,
        seeding=Tournament.Seeding.HAND,
        rounds_planned=1,
        nmr_policy=Game.NmrPolicy.GRACE,
        grace_period=timedelta(hours=12),
    )
    names = ("ann", "bob", "cat", "dan", "eve", "fay", "gil")
    entries = [services.entry_register(tournament=tournament, user=make_user(n)) for n in names]
    services.hand_seeds_set(tournament=tournament, by=organiser, order=[e.pk for e in entries])
    with capture(execute=True):
        services.tournament_draw(tournament=tournament, by=organiser)
    board = Round.objects.get(tournament=tournament, number=1).boards.get()
    game = board.game
    missing = board.seats.select_related("entry__user").get(entry__user__username="dan")
    with capture(execute=True):
        for seat in game.seats.select_related("user").exclude(power=missing.power):
            games.orders_ready(game=game, user=seat.user, ready=True)
    phase = open_phase(game)
    assert phase is not None
    assert phase.deadline is not None
    clock.move_to(phase.deadline + timedelta(minutes=1))
    with capture(execute=True):
        assert not games.phase_adjudicate(game_id=game.pk, phase_id=phase.pk)
    phase.refresh_from_db()
    assert _news(organiser) == [
        "Evening League: dan missed the deadline of Spring 1901 movement (Round 1, board 1); "
        f"the grace period runs until {phase.deadline:%Y-%m-%d %H:%M} (UTC)."
    ]
