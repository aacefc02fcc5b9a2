"""The site's logs (core.logs): one JSON line per event when asked, each saying the
request, the game, the phase and the task it was about; plain text by default."""

from __future__ import annotations

import io
import json
import logging
import os
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.test import SimpleTestCase, TestCase, override_settings
from django.urls import path

from core.logs import ContextFields, JsonLines, log_bound, log_fields, logging_config
from diplosite.celery import app

log = logging.getLogger("tests.core.logs")


@contextmanager
def json_lines() -> Iterator[io.StringIO]:
    """What the site's handler writes, as LOG_FORMAT=json configures it."""
    out = io.StringIO()
    handler = logging.StreamHandler(out)
    handler.addFilter(ContextFields())
    handler.setFormatter(JsonLines())
    root = logging.getLogger()
    root.addHandler(handler)
    level = root.level
    root.setLevel(logging.INFO)
    try:
        yield out
    finally:
        root.removeHandler(handler)
        root.setLevel(level)


def lines(out: io.StringIO) -> list[dict[str, object]]:
    return [json.loads(line) for line in out.getvalue().splitlines()]


def game_view(request: HttpRequest, game_id: int) -> HttpResponse:
    log.info("the game's page was asked for")
    return HttpResponse("ok")


urlpatterns = [path("games/<int:game_id>/", game_view)]


@app.task(name="tests.core.logs.keyed_task")
def keyed_task(game_id: int, phase_id: int) -> None:
    log.info("adjudicating")


class JsonLinesFormat(SimpleTestCase):
    def test_a_line_says_what_its_work_was_about(self) -> None:
        with json_lines() as out, log_bound(game=3, phase=12, task=None):
            log.warning("phase %s is late", "S1901M")
        (line,) = lines(out)
        assert line["message"] == "phase S1901M is late"
        assert line["level"] == "WARNING"
        assert line["logger"] == "tests.core.logs"
        assert (line["game"], line["phase"]) == (3, 12)
        assert "task" not in line
        assert str(line["time"]).endswith("+00:00")

    def test_an_error_with_its_traceback_stays_one_line(self) -> None:
        with json_lines() as out:
            try:
                raise ValueError("broken\nin two")
            except ValueError:
                log.exception("it failed")
        assert len(out.getvalue().splitlines()) == 1
        (line,) = lines(out)
        assert "ValueError: broken\nin two" in str(line["exception"])

    def test_fields_are_bound_only_inside_their_block(self) -> None:
        with log_bound(game=1):
            with log_bound(phase=2):
                assert log_fields() == {"game": 1, "phase": 2}
            assert log_fields() == {"game": 1}
        assert log_fields() == {}

    def test_plain_by_default_and_nothing_else_accepted(self) -> None:
        assert settings.LOG_FORMAT == "plain"
        assert "formatter" not in logging_config("plain", "INFO")["handlers"]["console"]
        assert logging_config("json", "INFO")["handlers"]["console"]["formatter"] == "json"
        with self.assertRaisesMessage(ValueError, "LOG_FORMAT must be plain or json"):
            logging_config("xml", "INFO")


@override_settings(ROOT_URLCONF=__name__)
class RequestIds(TestCase):
    def test_the_proxys_request_id_is_kept_logged_and_sent_back(self) -> None:
        with json_lines() as out:
            response = self.client.get("/games/41/", HTTP_X_REQUEST_ID="lb-7f3a.2")
        assert response["X-Request-ID"] == "lb-7f3a.2"
        (line,) = [x for x in lines(out) if x["logger"] == "tests.core.logs"]
        assert line["request_id"] == "lb-7f3a.2"
        assert line["game"] == 41

    def test_without_a_sane_one_a_new_id_is_made(self) -> None:
        for given in ("", "a" * 65, 'x" "level": "CRITICAL'):
            with json_lines() as out:
                response = self.client.get("/games/41/", HTTP_X_REQUEST_ID=given)
            made = response["X-Request-ID"]
            assert len(made) == 32
            assert made != given
            assert [x["request_id"] for x in lines(out) if x["logger"] == "tests.core.logs"] == [
                made
            ]

    def test_two_requests_have_two_ids(self) -> None:
        ids = {self.client.get("/games/41/")["X-Request-ID"] for _ in range(2)}
        assert len(ids) == 2
        assert log_fields() == {}


class TaskFields(SimpleTestCase):
    def test_a_tasks_lines_name_it_and_its_game_and_phase(self) -> None:
        with json_lines() as out:
            result = keyed_task.apply(args=(5,), kwargs={"phase_id": 77})
        (line,) = [x for x in lines(out) if x["logger"] == "tests.core.logs"]
        assert line["task"] == "tests.core.logs.keyed_task"
        assert line["task_id"] == result.id
        assert (line["game"], line["phase"]) == (5, 77)
        assert log_fields() == {}


class JsonFromTheSettings(SimpleTestCase):
    def test_a_process_started_with_log_format_json_writes_json_lines(self) -> None:
        script = (
            "import django; django.setup(); import logging; "
            "logging.getLogger('games.tasks').warning('phase %s is late', 'F1901M')"
        )
        env = {**os.environ, "LOG_FORMAT": "json", "DJANGO_SETTINGS_MODULE": "diplosite.settings"}
        done = subprocess.run(
            [sys.executable, "-c", script],
            env=env,
            capture_output=True,
            text=True,
            check=True,
            cwd=settings.BASE_DIR,
        )
        (line,) = [json.loads(x) for x in done.stderr.splitlines() if x.startswith("{")]
        assert line["message"] == "phase F1901M is late"
        assert line["logger"] == "games.tasks"
