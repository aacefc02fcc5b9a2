"""Is the site alive, and is it ready to serve? The two answers a load balancer and an
operator's monitoring ask for, as JSON with nothing secret in it.

Liveness is the process answering, nothing more: a database that is away must not get
every web process restarted. Readiness checks what a request and a deadline need: the
database, the cache, the channel layer (live updates), the Celery broker (tasks queued),
a worker that took the heartbeat task off the queue lately and beat that ticked lately
(core.heartbeats). The checks are django-health-check's (it runs them side by side, each
within its own time limit); the ones only this site has are below. A failure names the
part and what is wrong with it in words of our own, never a driver's message (which may
carry a host, a user or a password)."""

from __future__ import annotations

import asyncio
import dataclasses
import datetime
from typing import Any

from asgiref.sync import sync_to_async
from celery import current_app
from channels.layers import get_channel_layer
from django.conf import settings
from django.http import HttpRequest, JsonResponse
from django.utils.cache import add_never_cache_headers
from health_check.base import HealthCheck, HealthCheckResult
from health_check.checks import Cache, Database
from health_check.exceptions import HealthCheckException, ServiceUnavailable
from health_check.views import HealthCheckView

from core.heartbeats import BEAT, WORKER, heartbeat_age

#: How long a check may take before it counts as failed: a probe answers within a few seconds.
LIMIT = datetime.timedelta(seconds=2)


@dataclasses.dataclass
class SafeDatabase(Database):
    """The library's SELECT 1, its failure said without the driver's message."""

    timeout: datetime.timedelta = dataclasses.field(default=LIMIT, repr=False)

    def run(self) -> None:
        try:
            super().run()
        except HealthCheckException as error:
            raise ServiceUnavailable("the database does not answer") from error


@dataclasses.dataclass
class ChannelLayer(HealthCheck):
    """A message sent to a fresh channel of the layer comes back: live updates travel."""

    timeout: datetime.timedelta = dataclasses.field(default=LIMIT, repr=False)

    async def run(self) -> None:
        layer = get_channel_layer()
        if layer is None:
            raise ServiceUnavailable("no channel layer is configured")
        try:
            channel = await layer.new_channel("health.")
            await layer.send(channel, {"type": "health.probe"})
            message = await layer.receive(channel)
        except Exception as error:  # any failure of the layer is the answer
            raise ServiceUnavailable("the channel layer does not answer") from error
        if message.get("type") != "health.probe":
            raise ServiceUnavailable("the channel layer gave back another message")


@dataclasses.dataclass
class Broker(HealthCheck):
    """The Celery broker takes a connection: tasks can be queued."""

    timeout: datetime.timedelta = dataclasses.field(default=LIMIT, repr=False)

    def run(self) -> None:
        try:
            with current_app.connection_for_write() as connection:
                connection.ensure_connection(max_retries=1, timeout=LIMIT.total_seconds())
        except Exception as error:  # kombu raises many kinds
            raise ServiceUnavailable("the Celery broker does not answer") from error


@dataclasses.dataclass
class Heartbeat(HealthCheck):
    """A background process was seen within its allowance (settings.HEALTH_STALE_SECONDS)."""

    process: str = WORKER
    timeout: datetime.timedelta = dataclasses.field(default=LIMIT, repr=False)

    async def run(self) -> None:
        try:
            # On the thread that serves the database to this request (the library runs
            # synchronous checks on threads of their own, each with its own connection).
            age = await sync_to_async(heartbeat_age)(self.process)
        except Exception as error:  # the database check says why
            raise ServiceUnavailable(f"the {self.process}'s heartbeat cannot be read") from error
        allowed = datetime.timedelta(seconds=settings.HEALTH_STALE_SECONDS)
        if age is None:
            raise ServiceUnavailable(f"no {self.process} has been seen yet")
        if age > allowed:
            raise ServiceUnavailable(
                f"the {self.process} was last seen {int(age.total_seconds())} s ago"
                f" (allowed: {int(allowed.total_seconds())} s)"
            )


#: Each check by the name readiness reports it under.
READINESS: dict[str, HealthCheck] = {
    "database": SafeDatabase(),
    "cache": Cache(timeout=LIMIT),
    "channel_layer": ChannelLayer(),
    "broker": Broker(),
    "worker": Heartbeat(process=WORKER),
    "beat": Heartbeat(process=BEAT),
}


def live(request: HttpRequest) -> JsonResponse:
    """Liveness: the process answers. It checks nothing else, on purpose."""
    response = JsonResponse({"status": "alive"})
    add_never_cache_headers(response)
    return response


class Ready(HealthCheckView):
    """Readiness: every check of READINESS at once; 200 when all pass, else 503 (what a
    load balancer takes a process out of rotation for), in JSON whatever is asked."""

    checks = tuple(READINESS.values())

    def get_checks(self) -> Any:
        return READINESS.values()

    async def get(self, request: HttpRequest, *args: Any, **kwargs: Any) -> JsonResponse:
        with self.get_executor() as executor:
            results: list[HealthCheckResult] = await asyncio.gather(
                *(check.get_result(executor) for check in self.get_checks())
            )
        report = {
            name: {
                "ok": result.error is None,
                "seconds": round(result.time_taken, 4),
                **({"problem": result.error.message} if result.error is not None else {}),
            }
            for name, result in zip(READINESS, results, strict=True)
        }
        ready = all(result.error is None for result in results)
        return JsonResponse(
            {"status": "ready" if ready else "unavailable", "checks": report},
            status=200 if ready else 503,
        )


ready = Ready.as_view()
