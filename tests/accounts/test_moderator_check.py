"""Who is a site moderator is decided in one place, accounts.roles (code review F9: it
was written three ways, in games.visibility, in the adjudication service's stuck-phase
notice and in has_role, and two of them would drift apart at the first change)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import AnonymousUser, User

from accounts import roles
from games import visibility

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[2]


def test_the_games_app_asks_accounts_roles() -> None:
    assert visibility.is_moderator is roles.is_moderator
    for path in (ROOT / "games").rglob("*.py"):
        if "migrations" in path.parts:
            continue
        text = path.read_text()
        for spelled in ('groups__name="moderator"', 'filter(name="moderator")'):
            assert spelled not in text, (path, spelled)


def test_who_is_a_moderator(make_user: Any) -> None:
    moderator = make_user("a-moderator")
    roles.grant(moderator, roles.MODERATOR)
    gone = make_user("gone-moderator")
    roles.grant(gone, roles.MODERATOR)
    User.objects.filter(pk=gone.pk).update(is_active=False)
    boss = User.objects.create_superuser("boss", "boss@example.org", "a-long-test-password")
    roles.grant(boss, roles.MODERATOR)  # a superuser in the group is listed once
    player = make_user("a-player")
    assert [roles.is_moderator(u) for u in (moderator, boss, player, AnonymousUser())] == [
        True,
        True,
        False,
        False,
    ]
    assert sorted(u.username for u in roles.role_holders(roles.MODERATOR)) == [
        "a-moderator",
        "boss",
    ]
