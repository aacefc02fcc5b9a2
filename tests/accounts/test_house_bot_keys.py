"""The keys the site's own bots play with (accounts.services.house_bot_keys, used by
``manage.py run_bots``): a token per house bot, made the first time and found again
after, restarts included; none for anyone else; a revoked one stops its bot."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import override_settings
from rest_framework.test import APIClient

from accounts import services
from accounts.models import ApiToken, hash_key
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
    # The old key's token is gone, not kept revoked: a revoked token stops its bot, and
    # the old key, if it came back, makes it again (below).
    [live] = ApiToken.objects.filter(user=bot)
    assert live.revoked is None
    assert live.key_hash == hash_key(new)


KEY_A = "the-first-secret-key-" + "a" * 40
KEY_B = "the-second-secret-key-" + "b" * 40


def test_a_rotation_and_a_rollback_play_every_bot_under_each_key(make_user: Any) -> None:
    bots = house_bots(count=3)
    names = {b.get_username() for b in bots}
    with override_settings(SECRET_KEY=KEY_A):
        under_a = house_bot_keys()
    with override_settings(SECRET_KEY=KEY_B):
        # Refused from the moment the key changed, before run_bots has made new tokens.
        assert all(_me(key) == 401 for key in under_a.values())
        under_b = house_bot_keys()
        assert set(under_b) == names
        assert all(_me(key) == 200 for key in under_b.values())
        assert all(_me(key) == 401 for key in under_a.values())
    with override_settings(SECRET_KEY=KEY_A):  # rolled back
        assert all(_me(key) == 401 for key in under_b.values())
        again = house_bot_keys()
        assert again == under_a  # every bot played again, with the same keys
        assert all(_me(key) == 200 for key in again.values())
        assert all(_me(key) == 401 for key in under_b.values())
        # One token per bot, that of the key in force; nothing of the other key is left.
        live = ApiToken.objects.filter(user__in=bots, revoked__isnull=True)
        assert sorted(live.values_list("key_hash", flat=True)) == sorted(
            hash_key(k) for k in under_a.values()
        )


def test_a_token_a_bot_made_itself_is_revoked() -> None:
    # Made before bots were refused tokens (or by hand): the next round revokes it.
    [bot] = house_bots(count=1)
    extra_key = "minted-before-the-fix-" + "k" * 30
    extra = ApiToken.objects.create(
        user=bot, name="persist", prefix=extra_key[:8], key_hash=hash_key(extra_key)
    )
    assert _me(extra_key) == 200
    house_bot_keys()
    extra.refresh_from_db()
    assert extra.revoked is not None
    assert _me(extra_key) == 401
