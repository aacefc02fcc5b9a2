"""The home page's socket on a player's own games (games.consumers.MyGamesConsumer): he
hears "mine.changed" when one of his games moves, a vote in it is cast or decided, or
press comes for him, and nothing of press between other powers nor of games he does not
sit in; the anonymous are refused; its own check catches what it could not hear, and
games joined since."""

from __future__ import annotations

from typing import Any
from unittest import mock

import pytest
from asgiref.sync import sync_to_async
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator

from core.live import game_changed_publish
from games import services
from games.models import Game, Vote
from games.routing import websocket_urlpatterns
from games.services import press
from games.terms import GameTerms

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


async def mine(user: Any) -> WebsocketCommunicator:
    ws = WebsocketCommunicator(URLRouter(websocket_urlpatterns), "/ws/me/games/")
    ws.scope["user"] = user
    connected, _ = await ws.connect()
    assert connected
    return ws


async def test_the_anonymous_are_refused() -> None:
    from django.contrib.auth.models import AnonymousUser

    ws = WebsocketCommunicator(URLRouter(websocket_urlpatterns), "/ws/me/games/")
    ws.scope["user"] = AnonymousUser()
    connected, code = await ws.connect()
    assert not connected
    assert code == 4403


async def test_a_player_hears_his_game_move_and_a_stranger_does_not(
    started_game: Game, players: dict[str, Any], make_user: Any
) -> None:
    stranger = await sync_to_async(make_user)("stranger")
    austria, outsider = await mine(players["austria"]), await mine(stranger)
    assert await austria.receive_nothing(timeout=0.2)  # no greeting: the page is fresh
    await sync_to_async(services.orders_ready)(
        game=started_game, user=players["england"], ready=True
    )
    assert await austria.receive_json_from(timeout=5) == {"type": "mine.changed"}
    await sync_to_async(game_changed_publish)(game_id=started_game.pk, version=99)
    assert await austria.receive_json_from(timeout=5) == {"type": "mine.changed"}
    assert await outsider.receive_nothing(timeout=0.3)
    await austria.disconnect()
    await outsider.disconnect()


async def test_press_for_him_is_heard_press_between_others_is_not(
    started_game: Game, players: dict[str, Any]
) -> None:
    austria = await mine(players["austria"])
    await sync_to_async(press.press_send)(
        game=started_game, user=players["germany"], to=["italy"], body="Secret"
    )
    assert await austria.receive_nothing(timeout=0.5)
    await sync_to_async(press.press_send)(
        game=started_game, user=players["russia"], to=["austria"], body="Galicia?"
    )
    assert await austria.receive_json_from(timeout=5) == {"type": "mine.changed"}
    await austria.disconnect()


async def test_its_own_check_catches_what_it_could_not_hear(
    started_game: Game, players: dict[str, Any], settings: Any
) -> None:
    settings.LIVE_POLL_SECONDS = 0.1
    austria = await mine(players["austria"])
    # A change whose publish this process never heard (another process, a broker blip).
    await sync_to_async(Game.objects.filter(pk=started_game.pk).update)(version=500)
    assert await austria.receive_json_from(timeout=5) == {"type": "mine.changed"}
    assert await austria.receive_nothing(timeout=0.4)  # said once, not at every check
    # A game he joins after the page opened: found by the check, and heard from then on.
    game = await sync_to_async(services.game_create)(
        created_by=players["england"], name="Later", terms=GameTerms()
    )
    await sync_to_async(services.game_join)(game=game, user=players["austria"])
    assert await austria.receive_json_from(timeout=5) == {"type": "mine.changed"}
    assert await austria.receive_nothing(timeout=0.4)
    # A publish alone moves no fingerprint: heard because its group was joined.
    await sync_to_async(game_changed_publish)(game_id=game.pk, version=1000)
    assert await austria.receive_json_from(timeout=5) == {"type": "mine.changed"}
    await austria.disconnect()


async def test_a_vote_proposed_and_decided_is_heard_by_every_player_not_by_a_stranger(
    started_game: Game, players: dict[str, Any], make_user: Any
) -> None:
    """The votes service bumps the game's version on every vote (its events, draw_proposed,
    vote_proposed and vote_passed, are for the inbox): the version's message on the game's
    group is what the list hears, the proposer's own list and the others' alike."""
    stranger = await sync_to_async(make_user)("stranger")
    austria, england = await mine(players["austria"]), await mine(players["england"])
    outsider = await mine(stranger)
    vote = sync_to_async(services.vote_cast)
    await vote(game=started_game, user=players["england"], kind=Vote.Kind.CANCEL, accept=True)
    assert await austria.receive_json_from(timeout=5) == {"type": "mine.changed"}
    assert await england.receive_json_from(timeout=5) == {"type": "mine.changed"}
    # Decided: the game is cancelled, and leaves the running games for the ended ones.
    for power, user in players.items():
        if power != "england":
            await vote(game=started_game, user=user, kind=Vote.Kind.CANCEL, accept=True)
    assert await austria.receive_json_from(timeout=5) == {"type": "mine.changed"}
    game = await sync_to_async(Game.objects.get)(pk=started_game.pk)
    assert game.status == Game.Status.CANCELLED
    assert await outsider.receive_nothing(timeout=0.3)
    for ws in (austria, england, outsider):
        await ws.disconnect()


async def test_its_own_check_catches_a_vote_it_could_not_hear(
    started_game: Game, players: dict[str, Any], settings: Any
) -> None:
    settings.LIVE_POLL_SECONDS = 0.1
    austria = await mine(players["austria"])
    # Cast where this process hears no publish: its version moves the fingerprint.
    with mock.patch("games.services.kernel.game_changed_publish"):
        await sync_to_async(services.vote_cast)(
            game=started_game, user=players["italy"], kind=Vote.Kind.DRAW, accept=True
        )
    assert await austria.receive_json_from(timeout=5) == {"type": "mine.changed"}
    await austria.disconnect()
