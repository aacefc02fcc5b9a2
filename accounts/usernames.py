"""User names: which ones are the same name, which ones the site keeps for itself, and
the table (:class:`accounts.models.UsernameKey`) through which the database refuses a
look-alike twin.

Two user names are the same name when a reader cannot tell them apart on a page:
``Bob`` and ``bob``, ``bob`` with a Cyrillic ``о``, a full-width ``ｂｏｂ``, ``bob``
with a zero-width space. They are compared by :func:`core.names.lookalike_key`, and
only one account may hold each key. The check is made twice: by the forms that choose
a name (:func:`username_check`, with a message a person can act on), and by the
database whatever saves an account (:func:`key_checked` and :func:`key_kept`, connected
in ``AccountsConfig.ready`` to every save of a user), which also settles two sign-ups
at once.
"""

from __future__ import annotations

import hashlib
import re
from typing import Any

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from accounts.models import ClosedAccount, UsernameKey
from core.names import lookalike_key

#: The site's own bots are named this and a number: house-bot-1, house-bot-2, ...
HOUSE_BOT_NAME = "house-bot-{}"

#: Names that would pass for the site speaking, compared with case, look-alikes and the
#: separators ``- _ . @ +`` left out (so ``Site.Admin`` is ``siteadmin``, not ``admin``,
#: but ``ad-min`` is ``admin``). Accounts that already have one are kept; nobody new
#: takes one. Any name beginning like the site's bots (``house-bot-…``, ``housebot…``)
#: is kept too: the bots are made when first needed, and their names must be free then.
RESERVED_NAMES = frozenset(
    {
        "abuse",
        "admin",
        "administrator",
        "gamemaster",
        "moderator",
        "noreply",
        "organiser",
        "organizer",
        "postmaster",
        "root",
        "staff",
        "support",
        "system",
        "webmaster",
    }
)
_HOUSE_BOT_PREFIX = "housebot"
#: What a closed account is renamed to (``former-player-<id>``): nobody signs up so.
CLOSED_PREFIX = "former-player-"
_CLOSED_COMPACT = "formerplayer"
_SEPARATORS = re.compile(r"[\s._@+\-]+")

TAKEN = _("This user name is taken, or looks the same as one that is: choose another.")
RESERVED = _("This user name is kept for the site's own accounts: choose another.")


def username_key_hash(name: str) -> str:
    """The stored form of a user name's look-alike key."""
    return hashlib.sha256(lookalike_key(name).encode()).hexdigest()


def username_reserved(name: str) -> bool:
    """Is ``name`` (in any case or look-alike spelling) kept for the site's own accounts?"""
    compact = _SEPARATORS.sub("", lookalike_key(name))
    return compact.startswith((_HOUSE_BOT_PREFIX, _CLOSED_COMPACT)) or compact in RESERVED_NAMES


def username_taken(name: str, *, user: Any = None) -> bool:
    """Does an account other than ``user`` hold ``name`` or a name that looks the same, or
    did a closed account hold it (kept reserved, see ``ClosedAccount``)?"""
    if ClosedAccount.objects.filter(name_key_hash=username_key_hash(name)).exists():
        return True
    others = UsernameKey.objects.filter(key_hash=username_key_hash(name))
    same_case = get_user_model().objects.filter(username__iexact=name)
    if user is not None and user.pk is not None:
        others = others.exclude(user_id=user.pk)
        same_case = same_case.exclude(pk=user.pk)
    # The case-blind match finds the twins that have no key (older than the table):
    # ``bob`` is taken when ``Bob`` and ``BOB`` both were, whichever holds the key.
    return others.exists() or same_case.exists()


def username_check(name: str, *, user: Any = None) -> None:
    """Refuse ``name`` for a new account, or for ``user`` renamed: a name kept for the
    site's own accounts, or one taken in any case or look-alike spelling.

    Raises:
        ValidationError: with the reason, for the form's user name field.
    """
    if username_reserved(name):
        raise ValidationError(RESERVED, code="reserved")
    if username_taken(name, user=user):
        raise ValidationError(TAKEN, code="taken")


# -- the key table, kept on every save of an account ------------------------------------------


class UsernameTaken(IntegrityError):
    """An account was saved under a name that looks the same as another account's."""


def _keeps_its_name(update_fields: Any) -> bool:
    return update_fields is not None and "username" not in update_fields


def key_checked(sender: Any, instance: Any, update_fields: Any = None, **kwargs: Any) -> None:
    """Before an account is saved (``pre_save``): refuse a name another account's key
    holds, and note what :func:`key_kept` is to write.

    The one exception is a twin older than the table, saved under its own name
    unchanged (a password change, say): it keeps its name and still has no key.

    Raises:
        UsernameTaken: the name looks the same as another account's.
    """
    if _keeps_its_name(update_fields):  # a login's last_login, say: no query
        return
    key_hash = username_key_hash(instance.get_username())
    rows = list(
        UsernameKey.objects.filter(Q(key_hash=key_hash) | Q(user_id=instance.pk)).values_list(
            "user_id", "key_hash"
        )
    )
    holder = next((u for u, k in rows if k == key_hash), None)
    own = next((k for u, k in rows if u == instance.pk), None)
    instance._username_key = None  # nothing to write
    if holder is None:
        instance._username_key = key_hash
        return
    if holder == instance.pk:
        return
    if instance.pk is not None and own is None:
        before = sender.objects.filter(pk=instance.pk).values_list("username", flat=True).first()
        if before == instance.get_username():
            return  # an older twin, under its own name: kept as it is
    raise UsernameTaken(f"The user name {instance.get_username()!r} is taken (or a look-alike).")


def key_kept(sender: Any, instance: Any, **kwargs: Any) -> None:
    """After an account is saved (``post_save``): store its name's key. The table's
    unique key refuses the second of two look-alike names saved at once.

    Raises:
        UsernameTaken: another account took the name's key meanwhile.
    """
    key_hash = getattr(instance, "_username_key", None)
    if key_hash is None:
        return
    instance._username_key = None
    try:
        with transaction.atomic():
            UsernameKey.objects.update_or_create(
                user_id=instance.pk, defaults={"key_hash": key_hash}
            )
    except IntegrityError:
        raise UsernameTaken(
            f"The user name {instance.get_username()!r} is taken (or a look-alike)."
        ) from None


def closed_name(user_id: int) -> str:
    """The name a closed account goes by (and its records name it by): nobody may take it."""
    return f"{CLOSED_PREFIX}{user_id}"


def name_replaced(value: object, old: str, new: str) -> object:
    """``value`` (a record's details: strings, lists and dicts of them) with every string
    that is exactly ``old`` replaced by ``new``: a closed account's name taken out of the
    records that wrote it down as text."""
    if isinstance(value, str):
        return new if value == old else value
    if isinstance(value, list):
        return [name_replaced(v, old, new) for v in value]
    if isinstance(value, dict):
        return {k: name_replaced(v, old, new) for k, v in value.items()}
    return value
