"""The live channel of a game: a thin consumer that only relays version numbers.

Nothing secret travels here: a message says "the game is now at version n",
and each client re-fetches what it may see. A signed-in watcher also listens on
their own group (``user-<id>``) for "press.new" with a conversation key, sent to
the readers of a new message alone. The consumer also checks the
version itself now and then, so that an update published where this process
cannot hear it (the embedded in-memory layer, a broker blip) still arrives.
"""

from __future__ import annotations

from typing import Any

from channels.db import database_sync_to_async

from core.consumers import VersionConsumer
from core.live import group_name, user_group_name
from games.models import Game
from games.visibility import can_view_game


@database_sync_to_async
def _watch(user: Any, game_id: int) -> int | None:
    """The game's version if ``user`` may watch it, else None."""
    game = Game.objects.filter(pk=game_id).first()
    if game is None or not can_view_game(user=user, game=game):
        return None
    return game.version


@database_sync_to_async
def _version(game_id: int) -> int:
    return int(Game.objects.filter(pk=game_id).values_list("version", flat=True).first() or 0)


class GameConsumer(VersionConsumer):
    kind = "game.changed"

    async def watch(self) -> tuple[str, int] | None:
        self.game_id = int(self.scope["url_route"]["kwargs"]["game_id"])
        version = await _watch(self.scope.get("user"), self.game_id)
        return None if version is None else (group_name(self.game_id), version)

    async def joined(self) -> None:
        # A signed-in watcher also hears of press for him on his own group.
        user = self.scope.get("user")
        self.user_group = user_group_name(user.pk) if user and user.is_authenticated else None
        if self.user_group is not None:
            await self.channel_layer.group_add(self.user_group, self.channel_name)

    async def leaving(self) -> None:
        if getattr(self, "user_group", None) is not None:
            await self.channel_layer.group_discard(self.user_group, self.channel_name)

    async def version_now(self) -> int:
        return await _version(self.game_id)

    async def game_changed(self, event: dict[str, Any]) -> None:
        await self.version_heard(event)

    async def press_new(self, event: dict[str, Any]) -> None:
        # The user's group hears of press in all their games; this page shows one.
        if int(event["game"]) == self.game_id:
            await self.send_json({"type": "press.new", "conversation": event["conversation"]})

    async def inbox_changed(self, event: dict[str, Any]) -> None:
        # The user's group also carries their inbox count, for the header's own socket.
        pass
