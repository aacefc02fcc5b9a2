"""With the cache (Redis) out of reach, the API still answers: the throttle counts in the
process's memory instead of failing the request (accounts/counters.py)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from accounts import counters

pytestmark = pytest.mark.django_db

#: Nothing listens on port 1: connecting is refused at once.
CLOSED_REDIS = {
    "default": {
        "BACKEND": "django.core.cache.backends.redis.RedisCache",
        "LOCATION": "redis://127.0.0.1:1/0",
        "OPTIONS": {"socket_connect_timeout": 0.5, "socket_timeout": 1.0},
    }
}


@pytest.fixture
def cache_down(settings: Any) -> Iterator[None]:
    settings.CACHES = CLOSED_REDIS
    yield
    counters.reset()


def test_a_get_is_answered_when_the_cache_is_down(
    cache_down: None, started_game: Any, players: dict[str, Any], api: Callable[..., APIClient]
) -> None:
    assert api().get(reverse("api:games")).status_code == 200
    by_token = api(players["austria"]).get(reverse("api:orders", args=[started_game.pk]))
    assert by_token.status_code == 200


def test_a_put_of_orders_is_saved_when_the_cache_is_down(
    cache_down: None, started_game: Any, players: dict[str, Any], api: Callable[..., APIClient]
) -> None:
    answer = api(players["austria"]).put(
        reverse("api:orders", args=[started_game.pk]),
        {"orders": ["A vie - tri"], "phase": 0},
        format="json",
    )
    assert answer.status_code == 200
    assert answer.json() == {"orders": ["A vie - tri"], "ready": False}


def test_the_throttle_still_counts_while_the_cache_is_down(
    cache_down: None, settings: Any, players: dict[str, Any], api: Callable[..., APIClient]
) -> None:
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {"api_read": "3/min", "api_write": "1/min"},
    }
    client = api(players["austria"])
    for _ in range(3):
        assert client.get(reverse("api:games")).status_code == 200
    throttled = client.get(reverse("api:games"))
    assert throttled.status_code == 429
    assert "throttled" in throttled.json()["message"].lower()
