"""The forming game page's button that has the site's bots take the open seats
(games.web.games.game_fill_with_bots): offered to the game's creator alone, a POST with
its CSRF token, back to the game with a message saying what happened."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from accounts.roles import MODERATOR, grant
from games import services
from games.models import Game
from games.terms import GameTerms

pytestmark = pytest.mark.django_db

BUTTON = "Fill the open seats with bots"


def logged_in(user: Any, **kwargs: Any) -> Client:
    client = Client(**kwargs)
    client.force_login(user)
    return client


def _forming(creator: Any, **terms: Any) -> Game:
    return services.game_create(created_by=creator, name="Seeking", terms=GameTerms(**terms))


def _url(game: Game) -> str:
    return reverse("games:fill-with-bots", args=[game.pk])


def _open_seats(game: Game) -> int:
    return game.seats.filter(user__isnull=True).count()


def test_the_creator_is_offered_the_button_and_the_game_starts_with_bots(make_user: Any) -> None:
    alice = make_user("alice")
    game = _forming(alice)
    client = logged_in(alice)
    page = client.get(reverse("games:detail", args=[game.pk])).content.decode()
    assert BUTTON in page
    assert f'action="{_url(game)}"' in page
    assert "the game starts at once" in page
    answer = client.post(_url(game), follow=True)
    assert answer.redirect_chain == [(reverse("games:detail", args=[game.pk]), 302)]
    said = [str(m) for m in answer.context["messages"]]
    assert said == ["The site's bots took the open seats: the game has started."]
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE
    assert _open_seats(game) == 0
    assert BUTTON not in answer.content.decode()


def test_nobody_else_is_offered_the_button(make_user: Any) -> None:
    alice, bob, moderator = make_user("alice"), make_user("bob"), make_user("moderator")
    grant(moderator, MODERATOR)
    game = _forming(alice)
    services.game_join(game=game, user=bob)
    detail = reverse("games:detail", args=[game.pk])
    assert BUTTON not in Client().get(detail).content.decode()
    for user in (bob, moderator, make_user("stranger")):
        assert BUTTON not in logged_in(user).get(detail).content.decode()


def test_the_button_is_not_offered_where_the_bots_cannot_fill_the_game(
    make_user: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The bots play every variant the site has: one is made unknown for the test.
    monkeypatch.setattr("bots.registry.KNOWN_VARIANTS", frozenset({"standard"}))
    alice = make_user("alice")
    game = _forming(alice, variant_id="highlander")
    page = logged_in(alice).get(reverse("games:detail", args=[game.pk])).content.decode()
    assert BUTTON not in page


def test_the_button_is_offered_on_a_twin_board_duel(make_user: Any) -> None:
    alice = make_user("alice")
    duel = _forming(alice, variant_id="highlander", duel=True)
    page = logged_in(alice).get(reverse("games:detail", args=[duel.pk])).content.decode()
    assert BUTTON in page


def test_anonymous_is_sent_to_log_in(make_user: Any) -> None:
    game = _forming(make_user("alice"))
    answer = Client().post(_url(game))
    assert answer.status_code == 302
    assert answer["Location"].startswith(reverse("accounts:login"))
    assert _open_seats(game) == 6


@pytest.mark.parametrize("who", ["stranger", "seated player", "moderator"])
def test_anyone_but_the_creator_is_refused_403(make_user: Any, who: str) -> None:
    game = _forming(make_user("alice"))
    user = make_user("bob")
    if who == "seated player":
        services.game_join(game=game, user=user)
    if who == "moderator":
        grant(user, MODERATOR)
    assert logged_in(user).post(_url(game)).status_code == 403
    game.refresh_from_db()
    assert game.status == Game.Status.FORMING
    assert _open_seats(game) == (5 if who == "seated player" else 6)


def test_a_get_is_refused(make_user: Any) -> None:
    alice = make_user("alice")
    game = _forming(alice)
    assert logged_in(alice).get(_url(game)).status_code == 405
    assert _open_seats(game) == 6


def test_a_post_without_the_csrf_token_is_refused(make_user: Any) -> None:
    alice = make_user("alice")
    game = _forming(alice)
    assert logged_in(alice, enforce_csrf_checks=True).post(_url(game)).status_code == 403
    assert _open_seats(game) == 6


def test_a_refusal_is_shown_as_a_message_and_nothing_changes(
    make_user: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("bots.registry.KNOWN_VARIANTS", frozenset({"standard"}))
    alice = make_user("alice")
    game = _forming(alice, variant_id="highlander")
    answer = logged_in(alice).post(_url(game), follow=True)
    assert answer.redirect_chain == [(reverse("games:detail", args=[game.pk]), 302)]
    said = [str(m) for m in answer.context["messages"]]
    assert said == [
        "The bots do not know the rules of Highlander: practise with them in another variant."
    ]
    game.refresh_from_db()
    assert game.status == Game.Status.FORMING
    assert _open_seats(game) == 1


def test_a_started_game_is_refused_with_a_message(
    started_game: Game, players: dict[str, Any]
) -> None:
    answer = logged_in(players["austria"]).post(_url(started_game), follow=True)
    said = [str(m) for m in answer.context["messages"]]
    assert said == [
        "This game has already started: bots fill the open seats of a game still seeking players."
    ]


def test_a_private_game_nobody_may_see_answers_404(make_user: Any) -> None:
    game = _forming(make_user("alice"), private=True)
    assert logged_in(make_user("bob")).post(_url(game)).status_code == 404
    assert _open_seats(game) == 6
