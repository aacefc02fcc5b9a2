"""Small helpers the games tests share."""

from __future__ import annotations

from typing import Any

from games import services
from games.models import Game, GamePhase
from games.terms import GameTerms


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
