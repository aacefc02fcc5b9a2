"""The site's own pages save every click through the API: signed in with a session they
get a person's allowance, larger than a program's token (issue 20's play-through: a quick
Highlander set-up ran into the token limit and paused)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

pytestmark = pytest.mark.django_db

RATES = {"api_read": "3/min", "api_write": "2/min", "page_read": "6/min", "page_write": "4/min"}


def _save(client: APIClient, game: Any) -> int:
    return client.put(
        reverse("api:orders", args=[game.pk]),
        {"orders": ["A vie - tri"], "phase": 0},
        format="json",
    ).status_code


def test_a_page_gets_a_persons_allowance_and_a_token_a_programs(
    settings: Any, started_game: Any, players: dict[str, Any], api: Callable[..., APIClient]
) -> None:
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": RATES}
    program = api(players["austria"])
    assert [_save(program, started_game) for _ in range(3)] == [200, 200, 429]
    page = APIClient()
    page.force_login(players["austria"])
    assert [_save(page, started_game) for _ in range(5)] == [200, 200, 200, 200, 429]
    reads = [page.get(reverse("api:state", args=[started_game.pk])).status_code for _ in range(7)]
    assert reads == [200] * 6 + [429]
