"""Django's Redis cache with one client, and so one connection pool, per process.

Django keeps a cache object per request under ASGI (``django.core.cache.caches`` is a
context-local), and each object builds its own ``RedisCacheClient`` with its own pool: so
every API request opened a new Redis connection for the throttle's count, paying the TCP
connect, the handshake and redis-py's driver-version lookup (bench/site_load_orders.py:
about a tenth of the API's CPU). Here the objects of one process share one client per
server list and options. redis-py's pools are thread-safe, and a pool used after
``fork()`` starts afresh in the child (it checks its pid).
"""

from __future__ import annotations

import threading
from typing import Any

from django.core.cache.backends.redis import RedisCache, RedisCacheClient
from django.utils.functional import cached_property

_clients: dict[str, RedisCacheClient] = {}
_lock = threading.Lock()


class SharedRedisCache(RedisCache):
    """``django.core.cache.backends.redis.RedisCache`` sharing its client process-wide."""

    @cached_property
    def _cache(self) -> Any:
        key = repr((self._servers, sorted(self._options.items())))
        with _lock:
            client = _clients.get(key)
            if client is None:
                client = _clients[key] = self._class(self._servers, **self._options)
        return client
