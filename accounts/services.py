"""Account verbs: sign up, and the login throttle."""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser
from django.core.cache import cache
from django.db import transaction

from accounts.roles import PLAYER, grant


@transaction.atomic
def user_signup(*, form_user: AbstractBaseUser) -> AbstractBaseUser:
    """Save a new user (from the sign-up form) and make them a player."""
    form_user.save()
    grant(form_user, PLAYER)
    return form_user


def _keys(username: str, address: str) -> list[str]:
    return [f"login-fail:user:{username.lower()}", f"login-fail:addr:{address}"]


def login_blocked(*, username: str, address: str) -> bool:
    """Too many recent failures for this name or this address?"""
    limit = settings.LOGIN_MAX_FAILURES
    return any((cache.get(k) or 0) >= limit for k in _keys(username, address))


def login_failed(*, username: str, address: str) -> None:
    for key in _keys(username, address):
        cache.add(key, 0, settings.LOGIN_WINDOW_SECONDS)
        try:
            cache.incr(key)
        except ValueError:
            cache.set(key, 1, settings.LOGIN_WINDOW_SECONDS)


def login_succeeded(*, username: str, address: str) -> None:
    cache.delete(_keys(username, address)[0])
