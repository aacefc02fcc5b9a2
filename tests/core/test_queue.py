"""games/queue.py: tasks are queued by name from any process, and what fails after a
commit is logged, never raised."""

from __future__ import annotations

import subprocess
import sys
from typing import Any

import pytest
from django.db import transaction

from core import queue


def test_every_task_queued_by_name_is_known_in_a_web_process() -> None:
    """The web process never imports a tasks module itself: the names must still be
    registered there, or a "ready" would wait for beat's sweep."""
    names = [
        "games.tasks.adjudicate_phase",
        "notifications.tasks.deliver",
    ]
    script = (
        "import django; django.setup(); from celery import current_app; "
        f"print(all(n in current_app.tasks for n in {names!r}))"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=60, check=False
    )
    assert done.stdout.strip() == "True", done.stderr


@pytest.mark.django_db(transaction=True)
def test_a_failing_callback_after_the_commit_is_logged_and_the_next_one_runs(
    caplog: pytest.LogCaptureFixture,
) -> None:
    ran: list[str] = []

    def broken(*args: Any) -> None:
        raise ConnectionError("the broker is away")

    with transaction.atomic():
        queue.after_commit(broken, 1)
        queue.after_commit(ran.append, "next")
    assert ran == ["next"]
    assert "broken" in caplog.text
