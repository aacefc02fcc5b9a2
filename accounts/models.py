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


class HouseBot(models.Model):
    """The mark that makes an account one of the site's own bots, which fill the seats of
    practice games and which the site plays itself (``manage.py run_bots``).

    Only the site sets it (``accounts.services.house_bots``, which makes the account with
    it): sign-up, the admin's user forms and the API have no field for it, and the bots are
    found by it, never by their names. A person who registered a name like a bot's before
    the bot was made (``house-bot-6``) is a person still, and never seated as a bot."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        primary_key=True,
        related_name="house_bot",
    )
    #: The bot's number, the N of its name ``house-bot-N``; one game seats different ones.
    number = models.PositiveIntegerField(unique=True)

    class Meta:
        ordering = ["number"]

    def __str__(self) -> str:
        return f"house bot {self.number}"


class UsernameKey(models.Model):
    """The look-alike key of a user name (``core.names.lookalike_key``, stored as its
    SHA-256: a key may be far longer than its name), unique: two accounts whose names a
    reader cannot tell apart (``Bob`` and ``bob``, or ``bob`` with a Cyrillic ``о``) are
    refused by the database, whatever made the second one (sign-up, the admin, a command,
    two sign-ups at once). Kept by ``accounts.usernames`` on every save of an account.

    Accounts that already had a look-alike twin when this table came (see the migration)
    have no row: both are kept, and every lookup by name asks for the exact spelling
    when it could mean either (``accounts.selectors.user_by_name``)."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        primary_key=True,
        related_name="username_key",
    )
    key_hash = models.CharField(max_length=64, unique=True)

    def __str__(self) -> str:
        return self.key_hash[:12]


class ClosedAccount(models.Model):
    """The mark of an account its player closed (``accounts.services.account_close``).

    The account row stays, so that his games, orders and press keep their history; it is
    shown as "a former player" and renamed ``former-player-<id>``. The name he had is kept
    reserved here by its look-alike key (``UsernameKey``'s form): nobody may sign up under
    it (or a look-alike) and be taken for him in old records. A site moderator may close
    an account too, with a reason: who, when and why stay here, the moderators' history
    of closed accounts."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        primary_key=True,
        related_name="closed_account",
    )
    name_key_hash = models.CharField(max_length=64, unique=True)
    closed_at = models.DateTimeField(auto_now_add=True)
    #: The site moderator who closed it (``account_close_by_moderator``); None when its
    #: player closed it himself (or the moderator's account is gone).
    closed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    #: Why a moderator closed it, as he gave it (the moderators' history shows it).
    reason = models.CharField(max_length=500, blank=True, default="", db_default="")

    def __str__(self) -> str:
        return f"closed {self.user_id}"
