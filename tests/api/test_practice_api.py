"""A practice game against the site's bots through the API (``POST /api/v1/games/`` with
``bots``): made and started at once; refused where the bots do not know the rules, and
to a caller who is not signed in."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from rest_framework.test import APIClient

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("eager")]


def test_a_practice_game_is_made_and_started_with_six_bots(
    api: Callable[..., APIClient], make_user: Any
) -> None:
    client = api(make_user("alice"))
    made = client.post(
        "/api/v1/games/",
        {"name": "Practice", "assignment": "chosen", "power": "italy", "bots": True},
        format="json",
    )
    assert made.status_code == 201, made.json()
    state = client.get(f"/api/v1/games/{made.json()['id']}/").json()
    assert state["game"]["status"] == "active"
    assert sorted(s["power"] for s in state["seats"] if s["bot"]) == [
        "austria",
        "england",
        "france",
        "germany",
        "russia",
        "turkey",
    ]
    assert state["me"]["power"] == "italy"


def test_a_practice_game_in_a_variant_the_bots_do_not_know_is_refused(
    api: Callable[..., APIClient], make_user: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The bots know every variant of the site now: one made unknown stands for a new one.
    monkeypatch.setattr("bots.registry.KNOWN_VARIANTS", frozenset({"standard"}))
    answer = api(make_user("alice")).post(
        "/api/v1/games/",
        {"name": "Silly", "variant": "rather_silly", "bots": True},
        format="json",
    )
    assert answer.status_code == 400
    assert "do not know the rules" in answer.json()["message"]


def test_nobody_makes_a_practice_game_without_signing_in(api: Callable[..., APIClient]) -> None:
    answer = api().post("/api/v1/games/", {"name": "Practice", "bots": True}, format="json")
    assert answer.status_code in (401, 403)


def test_a_person_named_like_a_house_bot_is_never_seated_as_one(
    api: Callable[..., APIClient], make_user: Any
) -> None:
    # Standing for an account registered before such names were refused: a person's,
    # with a password, in no group of the bots.
    from django.contrib.auth.models import User

    squatter = User(username="house-bot-1", email="squat@example.org")
    squatter.set_password("a-long-test-password")
    User.objects.bulk_create([squatter])
    squatter = User.objects.get(username="house-bot-1")
    client = api(make_user("alice"))
    for n in range(2):
        made = client.post(
            "/api/v1/games/",
            {"name": f"Practice {n}", "assignment": "chosen", "power": "italy", "bots": True},
            format="json",
        )
        assert made.status_code == 201, made.json()
        state = client.get(f"/api/v1/games/{made.json()['id']}/").json()
        assert sorted(s["power"] for s in state["seats"] if s["bot"]) == [
            "austria",
            "england",
            "france",
            "germany",
            "russia",
            "turkey",
        ]
    assert not squatter.seats.exists()
