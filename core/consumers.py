"""What the site's sockets share: clients that only listen (and may ping)."""

from __future__ import annotations

from typing import Any

from channels.generic.websocket import AsyncJsonWebsocketConsumer

from core.inputs import json_loads


class ListenerConsumer(AsyncJsonWebsocketConsumer):  # type: ignore[misc]
    """A socket whose clients only listen, and may ping: it reads JSON objects alone.

    Any other frame (binary, text that is not JSON, JSON nested too deep, a JSON value
    that is not an object) is ignored and the socket stays open: Channels' own reading
    would raise, log a traceback and close with 1011, for nothing a client needs.
    """

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
