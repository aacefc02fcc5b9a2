"""Read-only questions about games, for views, the API and tasks, one module per subject:
``lobby``, ``state`` (a game as one viewer may see it), ``links``, ``moderation``,
``schedule`` (what the sweep asks), ``records`` (a player's record) and ``mine`` (a
player's own games at a glance). The names below are what callers ask."""

from games.selectors.links import link_steps, link_summary
from games.selectors.lobby import (
    games_for_lobby,
    games_of_user,
    seats_seeking_offered,
    seats_seeking_players,
)
from games.selectors.mine import Duel, MyGame, Need, Opponent, Result, VoteOpen, my_games
from games.selectors.moderation import (
    games_to_moderate,
    moderation_panel,
    moderation_summary,
    ruling_lines,
    ruling_phase_before,
    stored_position,
)
from games.selectors.records import Record, games_of_player, player_record, reliability_of
from games.selectors.schedule import pauses_expired, phases_due
from games.selectors.state import (
    REPLAY_STEPS,
    board_shown,
    board_steps,
    game_outline,
    game_state,
)
from games.selectors.views import (
    GameView,
    MyView,
    PhaseView,
    current_phase,
    game_view,
    my_view,
    phase_view,
)

__all__ = [
    "REPLAY_STEPS",
    "Duel",
    "GameView",
    "MyGame",
    "MyView",
    "Need",
    "Opponent",
    "PhaseView",
    "Record",
    "Result",
    "VoteOpen",
    "board_shown",
    "board_steps",
    "current_phase",
    "game_outline",
    "game_state",
    "game_view",
    "games_for_lobby",
    "games_of_player",
    "games_of_user",
    "games_to_moderate",
    "link_steps",
    "link_summary",
    "moderation_panel",
    "moderation_summary",
    "my_games",
    "my_view",
    "pauses_expired",
    "phase_view",
    "phases_due",
    "player_record",
    "reliability_of",
    "ruling_lines",
    "ruling_phase_before",
    "seats_seeking_offered",
    "seats_seeking_players",
    "stored_position",
]
