"""The inbox's live channel: a signed-in user's pages hear their unread count.

The consumer joins the user's own group (``user-<id>``), says the count on connect and
whenever it changes ("inbox.changed", published after commit by notifications.services).
It also counts now and then itself, so that a change published where this process cannot
hear it (the embedded in-memory layer and a Celery worker, a broker blip) still arrives.
Only the user's own count travels here, and only changes are sent.
"""

from __future__ import annotations

import asyncio
from typing import Any

from channels.db import database_sync_to_async
from django.conf import settings

from core.consumers import ListenerConsumer
from core.live import user_group_name
from notifications.services import unread_count


@database_sync_to_async
def _unread(user_id: int) -> int:
    return unread_count(user_id=user_id)


class InboxConsumer(ListenerConsumer):
    async def connect(self) -> None:
        self.poller: asyncio.Task[None] | None = None
        self.user_group: str | None = None
        user = self.scope.get("user")
        if user is None or not user.is_authenticated:
            await self.close(code=4403)
            return
        self.user_id = int(user.pk)
        self.user_group = user_group_name(self.user_id)
        await self.channel_layer.group_add(self.user_group, self.channel_name)
        await self.accept()
        self.unread = await _unread(self.user_id)
        await self._send_unread()
        self.polling_start(self._poll)

    async def disconnect(self, code: int) -> None:
        await self.polling_stop()
        group: str | None = getattr(self, "user_group", None)
        if group is not None:
            await self.channel_layer.group_discard(group, self.channel_name)

    async def receive_json(self, content: dict[str, Any], **kwargs: Any) -> None:
        # Clients only listen; a ping gets the current count back.
        if content.get("type") == "ping":
            await self._send_unread()

    async def inbox_changed(self, event: dict[str, Any]) -> None:
        await self._changed(int(event["unread"]))

    async def press_new(self, event: dict[str, Any]) -> None:
        # The user's group also carries press signals, for game pages; not ours.
        pass

    async def _changed(self, unread: int) -> None:
        if unread != self.unread:
            self.unread = unread
            await self._send_unread()

    async def _send_unread(self) -> None:
        await self.send_json({"type": "inbox.changed", "unread": self.unread})

    async def _poll(self) -> None:
        while True:
            await asyncio.sleep(settings.LIVE_POLL_SECONDS)
            await self._changed(await _unread(self.user_id))
