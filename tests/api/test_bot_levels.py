"""The level of each of the site's bots in a practice game, chosen per seat (issue 38):
through the API (``bot_levels``) and the new-game form (``practice_strong``); shown on
the bots' seats (``seats[].bot_level``) and nowhere else; refused where it cannot be
played; and the bot client plays a strong seat with the search, a standard one without."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

import bots.client
from accounts.services import house_bot_keys
from bots.client import choose
from bots.search import Level
from games.models import Game, Seat

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("eager")]

PRACTICE = {"name": "Practice", "assignment": "chosen", "power": "italy", "bots": True}


def _made(client: APIClient, **extra: Any) -> Any:
    return client.post("/api/v1/games/", PRACTICE | extra, format="json")


def test_each_bot_plays_at_the_level_chosen_for_its_seat(
    api: Callable[..., APIClient], make_user: Any
) -> None:
    client = api(make_user("alice"))
    made = _made(client, bot_levels={"france": "strong", "turkey": "strong", "russia": "standard"})
    assert made.status_code == 201, made.json()
    game = Game.objects.get(pk=made.json()["id"])
    assert dict(game.seats.values_list("power", "bot_level")) == {
        "austria": "standard",
        "england": "standard",
        "france": "strong",
        "germany": "standard",
        "italy": "standard",
        "russia": "standard",
        "turkey": "strong",
    }
    seats = {s["power"]: s for s in client.get(f"/api/v1/games/{game.pk}/").json()["seats"]}
    assert seats["france"]["bot_level"] == "strong"
    assert seats["austria"]["bot_level"] == "standard"
    # The player's own seat is a person's: no level is shown for it.
    assert "bot_level" not in seats["italy"]


def test_a_level_for_the_creators_own_power_is_not_used(
    api: Callable[..., APIClient], make_user: Any
) -> None:
    made = _made(api(make_user("alice")), bot_levels={"italy": "strong"})
    assert made.status_code == 201, made.json()
    assert Game.objects.get(pk=made.json()["id"]).seats.get(power="italy").bot_level == ("standard")


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        ({"bot_levels": {"france": "grandmaster"}}, "not a valid choice"),
        ({"bot_levels": {"red": "strong"}}, "Red is not a power of this game."),
        ({"bots": False, "bot_levels": {"france": "strong"}}, "for a practice game with bots"),
        (
            {"variant": "kapitalisten", "power": None, "assignment": "random",
             "bot_levels": {"investor-2": "strong"}},
            "In Kapitalisten the bots play at the standard level only.",
        ),
    ],
)  # fmt: skip
def test_a_level_that_cannot_be_played_is_refused(
    api: Callable[..., APIClient], make_user: Any, extra: dict[str, Any], message: str
) -> None:
    body = {k: v for k, v in (PRACTICE | extra).items() if v is not None}
    answer = api(make_user("alice")).post("/api/v1/games/", body, format="json")
    assert answer.status_code == 400, answer.json()
    assert message in str(answer.json())
    assert not Game.objects.exists()


def test_the_form_chooses_the_stronger_bots_seats(make_user: Any) -> None:
    client = Client()
    client.force_login(make_user("alice"))
    form = {
        "name": "Practice",
        "variant": "standard",
        "practice_bots": "on",
        "practice_strong": ["england", "germany"],
        "assignment": "chosen",
        "power": "france",
        "movement_hours": "24",
        "retreat_hours": "12",
        "adjustment_hours": "12",
        "start_when_full": "on",
    }
    page = client.post(reverse("games:create"), form)
    assert page.status_code == 302, page.content.decode()[:2000]
    game = Game.objects.get(name="Practice")
    strong = set(game.seats.filter(bot_level=Seat.BotLevel.STRONG).values_list("power", flat=True))
    assert strong == {"england", "germany"}


def test_the_form_refuses_the_stronger_bot_without_bots(make_user: Any) -> None:
    client = Client()
    client.force_login(make_user("alice"))
    form = {
        "name": "Practice",
        "variant": "standard",
        "practice_strong": ["england"],
        "assignment": "random",
        "movement_hours": "24",
        "retreat_hours": "12",
        "adjustment_hours": "12",
    }
    page = client.post(reverse("games:create"), form)
    assert page.status_code == 200
    assert "Bot levels are for a practice game with bots." in page.content.decode()
    assert not Game.objects.exists()


def test_the_client_plays_a_strong_seat_with_the_search(
    api: Callable[..., APIClient], make_user: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    made = _made(api(make_user("alice")), bot_levels={"france": "strong"})
    game = Game.objects.get(pk=made.json()["id"])
    searched: list[str] = []

    def search(variant: Any, position: Any, power: str, rng: random.Random, **kw: Any) -> Any:
        searched.append(power)
        return bots.client.seat_orders(variant, position, power, rng, legal={power: kw["legal"]})[
            power
        ]

    monkeypatch.setattr(bots.client, "search_orders", search)
    keys = house_bot_keys()
    for power in ("france", "england"):
        bot = game.seats.get(power=power).user
        state = api(key=keys[bot.username]).get(f"/api/v1/games/{game.pk}/").json()
        choice = choose(state)
        assert choice is not None
        assert choice.power == power
    assert searched == ["france"]


def test_a_strong_seats_choice_is_the_same_when_asked_again(
    api: Callable[..., APIClient], make_user: Any
) -> None:
    # The site's bots choose once to save their orders and again to mark the very same
    # orders ready: the search must give the same answer both times.
    made = _made(api(make_user("alice")), bot_levels={"france": "strong"})
    game = Game.objects.get(pk=made.json()["id"])
    bot = game.seats.get(power="france").user
    state = api(key=house_bot_keys()[bot.username]).get(f"/api/v1/games/{game.pk}/").json()
    first = choose(state)
    assert first is not None
    assert choose(state) == first


def test_a_program_may_ask_for_the_strong_level_itself(
    api: Callable[..., APIClient], make_user: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A person's own bot (python -m bots --level strong): the site shows no level for
    # its seat, the program chooses.
    made = _made(api(make_user("alice")))
    game = Game.objects.get(pk=made.json()["id"])
    state = api(game.seats.get(power="italy").user).get(f"/api/v1/games/{game.pk}/").json()
    searched: list[str] = []

    def search(variant: Any, position: Any, power: str, rng: random.Random, **kw: Any) -> Any:
        searched.append(power)
        return []

    monkeypatch.setattr(bots.client, "search_orders", search)
    choose(state)
    assert searched == []
    choose(state, level=Level.STRONG)
    assert searched == ["italy"]


def test_the_game_page_tags_the_stronger_bots_seats(
    api: Callable[..., APIClient], make_user: Any
) -> None:
    alice = make_user("alice")
    made = _made(api(alice), bot_levels={"france": "strong"})
    client = Client()
    client.force_login(alice)
    page = client.get(reverse("games:detail", args=[made.json()["id"]])).content.decode()
    assert page.count("The stronger bot: it searches its moves.") == 1
