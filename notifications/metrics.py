"""The notifications' figures for Prometheus (core.metrics): deliveries waiting to go out
and those that failed for good, by channel (inbox, e-mail, webhook, push), never by user."""

from __future__ import annotations

from collections.abc import Iterator

from django.db.models import Count, Min
from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily
from prometheus_client.metrics_core import Metric
from prometheus_client.registry import Collector

from core.metrics import oldest_waiting_gauge, state_register
from notifications.models import Channel, Delivery


def by_channel(status: str) -> dict[str, int]:
    """How many deliveries of ``status`` each channel has (every channel named, 0 or not,
    so that an alert on a rise sees the series from its start)."""
    counts = dict.fromkeys(Channel.values, 0)
    rows = Delivery.objects.filter(status=status).values("channel").annotate(n=Count("pk"))
    for row in rows.order_by("channel"):
        counts[str(row["channel"])] = int(row["n"])
    return counts


class DeliveryFigures(Collector):
    """Read from the stored deliveries (the notifications' outbox) at each scrape."""

    def collect(self) -> Iterator[Metric]:
        waiting = GaugeMetricFamily(
            "diplomacy_deliveries_waiting",
            "Deliveries written and not yet sent (being sent or to be retried), by channel.",
            labels=["channel"],
        )
        for channel, n in by_channel(Delivery.Status.PENDING).items():
            waiting.add_metric([channel], n)
        yield waiting
        pending = Delivery.objects.filter(status=Delivery.Status.PENDING)
        yield oldest_waiting_gauge(
            "diplomacy_deliveries_oldest_waiting_age_seconds",
            "Seconds the oldest delivery not yet sent has waited (0: none waits).",
            pending.aggregate(at=Min("created"))["at"],
        )
        held = GaugeMetricFamily(
            "diplomacy_deliveries_held",
            "Deliveries held, as their users asked, for the daily digest, by channel.",
            labels=["channel"],
        )
        for channel, n in by_channel(Delivery.Status.HELD).items():
            held.add_metric([channel], n)
        yield held
        # A delivery fails once, for good (its retries spent): the stored ones are a count.
        failed = CounterMetricFamily(
            "diplomacy_deliveries_failed",
            "Deliveries (mails, pushes, webhooks) that failed for good, as stored, by channel.",
            labels=["channel"],
        )
        for channel, n in by_channel(Delivery.Status.FAILED).items():
            failed.add_metric([channel], n)
        yield failed


def notifications_collectors_register() -> None:
    state_register(DeliveryFigures())
