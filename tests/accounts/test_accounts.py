"""Accounts: sign up, log in and out (throttled), password change and reset, profiles, roles."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core import mail
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from accounts.roles import MODERATOR, has_role
from games import services
from games.models import Game, GamePhase

pytestmark = pytest.mark.django_db

PASSWORD = "a-long-test-password"


@pytest.fixture(autouse=True)
def _clean_cache() -> None:
    cache.clear()


def test_signup_creates_a_player_and_logs_in(client: Client) -> None:
    response = client.post(
        reverse("accounts:signup"),
        {
            "username": "newbie",
            "email": "newbie@example.org",
            "password1": "Zq8!long-pass",
            "password2": "Zq8!long-pass",
        },
    )
    assert response.status_code == 302
    user = User.objects.get(username="newbie")
    assert user.groups.filter(name="player").exists()
    assert client.get(reverse("games:lobby")).context["user"] == user


def test_signup_refuses_a_taken_email(client: Client, make_user: Any) -> None:
    make_user("first")
    response = client.post(
        reverse("accounts:signup"),
        {
            "username": "second",
            "email": "first@example.org",
            "password1": "Zq8!long-pass",
            "password2": "Zq8!long-pass",
        },
    )
    assert response.status_code == 200
    assert "already exists" in response.content.decode()
    assert not User.objects.filter(username="second").exists()


def test_login_and_logout(client: Client, make_user: Any) -> None:
    make_user("alice", PASSWORD)
    response = client.post(reverse("accounts:login"), {"username": "alice", "password": PASSWORD})
    assert response.status_code == 302
    assert client.session.get("_auth_user_id")
    client.post(reverse("accounts:logout"))
    assert not client.session.get("_auth_user_id")


def test_logins_are_rate_limited(client: Client, make_user: Any, settings: Any) -> None:
    settings.LOGIN_MAX_FAILURES = 3
    make_user("alice", PASSWORD)
    for _ in range(3):
        bad = client.post(reverse("accounts:login"), {"username": "alice", "password": "wrong"})
        assert bad.status_code == 200
    blocked = client.post(reverse("accounts:login"), {"username": "alice", "password": PASSWORD})
    assert blocked.status_code == 429
    assert "Too many failed logins" in blocked.content.decode()
    assert not client.session.get("_auth_user_id")


def test_password_change(client: Client, make_user: Any) -> None:
    user = make_user("alice", PASSWORD)
    client.force_login(user)
    response = client.post(
        reverse("accounts:password_change"),
        {
            "old_password": PASSWORD,
            "new_password1": "N3w!long-password",
            "new_password2": "N3w!long-password",
        },
    )
    assert response.status_code == 302
    user.refresh_from_db()
    assert user.check_password("N3w!long-password")


def test_password_reset_by_email(client: Client, make_user: Any, settings: Any) -> None:
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    make_user("alice", PASSWORD)
    client.post(reverse("accounts:password_reset"), {"email": "alice@example.org"})
    assert len(mail.outbox) == 1
    link = re.search(r"https?://\S+", mail.outbox[0].body)
    assert link is not None
    path = link.group(0).split("testserver", 1)[1]
    form_page = client.get(path, follow=True)
    assert form_page.status_code == 200
    set_url = form_page.redirect_chain[-1][0]
    done = client.post(
        set_url, {"new_password1": "R3set!long-pass", "new_password2": "R3set!long-pass"}
    )
    assert done.status_code == 302
    assert User.objects.get(username="alice").check_password("R3set!long-pass")


def test_profile_counts_games_played_won_drawn_and_missed(
    client: Client, started_game: Game, players: dict[str, Any]
) -> None:
    phase = started_game.current_phase
    assert phase is not None
    services.phase_adjudicate(game_id=started_game.pk, phase_id=phase.pk)  # all miss
    for user in players.values():
        services.draw_vote(game=started_game, user=user, accept=True)
    page = client.get(reverse("games:profile", args=["france-player"]))
    figures = {
        key: page.content.decode().split(f'data-figure="{key}">')[1].split("<")[0]
        for key in ("played", "won", "drawn", "missed")
    }
    assert figures == {"played": "1", "won": "0", "drawn": "1", "missed": "1"}
    assert GamePhase.objects.filter(game=started_game).count() == 2


def test_roles_are_groups(make_user: Any) -> None:
    from accounts.roles import grant

    alice = make_user("alice")
    assert not has_role(alice, MODERATOR)
    grant(alice, MODERATOR)
    assert has_role(alice, MODERATOR)


def test_an_api_key_never_starts_like_a_command_line_option(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # `python -m bots --token KEY` would take a key starting with "-" for an option.
    from accounts import services

    drawn = iter(["-starts-with-a-dash", "--two", "fine-key"])
    monkeypatch.setattr(services.secrets, "token_urlsafe", lambda n: next(drawn))
    assert services.api_key_new() == "fine-key"
    monkeypatch.undo()
    assert not any(services.api_key_new().startswith("-") for _ in range(500))
