"""What other apps offer on a game page's phase (the sandbox: "Fork into sandbox"),
registered in their ``AppConfig.ready()``: the game page lives with games, and games
imports nothing above it, so the apps above tell it what to offer and to whom."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser

from games.models import Game


@dataclass(frozen=True)
class PhaseAction:
    """A button on the game page's phase: a form that posts to ``url``."""

    label: str
    url: str
    #: Its element id on the page, for scripts and tests.
    name: str


#: Given the viewer, the game and the index of the phase shown, an action, or None to
#: offer nothing. The game page asks only for phases the viewer may see.
ActionMaker = Callable[[AbstractBaseUser | AnonymousUser, Game, int], PhaseAction | None]

_makers: list[ActionMaker] = []


def phase_action_register(maker: ActionMaker) -> None:
    """Offer what ``maker`` gives on every game page's phase."""
    if maker not in _makers:
        _makers.append(maker)


def phase_action_unregister(maker: ActionMaker) -> None:
    """Offer what ``maker`` gives no more (a test's made-up app)."""
    if maker in _makers:
        _makers.remove(maker)


def phase_actions(
    *, user: AbstractBaseUser | AnonymousUser, game: Game, index: int
) -> list[PhaseAction]:
    """The actions the registered apps offer ``user`` on the phase ``index`` of ``game``."""
    return [a for a in (maker(user, game, index) for maker in _makers) if a is not None]
