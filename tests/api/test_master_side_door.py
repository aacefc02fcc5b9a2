"""Issue 41, H2, end to end through the API and the pages, as the attack ran it: a creator
left his forming game, named a second account its game master and joined again; the
master then ended the game as the creator's solo in Spring 1901, and the creator's
multiplayer rating rose by 99. Now the join is refused, and a result a game master
decides alone moves no rating until a site moderator confirms it, then moves it once."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from games.models import Game, GameEvent, ModeratorAction
from tests.conftest import POWERS
from tournaments.listeners import game_event_hear
from tournaments.models import RatedResult

pytestmark = pytest.mark.django_db


def api_url(name: str, game_id: int | None = None) -> str:
    return reverse(f"api:{name}", args=[game_id] if game_id is not None else [])


def page_url(name: str, game_id: int) -> str:
    return reverse(f"games:{name}", args=[game_id])


def signed_in(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def multiplayer_rating(user: Any) -> tuple[int, int]:
    """The multiplayer rating and the results it counts, as the profile page shows them."""
    html = Client().get(reverse("games:profile", args=[user.get_username()])).content.decode()
    found = re.search(
        r'data-figure="rating-multi">(\d+) <span class="muted">after (\d+) result', html
    )
    assert found is not None, html
    return int(found[1]), int(found[2])


def test_a_creator_who_left_and_named_his_second_account_master_cannot_join_again(
    make_user: Callable[..., Any], api: Callable[..., APIClient]
) -> None:
    stranger, observer = make_user("stranger"), make_user("observer")
    created = api(stranger).post(
        api_url("games"),
        {"name": "Side door", "assignment": "chosen", "power": "germany"},
        format="json",
    )
    assert created.status_code == 201, created.content
    game_id = created.json()["id"]
    page = signed_in(stranger)
    # Step 1: seated, he names nobody (the earlier fix holds).
    for name in ("stranger", "observer"):
        response = page.post(page_url("mod-masters", game_id), {"username": name})
        assert response.status_code == 403
    # Step 2: he leaves, names his second account, and tries to come back.
    assert api(stranger).post(api_url("leave", game_id)).status_code == 200
    response = page.post(page_url("mod-masters", game_id), {"username": "observer"})
    assert response.status_code == 302
    game = Game.objects.get(pk=game_id)
    assert list(game.masters.all()) == [observer]
    joined = api(stranger).post(api_url("join", game_id), {"power": "germany"}, format="json")
    assert joined.status_code == 400
    assert "You named this game's game master" in joined.json()["message"]
    assert not game.seats.filter(user=stranger).exists()
    # Nor through the page's join form.
    page.post(reverse("games:join", args=[game_id]), {"power": "germany"})
    assert not game.seats.filter(user=stranger).exists()


def test_a_masters_solo_moves_no_rating_until_a_site_moderator_confirms_it(
    make_user: Callable[..., Any],
    players: dict[str, Any],
    site_moderator: Any,
    api: Callable[..., APIClient],
    django_capture_on_commit_callbacks: Any,
) -> None:
    organiser, observer, stranger = make_user("organiser"), make_user("observer"), make_user("x")
    created = api(organiser).post(
        api_url("games"), {"name": "Refereed", "assignment": "chosen"}, format="json"
    )
    game_id = created.json()["id"]
    # The organiser plays in it, so he leaves it to name a referee.
    assert api(organiser).post(api_url("leave", game_id)).status_code == 200
    assert (
        signed_in(organiser)
        .post(page_url("mod-masters", game_id), {"username": "observer"})
        .status_code
        == 302
    )
    for power in POWERS:
        joined = api(players[power]).post(api_url("join", game_id), {"power": power}, format="json")
        assert joined.status_code == 200, joined.content
    game = Game.objects.get(pk=game_id)
    assert game.status == Game.Status.ACTIVE
    before = {p: multiplayer_rating(players[p]) for p in POWERS}
    assert set(before.values()) == {(1000, 0)}

    # Step 3: the master ends the game as Germany's solo in Spring 1901.
    with django_capture_on_commit_callbacks(execute=True):
        response = signed_in(observer).post(
            page_url("mod-end", game_id),
            {"outcome": "solo", "winner": "germany", "reason": "Germany asked me to."},
        )
    assert response.status_code == 302
    game.refresh_from_db()
    assert (game.status, game.outcome, game.winner) == ("finished", "solo", "germany")
    # Step 4: no rating moved.
    assert {p: multiplayer_rating(players[p]) for p in POWERS} == before
    assert not RatedResult.objects.exists()
    # Everyone who may watch is told the result waits, the anonymous visitor too.
    detail = reverse("games:detail", args=[game_id])
    html = Client().get(detail).content.decode()
    assert 'id="result-awaits-confirmation"' in html
    assert "It counts for no rating until a site moderator confirms it." in html
    assert api().get(api_url("state", game_id)).json()["game"]["result_awaits_confirmation"]

    # The wrong users may not confirm it, nor see the form.
    confirm = page_url("mod-confirm", game_id)
    wrong = {
        "the master himself": signed_in(observer),
        "the winner": signed_in(players["germany"]),
        "another player": signed_in(players["france"]),
        "the creator": signed_in(organiser),
        "a stranger": signed_in(stranger),
        "an anonymous visitor": Client(),
    }
    for who, client in wrong.items():
        assert 'id="confirm-result"' not in client.get(detail).content.decode(), who
        with django_capture_on_commit_callbacks(execute=True):
            assert client.post(confirm, {"reason": "fine"}).status_code == 403, who
    assert {p: multiplayer_rating(players[p]) for p in POWERS} == before
    assert not ModeratorAction.objects.filter(kind="confirm").exists()

    # A site moderator confirms it from the game page: the ratings move, once.
    moderator = signed_in(site_moderator)
    assert 'id="confirm-result"' in moderator.get(detail).content.decode()
    assert "result to confirm" in (moderator.get(reverse("games:moderate")).content.decode())
    with django_capture_on_commit_callbacks(execute=True):
        response = moderator.post(confirm, {"reason": "Read the record."})
    assert response.status_code == 302
    after = {p: multiplayer_rating(players[p]) for p in POWERS}
    assert after["germany"][0] > 1000
    assert {games for _shown, games in after.values()} == {1}
    html = Client().get(detail).content.decode()
    assert 'id="result-awaits-confirmation"' not in html
    assert "Result confirmed" in html
    assert not api().get(api_url("state", game_id)).json()["game"]["result_awaits_confirmation"]

    # Once: confirming again is refused, and the events heard again count nothing more.
    with django_capture_on_commit_callbacks(execute=True):
        moderator.post(confirm, {"reason": "again"})
    for event in GameEvent.objects.filter(game_id=game_id):
        game_event_hear(event)
    assert {p: multiplayer_rating(players[p]) for p in POWERS} == after
    assert RatedResult.objects.count() == 1
    assert ModeratorAction.objects.filter(kind="confirm").count() == 1
