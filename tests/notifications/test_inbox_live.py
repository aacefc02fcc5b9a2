"""The inbox's live channel: a signed-in user's pages hear their own unread count.

Sockets go through the site's real ASGI application, signed in by a session cookie as a
browser would be. Runs on whatever channel layer the settings give: the in-memory layer
by default, channels-redis when REDIS_URL is set (as in CI).
"""

from __future__ import annotations

import logging
from typing import Any

import pytest
from asgiref.sync import sync_to_async
from channels.layers import get_channel_layer
from channels.testing import WebsocketCommunicator
from django.conf import settings as django_settings
from django.test import Client

from core.live import user_group_name
from diplosite.asgi import application
from games.models import Game
from notifications import services as notifications
from notifications.models import Notification

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


@pytest.fixture(autouse=True)
def _no_polling(settings: Any) -> None:
    """Only the published signal counts, unless a test asks for the periodic check."""
    settings.LIVE_POLL_SECONDS = 0


def _headers(user: Any | None) -> list[tuple[bytes, bytes]]:
    headers = [(b"origin", b"http://localhost")]
    if user is not None:
        client = Client()
        client.force_login(user)
        session = client.cookies[django_settings.SESSION_COOKIE_NAME].value
        headers.append((b"cookie", f"{django_settings.SESSION_COOKIE_NAME}={session}".encode()))
    return headers


async def socket(path: str, user: Any | None) -> WebsocketCommunicator:
    headers = await sync_to_async(_headers)(user)
    return WebsocketCommunicator(application, path, headers=headers)


async def inbox(user: Any) -> tuple[WebsocketCommunicator, int]:
    """The header's socket, signed in as ``user``, and the count it greets with."""
    ws = await socket("/ws/notifications/", user)
    connected, _ = await ws.connect()
    assert connected
    greeting = await ws.receive_json_from(timeout=5)
    assert greeting["type"] == "inbox.changed"
    return ws, greeting["unread"]


def _notify(game: Game, user: Any, key: str) -> None:
    notifications.notify(
        kind="game_started",
        game=game,
        users=[user.pk],
        event_key=key,
        params={"game": game.name},
        queue=False,
    )


async def test_anonymous_is_refused(db: Any) -> None:
    ws = await socket("/ws/notifications/", None)
    connected, code = await ws.connect()
    assert not connected
    assert code == 4403


@pytest.fixture
def alice(make_user: Any) -> Any:
    """A user with an empty inbox (the players of ``started_game`` were told it began)."""
    return make_user("alice")


@pytest.fixture
def bob(make_user: Any) -> Any:
    return make_user("bob")


async def test_a_notification_reaches_its_user_alone(
    started_game: Game, alice: Any, bob: Any
) -> None:
    ws_alice, unread = await inbox(alice)
    assert unread == 0
    ws_bob, _ = await inbox(bob)
    await sync_to_async(_notify)(started_game, alice, "live:1")
    assert await ws_alice.receive_json_from(timeout=5) == {"type": "inbox.changed", "unread": 1}
    assert await ws_bob.receive_nothing(timeout=0.3)
    await sync_to_async(_notify)(started_game, alice, "live:2")
    assert await ws_alice.receive_json_from(timeout=5) == {"type": "inbox.changed", "unread": 2}
    # The same event again creates nothing, and says nothing.
    await sync_to_async(_notify)(started_game, alice, "live:2")
    assert await ws_alice.receive_nothing(timeout=0.3)
    await ws_alice.disconnect()
    await ws_bob.disconnect()


async def test_the_greeting_has_the_count_and_marking_all_read_sends_zero(
    started_game: Game, alice: Any
) -> None:
    user = alice
    await sync_to_async(_notify)(started_game, user, "live:3")
    await sync_to_async(_notify)(started_game, user, "live:4")
    ws, unread = await inbox(user)
    assert unread == 2
    assert await sync_to_async(notifications.inbox_mark_read)(user=user) == 2
    assert await ws.receive_json_from(timeout=5) == {"type": "inbox.changed", "unread": 0}
    await ws.disconnect()


async def test_the_periodic_check_catches_a_change_nobody_published(
    started_game: Game, alice: Any, settings: Any
) -> None:
    settings.LIVE_POLL_SECONDS = 0.1
    user = alice
    ws, unread = await inbox(user)
    assert unread == 0
    # Written as a worker elsewhere would: this process hears no signal of it.
    await sync_to_async(Notification.objects.create)(
        user=user, kind="game_ended", game=started_game, params={"game": "x"}
    )
    assert await ws.receive_json_from(timeout=5) == {"type": "inbox.changed", "unread": 1}
    # Only changes are sent: the next checks find the same count and say nothing.
    assert await ws.receive_nothing(timeout=0.5)
    await ws.disconnect()


async def test_press_signals_on_the_user_group_are_ignored(alice: Any) -> None:
    user = alice
    ws, _ = await inbox(user)
    await get_channel_layer().group_send(
        user_group_name(user.pk), {"type": "press.new", "game": 1, "conversation": "all"}
    )
    assert await ws.receive_nothing(timeout=0.3)
    # Still alive and answering.
    await ws.send_json_to({"type": "ping"})
    assert await ws.receive_json_from(timeout=5) == {"type": "inbox.changed", "unread": 0}
    await ws.disconnect()


async def test_a_game_page_ignores_the_inbox_signal(
    started_game: Game, players: dict[str, Any]
) -> None:
    user = players["england"]
    ws = await socket(f"/ws/games/{started_game.pk}/", user)
    connected, _ = await ws.connect()
    assert connected
    greeting = await ws.receive_json_from(timeout=5)
    assert greeting == {"type": "game.changed", "version": started_game.version}
    await sync_to_async(_notify)(started_game, user, "live:5")
    assert await ws.receive_nothing(timeout=0.3)
    await ws.send_json_to({"type": "ping"})
    assert await ws.receive_json_from(timeout=5) == greeting
    await ws.disconnect()


@pytest.mark.parametrize(
    "frame",
    [
        {"bytes_data": b"\x00\xff"},
        {"text_data": "not json"},
        {"text_data": "[" * 100_000 + "]" * 100_000},
        {"text_data": "[1, 2]"},
        {"text_data": "null"},
    ],
    ids=["binary", "not-json", "deep", "list", "null"],
)
async def test_a_malformed_frame_is_ignored_and_the_inbox_stays_open(
    make_user: Any, frame: dict[str, Any], caplog: Any
) -> None:
    user = await sync_to_async(make_user)("reader")
    ws, unread = await inbox(user)
    with caplog.at_level(logging.ERROR):
        await ws.send_to(**frame)
        assert await ws.receive_nothing(timeout=0.3)
        await ws.send_json_to({"type": "ping"})
        assert await ws.receive_json_from(timeout=5) == {"type": "inbox.changed", "unread": unread}
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
    await ws.disconnect()
