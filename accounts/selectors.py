"""Reads of accounts: a player's API tokens, an account found by the name someone
typed, and how a closed account is named."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.db.models import QuerySet
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from accounts.models import ApiToken, ClosedAccount, UsernameKey
from accounts.usernames import CLOSED_PREFIX, username_key_hash
from core.errors import ApplicationError

#: How a closed account is shown wherever its name was (games, their history, the API).
FORMER_PLAYER = gettext_lazy("a former player")


def is_closed(user: Any) -> bool:
    """Did ``user``'s player close the account? Read from the row alone (no query): a
    closed account is inactive and renamed with a prefix nobody may sign up with."""
    return (
        user is not None
        and not user.is_active
        and str(user.get_username()).startswith(CLOSED_PREFIX)
    )


def name_shown(user: Any) -> str:
    """The name ``user`` is shown under: his user name, or "a former player" (in the
    reader's language) once his account is closed. The one function every page, file and
    API answer names a player through; ``None`` (nobody) is shown as nobody: ""."""
    if user is None:
        return ""
    return str(FORMER_PLAYER) if is_closed(user) else str(user.get_username())


def recorded_name_shown(name: str) -> str:
    """A user name a record wrote down as text (an organiser's or a moderator's log),
    shown as :func:`name_shown` shows its account: the closing of an account rewrites
    the records that named him to his closed account's name, which is shown as "a
    former player"."""
    return str(FORMER_PLAYER) if name.startswith(CLOSED_PREFIX) else name


def accounts_closed_by_moderators(*, limit: int = 100) -> list[dict[str, Any]]:
    """The moderators' history of the accounts they closed, newest first: when, by whom,
    why. The account closed is "a former player" here as everywhere."""
    closed = (
        ClosedAccount.objects.filter(closed_by__isnull=False)
        .select_related("user", "closed_by")
        .order_by("-closed_at", "-pk")[:limit]
    )
    return [
        {
            "who": name_shown(c.user),
            "by": name_shown(c.closed_by),
            "at": c.closed_at,
            "why": c.reason,
        }
        for c in closed
    ]


def api_tokens_of(*, user: AbstractBaseUser) -> QuerySet[ApiToken]:
    """A player's API tokens, newest first, revoked ones included (for the record)."""
    return ApiToken.objects.filter(user=user).order_by("-created")


def user_by_name(*, name: str) -> Any:
    """The account called ``name`` as someone typed it (an organiser, a moderator, a
    player naming his sitter), or None if there is none.

    Never a closed account (nobody's to name: a sitter, a game master, an organiser).
    The account spelled exactly so, if there is one; else the one account whose name
    looks the same (another case, a look-alike letter). Never the first of several:
    accounts that were look-alike twins before such names were refused (``Bob`` and
    ``bob``) are both kept, and a name that could mean either is refused with a word to
    type it exactly as the account spells it.

    Raises:
        ApplicationError: more than one account has a name that looks like ``name``
            and none is spelled exactly so.
    """
    name = name.strip()
    if not name:
        return None
    users = get_user_model()
    open_accounts = users.objects.filter(closed_account__isnull=True)
    exact = open_accounts.filter(username=name).first()
    if exact is not None:
        return exact
    holder = UsernameKey.objects.filter(key_hash=username_key_hash(name)).values("user_id")
    # The case-blind match finds a twin older than the key table, which has no key.
    found = list(
        open_accounts.filter(pk__in=holder).union(open_accounts.filter(username__iexact=name))[:3]
    )
    if len(found) > 1:
        spellings = sorted(u.get_username() for u in found)
        raise ApplicationError(
            _(
                "Several accounts are called “%(name)s” in some spelling (%(spellings)s): "
                "type the name exactly as it is written."
            )
            % {"name": name, "spellings": ", ".join(spellings)}
        )
    return found[0] if found else None
