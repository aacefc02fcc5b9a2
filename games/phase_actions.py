"""What other apps offer on a game page's phase (the sandbox: "Fork into sandbox"),
registered at ``games.extension_points.phase_actions``: the game page lives with games,
and games imports nothing above it, so the apps above tell it what to offer and to whom."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser

from games import extension_points
from games.extension_points import PhaseAction
from games.models import Game


def phase_actions(
    *, user: AbstractBaseUser | AnonymousUser, game: Game, index: int
) -> list[PhaseAction]:
    """The actions the registered apps offer ``user`` on the phase ``index`` of ``game``."""
    makers = extension_points.phase_actions.entries()
    return [a for a in (maker(user, game, index) for maker in makers) if a is not None]
