"""The live channel of a tournament's page: it relays version numbers only (the bracket
moved on, a board was adjudicated), and the page fetches itself again. Nothing secret
travels: the page shows what its viewer may see, checked when the socket opens."""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

from channels.db import database_sync_to_async
from django.conf import settings

from core.consumers import ListenerConsumer
from core.live import tournament_group_name
from tournaments.models import Tournament
from tournaments.visibility import can_view


@database_sync_to_async
def _watch(user: Any, tournament_id: int) -> int | None:
    """The tournament's version if ``user`` may watch it, else None."""
    tournament = Tournament.objects.filter(pk=tournament_id).first()
    if tournament is None or not can_view(user=user, tournament=tournament):
        return None
    return tournament.version


@database_sync_to_async
def _version(tournament_id: int) -> int:
    found = Tournament.objects.filter(pk=tournament_id).values_list("version", flat=True)
    return int(found.first() or 0)


class TournamentConsumer(ListenerConsumer):
    async def connect(self) -> None:
        self.tournament_id = int(self.scope["url_route"]["kwargs"]["tournament_id"])
        self.version = await _watch(self.scope.get("user"), self.tournament_id)
        self.poller: asyncio.Task[None] | None = None
        if self.version is None:
            await self.close(code=4403)
            return
        await self.channel_layer.group_add(
            tournament_group_name(self.tournament_id), self.channel_name
        )
        await self.accept()
        await self.send_json({"type": "tournament.changed", "version": self.version})
        if settings.LIVE_POLL_SECONDS > 0:
            self.poller = asyncio.create_task(self._poll())

    async def disconnect(self, code: int) -> None:
        if self.poller is not None:
            self.poller.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.poller
        await self.channel_layer.group_discard(
            tournament_group_name(self.tournament_id), self.channel_name
        )

    async def receive_json(self, content: dict[str, Any], **kwargs: Any) -> None:
        if content.get("type") == "ping":
            await self.send_json({"type": "tournament.changed", "version": self.version})

    async def tournament_changed(self, event: dict[str, Any]) -> None:
        version = int(event["version"])
        if self.version is None or version > self.version:
            self.version = version
            await self.send_json({"type": "tournament.changed", "version": version})

    async def _poll(self) -> None:
        while True:
            await asyncio.sleep(settings.LIVE_POLL_SECONDS)
            await self.tournament_changed({"version": await _version(self.tournament_id)})
