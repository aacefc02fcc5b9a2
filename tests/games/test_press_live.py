"""New press reaches exactly its readers: on their own groups, never on the game's.

Each player watches the game page's channel as themselves; a message to chosen powers
signals those powers' players (the sender included, for their other pages) and nobody
else. The signal names only the conversation.
"""

from __future__ import annotations

from typing import Any

import pytest
from asgiref.sync import sync_to_async
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator

from core.errors import ApplicationError
from games import services
from games.models import Game
from games.routing import websocket_urlpatterns
from games.services import press
from tests.conftest import POWERS

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]

WATCHERS = (*POWERS, "observer")


async def watch(game: Game, user: Any) -> WebsocketCommunicator:
    """A game page's socket, signed in as ``user``, past its greeting."""
    ws = WebsocketCommunicator(URLRouter(websocket_urlpatterns), f"/ws/games/{game.pk}/")
    ws.scope["user"] = user
    connected, _ = await ws.connect()
    assert connected
    greeting = await ws.receive_json_from(timeout=5)
    assert greeting["type"] == "game.changed"
    return ws


async def everyone(game: Game, players: dict[str, Any], observer: Any) -> dict[str, Any]:
    sockets = {p: await watch(game, players[p]) for p in POWERS}
    sockets["observer"] = await watch(game, observer)
    return sockets


async def heard(sockets: dict[str, WebsocketCommunicator]) -> dict[str, list[Any]]:
    """What each socket received now (waiting briefly on each)."""
    out: dict[str, list[Any]] = {}
    for name, ws in sockets.items():
        got = []
        while not await ws.receive_nothing(timeout=0.3):
            got.append(await ws.receive_json_from(timeout=1))
        out[name] = got
    return out


async def close(sockets: dict[str, WebsocketCommunicator]) -> None:
    for ws in sockets.values():
        await ws.disconnect()


@pytest.mark.parametrize(
    ("to", "readers", "key"),
    [
        (["france"], {"england", "france"}, "england+france"),
        (["france", "germany"], {"england", "france", "germany"}, "england+france+germany"),
        ("all", set(POWERS), "all"),
    ],
)
async def test_the_signal_reaches_exactly_the_readers(
    started_game: Game,
    players: dict[str, Any],
    make_user: Any,
    to: Any,
    readers: set[str],
    key: str,
) -> None:
    observer = await sync_to_async(make_user)("observer")
    sockets = await everyone(started_game, players, observer)
    await sync_to_async(press.press_send)(
        game=started_game, user=players["england"], to=to, body="Shall we?"
    )
    got = await heard(sockets)
    await close(sockets)
    for name in WATCHERS:
        expected = [{"type": "press.new", "conversation": key}] if name in readers else []
        assert got[name] == expected, name
    # Nothing went to the game's shared group: no watcher heard of a new version.
    assert all(m["type"] == "press.new" for messages in got.values() for m in messages)


async def test_press_of_one_game_is_not_relayed_on_another_games_page(
    started_game: Game, players: dict[str, Any]
) -> None:
    other = await sync_to_async(services.game_create)(
        created_by=players["france"], name="Elsewhere", join=False
    )
    ws_other = await watch(other, players["france"])
    ws_here = await watch(started_game, players["france"])
    await sync_to_async(press.press_send)(
        game=started_game, user=players["england"], to=["france"], body="Here"
    )
    assert await ws_here.receive_json_from(timeout=5) == {
        "type": "press.new",
        "conversation": "england+france",
    }
    assert await ws_other.receive_nothing(timeout=0.3)
    await ws_here.disconnect()
    await ws_other.disconnect()


async def test_a_refused_message_signals_nobody(
    started_game: Game, players: dict[str, Any]
) -> None:
    ws = await watch(started_game, players["france"])
    with pytest.raises(ApplicationError):
        await sync_to_async(press.press_send)(
            game=started_game, user=players["england"], to=["england"], body="Me"
        )
    assert await ws.receive_nothing(timeout=0.3)
    await ws.disconnect()
