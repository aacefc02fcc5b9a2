"""Small helpers the games tests share."""

from __future__ import annotations

from typing import Any

from games import services
from games.models import Game, GamePhase
from games.terms import GameTerms

#: Rule 3B: the organiser's set-up, so that board B exists as soon as the duel starts.
FIXED_DUEL_SETUP = {
    "nomination": "fixed",
    "fixed_setup": {
        "centers": {"red": ["lon", "par", "spa"], "blue": ["mos", "war"]},
        "units": {"red": ["F lon", "A par", "F spa/sc"], "blue": ["A mos", "A war"]},
    },
}


def current(game: Game) -> GamePhase:
    """The game's open phase (the test fails if there is none)."""
    phase = game.current_phase
    assert phase is not None
    return phase


def evening_game(players: dict[str, Any], **settings: Any) -> Game:
    """A running standard game of ``players`` (austria creates it), with ``settings`` as
    its terms beyond the defaults."""
    game = services.game_create(
        created_by=players["austria"],
        name="Evenings",
        power="austria",
        terms=GameTerms(assignment=Game.Assignment.CHOSEN, **settings),
    )
    for power, user in players.items():
        if power != "austria":
            services.game_join(game=game, user=user, power=power)
    game.refresh_from_db()
    return game
