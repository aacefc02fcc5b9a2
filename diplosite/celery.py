"""The Celery app. Beat sweeps for due phases; the sweep is the deadline guarantee."""

from __future__ import annotations

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "diplosite.settings")

app = Celery("diplosite")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


@app.on_after_finalize.connect
def _schedule_sweep(sender: Celery, **_: object) -> None:
    from django.conf import settings

    sender.add_periodic_task(
        settings.DEADLINE_SWEEP_SECONDS,
        sender.signature("games.tasks.sweep_due_phases"),
        name="sweep due phases",
    )
    sender.add_periodic_task(
        60.0,
        sender.signature("notifications.tasks.remind_due_phases"),
        name="remind seats before deadlines",
    )
    sender.add_periodic_task(
        300.0,
        sender.signature("notifications.tasks.send_digests"),
        name="send daily notification digests",
    )
    sender.add_periodic_task(
        30.0,
        sender.signature("games.tasks.dispatch_events"),
        name="dispatch game events left undispatched",
    )
    sender.add_periodic_task(
        60.0,
        sender.signature("notifications.tasks.requeue_deliveries"),
        name="queue lost deliveries again",
    )
    sender.add_periodic_task(
        settings.HEALTH_HEARTBEAT_SECONDS,
        sender.signature("core.tasks.worker_heartbeat"),
        name="a worker's heartbeat, for readiness",
    )
