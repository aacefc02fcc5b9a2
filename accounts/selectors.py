"""A player's API tokens."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser
from django.db.models import QuerySet

from accounts.models import ApiToken


def api_tokens_of(*, user: AbstractBaseUser) -> QuerySet[ApiToken]:
    """A player's API tokens, newest first, revoked ones included (for the record)."""
    return ApiToken.objects.filter(user=user).order_by("-created")
