"""Rounds of standard games. Each round seats the players present at boards of seven
(tournaments.seating: repeat opponents and powers avoided, preferences heeded, sit-outs
when the count is not a multiple of seven, the best seven on a top board in the last
round if the tournament has one), one standard game a board, run by the organisers. When
a board's game ends (games announces it), it is scored by the tournament's system from
its final board; once every board of the round is scored, the round is over, and after
the last round the tournament. The organiser starts each round after the first.

A round's seating is drawn from a seed kept with the round, so it can be replayed and
audited."""

from __future__ import annotations

import hashlib
from datetime import timedelta
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from adjudicator import Phase, Position
from core.errors import ApplicationError
from games.models import Game, GamePhase
from games.positions import board_now
from games.services import game_create, game_join
from games.services.moderation import game_end
from games.terms import GameTerms
from tournaments import scoring, seating
from tournaments.models import Board, BoardSeat, Entry, OrganiserAction, Round, Tournament
from tournaments.services.finish import tournament_finish
from tournaments.services.kernel import (
    action_record,
    bump,
    combine_refusal,
    last_year_refusal,
    news_announce,
    organised_locked,
    reason_required,
    tournament_locked,
)
from tournaments.services.scores import round_points, round_scores, tournament_score

STANDARD = "standard"


def board_terms(tournament: Tournament, played: Round) -> GameTerms:
    """The terms every board of a round is played by: the tournament's, with the round's
    own movement deadline if it has one, its games ending by time after the round's
    last year if it has one."""
    return GameTerms(
        variant_id=STANDARD,
        private=tournament.private,
        assignment=Game.Assignment.CHOSEN,
        start_when_full=True,
        movement_deadline=played.movement_deadline or tournament.movement_deadline,
        retreat_deadline=tournament.retreat_deadline,
        adjustment_deadline=tournament.adjustment_deadline,
        press=tournament.press,
        nmr_policy=tournament.nmr_policy,
        grace_period=tournament.grace_period,
        last_year=played.last_year,
    )


def standing_order(tournament: Tournament, entries: list[Entry]) -> list[Entry]:
    """``entries`` best first: by tournament score (the rounds combined as the
    tournament combines them), then seed."""
    scores = round_points(tournament, round_scores(tournament))
    return sorted(
        entries,
        key=lambda e: (-tournament_score(tournament, scores.get(e.key, [])), e.seed or 0, e.pk),
    )


def _points(value: float | None) -> str:
    """Points as a notice shows them: 10, 12.5; "" for none."""
    if value is None:
        return ""
    return str(int(value)) if value == int(value) else f"{value:g}"


def _round_seed(tournament: Tournament, number: int) -> int:
    digest = hashlib.sha256(f"{tournament.seed}:round:{number}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def round_open(
    tournament: Tournament,
    by: AbstractBaseUser,
    now: Any,
    *,
    scoring_system: str = "",
    movement_deadline: timedelta | None = None,
    last_year: int | None = None,
) -> Round:
    """Seat the next round and start its boards (scored by ``scoring_system``, played to
    ``movement_deadline``, their games ending after ``last_year``, where given; else the
    tournament's).

    Raises:
        ApplicationError: the rounds planned are played, fewer than seven are present,
            the system or the deadline is not one, or the round would add a different
            system's scores raw to the others'.
    """
    if scoring_system and scoring_system not in scoring.SYSTEMS:
        raise ApplicationError(
            _("Score the boards by one of: %(names)s.") % {"names": ", ".join(scoring.SYSTEMS)}
        )
    system = scoring_system or tournament.scoring
    systems = {system} | {
        r.scoring_system for r in tournament.rounds.filter(kind=Round.Kind.BOARDS)
    }
    if tournament.combine == Tournament.Combine.SUM and len(systems) > 1:
        # Points of different systems are different units: a raw sum is the biggest
        # system's round alone (issue 35, D5).
        raise ApplicationError(
            _(
                "Rounds scored by different systems are not added up raw: one system's "
                "points can outweigh another's many times over. Combine the rounds by rank "
                "points per round, or by each round scaled to 100 for its best score."
            )
        )
    if movement_deadline is not None and not (
        timedelta(minutes=1) <= movement_deadline <= timedelta(days=14)
    ):
        raise ApplicationError(_("A movement deadline lasts between a minute and 14 days."))
    if last_year is not None and not 1901 <= last_year <= 2100:
        raise ApplicationError(last_year_refusal())
    done = list(tournament.rounds.filter(kind=Round.Kind.BOARDS).order_by("number"))
    number = len(done) + 1
    if number > tournament.rounds_planned:
        raise ApplicationError(_("Every round planned has been played."))
    present = [
        e
        for e in tournament.entries.select_related("user").filter(status=Entry.Status.CHECKED_IN)
        if not e.away
    ]
    away_entries = [e for e in tournament.entries.filter(status=Entry.Status.CHECKED_IN) if e.away]
    away = [e.key for e in away_entries]
    ordered = standing_order(tournament, present)
    played = list(Board.objects.filter(round__in=done).prefetch_related("seats"))
    boards_before = [{s.power: str(s.entry_id) for s in board.seats.all()} for board in played]
    sat_out = [key for r in done for key in r.sitting_out]
    # A round a player was not in the tournament for (a substitute, before he came in)
    # counts, for seating, as a round he sat out: a newcomer is never the first to sit
    # out for being new (his few rounds put him lowest in the standings).
    there = {r.pk: set(r.sitting_out) for r in done}
    for board in played:
        there[board.round_id] |= {str(s.entry_id) for s in board.seats.all()}
    sat_out += [e.key for r in done for e in ordered if e.key not in there[r.pk]]
    seed = _round_seed(tournament, number)
    top = tournament.top_board and number == tournament.rounds_planned
    try:
        seated = seating.seat_round(
            [e.key for e in ordered],
            seed=seed,
            history=seating.History.from_boards(boards_before, sat_out=sat_out),
            preferences={e.key: list(e.preferences or []) for e in ordered},
            standby=[e.key for e in ordered if e.standby],
            top_board=top,
        )
    except seating.SeatingError:
        raise ApplicationError(
            _("A round needs seven players present; %(n)s are.") % {"n": len(present)}
        ) from None
    opened = Round.objects.create(
        tournament=tournament,
        kind=Round.Kind.BOARDS,
        number=number,
        status=Round.Status.RUNNING,
        started_at=now,
        sitting_out=[*seated.sitting_out, *away],
        away=away,
        seed=seed,
        scoring=scoring_system,
        movement_deadline=movement_deadline,
        last_year=last_year if last_year is not None else tournament.last_year,
    )
    entries = {e.key: e for e in ordered}
    masters = list(tournament.organisers.all())
    for index, powers in enumerate(seated.boards, start=1):
        board = Board.objects.create(round=opened, number=index, top=top and index == 1)
        game = game_create(
            created_by=tournament.created_by,
            name=_("%(name)s: round %(round)s, board %(board)s")
            % {"name": tournament.name, "round": number, "board": index},
            terms=board_terms(tournament, opened),
            join=False,
        )
        # Named by the organiser who starts the round, who plays in no board of his own
        # tournament (registration refuses him), so nobody seated below chose them.
        game.masters.set(masters, through_defaults={"named_by": by})
        for power, key in sorted(powers.items()):
            BoardSeat.objects.create(board=board, entry=entries[key], power=power)
            game_join(game=game, user=entries[key].user, power=power, invite_code=game.invite_code)
        board.game = game
        board.save(update_fields=["game"])
        for power, key in sorted(powers.items()):
            # Each player hears his own seat: one event each, as the power differs.
            news_announce(
                tournament,
                key=f"round:{opened.pk}:seat:{key}",
                users=[entries[key].user_id],
                game=game,
                what="seated",
                round=number,
                board=index,
                power=power,
            )
    news_announce(
        tournament,
        key=f"round:{opened.pk}:sitting_out",
        users=[entries[key].user_id for key in seated.sitting_out],
        what="sitting_out",
        round=number,
        points=_points(tournament.sit_out_points),
    )
    # Those marked away are left out too, but score nothing for it (services.scores):
    # told apart, so that nobody away expects the sit-out points.
    news_announce(
        tournament,
        key=f"round:{opened.pk}:away",
        users=[e.user_id for e in away_entries],
        what="away",
        round=number,
    )
    action_record(
        tournament,
        by,
        OrganiserAction.Kind.ROUND_START,
        round=str(number),
        boards=str(len(seated.boards)),
        sitting_out=[entries[k].user.get_username() for k in seated.sitting_out],
        repeat_pairs=str(seated.repeat_pairs),
        repeat_powers=str(seated.repeat_powers),
        scored_by=system,
        combined_by=tournament.combine,
        last_year=str(opened.last_year or ""),
    )
    return opened


@transaction.atomic
def round_start(
    *,
    tournament: Tournament,
    by: AbstractBaseUser,
    scoring_system: str = "",
    movement_deadline: timedelta | None = None,
    combine: str = "",
    last_year: int | None = None,
) -> Round:
    """The organiser starts the next round of standard games, once the last is over,
    scored by its own system and played to its own deadline if he gives them; with
    ``combine``, the rounds are from now on combined that way (the standings so far
    with them: the round's record in the organisers' log says so).

    Raises:
        ApplicationError: ``by`` does not organise it, it is not a running tournament of
            rounds, the round before is still being played, the rounds are all played,
            or the round cannot be combined with the others as asked.
    """
    tournament = organised_locked(tournament, by)
    if combine:
        if combine not in Tournament.Combine.values:
            raise ApplicationError(combine_refusal())
        tournament.combine = combine
    if tournament.format != Tournament.Format.ROUNDS:
        raise ApplicationError(_("This tournament has no rounds of standard games."))
    if tournament.status != Tournament.Status.RUNNING:
        raise ApplicationError(_("The tournament is not running."))
    if (
        tournament.rounds.filter(kind=Round.Kind.BOARDS)
        .exclude(status=Round.Status.FINISHED)
        .exists()
    ):
        raise ApplicationError(_("The round before is still being played."))
    opened = round_open(
        tournament,
        by,
        timezone.now(),
        scoring_system=scoring_system,
        movement_deadline=movement_deadline,
        last_year=last_year,
    )
    if combine:
        tournament.save(update_fields=["combine"])
    bump(tournament)
    return opened


def elimination_years(game: Game) -> dict[str, int]:
    """The year each power that lost its last center and unit fell: the year of the
    phase played in which it went, read from what that phase left behind.

    Not the year of the first phase it is missing from: a power whose last army the
    winter adjustment removes fell that winter, and the next phase is the following
    spring (the scoring systems that rank or pay the eliminated by their year counted it
    a year late); nor is a power that went in the last phase played left without a year.
    Phases a ruling superseded are not read: only the line of play that stands counts. A
    unit dislodged and waiting to retreat still holds its power on the board."""
    fallen: dict[str, int] = {}
    played = game.phases.filter(status=GamePhase.Status.RESOLVED).order_by("index")
    for code, before, after in played.values_list("code", "position", "position_after"):
        if not after:
            continue
        for power in _on_board(before) - _on_board(after) - set(fallen):
            fallen[power] = Phase.parse(code).year
    return fallen


def _on_board(position: dict[str, Any] | None) -> set[str]:
    """The powers a stored position shows with a center, a unit or a dislodged unit."""
    position = position or {}
    return {
        power
        for key in ("centers", "units", "dislodged")
        for power, held in (position.get(key) or {}).items()
        if held
    }


def scoring_game(game: Game, position: Position | None = None) -> scoring.Game:
    """A board as the scoring systems read it: where it ended (or ``position``, where it
    stands, read already)."""
    position = position or board_now(game)
    if position is None:
        raise ApplicationError(_("The board has no position to score."))
    fallen = elimination_years(game)
    powers = []
    for power in seating.POWERS:
        alive = bool(position.centers_of(power) or position.units_of(power))
        powers.append(
            scoring.Power(
                power, len(position.centers_of(power)), None if alive else fallen.get(power, 1901)
            )
        )
    solo = game.winner if game.outcome == Game.Outcome.SOLO and game.winner else None
    # A draw that did not include every survivor names its powers (games keeps them as
    # the game's winners); a game stopped by time has no draw, its powers rank by centers.
    draw = (
        tuple(game.winner.split(",")) if game.outcome == Game.Outcome.DRAW and game.winner else None
    )
    by_time = game.outcome == Game.Outcome.TIME
    last_year = position.phase.year
    if by_time and game.last_year is not None:
        # Ended after its last year: the position is the next spring's, not played.
        last_year = min(last_year, game.last_year)
    return scoring.Game(
        powers=tuple(powers), solo=solo, draw=draw, last_year=last_year, by_time=by_time
    )


@transaction.atomic
def board_score(*, game: Game) -> bool:
    """Score a tournament board whose game ended, once; the round and the tournament end
    with their last board. False if ``game`` is no tournament board, or it is scored."""
    board = Board.objects.filter(game=game).select_related("round__tournament").first()
    if board is None:
        return False
    tournament = tournament_locked(board.round.tournament)
    board = Board.objects.select_for_update().get(pk=board.pk)
    if board.scored_at is not None or game.status != Game.Status.FINISHED:
        return False
    position = board_now(game)
    scored = scoring.score(board.round.scoring_system, scoring_game(game, position))
    multiplier = float(tournament.top_board_multiplier) if board.top else 1.0
    for seat in board.seats.all():
        seat.system_score = round(scored.get(seat.power, 0.0) * multiplier, 4)
        if not seat.score_reason:
            seat.score = seat.system_score
        seat.centres = len(position.centers_of(seat.power)) if position else 0
        seat.save(update_fields=["score", "system_score", "centres"])
    now = timezone.now()
    board.scored_at = now
    board.save(update_fields=["scored_at"])
    played = board.round
    if not played.boards.filter(scored_at__isnull=True).exists():
        played.status = Round.Status.FINISHED
        played.finished_at = now
        played.save(update_fields=["status", "finished_at"])
        if played.number >= tournament.rounds_planned:
            tournament_finish(tournament, now)
    bump(tournament)
    return True


#: How the organiser may call a board: a draw of every survivor, a draw of the powers he
#: names, or by time (no draw: the powers rank by their centers).
CALLS = ("draw", "some", "time")


@transaction.atomic
def board_call(
    *,
    tournament: Tournament,
    by: AbstractBaseUser,
    board: Board,
    end: str,
    reason: str,
    draw: list[str] | None = None,
) -> Board:
    """The organiser calls a board of a round where it stands: ``end`` "draw" (every
    survivor), "some" (a draw of the powers in ``draw`` alone, the others losing) or
    "time" (no draw: the powers rank by their centers). Its game ends through games' own
    ending, the organisers running every board as its game masters, and the board is
    scored by its system as that system's definition reads such an end (the listener);
    the call is kept in the tournament's log, with the reason players see.

    Raises:
        ApplicationError: ``by`` does not organise it, the board is not one of its
            running boards, no reason is given, the end is not one, or the draw named is
            not one of the board's survivors (two or more).
    """
    tournament = organised_locked(tournament, by)
    reason = reason_required(reason)
    found = (
        Board.objects.filter(round__tournament=tournament, pk=board.pk)
        .select_related("game", "round")
        .first()
    )
    if found is None or found.game is None or found.game.status != Game.Status.ACTIVE:
        raise ApplicationError(_("That board is not being played."))
    if end not in CALLS:
        raise ApplicationError(_("Call a board as a draw, a draw of some powers, or by time."))
    if end == "some" and not draw:
        raise ApplicationError(_("Name the powers in the draw."))
    outcome = Game.Outcome.TIME if end == "time" else Game.Outcome.DRAW
    game_end(
        game=found.game,
        by=by,
        outcome=outcome,
        reason=reason,
        draw=list(draw or []) if end == "some" else None,
    )
    found.game.refresh_from_db(fields=["outcome", "winner"])
    # The board's players hear how and why it was called, not only that their game ended.
    news_announce(
        tournament,
        key=f"board:{found.pk}:called",
        users=list(found.seats.values_list("entry__user_id", flat=True)),
        game=found.game,
        what="board_called",
        round=found.round.number,
        board=found.number,
        end=end,
        draw=[p for p in found.game.winner.split(",") if p] if end == "some" else [],
        reason=reason,
    )
    action_record(
        tournament,
        by,
        OrganiserAction.Kind.BOARD_END,
        reason,
        round=str(found.round.number),
        board=str(found.number),
        end=end,
        draw=[p for p in found.game.winner.split(",") if p],
    )
    bump(tournament)
    return found


@transaction.atomic
def entry_away(
    *, tournament: Tournament, by: AbstractBaseUser, entry: Entry, away: bool, reason: str = ""
) -> Entry:
    """Between rounds: mark a player away for the rounds to come (not seated; a sit-out),
    or back.

    Raises:
        ApplicationError: ``by`` does not organise it, or the entry is not playing.
    """
    tournament = organised_locked(tournament, by)
    found = tournament.entries.select_for_update().filter(pk=entry.pk).first()
    if found is None or found.status != Entry.Status.CHECKED_IN:
        raise ApplicationError(_("That player is not playing in this tournament."))
    found.away = away
    found.save(update_fields=["away"])
    action_record(
        tournament,
        by,
        OrganiserAction.Kind.AWAY,
        reason,
        player=found.user.get_username(),
        away="yes" if away else "no",
    )
    bump(tournament)
    return found


@transaction.atomic
def preferences_set(
    *, tournament: Tournament, user: AbstractBaseUser, powers: list[str], standby: bool
) -> Entry:
    """A player's powers wished for, best first, and whether he volunteers to sit out.

    Raises:
        ApplicationError: ``user`` is not entered, or a power is not a standard power or
            is named twice.
    """
    tournament = tournament_locked(tournament)
    entry = (
        tournament.entries.select_for_update()
        .filter(user=user, status__in=(Entry.Status.REGISTERED, Entry.Status.CHECKED_IN))
        .first()
    )
    if entry is None:
        raise ApplicationError(_("You are not playing in this tournament."))
    wanted = [p.strip().lower() for p in powers if p.strip()]
    unknown = [p for p in wanted if p not in seating.POWERS]
    if unknown:
        raise ApplicationError(
            _("Not a power of the standard game: %(names)s") % {"names": ", ".join(unknown)}
        )
    if len(set(wanted)) != len(wanted):
        raise ApplicationError(_("A power is named twice."))
    entry.preferences = wanted
    entry.standby = standby
    entry.save(update_fields=["preferences", "standby"])
    bump(tournament)
    return entry
