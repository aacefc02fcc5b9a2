"""Site roles are Django groups: every member is a player; some organise or moderate."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser, Group

PLAYER = "player"
ORGANISER = "organiser"
MODERATOR = "moderator"
ROLES = (PLAYER, ORGANISER, MODERATOR)


def has_role(user: AbstractBaseUser | AnonymousUser, role: str) -> bool:
    if not user.is_authenticated:
        return False
    if getattr(user, "is_superuser", False):
        return True
    return user.groups.filter(name=role).exists()  # type: ignore[union-attr]


def grant(user: AbstractBaseUser, role: str) -> None:
    group, _created = Group.objects.get_or_create(name=role)
    user.groups.add(group)  # type: ignore[attr-defined]
