"""Where the throttles count: the site's cache (Redis), or this process's own memory while
the cache cannot be reached.

The API throttle and the login throttle read the cache on every API request and every
login. If Redis is away, neither may turn those requests into errors, and neither may
simply stop counting: the login throttle is what limits password guessing. So while the
cache fails, they count in a small in-process cache instead. Each process then counts on
its own (with several web processes an attacker gets at most that many times the limit,
still a limit), and the counts of before the outage are not seen; both only for as long as
Redis is away.

After a failure the cache is left alone for :data:`RETRY_SECONDS`, so a Redis that does
not answer costs one timeout per process and period, not one per request. A warning is
logged at most once per :data:`WARN_EVERY_SECONDS`.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from typing import Any, TypeVar

from django.core.cache import DEFAULT_CACHE_ALIAS, caches
from django.core.cache.backends.base import BaseCache
from django.core.cache.backends.locmem import LocMemCache
from django.core.signals import setting_changed
from django.dispatch import receiver
from redis.exceptions import RedisError

from core.cache import SharedRedisCache

logger = logging.getLogger(__name__)

T = TypeVar("T")

#: After a failure, the throttles count in memory this long before trying the cache again.
RETRY_SECONDS = 10.0
#: At most one warning per this many seconds while the cache is away.
WARN_EVERY_SECONDS = 60.0
#: What an unreachable cache raises: redis-py's own errors (its ConnectionError and
#: TimeoutError are RedisErrors) and the operating system's (refused, reset, timed out).
CACHE_ERRORS: tuple[type[BaseException], ...] = (RedisError, OSError)

# Large enough that nobody can push a counter out by making many others (locmem's default
# of 300 entries would let a guesser clear his own count by spraying usernames).
_memory = LocMemCache("accounts-counters", {"TIMEOUT": 300, "OPTIONS": {"MAX_ENTRIES": 100_000}})
_lock = threading.Lock()
_away_until = 0.0
_warned_at: float | None = None


def site_cache() -> BaseCache:
    """The site's cache itself (not ``django.core.cache.cache``, a proxy of it):
    :func:`window_hits` asks which kind it is."""
    return caches[DEFAULT_CACHE_ALIAS]


def count_with(operation: Callable[[BaseCache], T]) -> T:
    """Run ``operation`` on the site's cache, or on this process's memory if the cache
    cannot be reached (now, or in the last :data:`RETRY_SECONDS`)."""
    if time.monotonic() >= _away_until:
        try:
            return operation(site_cache())
        except CACHE_ERRORS as e:
            _cache_failed(e)
    return operation(_memory)


def window_hits(store: BaseCache, key: str, key_before: str, timeout: int) -> tuple[int, int]:
    """Count one hit in ``store``'s counter ``key`` (made to expire after ``timeout``
    seconds if new) and read counter ``key_before``: the site's Redis does both in one round
    trip; any other cache (this process's memory, the embedded site's) with its own
    calls."""
    if isinstance(store, SharedRedisCache):
        return store.window_hits(key, key_before, timeout)
    store.add(key, 0, timeout)
    return store.incr(key), int(store.get(key_before) or 0)


def _cache_failed(error: BaseException) -> None:
    global _away_until, _warned_at
    now = time.monotonic()
    with _lock:
        _away_until = now + RETRY_SECONDS
        if _warned_at is not None and now - _warned_at < WARN_EVERY_SECONDS:
            return
        _warned_at = now
    logger.warning(
        "The cache cannot be reached (%s: %s); the API and login throttles count in this "
        "process's memory until it answers again",
        type(error).__name__,
        error,
    )


def reset() -> None:
    """Forget the outage and the in-memory counts (for tests, and when CACHES change)."""
    global _away_until, _warned_at
    with _lock:
        _away_until = 0.0
        _warned_at = None
    _memory.clear()


@receiver(setting_changed)
def _caches_changed(*, setting: str, **_: Any) -> None:
    if setting == "CACHES":
        reset()
