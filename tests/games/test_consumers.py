"""The live channel: watchers learn of every new version; outsiders of private games get nothing.

Runs on whatever channel layer the settings give: the in-memory layer by
default, channels-redis when REDIS_URL is set (as in CI).
"""

from __future__ import annotations

from typing import Any

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator

from diplosite.asgi import application
from games import services
from games.live import game_changed_publish
from games.models import Game

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


def communicator(game: Game) -> WebsocketCommunicator:
    return WebsocketCommunicator(
        application, f"/ws/games/{game.pk}/", headers=[(b"origin", b"http://localhost")]
    )


async def test_a_watcher_gets_the_version_and_every_change(started_game: Game) -> None:
    ws = communicator(started_game)
    connected, _ = await ws.connect()
    assert connected
    first = await ws.receive_json_from(timeout=5)
    assert first == {"type": "game.changed", "version": started_game.version}
    await sync_to_async(game_changed_publish)(
        game_id=started_game.pk, version=started_game.version + 1
    )
    assert await ws.receive_json_from(timeout=5) == {
        "type": "game.changed",
        "version": started_game.version + 1,
    }
    # An old version (a late or duplicated message) is not passed on.
    await sync_to_async(game_changed_publish)(game_id=started_game.pk, version=1)
    assert await ws.receive_nothing(timeout=0.3)
    await ws.disconnect()


async def test_adjudication_reaches_watchers_after_commit(
    started_game: Game, players: dict[str, Any]
) -> None:
    ws = communicator(started_game)
    await ws.connect()
    await ws.receive_json_from(timeout=5)
    phase = await sync_to_async(lambda: started_game.current_phase)()
    await sync_to_async(services.phase_adjudicate)(game_id=started_game.pk, phase_id=phase.pk)
    message = await ws.receive_json_from(timeout=5)
    assert message["type"] == "game.changed"
    assert message["version"] > started_game.version
    assert set(message) == {"type", "version"}  # nothing secret on a shared group
    await ws.disconnect()


async def test_outsiders_cannot_watch_a_private_game(make_user: Any) -> None:
    owner = await sync_to_async(make_user)("owner")
    game = await sync_to_async(services.game_create)(
        created_by=owner, name="Back room", private=True
    )
    ws = communicator(game)
    connected, code = await ws.connect()
    assert not connected
    assert code == 4403


async def test_a_foreign_origin_is_refused(started_game: Game) -> None:
    ws = WebsocketCommunicator(
        application, f"/ws/games/{started_game.pk}/", headers=[(b"origin", b"http://evil.example")]
    )
    connected, _ = await ws.connect()
    assert not connected
