"""games:board, the server's drawing of a phase's pieces at each step of its replay: what
it answers, and how it refuses an address it cannot answer. Who may see what on it is
tests/games/test_secrets_on_every_channel.py's "board" channel."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from games import services

pytestmark = pytest.mark.django_db


def _client(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_each_step_is_the_servers_drawing_of_the_phase(
    started_game: Any, players: dict[str, Any]
) -> None:
    services.orders_submit(game=started_game, user=players["france"], orders=["A par - bur"])
    url = reverse("games:board", args=[started_game.pk])
    answer = _client(players["france"]).get(url)
    assert answer.status_code == 200
    assert "private" in answer["Cache-Control"]
    body = answer.json()
    assert body["phase"] == started_game.current_phase.index
    assert set(body["steps"]) == {"orders", "results", "after"}
    going_in = body["steps"]["orders"]
    assert 'data-order="A par - bur"' in going_in["orders"]
    assert 'data-power="france"' in going_in["orders"]
    assert 'data-unit="par"' in going_in["units"]
    assert going_in["owners"]["par"] == "france"
    # Another player sees the same units, and not France's open order.
    other = _client(players["germany"]).get(url).json()["steps"]["orders"]
    assert other["units"] == going_in["units"]
    assert "A par - bur" not in other["orders"]


def test_one_step_alone(started_game: Any, players: dict[str, Any]) -> None:
    url = reverse("games:board", args=[started_game.pk])
    body = _client(players["france"]).get(url, {"step": "after"}).json()
    assert list(body["steps"]) == ["after"]
    assert body["steps"]["after"]["creatures"] == ""


@pytest.mark.parametrize(
    ("query", "status"),
    [({"phase": "x"}, 400), ({"phase": "²"}, 400), ({"phase": "99"}, 404), ({"step": "x"}, 400)],
)
def test_an_address_it_cannot_answer_is_refused(
    started_game: Any, players: dict[str, Any], query: dict[str, str], status: int
) -> None:
    url = reverse("games:board", args=[started_game.pk])
    assert _client(players["france"]).get(url, query).status_code == status


def test_a_game_one_may_not_see_is_not_found(started_game: Any, make_user: Any) -> None:
    from games.models import Game

    Game.objects.filter(pk=started_game.pk).update(private=True)
    url = reverse("games:board", args=[started_game.pk])
    assert _client(make_user("stranger")).get(url).status_code == 404
