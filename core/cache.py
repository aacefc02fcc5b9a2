"""Django's Redis cache with one client, and so one connection pool, per process.

Django keeps a cache object per request under ASGI (``django.core.cache.caches`` is a
context-local), and each object builds its own ``RedisCacheClient`` with its own pool: so
every API request opened a new Redis connection for the throttle's count, paying the TCP
connect, the handshake and redis-py's driver-version lookup (bench/site_load_orders.py:
about a tenth of the API's CPU). Here the objects of one process share one client per
server list and options. redis-py's pools are thread-safe, and a pool used after
``fork()`` starts afresh in the child (it checks its pid).

It also counts a throttle's window in one round trip (:meth:`SharedRedisCache.window_hits`),
which Django's cache API cannot: its ``incr`` asks whether the key exists first, and a key
made by ``add`` is a third trip.
"""

from __future__ import annotations

import threading
from typing import Any

from django.core.cache.backends.redis import RedisCache, RedisCacheClient
from django.utils.functional import cached_property

_clients: dict[str, RedisCacheClient] = {}
_lock = threading.Lock()


class OneRedisClient(RedisCacheClient):
    """Django's client, making its ``redis.Redis`` object once rather than at every call.

    Django's ``get_client`` builds a new ``redis.Redis`` for each command (over the same
    pool): about 40 µs of CPU, most of it copying redis-py's table of reply parsers, on
    every API request (bench/site_load_orders.py). With one server, as the site has
    (``REDIS_URL``), reads and writes go through one pool, and one client object per kind
    serves them all: redis-py's clients are thread-safe. With several servers Django's own
    choice of pool per call is kept."""

    def __init__(self, servers: Any, **options: Any) -> None:
        super().__init__(servers, **options)
        self._made: dict[bool, Any] = {}

    def get_client(self, key: Any = None, *, write: bool = False) -> Any:
        if len(self._servers) != 1:
            return super().get_client(key, write=write)
        client = self._made.get(write)
        if client is None:
            client = self._made[write] = super().get_client(key, write=write)
        return client


class SharedRedisCache(RedisCache):
    """``django.core.cache.backends.redis.RedisCache`` sharing its client process-wide."""

    def __init__(self, server: Any, params: dict[str, Any]) -> None:
        super().__init__(server, params)
        self._class = OneRedisClient

    @cached_property
    def _cache(self) -> Any:
        key = repr((self._servers, sorted(self._options.items())))
        with _lock:
            client = _clients.get(key)
            if client is None:
                client = _clients[key] = self._class(self._servers, **self._options)
        return client

    def window_hits(self, key: str, key_before: str, timeout: int) -> tuple[int, int]:
        """Count one hit in ``key`` (made to expire after ``timeout`` seconds if new) and
        read ``key_before``'s count: in one round trip, as the API's throttle asks on every
        request (accounts/counters.py). Counts are the cache's plain integers, so
        ``get``, ``incr`` and ``delete`` see them as usual."""
        key = self.make_and_validate_key(key)
        key_before = self.make_and_validate_key(key_before)
        pipe = self._cache.get_client(key, write=True).pipeline(transaction=False)
        pipe.set(key, 0, ex=timeout, nx=True)
        pipe.incr(key)
        pipe.get(key_before)
        _made, hits, before = pipe.execute()
        return int(hits), int(before or 0)
