"""The keys the site's own bots play with (accounts.services.house_bot_keys, used by
``manage.py run_bots``): a token per house bot, made the first time and found again
after, restarts included; none for anyone else; a revoked one stops its bot."""

from __future__ import annotations

from typing import Any

import pytest
from django.utils import timezone
from rest_framework.test import APIClient

from accounts import services
from accounts.models import ApiToken
from accounts.roles import HOUSE_BOT_TOKEN_NAME
from accounts.services import house_bot_keys, house_bots

pytestmark = pytest.mark.django_db


def _me(key: str) -> int:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    return client.get("/api/v1/me/games/").status_code


def test_each_house_bot_gets_a_token_that_opens_the_api() -> None:
    bots = house_bots(count=3)
    keys = house_bot_keys()
    assert set(keys) == {b.get_username() for b in bots}
    assert len(set(keys.values())) == 3
    for bot in bots:
        [token] = ApiToken.objects.filter(user=bot)
        assert token.name == HOUSE_BOT_TOKEN_NAME
        assert token.prefix == keys[bot.get_username()][:8]
    assert all(_me(key) == 200 for key in keys.values())


def test_the_token_is_made_once_and_reused() -> None:
    house_bots(count=2)
    first = house_bot_keys()
    made = list(ApiToken.objects.order_by("pk").values_list("pk", flat=True))
    # Asked again, in this process or after a restart: the same keys, no new token.
    assert house_bot_keys() == first
    assert list(ApiToken.objects.order_by("pk").values_list("pk", flat=True)) == made
    # A bot made meanwhile (a practice game needed one more) gets its own.
    house_bots(count=3)
    third = house_bot_keys()
    assert {k: v for k, v in third.items() if k in first} == first
    assert ApiToken.objects.count() == 3


def test_nobody_but_the_house_bots_gets_a_key(make_user: Any) -> None:
    person = make_user("alice")
    outsider, _key = services.bot_account_create(username="outside-bot")
    assert house_bot_keys() == {}
    assert not ApiToken.objects.filter(user=person).exists()
    assert not ApiToken.objects.filter(user=outsider, name=HOUSE_BOT_TOKEN_NAME).exists()


def test_a_revoked_token_stops_its_bot() -> None:
    one, two = house_bots(count=2)
    keys = house_bot_keys()
    services.api_token_revoke(user=one, token_id=ApiToken.objects.get(user=one).pk)
    assert house_bot_keys() == {two.get_username(): keys[two.get_username()]}
    assert _me(keys[one.get_username()]) == 401
    assert ApiToken.objects.filter(user=one).count() == 1  # and none made in its place


def test_a_new_secret_key_gives_new_keys_and_revokes_the_old_tokens(settings: Any) -> None:
    [bot] = house_bots(count=1)
    old = house_bot_keys()[bot.get_username()]
    settings.SECRET_KEY = "another-secret-key-" + "x" * 40
    new = house_bot_keys()[bot.get_username()]
    assert new != old
    assert _me(new) == 200
    assert _me(old) == 401
    live = ApiToken.objects.filter(user=bot, revoked__isnull=True)
    assert live.count() == 1
    assert ApiToken.objects.filter(user=bot, revoked__lte=timezone.now()).count() == 1
