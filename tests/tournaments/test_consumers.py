"""A tournament's live channel through the site's ASGI application: the page's watchers
get its version and every newer one; a private tournament's socket is closed with 4403
to anyone who may not see it. Runs on the channel layer the settings give (Redis in CI)."""

from __future__ import annotations

from typing import Any

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django.conf import settings as django_settings
from django.test import Client

from accounts.roles import ORGANISER, grant
from diplosite.asgi import application
from tournaments import services
from tournaments.live import tournament_changed_publish
from tournaments.models import Tournament

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


def _headers(user: Any | None) -> list[tuple[bytes, bytes]]:
    headers = [(b"origin", b"http://localhost")]
    if user is not None:
        client = Client()
        client.force_login(user)
        session = client.cookies[django_settings.SESSION_COOKIE_NAME].value
        headers.append((b"cookie", f"{django_settings.SESSION_COOKIE_NAME}={session}".encode()))
    return headers


async def _socket(tournament: Tournament, user: Any | None) -> WebsocketCommunicator:
    headers = await sync_to_async(_headers)(user)
    return WebsocketCommunicator(application, f"/ws/tournaments/{tournament.pk}/", headers=headers)


def _private(make_user: Any) -> tuple[Tournament, Any, Any]:
    organiser = make_user("olga")
    grant(organiser, ORGANISER)
    tournament = services.tournament_create(
        by=organiser, name="Back room", format=Tournament.Format.KNOCKOUT, private=True
    )
    player, stranger = make_user("ann"), make_user("zed")
    services.entry_register(tournament=tournament, user=player, invite_code=tournament.invite_code)
    tournament.refresh_from_db()
    return tournament, player, stranger


async def test_a_stranger_and_anonymous_are_refused_a_private_tournament(make_user: Any) -> None:
    tournament, _player, stranger = await sync_to_async(_private)(make_user)
    for who in (stranger, None):
        ws = await _socket(tournament, who)
        connected, code = await ws.connect()
        assert (connected, code) == (False, 4403)


async def test_a_player_entered_hears_the_version_and_every_newer_one(make_user: Any) -> None:
    tournament, player, _stranger = await sync_to_async(_private)(make_user)
    ws = await _socket(tournament, player)
    connected, _ = await ws.connect()
    assert connected
    assert await ws.receive_json_from(timeout=5) == {
        "type": "tournament.changed",
        "version": tournament.version,
    }
    await sync_to_async(tournament_changed_publish)(
        tournament_id=tournament.pk, version=tournament.version + 1
    )
    assert await ws.receive_json_from(timeout=5) == {
        "type": "tournament.changed",
        "version": tournament.version + 1,
    }
    # An older version (a late or duplicated message) is not passed on.
    await sync_to_async(tournament_changed_publish)(tournament_id=tournament.pk, version=1)
    assert await ws.receive_nothing(timeout=0.3)
    await ws.disconnect()
