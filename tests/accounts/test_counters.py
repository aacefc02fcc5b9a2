"""The throttles' counters: the site's cache, or the process's memory while the cache
cannot be reached, with one warning a minute at most."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from typing import Any

import pytest
from django.core.cache import cache
from redis.exceptions import ConnectionError as RedisConnectionError

from accounts import counters


@pytest.fixture(autouse=True)
def _no_outage() -> Iterator[None]:
    counters.reset()
    yield
    counters.reset()


class Unreachable:
    """A cache whose every call fails as redis-py fails when Redis is away."""

    def __init__(self) -> None:
        self.calls = 0

    def __getattr__(self, name: str) -> Any:
        def fail(*args: Any, **kwargs: Any) -> Any:
            self.calls += 1
            raise RedisConnectionError("Error 111 connecting to 127.0.0.1:6379.")

        return fail


def test_counts_go_to_the_cache_while_it_answers() -> None:
    counters.count_with(lambda store: store.set("k", 7, 60))
    assert cache.get("k") == 7


def test_counts_go_to_memory_while_the_cache_is_away(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(counters, "site_cache", Unreachable)
    counters.count_with(lambda store: store.set("k", 7, 60))
    assert counters.count_with(lambda store: store.get("k")) == 7


def test_the_cache_is_left_alone_for_a_while_after_a_failure(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    away = Unreachable()
    monkeypatch.setattr(counters, "site_cache", lambda: away)
    for _ in range(5):
        counters.count_with(lambda store: store.get("k"))
    assert away.calls == 1  # a Redis that hangs costs one timeout per period, not per request
    monkeypatch.setattr(counters, "_away_until", 0.0)  # the period is over
    counters.count_with(lambda store: store.get("k"))
    assert away.calls == 2


def test_an_outage_is_logged_once_a_minute_at_most(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setattr(counters, "site_cache", Unreachable)
    with caplog.at_level(logging.WARNING, logger="accounts.counters"):
        for _ in range(3):
            monkeypatch.setattr(counters, "_away_until", 0.0)  # try the cache each time
            counters.count_with(lambda store: store.get("k"))
    assert len(caplog.records) == 1
    assert "cannot be reached" in caplog.text


def test_an_os_level_connection_error_counts_as_an_outage(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def refused(*args: Any, **kwargs: Any) -> Any:
        raise ConnectionRefusedError(111, "Connection refused")

    monkeypatch.setattr(cache, "get", refused)
    assert counters.count_with(lambda store: store.get("k", 3)) == 3
