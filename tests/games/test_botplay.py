"""Practice games against the site's own bots (``game_create(bots=True)``) and the bots
the site plays itself (games/management/botplay.py, ``manage.py run_bots``): they take
every other seat, order theirs within a round and mark it ready, and play no seat but
their own."""

from __future__ import annotations

from io import StringIO
from typing import Any

import pytest
from django.core.management import call_command

from accounts.roles import is_bot
from accounts.services import bot_account_create
from core.errors import ApplicationError
from games import selectors, services
from games.management import botplay
from games.models import Game, GamePhase, OrderSet
from games.terms import GameTerms

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("eager")]


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


def test_the_bots_order_at_once_and_a_phase_ends_when_the_player_is_ready(
    practice: Game,
) -> None:
    assert botplay.house_bots_play() == 6
    first = practice.phases.get(index=0)
    sets = OrderSet.objects.filter(phase=first)
    assert {o.power for o in sets} == {"austria", "england", "germany", "italy", "russia", "turkey"}
    assert all(o.ready for o in sets)
    assert botplay.house_bots_play() == 0  # nothing more to give in this phase

    alice = practice.seats.get(power="france").user
    services.orders_submit(game=practice, user=alice, orders=["A par - bur"])
    services.orders_ready(game=practice, user=alice, ready=True)
    first.refresh_from_db()
    assert first.status == GamePhase.Status.RESOLVED
    assert all(r["result"] not in ("void", "illegal") for r in first.results)
    out = StringIO()
    call_command("run_bots", "--once", stdout=out)
    assert out.getvalue().strip() == "bots: ordered for 6 seats"
    assert OrderSet.objects.filter(phase__game=practice, phase__index=1).count() == 6


def test_the_sites_bots_play_no_seat_but_their_own(
    practice: Game, started_game: Game, make_user: Any
) -> None:
    # Another program's bot in a game of people: the site does not play it.
    outsider, _key = bot_account_create(username="outside-bot")
    game = services.game_create(created_by=make_user("bob"), name="People and a bot")
    services.game_join(game=game, user=outsider)
    botplay.house_bots_play()
    assert not OrderSet.objects.filter(phase__game=started_game).exists()
    assert not OrderSet.objects.filter(phase__game=game).exists()
    # Nor the player's seat in the practice game.
    assert not OrderSet.objects.filter(phase__game=practice, power="france").exists()


def test_orders_saved_for_a_bots_seat_are_never_replaced(practice: Game) -> None:
    # Turkey's orders were saved before the bots' round (through the API with a token of
    # the bot's account, say): the round leaves them be, as the demo bot does.
    turkey = practice.seats.get(power="turkey").user
    services.orders_submit(game=practice, user=turkey, orders=["A con H"])
    botplay.house_bots_play()
    saved = OrderSet.objects.get(phase__game=practice, power="turkey")
    assert saved.orders == ["A con H"]


@pytest.mark.parametrize(
    ("terms", "refusal"),
    [
        (GameTerms(variant_id="kapitalisten", options={"players": 8}), "do not know the rules"),
        (GameTerms(variant_id="highlander", duel=True), "one board"),
    ],
)
def test_a_practice_game_the_bots_cannot_play_is_refused(
    make_user: Any, terms: GameTerms, refusal: str
) -> None:
    with pytest.raises(ApplicationError, match=refusal):
        services.game_create(
            created_by=make_user("alice"), name="Practice", terms=terms, bots=True, pseudonym="Al"
        )
    assert not Game.objects.exists()


def test_the_bots_take_no_seat_in_a_game_without_its_creator(make_user: Any) -> None:
    with pytest.raises(ApplicationError, match="You take a seat"):
        services.game_create(created_by=make_user("alice"), name="P", join=False, bots=True)
    assert not Game.objects.exists()
