"""Deadline reminders (notifications.reminders): once each, to those not ready, at each
player's own hours before the deadline."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
import time_machine
from django.core import mail

from games import services
from games.models import Game
from notifications import reminders
from notifications import tasks as notify_tasks
from tests.games.helpers import evening_game

pytestmark = pytest.mark.django_db


def _daily_game_with_five_ready(players: dict[str, Any]) -> Game:
    """24-hour movement, reminders 6 h before; England and Turkey are not ready."""
    game = evening_game(players, movement_deadline=timedelta(hours=24))
    Game.objects.filter(pk=game.pk).update(reminder_hours=6)
    for power in ("austria", "france", "germany", "italy", "russia"):
        services.orders_ready(game=game, user=players[power], ready=True)
    return game


def test_a_reminder_goes_once_to_those_not_ready(
    players: dict[str, Any], eager: None, django_capture_on_commit_callbacks: Any
) -> None:
    start = datetime(2025, 5, 5, 8, 0, tzinfo=UTC)
    with time_machine.travel(start, tick=False) as clock:
        game = _daily_game_with_five_ready(players)
        services.orders_submit(game=game, user=players["england"], orders=["F lon - nth"])
        clock.move_to(start + timedelta(hours=17))
        assert reminders.reminders_due() == []
        clock.move_to(start + timedelta(hours=18, minutes=1))
        (phase_id,) = reminders.reminders_due()
        with django_capture_on_commit_callbacks(execute=True):
            assert notify_tasks.remind_phase.apply(args=(phase_id,)).get() == 2
        with django_capture_on_commit_callbacks(execute=True):
            assert notify_tasks.remind_phase.apply(args=(phase_id,)).get() == 0  # never twice
        assert sorted(m.to[0] for m in mail.outbox) == [
            "england-player@example.org",
            "turkey-player@example.org",
        ]
        assert "not marked ready" in mail.outbox[0].body
        assert reminders.reminders_due() == []


def test_each_player_is_reminded_at_their_own_hours_before(
    players: dict[str, Any], eager: None, django_capture_on_commit_callbacks: Any
) -> None:
    from notifications import services as notifications

    notifications.setting_save(
        user=players["turkey"],
        choices={"deadline_reminder": ["email"]},
        webhook_url="",
        reminder_hours=20,
    )
    start = datetime(2025, 5, 5, 8, 0, tzinfo=UTC)
    with time_machine.travel(start, tick=False) as clock:
        _daily_game_with_five_ready(players)
        clock.move_to(start + timedelta(hours=4, minutes=1))  # 20 h before the deadline
        (phase_id,) = reminders.reminders_due()
        with django_capture_on_commit_callbacks(execute=True):
            assert notify_tasks.remind_phase.apply(args=(phase_id,)).get() == 1
        assert [m.to[0] for m in mail.outbox] == ["turkey-player@example.org"]
        clock.move_to(start + timedelta(hours=12))
        assert reminders.reminders_due() == []  # Turkey once; England not yet
        clock.move_to(start + timedelta(hours=18, minutes=1))  # the game's 6 h
        (phase_id,) = reminders.reminders_due()
        with django_capture_on_commit_callbacks(execute=True):
            assert notify_tasks.remind_phase.apply(args=(phase_id,)).get() == 1
        assert [m.to[0] for m in mail.outbox] == [
            "turkey-player@example.org",
            "england-player@example.org",
        ]
        assert reminders.reminders_due() == []
