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


def duel_started(red: Any, blue: Any, *, anonymous: bool = False) -> Game:
    """A Highlander duel of ``red`` (who makes it) against ``blue``, started with
    :data:`FIXED_DUEL_SETUP`, so both boards exist; returns board A."""
    game = services.game_create(
        created_by=red,
        name="Duel",
        power="red",
        terms=GameTerms(
            variant_id="highlander",
            options=FIXED_DUEL_SETUP,
            duel=True,
            assignment=Game.Assignment.CHOSEN,
            anonymous=anonymous,
        ),
    )
    services.game_join(game=game, user=blue, power="blue")
    return game


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
