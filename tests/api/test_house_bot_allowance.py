"""The site's own bots (manage.py run_bots) play through the API with their tokens and
get an allowance of their own (``house_bot_read``, ``house_bot_write``), larger than a
program's: house-bot-1 sits in every practice game and saves twice a phase in each. Any
other token, a bot's brought by someone included, keeps a program's."""

from __future__ import annotations

from typing import Any

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from accounts.services import bot_account_create, house_bot_keys
from games import services
from games.models import Game
from games.terms import GameTerms

pytestmark = pytest.mark.django_db

RATES = {
    "api_read": "3/min",
    "api_write": "2/min",
    "page_read": "6/min",
    "page_write": "4/min",
    "house_bot_read": "5/min",
    "house_bot_write": "4/min",
}


def _client(key: str) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    return client


def _saves(client: APIClient, game: Game, n: int) -> list[int]:
    url = reverse("api:orders", args=[game.pk])
    body = {"orders": [], "phase": 0}
    return [client.put(url, body, format="json").status_code for _ in range(n)]


def _reads(client: APIClient, game: Game, n: int) -> list[int]:
    url = reverse("api:state", args=[game.pk])
    return [client.get(url).status_code for _ in range(n)]


def test_the_sites_bots_get_their_own_allowance(settings: Any, make_user: Any) -> None:
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": RATES}
    game = services.game_create(
        created_by=make_user("alice"),
        name="Practice",
        power="france",
        terms=GameTerms(assignment=Game.Assignment.CHOSEN),
        bots=True,
    )
    bot = game.seats.get(power="turkey").user
    house = _client(house_bot_keys()[bot.get_username()])  # type: ignore[union-attr]
    assert _saves(house, game, 5) == [200] * 4 + [429]
    assert _reads(house, game, 6) == [200] * 5 + [429]


def test_any_other_bots_token_keeps_a_programs_allowance(settings: Any, started_game: Game) -> None:
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": RATES}
    # A bot someone brought (manage.py bot_account), seated in a game of people.
    outsider, key = bot_account_create(username="outside-bot")
    started_game.seats.filter(power="turkey").update(user=outsider)
    assert _saves(_client(key), started_game, 3) == [200, 200, 429]


def test_the_sites_bots_allowance_is_larger_than_a_programs() -> None:
    from django.conf import settings

    from accounts.authentication import ApiThrottle

    rates = settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]

    def per_second(scope: str) -> float:
        count, seconds = ApiThrottle().parse_rate(rates[scope])
        return count / seconds

    assert per_second("house_bot_write") > per_second("api_write")
    assert per_second("house_bot_read") > per_second("api_read")


def test_a_players_token_named_like_the_bots_keeps_a_programs_allowance(
    settings: Any, started_game: Game
) -> None:
    from accounts.roles import HOUSE_BOT_TOKEN_NAME
    from accounts.services import api_token_create

    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": RATES}
    player = started_game.seats.get(power="turkey").user
    _token, key = api_token_create(user=player, name=HOUSE_BOT_TOKEN_NAME)
    assert _saves(_client(key), started_game, 3) == [200, 200, 429]


def test_a_programs_token_costs_no_query_to_tell_it_from_the_sites_bots(
    settings: Any, started_game: Game
) -> None:
    # The order save is the site's busiest request: the bots' allowance is told from the
    # token's name, with no look at the user's groups for anyone else's token.
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from accounts.services import api_token_create

    player = started_game.seats.get(power="turkey").user
    _token, key = api_token_create(user=player, name="my program")
    client = _client(key)
    _saves(client, started_game, 1)
    with CaptureQueriesContext(connection) as queries:
        assert _saves(client, started_game, 1) == [200]
    assert not [q for q in queries.captured_queries if "auth_group" in q["sql"]]
