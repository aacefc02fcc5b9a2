"""The verbs of a game, one module per family around a small kernel (see
ARCHITECTURE.md): ``lobby`` (create, join, leave, fill with bots, start, take over a
seat), ``orders``, ``adjudication`` (with ``resolving``, ``nmr``, ``decisions`` and
``links``), ``votes``, ``moderation``, ``rulings``, ``absences`` and ``press``; ``kernel``
holds what they share (lock the open phase, open the next one, bump and publish, give or
take a seat, finish a game).

Every service is keyword-only, runs in one transaction where it writes, and raises
:class:`core.errors.ApplicationError` with a message a player can read. Views, API
views, consumers and tasks call these and nothing else. The names below are the families'
most used verbs, for callers that take the package whole (tests, scripts, bots).
"""

from games.game_deadlines import deadline_rule
from games.positions import phase_position, powers_to_order
from games.services.adjudication import (
    MAX_ADJUDICATION_FAILURES,
    phase_adjudicate,
    phase_adjudication_failed,
    phase_unreadable,
)
from games.services.kernel import adjudicate_after_commit, adjudicate_when_all_ready
from games.services.lobby import (
    bots_fill_refusal,
    game_create,
    game_fill_with_bots,
    game_join,
    game_leave,
    game_start,
    plays_under_pseudonyms,
    pseudonym_checked,
    seat_take_over,
)
from games.services.orders import order_check, order_problems, orders_ready, orders_submit
from games.services.votes import draw_vote, vote_cast
from games.terms import GameTerms

__all__ = [
    "MAX_ADJUDICATION_FAILURES",
    "GameTerms",
    "adjudicate_after_commit",
    "adjudicate_when_all_ready",
    "bots_fill_refusal",
    "deadline_rule",
    "draw_vote",
    "game_create",
    "game_fill_with_bots",
    "game_join",
    "game_leave",
    "game_start",
    "order_check",
    "order_problems",
    "orders_ready",
    "orders_submit",
    "phase_adjudicate",
    "phase_adjudication_failed",
    "phase_position",
    "phase_unreadable",
    "plays_under_pseudonyms",
    "powers_to_order",
    "pseudonym_checked",
    "seat_take_over",
    "vote_cast",
]
