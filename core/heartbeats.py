"""The background processes' heartbeats: beat records each tick of its scheduler, a worker
each run of the heartbeat task beat queues. Readiness (core.health) reads how old they are:
a stale ``worker`` with a fresh ``beat`` is a worker missing (or a queue that no longer
moves); both stale, beat itself is missing."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from celery.beat import PersistentScheduler
from django.utils import timezone

from core.models import Heartbeat

BEAT = "beat"
WORKER = "worker"


def heartbeat_record(name: str, at: datetime | None = None) -> None:
    Heartbeat.objects.update_or_create(name=name, defaults={"at": at or timezone.now()})


def heartbeat_age(name: str, now: datetime | None = None) -> timedelta | None:
    """How long ago ``name`` was last seen; None if never."""
    at = Heartbeat.objects.filter(name=name).values_list("at", flat=True).first()
    return None if at is None else (now or timezone.now()) - at


class RecordingScheduler(PersistentScheduler):
    """Beat's own scheduler (its schedule kept on disk as before), which also records that
    beat is alive: at most once every ``EVERY``, so that a tick every few seconds costs
    one write a quarter-minute. A failed write (the database away) never stops beat: the
    deadline sweep it sends is the site's guarantee."""

    EVERY = timedelta(seconds=15)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._recorded: datetime | None = None

    def tick(self, *args: Any, **kwargs: Any) -> float:
        now = timezone.now()
        if self._recorded is None or now - self._recorded >= self.EVERY:
            try:
                heartbeat_record(BEAT, now)
                self._recorded = now
            except Exception:  # beat must keep sending, whatever the database does
                self.logger.warning("beat could not record its heartbeat", exc_info=True)
        return float(super().tick(*args, **kwargs))
