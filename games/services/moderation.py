"""What moderators do to a game: pause and resume, extend a deadline, replace or exclude
a player, accept late orders, end a game, name game masters, retry a phase given up, and
(site moderators alone) confirm a result a game master decided alone.
Rulings on an adjudicated phase (rulings.py) and answers to the game master's questions
(decisions.py) build on the helpers here.

Every verb checks that the caller may moderate this game (a site moderator, or a game
master of it), runs in one transaction under the game's row lock, and leaves a
:class:`ModeratorAction` (who, when, why, what) that players see in the game's history.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.usernames import closed_name, name_replaced
from adjudicator import find_variant
from core.errors import ApplicationError
from games import events, visibility
from games.deadlines import extend
from games.game_deadlines import deadline_rule
from games.models import Game, GamePhase, ModeratorAction, OrderSet, Seat, Vote
from games.positions import board_now, givers, phase_position, seat_powers
from games.services.kernel import (
    adjudicate_after_commit,
    adjudicate_when_all_ready,
    bump,
    game_finish,
    game_locked,
    phase_named_locked,
    phase_note,
    refuse_game_master,
    seat_exclude,
    seat_give,
    seated_users,
)
from games.services.orders import order_problems, order_set_of, refuse_excess_orders
from games.vote_rules import pause_refusal


def moderated_game_locked(game: Game, by: AbstractBaseUser) -> Game:
    """``game``, row-locked, for a moderator of it.

    Raises:
        ApplicationError: ``by`` may not moderate ``game``.
    """
    game = game_locked(game.pk)
    if not visibility.can_moderate(user=by, game=game):
        raise ApplicationError(_("Only a moderator of this game may do that."))
    return game


def open_phase_moderated(game: Game, index: int | None = None) -> GamePhase:
    """The open phase a moderator acts on, row-locked: the phase ``index`` he acted on
    (his page's), if he named one (kernel.phase_named_locked).

    Raises:
        PhaseOver: the phase ``index`` is over.
        NoSuchPhase: the game has no phase ``index``.
        ApplicationError: the game has no phase open.
    """
    return phase_named_locked(
        game,
        index,
        advice=_("Nothing was done: look at the new phase first."),
        refusal=_("The game has no phase open."),
    )


def action_record(
    game: Game,
    by: AbstractBaseUser,
    kind: str,
    reason: str,
    phase: GamePhase | None = None,
    **details: Any,
) -> ModeratorAction:
    """Keep what a moderator did, with the role he did it in (shown in anonymous games,
    where his name is not)."""
    return ModeratorAction.objects.create(
        game=game,
        phase=phase,
        actor=by,
        kind=kind,
        reason=reason.strip(),
        details={**details, "by_role": visibility.moderator_role(user=by, game=game)},
    )


def reason_required(reason: str) -> str:
    """The moderator's reason, which players are shown.

    Raises:
        ApplicationError: no reason was given.
    """
    reason = (reason or "").strip()
    if not reason:
        raise ApplicationError(_("Say why: players are shown the reason."))
    return reason


def seat_of_power(game: Game, power: str) -> Seat:
    """The seat of ``power``, row-locked.

    Raises:
        ApplicationError: the game has no such power.
    """
    seat = game.seats.select_for_update().filter(power=power).first()
    if seat is None:
        raise ApplicationError(_("This game has no such power."))
    return seat


def master_alone_mark(game: Game, by: AbstractBaseUser) -> None:
    """Keep that ``by`` decided part of the locked ``game``'s result in a way the board
    alone did not (he ends it, rules on a phase, or gives a power's orders): if he is one
    of its game masters and not a site moderator, the result will count for ratings only
    once a site moderator confirms it, and a confirmation given before no longer stands.
    A site moderator's own acts need no one else's word."""
    if visibility.is_moderator(by):
        return
    game.master_decided = True
    game.result_confirmed_at = None
    game.save(update_fields=["master_decided", "result_confirmed_at"])


@transaction.atomic
def game_master_set(
    *, game: Game, by: AbstractBaseUser, user: AbstractBaseUser, master: bool = True
) -> None:
    """Make ``user`` a game master of this game (or no longer one), keeping who named him.

    Site moderators may (:func:`visibility.can_name_masters`), and the creator of a game
    that has not started if he does not play in it. A game master never plays in the
    game he runs: someone who holds, sits or was excluded from a seat of it cannot be
    named. And whoever named him takes no seat in the game while he runs it
    (kernel.refuse_game_master): a creator who left his game to name a second account
    cannot come back. One who removes his own choice before the start may join again:
    nobody he chose runs the game. In an anonymous game the record names the role, never
    the user, to anyone but site moderators (see games.selectors)."""
    game = game_locked(game.pk)
    if not visibility.can_name_masters(user=by, game=game):
        if visibility.plays_in(user=by, game=game):
            raise ApplicationError(_("You play in this game: you cannot name its game masters."))
        raise ApplicationError(
            _("Game masters of a game that has started are named by site moderators only.")
            if by.pk == game.created_by_id
            else _("Only the game's creator or a site moderator names game masters.")
        )
    if master and visibility.plays_in(user=user, game=game):
        raise ApplicationError(
            _("%(name)s plays in this game: a game master never plays in the game he runs.")
            % {"name": user.get_username()}
        )
    if master:
        game.masters.add(user, through_defaults={"named_by": by})
    else:
        game.masters.remove(user)
    action_record(
        game, by, ModeratorAction.Kind.MASTER, "", user=user.get_username(), master=master
    )
    bump(game)


#: The longest pause, whoever asks for it (the players' unanimous vote takes this).
PAUSE_MAX = timedelta(days=14)


@transaction.atomic
def game_pause(
    *,
    game: Game,
    by: AbstractBaseUser,
    reason: str,
    duration: timedelta = timedelta(days=3),
) -> None:
    """Stop the clock: the open phase keeps what is left of its time until resumed.

    A pause lasts at most ``duration`` (two weeks at most) and then ends by itself, and a
    game takes a limited number of pauses (``GAME_PAUSES_MAX``), so that nobody can hold
    a game paused.
    """
    game = moderated_game_locked(game, by)
    reason = reason_required(reason)
    if not timedelta(hours=1) <= duration <= PAUSE_MAX:
        raise ApplicationError(_("A pause lasts between an hour and 14 days."))
    pause_start(game, by, reason, duration)


def pause_start(
    game: Game,
    by: AbstractBaseUser | None,
    reason: str,
    duration: timedelta,
    **details: Any,
) -> None:
    """Stop the clock of the locked ``game``: the one pause, whether a moderator's or the
    players' (``by`` None: their unanimous vote, with ``details`` saying so). The open
    phase keeps what is left of its time; the pending pause votes are spent.

    Raises:
        ApplicationError: :func:`pause_refusal`, or the game has no open phase.
    """
    refusal = pause_refusal(game)
    if refusal is not None:
        raise ApplicationError(refusal)
    phase = open_phase_moderated(game)
    now = timezone.now()
    remaining = (phase.deadline - now).total_seconds() if phase.deadline else None
    game.paused_at = now
    game.pause_reason = reason
    game.paused_until = now + duration
    game.save(update_fields=["paused_at", "pause_reason", "paused_until"])
    phase.deadline = None
    phase.save(update_fields=["deadline"])
    phase.votes.filter(kind__in=[Vote.Kind.PAUSE, Vote.Kind.RESUME]).delete()
    remaining_seconds = None if remaining is None else max(remaining, 0)
    if by is None:
        ModeratorAction.objects.create(
            game=game,
            phase=phase,
            actor=None,
            kind=ModeratorAction.Kind.PAUSE,
            reason=reason,
            details={**details, "remaining_seconds": remaining_seconds},
        )
    else:
        action_record(
            game,
            by,
            ModeratorAction.Kind.PAUSE,
            reason,
            phase,
            remaining_seconds=remaining_seconds,
            **details,
        )
    bump(game)


@transaction.atomic
def game_resume(*, game: Game, by: AbstractBaseUser, reason: str = "") -> None:
    """Start the clock again with the time that was left (at least an hour)."""
    game = moderated_game_locked(game, by)
    if not game.is_paused:
        raise ApplicationError(_("The game is not paused."))
    pause_end(game, by, reason)


def pause_expire(*, game_id: int) -> bool:
    """End a pause whose time is up (the sweep calls this); False if there is none."""
    with transaction.atomic():
        game = game_locked(game_id)
        if not game.is_paused or game.paused_until is None or game.paused_until > timezone.now():
            return False
        pause_end(game, None, _("The pause's time was up."))
    return True


def pause_end(game: Game, by: AbstractBaseUser | None, reason: str, **details: Any) -> None:
    """Start the clock of the locked, paused ``game`` again with the time that was left (at
    least an hour): a moderator's resume, the pause's time up (``by`` None), or the players'
    unanimous vote (``by`` None, ``details`` saying so). The pending resume votes are
    spent."""
    phase = open_phase_moderated(game)
    pause = game.moderator_actions.filter(kind=ModeratorAction.Kind.PAUSE).last()
    details = pause.details if pause is not None else {}
    # A phase that had no clock when paused (a linked board waiting for the others) gets
    # none back: its clock starts when the others catch up (services.links).
    if not ("remaining_seconds" in details and details["remaining_seconds"] is None):
        left = details.get("remaining_seconds") or 0
        phase.deadline = timezone.now() + max(timedelta(seconds=left), timedelta(hours=1))
        phase.save(update_fields=["deadline"])
    game.paused_at = None
    game.pause_reason = ""
    game.paused_until = None
    game.save(update_fields=["paused_at", "pause_reason", "paused_until"])
    phase.votes.filter(kind__in=[Vote.Kind.PAUSE, Vote.Kind.RESUME]).delete()
    ModeratorAction.objects.create(
        game=game,
        phase=phase,
        actor=by,
        kind=ModeratorAction.Kind.RESUME,
        reason=reason,
        details=details,
    )
    bump(game)


@transaction.atomic
def deadline_extend(
    *,
    game: Game,
    by: AbstractBaseUser,
    extension: timedelta,
    reason: str,
    phase: int | None = None,
) -> GamePhase:
    """Move the deadline of the open phase ``phase`` (its index: the phase on the
    moderator's page) later."""
    game = moderated_game_locked(game, by)
    reason = reason_required(reason)
    if extension <= timedelta(0) or extension > timedelta(days=14):
        raise ApplicationError(_("An extension is between a minute and 14 days."))
    if game.is_paused:
        raise ApplicationError(_("The game is paused: resume it first."))
    return _deadline_moved(game, by, extension, reason, open_phase_moderated(game, phase))


def _deadline_moved(
    game: Game, by: AbstractBaseUser, extension: timedelta, reason: str, phase: GamePhase
) -> GamePhase:
    base = phase.deadline or timezone.now()
    # Days off do not count, and a fixed time of day is kept.
    phase.deadline = extend(base, extension, deadline_rule(game, phase.code))
    phase.save(update_fields=["deadline"])
    action_record(
        game,
        by,
        ModeratorAction.Kind.EXTEND,
        reason,
        phase,
        # What the deadline really moved: a fixed time of day or days off may add more.
        hours=round((phase.deadline - base).total_seconds() / 3600, 2),
        deadline=phase.deadline.isoformat(),
    )
    bump(game)
    return phase


@transaction.atomic
def phase_retry(*, game: Game, by: AbstractBaseUser, reason: str) -> GamePhase:
    """Adjudicate again a phase given up after failed attempts, once its cause is fixed
    (a corrected variant, repaired data). It is adjudicated at once; should it fail again
    as often, it is given up again. A ruling on the phase before it is the other way out:
    it supersedes the stuck phase and opens a new one from the corrected result."""
    game = moderated_game_locked(game, by)
    reason = reason_required(reason)
    phase = open_phase_moderated(game)
    if phase.stuck_since is None:
        raise ApplicationError(_("This phase is not waiting for a moderator."))
    failures = phase.failures
    phase.stuck_since = None
    phase.failures = 0
    phase_note(phase, "retried")
    phase.save(update_fields=["stuck_since", "failures", "notes"])
    action_record(game, by, ModeratorAction.Kind.RETRY, reason, phase, failures=failures)
    bump(game)
    adjudicate_after_commit(game.pk, phase.pk)
    return phase


@transaction.atomic
def seat_replace(
    *, game: Game, by: AbstractBaseUser, power: str, user: AbstractBaseUser, reason: str
) -> Seat:
    """Give a seat to another player, who may order for the phase now open."""
    game = moderated_game_locked(game, by)
    reason = reason_required(reason)
    seat = seat_of_power(game, power)
    if game.seats.filter(user=user).exclude(pk=seat.pk).exists():
        raise ApplicationError(_("That player already has a seat in this game."))
    refuse_game_master(game, user)
    previous = seat.user.get_username() if seat.user else ""
    seat_give(seat, user)
    action_record(
        game,
        by,
        ModeratorAction.Kind.REPLACE,
        reason,
        game.current_phase,
        power=power,
        previous=previous,
        replacement=user.get_username(),
    )
    bump(game)
    return seat


@transaction.atomic
def player_exclude(*, game: Game, by: AbstractBaseUser, power: str, reason: str) -> Seat:
    """Take a seat from its player: the power is in civil disorder until replaced, and
    nothing it had saved is executed."""
    game = moderated_game_locked(game, by)
    reason = reason_required(reason)
    seat = seat_of_power(game, power)
    if seat.user is None:
        raise ApplicationError(_("Nobody plays that power."))
    seat_exclude(seat)
    phase = game.current_phase
    if phase is not None:
        phase_note(phase, "excluded", power=power, by="moderator")
        phase.save(update_fields=["notes"])
    action_record(game, by, ModeratorAction.Kind.EXCLUDE, reason, phase, power=power)
    bump(game)
    return seat


@transaction.atomic
def late_orders_accept(
    *,
    game: Game,
    by: AbstractBaseUser,
    power: str,
    reason: str,
    orders: list[str] | None = None,
    phase: int | None = None,
) -> OrderSet:
    """Take a late player's orders before the phase ``phase`` (its index: the phase on
    the moderator's page; it must still be open) is adjudicated.

    The player's own saved orders count (or ``orders`` the moderator enters for them);
    a player excluded in this phase by the missed-orders rules gets the seat back.
    ``power`` is a seat's power, or a power another seat gives the orders of (a
    nation a seat controls where seats are no powers: the controller's seat is the one
    given back); every power the
    seat gives now is marked ready, ``orders`` going to ``power``.
    """
    game = moderated_game_locked(game, by)
    reason = reason_required(reason)
    return _late_taken(game, by, power, reason, orders, open_phase_moderated(game, phase))


def _late_taken(
    game: Game,
    by: AbstractBaseUser,
    power: str,
    reason: str,
    orders: list[str] | None,
    phase: GamePhase,
) -> OrderSet:
    position = phase_position(phase)
    variant = find_variant(game.variant)
    seats = {s.power: s for s in game.seats.select_for_update()}
    seat = seats.get(power) or givers(position, variant, seats).get(power)
    if seat is None:
        raise ApplicationError(_("This game has no such power."))
    if seat.user is None and seat.excluded_user_id is not None:
        # Undo the exclusion: the late player is back, the search for a replacement ends.
        seat.user_id = seat.excluded_user_id
        seat.excluded_user = None
    seat.civil_disorder = False
    seat.seeking_replacement_until = None
    seat.consecutive_misses = 0
    seat.save()
    order_set = order_set_of(phase, seat, power)
    if orders is not None:
        canonical, problems = order_problems(position=position, power=power, orders=orders)
        if problems:
            raise ApplicationError(_("Some orders were not accepted."), {"problems": problems})
        refuse_excess_orders(game, position, power, canonical)
        order_set.orders = canonical
    order_set.ready = True
    order_set.save()
    for other in seat_powers(position, variant, seat):
        if other != power:
            given = order_set_of(phase, seat, other)
            given.ready = True
            given.save()
    if orders is not None:
        # Orders he typed, not the player's: a game master alone moves the board.
        master_alone_mark(game, by)
    phase_note(phase, "late_accepted", power=power)
    phase.save(update_fields=["notes"])
    action_record(
        game,
        by,
        ModeratorAction.Kind.ACCEPT_LATE,
        reason,
        phase,
        power=power,
        orders_given=orders is not None,
    )
    bump(game)
    adjudicate_when_all_ready(game, phase)
    return order_set


@transaction.atomic
def game_end(
    *,
    game: Game,
    by: AbstractBaseUser,
    outcome: str,
    reason: str,
    winner: str = "",
    draw: list[str] | None = None,
) -> None:
    """End a running game as a draw, as a win for ``winner``, or by time (no draw: its
    powers rank by their centers where it stands). A draw is among the survivors, or,
    given ``draw``, among those powers alone (two survivors or more; the others lose,
    as in a draw voted without them).

    A game master's end (one who is not a site moderator) is his alone: the result counts
    for ratings once a site moderator confirms it (:func:`game_result_confirm`); a site
    moderator's own end counts at once, a game master's earlier rulings with it.
    A tournament's scores count a board its organisers call at once (tournaments.listeners).
    """
    game = moderated_game_locked(game, by)
    reason = reason_required(reason)
    if game.status != Game.Status.ACTIVE:
        raise ApplicationError(_("Only a running game can be ended."))
    if outcome == Game.Outcome.SOLO:
        if not game.seats.filter(power=winner).exists():
            raise ApplicationError(_("Name the power that wins."))
    elif outcome == Game.Outcome.DRAW:
        winner = draw_members(game, draw) if draw is not None else ""
    elif outcome == Game.Outcome.TIME:
        winner = ""
    else:
        raise ApplicationError(_("A game ends as a draw, as a win or by time."))
    now = timezone.now()
    phase = game.current_phase
    if phase is not None:
        phase.status = GamePhase.Status.RESOLVED
        phase.resolved_at = now
        phase_note(phase, "ended_by_moderator", outcome=outcome)
        phase.save(update_fields=["status", "resolved_at", "notes"])
    if visibility.is_moderator(by):
        if game.master_decided:
            game.result_confirmed_at = now
            game.save(update_fields=["result_confirmed_at"])
    else:
        master_alone_mark(game, by)
    game_finish(game, outcome, winner, now)
    action_record(game, by, ModeratorAction.Kind.END, reason, phase, outcome=outcome, winner=winner)
    bump(game)


def draw_members(game: Game, draw: list[str]) -> str:
    """The powers of a draw as Game.winner keeps them: "" for every survivor, else the
    powers named, joined by ",".

    Raises:
        ApplicationError: a power named is not a survivor of ``game``, is named twice, or
            fewer than two are named.
    """
    position = board_now(game)
    survivors = {
        s.power
        for s in game.seats.all()
        if position is not None and (position.centers_of(s.power) or position.units_of(s.power))
    }
    named = [p.strip().lower() for p in draw if p.strip()]
    if len(set(named)) != len(named) or not set(named) <= survivors:
        raise ApplicationError(_("A draw is shared by powers still on the board, each named once."))
    if len(named) < 2:
        raise ApplicationError(_("A draw is shared by two powers or more; one alone wins."))
    if set(named) == survivors:
        return ""
    return ",".join(sorted(named))


@transaction.atomic
def game_result_confirm(*, game: Game, by: AbstractBaseUser, reason: str = "") -> None:
    """A site moderator confirms the result of a finished game that a game master decided
    alone (an end he called, a phase he ruled on, orders he gave): from now on it counts
    for ratings, which tournaments hear of from the event ``result_confirmed`` (once:
    the ratings key each game's result).

    Raises:
        ApplicationError: ``by`` is not a site moderator who stays out of the game, or
            the result needs no confirmation or has it already.
    """
    game = game_locked(game.pk)
    if not visibility.is_moderator(by) or visibility.plays_in(user=by, game=game):
        raise ApplicationError(
            _("Only a site moderator who does not play in the game confirms its result.")
        )
    if not game.result_awaits_confirmation:
        raise ApplicationError(_("This game's result awaits no confirmation."))
    game.result_confirmed_at = timezone.now()
    game.save(update_fields=["result_confirmed_at"])
    action_record(
        game,
        by,
        ModeratorAction.Kind.CONFIRM,
        reason,
        game.phases.filter(status=GamePhase.Status.RESOLVED).order_by("-index").first(),
        outcome=game.outcome,
        winner=game.winner,
    )
    bump(game)
    events.announce(
        kind="result_confirmed",
        game=game,
        users=seated_users(game),
        key=f"confirmed:{game.pk}:{game.result_confirmed_at.isoformat()}",
        params={"game": game.name},
    )


def moderation_records_forget(user: AbstractBaseUser) -> None:
    """``user`` closes his account (a closing step, after his seats are given up): the
    moderation records that wrote his name down as text (the player replaced, his
    replacement, the game master named) name his closed account instead, which every page
    shows as "a former player"."""
    old, new = user.get_username(), closed_name(user.pk)
    named = (
        Q(details__previous=old)
        | Q(details__replacement=old)
        | Q(details__user=old)
        | Q(details__master=old)
    )
    for action in ModeratorAction.objects.filter(named):
        action.details = name_replaced(action.details, old, new)
        action.save(update_fields=["details"])
