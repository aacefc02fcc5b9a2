"""Issue 35, D2: "Pause the round" stops the clock of every board of the round, whatever
kind, through the games' own pause (one rule, one home): each board keeps the time it had
left and gets it back on resume, nothing is adjudicated while the round is paused, and a
duel's board that waits for the other (it has no clock) gets none on resume."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
import time_machine

from games import services as games
from games.models import BoardLink, Game, GamePhase
from tests.tournaments.services.conftest import (
    FIXED_17,
    TAKE_MOSCOW,
    boards,
    open_phase,
    tournament_of,
    turn,
)
from tournaments import services
from tournaments.models import Match, Round, Tournament

pytestmark = pytest.mark.django_db

START = datetime(2026, 11, 7, 9, 0, tzinfo=UTC)
NAMES = ("ann", "bob", "cat", "dan", "eve", "fay", "gil")


@pytest.fixture
def clock() -> Iterator[Any]:
    with time_machine.travel(START, tick=False) as traveller:
        yield traveller


def test_pausing_a_round_of_standard_boards_stops_their_clocks_and_gives_the_time_back(
    make_user: Any, organiser: Any, clock: Any, django_capture_on_commit_callbacks: Any
) -> None:
    tournament = services.tournament_create(
        by=organiser,
        name="Evening League",
        format=Tournament.Format.ROUNDS,
        check_in_required=False,
        seeding=Tournament.Seeding.HAND,
        rounds_planned=1,
        movement_deadline=timedelta(hours=24),
    )
    entries = [services.entry_register(tournament=tournament, user=make_user(n)) for n in NAMES]
    services.hand_seeds_set(tournament=tournament, by=organiser, order=[e.pk for e in entries])
    with django_capture_on_commit_callbacks(execute=True):
        services.tournament_draw(tournament=tournament, by=organiser)
    played = Round.objects.get(tournament=tournament, kind=Round.Kind.BOARDS, number=1)
    game = played.boards.get().game
    phase = open_phase(game)
    assert phase is not None
    assert phase.deadline == START + timedelta(hours=24)

    # A fire alarm four hours in: twenty hours are left.
    clock.move_to(START + timedelta(hours=4))
    services.round_pause(tournament=tournament, by=organiser, round=played, reason="fire alarm")
    game.refresh_from_db()
    phase.refresh_from_db()
    assert game.is_paused
    assert phase.deadline is None
    assert game.pause_reason == "fire alarm"

    # The deadline passes while paused, and every player says ready: nothing is played.
    clock.move_to(START + timedelta(hours=30))
    with django_capture_on_commit_callbacks(execute=True):
        for seat in game.seats.select_related("user"):
            games.orders_ready(game=game, user=seat.user, ready=True)
    assert not games.phase_adjudicate(game_id=game.pk, phase_id=phase.pk)
    phase.refresh_from_db()
    assert phase.status == GamePhase.Status.OPEN

    # Back after the alarm: the board has its twenty hours again.
    clock.move_to(START + timedelta(hours=31))
    services.round_resume(tournament=tournament, by=organiser, round=played)
    game.refresh_from_db()
    phase.refresh_from_db()
    assert not game.is_paused
    assert phase.deadline == START + timedelta(hours=31 + 20)
    played.refresh_from_db()
    assert played.status == Round.Status.RUNNING


def test_a_paused_round_of_duels_plays_no_step_and_a_waiting_board_gets_no_clock(
    make_user: Any, organiser: Any, clock: Any, django_capture_on_commit_callbacks: Any
) -> None:
    capture = django_capture_on_commit_callbacks
    tournament = tournament_of(organiser, check_in_required=False)
    for name in ("ann", "bob"):
        services.entry_register(tournament=tournament, user=make_user(name))
    services.round_setup_fix(
        tournament=tournament, by=organiser, kind=Round.Kind.KNOCKOUT, number=1, setup=FIXED_17
    )
    with capture(execute=True):
        services.tournament_draw(tournament=tournament, by=organiser)
    match = Match.objects.select_related("a__user", "b__user").get(tournament=tournament)
    # Red takes Moscow on board A: blue's army there must retreat, and board B, with no
    # retreat to play, waits for board A with no clock of its own.
    turn(match, {"A": {"red": TAKE_MOSCOW}}, capture)
    board_a, board_b = boards(match)
    retreat, waiting = open_phase(board_a), open_phase(board_b)
    assert retreat is not None
    assert waiting is not None
    assert (retreat.code, waiting.code) == ("F1901R", "F1902M")
    assert waiting.deadline is None
    assert retreat.deadline is not None
    left = retreat.deadline - START

    played = Round.objects.get(tournament=tournament, kind=Round.Kind.KNOCKOUT, number=1)
    clock.move_to(START + timedelta(hours=1))
    services.round_pause(tournament=tournament, by=organiser, round=played, reason="fire alarm")
    assert all(g.is_paused for g in boards(match))

    # While paused, blue (the only one with a retreat to give) says ready: the duel's
    # step waits for the round to go on.
    with capture(execute=True):
        games.orders_ready(game=board_a, user=match.b.user, ready=True)
    assert not games.phase_adjudicate(game_id=board_a.pk, phase_id=retreat.pk)
    retreat.refresh_from_db()
    assert retreat.status == GamePhase.Status.OPEN

    clock.move_to(START + timedelta(hours=5))
    services.round_resume(tournament=tournament, by=organiser, round=played)
    retreat.refresh_from_db()
    waiting.refresh_from_db()
    assert retreat.deadline == START + timedelta(hours=5) + (left - timedelta(hours=1))
    assert waiting.deadline is None  # it still waits for board A: no clock was running
    assert not any(g.is_paused for g in boards(match))

    # Resumed, the step is played: red holds 18 centers on board A, and the duel is his
    # (rule 7.4).
    with capture(execute=True):
        assert games.phase_adjudicate(game_id=board_a.pk, phase_id=retreat.pk)
    link = BoardLink.objects.get(pk=match.duel_id)
    assert (link.status, link.winner) == (BoardLink.Status.DECIDED, "red")
    assert {g.status for g in boards(match)} == {Game.Status.FINISHED}
