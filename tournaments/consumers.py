"""The live channel of a tournament's page: it relays version numbers only (the bracket
moved on, a board was adjudicated), and the page fetches itself again. Nothing secret
travels: the page shows what its viewer may see, checked when the socket opens."""

from __future__ import annotations

from typing import Any

from channels.db import database_sync_to_async

from core.consumers import VersionConsumer
from tournaments.live import tournament_group_name
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


class TournamentConsumer(VersionConsumer):
    kind = "tournament.changed"

    async def watch(self) -> tuple[str, int] | None:
        self.tournament_id = int(self.scope["url_route"]["kwargs"]["tournament_id"])
        version = await _watch(self.scope.get("user"), self.tournament_id)
        return None if version is None else (tournament_group_name(self.tournament_id), version)

    async def version_now(self) -> int:
        return await _version(self.tournament_id)

    async def tournament_changed(self, event: dict[str, Any]) -> None:
        await self.version_heard(event)
