"""Practice games against the site's own bots (``game_create(bots=True)``) and the bots
the site plays itself (games/management/botplay.py, ``manage.py run_bots``): they take
every other seat and order theirs through the public API, each with its own token, like
any program: within a round, marked ready, in no seat but their own, and never over
orders someone else saved."""

from __future__ import annotations

import logging
from io import StringIO
from typing import Any

import pytest
from django.core.management import call_command
from django.utils import timezone

from accounts.models import ApiToken, hash_key
from accounts.roles import HOUSE_BOT_TOKEN_NAME, is_bot
from accounts.services import bot_account_create, house_bots
from core.errors import ApplicationError
from games import selectors, services
from games.management import botplay
from games.models import Game, GamePhase, OrderSet
from games.terms import GameTerms
from tests.bots.inprocess import InProcess

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("eager")]

SITE = "http://testserver"
BOTS = {"austria", "england", "germany", "italy", "russia", "turkey"}


@pytest.fixture
def practice(make_user: Any) -> Game:
    """Alice's practice game: she plays France, the site's bots the six others."""
    return services.game_create(
        created_by=make_user("alice"),
        name="Practice",
        power="france",
        terms=GameTerms(assignment=Game.Assignment.CHOSEN),
        bots=True,
    )


def _bot_tokens(game: Game) -> dict[str, ApiToken]:
    """The token each bot of ``game`` played with, by power."""
    return {
        s.power: ApiToken.objects.get(user=s.user, name=HOUSE_BOT_TOKEN_NAME)
        for s in game.seats.exclude(power="france").select_related("user")
    }


def test_a_practice_game_seats_the_sites_bots_and_starts(practice: Game) -> None:
    practice.refresh_from_db()
    assert practice.status == Game.Status.ACTIVE
    seats = {s.power: s.user for s in practice.seats.select_related("user")}
    assert seats["france"].username == "alice"  # type: ignore[union-attr]
    bots = [u for p, u in seats.items() if p != "france"]
    assert len({u.pk for u in bots}) == 6  # type: ignore[union-attr]
    assert all(is_bot(u) for u in bots)  # type: ignore[arg-type]
    state = selectors.game_state(user=seats["france"], game=practice)  # type: ignore[arg-type]
    assert {s["power"] for s in state["seats"] if s["bot"]} == set(seats) - {"france"}


def test_each_bot_orders_through_the_api_with_its_own_token_and_marks_ready(
    practice: Game,
) -> None:
    site = InProcess()
    assert botplay.house_bots_play(SITE, opener=site) == 6
    first = practice.phases.get(index=0)
    sets = {o.power: o for o in OrderSet.objects.filter(phase=first)}
    assert set(sets) == BOTS
    assert all(o.ready for o in sets.values())
    # Each seat's orders and ready mark went through the API, with that bot's own token.
    tokens = _bot_tokens(practice)
    by_hash = {t.key_hash: power for power, t in tokens.items()}
    saves = [(s.path, by_hash[hash_key(s.token)], s.body) for s in site.writes()]
    orders_path = f"/api/v1/games/{practice.pk}/orders/"
    ready_path = f"/api/v1/games/{practice.pk}/ready/"
    assert sorted((path, power) for path, power, _ in saves) == sorted(
        [(orders_path, p) for p in BOTS] + [(ready_path, p) for p in BOTS]
    )
    for path, power, body in saves:
        # Every write names the phase the bot read: a ready mark never lands on the next.
        assert body["phase"] == first.index
        if path == orders_path:
            assert body["power"] == power
            assert body["orders"] == sets[power].orders
    # Nothing more to give in this phase: the site lists no game needing their orders,
    # and no game's state is read.
    again = InProcess()
    assert botplay.house_bots_play(SITE, opener=again) == 0
    assert {(s.method, s.path) for s in again.sent} == {("GET", "/api/v1/me/games/")}


def test_a_phase_ends_when_the_player_is_ready_and_run_bots_plays_the_next(
    practice: Game, live_server: Any
) -> None:
    botplay.house_bots_play(SITE, opener=InProcess())
    alice = practice.seats.get(power="france").user
    services.orders_submit(game=practice, user=alice, orders=["A par - bur"])
    services.orders_ready(game=practice, user=alice, ready=True)
    first = practice.phases.get(index=0)
    first.refresh_from_db()
    assert first.status == GamePhase.Status.RESOLVED
    assert all(r["result"] not in ("void", "illegal") for r in first.results)
    # The command, over the network to a running site.
    out = StringIO()
    call_command("run_bots", "--once", "--url", live_server.url, stdout=out)
    assert out.getvalue().strip() == "bots: ordered for 6 seats"
    second = OrderSet.objects.filter(phase__game=practice, phase__index=1)
    assert {o.power for o in second if o.ready} == BOTS


def test_run_bots_asks_the_address_of_the_settings_without_url(
    practice: Game, live_server: Any, settings: Any
) -> None:
    settings.BOTS_SITE_URL = live_server.url
    out = StringIO()
    call_command("run_bots", "--once", stdout=out)
    assert out.getvalue().strip() == "bots: ordered for 6 seats"


def test_the_sites_bots_play_no_seat_but_their_own(
    practice: Game, started_game: Game, make_user: Any
) -> None:
    # Another program's bot in a game of people: the site does not play it.
    outsider, _key = bot_account_create(username="outside-bot")
    game = services.game_create(created_by=make_user("bob"), name="People and a bot")
    services.game_join(game=game, user=outsider)
    botplay.house_bots_play(SITE, opener=InProcess())
    assert not OrderSet.objects.filter(phase__game=started_game).exists()
    assert not OrderSet.objects.filter(phase__game=game).exists()
    # Nor the player's seat in the practice game.
    assert not OrderSet.objects.filter(phase__game=practice, power="france").exists()
    # Nor does the outsider get a token from the site.
    assert not ApiToken.objects.filter(user=outsider, name=HOUSE_BOT_TOKEN_NAME).exists()


@pytest.mark.parametrize("saved", [["A con H"], []], ids=["orders", "none"])
def test_orders_saved_for_a_bots_seat_are_never_replaced(practice: Game, saved: list[str]) -> None:
    # Turkey's orders were saved before the bots' round (by a game master, say), not
    # marked ready; even an empty set, meant as "all hold": the round leaves them be.
    turkey = practice.seats.get(power="turkey").user
    services.orders_submit(game=practice, user=turkey, orders=saved)
    site = InProcess()
    assert botplay.house_bots_play(SITE, opener=site) == 5
    kept = OrderSet.objects.get(phase__game=practice, power="turkey")
    assert kept.orders == saved
    assert not kept.ready
    turkish = _bot_tokens(practice)["turkey"].key_hash
    assert not [s for s in site.writes() if hash_key(s.token) == turkish]
    # Nor in any later round.
    botplay.house_bots_play(SITE, opener=site)
    assert OrderSet.objects.get(phase__game=practice, power="turkey").orders == saved


def test_a_bot_in_no_game_only_asks_for_its_games(make_user: Any) -> None:
    [bot] = house_bots(count=1)
    site = InProcess()
    assert botplay.house_bots_play(SITE, opener=site) == 0
    assert [(s.method, s.path) for s in site.sent] == [("GET", "/api/v1/me/games/")]
    assert ApiToken.objects.filter(user=bot).count() == 1


def test_no_house_bot_no_request() -> None:
    site = InProcess()
    assert botplay.house_bots_play(SITE, opener=site) == 0
    assert site.sent == []


def test_each_bots_token_is_made_once_and_reused(practice: Game) -> None:
    botplay.house_bots_play(SITE, opener=InProcess())
    made = set(ApiToken.objects.values_list("pk", flat=True))
    assert len(made) == 6
    alice = practice.seats.get(power="france").user
    services.orders_submit(game=practice, user=alice, orders=["A par - bur"])
    services.orders_ready(game=practice, user=alice, ready=True)
    site = InProcess()
    assert botplay.house_bots_play(SITE, opener=site) == 6
    assert set(ApiToken.objects.values_list("pk", flat=True)) == made
    assert len({s.token for s in site.sent}) == 6


def test_a_paused_game_is_not_played(practice: Game) -> None:
    Game.objects.filter(pk=practice.pk).update(paused_at=timezone.now())
    site = InProcess()
    assert botplay.house_bots_play(SITE, opener=site) == 0
    assert not OrderSet.objects.filter(phase__game=practice).exists()
    assert not site.writes()


def test_a_site_that_does_not_answer_stops_the_round_quietly(practice: Game, caplog: Any) -> None:
    with caplog.at_level(logging.WARNING, logger="games.management.botplay"):
        assert botplay.house_bots_play("http://127.0.0.1:9") == 0
    assert len(caplog.records) == 1  # once for the round, not once per bot
    assert not OrderSet.objects.filter(phase__game=practice).exists()


def test_a_practice_game_the_bots_cannot_play_is_refused(
    make_user: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The bots play every variant the site has: one is made unknown for the test.
    monkeypatch.setattr("bots.registry.KNOWN_VARIANTS", frozenset({"standard", "highlander"}))
    with pytest.raises(ApplicationError, match="do not know the rules"):
        services.game_create(
            created_by=make_user("alice"),
            name="Practice",
            terms=GameTerms(variant_id="rather_silly"),
            bots=True,
            pseudonym="Al",
        )
    assert not Game.objects.exists()


def test_the_bots_take_no_seat_in_a_game_without_its_creator(make_user: Any) -> None:
    with pytest.raises(ApplicationError, match="You take a seat"):
        services.game_create(created_by=make_user("alice"), name="P", join=False, bots=True)
    assert not Game.objects.exists()


def test_a_ready_mark_refused_by_the_throttle_is_given_next_round_over_the_same_orders(
    practice: Game, settings: Any
) -> None:
    rates = settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]
    # One write a minute per bot: its orders are saved, its ready mark refused (429).
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {**rates, "house_bot_write": "1/min"},
    }
    assert botplay.house_bots_play(SITE, opener=InProcess()) == 0
    sets = OrderSet.objects.filter(phase__game=practice)
    saved = {o.power: o.orders for o in sets}
    assert set(saved) == BOTS
    assert not any(o.ready for o in sets)
    # Next round, with room again: the bots know their own orders, and only mark ready.
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {**rates, "house_bot_write": "2/min"},
    }
    site = InProcess()
    assert botplay.house_bots_play(SITE, opener=site) == 6
    assert {s.path for s in site.writes()} == {f"/api/v1/games/{practice.pk}/ready/"}
    after = OrderSet.objects.filter(phase__game=practice)
    assert {o.power: o.orders for o in after} == saved
    assert all(o.ready for o in after)


def test_the_bots_agree_to_the_draw_the_player_proposes_and_the_game_ends(
    practice: Game,
) -> None:
    # At the start no bot is clear ahead of the others: each takes the draw (bots.votes).
    alice = practice.seats.get(power="france").user
    assert services.vote_cast(game=practice, user=alice, kind="draw", accept=True) is False
    site = InProcess()
    botplay.house_bots_play(SITE, opener=site)
    practice.refresh_from_db()
    assert practice.status == Game.Status.FINISHED
    votes_path = f"/api/v1/games/{practice.pk}/votes/"
    tokens = _bot_tokens(practice)
    by_hash = {t.key_hash: power for power, t in tokens.items()}
    voted = {by_hash[hash_key(s.token)]: s.body for s in site.writes() if s.path == votes_path}
    # Each vote names the phase the bot read, where the draw was proposed.
    assert voted == {p: {"kind": "draw", "accept": True, "phase": 0} for p in BOTS}


def test_the_bots_agree_to_pause_and_then_to_resume(practice: Game) -> None:
    alice = practice.seats.get(power="france").user
    services.vote_cast(game=practice, user=alice, kind="pause", accept=True)
    botplay.house_bots_play(SITE, opener=InProcess())
    practice.refresh_from_db()
    assert practice.is_paused
    # Paused, the game still reaches the bots for the vote that ends the pause.
    services.vote_cast(game=practice, user=alice, kind="resume", accept=True)
    botplay.house_bots_play(SITE, opener=InProcess())
    practice.refresh_from_db()
    assert not practice.is_paused
    assert practice.status == Game.Status.ACTIVE
