"""The games' figures for Prometheus (games/metrics.py): each moves as the phases and the
events outbox change, and none is labelled by a game or a player."""

from __future__ import annotations

import datetime
from typing import Any

import pytest
from django.utils import timezone
from prometheus_client import REGISTRY

from games.models import GameEvent, GamePhase
from games.tasks import adjudicate_phase
from tests.scrape import scrape

pytestmark = pytest.mark.django_db


def _open_phase(game: Any) -> GamePhase:
    phase = GamePhase.objects.filter(game=game, status=GamePhase.Status.OPEN).get()
    return phase


def test_a_phase_past_its_deadline_is_due_until_adjudicated(started_game: Any) -> None:
    phase = _open_phase(started_game)
    before = scrape()
    assert before.value("diplomacy_phases_due", variant="standard") == 0
    assert before.value("diplomacy_phases_due_oldest_age_seconds") == 0
    adjudicated = before.value("diplomacy_phases_adjudicated_total", variant="standard")

    phase.deadline = timezone.now() - datetime.timedelta(minutes=20)
    phase.save(update_fields=["deadline"])
    due = scrape()
    assert due.value("diplomacy_phases_due", variant="standard") == 1
    assert due.value("diplomacy_phases_due_oldest_age_seconds") >= 20 * 60

    assert adjudicate_phase.apply(args=(started_game.pk, phase.pk)).get() is True
    after = scrape()
    assert after.value("diplomacy_phases_due", variant="standard") == 0
    assert after.value("diplomacy_phases_adjudicated_total", variant="standard") == adjudicated + 1


def test_the_worker_counts_how_long_each_adjudication_took(started_game: Any) -> None:
    labels = {"variant": "standard"}
    name = "diplomacy_adjudication_duration_seconds_count"
    before = REGISTRY.get_sample_value(name, labels) or 0
    phase = _open_phase(started_game)
    # Not due yet: nothing adjudicated, nothing counted.
    assert adjudicate_phase.apply(args=(started_game.pk, phase.pk)).get() is False
    assert (REGISTRY.get_sample_value(name, labels) or 0) == before
    phase.deadline = timezone.now() - datetime.timedelta(seconds=1)
    phase.save(update_fields=["deadline"])
    assert adjudicate_phase.apply(args=(started_game.pk, phase.pk)).get() is True
    assert REGISTRY.get_sample_value(name, labels) == before + 1
    assert scrape().value(name, **labels) == before + 1


def test_a_phase_given_up_to_the_moderators_is_stuck_not_due(started_game: Any) -> None:
    phase = _open_phase(started_game)
    phase.deadline = timezone.now() - datetime.timedelta(minutes=1)
    phase.failures = 3
    phase.stuck_since = timezone.now()
    phase.save(update_fields=["deadline", "failures", "stuck_since"])
    figures = scrape()
    assert figures.value("diplomacy_phases_stuck", variant="standard") == 1
    assert figures.value("diplomacy_phases_due", variant="standard") == 0

    phase.stuck_since = None
    phase.due_now = True
    phase.save(update_fields=["stuck_since", "due_now"])
    retried = scrape()
    assert retried.value("diplomacy_phases_stuck", variant="standard") == 0
    assert retried.value("diplomacy_phases_due", variant="standard") == 1


def test_the_events_outbox_counts_what_waits_for_dispatch(started_game: Any) -> None:
    GameEvent.objects.update(dispatched_at=timezone.now())
    assert scrape().value("diplomacy_game_events_undispatched") == 0
    event = GameEvent.objects.create(
        kind="press",
        game=started_game,
        key="metrics-test",
        created_at=timezone.now() - datetime.timedelta(minutes=30),
    )
    waiting = scrape()
    assert waiting.value("diplomacy_game_events_undispatched") == 1
    assert waiting.value("diplomacy_game_events_oldest_undispatched_age_seconds") >= 30 * 60
    assert waiting.value("diplomacy_game_events_given_up") == 0

    event.given_up = True
    event.save(update_fields=["given_up"])
    given_up = scrape()
    assert given_up.value("diplomacy_game_events_undispatched") == 0
    assert given_up.value("diplomacy_game_events_given_up") == 1

    event.given_up = False
    event.dispatched_at = timezone.now()
    event.save(update_fields=["given_up", "dispatched_at"])
    assert scrape().value("diplomacy_game_events_undispatched") == 0


def test_no_game_nor_player_is_named_in_the_figures(
    started_game: Any, players: dict[str, Any]
) -> None:
    started_game.name = "Secret alliance of Zebulon"
    started_game.save(update_fields=["name"])
    phase = _open_phase(started_game)
    phase.deadline = timezone.now() - datetime.timedelta(minutes=1)
    phase.save(update_fields=["deadline"])
    GameEvent.objects.create(kind="press", game=started_game, key="zebulon", users=[1])
    figures = scrape()
    assert figures.value("diplomacy_phases_due", variant="standard") == 1
    assert "Zebulon" not in figures.text
    for user in players.values():
        assert user.username not in figures.text
        assert user.email not in figures.text
    labels = {key for sample in figures.samples for key in sample.labels}
    diplomacy = {
        key
        for sample in figures.samples
        if sample.name.startswith("diplomacy_")
        for key in sample.labels
    }
    assert diplomacy <= {"variant", "channel", "process", "queue", "consumer", "le"}
    assert not labels & {"user", "username", "game", "player", "email", "name"}
