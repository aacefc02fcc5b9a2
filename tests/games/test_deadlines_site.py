"""Deadlines as games set them: a time of day in the game's time zone, days off, across a
daylight-saving change, and reminders before the deadline (sent once)."""

from __future__ import annotations

from datetime import UTC, datetime, time, timedelta
from typing import Any
from zoneinfo import ZoneInfo

import pytest
import time_machine

from core.errors import ApplicationError
from games import services
from games.models import Game, GamePhase
from games.terms import GameTerms
from tests.games.helpers import evening_game

pytestmark = pytest.mark.django_db

BERLIN = ZoneInfo("Europe/Berlin")


def _local(phase: GamePhase) -> datetime:
    assert phase.deadline is not None
    return phase.deadline.astimezone(BERLIN)


def _next(game: Game) -> GamePhase:
    phase = game.current_phase
    assert phase is not None
    assert services.phase_adjudicate(game_id=game.pk, phase_id=phase.pk)
    following = game.current_phase
    assert following is not None
    return following


def test_a_deadline_every_evening_across_the_spring_forward_change(
    players: dict[str, Any],
) -> None:
    # Saturday 29 March 2025, 20:00:03 in Berlin; the clocks go forward that night.
    with time_machine.travel(datetime(2025, 3, 29, 19, 0, 3, tzinfo=UTC), tick=False) as clock:
        game = evening_game(
            players,
            deadline_time=time(20, 0),
            time_zone="Europe/Berlin",
            movement_deadline=timedelta(hours=24),
        )
        first = game.current_phase
        assert first is not None
        assert _local(first) == datetime(2025, 3, 30, 20, 0, tzinfo=BERLIN)  # a 23-hour day
        clock.move_to(first.deadline + timedelta(seconds=4))
        second = _next(game)
        assert _local(second) == datetime(2025, 3, 31, 20, 0, tzinfo=BERLIN)


def test_no_deadline_on_days_off(players: dict[str, Any]) -> None:
    # Friday 7 March 2025, 21:00 in Berlin, weekends off: 24 hours end on Monday evening.
    with time_machine.travel(datetime(2025, 3, 7, 20, 0, tzinfo=UTC), tick=False):
        game = evening_game(
            players,
            deadline_time=time(20, 0),
            time_zone="Europe/Berlin",
            days_off=[5, 6],
            movement_deadline=timedelta(hours=24),
        )
        phase = game.current_phase
        assert phase is not None
        assert _local(phase) == datetime(2025, 3, 10, 20, 0, tzinfo=BERLIN)


def test_a_duration_counts_only_working_days(players: dict[str, Any]) -> None:
    with time_machine.travel(datetime(2025, 3, 7, 17, 0, tzinfo=UTC), tick=False):
        game = evening_game(
            players, time_zone="Europe/Berlin", days_off=[6], movement_deadline=timedelta(hours=48)
        )
        phase = game.current_phase
        assert phase is not None
        # Friday 18:00 + 48 h, Sunday not counted: Monday 18:00.
        assert _local(phase) == datetime(2025, 3, 10, 18, 0, tzinfo=BERLIN)


@pytest.mark.parametrize(
    ("given", "message"),
    [
        ({"time_zone": "Mars/Olympus"}, "time zone"),
        ({"days_off": [0, 1, 2, 3, 4, 5, 6]}, "day"),
        ({"nmr_policy": "forgive"}, "policy"),
        ({"min_reliability": 140}, "percentage"),
    ],
)
def test_bad_deadline_settings_are_refused(
    make_user: Any, given: dict[str, Any], message: str
) -> None:
    with pytest.raises(ApplicationError, match=message):
        services.game_create(created_by=make_user("alice"), name="g", terms=GameTerms(**given))
