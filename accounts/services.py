"""Account verbs: sign up, the login throttle, and API tokens."""

from __future__ import annotations

import secrets

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser
from django.core.cache import cache
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import ApiToken, hash_key
from accounts.roles import PLAYER, grant
from games.services import ApplicationError

#: How many live (unrevoked) tokens one player may hold.
API_TOKENS_MAX = 10


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


@transaction.atomic
def api_token_create(*, user: AbstractBaseUser, name: str) -> tuple[ApiToken, str]:
    """A new API token for ``user``; returns it with its key, which is shown this once and
    stored only as a hash."""
    name = name.strip()
    if not name:
        raise ApplicationError(_("A token needs a name."))
    if len(name) > 60:
        raise ApplicationError(_("A token's name has at most 60 characters."))
    live = ApiToken.objects.select_for_update().filter(user=user, revoked__isnull=True)
    if live.count() >= API_TOKENS_MAX:
        raise ApplicationError(
            _("You have %(count)s tokens: revoke one first.") % {"count": API_TOKENS_MAX}
        )
    key = secrets.token_urlsafe(32)
    token = ApiToken.objects.create(user=user, name=name, prefix=key[:8], key_hash=hash_key(key))
    return token, key


@transaction.atomic
def api_token_revoke(*, user: AbstractBaseUser, token_id: int) -> ApiToken:
    """Revoke one of ``user``'s tokens for good: it is refused from now on."""
    token = ApiToken.objects.select_for_update().filter(pk=token_id, user=user).first()
    if token is None:
        raise ApplicationError(_("No such token."))
    if token.revoked is None:
        token.revoked = timezone.now()
        token.save(update_fields=["revoked"])
    return token


def api_token_used(*, token: ApiToken) -> None:
    """Note that a token was used (at most once a minute, to spare the database)."""
    now = timezone.now()
    if token.last_used is None or (now - token.last_used).total_seconds() >= 60:
        ApiToken.objects.filter(pk=token.pk).update(last_used=now)
        token.last_used = now
