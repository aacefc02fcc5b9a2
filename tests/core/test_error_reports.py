"""Error reports (core.error_reports): errors of a page, a task and a logged failure reach
the tracker when a DSN is set, with nothing personal or secret in them; without a DSN
nothing is sent."""

from __future__ import annotations

import json
import logging
import os
import subprocess
import sys
from typing import Any

import sentry_sdk
from django.conf import settings
from django.contrib.auth import get_user_model
from django.http import HttpRequest, HttpResponse
from django.test import TestCase, override_settings
from django.urls import path
from sentry_sdk.envelope import Envelope
from sentry_sdk.transport import Transport

from core.error_reports import (
    breadcrumb_without_words,
    error_reports_start,
    without_personal_data,
)
from diplosite.celery import app

PRESS = "meet me in Burgundy, secretly"
PASSWORD = "correct horse battery staple"
TOKEN = "tok-5e5e5e5e"
SESSION = "sess-0123456789abcdef"


class Tracker(Transport):
    """The error tracker, here: it keeps what would have been sent."""

    def __init__(self) -> None:
        super().__init__()
        self.envelopes: list[Envelope] = []

    def capture_envelope(self, envelope: Envelope) -> None:
        self.envelopes.append(envelope)

    def events(self) -> list[dict[str, Any]]:
        return [
            item.payload.json
            for envelope in self.envelopes
            for item in envelope.items
            if item.type == "event" and item.payload.json is not None
        ]


def boom(request: HttpRequest) -> HttpResponse:
    message = request.POST.get("press", "")
    raise ValueError("the page failed" if message else "no press")


urlpatterns = [path("boom/", boom)]


@app.task(name="tests.core.failing_task")
def failing_task(press: str) -> None:
    raise RuntimeError("the task failed")


@override_settings(ROOT_URLCONF=__name__)
class ReportsWithADsn(TestCase):
    def setUp(self) -> None:
        self.tracker = Tracker()
        started = error_reports_start(
            "https://public@errors.example.invalid/1",
            environment="test",
            transport=self.tracker,
        )
        assert started
        self.addCleanup(sentry_sdk.init)  # no DSN: reporting stops for the other tests
        self.user = get_user_model().objects.create_user(
            "france-player", "france@example.org", PASSWORD
        )

    def sent(self) -> list[dict[str, Any]]:
        sentry_sdk.flush()
        return self.tracker.events()

    def assert_nothing_personal(self, events: list[dict[str, Any]]) -> None:
        text = json.dumps(events)
        for secret in (PRESS, PASSWORD, TOKEN, SESSION, "france-player", "france@example.org"):
            assert secret not in text, secret

    def test_a_pages_error_is_reported_with_its_method_and_path_only(self) -> None:
        self.client.force_login(self.user)
        self.client.cookies["diplo_extra"] = SESSION
        self.client.raise_request_exception = False
        response = self.client.post(
            f"/boom/?token={TOKEN}",
            {"press": PRESS, "password": PASSWORD},
            HTTP_AUTHORIZATION=f"Token {TOKEN}",
        )
        assert response.status_code == 500
        events = self.sent()
        assert len(events) == 1
        (event,) = events
        assert event["exception"]["values"][-1]["type"] == "ValueError"
        # Under Django's test client sentry-sdk attaches nothing of the request (its WSGI
        # and ASGI wrappers add the address): see the next test for what is kept of one.
        assert set(event.get("request", {})) <= {"method", "url"}
        assert "user" not in event
        self.assert_nothing_personal(events)

    def test_a_tasks_error_is_reported(self) -> None:
        failing_task.apply(args=(PRESS,))
        events = self.sent()
        assert [e["exception"]["values"][-1]["type"] for e in events] == ["RuntimeError"]
        self.assert_nothing_personal(events)

    def test_an_error_logged_is_reported_without_the_log_lines_before_it(self) -> None:
        log = logging.getLogger("games.tasks")
        log.warning("france-player sent %s", PRESS)
        log.error("a phase could not be adjudicated")
        events = self.sent()
        assert [e.get("logentry", {}).get("message") for e in events] == [
            "a phase could not be adjudicated"
        ]
        self.assert_nothing_personal(events)


class WhatIsKeptOfARequest(TestCase):
    def test_its_method_and_its_address_without_the_query(self) -> None:
        event = {
            "request": {
                "method": "POST",
                "url": f"https://diplo.example/api/v1/games/7/orders/?token={TOKEN}",
                "query_string": f"token={TOKEN}",
                "cookies": {"sessionid": SESSION},
                "headers": {"Authorization": f"Token {TOKEN}"},
                "data": {"press": PRESS, "password": PASSWORD},
                "env": {"REMOTE_ADDR": "203.0.113.9"},
            },
            "user": {"id": 7, "username": "france-player", "ip_address": "203.0.113.9"},
            "server_name": "web-3.internal",
            "exception": {
                "values": [{"stacktrace": {"frames": [{"function": "f", "vars": {"p": PRESS}}]}}]
            },
        }
        kept = without_personal_data(event, {})
        assert kept["request"] == {
            "method": "POST",
            "url": "https://diplo.example/api/v1/games/7/orders/",
        }
        assert "user" not in kept
        assert "server_name" not in kept
        assert kept["exception"]["values"][0]["stacktrace"]["frames"] == [{"function": "f"}]

    def test_a_breadcrumb_keeps_no_words(self) -> None:
        crumb = {"category": "games", "level": "warning", "message": f"france-player: {PRESS}"}
        assert breadcrumb_without_words(crumb, {}) == {"category": "games", "level": "warning"}


class NoDsnNoReports(TestCase):
    def test_nothing_starts_without_a_dsn(self) -> None:
        assert error_reports_start("", environment="test") is False
        # The site's settings start nothing either (no SENTRY_DSN here): no transport.
        assert sentry_sdk.get_client().transport is None


class EveryProcessReports(TestCase):
    def test_web_workers_and_beat_start_reporting_from_the_settings(self) -> None:
        # Daphne, a worker and beat all load the settings (the Celery app reads its
        # configuration from them): with SENTRY_DSN set, the client is up in each.
        script = (
            "from diplosite.celery import app; app.conf.broker_url; "
            "import sentry_sdk; c = sentry_sdk.get_client(); "
            "print(c.dsn, c.options['environment'], ','.join(sorted(c.integrations)))"
        )
        env = {
            **os.environ,
            "SENTRY_DSN": "https://public@errors.example.invalid/1",
            "SENTRY_ENVIRONMENT": "staging",
            "DJANGO_SETTINGS_MODULE": "diplosite.settings",
        }
        env.pop("REDIS_URL", None)
        out = subprocess.run(
            [sys.executable, "-c", script],
            env=env,
            capture_output=True,
            text=True,
            check=True,
            cwd=settings.BASE_DIR,
        ).stdout.split()
        assert out[:2] == ["https://public@errors.example.invalid/1", "staging"]
        assert {"celery", "django", "logging"} <= set(out[2].split(","))
