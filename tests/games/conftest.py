"""Fixtures for the games tests: a real Celery worker in a thread."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from celery.contrib.testing.worker import start_worker

from diplosite.celery import app
from games.models import Game, GamePhase


@pytest.fixture
def worker(tmp_path: Path) -> Iterator[None]:
    """A real worker thread. On the embedded broker (a folder), it gets a folder of its
    own, so that a site running from the same checkout cannot take its messages."""
    saved = app.conf.broker_transport_options
    if app.conf.broker_url.startswith("filesystem"):
        for name in ("out", "processed", "control"):
            (tmp_path / name).mkdir()
        app.conf.broker_transport_options = {
            **saved,
            "data_folder_in": str(tmp_path / "out"),
            "data_folder_out": str(tmp_path / "out"),
            "processed_folder": str(tmp_path / "processed"),
            "control_folder": str(tmp_path / "control"),
        }
        _reset_connections()
    try:
        with start_worker(app, perform_ping_check=False, pool="solo", loglevel="WARNING"):
            yield
    finally:
        app.conf.broker_transport_options = saved
        _reset_connections()


def _reset_connections() -> None:
    """Forget pooled broker connections, so the next ones use the current options."""
    app._pool = None
    app.amqp._producer_pool = None


def wait_for_phase(game: Game, code: str, seconds: float = 30) -> GamePhase:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        phase = game.current_phase
        if phase is not None and phase.code == code:
            return phase
        time.sleep(0.1)
    raise AssertionError(f"{game} never reached {code}; now at {game.current_phase}")
