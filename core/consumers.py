"""What the site's sockets share: clients that only listen (and may ping), and the
socket on one thing's version."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable, Coroutine
from typing import Any

from channels.generic.websocket import AsyncJsonWebsocketConsumer
from django.conf import settings

from core.inputs import json_loads
from core.metrics import WEBSOCKETS


class ListenerConsumer(AsyncJsonWebsocketConsumer):  # type: ignore[misc]
    """A socket whose clients only listen, and may ping: it reads JSON objects alone.

    Any other frame (binary, text that is not JSON, JSON nested too deep, a JSON value
    that is not an object) is ignored and the socket stays open: Channels' own reading
    would raise, log a traceback and close with 1011, for nothing a client needs.
    """

    #: Counted in the open websockets of this process (core.metrics) from its acceptance
    #: to its end, however it ends (closed by either side, or the consumer's task ended).
    _counted = False

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        try:
            await super().__call__(scope, receive, send)
        finally:
            self._uncount()

    async def accept(self, *args: Any, **kwargs: Any) -> None:
        await super().accept(*args, **kwargs)
        if not self._counted:
            self._counted = True
            WEBSOCKETS.labels(type(self).__name__).inc()

    async def websocket_disconnect(self, message: dict[str, Any]) -> None:
        try:
            await super().websocket_disconnect(message)
        finally:
            self._uncount()

    def _uncount(self) -> None:
        if self._counted:
            self._counted = False
            WEBSOCKETS.labels(type(self).__name__).dec()

    async def receive(
        self, text_data: str | None = None, bytes_data: bytes | None = None, **kwargs: Any
    ) -> None:
        if text_data is None:
            return
        try:
            content = json_loads(text_data)
        except ValueError:
            return
        if isinstance(content, dict):
            await self.receive_json(content, **kwargs)

    def polling_start(self, poll: Callable[[], Coroutine[Any, Any, None]]) -> None:
        """Run ``poll`` (a loop that checks now and then what this process could not hear)
        while the socket is open, unless ``LIVE_POLL_SECONDS`` turns the checks off."""
        if settings.LIVE_POLL_SECONDS > 0:
            self.poller = asyncio.create_task(poll())

    async def polling_stop(self) -> None:
        """Stop the checks :meth:`polling_start` began, if it did."""
        poller: asyncio.Task[None] | None = getattr(self, "poller", None)
        if poller is not None:
            poller.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await poller
            self.poller = None


class VersionConsumer(ListenerConsumer):
    """A socket on one thing's version (a game, a tournament's page): it says the version
    on connect, passes on every newer one published to the thing's group, and checks the
    version itself now and then (``LIVE_POLL_SECONDS``), so that an update published where
    this process cannot hear it (the embedded in-memory layer, a broker blip) still
    arrives. Nothing else travels: the client re-fetches what its user may see.

    A subclass names its message ``kind`` ("game.changed", whose handler Channels calls
    ``game_changed``: it passes the event to :meth:`version_heard`), says who may watch
    and the group (:meth:`watch`) and the version now (:meth:`version_now`), and may join
    more groups (:meth:`joined`, :meth:`leaving`)."""

    kind: str = ""

    async def watch(self) -> tuple[str, int] | None:
        """The group and the version now, if the socket's user may watch; else None
        (the socket is refused: nobody watches what a subclass does not name)."""
        return None

    async def version_now(self) -> int:
        """The version now, for the periodic check (a subclass reads it)."""
        return int(self.version)

    async def joined(self) -> None:
        """More groups to join, once the watcher is let in."""

    async def leaving(self) -> None:
        """Groups to leave besides the thing's own."""

    async def connect(self) -> None:
        self.poller: asyncio.Task[None] | None = None
        self.group: str | None = None
        watched = await self.watch()
        if watched is None:
            await self.close(code=4403)
            return
        self.group, self.version = watched
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.joined()
        await self.accept()
        await self.send_json({"type": self.kind, "version": self.version})
        self.polling_start(self._poll)

    async def disconnect(self, code: int) -> None:
        await self.polling_stop()
        group: str | None = getattr(self, "group", None)
        if group is not None:
            await self.channel_layer.group_discard(group, self.channel_name)
            await self.leaving()

    async def receive_json(self, content: dict[str, Any], **kwargs: Any) -> None:
        # Clients only listen; a ping gets the current version back.
        if content.get("type") == "ping":
            await self.send_json({"type": self.kind, "version": self.version})

    async def version_heard(self, event: dict[str, Any]) -> None:
        """A version published (or found by the check): passed on if it is newer."""
        version = int(event["version"])
        if version > self.version:
            self.version = version
            await self.send_json({"type": self.kind, "version": version})

    async def _poll(self) -> None:
        while True:
            await asyncio.sleep(settings.LIVE_POLL_SECONDS)
            await self.version_heard({"version": await self.version_now()})
