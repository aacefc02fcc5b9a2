"""Who may see what, tried as the wrong user: pages, the API and the live channel."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from games import selectors, services
from games.models import Game

pytestmark = pytest.mark.django_db


def login(client: Client, user: Any) -> Client:
    client.force_login(user)
    return client


@pytest.fixture
def french_orders(started_game: Game, players: dict[str, Any]) -> Game:
    services.orders_submit(
        game=started_game, user=players["france"], orders=["A par - bur", "F bre - eng"]
    )
    return started_game


def test_other_powers_orders_are_not_in_the_state(
    french_orders: Game, players: dict[str, Any]
) -> None:
    mine = selectors.game_state(user=players["france"], game=french_orders)
    assert mine["phase"]["orders"] == {"france": ["A par - bur", "F bre - eng"]}
    theirs = selectors.game_state(user=players["germany"], game=french_orders)
    assert "france" not in theirs["phase"]["orders"]
    assert theirs["me"]["orders"] == []


@pytest.mark.parametrize("who", ["germany", "anonymous"])
def test_other_powers_orders_are_not_in_the_page_or_the_api(
    french_orders: Game, players: dict[str, Any], who: str
) -> None:
    client = Client()
    if who != "anonymous":
        login(client, players[who])
    page = client.get(reverse("games:detail", args=[french_orders.pk]))
    assert page.status_code == 200
    html = page.content.decode()
    # (Germany's own legal orders may mention a French move, as a support it could give.)
    assert "bre - eng" not in html
    assert "<code>A par - bur</code>" not in html
    assert '"france": ["A par - bur"' not in html
    api = client.get(reverse("api:state", args=[french_orders.pk])).json()
    assert "france" not in api["phase"]["orders"]
    assert "bre - eng" not in json.dumps(api)


def test_orders_are_public_once_adjudicated(french_orders: Game, players: dict[str, Any]) -> None:
    phase = french_orders.current_phase
    assert phase is not None
    services.phase_adjudicate(game_id=french_orders.pk, phase_id=phase.pk)
    page = Client().get(reverse("games:detail", args=[french_orders.pk]) + "?phase=0")
    assert "A par - bur" in page.content.decode()


def test_nobody_submits_for_another_seat_through_the_api(
    started_game: Game, players: dict[str, Any], make_user: Any
) -> None:
    client = login(Client(), make_user("intruder"))
    response = client.put(
        reverse("api:orders", args=[started_game.pk]),
        {"orders": ["A par - bur"]},
        content_type="application/json",
    )
    assert response.status_code == 400
    assert response.json()["message"] == "You have no seat in this game."
    anonymous = Client().put(
        reverse("api:orders", args=[started_game.pk]),
        {"orders": ["A par - bur"]},
        content_type="application/json",
    )
    assert anonymous.status_code == 401  # asked to authenticate (by token or session)


def test_csrf_is_enforced(started_game: Game, players: dict[str, Any]) -> None:
    client = login(Client(enforce_csrf_checks=True), players["france"])
    response = client.post(
        reverse("games:orders", args=[started_game.pk]), {"orders": "A par - bur"}
    )
    assert response.status_code == 403
    api = client.put(
        reverse("api:orders", args=[started_game.pk]),
        json.dumps({"orders": ["A par - bur"]}),
        content_type="application/json",
    )
    assert api.status_code == 403
    check = client.post(
        reverse("api:orders-check", args=[started_game.pk]),
        json.dumps({"order": "A par - bur"}),
        content_type="application/json",
    )
    assert check.status_code == 403


def test_anonymous_games_never_show_who_plays(make_user: Any, players: dict[str, Any]) -> None:
    users = list(players.values())
    game = services.game_create(created_by=users[0], name="Masks", anonymous=True)
    for user in users[1:]:
        services.game_join(game=game, user=user)
    watcher = Client()
    html = watcher.get(reverse("games:detail", args=[game.pk])).content.decode()
    api = watcher.get(reverse("api:state", args=[game.pk])).content.decode()
    for user in users:
        assert user.username not in html
        assert user.username not in api
    # A player sees their own name, and nobody else's.
    own = login(Client(), users[2]).get(reverse("api:state", args=[game.pk])).json()
    named = [s["player"] for s in own["seats"] if s["player"]]
    assert named == [users[2].username]
    profile = Client().get(reverse("accounts:profile", args=[users[3].username]))
    assert "Masks" not in profile.content.decode()


@pytest.mark.parametrize("assignment", [Game.Assignment.CHOSEN, Game.Assignment.RANDOM])
def test_an_anonymous_forming_game_shows_taken_seats_without_names(
    make_user: Any, assignment: str
) -> None:
    alice, grace = make_user("alice"), make_user("grace")
    game = services.game_create(
        created_by=alice,
        name="Masks forming",
        anonymous=True,
        assignment=assignment,
        power="austria" if assignment == Game.Assignment.CHOSEN else None,
    )
    services.game_join(game=game, user=grace, power="england")
    for viewer in (login(Client(), alice), Client()):
        html = viewer.get(reverse("games:detail", args=[game.pk])).content.decode()
        assert "grace" not in html
        api = viewer.get(reverse("api:state", args=[game.pk])).json()
        assert "grace" not in json.dumps(api)
        taken = {s["power"] for s in api["seats"] if s["taken"]}
        if assignment == Game.Assignment.CHOSEN:
            assert taken == {"austria", "england"}
            # England is held: not offered as open, and named as taken, by nobody.
            england = html.split("power-england")[1].split("</li>")[0]
            assert "taken" in england
            assert "open" not in england
        else:
            assert len(taken) == 2
            assert "Seats still open: 5 of 7." in html


def test_private_games_are_hidden_from_outsiders(make_user: Any) -> None:
    owner = make_user("owner")
    game = services.game_create(created_by=owner, name="Back room", private=True)
    outsider = login(Client(), make_user("outsider"))
    assert outsider.get(reverse("games:detail", args=[game.pk])).status_code == 404
    assert outsider.get(reverse("api:state", args=[game.pk])).status_code == 404
    assert "Back room" not in outsider.get(reverse("games:lobby")).content.decode()
    insider = login(Client(), owner)
    assert insider.get(reverse("games:detail", args=[game.pk])).status_code == 200
    assert "Back room" in insider.get(reverse("games:lobby")).content.decode()


def test_draw_votes_are_secret(started_game: Game, players: dict[str, Any]) -> None:
    services.draw_vote(game=started_game, user=players["italy"], accept=True)
    state = selectors.game_state(user=players["france"], game=started_game)
    assert state["phase"]["draw_proposed"] is True
    assert state["me"]["draw_vote"] is None
    for seat in state["seats"]:
        assert not any("vote" in key or "draw" in key for key in seat)
    assert "votes" not in json.dumps(state)
    own = selectors.game_state(user=players["italy"], game=started_game)
    assert own["me"]["draw_vote"] is True
