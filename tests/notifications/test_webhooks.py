"""Webhooks go to public servers only: a player's URL never makes the site's workers
reach their own network, whether it is saved that way, resolves there later, or
redirects there."""

from __future__ import annotations

from typing import Any

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from notifications import services as notifications
from notifications import webhooks
from notifications.models import Delivery, NotificationSetting
from tests.notifications.conftest import Hook

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    "url",
    [
        "http://127.0.0.1:6379/",
        "http://localhost:8000/hook",
        "http://10.1.2.3/hook",
        "http://192.168.0.10/hook",
        "http://169.254.169.254/latest/meta-data/",
        "http://[::1]/hook",
        "http://0.0.0.0/hook",
        "https://100.64.0.1/hook",
    ],
)
def test_private_and_local_addresses_are_refused(url: str) -> None:
    assert "private or local network" in (webhooks.address_problem(url) or "")
    assert "private or local network" in (webhooks.address_problem(url, resolve=True) or "")


def test_a_name_is_judged_by_its_addresses_before_sending(monkeypatch: pytest.MonkeyPatch) -> None:
    def resolves_inside(host: str, port: int, **kwargs: Any) -> list[Any]:
        return [(2, 1, 6, "", ("10.0.0.7", port))]

    monkeypatch.setattr(webhooks.socket, "getaddrinfo", resolves_inside)
    url = "https://hooks.example.org/x"
    assert webhooks.address_problem(url) is None  # saving does not wait for DNS
    assert "private or local network" in (webhooks.address_problem(url, resolve=True) or "")


@pytest.mark.parametrize(
    ("url", "allowed"),
    [
        ("https://8.8.8.8/hook", True),
        ("https://discord.invalid/api/webhooks/1/x", True),  # not resolvable now: sending says
        ("ftp://8.8.8.8/hook", False),
        ("https:///no-host", False),
        ("http://8.8.8.8:99999/", False),
    ],
)
def test_public_http_addresses_only(url: str, allowed: bool) -> None:
    assert (webhooks.address_problem(url, resolve=True) is None) is allowed


def test_the_page_and_the_api_refuse_a_private_webhook(client: Any, make_user: Any) -> None:
    user = make_user("alice")
    client.force_login(user)
    page = client.post(
        reverse("notifications:inbox"),
        {"press__webhook": "on", "webhook_url": "http://127.0.0.1:6379/"},
    )
    assert page.status_code == 200
    assert "private or local network" in page.content.decode()
    api = APIClient()
    api.force_authenticate(user)
    answer = api.put(
        reverse("api:notifications-settings"),
        {"choices": {"press": ["webhook"]}, "webhook_url": "http://10.0.0.1/x"},
        format="json",
    )
    assert answer.status_code == 400
    assert "private or local network" in str(answer.json()["errors"])
    assert not NotificationSetting.objects.filter(user=user).exclude(webhook_url="").exists()
    with pytest.raises(ValueError, match="private or local network"):
        notifications.setting_save(user=user, choices={}, webhook_url="http://localhost/x")


def test_an_address_that_became_private_is_not_called(
    make_user: Any, hook: tuple[str, type[Hook]], settings: Any
) -> None:
    url, handler = hook
    user = make_user("alice")
    notifications.setting_save(user=user, choices={"game_ended": ["webhook"]}, webhook_url=url)
    settings.WEBHOOK_ALLOW_PRIVATE = False  # as if its name now resolved to this machine
    notifications.notify(
        kind="game_ended",
        game=None,
        users=[user.pk],
        event_key="w:1",
        params={"game": "G"},
        queue=False,
    )
    delivery = Delivery.objects.get(event_key="w:1")
    assert delivery.status == Delivery.Status.FAILED
    assert "private or local network" in delivery.last_error
    assert handler.bodies == []


def test_a_webhook_is_not_redirected(make_user: Any, hook: tuple[str, type[Hook]]) -> None:
    url, handler = hook
    handler.statuses = [307] * 10
    handler.location = url + "/elsewhere"
    user = make_user("alice")
    notifications.setting_save(user=user, choices={"game_ended": ["webhook"]}, webhook_url=url)
    notifications.notify(
        kind="game_ended",
        game=None,
        users=[user.pk],
        event_key="w:2",
        params={"game": "G"},
        queue=False,
    )
    delivery = Delivery.objects.get(event_key="w:2")
    assert delivery.status == Delivery.Status.FAILED
    assert "307" in delivery.last_error
    assert len(handler.bodies) == notifications.MAX_ATTEMPTS  # never followed elsewhere
