"""Site roles are Django groups: every member is a player; some organise or moderate."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser, Group
from django.utils.translation import gettext_lazy as _

PLAYER = "player"
ORGANISER = "organiser"
MODERATOR = "moderator"
ROLES = (PLAYER, ORGANISER, MODERATOR)
#: How a role is shown (the group names themselves stay as they are).
ROLE_NAMES = {PLAYER: _("player"), ORGANISER: _("organiser"), MODERATOR: _("moderator")}


def has_role(user: AbstractBaseUser | AnonymousUser, role: str) -> bool:
    if not user.is_authenticated:
        return False
    if getattr(user, "is_superuser", False):
        return True
    return user.groups.filter(name=role).exists()  # type: ignore[union-attr]


def grant(user: AbstractBaseUser, role: str) -> None:
    group, _created = Group.objects.get_or_create(name=role)
    user.groups.add(group)  # type: ignore[attr-defined]
