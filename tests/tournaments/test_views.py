"""The duel page (both boards of a Highlander duel side by side) and the duel panel on
each board's own page."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse
from django.utils import translation

from games import services
from games.models import BoardLink, Game
from games.terms import GameTerms
from tests.games.helpers import FIXED_DUEL_SETUP

pytestmark = pytest.mark.django_db


def logged_in(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def duel(make_user: Any) -> BoardLink:
    """A running duel: alice plays red and bob blue, on both boards."""
    alice, bob = make_user("alice"), make_user("bob")
    game = services.game_create(
        created_by=alice,
        name="Highland duel",
        power="red",
        terms=GameTerms(
            variant_id="highlander",
            options=FIXED_DUEL_SETUP,
            duel=True,
            private=True,
            assignment=Game.Assignment.CHOSEN,
        ),
    )
    services.game_join(game=game, user=bob, power="blue", invite_code=game.invite_code)
    found = BoardLink.objects.get(games=game)
    assert found.board("B") is not None
    return found


def test_the_duel_page_shows_both_boards_side_by_side(duel: BoardLink) -> None:
    alice = duel.board("A").seats.get(power="red").user
    page = logged_in(alice).get(reverse("tournaments:duel", args=[duel.pk]))
    assert page.status_code == 200
    html = page.content.decode()
    assert_both_boards(html, duel)
    # Board B is board A inverted: red's army in Paris is blue's there.
    assert html.count('class="unit power-red" data-unit="par"') == 1
    assert html.count('class="unit power-blue" data-unit="par"') == 1
    assert html.count('data-center="par" cx=') == 2
    assert 'data-province="mos" data-terrain="land" class="prov" data-owner="blue"' in html
    assert 'data-province="mos" data-terrain="land" class="prov" data-owner="red"' in html
    # Centers and units per colour, on each board and on both together.
    counts = re.findall(
        r'<tr class="power-(\w+)">.*?<td class="num">(\d+)</td><td class="num">(\d+)', html
    )
    assert counts == [
        ("blue", "5", "5"),
        ("red", "5", "5"),
        ("blue", "2", "2"),
        ("red", "3", "3"),
        ("blue", "3", "3"),
        ("red", "2", "2"),
    ]
    assert "Running" in html
    assert "Board A is set up; board B starts inverted." in html
    # Two boards on one page: no id of the game page's board is repeated.
    assert 'id="board"' not in html
    assert 'id="units"' not in html


def assert_both_boards(html: str, duel: BoardLink) -> None:
    assert duel.board("B") is not None
    for board in (duel.board("A"), duel.board("B")):
        assert reverse("games:detail", args=[board.pk]) in html
        assert board.name in html
    assert "Board A" in html
    assert "Board B" in html


def test_an_unknown_duel_is_a_404(make_user: Any) -> None:
    assert Client().get(reverse("tournaments:duel", args=[999])).status_code == 404
    assert (
        logged_in(make_user("carol")).get(reverse("tournaments:duel", args=[999])).status_code
        == 404
    )


def test_a_private_duel_is_hidden_from_outsiders(duel: BoardLink, make_user: Any) -> None:
    url = reverse("tournaments:duel", args=[duel.pk])
    assert Client().get(url).status_code == 404
    assert logged_in(make_user("carol")).get(url).status_code == 404
    bob = duel.board("A").seats.get(power="blue").user
    assert logged_in(bob).get(url).status_code == 200


def test_a_public_duel_is_open_to_anyone(duel: BoardLink) -> None:
    assert duel.board("B") is not None
    Game.objects.filter(pk__in=[duel.board("A").pk, duel.board("B").pk]).update(private=False)
    page = Client().get(reverse("tournaments:duel", args=[duel.pk]))
    assert page.status_code == 200
    assert_both_boards(page.content.decode(), duel)


def test_each_board_page_has_the_duel_panel(duel: BoardLink) -> None:
    assert duel.board("B") is not None
    alice = duel.board("A").seats.get(power="red").user
    client = logged_in(alice)
    html = client.get(reverse("games:detail", args=[duel.board("B").pk])).content.decode()
    assert 'id="duel-panel"' in html
    assert reverse("tournaments:duel", args=[duel.pk]) in html
    assert reverse("games:detail", args=[duel.board("A").pk]) in html
    assert "(this board)" in html
    # A duel has no draws: no vote is offered.
    assert "Vote for a draw" not in html
    assert 'id="duel-waiting"' not in html


def test_a_board_waiting_for_the_other_boards_retreats_says_so(duel: BoardLink) -> None:
    assert duel.board("B") is not None
    duel.board("B").phases.filter(status="open").update(deadline=None)
    alice = duel.board("A").seats.get(power="red").user
    client = logged_in(alice)
    html = client.get(reverse("games:detail", args=[duel.board("B").pk])).content.decode()
    assert "This board is waiting for the other board's retreats" in html
    page = client.get(reverse("tournaments:duel", args=[duel.pk])).content.decode()
    assert "waiting for the other board's retreats" in page


def test_a_won_duel_names_the_winner_and_the_rule(duel: BoardLink) -> None:
    duel.status = BoardLink.Status.DECIDED
    duel.winner = "blue"
    duel.decided_by = "7.5"
    duel.log = [
        *duel.log,
        {
            "kind": "verdict",
            "after": "F1903M",
            "state": {"stage": "won", "winner": "blue", "rule": "7.5"},
        },
    ]
    duel.save()
    alice = duel.board("A").seats.get(power="red").user
    client = logged_in(alice)
    page = client.get(reverse("tournaments:duel", args=[duel.pk])).content.decode()
    assert "Blue wins the duel" in page
    assert "rule 7.5: both boards decided at once, more units on both boards" in page
    assert "After Fall 1903 movement: Won, Blue wins" in page
    panel = client.get(reverse("games:detail", args=[duel.board("A").pk])).content.decode()
    assert "Blue wins the duel" in panel
    assert "rule 7.5" in panel


def test_sudden_death_is_explained(duel: BoardLink) -> None:
    duel.stage = "sudden_death"
    duel.save()
    alice = duel.board("A").seats.get(power="red").user
    client = logged_in(alice)
    for url in (
        reverse("tournaments:duel", args=[duel.pk]),
        reverse("games:detail", args=[duel.board("A").pk]),
    ):
        assert "Sudden death: the tie-breaks did not decide the duel." in (
            client.get(url).content.decode()
        )


def test_a_duel_page_speaks_german(duel: BoardLink) -> None:
    alice = duel.board("A").seats.get(power="red").user
    try:
        page = logged_in(alice).get(
            reverse("tournaments:duel", args=[duel.pk]), HTTP_ACCEPT_LANGUAGE="de"
        )
    finally:
        # A German request leaves German active in this thread: the next test gets English.
        translation.activate(settings.LANGUAGE_CODE)
    html = page.content.decode()
    assert "Brett A" in html
    assert "Beide Bretter zusammen" in html
