"""The heartbeat task: queued by beat, run by any worker, it records that a worker took a
message off the queue (core.heartbeats)."""

from __future__ import annotations

from celery import shared_task

from core.heartbeats import WORKER, heartbeat_record


@shared_task(name="core.tasks.worker_heartbeat", ignore_result=True, expires=60)
def worker_heartbeat() -> None:
    heartbeat_record(WORKER)
