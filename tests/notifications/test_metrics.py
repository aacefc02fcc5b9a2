"""The notifications' figures for Prometheus (notifications/metrics.py): deliveries
waiting, held and failed, by channel, moving as deliveries do; no user in them."""

from __future__ import annotations

import datetime
from typing import Any

import pytest
from django.utils import timezone

from notifications.models import Channel, Delivery, Kind
from tests.scrape import scrape

pytestmark = pytest.mark.django_db


def _delivery(user: Any, channel: str, key: str) -> Delivery:
    return Delivery.objects.create(
        event_key=key, user=user, channel=channel, kind=Kind.PRESS, params={}
    )


def test_every_channel_is_named_from_the_start() -> None:
    figures = scrape()
    for channel in Channel.values:
        assert figures.value("diplomacy_deliveries_waiting", channel=channel) == 0
        assert figures.value("diplomacy_deliveries_failed_total", channel=channel) == 0
    assert "diplomacy_deliveries_waiting" in figures.families
    assert "diplomacy_deliveries_failed" in figures.families


def test_a_delivery_waits_until_sent(make_user: Any) -> None:
    user = make_user("reader")
    mail = _delivery(user, Channel.EMAIL, "one")
    Delivery.objects.filter(pk=mail.pk).update(
        created=timezone.now() - datetime.timedelta(minutes=20)
    )
    waiting = scrape()
    assert waiting.value("diplomacy_deliveries_waiting", channel="email") == 1
    assert waiting.value("diplomacy_deliveries_waiting", channel="push") == 0
    assert waiting.value("diplomacy_deliveries_oldest_waiting_age_seconds") >= 20 * 60

    mail.status = Delivery.Status.SENT
    mail.save(update_fields=["status"])
    sent = scrape()
    assert sent.value("diplomacy_deliveries_waiting", channel="email") == 0
    assert sent.value("diplomacy_deliveries_oldest_waiting_age_seconds") == 0


def test_a_delivery_held_for_the_digest_is_not_waiting(make_user: Any) -> None:
    user = make_user("digest-reader")
    held = _delivery(user, Channel.EMAIL, "held")
    held.status = Delivery.Status.HELD
    held.save(update_fields=["status"])
    figures = scrape()
    assert figures.value("diplomacy_deliveries_held", channel="email") == 1
    assert figures.value("diplomacy_deliveries_waiting", channel="email") == 0


def test_failed_pushes_and_mails_are_counted_by_channel(make_user: Any) -> None:
    user = make_user("unlucky-reader")
    push = _delivery(user, Channel.PUSH, "push")
    mail = _delivery(user, Channel.EMAIL, "mail")
    before = scrape()
    assert before.value("diplomacy_deliveries_failed_total", channel="push") == 0
    for delivery in (push, mail):
        delivery.status = Delivery.Status.FAILED
        delivery.attempts = 5
        delivery.save(update_fields=["status", "attempts"])
    figures = scrape()
    assert figures.value("diplomacy_deliveries_failed_total", channel="push") == 1
    assert figures.value("diplomacy_deliveries_failed_total", channel="email") == 1
    assert figures.value("diplomacy_deliveries_failed_total", channel="webhook") == 0
    assert figures.value("diplomacy_deliveries_waiting", channel="push") == 0
    assert "unlucky-reader" not in figures.text
    assert "example.org" not in figures.text
