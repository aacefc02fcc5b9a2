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


# -- the replay of both boards -------------------------------------------------------------


@pytest.fixture
def stepped(make_user: Any) -> BoardLink:
    """A public duel four steps in, board A's retreats and winter board B's to skip."""
    from tests.games.helpers import duel_stepped

    a, _b = duel_stepped(make_user("red-player"), make_user("blue-player"))
    return BoardLink.objects.get(games=a)


def steps_of(html: str) -> list[dict[str, Any]]:
    import json

    found = re.search(r'<script id="duel-steps" type="application/json">(.*?)</script>', html)
    assert found is not None
    return list(json.loads(found.group(1)))


def test_the_replay_controls_and_each_boards_state_url_are_on_the_duel_page(
    stepped: BoardLink, make_user: Any
) -> None:
    url = reverse("tournaments:duel", args=[stepped.pk])
    red = stepped.board("A").seats.get(power="red").user
    # A player, a stranger and an anonymous watcher of a public duel: all may replay it.
    for client in (logged_in(red), logged_in(make_user("carol")), Client()):
        html = client.get(url).content.decode()
        assert 'id="replay"' in html
        assert 'data-replay="first"' in html
        assert 'data-replay="play"' in html
        for board in (stepped.board("A"), stepped.board("B")):
            assert board is not None
            state_url = reverse("api:state", args=[board.pk])
            assert f'data-label="{board.link_label}" data-state-url="{state_url}"' in html
        assert [s["code"] for s in steps_of(html)] == ["F1901M", "F1901R", "W1901A", "F1902M"]
        assert 'id="map-anchors"' in html
        # The arrows' heads, once for both boards.
        assert html.count('<marker id="arrow"') == 1


def test_a_private_duels_replay_is_its_players_alone(duel: BoardLink, make_user: Any) -> None:
    url = reverse("tournaments:duel", args=[duel.pk])
    assert Client().get(f"{url}?phase=0").status_code == 404
    assert logged_in(make_user("carol")).get(f"{url}?phase=0").status_code == 404
    bob = duel.board("A").seats.get(power="blue").user
    assert 'id="replay"' in logged_in(bob).get(url).content.decode()


def test_the_address_names_a_step_and_the_page_shows_both_boards_then(
    stepped: BoardLink,
) -> None:
    url = reverse("tournaments:duel", args=[stepped.pk])
    html = Client().get(f"{url}?phase=1").content.decode()
    assert 'data-step="1"' in html
    assert '<p class="duel-step-shown"><strong>Fall 1901 retreats</strong>' in html
    # Board A's retreat drawn with its result; board B said to stand as after its movement.
    assert 'data-order="A mos R lvn"' in html
    assert "No Fall 1901 retreats on this board: it stands as after Fall 1901 movement." in html
    # The first step: both boards' movement, the orders as adjudicated.
    first = Client().get(f"{url}?phase=0").content.decode()
    assert 'data-order="A war - mos"' in first
    assert 'class="order move power-' in first
    # The open step is the boards as they stand: no step named, no orders drawn.
    now = Client().get(f"{url}?phase=3").content.decode()
    assert "data-step=" not in now
    assert "data-order=" not in now


def test_an_open_phases_orders_never_show_on_the_duel_page(stepped: BoardLink) -> None:
    board_a = stepped.board("A")
    red = board_a.seats.get(power="red").user
    services.orders_submit(game=board_a, user=red, orders=["A mos - lvn"])
    url = reverse("tournaments:duel", args=[stepped.pk])
    for query in ("", "?phase=3"):
        assert "A mos - lvn" not in Client().get(f"{url}{query}").content.decode()
        assert "A mos - lvn" not in logged_in(red).get(f"{url}{query}").content.decode()


@pytest.mark.parametrize("raw", ["x", "-1", "²"])
def test_a_step_is_a_whole_number(stepped: BoardLink, raw: str) -> None:
    url = reverse("tournaments:duel", args=[stepped.pk])
    assert Client().get(url, {"phase": raw}).status_code == 400


def test_a_step_past_the_end_is_a_404(stepped: BoardLink) -> None:
    url = reverse("tournaments:duel", args=[stepped.pk])
    assert Client().get(f"{url}?phase=4").status_code == 404
