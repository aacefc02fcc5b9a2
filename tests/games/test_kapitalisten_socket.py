"""Kapitalisten on the live channel: what a game's socket carries when its investors trade,
write grey press and a turn is adjudicated is version numbers and conversation names,
never a user name behind a pseudonym nor anyone's orders (the page re-fetches what its
reader may see). Runs on whatever channel layer the settings give (Redis in CI)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator

from diplosite.asgi import application
from games import services
from games.services import press
from tests.games.kapitalisten import NAMES, adjudicate_now, investor_user, kapitalisten_game

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


async def test_the_game_socket_names_no_one_and_carries_no_orders(make_user: Any) -> None:
    game, _users = await sync_to_async(kapitalisten_game)(make_user)
    ws = WebsocketCommunicator(
        application, f"/ws/games/{game.pk}/", headers=[(b"origin", b"http://localhost")]
    )
    connected, _ = await ws.connect()
    assert connected
    heard = [await ws.receive_json_from(timeout=5)]

    def play() -> None:
        one = investor_user(game, "investor-1")
        services.orders_submit(
            game=game, user=one, orders=["sell 500 france", "buy 400 russia"], power="investor-1"
        )
        press.press_send(game=game, user=one, to="all", body="Buy!", signature="A Friend")
        adjudicate_now(game)

    await sync_to_async(play)()
    while not await ws.receive_nothing(timeout=1):
        heard.append(await ws.receive_json_from(timeout=1))
    await ws.disconnect()
    assert len(heard) > 1
    said = json.dumps(heard)
    assert not any(name in said for name in NAMES)
    assert "russia" not in said
    assert {m["type"] for m in heard} <= {"game.changed"}
