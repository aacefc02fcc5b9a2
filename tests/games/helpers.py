"""Small helpers the games tests share."""

from __future__ import annotations

from games.models import Game, GamePhase


def current(game: Game) -> GamePhase:
    """The game's open phase (the test fails if there is none)."""
    phase = game.current_phase
    assert phase is not None
    return phase
