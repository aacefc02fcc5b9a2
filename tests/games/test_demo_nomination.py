"""The Highlander demo duel gives a newcomer a game worth playing (issue 38): its bot once
named 13 of the 15 western centers he picked, and his first duel began 2 centers against 2
(a center on both lists stays neutral). In the demo duel only, a house rule of the demo
(variants/highlander/demo.py, ``DemoGame.bot_after_visitor``): the demo's bot nominates
after the visitor has marked his list ready and names none of his centers, and the
nomination's section says so, in English and German. In a real game the lists stay
secret: a house bot nominates the same whether or not the other player's list is in."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
import time_machine
from django.core.management import call_command
from django.test import Client
from django.utils import translation

from accounts.roles import is_bot
from games import services
from games.management import botplay, demo
from games.models import Game, OrderSet
from games.terms import GameTerms
from tests.bots.inprocess import InProcess
from variants.highlander.demo import DUEL_GAME

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("eager")]

#: The fifteen western centers a newcomer picked, as in the report.
WESTERN = [
    "lon", "edi", "lvp", "bre", "par", "mar", "spa", "por",
    "bel", "hol", "kie", "ber", "mun", "den", "nwy",
]  # fmt: skip
NOMINATION = [f"nominate {c}" for c in WESTERN]


def _duel() -> Game:
    game = demo.demo_game(DUEL_GAME)
    assert game is not None
    return game


def _nominate(game: Game, username: str, ready: bool = True) -> None:
    user = game.seats.get(user__username=username).user
    services.orders_submit(game=game, user=user, orders=NOMINATION)
    if ready:
        services.orders_ready(game=game, user=user, ready=True)


def test_the_demo_bot_nominates_after_the_visitor_and_leaves_him_his_centers() -> None:
    call_command("demo_data")
    duel = _duel()
    phase = duel.current_phase
    assert phase is not None
    assert phase.code == "W1900N"
    # Before the visitor's list is in (or while he has not marked it ready), bob's bot
    # gives nothing: it would have to nominate blind.
    demo.bot_play()
    assert not OrderSet.objects.filter(phase=phase).exists()
    _nominate(duel, "alice", ready=False)
    demo.bot_play()
    assert not OrderSet.objects.filter(phase=phase, power="blue").exists()
    # He marks it ready: the bot's next round nominates none of his centers, and the
    # phase ends with each player owning his own list.
    services.orders_ready(game=duel, user=duel.seats.get(power="red").user, ready=True)
    demo.bot_play()
    phase.refresh_from_db()
    blue = phase.order_sets.get(power="blue")
    assert len(blue.orders) == len(WESTERN)
    assert not set(blue.orders) & set(NOMINATION)
    after = services.phase_position(duel.phases.get(index=phase.index + 1))
    assert sorted(after.centers_of("red")) == sorted(WESTERN)
    assert len(after.centers_of("blue")) == len(WESTERN)


def test_near_the_deadline_the_demo_bot_nominates_around_what_the_visitor_saved() -> None:
    # He saved his list but never marked it ready: the bot does not let its own seat miss
    # the phase. With the deadline ten minutes off, it nominates, around his saved list.
    call_command("demo_data")
    duel = _duel()
    phase = duel.current_phase
    assert phase is not None
    assert phase.deadline is not None
    _nominate(duel, "alice", ready=False)
    with time_machine.travel(phase.deadline - demo.LAST_CALL - timedelta(minutes=1)):
        demo.bot_play()
    assert not OrderSet.objects.filter(phase=phase, power="blue").exists()
    with time_machine.travel(phase.deadline - demo.LAST_CALL + timedelta(minutes=1)):
        demo.bot_play()
    blue = phase.order_sets.get(power="blue")
    assert blue.ready
    assert len(blue.orders) == len(WESTERN)
    assert not set(blue.orders) & set(NOMINATION)


@pytest.mark.parametrize(
    ("language", "note"),
    [
        ("en", "A house rule of the demo: your opponent&#x27;s bot nominates only after"),
        ("de", "Eine Hausregel der Demo: Der Bot deines Gegners nominiert erst, wenn du"),
    ],
)
def test_the_nomination_section_tells_the_visitor_the_demos_house_rule(
    language: str, note: str
) -> None:
    call_command("demo_data")
    duel = _duel()
    client = Client()
    client.force_login(duel.seats.get(power="red").user)
    with translation.override(language):
        page = client.get(f"/games/{duel.pk}/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert 'id="demo-house-note"' in page
    assert note in page


def test_no_other_duel_shows_the_demos_house_rule(make_user: Any) -> None:
    call_command("demo_data")
    # A game of the demo duel's very name, by another player: no demo game.
    copy = services.game_create(
        created_by=make_user("mallory"),
        name=DUEL_GAME,
        power="red",
        terms=GameTerms(variant_id="highlander"),
    )
    services.game_join(game=copy, user=make_user("trent"))
    assert demo.demo_of(copy) is None
    client = Client()
    client.force_login(copy.seats.get(power="red").user)
    page = client.get(f"/games/{copy.pk}/").content.decode()
    assert 'id="nomination-info"' in page
    assert 'id="demo-house-note"' not in page


def _practice(make_user: Any, name: str) -> Game:
    """A practice Highlander game: alice red, the site's bot blue."""
    game = services.game_create(
        created_by=make_user(name),
        name="Practice duel",
        power="red",
        terms=GameTerms(variant_id="highlander", assignment=Game.Assignment.CHOSEN),
        bots=True,
    )
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE
    assert is_bot(game.seats.get(power="blue").user)  # type: ignore[arg-type]
    return game


def test_a_real_games_bot_nominates_without_seeing_the_other_players_list(make_user: Any) -> None:
    # The same game and phase, the bot's list drawn the same: once before alice's list is
    # in, once after she marked it ready. Through the public API it sees neither, so its
    # list is the same both times; it is the library's choice from every center, not one
    # that leaves hers out.
    game = _practice(make_user, "alice")
    phase = game.current_phase
    assert phase is not None
    assert botplay.house_bots_play("http://testserver", opener=InProcess()) == 1
    blind = list(phase.order_sets.get(power="blue").orders)
    phase.order_sets.filter(power="blue").delete()
    _nominate(game, "alice")
    assert botplay.house_bots_play("http://testserver", opener=InProcess()) == 1
    seen = list(phase.order_sets.get(power="blue").orders)
    assert seen == blind
    # Nor did the demo's bot, which plays no game but the demo's, give any of them.
    demo.bot_play()
    assert list(phase.order_sets.get(power="blue").orders) == blind
