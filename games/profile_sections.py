"""Sections other apps add to a player's profile page (tournaments: ratings and
tournaments played), registered at ``games.extension_points.profile_sections``: the
profile page lives with games, and games imports nothing above it, so the apps above tell
it what to show."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser

from games import extension_points
from games.extension_points import ProfileSection


def profile_sections(
    *, user: AbstractBaseUser, viewer: AbstractBaseUser | AnonymousUser
) -> list[ProfileSection]:
    """The sections the registered apps show on ``user``'s profile to ``viewer``."""
    makers = extension_points.profile_sections.entries()
    return [s for s in (maker(user, viewer) for maker in makers) if s is not None]
