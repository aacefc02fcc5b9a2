"""Site roles are Django groups: every member is a player; some organise or moderate."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser, AnonymousUser, Group
from django.core.exceptions import ObjectDoesNotExist
from django.db.models import Q, QuerySet
from django.utils.translation import gettext_lazy as _

from accounts.models import HouseBot

PLAYER = "player"
ORGANISER = "organiser"
MODERATOR = "moderator"
#: An account a program plays with through the API (the ``bots`` package's client, or
#: anyone's): its seats are shown as a bot's, and a tournament admits it only where the
#: organiser allows bots. Given by ``manage.py bot_account``; a person never has it.
BOT = "bot"
#: The group the site's own bots are put in besides (``manage.py run_bots`` plays them;
#: each is a bot, above, too). Not shown as a role, and never what tells a house bot: an
#: admin may put anyone in a group. :func:`is_house_bot` asks the bot's mark
#: (``accounts.models.HouseBot``), which only the site sets.
HOUSE_BOT = "house_bot"
#: The name of the token each of the site's own bots plays with (``manage.py run_bots``).
HOUSE_BOT_TOKEN_NAME = "run_bots"
ROLES = (PLAYER, ORGANISER, MODERATOR, BOT)
#: How a role is shown (the group names themselves stay as they are).
ROLE_NAMES = {
    PLAYER: _("player"),
    ORGANISER: _("organiser"),
    MODERATOR: _("moderator"),
    BOT: _("bot"),
}


def has_role(user: AbstractBaseUser | AnonymousUser, role: str) -> bool:
    """Does ``user`` hold ``role``: a member of its group, or a superuser (who holds every
    role). The one test of a role; :func:`role_holders` is the same as a query."""
    if not user.is_authenticated:
        return False
    if getattr(user, "is_superuser", False):
        return True
    return user.groups.filter(name=role).exists()  # type: ignore[union-attr]


def is_moderator(user: AbstractBaseUser | AnonymousUser) -> bool:
    """Is ``user`` a site moderator (or a superuser)?"""
    return has_role(user, MODERATOR)


def role_holders(role: str) -> QuerySet[Any]:
    """The active users who hold ``role``, as :func:`has_role` decides it."""
    return (
        get_user_model()
        .objects.filter(Q(is_superuser=True) | Q(groups__name=role), is_active=True)
        .distinct()
    )


def is_bot(user: AbstractBaseUser | AnonymousUser) -> bool:
    """Is this a bot's account? Asked of the group itself: unlike a role a person may
    hold, a superuser is not a bot."""
    if not user.is_authenticated:
        return False
    return user.groups.filter(name=BOT).exists()  # type: ignore[union-attr]


def is_house_bot(user: AbstractBaseUser | AnonymousUser) -> bool:
    """Is this one of the site's own bots (played by ``manage.py run_bots``)? Asked of
    the mark only the site sets (``accounts.models.HouseBot``), never of the name or a
    group. Asked once per account object: the answer, either way, is kept on it."""
    if not user.is_authenticated:
        return False
    try:
        return user.house_bot is not None  # type: ignore[union-attr]
    except ObjectDoesNotExist:
        return False


def bots_among(user_ids: Iterable[int]) -> frozenset[int]:
    """Which of these users are bots: one query, for a list of seats."""
    ids = [pk for pk in user_ids if pk is not None]
    if not ids:
        return frozenset()
    return frozenset(
        get_user_model().objects.filter(pk__in=ids, groups__name=BOT).values_list("pk", flat=True)
    )


def house_bots_among(user_ids: Iterable[int]) -> frozenset[int]:
    """Which of these users are the site's own bots (by the mark, as
    :func:`is_house_bot`): one query, for a list of seats."""
    ids = [pk for pk in user_ids if pk is not None]
    if not ids:
        return frozenset()
    return frozenset(HouseBot.objects.filter(user_id__in=ids).values_list("user_id", flat=True))


def grant(user: AbstractBaseUser, role: str) -> None:
    group, _created = Group.objects.get_or_create(name=role)
    user.groups.add(group)  # type: ignore[attr-defined]
