"""Time away by API: more time in a game, a sitter, vacations; each tried by the player,
by someone without a seat, by an outsider to a private game, and anonymously."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta
from typing import Any

import pytest
from django.core.cache import cache
from django.db import transaction
from django.urls import reverse
from django.utils import timezone
from rest_framework.test import APIClient

from games import services
from games.models import Game, Seat, Vacation
from games.terms import GameTerms

pytestmark = pytest.mark.django_db


def url(name: str, *args: Any) -> str:
    return reverse(f"api:{name}", args=list(args))


def test_a_player_asks_for_more_time_once(
    api: Callable[..., APIClient], started_game: Game, players: dict[str, Any], make_user: Any
) -> None:
    phase = started_game.current_phase
    assert phase is not None
    assert phase.deadline is not None
    before = phase.deadline
    england = api(players["england"])
    asked = {"phase": phase.index}
    answer = england.post(url("extension", started_game.pk), asked, format="json")
    assert answer.status_code == 200
    assert answer.json()["phase"] == "S1901M"
    phase.refresh_from_db()
    assert phase.deadline > before
    again = england.post(url("extension", started_game.pk), asked, format="json")
    assert again.status_code == 400
    assert "extensions" in again.json()["message"]
    observer = api(make_user("watcher")).post(
        url("extension", started_game.pk), asked, format="json"
    )
    assert observer.status_code == 403  # no seat: forbidden, as on every write in a game
    assert observer.json()["message"] == "You have no seat in this game."
    assert api().post(url("extension", started_game.pk), asked, format="json").status_code == 401


def test_an_outsider_cannot_tell_a_private_game_from_none(
    api: Callable[..., APIClient], make_user: Any
) -> None:
    owner = make_user("owner")
    game = services.game_create(created_by=owner, name="Hidden", terms=GameTerms(private=True))
    outsider = api(make_user("outsider"))
    for path in (url("extension", game.pk), url("extension", 2**31 - 1)):
        answer = outsider.post(path, {"phase": 0}, format="json")
        assert (answer.status_code, answer.json()["message"]) == (404, "No such game.")
    answer = outsider.put(url("sitter", game.pk), {"username": ""}, format="json")
    assert answer.status_code == 404


def test_a_sitter_is_named_by_username_and_cleared(
    api: Callable[..., APIClient], players: dict[str, Any], make_user: Any
) -> None:
    austria = api(players["austria"])
    made = austria.post(
        url("games"),
        {"name": "Sat", "vacation_handling": "sitter", "extensions_per_player": 2},
        format="json",
    )
    assert made.status_code == 201
    game = Game.objects.get(pk=made.json()["id"])
    assert (game.vacation_handling, game.extensions_per_player) == ("sitter", 2)
    friend = make_user("friend")
    named = austria.put(url("sitter", game.pk), {"username": "friend"}, format="json")
    assert (named.status_code, named.json()) == (200, {"username": "friend"})
    (seat,) = game.seats.filter(user=players["austria"])
    assert seat.sitter == friend
    unknown = austria.put(url("sitter", game.pk), {"username": "nobody"}, format="json")
    assert unknown.status_code == 400
    assert "nobody" in unknown.json()["message"]
    cleared = austria.put(url("sitter", game.pk), {"username": ""}, format="json")
    assert cleared.json() == {"username": ""}
    seat.refresh_from_db()
    assert seat.sitter is None


def test_vacations_are_marked_listed_and_taken_back(
    api: Callable[..., APIClient], make_user: Any
) -> None:
    alice, bob = make_user("alice"), make_user("bob")
    client = api(alice)
    start = timezone.now().date() + timedelta(days=10)
    days = {"first_day": str(start), "last_day": str(start + timedelta(days=4))}
    made = client.post(url("vacations"), days, format="json")
    assert made.status_code == 201
    assert client.get(url("vacations")).json()["vacations"] == [made.json()]
    overlap = client.post(url("vacations"), days, format="json")
    assert overlap.status_code == 400
    assert "overlaps" in overlap.json()["message"]
    past = {"first_day": "2000-01-01", "last_day": "2000-01-02"}
    assert client.post(url("vacations"), past, format="json").status_code == 400
    vacation_id = made.json()["id"]
    assert api(bob).delete(url("vacation", vacation_id)).status_code == 404  # not Bob's
    assert client.delete(url("vacation", vacation_id)).status_code == 204
    assert not Vacation.objects.exists()
    assert api().get(url("vacations")).status_code == 401


@pytest.mark.parametrize("kind", ["anonymous", "kapitalisten"])
def test_where_players_are_secret_the_sitter_answer_is_the_same_whoever_is_named(
    api: Callable[..., APIClient], players: dict[str, Any], make_user: Any, kind: str
) -> None:
    """The same request gets the same bytes (the answer to the naming, then the game's
    state) whether the named user plays in the game, runs it, or neither: the sitter
    form is no test of who plays."""
    if kind == "kapitalisten":
        from tests.games.kapitalisten import investor_user, kapitalisten_game

        game, _users = kapitalisten_game(make_user, vacation_handling="sitter")
        requester = investor_user(game, "investor-1")
    else:
        game = services.game_create(
            created_by=players["austria"],
            name="Masks",
            power="austria",
            terms=GameTerms(
                assignment=Game.Assignment.CHOSEN,
                anonymous=True,
                vacation_handling=Game.VacationHandling.SITTER,
            ),
        )
        for power, user in players.items():
            if power != "austria":
                services.game_join(game=game, user=user, power=power)
        requester = players["austria"]
    client = api(requester)
    carol, dave = make_user("carol"), make_user("dave")
    other = game.seats.exclude(user=requester).order_by("power").first()
    assert other is not None

    def answer(world: Callable[[], Any]) -> tuple[Any, ...]:
        kept = transaction.savepoint()
        try:
            world()
            cache.clear()
            named = client.put(url("sitter", game.pk), {"username": "carol"}, format="json")
            state = client.get(url("state", game.pk))
            return named.status_code, named.content, state.status_code, state.content
        finally:
            transaction.savepoint_rollback(kept)

    outsider = answer(lambda: Seat.objects.filter(pk=other.pk).update(user=dave))
    assert outsider[:2] == (200, b'{"username":"carol"}')
    assert outsider[2] == 200
    plays = answer(lambda: Seat.objects.filter(pk=other.pk).update(user=carol))
    assert plays == outsider
    runs = answer(
        lambda: (Seat.objects.filter(pk=other.pk).update(user=dave), game.masters.add(carol))
    )
    assert runs == outsider
