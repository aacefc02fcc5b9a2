"""Celery tasks: thin, idempotent wrappers keyed by (game, phase)."""

from __future__ import annotations

import logging
import time
import traceback

from celery import shared_task
from django.core.cache import cache
from django.db import DatabaseError, InterfaceError, OperationalError

from games import events, selectors, services
from games.metrics import ADJUDICATION_SECONDS
from games.models import Game
from games.positions import BoardUnreadable
from games.services.moderation import pause_expire

log = logging.getLogger(__name__)

#: How long the sweep waits before queuing the same due phase again.
REQUEUE_AFTER_SECONDS = 60
#: Failures that say nothing about the phase (the database away for a moment): they are
#: not counted against it, and the sweep simply tries again.
TRANSIENT = (OperationalError, InterfaceError)


@shared_task(name="games.tasks.adjudicate_phase", acks_late=True, bind=True, max_retries=5)
def adjudicate_phase(self: object, game_id: int, phase_id: int) -> bool:
    """Adjudicate one phase if it is due, and otherwise do nothing (logged): a message
    names a phase, but only the database says whether its time has come. Safe to run
    twice: the service does it exactly once.

    An attempt that raises is counted on the phase (services.phase_adjudication_failed);
    after a few, the phase is given up to the moderators instead of being queued by the
    sweep every minute, forever and silently."""
    try:
        started = time.perf_counter()
        adjudicated = services.phase_adjudicate(game_id=game_id, phase_id=phase_id, when_due=True)
        if adjudicated:
            adjudication_observe(game_id, time.perf_counter() - started)
        return adjudicated
    except TRANSIENT:
        raise
    except BoardUnreadable as e:
        # Bad stored data, not a passing fault: trying again would fail again. The phase
        # (this board's, or a linked board's) waits for its moderators from now on.
        log.error(
            "game %s phase %s cannot be adjudicated: its stored position cannot be read "
            "(%s, at %s); it is given up to the moderators",
            e.game_id,
            e.phase_code,
            e.problem,
            e.path or "-",
        )
        services.phase_unreadable(game_id=e.game_id, phase_id=e.phase_id)
        return False
    except Exception as e:
        log.exception("adjudication of game %s phase %s failed", game_id, phase_id)
        error = "".join(traceback.format_exception(type(e), e, e.__traceback__))
        try:
            services.phase_adjudication_failed(game_id=game_id, phase_id=phase_id, error=error)
        except DatabaseError:
            log.exception("could not record the failure of phase %s", phase_id)
        return False


def adjudication_observe(game_id: int, seconds: float) -> None:
    """Count an adjudication's duration in this worker's figures (games.metrics), by the
    game's variant; a figure that cannot be told is no reason to fail the task."""
    try:
        variant = Game.objects.filter(pk=game_id).values_list("variant", flat=True).first()
        ADJUDICATION_SECONDS.labels(variant or "unknown").observe(seconds)
    except Exception:
        log.warning("could not count the adjudication of game %s", game_id, exc_info=True)


@shared_task(name="games.tasks.phase_unreadable", acks_late=True)
def phase_unreadable(game_id: int, phase_id: int) -> bool:
    """Give an open phase whose stored position cannot be read up to its moderators (they
    are told), as soon as a reader finds it so (games.positions). Safe to run twice."""
    return services.phase_unreadable(game_id=game_id, phase_id=phase_id)


def _held(phase_id: int) -> bool:
    """Was this phase queued by a recent sweep? (During a backlog, queuing it every few
    seconds would only pile up duplicates.) Without the cache, nothing is held."""
    try:
        return not cache.add(f"sweep-queued:{phase_id}", 1, timeout=REQUEUE_AFTER_SECONDS)
    except Exception:
        log.warning("the cache is away: the sweep holds nothing back", exc_info=True)
        return False


def _release(phase_id: int) -> None:
    try:
        cache.delete(f"sweep-queued:{phase_id}")
    except Exception:
        log.warning("the cache is away", exc_info=True)


@shared_task(name="games.tasks.sweep_due_phases")
def sweep_due_phases() -> int:
    """Queue every phase that is due: its deadline has passed, or everyone with orders to
    give is ready. This is the guarantee; a task queued at the deadline or on "ready" is an
    optimisation. Pauses whose time is up end here too (their phase then has a deadline
    again). Phases given up to the moderators are left alone."""
    for game_id in selectors.pauses_expired():
        pause_expire(game_id=game_id)
    queued = 0
    for game_id, phase_id in selectors.phases_due():
        # After the hold expires the phase is queued again, so a lost message costs at
        # most REQUEUE_AFTER_SECONDS.
        if _held(phase_id):
            continue
        try:
            adjudicate_phase.delay(game_id, phase_id)
        except Exception:
            # The broker is away: the phase stays due in the database, and the
            # next sweep queues it again. Nothing is lost.
            log.warning("could not queue game %s phase %s", game_id, phase_id, exc_info=True)
            _release(phase_id)
            continue
        queued += 1
    if queued:
        log.info("queued %d due phases", queued)
    return queued


@shared_task(name="games.tasks.dispatch_events")
def dispatch_events() -> int:
    """Dispatch the events whose own after-commit dispatch did not happen (the process
    died after the commit, a listener failed). Safe to run twice."""
    done = 0
    for event_id in events.events_undispatched():
        done += events.event_dispatch(event_id)
    return done
