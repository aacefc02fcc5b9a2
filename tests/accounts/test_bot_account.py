"""Bots' accounts (accounts.roles.BOT, services.bot_account_create, ``manage.py
bot_account``): made with an API token the program plays with; a person's account is
never made a bot's."""

from __future__ import annotations

from io import StringIO
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.management import CommandError, call_command
from rest_framework.test import APIClient

from accounts import services
from accounts.roles import bots_among, is_bot
from core.errors import ApplicationError

pytestmark = pytest.mark.django_db


def test_the_command_makes_a_bot_whose_token_opens_the_api() -> None:
    out = StringIO()
    call_command("bot_account", "practice-bot", stdout=out)
    key = out.getvalue().strip().rsplit(" ", 1)[-1]
    bot = User.objects.get(username="practice-bot")
    assert is_bot(bot)
    assert not bot.has_usable_password()  # nobody logs in as it: its program uses the token
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    assert client.get("/api/v1/tokens/").status_code == 200


def test_asked_again_the_command_gives_the_same_bot_a_new_token() -> None:
    _bot, first = services.bot_account_create(username="practice-bot")
    again, second = services.bot_account_create(username="practice-bot")
    assert first != second
    assert User.objects.filter(username="practice-bot").count() == 1
    assert again.api_tokens.filter(revoked__isnull=True).count() == 2  # type: ignore[attr-defined]


def test_a_persons_account_is_never_made_a_bots(make_user: Any) -> None:
    person = make_user("alice")
    with pytest.raises(ApplicationError):
        services.bot_account_create(username="alice")
    assert not is_bot(person)
    with pytest.raises(CommandError):
        call_command("bot_account", "alice", stdout=StringIO())


def test_a_name_that_is_no_user_name_is_refused() -> None:
    with pytest.raises(ApplicationError):
        services.bot_account_create(username="no spaces allowed")
    assert not User.objects.exists()


def test_a_superuser_is_not_a_bot(make_user: Any) -> None:
    admin = User.objects.create_superuser("root", "root@example.org", "a-long-password-1")
    person = make_user("bob")
    bot, _key = services.bot_account_create(username="practice-bot")
    assert not is_bot(admin)
    assert bots_among([admin.pk, person.pk, bot.pk]) == {bot.pk}
