"""GET /api/v1/games/<id>/state/?legal=compact: a player's legal orders in the adjudicator's
compact form, which expands to exactly the full list the default answer gives."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from adjudicator import expand_legal
from games.models import Game

pytestmark = pytest.mark.django_db


def test_the_compact_form_expands_to_the_full_list(
    api: Callable[..., APIClient], started_game: Game, players: dict[str, Any]
) -> None:
    client = api(players["england"])
    url = reverse("api:state", args=[started_game.pk])
    full = client.get(url).json()["me"]
    compact = client.get(url, {"legal": "compact"}).json()["me"]
    assert "legal_compact" not in full
    assert compact["legal"] == {}
    expanded = expand_legal(compact["legal_compact"])
    assert {where: [str(o) for o in orders] for where, orders in expanded.items()} == (
        full["legal"]
    )
    assert sorted(compact["legal_compact"]["units"]) == ["edi", "lon", "lvp"]


def test_an_unknown_form_is_refused(
    api: Callable[..., APIClient], started_game: Game, players: dict[str, Any]
) -> None:
    response = api(players["england"]).get(
        reverse("api:state", args=[started_game.pk]), {"legal": "tiny"}
    )
    assert response.status_code == 400
