"""The games' figures for Prometheus (core.metrics): phases adjudicated and how long each
adjudication took, phases due and not yet adjudicated, phases given up to the moderators,
and the events outbox. Labelled by variant at most, never by a game or a player."""

from __future__ import annotations

from collections.abc import Iterator

import prometheus_client
from django.db.models import Count, Min, Q, QuerySet
from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily
from prometheus_client.metrics_core import Metric
from prometheus_client.registry import Collector

from core.metrics import oldest_waiting_gauge, state_register
from games.models import GameEvent, GamePhase

#: Observed by the worker that adjudicated (games.tasks.adjudicate_phase): a process's own
#: figure, served at the worker's port (METRICS_WORKER_PORTS).
ADJUDICATION_SECONDS = prometheus_client.Histogram(
    "diplomacy_adjudication_duration_seconds",
    "How long adjudicating a phase took in the worker (its transaction included), by variant.",
    ["variant"],
    buckets=(0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0, 60.0, 120.0),
)


def by_variant(phases: QuerySet[GamePhase]) -> list[tuple[str, int]]:
    """How many of ``phases`` each variant has, in the variants' order."""
    rows = phases.values("game__variant").annotate(n=Count("pk")).order_by("game__variant")
    return [(str(row["game__variant"]), int(row["n"])) for row in rows]


class PhaseFigures(Collector):
    """Read from the stored phases at each scrape: a phase is adjudicated once, so the
    count of adjudicated phases is a counter (that deleting a game may lower: Prometheus
    takes that for a reset)."""

    def collect(self) -> Iterator[Metric]:
        adjudicated = CounterMetricFamily(
            "diplomacy_phases_adjudicated",
            "Phases adjudicated, as stored, by variant.",
            labels=["variant"],
        )
        for variant, n in by_variant(GamePhase.objects.filter(resolved_at__isnull=False)):
            adjudicated.add_metric([variant], n)
        yield adjudicated

        due = GaugeMetricFamily(
            "diplomacy_phases_due",
            "Phases due (deadline passed or everyone ready) and not yet adjudicated, by variant.",
            labels=["variant"],
        )
        for variant, n in by_variant(GamePhase.objects.due()):
            due.add_metric([variant], n)
        yield due
        yield oldest_waiting_gauge(
            "diplomacy_phases_due_oldest_age_seconds",
            "Seconds since the deadline of the longest-waiting due phase (0: none waits).",
            GamePhase.objects.due().aggregate(at=Min("deadline"))["at"],
        )

        stuck = GaugeMetricFamily(
            "diplomacy_phases_stuck",
            "Open phases given up to the moderators after failed adjudications, by variant.",
            labels=["variant"],
        )
        given_up = GamePhase.objects.filter(status=GamePhase.Status.OPEN, stuck_since__isnull=False)
        for variant, n in by_variant(given_up):
            stuck.add_metric([variant], n)
        yield stuck


class EventOutbox(Collector):
    """The games' events outbox (games/events.py): events not yet handed to every
    listener, and those given up on (left for a person)."""

    def collect(self) -> Iterator[Metric]:
        waiting = GameEvent.objects.filter(dispatched_at__isnull=True, given_up=False)
        figures = waiting.aggregate(n=Count("pk"), oldest=Min("created_at"))
        yield GaugeMetricFamily(
            "diplomacy_game_events_undispatched",
            "Game events written but not yet dispatched to every listener.",
            value=figures["n"],
        )
        yield oldest_waiting_gauge(
            "diplomacy_game_events_oldest_undispatched_age_seconds",
            "Seconds the oldest undispatched game event has waited (0: none waits).",
            figures["oldest"],
        )
        yield GaugeMetricFamily(
            "diplomacy_game_events_given_up",
            "Game events whose dispatch failed too often: left for a person.",
            value=GameEvent.objects.filter(Q(given_up=True) | Q(dispatches__given_up=True))
            .distinct()
            .count(),
        )


def games_collectors_register() -> None:
    state_register(PhaseFigures())
    state_register(EventOutbox())
