"""What a house bot's token may not do (issue 41, L5): the site's own bots play their
seats and nothing else. With a house bot's key, making a token, revoking one, making a
game or a sandbox, joining a game or changing the notification settings is a 403 with
words to read; reading is let through. A bot someone brought (``manage.py bot_account``)
is a person's program and manages its tokens as any program does."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from rest_framework.test import APIClient

from accounts import services
from accounts.models import ApiToken
from accounts.services import house_bot_keys, house_bots
from core.errors import ApplicationError
from games import services as games
from games.terms import GameTerms

pytestmark = pytest.mark.django_db

REFUSED = "The site's own bots may not do this: they only play their seats."


@pytest.fixture
def bot_client(api: Callable[..., APIClient]) -> tuple[Any, APIClient]:
    [bot] = house_bots(count=1)
    return bot, api(key=house_bot_keys()[bot.get_username()])


def test_a_house_bot_may_not_make_a_token(bot_client: tuple[Any, APIClient]) -> None:
    bot, client = bot_client
    answer = client.post("/api/v1/tokens/", {"name": "extra"}, format="json")
    assert answer.status_code == 403
    assert answer.json() == {"message": REFUSED}
    assert list(ApiToken.objects.filter(user=bot).values_list("name", flat=True)) == ["run_bots"]
    # Nor through the service, whatever calls it.
    with pytest.raises(ApplicationError):
        services.api_token_create(user=bot, name="extra")
    # Reading its tokens is a read.
    assert client.get("/api/v1/tokens/").status_code == 200


def test_a_house_bot_may_not_revoke_its_token(bot_client: tuple[Any, APIClient]) -> None:
    bot, client = bot_client
    [token] = ApiToken.objects.filter(user=bot)
    assert client.delete(f"/api/v1/tokens/{token.pk}/").status_code == 403
    token.refresh_from_db()
    assert token.revoked is None


def test_a_house_bot_makes_no_game_sandbox_or_setting(
    bot_client: tuple[Any, APIClient], make_user: Any
) -> None:
    bot, client = bot_client
    game = games.game_create(created_by=make_user("alice"), name="Open", terms=GameTerms())
    writes = [
        client.post("/api/v1/games/", {"name": "Bot's own"}, format="json"),
        client.post(f"/api/v1/games/{game.pk}/join/", {}, format="json"),
        client.post("/api/v1/sandboxes/", {}, format="json"),
        client.put("/api/v1/notifications/settings/", {"choices": {}}, format="json"),
    ]
    assert [w.status_code for w in writes] == [403] * 4
    assert all(w.json() == {"message": REFUSED} for w in writes)
    assert not game.seats.filter(user=bot).exists()
    assert client.get("/api/v1/games/").status_code == 200
    assert client.get("/api/v1/me/games/").status_code == 200


def test_a_bot_someone_brought_still_manages_its_tokens(api: Callable[..., APIClient]) -> None:
    _bot, key = services.bot_account_create(username="my-bot")
    answer = api(key=key).post("/api/v1/tokens/", {"name": "spare"}, format="json")
    assert answer.status_code == 201
