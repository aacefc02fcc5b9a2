"""Telling watchers that a game changed. Messages carry no secrets: only the version.

New press goes to each reader's own group (``user-<id>``), never to the game's: the
signal names only the conversation, and the client re-fetches what it may read.
"""

from __future__ import annotations

import asyncio
import logging
import os
import threading
from collections.abc import Coroutine
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import BaseChannelLayer, get_channel_layer

log = logging.getLogger(__name__)

#: How long a publish may wait for the channel layer before it is given up (and logged).
PUBLISH_TIMEOUT = 5.0


class _PublishingLoop:
    """One event loop per process, in a daemon thread, that publishes for synchronous code.

    ``async_to_sync`` outside a server's loop (a Celery worker, a management command) runs
    each call in a new event loop, and channels_redis keeps its Redis connections per
    loop: every publish opened a new connection, eight per adjudicated phase
    (bench/site_deadline_storm.py). Sent through this loop, the publishes of a process
    share one pool. A process forked from this one starts a loop of its own.
    """

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._pid = 0

    def run(self, coroutine: Coroutine[Any, Any, object]) -> None:
        with self._lock:
            if self._loop is None or self._pid != os.getpid():
                self._loop = asyncio.new_event_loop()
                self._pid = os.getpid()
                threading.Thread(
                    target=self._loop.run_forever, name="channel-publisher", daemon=True
                ).start()
            loop = self._loop
        asyncio.run_coroutine_threadsafe(coroutine, loop).result(timeout=PUBLISH_TIMEOUT)


_publishing_loop = _PublishingLoop()


def _crosses_loops(layer: BaseChannelLayer) -> bool:
    """A layer that may be written from another event loop than its readers' (a network
    layer, channels_redis's); the in-memory layer's queues belong to one loop."""
    return type(layer).__module__.startswith("channels_redis")


def group_name(game_id: int) -> str:
    return f"game-{game_id}"


def user_group_name(user_id: int) -> str:
    return f"user-{user_id}"


def group_publish(group: str, event: dict[str, object]) -> None:
    """Send ``event`` to ``group`` (after commit). The broker being away must not undo
    what committed: a lost message is only logged, and caught up by the client's next
    fetch or the consumer's own check."""
    layer = get_channel_layer()
    if layer is None:
        return
    try:
        if _crosses_loops(layer):
            _publishing_loop.run(layer.group_send(group, event))
        else:
            async_to_sync(layer.group_send)(group, event)
    except Exception:
        log.warning("could not publish %s to %s", event, group, exc_info=True)


def game_changed_publish(*, game_id: int, version: int) -> None:
    """Tell everyone watching a game that it is now at ``version`` (after commit).

    A lost message is not a lost update: clients re-fetch on any newer
    version they see, and consumers also check the version periodically.
    """
    group_publish(group_name(game_id), {"type": "game.changed", "version": version})


def press_new_publish(*, game_id: int, user_ids: list[int], conversation: str) -> None:
    """Tell each of ``user_ids`` (after commit) that ``conversation`` of a game has a new
    message. Their game pages re-fetch the press; a lost signal is caught up on the next
    fetch, so a broker being away is only logged."""
    event: dict[str, object] = {"type": "press.new", "game": game_id, "conversation": conversation}
    for user_id in user_ids:
        group_publish(user_group_name(user_id), event)
