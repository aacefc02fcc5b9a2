"""What moderators do to a game: pause and resume, extend a deadline, replace or exclude
a player, accept late orders, end a game, name game masters, and rule on a phase.

Every verb checks that the caller may moderate this game (a site moderator, or a game
master of it), runs in one transaction under the game's row lock, and leaves a
:class:`ModeratorAction` (who, when, why, what) that players see in the game's history.
A ruling never overwrites a phase: it supersedes it and the phases after it, and the
line of play is derived again from the corrected result with the orders and seeds that
were stored (:func:`ruling_apply`).
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from adjudicator import Position, PositionError, find_variant, resolve
from adjudicator.io import position_from_json, position_to_json
from games import visibility
from games.deadlines import extend
from games.models import Decision, Game, GamePhase, ModeratorAction, OrderSet, Ruling, Seat
from games.services import (
    ApplicationError,
    _bump,
    _finish,
    _open_phase,
    _open_phase_locked,
    _result_rows,
    adjudicate_after_commit,
    adjudicate_when_all_ready,
    deadline_rule,
    order_problems,
    phase_position,
    refuse_excess_orders,
    refuse_game_master,
)


def _locked_game(game: Game, by: AbstractBaseUser) -> Game:
    game = Game.objects.select_for_update().get(pk=game.pk)
    if not visibility.can_moderate(user=by, game=game):
        raise ApplicationError(_("Only a moderator of this game may do that."))
    return game


def _open_phase_of(game: Game) -> GamePhase:
    return _open_phase_locked(game, _("The game has no phase open."))


def _record(
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


def _need_reason(reason: str) -> str:
    reason = (reason or "").strip()
    if not reason:
        raise ApplicationError(_("Say why: players are shown the reason."))
    return reason


def _seat(game: Game, power: str) -> Seat:
    seat = game.seats.select_for_update().filter(power=power).first()
    if seat is None:
        raise ApplicationError(_("This game has no such power."))
    return seat


def _note(phase: GamePhase, note: dict[str, Any]) -> None:
    phase.notes = [*phase.notes, note]
    phase.save(update_fields=["notes"])


# -- game masters --------------------------------------------------------------------------


@transaction.atomic
def game_master_set(
    *, game: Game, by: AbstractBaseUser, user: AbstractBaseUser, master: bool = True
) -> None:
    """Make ``user`` a game master of this game (or no longer one).

    Site moderators may (:func:`visibility.can_name_masters`), and the creator of a game
    that has not started if he does not play in it. A game master never plays in the
    game he runs: someone who holds, sits or was excluded from a seat of it cannot be
    named. In an anonymous game the record names the role, never the user, to anyone but
    site moderators (see games.selectors)."""
    game = Game.objects.select_for_update().get(pk=game.pk)
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
        game.masters.add(user)
    else:
        game.masters.remove(user)
    _record(game, by, ModeratorAction.Kind.MASTER, "", user=user.get_username(), master=master)
    _bump(game)


# -- pause, resume, extend -------------------------------------------------------------------


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
    game = _locked_game(game, by)
    reason = _need_reason(reason)
    if game.is_paused:
        raise ApplicationError(_("The game is paused already."))
    if not timedelta(hours=1) <= duration <= timedelta(days=14):
        raise ApplicationError(_("A pause lasts between an hour and 14 days."))
    cap = int(getattr(settings, "GAME_PAUSES_MAX", 5))
    if game.moderator_actions.filter(kind=ModeratorAction.Kind.PAUSE).count() >= cap:
        raise ApplicationError(_("This game has had its %(n)s pauses.") % {"n": cap})
    phase = _open_phase_of(game)
    now = timezone.now()
    remaining = (phase.deadline - now).total_seconds() if phase.deadline else None
    game.paused_at = now
    game.pause_reason = reason
    game.paused_until = now + duration
    game.save(update_fields=["paused_at", "pause_reason", "paused_until"])
    phase.deadline = None
    phase.save(update_fields=["deadline"])
    _record(
        game,
        by,
        ModeratorAction.Kind.PAUSE,
        reason,
        phase,
        remaining_seconds=None if remaining is None else max(remaining, 0),
    )
    _bump(game)


@transaction.atomic
def game_resume(*, game: Game, by: AbstractBaseUser, reason: str = "") -> None:
    """Start the clock again with the time that was left (at least an hour)."""
    game = _locked_game(game, by)
    if not game.is_paused:
        raise ApplicationError(_("The game is not paused."))
    _resume(game, by, reason)


def pause_expire(*, game_id: int) -> bool:
    """End a pause whose time is up (the sweep calls this); False if there is none."""
    with transaction.atomic():
        game = Game.objects.select_for_update().get(pk=game_id)
        if not game.is_paused or game.paused_until is None or game.paused_until > timezone.now():
            return False
        _resume(game, None, _("The pause's time was up."))
    return True


def _resume(game: Game, by: AbstractBaseUser | None, reason: str) -> None:
    phase = _open_phase_of(game)
    pause = game.moderator_actions.filter(kind=ModeratorAction.Kind.PAUSE).last()
    left = (pause.details.get("remaining_seconds") if pause else None) or 0
    now = timezone.now()
    phase.deadline = now + max(timedelta(seconds=left), timedelta(hours=1))
    phase.save(update_fields=["deadline"])
    game.paused_at = None
    game.pause_reason = ""
    game.paused_until = None
    game.save(update_fields=["paused_at", "pause_reason", "paused_until"])
    ModeratorAction.objects.create(
        game=game, phase=phase, actor=by, kind=ModeratorAction.Kind.RESUME, reason=reason
    )
    _bump(game)


@transaction.atomic
def deadline_extend(
    *, game: Game, by: AbstractBaseUser, extension: timedelta, reason: str
) -> GamePhase:
    """Move the open phase's deadline later."""
    game = _locked_game(game, by)
    reason = _need_reason(reason)
    if extension <= timedelta(0) or extension > timedelta(days=14):
        raise ApplicationError(_("An extension is between a minute and 14 days."))
    if game.is_paused:
        raise ApplicationError(_("The game is paused: resume it first."))
    phase = _open_phase_of(game)
    base = phase.deadline or timezone.now()
    # Days off do not count, and a fixed time of day is kept.
    phase.deadline = extend(base, extension, deadline_rule(game, phase.code))
    phase.save(update_fields=["deadline"])
    _record(
        game,
        by,
        ModeratorAction.Kind.EXTEND,
        reason,
        phase,
        # What the deadline really moved: a fixed time of day or days off may add more.
        hours=round((phase.deadline - base).total_seconds() / 3600, 2),
        deadline=phase.deadline.isoformat(),
    )
    _bump(game)
    return phase


@transaction.atomic
def phase_retry(*, game: Game, by: AbstractBaseUser, reason: str) -> GamePhase:
    """Adjudicate again a phase given up after failed attempts, once its cause is fixed
    (a corrected variant, repaired data). It is adjudicated at once; should it fail again
    as often, it is given up again. A ruling on the phase before it is the other way out:
    it supersedes the stuck phase and opens a new one from the corrected result."""
    game = _locked_game(game, by)
    reason = _need_reason(reason)
    phase = _open_phase_of(game)
    if phase.stuck_since is None:
        raise ApplicationError(_("This phase is not waiting for a moderator."))
    failures = phase.failures
    phase.stuck_since = None
    phase.failures = 0
    phase.notes = [*phase.notes, {"kind": "retried"}]
    phase.save(update_fields=["stuck_since", "failures", "notes"])
    _record(game, by, ModeratorAction.Kind.RETRY, reason, phase, failures=failures)
    _bump(game)
    adjudicate_after_commit(game.pk, phase.pk)
    return phase


# -- players -----------------------------------------------------------------------------------


@transaction.atomic
def seat_replace(
    *, game: Game, by: AbstractBaseUser, power: str, user: AbstractBaseUser, reason: str
) -> Seat:
    """Give a seat to another player, who may order for the phase now open."""
    game = _locked_game(game, by)
    reason = _need_reason(reason)
    seat = _seat(game, power)
    if game.seats.filter(user=user).exclude(pk=seat.pk).exists():
        raise ApplicationError(_("That player already has a seat in this game."))
    refuse_game_master(game, user)
    previous = seat.user.get_username() if seat.user else ""
    seat.user = user
    seat.joined_at = timezone.now()
    seat.civil_disorder = False
    seat.seeking_replacement_until = None
    seat.consecutive_misses = 0
    seat.save()
    _record(
        game,
        by,
        ModeratorAction.Kind.REPLACE,
        reason,
        game.current_phase,
        power=power,
        previous=previous,
        replacement=user.get_username(),
    )
    _bump(game)
    return seat


@transaction.atomic
def player_exclude(*, game: Game, by: AbstractBaseUser, power: str, reason: str) -> Seat:
    """Take a seat from its player: the power is in civil disorder until replaced, and
    nothing it had saved is executed."""
    game = _locked_game(game, by)
    reason = _need_reason(reason)
    seat = _seat(game, power)
    if seat.user is None:
        raise ApplicationError(_("Nobody plays that power."))
    seat.excluded_user = seat.user
    seat.user = None
    seat.civil_disorder = True
    seat.save(update_fields=["excluded_user", "user", "civil_disorder"])
    phase = game.current_phase
    if phase is not None:
        _note(phase, {"kind": "excluded", "power": power, "by": "moderator"})
    _record(game, by, ModeratorAction.Kind.EXCLUDE, reason, phase, power=power)
    _bump(game)
    return seat


@transaction.atomic
def late_orders_accept(
    *,
    game: Game,
    by: AbstractBaseUser,
    power: str,
    reason: str,
    orders: list[str] | None = None,
) -> OrderSet:
    """Take a late player's orders before the phase is adjudicated.

    The player's own saved orders count (or ``orders`` the moderator enters for them);
    a player excluded in this phase by the missed-orders rules gets the seat back.
    """
    game = _locked_game(game, by)
    reason = _need_reason(reason)
    phase = _open_phase_of(game)
    seat = _seat(game, power)
    if seat.user is None and seat.excluded_user_id is not None:
        # Undo the exclusion: the late player is back, the search for a replacement ends.
        seat.user_id = seat.excluded_user_id
        seat.excluded_user = None
    seat.civil_disorder = False
    seat.seeking_replacement_until = None
    seat.consecutive_misses = 0
    seat.save()
    order_set, _created = OrderSet.objects.get_or_create(phase=phase, seat=seat)
    if orders is not None:
        position = phase_position(phase)
        canonical, problems = order_problems(position=position, power=power, orders=orders)
        if problems:
            raise ApplicationError(_("Some orders were not accepted."), {"problems": problems})
        refuse_excess_orders(game, position, power, canonical)
        order_set.orders = canonical
    order_set.ready = True
    order_set.save()
    _note(phase, {"kind": "late_accepted", "power": power})
    _record(game, by, ModeratorAction.Kind.ACCEPT_LATE, reason, phase, power=power)
    _bump(game)
    adjudicate_when_all_ready(game, phase)
    return order_set


# -- decisions the rules leave to the game master --------------------------------------------


@transaction.atomic
def decision_answer(
    *, decision: Decision, by: AbstractBaseUser, answer: str, reason: str = ""
) -> Decision:
    """Answer a question a variant's rules left to the game master. When the phase has no
    question left open, it is adjudicated (after this transaction commits)."""
    game = _locked_game(decision.phase.game, by)
    decision = Decision.objects.select_for_update().select_related("phase").get(pk=decision.pk)
    phase = decision.phase
    if decision.answer is not None or phase.status != GamePhase.Status.OPEN:
        raise ApplicationError(_("This question is answered already."))
    answer = (answer or "").strip()
    if not answer or (decision.choices and answer not in decision.choices):
        raise ApplicationError(
            _("Answer with one of: %(choices)s.") % {"choices": ", ".join(decision.choices)}
            if decision.choices
            else _("Give an answer.")
        )
    decision.answer = answer
    decision.answered_by = by
    decision.answered_at = timezone.now()
    decision.save(update_fields=["answer", "answered_by", "answered_at"])
    _record(
        game,
        by,
        ModeratorAction.Kind.DECISION,
        reason,
        phase,
        key=decision.key,
        question=decision.question,
        answer=answer,
    )
    _bump(game)
    if not phase.decisions.filter(answer=None).exists():
        adjudicate_after_commit(game.pk, phase.pk)
    return decision


# -- the end ----------------------------------------------------------------------------------


@transaction.atomic
def game_end(
    *, game: Game, by: AbstractBaseUser, outcome: str, reason: str, winner: str = ""
) -> None:
    """End a running game as a draw among the survivors, or as a win for ``winner``."""
    game = _locked_game(game, by)
    reason = _need_reason(reason)
    if game.status != Game.Status.ACTIVE:
        raise ApplicationError(_("Only a running game can be ended."))
    if outcome == Game.Outcome.SOLO:
        if not game.seats.filter(power=winner).exists():
            raise ApplicationError(_("Name the power that wins."))
    elif outcome == Game.Outcome.DRAW:
        winner = ""
    else:
        raise ApplicationError(_("A game ends as a draw or as a win."))
    now = timezone.now()
    phase = game.current_phase
    if phase is not None:
        phase.status = GamePhase.Status.RESOLVED
        phase.resolved_at = now
        phase.notes = [*phase.notes, {"kind": "ended_by_moderator", "outcome": outcome}]
        phase.save(update_fields=["status", "resolved_at", "notes"])
    _finish(game, outcome, winner, now)
    _record(game, by, ModeratorAction.Kind.END, reason, phase, outcome=outcome, winner=winner)
    _bump(game)


# -- rulings ------------------------------------------------------------------------------------


def _stored_orders(phase: GamePhase) -> dict[str, list[str]]:
    """The orders a phase was adjudicated with (older phases: the saved order sets)."""
    if phase.adjudicated_orders is not None:
        return {p: list(o) for p, o in phase.adjudicated_orders.items()}
    return {
        o.seat.power: list(o.orders)
        for o in phase.order_sets.select_related("seat")
        if o.orders and not o.seat.civil_disorder
    }


@transaction.atomic
def ruling_apply(
    *,
    game: Game,
    by: AbstractBaseUser,
    phase: GamePhase,
    reason: str,
    orders: dict[str, list[str]] | None = None,
    position: dict[str, Any] | None = None,
) -> Ruling:
    """Correct an adjudicated phase: adjudicate it again with ``orders`` (every power's,
    as the ruling has them), or replace its result with ``position`` (the position that
    follows it, in the adjudicator's JSON form).

    The phase and every phase after it are marked superseded, not changed. The corrected
    phase is stored anew, and each later phase is derived again from it with the orders
    and the seed stored for it, as long as the same phases follow; the first phase that
    the correction brings about anew, or the phase that was open, is opened for orders.
    """
    game = _locked_game(game, by)
    reason = _need_reason(reason)
    phase = GamePhase.objects.select_for_update().get(pk=phase.pk, game=game)
    if phase.status != GamePhase.Status.RESOLVED:
        raise ApplicationError(_("Only an adjudicated phase of the current line can be ruled on."))
    if game.status == Game.Status.FINISHED and game.outcome != Game.Outcome.SOLO:
        raise ApplicationError(_("A game ended by agreement or by a moderator takes no rulings."))
    if (orders is None) == (position is None):
        raise ApplicationError(_("A ruling gives either orders or a position."))
    variant = find_variant(game.variant)
    before = phase_position(phase)
    if orders is not None:
        checked: dict[str, list[str]] = {}
        for power, texts in orders.items():
            if not game.seats.filter(power=power).exists():
                raise ApplicationError(_("This game has no such power."))
            canonical, problems = order_problems(position=before, power=power, orders=texts)
            if problems:
                raise ApplicationError(_("Some orders were not accepted."), {"problems": problems})
            checked[power] = canonical
        resolution = resolve(before, checked, seed=phase.seed, variant=variant)
        corrected, results = resolution.position, _result_rows(resolution.results)
    else:
        try:
            corrected, _orders = position_from_json(position)
        except PositionError as e:
            raise ApplicationError(
                _("The position cannot be read: %(problem)s (at %(path)s)")
                % {"problem": e.message, "path": e.path or "-"}
            ) from None
        if corrected.variant != variant.id:
            raise ApplicationError(_("The position belongs to another variant."))
        checked = _stored_orders(phase)
        results = phase.results or []
    ruling = Ruling.objects.create(
        game=game,
        phase=phase,
        actor=by,
        kind=Ruling.Kind.ORDERS if orders is not None else Ruling.Kind.POSITION,
        reason=reason,
        orders=checked if orders is not None else None,
        position=position_to_json(corrected) if position is not None else None,
        before=phase.position_after or {},
        after=position_to_json(corrected),
    )
    line = list(
        GamePhase.objects.select_for_update()
        .filter(game=game, index__gte=phase.index)
        .exclude(status=GamePhase.Status.SUPERSEDED)
        .order_by("index")
    )
    was_open = next((p for p in line if p.status == GamePhase.Status.OPEN), None)
    later = [p for p in line if p.pk != phase.pk and p.status == GamePhase.Status.RESOLVED]
    for old in line:
        old.status = GamePhase.Status.SUPERSEDED
        old.superseded_by = ruling
        old.save(update_fields=["status", "superseded_by"])
    index = (
        GamePhase.objects.filter(game=game)
        .order_by("-index")
        .values_list("index", flat=True)
        .first()
    )
    assert index is not None
    now = timezone.now()
    index += 1
    _copy_resolved(
        game,
        phase,
        index,
        checked,
        results,
        corrected,
        ruling,
        now,
        notes=[{"kind": "ruling", "ruling": ruling.pk, "reason": reason}],
    )
    current = corrected
    game_over = variant.winner(current)
    for old in later:
        if game_over is not None or str(current.phase) != old.code:
            break  # the correction changed what follows: players order from here on
        index += 1
        stored = _stored_orders(old)
        resolution = resolve(current, stored, seed=old.seed, variant=variant)
        _copy_resolved(
            game,
            old,
            index,
            stored,
            _result_rows(resolution.results),
            resolution.position,
            ruling,
            now,
            notes=list(old.notes),
            position=current,
        )
        current = resolution.position
        game_over = variant.winner(current)
    if game_over is not None:
        _finish(game, Game.Outcome.SOLO, game_over, now)
    else:
        if game.status == Game.Status.FINISHED:
            game.status = Game.Status.ACTIVE  # the solo the ruling took away
            game.outcome = ""
            game.winner = ""
            game.finished_at = None
            game.save(update_fields=["status", "outcome", "winner", "finished_at"])
        opened = _open_phase(game, current, index=index + 1, now=now)
        opened.derived_from = ruling
        if was_open is not None and was_open.code == opened.code and was_open.deadline:
            opened.deadline = max(was_open.deadline, now + timedelta(hours=1))
            for o in was_open.order_sets.all():
                OrderSet.objects.create(phase=opened, seat=o.seat, orders=o.orders)
        opened.save(update_fields=["derived_from", "deadline"])
    _record(
        game,
        by,
        ModeratorAction.Kind.RULING,
        reason,
        phase,
        ruling=ruling.pk,
        phase_code=phase.code,
    )
    _bump(game)
    return ruling


def _copy_resolved(
    game: Game,
    original: GamePhase,
    index: int,
    orders: dict[str, list[str]],
    results: list[dict[str, Any]],
    after: Position,
    ruling: Ruling,
    now: Any,
    *,
    notes: list[dict[str, Any]],
    position: Position | None = None,
) -> GamePhase:
    """A resolved phase of the corrected line, stored whole, with its orders."""
    copy = GamePhase.objects.create(
        game=game,
        index=index,
        code=original.code,
        status=GamePhase.Status.RESOLVED,
        adjudicated_orders=orders,
        position=position_to_json(position) if position is not None else original.position,
        deadline=original.deadline,
        seed=original.seed,
        results=results,
        position_after=position_to_json(after),
        resolved_at=now,
        notes=notes,
        derived_from=ruling,
    )
    seats = {s.power: s for s in game.seats.all()}
    for power, texts in orders.items():
        OrderSet.objects.create(phase=copy, seat=seats[power], orders=texts, ready=True)
    return copy
