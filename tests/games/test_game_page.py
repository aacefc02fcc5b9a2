"""The game page says what really happens: in retreats and adjustments (what no order
means, how many builds or disbands a power owes), and while a game forms (a power is not
promised before the draw; a taken seat is not shown as open, and no name is given away)."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from games import selectors, services
from games.models import Game
from games.terms import GameTerms

pytestmark = pytest.mark.django_db

#: France takes Burgundy from Germany (a retreat), and Portugal (a build in winter).
PLAY = {
    "S1901M": {
        "france": ["A par - pic", "F bre - mao"],
        "germany": ["A mun - bur", "F kie - den"],
    },
    "F1901M": {
        "france": ["A pic - bur", "A mar S A pic - bur", "F mao - por"],
        "germany": ["A bur H"],
    },
    "F1901R": {"germany": ["A bur R ruh"]},
}


def logged_in(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def play_to(game: Game, players: dict[str, Any], code: str) -> None:
    """Play the year above until ``code`` is the open phase."""
    for played, orders in PLAY.items():
        phase = game.current_phase
        assert phase is not None
        if phase.code == code:
            return
        assert phase.code == played
        for power, given in orders.items():
            services.orders_submit(game=game, user=players[power], orders=given)
        assert services.phase_adjudicate(game_id=game.pk, phase_id=phase.pk)
        game.refresh_from_db()
    assert game.current_phase is not None
    assert game.current_phase.code == code


def page(client: Client, game: Game) -> str:
    response = client.get(reverse("games:detail", args=[game.pk]))
    assert response.status_code == 200
    return response.content.decode()


# -- what no order means -----------------------------------------------------------------


def test_a_movement_phase_says_units_without_orders_hold(
    started_game: Game, players: dict[str, Any]
) -> None:
    text = page(logged_in(players["france"]), started_game)
    assert "No orders yet: your units hold." in text
    assert 'id="adjustment-count"' not in text


def test_a_retreat_phase_says_a_unit_without_an_order_is_disbanded(
    started_game: Game, players: dict[str, Any]
) -> None:
    play_to(started_game, players, "F1901R")
    text = page(logged_in(players["germany"]), started_game)
    assert "a dislodged unit without an order is disbanded" in text
    assert "your units hold" not in text
    state = selectors.game_state(user=players["germany"], game=started_game)
    assert state["me"]["adjustment"] is None


def test_winter_shows_the_builds_owed_and_that_unordered_builds_are_waived(
    started_game: Game, players: dict[str, Any]
) -> None:
    play_to(started_game, players, "W1901A")
    state = selectors.game_state(user=players["france"], game=started_game)
    assert state["me"]["adjustment"] == 1
    text = page(logged_in(players["france"]), started_game)
    assert "You may build 1 unit, in a free home center." in text
    assert "builds you do not order are waived" in text
    assert "your units hold" not in text
    # A power with nothing to adjust has no orders to give, and no count either.
    italy = page(logged_in(players["italy"]), started_game)
    assert selectors.game_state(user=players["italy"], game=started_game)["me"]["adjustment"] == 0
    assert 'id="adjustment-count"' not in italy
    assert "You have no orders to give in this phase." in italy


def test_winter_shows_the_disbands_owed_and_the_civil_disorder_rule(
    started_game: Game, players: dict[str, Any]
) -> None:
    play_to(started_game, players, "W1901A")
    # Italy has lost two of its centers (edited into the stored position).
    phase = started_game.current_phase
    assert phase is not None
    centers = phase.position["centers"]
    centers["italy"] = [c for c in centers["italy"] if c not in ("rom", "nap")]
    phase.save(update_fields=["position"])
    state = selectors.game_state(user=players["italy"], game=started_game)
    assert state["me"]["adjustment"] == -2
    text = page(logged_in(players["italy"]), started_game)
    assert "You must disband 2 units." in text
    assert "disbands you do not order are chosen for you by the civil disorder rules" in text


def test_the_api_gives_the_adjustment_owed(started_game: Game, players: dict[str, Any]) -> None:
    play_to(started_game, players, "W1901A")
    client = logged_in(players["france"])
    state = client.get(reverse("api:state", args=[started_game.pk])).json()
    assert state["me"]["adjustment"] == 1
    orders = client.get(reverse("api:orders", args=[started_game.pk])).json()
    assert orders["adjustment"] == 1


# -- a forming game --------------------------------------------------------------------


def test_random_powers_are_not_promised_before_the_draw(make_user: Any) -> None:
    alice, bob = make_user("alice"), make_user("bob")
    game = services.game_create(
        created_by=alice, name="Drawn later", terms=GameTerms(start_when_full=False)
    )
    assert game.assignment == Game.Assignment.RANDOM
    services.game_join(game=game, user=bob)
    text = page(logged_in(alice), game)
    assert "Your power is drawn by lot when the game starts." in text
    assert "Powers are drawn by lot when the game starts." in text
    assert "You have a seat (" not in text
    # No player is shown beside a power they may not get.
    assert '<span class="player">alice</span>' not in text.split('id="forming-players"')[0]
    assert "Seats still open: 5 of 7." in text
    assert "alice" in text.split('id="forming-players"')[1]


def test_chosen_powers_are_shown_with_their_player(make_user: Any) -> None:
    alice = make_user("alice")
    game = services.game_create(
        created_by=alice,
        name="Chosen",
        power="italy",
        terms=GameTerms(assignment=Game.Assignment.CHOSEN),
    )
    text = page(logged_in(alice), game)
    assert "You have a seat (Italy)." in text
    assert "drawn by lot" not in text


# -- the history: its replay, and its links without script ---------------------------------


def test_the_history_offers_a_replay_and_keeps_its_links_without_script(
    started_game: Game, players: dict[str, Any]
) -> None:
    play_to(started_game, players, "F1901R")
    html = page(Client(), started_game)
    # The replay's controls by the history, hidden until the script shows them.
    assert '<section id="replay" class="replay" aria-label="Replay" hidden>' in html
    for control in ("first", "back", "play", "forward", "last"):
        assert f'data-replay="{control}"' in html
    assert 'id="replay-speed"' in html
    # The phase on show is announced as it changes.
    assert '<strong id="replay-phase" aria-live="polite">' in html
    # Without script, every phase is a link, as before.
    noscript = html.split('<nav class="history"')[1].split("</nav>")[0]
    for index, code in enumerate(("S1901M", "F1901M", "F1901R")):
        assert f'<a href="?phase={index}">{code}</a>' in noscript
