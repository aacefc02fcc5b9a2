"""POST /api/v1/games/<id>/orders/check/: one order checked as the adjudicator reads it,
nothing saved. The game page checks what a player types through it; bots may too.

Who may ask: a seated player. Anyone else signed in who may see the game is refused with
403 (as GET orders/ refuses them: they have no orders to give); an outsider to a private
game is told it does not exist (404); the anonymous are asked to authenticate (401). A
seated player with no open phase (the game is forming) gets ``ok: false`` and why.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from games import services
from games.models import Game, OrderSet
from games.terms import GameTerms

pytestmark = pytest.mark.django_db


def check_url(game: Game) -> str:
    return reverse("api:orders-check", args=[game.pk])


def check(client: APIClient, game: Game, order: Any) -> Any:
    return client.post(check_url(game), {"order": order}, format="json")


def test_a_legal_order_is_ok_and_comes_back_canonical(
    started_game: Game, players: dict[str, Any], api: Callable[..., APIClient]
) -> None:
    answer = check(api(players["austria"]), started_game, "a VIE-tri")
    assert answer.status_code == 200
    assert answer.json() == {"ok": True, "order": "A vie - tri"}
    # Nothing is saved.
    assert not OrderSet.objects.filter(phase__game=started_game).exists()


def test_an_unreadable_order_is_answered_in_the_parsers_words(
    started_game: Game, players: dict[str, Any], api: Callable[..., APIClient]
) -> None:
    answer = check(api(players["austria"]), started_game, "A vie flies to the moon")
    assert answer.status_code == 200
    body = answer.json()
    assert body["ok"] is False
    assert "order" not in body
    assert isinstance(body["message"], str)
    assert body["message"]


def test_an_illegal_order_is_answered_in_the_adjudicators_words(
    started_game: Game, players: dict[str, Any], api: Callable[..., APIClient]
) -> None:
    answer = check(api(players["austria"]), started_game, "A vie - ven")
    assert answer.status_code == 200
    assert answer.json() == {
        "ok": False,
        "order": "A vie - ven",
        "message": "Venice is not adjacent to Vienna",
    }
    # Another power's unit is not one's own to order.
    theirs = check(api(players["austria"]), started_game, "A par - bur").json()
    assert theirs["ok"] is False
    assert theirs["message"]


def test_bad_input_is_a_400_in_the_one_error_shape(
    started_game: Game, players: dict[str, Any], api: Callable[..., APIClient]
) -> None:
    austria = api(players["austria"])
    for body in ({}, {"order": ""}, {"order": "A vie - tri " * 30}):
        answer = austria.post(check_url(started_game), body, format="json")
        assert answer.status_code == 400, body
        assert answer.json()["message"]
        assert "order" in answer.json()["errors"]


def test_without_a_seat_one_is_refused(
    started_game: Game, make_user: Callable[..., Any], api: Callable[..., APIClient]
) -> None:
    answer = check(api(make_user("watcher")), started_game, "A vie - tri")
    assert answer.status_code == 403
    assert answer.json() == {"message": "You have no orders to give here."}


def test_the_anonymous_are_asked_to_authenticate(
    started_game: Game, api: Callable[..., APIClient]
) -> None:
    answer = check(api(), started_game, "A vie - tri")
    assert answer.status_code == 401
    assert answer.json()["message"]


def test_a_private_game_does_not_exist_for_outsiders(
    make_user: Callable[..., Any], api: Callable[..., APIClient]
) -> None:
    owner, outsider = make_user("owner"), make_user("outsider")
    game = services.game_create(created_by=owner, name="Back room", terms=GameTerms(private=True))
    assert check(api(outsider), game, "A vie - tri").json() == {"message": "No such game."}
    assert check(api(outsider), game, "A vie - tri").status_code == 404
    # Its player may ask; the game is forming, so there is nothing to order yet.
    mine = check(api(owner), game, "A vie - tri")
    assert mine.status_code == 200
    assert mine.json() == {"ok": False, "message": "You have no orders to give here."}


def test_the_page_checks_with_its_session_and_csrf_token(
    started_game: Game, players: dict[str, Any]
) -> None:
    browser = Client(enforce_csrf_checks=True)
    browser.force_login(players["austria"])
    page = browser.get(reverse("games:detail", args=[started_game.pk]))
    html = page.content.decode()
    assert f'data-check-url="{check_url(started_game)}"' in html
    assert f'data-orders-url="{reverse("api:orders", args=[started_game.pk])}"' in html
    assert f'data-ready-url="{reverse("api:ready", args=[started_game.pk])}"' in html
    token = browser.cookies["csrftoken"].value
    answer = browser.post(
        check_url(started_game),
        {"order": "A vie - tri"},
        content_type="application/json",
        HTTP_X_CSRFTOKEN=token,
    )
    assert answer.status_code == 200
    assert answer.json() == {"ok": True, "order": "A vie - tri"}


def test_checks_count_against_the_read_budget(
    settings: Any, started_game: Game, players: dict[str, Any], api: Callable[..., APIClient]
) -> None:
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {"api_read": "3/min", "api_write": "1/min"},
    }
    austria = api(players["austria"])
    for _ in range(3):
        assert check(austria, started_game, "A vie - tri").status_code == 200
    throttled = check(austria, started_game, "A vie - tri")
    assert throttled.status_code == 429
    assert throttled.json()["message"]
    # The write budget is untouched by the checks.
    saved = austria.put(
        reverse("api:orders", args=[started_game.pk]),
        {"orders": ["A vie - tri"], "phase": 0},
        format="json",
    )
    assert saved.status_code == 200


def test_a_parse_problem_comes_in_the_readers_language(
    api: Any, started_game: Game, players: dict[str, Any]
) -> None:
    client = api(players["russia"])
    answer = client.post(
        reverse("api:orders-check", args=[started_game.pk]),
        {"order": "A xyz H"},
        format="json",
        HTTP_ACCEPT_LANGUAGE="de",
    )
    assert answer.json() == {"ok": False, "message": "„xyz“ ist keine Provinz auf dieser Karte"}
