"""The API throttle's sliding window (accounts/authentication.py): what it allows, what it
refuses, and the Retry-After it gives; counted in the site's cache, refused requests not."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.core.cache import DEFAULT_CACHE_ALIAS, caches
from rest_framework.test import APIClient

from accounts import counters
from accounts.authentication import ApiThrottle, window_allows, window_wait
from accounts.services import api_token_create
from core.cache import SharedRedisCache

pytestmark = pytest.mark.django_db


def site_cache() -> Any:
    return caches[DEFAULT_CACHE_ALIAS]


MINUTE = 60


def test_a_fresh_window_allows_up_to_the_limit() -> None:
    assert window_allows(3, MINUTE, 0.0, 0, 3)
    assert not window_allows(3, MINUTE, 0.0, 0, 4)


def test_the_last_windows_requests_weigh_as_much_as_still_lies_in_the_sliding_one() -> None:
    # 30 s into this window, half the last window is still in the last minute.
    assert window_allows(3, MINUTE, 30.0, 4, 1)  # 2 + 1
    assert not window_allows(3, MINUTE, 30.0, 4, 2)  # 2 + 2
    assert window_allows(3, MINUTE, 45.0, 4, 2)  # 1 + 2


def test_retry_after_is_when_the_last_window_has_slid_out_far_enough() -> None:
    # 4 last window, 2 now, limit 3: a third needs the last window's weight at 0, at its end.
    assert window_wait(3, MINUTE, 30.0, 4, 2) == pytest.approx(30.0)
    # 4 last window, 1 now: a second needs the weight down to 1 of 4, 45 s in.
    assert window_wait(3, MINUTE, 30.0, 4, 1) == pytest.approx(15.0)
    wait = window_wait(3, MINUTE, 30.0, 4, 1)
    assert window_allows(3, MINUTE, 30.0 + wait, 4, 2)
    assert not window_allows(3, MINUTE, 30.0 + wait - 1, 4, 2)


def test_retry_after_a_full_window_is_in_the_next_one() -> None:
    # 3 of 3 this window, 10 s in: the next window must let 2 of them slide out first.
    wait = window_wait(3, MINUTE, 10.0, 0, 3)
    assert wait == pytest.approx(50.0 + 20.0)
    assert window_allows(3, MINUTE, 20.0, 3, 1)
    assert not window_allows(3, MINUTE, 19.0, 3, 1)
    # A limit of one: the window after the next.
    assert window_wait(1, MINUTE, 10.0, 0, 1) == pytest.approx(50.0 + 60.0)


def program_at(
    clock: list[float],
    reads_a_minute: int,
    settings: Any,
    monkeypatch: pytest.MonkeyPatch,
    api: Callable[..., APIClient],
    user: Any,
) -> Callable[[], Any]:
    """A program allowed ``reads_a_minute``, whose throttle reads the time from ``clock``:
    call it for its next read's answer."""
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {"api_read": f"{reads_a_minute}/min", "api_write": "1/min"},
    }
    monkeypatch.setattr(ApiThrottle, "timer", lambda self: clock[0])
    client = api(user)
    return lambda: client.get("/api/v1/games/")


def test_a_program_is_let_in_again_as_its_requests_slide_out(
    settings: Any,
    monkeypatch: pytest.MonkeyPatch,
    players: dict[str, Any],
    api: Callable[..., APIClient],
) -> None:
    clock = [60_000.0]  # the start of a window
    read = program_at(clock, 3, settings, monkeypatch, api, players["austria"])

    def get() -> int:
        return int(read().status_code)

    assert [get() for _ in range(4)] == [200, 200, 200, 429]
    # Refused requests are not counted: hammering does not push the wait further.
    assert [get() for _ in range(5)] == [429] * 5
    clock[0] += 60 + 19  # next window: 3 x 41/60 + 1 > 3
    assert get() == 429
    clock[0] += 1  # 3 x 40/60 + 1 = 3
    assert get() == 200
    assert get() == 429


def test_the_retry_after_header_says_when(
    settings: Any,
    monkeypatch: pytest.MonkeyPatch,
    players: dict[str, Any],
    api: Callable[..., APIClient],
) -> None:
    clock = [60_000.0 + 10]
    read = program_at(clock, 2, settings, monkeypatch, api, players["austria"])
    assert [read().status_code for _ in range(2)] == [200, 200]
    refused = read()
    assert refused.status_code == 429
    # 50 s to the window's end, then 30 s for one of the two to slide out.
    assert refused["Retry-After"] == "80"


def test_the_counts_are_the_caches_and_expire(
    monkeypatch: pytest.MonkeyPatch, players: dict[str, Any], api: Callable[..., APIClient]
) -> None:
    clock = [60_000.0]
    monkeypatch.setattr(ApiThrottle, "timer", lambda self: clock[0])
    token, key = api_token_create(user=players["austria"], name="program")
    client = api(key=key)
    client.get("/api/v1/games/")
    client.get("/api/v1/games/")
    counter = f"throttle_api_read_token-{token.pk}:1000"
    cache = site_cache()
    assert cache.get(counter) == 2
    assert counters.window_hits(cache, counter, f"throttle_api_read_token-{token.pk}:999", 120) == (
        3,
        0,
    )
    if isinstance(cache, SharedRedisCache):
        # Kept two windows: the next one weighs it.
        ttl = cache._cache.get_client(write=True).ttl(cache.make_key(counter))
        assert 0 < ttl <= 120


def test_redis_counts_in_one_round_trip(monkeypatch: pytest.MonkeyPatch) -> None:
    cache = site_cache()
    if not isinstance(cache, SharedRedisCache):
        pytest.skip("the site's Redis (REDIS_URL) is not in use")
    from redis.client import Pipeline

    sent: list[int] = []
    execute = Pipeline.execute

    def counted(self: Pipeline, *args: Any, **kwargs: Any) -> Any:
        sent.append(len(self.command_stack))
        return execute(self, *args, **kwargs)

    monkeypatch.setattr(Pipeline, "execute", counted)
    assert cache.window_hits("w:1", "w:0", 60) == (1, 0)
    cache.set("w:1", 5)
    assert cache.window_hits("w:2", "w:1", 60) == (1, 5)
    assert sent == [3, 3]
