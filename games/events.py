"""What a game announces to the apps that listen: started, a phase adjudicated, ended, a
draw proposed, press sent, a deadline near, a phase stuck, orders missed.

An event is a row (:class:`games.models.GameEvent`) written in the same transaction as
what happened, so it is never lost: it is dispatched to the listeners once that
transaction commits and, should the process die first (a worker killed between the
commit and its notifications), by beat's ``dispatch_events`` a little later. Listeners
register at ``games.extension_points.game_listeners`` in their ``AppConfig.ready()`` and
must be idempotent: an event may reach them
more than once (notifications keys each delivery by the event's key).
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta
from typing import Any

from django.db import transaction
from django.utils import timezone

from core.queue import after_commit
from games.extension_points import GameListener, game_listeners
from games.models import Game, GameEvent, GameEventDispatch

log = logging.getLogger(__name__)

#: Tries of one listener on one event before it is given up (and logged as an error).
MAX_ATTEMPTS = 5
#: How long an event may wait for its own after-commit dispatch before the sweep takes it.
SWEEP_AFTER = timedelta(seconds=30)


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


def listener_name(listener: GameListener) -> str:
    """A listener's dotted name, which its dispatch records are kept under."""
    return f"{listener.__module__}.{listener.__qualname__}"


def event_dispatch(event_id: int) -> bool:
    """Give one event to every listener not done with it yet; True if this completed the
    event, False if it was dispatched already, given up, being dispatched by another
    process right now, or a listener failed.

    Each listener runs in its own savepoint and has its own record
    (:class:`games.models.GameEventDispatch`): one that fails rolls back only what it did
    itself, the others' work commits and is never repeated, and the failure is counted
    on its record. The sweep tries the listeners not yet done again, each up to
    :data:`MAX_ATTEMPTS` times before it is given up."""
    try:
        with transaction.atomic():
            event = (
                GameEvent.objects.select_for_update(skip_locked=True)
                .filter(pk=event_id, dispatched_at__isnull=True, given_up=False)
                .first()
            )
            if event is None:
                return False
            records = {r.listener: r for r in GameEventDispatch.objects.filter(event=event)}
            pending: list[GameEventDispatch] = []
            for listener in game_listeners.entries():
                name = listener_name(listener)
                record = records.get(name)
                if record is None:
                    record = GameEventDispatch.objects.create(event=event, listener=name)
                if record.done_at is not None or record.given_up:
                    continue
                _listener_try(listener, event, record)
                if record.done_at is None:
                    pending.append(record)
            event.attempts += 1
            fields = ["attempts"]
            if not pending:
                event.dispatched_at = timezone.now()
                fields.append("dispatched_at")
            else:
                event.last_error = "; ".join(f"{r.listener}: {r.last_error}" for r in pending)[
                    :2000
                ]
                event.given_up = all(r.given_up for r in pending)
                fields += ["last_error", "given_up"]
            event.save(update_fields=fields)
            return not pending
    except Exception:
        # Not a listener's failure (those are caught one by one): the database itself.
        # Nothing was recorded, so the sweep takes the event again.
        log.exception("event %s could not be dispatched", event_id)
        return False


def _listener_try(listener: GameListener, event: GameEvent, record: GameEventDispatch) -> None:
    record.attempts += 1
    try:
        with transaction.atomic():
            listener(event)
    except Exception as e:
        record.last_error = f"{type(e).__name__}: {e}"[:2000]
        record.given_up = record.attempts >= MAX_ATTEMPTS
        record.save(update_fields=["attempts", "last_error", "given_up"])
        level = logging.ERROR if record.given_up else logging.WARNING
        log.log(
            level,
            "event %s (%s) %s for %s: %s",
            event.pk,
            event.kind,
            "given up" if record.given_up else "failed",
            record.listener,
            record.last_error,
        )
        return
    record.done_at = timezone.now()
    record.save(update_fields=["attempts", "done_at"])


def events_undispatched(*, now: datetime | None = None) -> list[int]:
    """Events whose own dispatch has not happened in time (the process died, a listener
    failed and is not given up yet), oldest first."""
    now = now or timezone.now()
    return list(
        GameEvent.objects.filter(
            dispatched_at__isnull=True, given_up=False, created_at__lte=now - SWEEP_AFTER
        )
        .order_by("pk")
        .values_list("pk", flat=True)[:500]
    )
