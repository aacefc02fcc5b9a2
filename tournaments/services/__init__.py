"""The verbs of a tournament, by family: ``registration`` (create, enter, withdraw, the
roll call, seeds by hand, organisers), ``draw``, ``results`` (a duel's verdict, walkovers
and forfeits), ``running`` (replacements, pauses, a round's set-up), ``rounds`` (rounds of
standard games: seating, boards, scores), ``news`` (the organiser's announcements),
``overrides`` (a board's result or a score ruled by the organiser), ``ratings``; with
``bracket``, ``stages`` (the group stage) and ``duels`` beneath them and ``kernel`` (lock,
record, bump) shared. Every service is keyword-only, runs in one transaction and raises
:class:`core.errors.ApplicationError` with a message a person can read."""

from tournaments.services.draw import tournament_draw
from tournaments.services.news import tournament_announce
from tournaments.services.overrides import board_result_rule, seat_score_set
from tournaments.services.registration import (
    check_in_open,
    entry_check_in,
    entry_presence,
    entry_register,
    entry_withdraw,
    hand_seeds_set,
    organiser_add,
    tournament_create,
)
from tournaments.services.results import (
    duel_verdict_take,
    match_forfeit,
    match_walkover,
    playoff_decide,
)
from tournaments.services.rounds import (
    board_call,
    board_score,
    entry_away,
    preferences_set,
    round_start,
)
from tournaments.services.running import (
    duel_retry,
    entry_replace,
    round_pause,
    round_resume,
    round_setup_fix,
)

__all__ = [
    "board_call",
    "board_result_rule",
    "board_score",
    "check_in_open",
    "duel_retry",
    "duel_verdict_take",
    "entry_away",
    "entry_check_in",
    "entry_presence",
    "entry_register",
    "entry_replace",
    "entry_withdraw",
    "hand_seeds_set",
    "match_forfeit",
    "match_walkover",
    "organiser_add",
    "playoff_decide",
    "preferences_set",
    "round_pause",
    "round_resume",
    "round_setup_fix",
    "round_start",
    "seat_score_set",
    "tournament_announce",
    "tournament_create",
    "tournament_draw",
]
