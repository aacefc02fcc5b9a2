"""The game page's forms name the phase they were shown for (issue 41, L2): the ready
mark, orders, votes and the extension a player asks for, and a moderator's late orders
and extension. A form sent from a page left open while the game moved on is refused with
why, and nothing is done in the phase open now; a form that names no phase is refused."""

from __future__ import annotations

import re
from datetime import timedelta
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from games import services
from games.models import Game, GamePhase, OrderSet, Seat, Vote

pytestmark = pytest.mark.django_db


def logged_in(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def adjudicated(game: Game) -> None:
    """The open phase's deadline passes and the sweep adjudicates it."""
    phase = game.phases.get(status=GamePhase.Status.OPEN)
    GamePhase.objects.filter(pk=phase.pk).update(deadline=timezone.now() - timedelta(minutes=1))
    assert services.phase_adjudicate(game_id=game.pk, phase_id=phase.pk)


def phases_posted(html: str, form_id: str) -> list[str]:
    """The ``phase`` the form ``form_id`` of the page sends."""
    start = html.index(f'id="{form_id}"')
    form = html[start : html.index("</form>", start)]
    return re.findall(r'name="phase" value="(\d+)"', form)


def test_each_form_of_the_page_names_the_phase_shown(
    started_game: Game, players: dict[str, Any]
) -> None:
    html = logged_in(players["france"]).get(reverse("games:detail", args=[started_game.pk]))
    text = html.content.decode()
    for form_id in ("order-form", "ready-form", "vote-draw", "vote-pause", "extension-form"):
        assert phases_posted(text, form_id) == ["0"], form_id
    adjudicated(started_game)
    text = logged_in(players["france"]).get(reverse("games:detail", args=[started_game.pk]))
    for form_id in ("order-form", "ready-form", "vote-draw", "extension-form"):
        assert phases_posted(text.content.decode(), form_id) == ["1"], form_id


SPRING_OVER = "Spring 1901 movement is over: you are now in Fall 1901 movement."


@pytest.mark.parametrize(
    ("name", "form", "advice"),
    [
        ("games:ready", {"ready": "1"}, "Look at the new phase before you mark ready."),
        (
            "games:orders",
            {"orders": "A par - bur"},
            "Your orders were not saved: give them for the new phase.",
        ),
        (
            "games:votes",
            {"kind": "draw", "accept": "1"},
            "Your vote was not cast: a vote lapses when its phase ends.",
        ),
        (
            "games:draw",
            {"accept": "1"},
            "Your vote was not cast: a vote lapses when its phase ends.",
        ),
        (
            "games:extension",
            {},
            "Nothing was extended: ask again if you still need more time.",
        ),
    ],
)
def test_a_form_from_a_page_the_game_moved_on_from_is_refused(
    started_game: Game, players: dict[str, Any], name: str, form: dict[str, str], advice: str
) -> None:
    adjudicated(started_game)
    fall = started_game.phases.get(index=1)
    answer = logged_in(players["france"]).post(
        reverse(name, args=[started_game.pk]), {**form, "phase": "0"}, follow=True
    )
    assert f"{SPRING_OVER} {advice}" in answer.content.decode()
    assert not OrderSet.objects.filter(phase=fall).exists()
    assert not Vote.objects.exists()
    assert started_game.phases.get(index=1).deadline == fall.deadline
    assert Seat.objects.get(game=started_game, power="france").extensions_used == 0


@pytest.mark.parametrize(
    ("name", "form"),
    [
        ("games:ready", {"ready": "1"}),
        ("games:orders", {"orders": "A par - bur"}),
        ("games:votes", {"kind": "draw", "accept": "1"}),
        ("games:draw", {"accept": "1"}),
        ("games:extension", {}),
    ],
)
def test_a_form_that_names_no_phase_does_nothing(
    started_game: Game, players: dict[str, Any], name: str, form: dict[str, str]
) -> None:
    phase = started_game.phases.get()
    answer = logged_in(players["france"]).post(
        reverse(name, args=[started_game.pk]), form, follow=True
    )
    assert (
        "This form does not say which phase it is for: reload the page and try again."
        in answer.content.decode()
    )
    assert not OrderSet.objects.exists()
    assert not Vote.objects.exists()
    assert started_game.phases.get().deadline == phase.deadline


def test_the_moderators_forms_name_the_open_phase_and_refuse_a_stale_one(
    started_game: Game, make_user: Any
) -> None:
    master = make_user("gm")
    started_game.masters.add(master)
    client = logged_in(master)
    adjudicated(started_game)
    # Looking back at Spring 1901, his forms still act on the phase open now, Fall 1901.
    history = client.get(reverse("games:detail", args=[started_game.pk]) + "?phase=0")
    text = history.content.decode()
    for action in ("mod-extend", "mod-late"):
        start = text.index(reverse(f"games:{action}", args=[started_game.pk]))
        form = text[start : text.index("</form>", start)]
        assert re.findall(r'name="phase" value="(\d+)"', form) == ["1"], action
    # A late order from a page still on Spring 1901 marks no one ready in Fall 1901.
    fall = started_game.phases.get(index=1)
    answer = client.post(
        reverse("games:mod-late", args=[started_game.pk]),
        {"power": "france", "orders": "A par - bur", "reason": "mail was slow", "phase": "0"},
        follow=True,
    )
    assert "Nothing was done: look at the new phase first." in answer.content.decode()
    assert not OrderSet.objects.filter(phase=fall).exists()
    answer = client.post(
        reverse("games:mod-extend", args=[started_game.pk]),
        {"hours": "12", "reason": "Easter", "phase": "0"},
        follow=True,
    )
    assert "Nothing was done: look at the new phase first." in answer.content.decode()
    assert started_game.phases.get(index=1).deadline == fall.deadline
