"""Liveness and readiness (core.health): what a load balancer and an operator's monitoring
read. Each part of readiness is broken in turn and named, in words of our own: never a
driver's message, which may carry a host, a user or a password."""

from __future__ import annotations

import json
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import timedelta
from pathlib import Path
from unittest import mock

from django.conf import settings
from django.test import TestCase, override_settings
from django.urls import reverse
from django.utils import timezone
from health_check.checks import Database
from health_check.exceptions import ServiceUnavailable

from core.heartbeats import BEAT, WORKER, RecordingScheduler, heartbeat_age, heartbeat_record
from core.models import Heartbeat
from core.tasks import worker_heartbeat
from diplosite.celery import app

SECRET = "password=hunter2 host=db.internal user=diplo"


class Liveness(TestCase):
    def test_the_process_answers_without_asking_anything_else(self) -> None:
        with self.assertNumQueries(0):
            response = self.client.get(reverse("health-live"))
        assert response.status_code == 200
        assert response.json() == {"status": "alive"}
        assert "no-cache" in response["Cache-Control"]


class Readiness(TestCase):
    def setUp(self) -> None:
        heartbeat_record(BEAT)
        heartbeat_record(WORKER)

    def ready(self) -> tuple[int, dict[str, object]]:
        response = self.client.get(reverse("health-ready"), HTTP_ACCEPT="text/html")
        assert response["Content-Type"] == "application/json"
        assert "no-cache" in response["Cache-Control"]
        return response.status_code, json.loads(response.content)

    def failing(self, report: dict[str, object]) -> dict[str, str]:
        checks = report["checks"]
        assert isinstance(checks, dict)
        return {name: c["problem"] for name, c in checks.items() if not c["ok"]}

    def test_every_part_answering_is_ready(self) -> None:
        status, report = self.ready()
        assert status == 200
        assert report["status"] == "ready"
        assert set(report["checks"]) == {  # type: ignore[arg-type]
            "database",
            "cache",
            "channel_layer",
            "broker",
            "worker",
            "beat",
        }
        assert self.failing(report) == {}

    def test_a_worker_not_seen_lately_is_unavailable(self) -> None:
        stale = timedelta(seconds=settings.HEALTH_STALE_SECONDS + 210)
        heartbeat_record(WORKER, timezone.now() - stale)
        status, report = self.ready()
        assert status == 503
        assert report["status"] == "unavailable"
        problems = self.failing(report)
        assert list(problems) == ["worker"]
        assert problems["worker"].startswith("the worker was last seen 30")
        assert "allowed: 90 s" in problems["worker"]

    def test_a_beat_never_seen_is_unavailable(self) -> None:
        Heartbeat.objects.filter(name=BEAT).delete()
        status, report = self.ready()
        assert status == 503
        assert self.failing(report) == {"beat": "no beat has been seen yet"}

    def test_a_database_away_is_named_without_the_drivers_words(self) -> None:
        with mock.patch.object(Database, "run", side_effect=ServiceUnavailable(SECRET)):
            status, report = self.ready()
        assert status == 503
        assert self.failing(report) == {"database": "the database does not answer"}
        assert "hunter2" not in json.dumps(report)

    def test_a_channel_layer_away_is_named(self) -> None:
        layer = mock.AsyncMock()
        layer.send.side_effect = ConnectionError(SECRET)
        with mock.patch("core.health.get_channel_layer", return_value=layer):
            status, report = self.ready()
        assert status == 503
        assert self.failing(report) == {"channel_layer": "the channel layer does not answer"}
        assert "hunter2" not in json.dumps(report)

    def test_a_broker_away_is_named(self) -> None:
        with mock.patch.object(
            app, "connection_for_write", side_effect=ConnectionRefusedError(SECRET)
        ):
            status, report = self.ready()
        assert status == 503
        assert self.failing(report) == {"broker": "the Celery broker does not answer"}

    def test_a_cache_away_is_named(self) -> None:
        with (
            mock.patch("django.core.cache.backends.locmem.LocMemCache.aget", return_value=None),
            mock.patch("core.cache.SharedRedisCache.aget", return_value=None),
        ):
            status, report = self.ready()
        assert status == 503
        assert list(self.failing(report)) == ["cache"]

    def test_the_report_names_no_setting(self) -> None:
        _, report = self.ready()
        text = json.dumps(report)
        for value in (settings.SECRET_KEY, settings.DATABASES["default"]["NAME"]):
            assert str(value) not in text
        if settings.REDIS_URL:
            assert settings.REDIS_URL not in text


class Heartbeats(TestCase):
    def test_a_worker_running_the_heartbeat_task_is_seen(self) -> None:
        assert heartbeat_age(WORKER) is None
        worker_heartbeat.apply()
        age = heartbeat_age(WORKER)
        assert age is not None
        assert age < timedelta(seconds=5)

    def test_beat_queues_the_heartbeat_task(self) -> None:
        app.finalize()
        queued = {entry["task"]: entry["schedule"] for entry in app.conf.beat_schedule.values()}
        assert queued["core.tasks.worker_heartbeat"] == settings.HEALTH_HEARTBEAT_SECONDS
        assert settings.HEALTH_HEARTBEAT_SECONDS * 3 <= settings.HEALTH_STALE_SECONDS

    def test_beats_ticks_are_recorded_once_a_quarter_minute(self) -> None:
        with (
            beat_scheduler() as scheduler,
            mock.patch("celery.beat.PersistentScheduler.tick", return_value=5.0),
        ):
            assert scheduler.tick() == 5.0
            first = Heartbeat.objects.get(name=BEAT).at
            with self.assertNumQueries(0):
                scheduler.tick()
            later = timezone.now() + RecordingScheduler.EVERY
            with mock.patch("core.heartbeats.timezone.now", return_value=later):
                scheduler.tick()
        assert Heartbeat.objects.get(name=BEAT).at == later > first

    def test_beat_keeps_sending_when_its_heartbeat_cannot_be_written(self) -> None:
        with (
            beat_scheduler() as scheduler,
            mock.patch("celery.beat.PersistentScheduler.tick", return_value=5.0),
            mock.patch("core.heartbeats.heartbeat_record", side_effect=RuntimeError("away")),
        ):
            assert scheduler.tick() == 5.0
        assert not Heartbeat.objects.filter(name=BEAT).exists()


@contextmanager
def beat_scheduler() -> Iterator[RecordingScheduler]:
    """Beat's scheduler, on a schedule file of its own."""
    with tempfile.TemporaryDirectory() as folder:
        yield RecordingScheduler(
            app=app, schedule_filename=str(Path(folder) / "schedule"), lazy=True
        )


@override_settings(HEALTH_STALE_SECONDS=90.0)
class ReadinessFollowsTheHeartbeats(TestCase):
    def test_ready_again_once_the_worker_is_back(self) -> None:
        heartbeat_record(BEAT)
        heartbeat_record(WORKER, timezone.now() - timedelta(minutes=10))
        assert self.client.get(reverse("health-ready")).status_code == 503
        worker_heartbeat.apply()
        assert self.client.get(reverse("health-ready")).status_code == 200
