"""The organiser's word over a board's score, after its game ended: the result he rules
for it (a concession agreed at the table, a board called the wrong way) and a seat's score
set by hand (a penalty, a correction), each with a reason, kept in the tournament's log,
shown on its page beside what the system gave, and told to the board's players.

The game's own record is never rewritten (history stands; the ratings are counted from
it): what changes is the board's tournament score. A result ruled re-scores the board by
its round's system as that system's definition reads such an end; a score set by hand
stays over it until the organiser clears it."""

from __future__ import annotations

import math
from dataclasses import replace

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils.translation import gettext as _

from core.errors import ApplicationError
from games.positions import board_now
from tournaments import scoring, seating
from tournaments.models import Board, BoardSeat, OrganiserAction, Tournament
from tournaments.services.kernel import (
    action_record,
    bump,
    news_announce,
    organised_locked,
    reason_required,
)
from tournaments.services.rounds import scoring_game

#: The results an organiser may rule: a solo (one power), a draw (of the powers named,
#: or of every survivor), or by time (no draw: the powers rank by their centers).
RESULTS = ("solo", "draw", "time")
#: Beyond any system's points (Carnage's best on a top board ×3 is some 21,000).
SCORE_LIMIT = 1_000_000.0


def _scored_board(tournament: Tournament, board: Board) -> Board:
    found = (
        Board.objects.select_for_update(of=("self",))
        .filter(round__tournament=tournament, pk=board.pk)
        .select_related("game", "round")
        .first()
    )
    if found is None or found.game is None or found.scored_at is None:
        raise ApplicationError(
            _("Only a board whose game has ended and been scored can be corrected.")
        )
    return found


def board_rescore(tournament: Tournament, board: Board) -> None:
    """Score ``board`` again from its game's end, read as the organiser ruled it if he
    did: each seat's system score, and its score where none was set by hand."""
    game = board.game
    assert game is not None
    position = board_now(game)
    read = scoring_game(game, position)
    if board.result_outcome:
        powers = tuple(p for p in board.result_winner.split(",") if p)
        read = replace(
            read,
            solo=powers[0] if board.result_outcome == "solo" else None,
            draw=(powers or None) if board.result_outcome == "draw" else None,
            by_time=board.result_outcome == "time",
        )
    scored = scoring.score(board.round.scoring_system, read)
    multiplier = float(tournament.top_board_multiplier) if board.top else 1.0
    for seat in board.seats.select_for_update():
        seat.system_score = round(scored.get(seat.power, 0.0) * multiplier, 4)
        if not seat.score_reason:
            seat.score = seat.system_score
        seat.save(update_fields=["score", "system_score"])


@transaction.atomic
def board_result_rule(
    *,
    tournament: Tournament,
    by: AbstractBaseUser,
    board: Board,
    outcome: str,
    reason: str,
    powers: list[str] | None = None,
) -> Board:
    """The organiser rules the result ``board`` is scored by: ``outcome`` "solo" (the one
    power in ``powers``), "draw" (the powers in ``powers``, two or more survivors; none:
    every survivor) or "time"; or "" to score it by how its game ended again. The board
    is re-scored; the ruling is logged with its reason and told to its players.

    Raises:
        ApplicationError: ``by`` does not organise it, the board has not been scored, no
            reason is given, the result is not one, or its powers are not the board's
            survivors as it needs them.
    """
    tournament = organised_locked(tournament, by)
    reason = reason_required(reason)
    found = _scored_board(tournament, board)
    assert found.game is not None
    if outcome and outcome not in RESULTS:
        raise ApplicationError(_("Rule a board's result as a solo, a draw or by time."))
    named = list(dict.fromkeys(p for p in (powers or []) if p))
    position = board_now(found.game)
    alive = {
        p for p in seating.POWERS if position and (position.centers_of(p) or position.units_of(p))
    }
    if outcome == "solo" and (len(named) != 1 or named[0] not in alive):
        raise ApplicationError(_("A solo is won by one of the board's survivors."))
    if outcome == "draw" and named and (len(named) < 2 or not set(named) <= alive):
        raise ApplicationError(_("A draw is shared by two or more of the board's survivors."))
    if outcome != "draw" and outcome != "solo":
        named = []
    before = found.result_outcome or found.game.outcome
    found.result_outcome = outcome
    found.result_winner = ",".join(named)
    found.result_reason = reason if outcome else ""
    found.save(update_fields=["result_outcome", "result_winner", "result_reason"])
    board_rescore(tournament, found)
    action = action_record(
        tournament,
        by,
        OrganiserAction.Kind.BOARD_RESULT,
        reason,
        round=str(found.round.number),
        board=str(found.number),
        result=outcome or "as played",
        powers=named,
        before=str(before),
    )
    news_announce(
        tournament,
        key=f"board:{found.pk}:result:{action.pk}",
        users=list(found.seats.values_list("entry__user_id", flat=True)),
        game=found.game,
        what="board_result",
        round=found.round.number,
        board=found.number,
        end=outcome or "played",
        draw=named,
        reason=reason,
    )
    bump(tournament)
    return found


@transaction.atomic
def seat_score_set(
    *,
    tournament: Tournament,
    by: AbstractBaseUser,
    seat: BoardSeat,
    score: float | None,
    reason: str,
) -> BoardSeat:
    """The organiser sets a seat's score by hand (as it counts: a top board's multiplier
    is not applied again), over what the system gave, which is kept beside it; None
    clears it back to the system's. Logged with its reason and told to the seat's player.

    Raises:
        ApplicationError: ``by`` does not organise it, the board has not been scored, no
            reason is given, or the score is not a number within reach.
    """
    tournament = organised_locked(tournament, by)
    reason = reason_required(reason)
    found_seat = (
        BoardSeat.objects.select_for_update(of=("self",))
        .filter(board__round__tournament=tournament, pk=seat.pk)
        .select_related("entry__user", "board")
        .first()
    )
    if found_seat is None:
        raise ApplicationError(_("No such seat in this tournament."))
    board = _scored_board(tournament, found_seat.board)
    if score is not None and (not math.isfinite(score) or abs(score) > SCORE_LIMIT):
        raise ApplicationError(
            _("A score is a number between -%(n)s and %(n)s.") % {"n": f"{SCORE_LIMIT:,.0f}"}
        )
    before = found_seat.score
    if found_seat.system_score is None:
        found_seat.system_score = found_seat.score
    if score is None:
        found_seat.score = found_seat.system_score
        found_seat.score_reason = ""
    else:
        found_seat.score = round(score, 4)
        found_seat.score_reason = reason
    found_seat.save(update_fields=["score", "system_score", "score_reason"])
    action = action_record(
        tournament,
        by,
        OrganiserAction.Kind.SEAT_SCORE,
        reason,
        round=str(board.round.number),
        board=str(board.number),
        power=found_seat.power,
        player=found_seat.entry.user.get_username(),
        score="" if score is None else f"{found_seat.score:g}",
        before="" if before is None else f"{before:g}",
        system=f"{found_seat.system_score:g}" if found_seat.system_score is not None else "",
    )
    news_announce(
        tournament,
        key=f"seat:{found_seat.pk}:score:{action.pk}",
        users=[found_seat.entry.user_id],
        game=board.game,
        what="seat_score",
        round=board.round.number,
        board=board.number,
        power=found_seat.power,
        score=f"{found_seat.score:g}" if found_seat.score is not None else "",
        cleared=score is None,
        reason=reason,
    )
    bump(tournament)
    return found_seat
