"""The live channel: watchers learn of every new version; outsiders of private games get nothing.

Runs on whatever channel layer the settings give: the in-memory layer by
default, channels-redis when REDIS_URL is set (as in CI).
"""

from __future__ import annotations

import logging
from typing import Any

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator

from core.live import game_changed_publish
from diplosite.asgi import application
from games import services
from games.models import Game
from games.terms import GameTerms

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
        created_by=owner, name="Back room", terms=GameTerms(private=True)
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


#: Frames a client may send that are not a JSON object: binary, text that is not JSON,
#: JSON nested past any parser's limit, and JSON values that are not objects.
MALFORMED: list[dict[str, Any]] = [
    {"bytes_data": b"\x00\xff"},
    {"text_data": "not json"},
    {"text_data": "[" * 100_000 + "]" * 100_000},
    {"text_data": "[1, 2]"},
    {"text_data": "5"},
    {"text_data": "null"},
    {"text_data": '"ping"'},
]


@pytest.mark.parametrize("frame", MALFORMED, ids=lambda f: repr(next(iter(f.values())))[:20])
async def test_a_malformed_frame_is_ignored_and_the_socket_stays_open(
    started_game: Game, frame: dict[str, Any], caplog: Any
) -> None:
    ws = communicator(started_game)
    connected, _ = await ws.connect()
    assert connected
    await ws.receive_json_from(timeout=5)
    with caplog.at_level(logging.ERROR):
        await ws.send_to(**frame)
        assert await ws.receive_nothing(timeout=0.3)
        # Still open and answering: a ping gets the version back.
        await ws.send_json_to({"type": "ping"})
        assert await ws.receive_json_from(timeout=5) == {
            "type": "game.changed",
            "version": started_game.version,
        }
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
    await ws.disconnect()


@pytest.mark.parametrize(
    "path",
    ["/ws/nothing/", "/ws/games/" + "9" * 5000 + "/", "/ws/games/x/"],
    ids=["unknown", "long-id", "not-a-number"],
)
async def test_a_socket_address_no_consumer_takes_is_refused_politely(
    path: str, caplog: Any
) -> None:
    ws = WebsocketCommunicator(application, path, headers=[(b"origin", b"http://localhost")])
    with caplog.at_level(logging.ERROR):
        connected, code = await ws.connect()
    assert not connected
    assert code == 4404
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
