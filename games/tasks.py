"""Celery tasks: thin, idempotent wrappers keyed by (game, phase)."""

from __future__ import annotations

import logging

from celery import shared_task
from django.core.cache import cache

from games import selectors, services

log = logging.getLogger(__name__)

#: How long the sweep waits before queuing the same due phase again.
REQUEUE_AFTER_SECONDS = 60


@shared_task(name="games.tasks.adjudicate_phase", acks_late=True, bind=True, max_retries=5)
def adjudicate_phase(self: object, game_id: int, phase_id: int) -> bool:
    """Adjudicate one phase. Safe to run twice: the service does it exactly once."""
    return services.phase_adjudicate(game_id=game_id, phase_id=phase_id)


@shared_task(name="games.tasks.sweep_due_phases")
def sweep_due_phases() -> int:
    """Queue every phase whose deadline has passed. This is the deadline guarantee.
    Pauses whose time is up end here too (their phase then has a deadline again)."""
    from games.moderation import pause_expire

    for game_id in selectors.pauses_expired():
        pause_expire(game_id=game_id)
    queued = 0
    for game_id, phase_id in selectors.phases_due():
        # Skip a phase queued by a recent sweep: during a backlog, re-queuing every
        # few seconds only piles up duplicates. After the hold expires it is queued
        # again, so a lost message still costs at most REQUEUE_AFTER_SECONDS.
        if not cache.add(f"sweep-queued:{phase_id}", 1, timeout=REQUEUE_AFTER_SECONDS):
            continue
        try:
            adjudicate_phase.delay(game_id, phase_id)
        except Exception:
            # The broker is away: the phase stays due in the database, and the
            # next sweep queues it again. Nothing is lost.
            log.warning("could not queue game %s phase %s", game_id, phase_id, exc_info=True)
            cache.delete(f"sweep-queued:{phase_id}")
            continue
        queued += 1
    if queued:
        log.info("queued %d due phases", queued)
    return queued


@shared_task(name="games.tasks.remind_phase", acks_late=True)
def remind_phase(phase_id: int) -> int:
    """Remind the seats of one phase that are not ready. Safe to run twice."""
    return services.phase_remind(phase_id=phase_id)


@shared_task(name="games.tasks.remind_due_phases")
def remind_due_phases() -> int:
    """Queue the reminders whose time has come (each phase once; see phase_remind)."""
    queued = 0
    for phase_id in selectors.reminders_due():
        try:
            remind_phase.delay(phase_id)
        except Exception:
            log.warning("could not queue the reminder of phase %s", phase_id, exc_info=True)
            continue
        queued += 1
    return queued
