"""A match's duel: the terms it is played by, making it with its players seated, and what
its boards say at the end for the tie-breaks."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from adjudicator.variants.highlander.duel import board_winner
from core.errors import ApplicationError
from games.models import Game
from games.positions import boards_now
from games.services import game_create, game_join
from games.terms import GameTerms
from tournaments.models import Match, Round, Tournament
from tournaments.wording import match_name

#: The variant a tournament's duels are played in, and its two colours (``a`` plays red).
HIGHLANDER = "highlander"
COLOURS = ("red", "blue")


def duel_terms(tournament: Tournament, round: Round, *, third_place: bool = False) -> GameTerms:
    """The terms every duel of ``round`` is played by: the tournament's clock, press and
    missed-order settings, and the round's set-up if the organiser fixed one (rule 3B).
    The match for third place (``third_place``), which hangs from the final's round, is
    played to its own movement deadline, else the tournament's: never the final's."""
    movement = round.movement_deadline
    if third_place:
        movement = round.third_place_movement_deadline
    return GameTerms(
        variant_id=HIGHLANDER,
        options=dict(round.setup or {}),
        private=tournament.private,
        assignment=Game.Assignment.CHOSEN,
        start_when_full=True,
        movement_deadline=movement or tournament.movement_deadline,
        retreat_deadline=tournament.retreat_deadline,
        adjustment_deadline=tournament.adjustment_deadline,
        setup_deadline=tournament.setup_deadline,
        press=tournament.press,
        nmr_policy=tournament.nmr_policy,
        grace_period=tournament.grace_period,
        duel=True,
    )


def duel_start(tournament: Tournament, match: Match) -> bool:
    """Make the match's duel, run by the tournament's organisers, and seat its players:
    ``a`` red, ``b`` blue. Both are seated at once, so the duel starts there and then
    and nobody else can take a seat.

    If games refuses (a player it will not seat, say), the match keeps no duel and says
    why, for the organiser to settle on his page (try again, or award it); whatever led
    here (a verdict, the draw) stands. False then."""
    assert match.a is not None
    assert match.b is not None
    try:
        with transaction.atomic():
            _duel_make(tournament, match)
    except ApplicationError as e:
        match.problem = e.message[:300]
        match.save(update_fields=["problem"])
        return False
    return True


def _duel_make(tournament: Tournament, match: Match) -> None:
    assert match.a is not None
    assert match.b is not None
    board_a = game_create(
        created_by=tournament.created_by,
        name=f"{tournament.name}: {match_name(match)}",
        terms=duel_terms(tournament, match.round, third_place=match.is_third_place),
        join=False,
    )
    board_a.masters.set(tournament.organisers.all())
    for entry, colour in ((match.a, "red"), (match.b, "blue")):
        game_join(game=board_a, user=entry.user, power=colour, invite_code=board_a.invite_code)
    match.duel_id = board_a.link_id
    match.problem = ""
    match.save(update_fields=["duel", "problem"])
    if match.round.status == Round.Status.PENDING:
        match.round.status = Round.Status.RUNNING
        match.round.started_at = timezone.now()
        match.round.save(update_fields=["status", "started_at"])


def duel_stats(match: Match) -> dict[str, dict[str, int]]:
    """What the tie-breaks count of a finished duel, per entry key: the boards it won
    and the supply centers it held over both boards at the end."""
    stats: dict[str, dict[str, int]] = {}
    if match.duel_id is None or match.a is None or match.b is None:
        return stats
    boards = list(boards_now(Game.objects.filter(link_id=match.duel_id)).values())
    for entry, colour in ((match.a, "red"), (match.b, "blue")):
        won = sum(1 for p in boards if board_winner(p) == colour)
        centres = sum(len(p.centers_of(colour)) for p in boards)
        stats[entry.key] = {"boards_won": won, "centres": centres}
    return stats
