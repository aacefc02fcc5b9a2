"""Figures for Prometheus: each process's own, and the site's state.

Two kinds, kept apart:

- **A process's own** (django-prometheus's requests and queries, the websockets open in a
  Daphne process, how long the adjudications a worker ran took): counted where they
  happen, in prometheus_client's default registry. Each process keeps its own; Prometheus
  scrapes each (a web process at ``/metrics``, a worker at a port of its own:
  :func:`worker_exporter_start`) and adds them up.
- **The site's state** (phases due, deliveries waiting, the queue's length, heartbeats):
  read from the database and the broker when ``/metrics`` is asked, by collectors each app
  registers in its ``AppConfig.ready()`` (:func:`state_register`), in a registry of their
  own (:data:`SITE_STATE`). Only the web's ``/metrics`` serves them: a worker's port
  serves its own figures alone, so that no scrape of a worker queries the database, and
  every web process gives the same answer (an alert takes ``max``).

``/metrics`` answers only whom the operator named (:func:`metrics_allowed`); anyone else
gets the site's 404. No label carries personal data: variants, channels, processes and
consumers' kinds, never a user's or a game's name.
"""

from __future__ import annotations

import functools
import hmac
import ipaddress
import logging
import math
import os
from collections.abc import Iterable, Iterator
from datetime import datetime
from pathlib import Path
from typing import Any

import prometheus_client
import redis
from celery import current_app
from celery.signals import worker_init, worker_process_init
from django.conf import settings
from django.core.exceptions import ImproperlyConfigured
from django.http import Http404, HttpRequest, HttpResponse
from django.utils import timezone
from django_prometheus.exports import SetupPrometheusEndpointOnPortRange
from prometheus_client.core import GaugeMetricFamily
from prometheus_client.metrics_core import Metric
from prometheus_client.registry import Collector, CollectorRegistry

from core.heartbeats import BEAT, WORKER, heartbeat_age

log = logging.getLogger(__name__)

#: The site's state, computed at each scrape of a web process's ``/metrics``.
SITE_STATE = CollectorRegistry(auto_describe=False)

#: Websockets open in this process, by the kind of socket (its consumer's class).
WEBSOCKETS = prometheus_client.Gauge(
    "diplomacy_websocket_connections",
    "Websocket connections open in this process, by the kind of socket.",
    ["consumer"],
)


class _Guarded(Collector):
    """A state collector whose failure (the database or the broker away) costs its own
    figures, logged, never the scrape: the process's figures still arrive."""

    def __init__(self, collector: Collector) -> None:
        self.collector = collector

    def collect(self) -> Iterable[Metric]:
        try:
            return list(self.collector.collect())
        except Exception:
            log.warning(
                "metrics: %s could not collect", type(self.collector).__name__, exc_info=True
            )
            return []


#: The kinds of collector registered: one of each, however often an app gets ready.
_registered: set[type[Collector]] = set()


def state_register(collector: Collector) -> None:
    """Have ``collector`` computed at each scrape of ``/metrics`` (an app's
    ``AppConfig.ready()`` calls this for its own figures); once per kind of collector, so
    that no figure is ever served twice."""
    if type(collector) in _registered:
        return
    _registered.add(type(collector))
    SITE_STATE.register(_Guarded(collector))


class _Everything(Collector):
    """What ``/metrics`` serves: the process's own figures, then the site's state."""

    def collect(self) -> Iterator[Metric]:
        yield from prometheus_client.REGISTRY.collect()
        yield from SITE_STATE.collect()


# -- who may read them ----------------------------------------------------------------

#: Headers a proxy adds: a request carrying one came through it, so its address is the
#: proxy's (often this machine's own) and says nothing about who asked.
_FORWARDED = ("HTTP_X_FORWARDED_FOR", "HTTP_FORWARDED", "HTTP_X_REAL_IP")


@functools.cache
def _networks(
    entries: tuple[str, ...],
) -> tuple[ipaddress.IPv4Network | ipaddress.IPv6Network, ...]:
    try:
        return tuple(ipaddress.ip_network(entry.strip(), strict=False) for entry in entries)
    except ValueError as error:
        raise ImproperlyConfigured(
            f"METRICS_ALLOWED_ADDRESSES holds something that is no address: {error}"
        ) from None


def metrics_allowed(request: HttpRequest) -> bool:
    """May this caller read ``/metrics``? With the bearer token (``METRICS_TOKEN``, when
    set), or straight from an address or network of ``METRICS_ALLOWED_ADDRESSES`` (never
    through a proxy: behind one on the same machine every visitor would come from
    loopback)."""
    token: str = settings.METRICS_TOKEN
    if token:
        scheme, _, given = request.headers.get("Authorization", "").partition(" ")
        if scheme.lower() == "bearer" and hmac.compare_digest(
            given.strip().encode(), token.encode()
        ):
            return True
    if any(request.META.get(header) for header in _FORWARDED):
        return False
    try:
        address = ipaddress.ip_address(str(request.META.get("REMOTE_ADDR", "")).strip("[]"))
    except ValueError:
        return False
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        address = address.ipv4_mapped
    return any(
        address in network for network in _networks(tuple(settings.METRICS_ALLOWED_ADDRESSES))
    )


def metrics(request: HttpRequest) -> HttpResponse:
    """``/metrics``, in Prometheus's text format, for those allowed; the site's 404 for
    anyone else (nothing says there is something here)."""
    if not metrics_allowed(request):
        raise Http404
    response = HttpResponse(
        prometheus_client.generate_latest(_Everything()),  # type: ignore[arg-type]
        content_type=prometheus_client.CONTENT_TYPE_LATEST,
    )
    response["Cache-Control"] = "no-store"
    return response


# -- the workers' own figures -----------------------------------------------------------


def _ports(text: str) -> range | None:
    """``METRICS_WORKER_PORTS``: ``9101-9108``, or one port; None when empty."""
    text = text.strip()
    if not text:
        return None
    first, dash, last = text.partition("-")
    try:
        low, high = int(first), int(last if dash else first)
    except ValueError:
        raise ImproperlyConfigured(
            f"METRICS_WORKER_PORTS must be a port or a range such as 9101-9108, not {text!r}"
        ) from None
    if not 0 < low <= high < 65536:
        raise ImproperlyConfigured(f"METRICS_WORKER_PORTS is no range of ports: {text!r}")
    return range(low, high + 1)


#: The port this process serves its figures at, by process id (a forked child has its own).
_serving: dict[int, int] = {}


def worker_exporter_start() -> int | None:
    """Serve this process's own figures over HTTP at the first free port of
    ``METRICS_WORKER_PORTS`` on ``METRICS_WORKER_ADDRESS`` (django-prometheus's port-range
    exporter); the port, or None when off or none is free (logged)."""
    ports = _ports(settings.METRICS_WORKER_PORTS)
    if ports is None:
        return None
    pid = os.getpid()
    if pid in _serving:  # the solo pool says both that the worker and its "child" started
        return _serving[pid]
    port: int | None = SetupPrometheusEndpointOnPortRange(
        ports, addr=settings.METRICS_WORKER_ADDRESS
    )
    if port is not None:
        _serving[pid] = port
    return port


def _prefork(pool_cls: Any) -> bool:
    name = pool_cls if isinstance(pool_cls, str) else getattr(pool_cls, "__module__", "")
    return "prefork" in str(name).lower()


def worker_exporter_connect() -> None:
    """Start the exporter in every process that runs tasks: the worker itself with the
    solo or threads pool, each child with the prefork pool (the parent only hands out
    tasks, and a child forked from it would not inherit the exporter's thread). Celery
    sends ``worker_process_init`` in each prefork child and, with the solo pool, in the
    worker itself; ``worker_init`` in the worker whatever its pool."""

    def worker_started(sender: Any = None, **_: Any) -> None:
        if not _prefork(getattr(sender, "pool_cls", "")):
            worker_exporter_start()

    def child_started(**_: Any) -> None:
        worker_exporter_start()

    # Named, so that connecting again (an app made ready twice) never opens a second port.
    worker_init.connect(worker_started, weak=False, dispatch_uid="core.metrics.worker")
    worker_process_init.connect(child_started, weak=False, dispatch_uid="core.metrics.child")


# -- the shapes the apps' figures share --------------------------------------------------


def oldest_waiting_gauge(name: str, documentation: str, since: datetime | None) -> Metric:
    """How long the oldest of something waiting (a phase due, an event or a delivery not
    yet sent) has waited: the seconds from ``since``, when it began to wait, to now; 0
    when nothing waits (``since`` None). Never below 0: a phase is due before its
    deadline once everyone is ready, and an alert on the age must not see it as waiting
    less than nothing."""
    waited = 0.0 if since is None else (timezone.now() - since).total_seconds()
    return GaugeMetricFamily(name, documentation, value=max(0.0, waited))


# -- core's own state -----------------------------------------------------------------


class HeartbeatAges(Collector):
    """How long ago beat and a worker were last seen (core.heartbeats), as readiness reads
    them: a missing worker is a worker heartbeat growing old while beat's stays fresh.
    Never seen: +Inf, which any "older than" alert catches."""

    def collect(self) -> Iterator[Metric]:
        family = GaugeMetricFamily(
            "diplomacy_heartbeat_age_seconds",
            "Seconds since the process last recorded its heartbeat (+Inf: never).",
            labels=["process"],
        )
        for process in (BEAT, WORKER):
            age = heartbeat_age(process)
            family.add_metric([process], math.inf if age is None else age.total_seconds())
        yield family


#: kombu's Redis transport keeps a message with a priority in a list of its own, the
#: queue's name, this separator and the priority step (its default steps).
_REDIS_PRIORITY_SEPARATOR = "\x06\x16"
_REDIS_PRIORITY_STEPS = (3, 6, 9)


@functools.cache
def _redis(url: str) -> Any:
    return redis.Redis.from_url(url, socket_connect_timeout=1.0, socket_timeout=1.0)


def queue_length(queue: str) -> int:
    """Messages waiting in the Celery queue ``queue``: the Redis lists of the queue (one
    per priority) with Redis as the broker, else the filesystem broker's files for it."""
    url: str = current_app.conf.broker_url or ""
    if url.startswith(("redis://", "rediss://", "unix://")):
        client = _redis(url)
        keys = [queue] + [f"{queue}{_REDIS_PRIORITY_SEPARATOR}{s}" for s in _REDIS_PRIORITY_STEPS]
        with client.pipeline(transaction=False) as pipe:
            for key in keys:
                pipe.llen(key)
            return sum(int(n) for n in pipe.execute())
    options = current_app.conf.broker_transport_options or {}
    folder = options.get("data_folder_in")
    if not folder:
        raise ImproperlyConfigured("the Celery broker is neither Redis nor a folder")
    suffix = f".{queue}.msg"
    return sum(
        1 for entry in os.scandir(Path(folder)) if entry.is_file() and entry.name.endswith(suffix)
    )


class CeleryQueue(Collector):
    """The tasks waiting in the Celery queue: a queue that grows is workers too few or
    gone."""

    def collect(self) -> Iterator[Metric]:
        queue: str = current_app.conf.task_default_queue
        family = GaugeMetricFamily(
            "diplomacy_celery_queue_length",
            "Tasks waiting in the Celery queue.",
            labels=["queue"],
        )
        family.add_metric([queue], queue_length(queue))
        yield family


def core_collectors_register() -> None:
    state_register(HeartbeatAges())
    state_register(CeleryQueue())
