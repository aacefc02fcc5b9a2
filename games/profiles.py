"""Sections other apps add to a player's profile page (tournaments: ratings and
tournaments played), registered in their ``AppConfig.ready()``: the profile page lives
with games, and games imports nothing above it, so the apps above tell it what to show."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser


@dataclass(frozen=True)
class ProfileSection:
    """A template to include on the profile page, with its context."""

    template: str
    context: Mapping[str, Any] = field(default_factory=dict)


#: Given the profile's owner and the viewer, a section, or None to show nothing.
SectionMaker = Callable[[AbstractBaseUser, AbstractBaseUser | AnonymousUser], ProfileSection | None]

_makers: list[SectionMaker] = []


def profile_section_register(maker: SectionMaker) -> None:
    """Show what ``maker`` gives on every profile page, after the record."""
    if maker not in _makers:
        _makers.append(maker)


def profile_sections(
    *, user: AbstractBaseUser, viewer: AbstractBaseUser | AnonymousUser
) -> list[ProfileSection]:
    """The sections the registered apps show on ``user``'s profile to ``viewer``."""
    return [s for s in (maker(user, viewer) for maker in _makers) if s is not None]
