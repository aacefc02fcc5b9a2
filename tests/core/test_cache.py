"""The site's Redis cache (core/cache.py): one client for the process, and a throttle's
window counted in one round trip."""

from __future__ import annotations

from typing import Any

import pytest
import redis
from django.core.cache import DEFAULT_CACHE_ALIAS, caches

from core.cache import SharedRedisCache


@pytest.fixture
def site_cache() -> Any:
    cache = caches[DEFAULT_CACHE_ALIAS]
    if not isinstance(cache, SharedRedisCache):
        pytest.skip("the site's Redis (REDIS_URL) is not in use")
    return cache


def test_commands_reuse_one_redis_client(site_cache: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    site_cache.set("warm", 1)
    site_cache.get("warm")
    made: list[object] = []
    init = redis.Redis.__init__

    def counted(self: redis.Redis, *args: Any, **kwargs: Any) -> None:
        made.append(self)
        init(self, *args, **kwargs)

    monkeypatch.setattr(redis.Redis, "__init__", counted)
    for n in range(10):
        site_cache.set(f"k{n}", n)
        assert site_cache.get(f"k{n}") == n
    assert site_cache.window_hits("w", "v", 60) == (1, 0)
    # A cache object of another request (Django makes one per request under ASGI) too.
    assert caches.create_connection(DEFAULT_CACHE_ALIAS).get("k3") == 3
    assert made == []


def test_a_window_counts_what_get_and_incr_see(site_cache: Any) -> None:
    assert site_cache.window_hits("w:2", "w:1", 60) == (1, 0)
    assert site_cache.window_hits("w:2", "w:1", 60) == (2, 0)
    assert site_cache.get("w:2") == 2
    assert site_cache.incr("w:2") == 3
    site_cache.decr("w:2")
    assert site_cache.window_hits("w:3", "w:2", 60) == (1, 2)
