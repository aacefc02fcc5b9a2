"""Celery task of notifications: a thin, idempotent wrapper around one delivery."""

from __future__ import annotations

from typing import Any

from celery import shared_task
from django.utils import timezone

from core.queue import task_send
from notifications import reminders, services
from notifications.models import Delivery


@shared_task(
    name="notifications.tasks.deliver",
    acks_late=True,
    bind=True,
    max_retries=services.MAX_ATTEMPTS,
)
def deliver(self: Any, delivery_id: int) -> str:
    """Send one e-mail or webhook delivery. Safe to run twice: a sent one does nothing.
    A failure is retried with a growing wait; the service gives up after its bound."""
    status = services.delivery_send(delivery_id=delivery_id)
    if status == Delivery.Status.PENDING:
        raise self.retry(countdown=min(30 * 2**self.request.retries, 900))
    return status


@shared_task(name="notifications.tasks.send_digests")
def send_digests() -> int:
    """Make and queue the daily digests that are due (beat, every few minutes)."""
    return services.digests_make_due(now=timezone.now())


@shared_task(name="notifications.tasks.requeue_deliveries")
def requeue_deliveries() -> int:
    """Queue again the deliveries whose task was lost (beat, every minute)."""
    return services.deliveries_requeue(now=timezone.now())


@shared_task(name="notifications.tasks.remind_phase", acks_late=True)
def remind_phase(phase_id: int) -> int:
    """Remind the seats of one phase that are not ready. Safe to run twice."""
    return reminders.phase_remind(phase_id=phase_id)


@shared_task(name="notifications.tasks.remind_due_phases")
def remind_due_phases() -> int:
    """Queue the reminders whose time has come (each phase once; see phase_remind)."""
    queued = 0
    for phase_id in reminders.reminders_due():
        if task_send("notifications.tasks.remind_phase", phase_id):
            queued += 1
    return queued
