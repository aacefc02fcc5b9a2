"""What a game announces to the apps that listen: started, a phase adjudicated, ended, a
draw proposed, press sent, a deadline near, a phase stuck, orders missed.

An event is a row (:class:`games.models.GameEvent`) written in the same transaction as
what happened, so it is never lost: it is dispatched to the listeners once that
transaction commits and, should the process die first (a worker killed between the
commit and its notifications), by beat's ``dispatch_events`` a little later. Listeners
subscribe in their ``AppConfig.ready()`` and must be idempotent: an event may reach them
more than once (notifications keys each delivery by the event's key).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any

from django.db import transaction
from django.utils import timezone

from core.queue import after_commit
from games.models import Game, GameEvent

log = logging.getLogger(__name__)

Listener = Callable[[GameEvent], None]

#: Tries to dispatch one event before it is given up (and logged as an error).
MAX_ATTEMPTS = 5
#: How long an event may wait for its own after-commit dispatch before the sweep takes it.
SWEEP_AFTER = timedelta(seconds=30)

_listeners: list[Listener] = []


def subscribe(listener: Listener) -> None:
    """Call ``listener`` with every event from now on (apps call this in ``ready()``)."""
    if listener not in _listeners:
        _listeners.append(listener)


def announce(
    *,
    kind: str,
    game: Game | None,
    users: list[int],
    key: str,
    params: dict[str, Any],
) -> GameEvent:
    """Record an event in the caller's transaction; it is dispatched after the commit.

    ``users`` are the ids of those it concerns; ``key`` names the event for the
    listeners' exactly-once guards (``adjudicated:<phase id>``)."""
    event = GameEvent.objects.create(
        kind=kind, game=game, users=sorted(set(users)), key=key, params=params
    )
    after_commit(event_dispatch, event.pk)
    return event


def event_dispatch(event_id: int) -> bool:
    """Give one event to every listener, once; False if it was dispatched already, given
    up, or being dispatched by another process right now.

    The listeners run in the same transaction that marks the event dispatched, so either
    both happen or neither does. A listener that fails rolls it back; the failure is
    counted on the event, and the sweep tries again, up to :data:`MAX_ATTEMPTS`."""
    try:
        with transaction.atomic():
            event = (
                GameEvent.objects.select_for_update(skip_locked=True)
                .filter(pk=event_id, dispatched_at__isnull=True, given_up=False)
                .first()
            )
            if event is None:
                return False
            for listener in list(_listeners):
                listener(event)
            event.dispatched_at = timezone.now()
            event.attempts += 1
            event.save(update_fields=["dispatched_at", "attempts"])
            return True
    except Exception as e:
        _failed(event_id, e)
        return False


def _failed(event_id: int, error: Exception) -> None:
    with transaction.atomic():
        event = GameEvent.objects.select_for_update().filter(pk=event_id).first()
        if event is None or event.dispatched_at is not None:
            return
        event.attempts += 1
        event.last_error = f"{type(error).__name__}: {error}"[:2000]
        event.given_up = event.attempts >= MAX_ATTEMPTS
        event.save(update_fields=["attempts", "last_error", "given_up"])
    if event.given_up:
        log.error("event %s (%s) given up: %s", event_id, event.kind, event.last_error)
    else:
        log.warning("event %s (%s) failed: %s", event_id, event.kind, event.last_error)


def events_undispatched(*, now: datetime | None = None) -> list[int]:
    """Events whose own dispatch has not happened in time (the process died, a listener
    failed), oldest first."""
    now = now or timezone.now()
    return list(
        GameEvent.objects.filter(
            dispatched_at__isnull=True, given_up=False, created_at__lte=now - SWEEP_AFTER
        )
        .order_by("pk")
        .values_list("pk", flat=True)[:500]
    )
