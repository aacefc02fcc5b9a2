"""API tokens: a player's keys for the public REST API (the key itself is never stored)."""

from __future__ import annotations

import hashlib

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


def hash_key(key: str) -> str:
    """The stored form of a key: its SHA-256 (keys are long random strings, so no salt)."""
    return hashlib.sha256(key.encode()).hexdigest()


class ApiToken(models.Model):
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
