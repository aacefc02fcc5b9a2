"""What the site keeps about itself (not about games): when its background processes
last showed they were alive."""

from __future__ import annotations

from django.db import models


class Heartbeat(models.Model):
    """The last moment a background process was seen working: ``beat`` when the scheduler
    ticked, ``worker`` when a worker ran the heartbeat task beat queued. Kept in the
    database, which every process shares (the embedded default's cache is per process)."""

    name = models.CharField(max_length=20, primary_key=True)
    at = models.DateTimeField()

    def __str__(self) -> str:
        return f"{self.name} at {self.at:%Y-%m-%d %H:%M:%S}"
