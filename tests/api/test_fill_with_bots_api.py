"""A forming game's open seats filled by the site's bots through the API (``POST
/api/v1/games/{id}/fill-with-bots/``): its creator's request starts the game with a house
bot in each open seat; anyone else is refused (401, 403, 404), and a game the bots cannot
fill is refused with why (400), each in the one error shape."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from rest_framework.test import APIClient

from accounts.roles import MODERATOR, grant, is_house_bot
from games import services
from games.models import Game, Seat
from games.terms import GameTerms

pytestmark = pytest.mark.django_db


def _forming(creator: Any, **terms: Any) -> Game:
    return services.game_create(created_by=creator, name="Seeking", terms=GameTerms(**terms))


def _url(game: Game | int) -> str:
    return f"/api/v1/games/{game if isinstance(game, int) else game.pk}/fill-with-bots/"


def _untouched(game: Game, open_seats: int) -> None:
    game.refresh_from_db()
    assert game.status == Game.Status.FORMING
    assert game.seats.filter(user__isnull=True).count() == open_seats


def test_the_creator_fills_the_open_seats_and_the_game_starts(
    api: Callable[..., APIClient], make_user: Any
) -> None:
    alice = make_user("alice")
    game = _forming(alice)
    client = api(alice)
    answer = client.post(_url(game))
    assert answer.status_code == 200, answer.json()
    game.refresh_from_db()
    assert answer.json() == {"id": game.pk, "status": "active", "version": game.version}
    bots = list(game.seats.exclude(user=alice).select_related("user"))
    assert len(bots) == 6
    assert all(s.user is not None and is_house_bot(s.user) for s in bots)
    assert all(s.bot_level == Seat.BotLevel.STANDARD for s in bots)
    state = client.get(f"/api/v1/games/{game.pk}/").json()
    assert sum(1 for s in state["seats"] if s["bot"]) == 6


def test_in_kapitalisten_the_bots_play_under_pseudonyms(
    api: Callable[..., APIClient], make_user: Any
) -> None:
    alice = make_user("alice")
    game = services.game_create(
        created_by=alice,
        name="Bourse",
        pseudonym="Old Money",
        terms=GameTerms(variant_id="kapitalisten", options={"players": 8}),
    )
    client = api(alice)
    assert client.post(_url(game)).status_code == 200
    shown = client.get(f"/api/v1/games/{game.pk}/").content.decode()
    assert "house-bot" not in shown
    bots = game.seats.exclude(user=alice).select_related("user")
    assert all(s.pseudonym and s.pseudonym != s.user.username for s in bots)  # type: ignore[union-attr]


def test_anonymous_is_refused_401(api: Callable[..., APIClient], make_user: Any) -> None:
    game = _forming(make_user("alice"))
    answer = api().post(_url(game))
    assert answer.status_code == 401
    assert "message" in answer.json()
    _untouched(game, 6)


@pytest.mark.parametrize("who", ["stranger", "seated player", "moderator"])
def test_anyone_but_the_creator_is_refused_403(
    api: Callable[..., APIClient], make_user: Any, who: str
) -> None:
    game = _forming(make_user("alice"))
    user = make_user("bob")
    if who == "seated player":
        services.game_join(game=game, user=user)
    if who == "moderator":
        # The site moderators' choice is not the creator's: refused like anyone (games.visibility).
        grant(user, MODERATOR)
    answer = api(user).post(_url(game))
    assert answer.status_code == 403
    assert answer.json() == {
        "message": "Only the game's creator can fill its open seats with bots."
    }
    _untouched(game, 5 if who == "seated player" else 6)


def test_a_game_the_caller_may_not_see_or_none_at_all_is_404(
    api: Callable[..., APIClient], make_user: Any
) -> None:
    game = _forming(make_user("alice"), private=True)
    client = api(make_user("bob"))
    assert client.post(_url(game)).status_code == 404
    assert client.post(_url(10**6)).json() == {"message": "No such game."}
    _untouched(game, 6)


def test_a_started_game_is_refused_400(
    api: Callable[..., APIClient], started_game: Game, players: dict[str, Any]
) -> None:
    answer = api(players["austria"]).post(_url(started_game))
    assert answer.status_code == 400
    assert "already started" in answer.json()["message"]


def test_a_variant_the_bots_do_not_know_is_refused_400(
    api: Callable[..., APIClient], make_user: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The bots know every variant of the site now: one made unknown stands for a new one.
    monkeypatch.setattr("bots.registry.KNOWN_VARIANTS", frozenset({"standard"}))
    alice = make_user("alice")
    game = _forming(alice, variant_id="highlander")
    answer = api(alice).post(_url(game))
    assert answer.status_code == 400
    assert "do not know the rules" in answer.json()["message"]
    _untouched(game, 1)


def test_a_twin_board_duel_is_filled_and_starts_its_set_up(
    api: Callable[..., APIClient], make_user: Any
) -> None:
    alice = make_user("alice")
    game = _forming(alice, variant_id="highlander", duel=True)
    answer = api(alice).post(_url(game))
    assert answer.status_code == 200, answer.json()
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE
    assert game.link is not None  # board A of the duel: board B comes after its set-up
    bot = game.seats.exclude(user=alice).get()
    assert bot.user is not None
    assert is_house_bot(bot.user)


def test_a_full_game_is_refused_400(api: Callable[..., APIClient], make_user: Any) -> None:
    alice = make_user("alice")
    game = _forming(alice, variant_id="highlander", start_when_full=False)
    services.game_join(game=game, user=make_user("bob"))
    answer = api(alice).post(_url(game))
    assert answer.status_code == 400
    assert "Every seat of this game is taken" in answer.json()["message"]
    _untouched(game, 0)


def test_the_operation_is_documented(api: Callable[..., APIClient]) -> None:
    schema = api().get("/api/schema/", HTTP_ACCEPT="application/json").json()
    operation = schema["paths"]["/api/v1/games/{game_id}/fill-with-bots/"]["post"]
    assert operation["operationId"] == "games_fill_with_bots"
    assert {"200", "400", "401", "403", "404"} <= set(operation["responses"])
