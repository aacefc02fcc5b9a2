"""API tokens: a player's keys for the public REST API (the key itself is never stored)."""

from __future__ import annotations

import hashlib

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from core import rows


def hash_key(key: str) -> str:
    """The stored form of a key: its SHA-256 (keys are long random strings, so no salt)."""
    return hashlib.sha256(key.encode()).hexdigest()


class ApiTokenManager(models.Manager["ApiToken"]):
    def with_user(self, key_hash: str) -> ApiToken | None:
        """The token whose key hashes to ``key_hash``, its user read in the same statement,
        or None. In SQL written here, as every API request with a token asks
        (core/rows.py says why)."""
        model = self.model
        user_model = model._meta.get_field("user").related_model
        found = rows.one(
            f"SELECT {rows.columns(model, 't')}, {rows.columns(user_model, 'u')} "
            f"FROM {rows.table(model)} t JOIN {rows.table(user_model)} u "
            f"ON u.{rows.column(user_model, 'id')} = t.{rows.column(model, 'user')} "
            f"WHERE t.{rows.column(model, 'key_hash')} = %s",
            [key_hash],
        )
        if found is None:
            return None
        token = rows.instance(model, found)
        token.user = rows.instance(user_model, found, rows.width(model))
        return token


class ApiToken(models.Model):
    objects = ApiTokenManager()

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="api_tokens"
    )
    name = models.CharField(_("name"), max_length=60)
    #: The first characters of the key, shown so a player can tell their tokens apart.
    prefix = models.CharField(max_length=8)
    key_hash = models.CharField(max_length=64, unique=True)
    created = models.DateTimeField(auto_now_add=True)
    last_used = models.DateTimeField(null=True, blank=True)
    revoked = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created"]

    def __str__(self) -> str:
        return f"{self.name} ({self.prefix}…)"

    @property
    def is_active(self) -> bool:
        return self.revoked is None
