"""After the draw: a player replaced in the matches still to play, a round paused and
resumed, a round's set-up fixed (Highlander rule 3B), and the organisers told of missed
orders on their boards."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

from core.errors import ApplicationError
from games.models import BoardLink, Game
from games.services.moderation import game_pause, game_resume, seat_replace
from games.terms import GameTerms
from tournaments import brackets, visibility
from tournaments.models import (
    Board,
    BoardSeat,
    Entry,
    Match,
    OrganiserAction,
    Round,
    Tournament,
)
from tournaments.services.duels import HIGHLANDER, duel_start
from tournaments.services.kernel import (
    action_record,
    bump,
    news_announce,
    organised_locked,
    reason_required,
)
from tournaments.services.locks import match_locked, round_locked
from tournaments.services.stages import group_stage_go_on
from tournaments.wording import match_name


@transaction.atomic
def entry_replace(
    *,
    tournament: Tournament,
    by: AbstractBaseUser,
    entry: Entry,
    user: AbstractBaseUser,
    reason: str,
) -> Entry:
    """``user`` takes ``entry``'s place in every match still to play (and on the boards of
    a duel under way), or, in a tournament of rounds, on the boards of the round under
    way and in the rounds to come; nobody else moves, and what was decided stays.

    On a standard board under way the running seat is handed over (the game's own
    replacement: the substitute orders from the phase open now), and the board's record
    keeps who held it before. By the house rule (the rules page), the board's score goes
    whole to whoever holds the seat when it ends.

    Raises:
        ApplicationError: ``by`` does not organise the tournament, the draw is not made,
            ``entry`` has no match left, or ``user`` organises or plays in it (and what
            games says of a seat's replacement).
    """
    tournament = organised_locked(tournament, by)
    reason = reason_required(reason)
    if tournament.status != Tournament.Status.RUNNING:
        raise ApplicationError(_("Players are replaced after the draw, while it runs."))
    old = tournament.entries.select_for_update().filter(pk=entry.pk).first()
    if old is None or old.status in (Entry.Status.REPLACED, Entry.Status.WITHDRAWN):
        raise ApplicationError(_("That player has no place to give."))
    if visibility.can_manage(user=user, tournament=tournament):
        raise ApplicationError(_("An organiser cannot play in his own tournament."))
    taken = tournament.entries.filter(user=user).first()
    if taken is not None and taken.status not in (Entry.Status.WITHDRAWN, Entry.Status.NO_SHOW):
        raise ApplicationError(
            _("%(name)s plays in this tournament already.") % {"name": user.get_username()}
        )
    open_matches = list(
        tournament.matches.select_for_update(of=("self",))
        .filter(winner__isnull=True)
        .filter(Q(a=old) | Q(b=old))
        .select_related("round", "duel")
    )
    if not open_matches and tournament.format == Tournament.Format.KNOCKOUT:
        raise ApplicationError(_("That player has no match left to play."))
    new = taken or Entry(tournament=tournament, user=user)
    new.status = Entry.Status.CHECKED_IN
    new.seed, new.group, new.rating = old.seed, old.group, old.rating
    new.checked_in_at = timezone.now()
    new.save()
    old.status = Entry.Status.REPLACED
    old.replaced_by = new
    old.save(update_fields=["status", "replaced_by"])
    if tournament.bracket:
        bracket = brackets.bracket_from_json(tournament.bracket)
        try:
            bracket = brackets.replace_player(bracket, old.key, new.key)
        except brackets.BracketError:
            pass  # no knock-out match left for him (a group stage player, say)
        else:
            tournament.bracket = brackets.bracket_to_json(bracket)
            tournament.save(update_fields=["bracket"])
    for match in open_matches:
        colour = "red" if match.a_id == old.pk else "blue"
        if colour == "red":
            match.a = new
        else:
            match.b = new
        match.save(update_fields=["a", "b"])
        if match.duel is not None and match.duel.status != BoardLink.Status.DECIDED:
            for board in Game.objects.filter(link=match.duel).order_by("pk"):
                seat_replace(game=board, by=by, power=colour, user=user, reason=reason)
    for seat in (
        BoardSeat.objects.select_for_update(of=("self",))
        .filter(entry=old, board__game__status=Game.Status.ACTIVE, board__scored_at__isnull=True)
        .select_related("board__game")
    ):
        game = seat.board.game
        assert game is not None
        seat_replace(game=game, by=by, power=seat.power, user=user, reason=reason)
        phase = game.current_phase
        seat.held_before = [
            *seat.held_before,
            {"entry": old.pk, "from": phase.code if phase else ""},
        ]
        seat.entry = new
        seat.save(update_fields=["entry", "held_before"])
    action_record(
        tournament,
        by,
        OrganiserAction.Kind.REPLACE,
        reason,
        player=old.user.get_username(),
        replacement=user.get_username(),
    )
    bump(tournament)
    return new


def games_running(round: Round) -> list[Game]:
    """Every game of ``round`` still being played, whatever kind of round it is: the
    boards of its duels, and its standard boards (a round of standard games has no
    matches: its games hang from its boards)."""
    return list(
        Game.objects.filter(
            Q(link__match__round=round) | Q(tournament_board__round=round),
            status=Game.Status.ACTIVE,
        )
        .distinct()
        .order_by("pk")
    )


@transaction.atomic
def round_pause(
    *,
    tournament: Tournament,
    by: AbstractBaseUser,
    round: Round,
    reason: str,
    duration: timedelta = timedelta(days=3),
) -> Round:
    """Stop the clock of every board of ``round``, its duels' and its standard boards',
    through each game's own pause (each keeps the time it had left, and nothing is
    adjudicated meanwhile); no new duel of the round starts until it is resumed.

    Raises:
        ApplicationError: ``by`` does not organise the tournament, the round is not
            running, or no reason is given (and what games says of a board's pause).
    """
    tournament = organised_locked(tournament, by)
    reason = reason_required(reason)
    round = round_locked(tournament, round)
    if round.status != Round.Status.RUNNING:
        raise ApplicationError(_("Only a running round can be paused."))
    for board in games_running(round):
        if not board.is_paused:
            game_pause(game=board, by=by, reason=reason, duration=duration)
    round.status = Round.Status.PAUSED
    round.save(update_fields=["status"])
    action_record(tournament, by, OrganiserAction.Kind.PAUSE, reason, round=str(round.number))
    bump(tournament)
    return round


@transaction.atomic
def round_resume(
    *, tournament: Tournament, by: AbstractBaseUser, round: Round, reason: str = ""
) -> Round:
    """Start the clocks of ``round``'s boards again (each with the time it had left), and
    the duels that waited for it.

    Raises:
        ApplicationError: ``by`` does not organise the tournament, or the round is not
            paused.
    """
    tournament = organised_locked(tournament, by)
    round = round_locked(tournament, round)
    if round.status != Round.Status.PAUSED:
        raise ApplicationError(_("The round is not paused."))
    for board in games_running(round):
        if board.is_paused:
            game_resume(game=board, by=by, reason=reason)
    round.status = Round.Status.RUNNING
    round.save(update_fields=["status"])
    if round.kind == Round.Kind.GROUPS:
        # The group stage goes on one schedule round at a time, as it would have.
        group_stage_go_on(tournament, timezone.now())
    else:
        for match in round.matches.filter(winner__isnull=True, duel__isnull=True).select_related(
            "a__user", "b__user", "round"
        ):
            if match.a is not None and match.b is not None:
                duel_start(tournament, match)
    action_record(tournament, by, OrganiserAction.Kind.RESUME, reason, round=str(round.number))
    bump(tournament)
    return round


@transaction.atomic
def round_setup_fix(
    *,
    tournament: Tournament,
    by: AbstractBaseUser,
    kind: str,
    number: int,
    setup: dict[str, Any],
    reason: str = "",
    movement_deadline: timedelta | None = None,
    third_place_movement_deadline: timedelta | None = None,
) -> Round:
    """Rule 3B: fix the set-up the duels of a round start from (Highlander's options, e.g.
    ``{"nomination": "fixed", "fixed_setup": {...}}``), before any of them starts; an
    empty ``setup`` lets the players nominate again. ``movement_deadline``: the round's
    own (None: the tournament's); ``third_place_movement_deadline``: the final round's
    match for third place's own (None: the tournament's).

    Raises:
        ApplicationError: ``by`` does not organise the tournament, the round has started,
            the set-up is not valid for Highlander, a deadline is not one, or a deadline
            for third place is given for a round that holds no match for third place.
    """
    tournament = organised_locked(tournament, by)
    round, _made = Round.objects.select_for_update().get_or_create(
        tournament=tournament, kind=kind, number=number, defaults={"status": Round.Status.PENDING}
    )
    if round.matches.filter(duel__isnull=False).exists():
        raise ApplicationError(_("The round's duels have started: their set-up is fixed."))
    checked = GameTerms(variant_id=HIGHLANDER, options=setup, duel=True).checked()
    for deadline in (movement_deadline, third_place_movement_deadline):
        if deadline is not None and not timedelta(minutes=1) <= deadline <= timedelta(days=14):
            raise ApplicationError(_("A movement deadline lasts between a minute and 14 days."))
    if third_place_movement_deadline is not None and not (
        tournament.third_place
        and kind == Round.Kind.KNOCKOUT
        and (
            not tournament.bracket
            or number == brackets.bracket_from_json(tournament.bracket).round_count
        )
    ):
        raise ApplicationError(
            _("Only the final round holds the match for third place, and only if one is played.")
        )
    round.setup = dict(checked.options) if setup else {}
    round.movement_deadline = movement_deadline
    round.third_place_movement_deadline = third_place_movement_deadline
    round.save(update_fields=["setup", "movement_deadline", "third_place_movement_deadline"])
    action_record(tournament, by, OrganiserAction.Kind.SETUP, reason, round=str(number))
    bump(tournament)
    return round


@transaction.atomic
def duel_retry(*, tournament: Tournament, by: AbstractBaseUser, match: Match) -> Match:
    """Try again to make a match's duel that games refused (see duels.duel_start).

    Raises:
        ApplicationError: ``by`` does not organise it, the match has its duel or is
            decided, or games refuses again (its reason).
    """
    tournament = organised_locked(tournament, by)
    match = match_locked(tournament, match)
    if match.winner_id is not None or match.duel_id is not None:
        raise ApplicationError(_("This match has its duel, or is decided."))
    if match.a_id is None or match.b_id is None:
        raise ApplicationError(_("Both players of this match are not known yet."))
    if not duel_start(tournament, match):
        raise ApplicationError(match.problem)
    bump(tournament)
    return match


def missed_orders_tell(*, game: Game, params: dict[str, Any]) -> bool:
    """Games announced missed orders on ``game`` (kernel.tell_missed): if it is a board
    of a tournament (a duel's or a round's), tell its organisers who missed which phase
    and what the missed-orders policy did (the grace period running, a replacement
    sought, the defaults applied), so that they can chase the player, replace him or
    award the match. A duel's boards missed together are told once. False if ``game``
    plays for no tournament."""
    powers = [str(p) for p in params.get("powers") or []]
    if game.link_id is not None:
        match = (
            Match.objects.filter(duel_id=game.link_id)
            .select_related("tournament", "round", "a__user", "b__user")
            .first()
        )
        if match is None:
            return False
        tournament = match.tournament
        where, place = match_name(match), f"duel{game.link_id}"
        entries = {colour: match.entry_of(colour) for colour in powers}
    else:
        board = Board.objects.filter(game=game).select_related("round__tournament").first()
        if board is None:
            return False
        tournament = board.round.tournament
        where = _("Round %(r)s, board %(n)s") % {"r": board.round.number, "n": board.number}
        place = f"board{board.pk}"
        entries = {s.power: s.entry for s in board.seats.select_related("entry__user")}
    players = [
        entry.user.get_username() if (entry := entries.get(p)) is not None else p for p in powers
    ]
    how = str(params.get("how", ""))
    until = params.get("until")
    news_announce(
        tournament,
        key=f"missed:{place}:{params.get('phase', '')}:{how}:{'+'.join(powers)}",
        users=list(tournament.organisers.values_list("pk", flat=True)),
        what="missed",
        how=how,
        players=", ".join(players),
        phase=str(params.get("phase", "")),
        where=str(where),
        until=datetime.fromisoformat(until).strftime("%Y-%m-%d %H:%M") if until else "",
    )
    return True
