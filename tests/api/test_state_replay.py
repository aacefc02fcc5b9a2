"""GET /api/v1/games/<id>/state/?phase=N&words=true: what the game page's replay reads of
each phase. Results come in the reader's words, the units a phase dislodged are listed,
and the open phase's orders stay their power's alone, whoever else replays the game."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.urls import reverse
from rest_framework.test import APIClient

from accounts.roles import MODERATOR, grant
from games import services
from games.models import Game
from tests.games.test_game_page import play_to

pytestmark = pytest.mark.django_db


def replay_read(client: APIClient, game: Game, index: int, **extra: Any) -> dict[str, Any]:
    response = client.get(
        reverse("api:state", args=[game.pk]), {"phase": index, "words": "true"}, **extra
    )
    assert response.status_code == 200, response.content
    return dict(response.json())


def test_results_come_in_the_readers_words(
    api: Callable[..., APIClient], started_game: Game, players: dict[str, Any]
) -> None:
    play_to(started_game, players, "F1901R")
    fall = replay_read(api(), started_game, 1)["phase"]
    by_order = {r["order"]: r["words"] for r in fall["results"]}
    assert by_order["A mar S A pic - bur"] == {
        "power": "France",
        "order": "A Marseilles S A Picardy → Burgundy",
        "outcome": "ok",
        "reason": "",
    }
    held = by_order["A bur H"]
    assert held["power"] == "Germany"
    assert held["outcome"] == "dislodged"
    assert "Picardy" in held["reason"]


def test_results_come_in_german_for_a_german_reader(
    api: Callable[..., APIClient], started_game: Game, players: dict[str, Any]
) -> None:
    play_to(started_game, players, "F1901R")
    fall = replay_read(api(), started_game, 1, HTTP_ACCEPT_LANGUAGE="de")["phase"]
    words = {r["order"]: r["words"] for r in fall["results"]}["A mar S A pic - bur"]
    assert words["power"] == "Frankreich"
    assert words["order"] != "A Marseilles S A Picardy → Burgundy"


def test_words_only_when_asked(
    api: Callable[..., APIClient], started_game: Game, players: dict[str, Any]
) -> None:
    play_to(started_game, players, "F1901M")
    response = api().get(reverse("api:state", args=[started_game.pk]), {"phase": 0})
    assert response.status_code == 200
    assert all("words" not in r for r in response.json()["phase"]["results"])


def test_the_units_a_phase_dislodged_are_listed_after_it(
    api: Callable[..., APIClient], started_game: Game, players: dict[str, Any]
) -> None:
    play_to(started_game, players, "F1901R")
    spring, fall = (replay_read(api(), started_game, i)["phase"] for i in (0, 1))
    assert spring["dislodged_after"] == {}
    dislodged = fall["dislodged_after"]["germany"]
    assert [entry["unit"] for entry in dislodged] == ["A bur"]
    # Where it stood going in, and the position coming out.
    assert "A bur" in fall["units"]["germany"]
    assert "A bur" in fall["units_after"]["france"]


# -- the open phase's orders, tried as each one who may not read them ----------------------


@pytest.fixture
def ordered_game(started_game: Game, players: dict[str, Any]) -> Game:
    """Two phases played, and France's orders for the open one saved (not yet public)."""
    play_to(started_game, players, "F1901R")
    play_to_winter(started_game, players)
    services.orders_submit(game=started_game, user=players["france"], orders=["A par B"])
    return started_game


def play_to_winter(game: Game, players: dict[str, Any]) -> None:
    services.orders_submit(game=game, user=players["germany"], orders=["A bur R ruh"])
    phase = game.current_phase
    assert phase is not None
    assert services.phase_adjudicate(game_id=game.pk, phase_id=phase.pk)
    game.refresh_from_db()
    assert game.current_phase is not None
    assert game.current_phase.code == "W1901A"


def the_open_phase(game: Game) -> int:
    phase = game.current_phase
    assert phase is not None
    return phase.index


def test_the_player_replays_his_own_open_orders(
    api: Callable[..., APIClient], ordered_game: Game, players: dict[str, Any]
) -> None:
    phase = replay_read(api(players["france"]), ordered_game, the_open_phase(ordered_game))
    assert phase["phase"]["orders"] == {"france": ["A par B"]}
    assert "results" not in phase["phase"]


def test_another_player_does_not_see_the_open_orders(
    api: Callable[..., APIClient], ordered_game: Game, players: dict[str, Any]
) -> None:
    phase = replay_read(api(players["germany"]), ordered_game, the_open_phase(ordered_game))
    assert "france" not in phase["phase"]["orders"]
    assert "A par B" not in str(phase)


def test_an_anonymous_watcher_does_not_see_the_open_orders(
    api: Callable[..., APIClient], ordered_game: Game
) -> None:
    phase = replay_read(api(), ordered_game, the_open_phase(ordered_game))
    assert phase["phase"]["orders"] == {}
    assert "A par B" not in str(phase)


def test_an_observer_does_not_see_the_open_orders(
    api: Callable[..., APIClient], ordered_game: Game, make_user: Callable[..., User]
) -> None:
    phase = replay_read(api(make_user("observer")), ordered_game, the_open_phase(ordered_game))
    assert phase["phase"]["orders"] == {}
    assert "A par B" not in str(phase)


def test_a_moderator_does_not_see_the_open_orders(
    api: Callable[..., APIClient], ordered_game: Game, make_user: Callable[..., User]
) -> None:
    moderator = make_user("moderator")
    grant(moderator, MODERATOR)
    phase = replay_read(api(moderator), ordered_game, the_open_phase(ordered_game))
    assert phase["phase"]["orders"] == {}
    assert "A par B" not in str(phase)


def test_a_stranger_does_not_replay_a_private_game(
    api: Callable[..., APIClient], ordered_game: Game, make_user: Callable[..., User]
) -> None:
    Game.objects.filter(pk=ordered_game.pk).update(private=True)
    for client in (api(), api(make_user("stranger"))):
        response = client.get(
            reverse("api:state", args=[ordered_game.pk]), {"phase": 0, "words": "true"}
        )
        assert response.status_code in (403, 404)
        assert "A mun - bur" not in response.content.decode()


def test_the_adjudicated_phases_are_public_to_every_watcher(
    api: Callable[..., APIClient], ordered_game: Game, make_user: Callable[..., User]
) -> None:
    for client in (api(), api(make_user("observer"))):
        spring = replay_read(client, ordered_game, 0)["phase"]
        assert {r["order"] for r in spring["results"]} >= {"A mun - bur", "A par - pic"}
