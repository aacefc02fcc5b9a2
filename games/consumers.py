"""The live channels of games: a game's, a thin consumer that only relays version
numbers; and the home page's, on the player's own games.

Nothing secret travels here: a message says "the game is now at version n",
and each client re-fetches what it may see. A signed-in watcher also listens on
their own group (``user-<id>``) for "press.new" with a conversation key, sent to
the readers of a new message alone. The consumer also checks the
version itself now and then, so that an update published where this process
cannot hear it (the embedded in-memory layer, a broker blip) still arrives.
"""

from __future__ import annotations

import asyncio
from typing import Any

from channels.db import database_sync_to_async
from django.conf import settings

from core.consumers import ListenerConsumer, VersionConsumer
from core.live import group_name, user_group_name
from games.models import Game
from games.selectors.mine import my_games_watched
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


@database_sync_to_async
def _watched(user: Any) -> tuple[list[int], str]:
    return my_games_watched(user=user)


class MyGamesConsumer(ListenerConsumer):
    """The home page's socket on the signed-in player's own games: it joins the group of
    each forming or running game he holds a seat in (their messages carry only a version,
    public to all who may watch) and his own group (press for him), and says
    "mine.changed" whenever one of them speaks; the page then fetches its list again,
    which the server decides. It also checks a fingerprint of his games now and then
    (``LIVE_POLL_SECONDS``), which catches what this process could not hear and the games
    he joined since (whose groups it then joins). Nothing else travels."""

    async def connect(self) -> None:
        self.poller: asyncio.Task[None] | None = None
        self.joined: set[str] = set()
        user = self.scope.get("user")
        if user is None or not user.is_authenticated:
            await self.close(code=4403)
            return
        self.user = user
        ids, self.fingerprint = await _watched(user)
        await self._join([user_group_name(user.pk), *(group_name(i) for i in ids)])
        await self.accept()
        self.polling_start(self._poll)

    async def disconnect(self, code: int) -> None:
        await self.polling_stop()
        for group in getattr(self, "joined", set()):
            await self.channel_layer.group_discard(group, self.channel_name)

    async def _join(self, groups: list[str]) -> None:
        for group in groups:
            if group not in self.joined:
                await self.channel_layer.group_add(group, self.channel_name)
                self.joined.add(group)

    async def _changed(self) -> None:
        await self.send_json({"type": "mine.changed"})

    async def game_changed(self, event: dict[str, Any]) -> None:
        await self._changed()

    async def press_new(self, event: dict[str, Any]) -> None:
        # Sent to the message's readers alone: he is one.
        await self._changed()

    async def inbox_changed(self, event: dict[str, Any]) -> None:
        # The user's group also carries their inbox count, for the header's own socket.
        pass

    async def _poll(self) -> None:
        while True:
            await asyncio.sleep(settings.LIVE_POLL_SECONDS)
            ids, fingerprint = await _watched(self.user)
            await self._join([group_name(i) for i in ids])
            if fingerprint != self.fingerprint:
                self.fingerprint = fingerprint
                await self._changed()
