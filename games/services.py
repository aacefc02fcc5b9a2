"""The verbs of a game: create, join, leave, start, submit orders, mark ready,
adjudicate a phase, vote for a draw.

Every service is keyword-only, runs in one transaction where it writes, and
raises :class:`ApplicationError` with a message a player can read. Views,
API views, consumers and tasks call these and nothing else.
"""

from __future__ import annotations

import hashlib
import logging
import random
from datetime import time as dt_time
from datetime import timedelta
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.db.models import F, Q
from django.utils import timezone
from django.utils.translation import gettext as _

from adjudicator import (
    ParseError,
    Position,
    PositionError,
    check_order,
    find_variant,
    parse_order,
    resolve,
)
from adjudicator.io import position_from_json, position_to_json
from adjudicator.variants import Variant
from games import events, visibility, wording
from games.deadlines import DeadlineRule, extend, next_deadline
from games.live import game_changed_publish
from games.models import (
    Decision,
    DrawVote,
    Duel,
    Game,
    GamePhase,
    OrderSet,
    PhaseDuty,
    Seat,
)
from games.queue import after_commit, task_after_commit
from notifications.models import REMINDER_HOURS_MAX

log = logging.getLogger(__name__)

#: The task that adjudicates one phase, queued by name (games/tasks.py).
ADJUDICATE = "games.tasks.adjudicate_phase"
#: Adjudication attempts that raise before a phase is given up to the moderators.
MAX_ADJUDICATION_FAILURES = 3


class ApplicationError(Exception):
    """A request the rules or the game's state refuse; ``message`` is for the player.
    ``code`` names the kind of refusal, for callers that answer kinds apart (the API's
    status, diplosite.api.REFUSAL_STATUS)."""

    code = "refused"

    def __init__(self, message: str, extra: dict[str, Any] | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.extra = extra or {}


class NotSeated(ApplicationError):
    """The caller has no seat in the game (nor sits for one), so may not play in it: one
    refusal for every verb, which the API answers with 403."""

    code = "not_seated"

    def __init__(self, message: str | None = None) -> None:
        super().__init__(message or _("You have no seat in this game."))


# -- reading positions -----------------------------------------------------------------


def phase_position(phase: GamePhase) -> Position:
    """The adjudicator's position for a stored phase."""
    position, _orders = position_from_json(phase.position)
    return position


def powers_to_order(position: Position, variant: Variant) -> set[str]:
    """Powers that have orders to give in this position (the variant decides: in a
    draft, only the colour whose pick it is)."""
    return set(variant.orders_due(position))


def _phase_seed(game: Game, index: int) -> int:
    digest = hashlib.sha256(f"{game.seed}:{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def _bump(game: Game) -> None:
    """Count a change watchers should see, and tell them once the transaction commits."""
    Game.objects.filter(pk=game.pk).update(version=F("version") + 1)
    game.refresh_from_db(fields=["version"])
    after_commit(game_changed_publish, game_id=game.pk, version=game.version)


# -- creating and joining ------------------------------------------------------------------


def _thawed(options: Any) -> dict[str, Any]:
    from adjudicator.board import thaw

    return dict(thaw(options))


@transaction.atomic
def game_create(
    *,
    created_by: AbstractBaseUser,
    name: str,
    variant_id: str = "standard",
    private: bool = False,
    anonymous: bool = False,
    assignment: str = Game.Assignment.RANDOM,
    start_when_full: bool = True,
    movement_deadline: timedelta = timedelta(hours=24),
    retreat_deadline: timedelta = timedelta(hours=12),
    adjustment_deadline: timedelta = timedelta(hours=12),
    setup_deadline: timedelta = timedelta(hours=12),
    deadline_time: dt_time | None = None,
    time_zone: str = "UTC",
    days_off: list[int] | None = None,
    nmr_policy: str = Game.NmrPolicy.IMMEDIATE,
    exclude_after: int | None = None,
    min_reliability: int = 0,
    options: dict[str, Any] | None = None,
    duel: bool = False,
    join: bool = True,
    power: str | None = None,
    press: str = Game.Press.FULL,
    vacation_handling: str = Game.VacationHandling.EXTEND,
    reminder_hours: int = 6,
    extensions_per_player: int = 1,
    extensions_per_game: int = 3,
) -> Game:
    """Create a game with an open seat per power; the creator joins unless ``join`` is False.

    ``options`` are the variant's rule choices (checked by the adjudicator); with
    ``duel`` the game is board A of a twin-board duel, and board B is made when
    board A's set-up is done. ``press`` is full (the default), public (messages to
    everyone only) or none (gunboat).
    """
    name = name.strip()
    if not name:
        raise ApplicationError(_("A game needs a name."))
    try:
        variant = find_variant(variant_id)
    except ValueError:
        raise ApplicationError(_("Unknown variant.")) from None
    try:
        checked = variant.check_options(options or {})
    except PositionError as e:
        raise ApplicationError(
            _("The variant's options are not valid: %(problem)s") % {"problem": e.message},
            {"field": e.path},
        ) from None
    if duel and not variant.duel_boards:
        raise ApplicationError(_("Only Highlander games can be played as twin-board duels."))
    if variant.powers_by_lot and assignment == Game.Assignment.CHOSEN:
        raise ApplicationError(
            _("In %(variant)s the powers are drawn by lot: players cannot choose them.")
            % {"variant": variant.name}
        )
    for label, value in (
        (_("movement"), movement_deadline),
        (_("retreats"), retreat_deadline),
        (_("adjustments"), adjustment_deadline),
        (_("set-up"), setup_deadline),
    ):
        if value < timedelta(minutes=1) or value > timedelta(days=14):
            raise ApplicationError(
                _("The %(phase)s deadline must be between one minute and 14 days.")
                % {"phase": label}
            )
    try:
        DeadlineRule(
            duration=movement_deadline,
            at_time=deadline_time,
            timezone=time_zone,
            days_off=frozenset(days_off or ()),
        )
    except ValueError as e:
        raise ApplicationError(
            _("The deadlines are not valid: %(problem)s") % {"problem": e}
        ) from None
    if nmr_policy not in Game.NmrPolicy.values:
        raise ApplicationError(_("Unknown policy for missed orders."))
    if press not in Game.Press.values:
        raise ApplicationError(_("Unknown press setting."))
    if not 0 <= min_reliability <= 100 or (exclude_after is not None and exclude_after < 1):
        raise ApplicationError(_("Reliability is a percentage; exclusion needs one miss or more."))
    if vacation_handling not in Game.VacationHandling.values:
        raise ApplicationError(_("Unknown way of handling vacations."))
    if not 0 <= reminder_hours <= REMINDER_HOURS_MAX:
        raise ApplicationError(
            _("Reminders come at most %(n)s hours before a deadline (0: none).")
            % {"n": REMINDER_HOURS_MAX}
        )
    if not 0 <= extensions_per_player <= extensions_per_game <= 30:
        raise ApplicationError(
            _("Extensions: at most 30 a game, and a player's share no more than the game's.")
        )
    game = Game.objects.create(
        name=name,
        variant=variant.id,
        deadline_time=deadline_time,
        timezone=time_zone,
        days_off=sorted(set(days_off or ())),
        nmr_policy=nmr_policy,
        exclude_after=exclude_after,
        min_reliability=min_reliability,
        press=press,
        vacation_handling=vacation_handling,
        reminder_hours=reminder_hours,
        extensions_per_player=extensions_per_player,
        extensions_per_game=extensions_per_game,
        created_by=created_by,
        private=private,
        anonymous=anonymous,
        assignment=assignment,
        start_when_full=start_when_full,
        movement_deadline=movement_deadline,
        retreat_deadline=retreat_deadline,
        adjustment_deadline=adjustment_deadline,
        setup_deadline=setup_deadline,
        options=_thawed(checked),
        seed=random.SystemRandom().getrandbits(62),
    )
    Seat.objects.bulk_create(Seat(game=game, power=p) for p in variant.seats(checked))
    if duel:
        Duel.objects.create(board_a=game)
    if join:
        game_join(game=game, user=created_by, power=power, invite_code=game.invite_code)
    return game


@transaction.atomic
def game_join(
    *,
    game: Game,
    user: AbstractBaseUser,
    power: str | None = None,
    invite_code: str | None = None,
) -> Seat:
    """Take a seat in a forming game (the chosen power, if the game lets players choose)."""
    game = Game.objects.select_for_update().get(pk=game.pk)
    if game.status != Game.Status.FORMING:
        raise ApplicationError(_("This game has already started."))
    if game.private and invite_code != game.invite_code:
        raise ApplicationError(_("This game is private: join it through its invite link."))
    if game.seats.filter(user=user).exists():
        raise ApplicationError(_("You already have a seat in this game."))
    refuse_game_master(game, user)
    _check_reliability(game, user)
    open_seats = game.seats.select_for_update().filter(user__isnull=True)
    if game.assignment == Game.Assignment.CHOSEN and power:
        seat = open_seats.filter(power=power).first()
        if seat is None and not game.seats.filter(power=power).exists():
            raise ApplicationError(
                _("%(power)s is not a power of this game.") % {"power": wording.power_name(power)}
            )
        if seat is None:
            raise ApplicationError(_("That power is already taken."))
    else:
        seat = open_seats.order_by("power").first()
        if seat is None:
            raise ApplicationError(_("This game is full."))
    seat.user = user
    seat.joined_at = timezone.now()
    seat.save(update_fields=["user", "joined_at"])
    _bump(game)
    if game.start_when_full and not game.seats.filter(user__isnull=True).exists():
        game_start(game=game)
    return seat


def refuse_game_master(game: Game, user: AbstractBaseUser) -> None:
    """A game master never plays in the game he runs: he takes no seat in it, sits for
    none and replaces nobody (and a player is never named one: moderation.py)."""
    if game.masters.filter(pk=user.pk).exists():
        raise ApplicationError(
            _("%(name)s is a game master of this game: a game master never plays in it.")
            % {"name": user.get_username()}
        )


def _check_reliability(game: Game, user: AbstractBaseUser) -> None:
    if not game.min_reliability:
        return
    from games.selectors import reliability_of

    figure = reliability_of(user=user)
    if figure is not None and figure < game.min_reliability:
        raise ApplicationError(
            _("This game asks for a reliability of %(needed)s%%; yours is %(yours)s%%.")
            % {"needed": game.min_reliability, "yours": figure}
        )


@transaction.atomic
def seat_take_over(
    *, game: Game, user: AbstractBaseUser, power: str, invite_code: str | None = None
) -> Seat:
    """Take a seat offered to replacement players (its player missed orders or was
    excluded); the replacement may order for the phase now open. A private game's seats
    are offered to invited users alone: the invite code must come with the request."""
    game = Game.objects.select_for_update().get(pk=game.pk)
    if game.private and invite_code != game.invite_code:
        raise ApplicationError(_("This game is private: take over a seat through its invite link."))
    if game.status != Game.Status.ACTIVE:
        raise ApplicationError(_("Only a running game takes replacements."))
    seat = game.seats.select_for_update().filter(power=power).first()
    now = timezone.now()
    offered = (
        seat is not None
        and seat.user_id is None
        and (
            seat.civil_disorder
            or (seat.seeking_replacement_until is not None and seat.seeking_replacement_until > now)
        )
    )
    if seat is None or not offered or seat.eliminated:
        raise ApplicationError(_("That seat is not looking for a player."))
    if game.seats.filter(user=user).exists() or seat.excluded_user_id == user.pk:
        raise ApplicationError(_("You cannot take over a seat in a game you play or left."))
    refuse_game_master(game, user)
    _check_reliability(game, user)
    seat.user = user
    seat.joined_at = now
    seat.civil_disorder = False
    seat.seeking_replacement_until = None
    seat.consecutive_misses = 0
    seat.save()
    phase = game.current_phase
    if phase is not None:
        phase.notes = [*phase.notes, {"kind": "replaced", "power": power}]
        phase.save(update_fields=["notes"])
    _bump(game)
    return seat


@transaction.atomic
def game_leave(*, game: Game, user: AbstractBaseUser) -> None:
    """Give up a seat before the game starts."""
    game = Game.objects.select_for_update().get(pk=game.pk)
    if game.status != Game.Status.FORMING:
        raise ApplicationError(_("You cannot leave a game that has started."))
    seat = game.seats.filter(user=user).first()
    if seat is None:
        raise NotSeated
    seat.user = None
    seat.joined_at = None
    seat.save(update_fields=["user", "joined_at"])
    _bump(game)


@transaction.atomic
def game_start(*, game: Game, by: AbstractBaseUser | None = None) -> Game:
    """Start a full game: powers are dealt (if random) and the first phase opens."""
    game = Game.objects.select_for_update().get(pk=game.pk)
    if by is not None and by != game.created_by:
        raise ApplicationError(_("Only the game's creator can start it."))
    if game.status != Game.Status.FORMING:
        raise ApplicationError(_("This game has already started."))
    seats = list(game.seats.select_for_update().order_by("power"))
    if any(s.user_id is None for s in seats):
        raise ApplicationError(_("Every power needs a player before the game can start."))
    if game.assignment == Game.Assignment.RANDOM:
        # Deal the powers from the game's seed, so the deal can be audited.
        users = [s.user_id for s in seats]
        random.Random(game.seed).shuffle(users)
        for seat, user_id in zip(seats, users, strict=True):
            seat.user_id = user_id
        Seat.objects.filter(game=game).update(user=None)
        Seat.objects.bulk_update(seats, ["user"])
    variant = find_variant(game.variant)
    now = timezone.now()
    game.status = Game.Status.ACTIVE
    game.started_at = now
    game.save(update_fields=["status", "started_at"])
    try:
        first = variant.initial_position(game.options)
    except PositionError as e:
        raise ApplicationError(
            _("The variant's options are not valid: %(problem)s") % {"problem": e.message}
        ) from None
    duel = Duel.objects.select_for_update().filter(board_a=game).first()
    if duel is not None and not first.phase.is_setup:
        _start_board_b(duel, game, first, index=0, now=now)  # a set-up fixed by the organiser
    else:
        _open_phase(game, first, index=0, now=now)
    _bump(game)
    events.announce(
        kind="game_started",
        game=game,
        users=_seated(game),
        key=f"started:{game.pk}",
        params={"game": game.name},
    )
    return game


def _open_phase(
    game: Game, position: Position, *, index: int, now: Any, waiting: bool = False
) -> GamePhase:
    """Open the next phase; a ``waiting`` one (a duel board ahead of the other) gets its
    deadline only when the other board catches up."""
    from games.absences import deadline_around_vacations

    code = str(position.phase)
    deadline = None
    if not waiting:
        deadline = next_deadline(now, deadline_rule(game, code))
        deadline = deadline_around_vacations(game, position, deadline)
    return GamePhase.objects.create(
        game=game,
        index=index,
        code=code,
        position=position_to_json(position),
        deadline=deadline,
        seed=_phase_seed(game, index),
    )


def deadline_rule(game: Game, code: str) -> DeadlineRule:
    """The game's deadline settings for a phase of this kind.

    With a fixed time of day, the phase's duration is a minimum less a tenth (at most two
    hours) of slack, so that "24 hours, at 20:00" gives a deadline every day at 20:00 even
    though each phase opens a few seconds after the last deadline, and on the 23-hour day
    of a daylight-saving change.
    """
    duration = game.deadline_for(code)
    if game.deadline_time is not None:
        duration -= min(duration / 10, timedelta(hours=2))
    return DeadlineRule(
        duration=duration,
        at_time=game.deadline_time,
        timezone=game.timezone,
        days_off=frozenset(game.days_off),
    )


# -- orders --------------------------------------------------------------------------------


def _seat_for(game: Game, user: AbstractBaseUser, *, sitter_ok: bool = True) -> Seat:
    """The seat ``user`` orders for: their own, or (``sitter_ok``) the one they sit for
    while its player is on vacation."""
    if sitter_ok:
        seat = visibility.acting_seat(user=user, game=game)
    else:
        seat = visibility.seat_of(user=user, game=game)
    if seat is None:
        raise NotSeated
    return seat


def _open_phase_locked(game: Game, refusal: str | None = None) -> GamePhase:
    """The game's open phase, row-locked; ``refusal`` (or "already adjudicated") is the
    player's message when there is none."""
    phase = (
        GamePhase.objects.select_for_update()
        .filter(game=game, status=GamePhase.Status.OPEN)
        .order_by("-index")
        .first()
    )
    if phase is None or game.status != Game.Status.ACTIVE:
        raise ApplicationError(refusal or _("The phase has already been adjudicated."))
    return phase


def order_problems(
    *, position: Position, power: str, orders: list[str]
) -> tuple[list[str], list[dict[str, str]]]:
    """Canonical texts of the orders, and a list of problems (order, message)."""
    variant = find_variant(position.variant)
    canonical: list[str] = []
    problems: list[dict[str, str]] = []
    for text in orders:
        if not isinstance(text, str) or not text.strip():
            continue
        try:
            order = parse_order(text, variant.map, position=position, power=power)
        except ParseError as e:
            problems.append({"order": str(text), "message": wording.parse_problem(e)})
            continue
        problem = check_order(position, power, order)
        if problem is not None:
            problems.append({"order": str(text), "message": wording.explanation(problem)})
            continue
        canonical.append(str(order))
    return canonical, problems


@transaction.atomic
def orders_submit(
    *, game: Game, user: AbstractBaseUser, orders: list[str], phase_id: int | None = None
) -> OrderSet:
    """Save a power's orders for the open phase, replacing what was saved.

    Every order is checked by the adjudicator; if any cannot be read or is
    illegal, nothing is saved and the error lists each problem. A later order
    for the same unit replaces an earlier one. Saving clears the ready mark.
    """
    game = Game.objects.select_for_update().get(pk=game.pk)
    seat = _seat_for(game, user)
    phase = _open_phase_locked(game)
    if phase_id is not None and phase.pk != phase_id:
        raise ApplicationError(_("The phase has already been adjudicated."))
    position = phase_position(phase)
    canonical, problems = order_problems(position=position, power=seat.power, orders=orders)
    if problems:
        raise ApplicationError(_("Some orders were not accepted."), {"problems": problems})
    by_unit: dict[str, str] = {}
    for n, text in enumerate(canonical):
        # A later order for the same unit (or build site) replaces an earlier one.
        key = f"waive-{n}" if text == "WAIVE" else text.split()[1].split("/")[0]
        by_unit[key] = text
    refuse_excess_orders(game, position, seat.power, list(by_unit.values()))
    order_set, _created = OrderSet.objects.get_or_create(phase=phase, seat=seat)
    order_set.orders = list(by_unit.values())
    order_set.ready = False
    order_set.save()
    _not_due_yet(phase)
    _bump(game)
    return order_set


def refuse_excess_orders(game: Game, position: Position, power: str, orders: list[str]) -> None:
    """Refuse, at entry, orders that together give more than the rules allow (two builds
    where one is allowed, a longer nomination list): the variant says what is excess."""
    variant = find_variant(game.variant)
    parsed = [parse_order(t, variant.map, position=position, power=power) for t in orders]
    excess = variant.order_set_excess(position, power, parsed)
    if excess is not None:
        reason, params = excess
        message = wording.result_sentence(reason.value, params) or reason.value
        raise ApplicationError(
            _("Not saved: %(problem)s.") % {"problem": message}, {"reason_code": reason.value}
        )


@transaction.atomic
def orders_ready(*, game: Game, user: AbstractBaseUser, ready: bool) -> OrderSet:
    """Mark a power ready (or not). When every power with orders to give is ready,
    the phase is adjudicated at once (after this transaction commits)."""
    game = Game.objects.select_for_update().get(pk=game.pk)
    seat = _seat_for(game, user)
    phase = _open_phase_locked(game)
    order_set, _created = OrderSet.objects.get_or_create(phase=phase, seat=seat)
    if ready:
        _check_whole_answer(game, phase, seat.power, order_set.orders)
    order_set.ready = ready
    order_set.save(update_fields=["ready", "updated_at"])
    _bump(game)
    if ready:
        adjudicate_when_all_ready(game, phase)
    else:
        _not_due_yet(phase)
    return order_set


def _not_due_yet(phase: GamePhase) -> None:
    """A power is no longer ready: the phase waits for its deadline again."""
    if phase.due_now:
        phase.due_now = False
        phase.save(update_fields=["due_now"])


def adjudicate_when_all_ready(game: Game, phase: GamePhase) -> None:
    """When every power with orders to give is ready, queue the phase's adjudication
    (after this transaction commits)."""
    if _everyone_ready(game, phase):
        adjudicate_after_commit(game.pk, phase.pk)


def adjudicate_after_commit(game_id: int, phase_id: int) -> None:
    """Mark a phase due now and queue its adjudication once the current transaction
    commits. The mark is the guarantee: if the task cannot be queued (the broker away),
    beat's sweep finds the phase due and queues it; the request that committed never
    fails for it."""
    GamePhase.objects.filter(pk=phase_id, status=GamePhase.Status.OPEN).update(due_now=True)
    task_after_commit(ADJUDICATE, game_id, phase_id)


def _check_whole_answer(game: Game, phase: GamePhase, power: str, orders: list[str]) -> None:
    """Refuse "ready" for orders that are not yet a whole answer (a short nomination list,
    a center with no unit placed): the variant says what a whole answer is."""
    variant = find_variant(game.variant)
    position = phase_position(phase)
    if power not in variant.orders_due(position):
        return
    parsed = []
    for text in orders:
        try:
            parsed.append(parse_order(text, variant.map, position=position, power=power))
        except ParseError:
            continue
    problem = variant.order_set_problem(position, power, parsed)
    if problem is not None:
        reason, params = problem
        message = wording.result_sentence(reason.value, params) or reason.value
        raise ApplicationError(
            _("Not ready yet: %(problem)s.") % {"problem": message}, {"reason_code": reason.value}
        )


def _everyone_ready(game: Game, phase: GamePhase) -> bool:
    position = phase_position(phase)
    needed = powers_to_order(position, find_variant(game.variant))
    ready = set(phase.order_sets.filter(ready=True).values_list("seat__power", flat=True))
    return needed <= ready


# -- adjudication ----------------------------------------------------------------------------


def phase_adjudicate(*, game_id: int, phase_id: int) -> bool:
    """Adjudicate a phase exactly once; ``False`` if it was already done (or not due).

    Locks the game row, so a second worker, a retried task or a double
    deadline finds the phase resolved and does nothing. Missing orders take
    the defaults (hold, disband, waive, civil disorder) and are recorded on
    the seat. Opens the next phase, or ends the game. The boards of a
    twin-board duel are adjudicated together (see :func:`_duel_step`).
    """
    duel_id = (
        Duel.objects.filter(Q(board_a_id=game_id) | Q(board_b_id=game_id))
        .values_list("pk", flat=True)
        .first()
    )
    with transaction.atomic():
        duel = None
        if duel_id is not None:
            # The duel row first, then the boards: two workers, one per board, queue here.
            duel = Duel.objects.select_for_update().get(pk=duel_id)
            if duel.board_b_id is not None:
                return _duel_step(duel, phase_id=phase_id)
        game = Game.objects.select_for_update().get(pk=game_id)
        phase = GamePhase.objects.select_for_update().filter(pk=phase_id, game=game).first()
        if phase is None or phase.status != GamePhase.Status.OPEN:
            return False
        if game.status != Game.Status.ACTIVE or game.is_paused or phase.stuck_since:
            return False
        variant = find_variant(game.variant)
        now = timezone.now()
        if duel is None and _postponed_for_missing_orders(game, phase, variant, now):
            _bump(game)
            return False
        if _awaiting_decisions(game, phase, variant, now):
            _bump(game)
            return False
        after = _resolve_board(game, phase, variant, now)
        winner = None if duel is not None else variant.winner(after)
        if winner is not None:
            _finish(game, Game.Outcome.SOLO, winner, now)
        elif duel is not None and not after.phase.is_setup:
            _start_board_b(duel, game, after, index=phase.index + 1, now=now)
        else:
            _open_phase(game, after, index=phase.index + 1, now=now)
        _bump(game)
        _tell_adjudicated(game, phase)
    log.info("adjudicated %s %s", game_id, phase.code)
    return True


def phase_adjudication_failed(*, game_id: int, phase_id: int, error: str) -> bool:
    """Count an adjudication attempt that raised (a bug in a variant, bad stored data);
    True if the phase is now given up to the moderators.

    After :data:`MAX_ADJUDICATION_FAILURES` the phase is marked stuck: the sweep stops
    queuing it, the players and the site's moderators are told, and the moderation page
    lists it until a moderator tries again (after a fix) or rules on the phase."""
    from django.contrib.auth import get_user_model

    with transaction.atomic():
        game = Game.objects.select_for_update().filter(pk=game_id).first()
        phase = GamePhase.objects.select_for_update().filter(pk=phase_id, game_id=game_id).first()
        if game is None or phase is None or phase.status != GamePhase.Status.OPEN:
            return False
        phase.failures += 1
        phase.last_failure = error[:4000]
        fields = ["failures", "last_failure"]
        stuck = phase.stuck_since is None and phase.failures >= MAX_ADJUDICATION_FAILURES
        if stuck:
            phase.stuck_since = timezone.now()
            phase.due_now = False
            phase.notes = [*phase.notes, {"kind": "stuck"}]
            fields += ["stuck_since", "due_now", "notes"]
        phase.save(update_fields=fields)
        if stuck:
            moderators = get_user_model().objects.filter(
                Q(is_superuser=True) | Q(groups__name="moderator"), is_active=True
            )
            events.announce(
                kind="phase_stuck",
                game=game,
                users=[
                    *_seated(game),
                    *game.masters.values_list("pk", flat=True),
                    *moderators.values_list("pk", flat=True),
                ],
                key=f"stuck:{phase.pk}:{phase.failures}",
                params={"game": game.name, "phase": phase.code},
            )
            _bump(game)
            log.error(
                "game %s phase %s given up after %d failures", game_id, phase.code, phase.failures
            )
    return stuck


def _tell_adjudicated(game: Game, phase: GamePhase) -> None:
    events.announce(
        kind="phase_adjudicated",
        game=game,
        users=_seated(game),
        key=f"adjudicated:{phase.pk}",
        params={"game": game.name, "phase": phase.code},
    )


def _missing_powers(
    phase: GamePhase, position: Position, variant: Variant, seats: dict[str, Seat]
) -> list[str]:
    """Powers with orders to give that are played, saved none and did not say ready."""
    sets = {o.seat.power: o for o in phase.order_sets.select_related("seat")}
    out = []
    for power in sorted(powers_to_order(position, variant)):
        given = sets.get(power)
        if seats[power].civil_disorder or (given and (given.orders or given.ready)):
            continue
        out.append(power)
    return out


def _postponed_for_missing_orders(game: Game, phase: GamePhase, variant: Variant, now: Any) -> bool:
    """Apply the game's missed-orders policy at the deadline; True if adjudication waits.

    - Immediate: never waits (the defaults apply).
    - Grace: a seat that missed, with excused misses left, gets the deadline extended once
      by the grace period in this phase.
    - Replacement search: a seat that missed is offered to replacement players until the
      replacement window ends; the player is excluded meanwhile (a moderator may accept
      their late orders, which undoes it). When the window ends unfilled, the power is in
      civil disorder and the defaults apply.
    """
    if game.nmr_policy == Game.NmrPolicy.IMMEDIATE:
        return False
    if phase.deadline is None or phase.deadline > now:
        return False  # everyone is ready: nobody missed
    position = phase_position(phase)
    seats = {s.power: s for s in game.seats.select_for_update()}
    missing = _missing_powers(phase, position, variant, seats)
    if game.nmr_policy == Game.NmrPolicy.GRACE:
        excused = [
            p
            for p in missing
            if p not in phase.grace_given and seats[p].excused_misses < game.grace_misses
        ]
        if not excused:
            return False
        for power in excused:
            seats[power].excused_misses += 1
            seats[power].save(update_fields=["excused_misses"])
        phase.grace_given = [*phase.grace_given, *excused]
        phase.deadline = extend(now, game.grace_period, deadline_rule(game, phase.code))
        phase.notes = [*phase.notes, {"kind": "grace", "powers": excused}]
        phase.save(update_fields=["grace_given", "deadline", "notes"])
        return True
    # A seat searched for once in this phase (its miss counted then) is not searched again.
    searched = set(PhaseDuty.objects.filter(phase=phase).values_list("seat__power", flat=True))
    searching = [
        p for p in missing if seats[p].seeking_replacement_until is None and p not in searched
    ]
    if searching:
        until = extend(now, game.replacement_window, deadline_rule(game, phase.code))
        for power in searching:
            seat = seats[power]
            PhaseDuty.objects.get_or_create(
                phase=phase, seat=seat, defaults={"user": seat.user, "missed": True}
            )
            seat.missed_phases += 1
            seat.consecutive_misses += 1
            seat.excluded_user_id = seat.user_id
            seat.user = None
            seat.seeking_replacement_until = until
            seat.save()
        phase.deadline = until
        phase.notes = [
            *phase.notes,
            {"kind": "replacement_search", "powers": searching, "until": until.isoformat()},
        ]
        phase.save(update_fields=["deadline", "notes"])
        return True
    for power in missing:
        seat = seats[power]
        if seat.user_id is None and seat.seeking_replacement_until is not None:
            # Nobody came: the power is in civil disorder from now on.
            seat.civil_disorder = True
            seat.seeking_replacement_until = None
            seat.save(update_fields=["civil_disorder", "seeking_replacement_until"])
    return False


def with_decisions(position: Position, phase: GamePhase) -> Position:
    """The position with the game master's answers for this phase in its extras, under
    ``"decisions"``, where the variant's rules read them."""
    answers = {d.key: d.answer for d in phase.decisions.exclude(answer=None)}
    if not answers:
        return position
    return position.with_changes(extras={**position.extras, "decisions": answers})


def _awaiting_decisions(game: Game, phase: GamePhase, variant: Variant, now: Any) -> bool:
    """Does the phase wait for its game masters? True while a question the variant's rules
    leave to them is open and its deadline has not passed. Unanswered questions past their
    deadline take the variant's default; new questions are asked with the game's window."""
    pending = list(phase.decisions.select_for_update().filter(answer=None))
    for decision in pending:
        if decision.deadline <= now:
            decision.answer = decision.default
            decision.defaulted = True
            decision.answered_at = now
            decision.save(update_fields=["answer", "defaulted", "answered_at"])
            phase.notes = [*phase.notes, {"kind": "decision_default", "key": decision.key}]
    waiting = [d for d in pending if not d.defaulted]
    if waiting:
        phase.deadline = min(d.deadline for d in waiting)
        phase.save(update_fields=["deadline", "notes"])
        return True
    seats = {s.power: s for s in game.seats.all()}
    orders = {
        o.seat.power: list(o.orders)
        for o in phase.order_sets.select_related("seat")
        if o.orders and not seats[o.seat.power].civil_disorder
    }
    position = with_decisions(phase_position(phase), phase)
    known = set(phase.decisions.values_list("key", flat=True))
    asked = [r for r in variant.decisions_needed(position, orders) if r.key not in known]
    if not asked:
        if pending:
            phase.save(update_fields=["notes"])
        return False
    deadline = now + game.decision_window
    for request in asked:
        Decision.objects.create(
            phase=phase,
            key=request.key,
            question=request.question,
            choices=list(request.choices),
            default=request.default,
            default_text=request.default_text,
            deadline=deadline,
        )
    phase.deadline = deadline
    phase.notes = [*phase.notes, {"kind": "decision_asked", "keys": [r.key for r in asked]}]
    phase.save(update_fields=["deadline", "notes"])
    return True


def _resolve_board(game: Game, phase: GamePhase, variant: Variant, now: Any) -> Position:
    """Resolve one board's open phase and store it whole; returns the next position.

    Records misses (a power with orders to give that saved none and did not say it
    was ready; saved orders not marked ready are no miss), each seat's duty for its
    reliability, exclusions after too many misses in a row, eliminations and a lapsed
    draw proposal. A power in civil disorder gives no orders: what was saved for it
    before is not executed. Opening the next phase (or ending the game) is the caller's.
    """
    position = with_decisions(phase_position(phase), phase)
    seats = {s.power: s for s in game.seats.select_for_update()}
    order_sets = {o.seat.power: o for o in phase.order_sets.select_related("seat")}
    orders = {
        power: list(o.orders)
        for power, o in order_sets.items()
        if o.orders and not seats[power].civil_disorder
    }
    notes: list[dict[str, Any]] = []
    due = powers_to_order(position, variant)
    for power in sorted(due):
        seat = seats[power]
        given = order_sets.get(power)
        missed = not seat.civil_disorder and not (given and (given.orders or given.ready))
        _duty, new = PhaseDuty.objects.get_or_create(
            phase=phase, seat=seat, defaults={"user": seat.user, "missed": missed}
        )
        if seat.civil_disorder or not new:
            continue  # nobody plays it, or the miss was counted when the search began
        if missed:
            seat.missed_phases += 1
            seat.consecutive_misses += 1
            notes.append({"kind": "missed", "power": power})
            limit = game.exclude_after
            if limit and seat.consecutive_misses >= limit and seat.user_id is not None:
                # Excluded after too many misses in a row; announced with the results.
                seat.excluded_user_id = seat.user_id
                seat.user = None
                seat.civil_disorder = True
                notes.append({"kind": "excluded", "power": power, "misses": limit})
                PhaseDuty.objects.filter(phase=phase, seat=seat).update(excluded=True)
        else:
            seat.consecutive_misses = 0
        seat.save()
    if phase.draw_votes.exists():
        notes.append({"kind": "draw_lapsed"})
    resolution = resolve(position, orders, seed=phase.seed, variant=variant)
    phase.adjudicated_orders = orders
    phase.results = _result_rows(resolution.results)
    after = resolution.position
    if "decisions" in after.extras:
        # The game master's answers were for this phase alone.
        after = after.with_changes(
            extras={k: v for k, v in after.extras.items() if k != "decisions"}
        )
    phase.position_after = position_to_json(after)
    phase.status = GamePhase.Status.RESOLVED
    phase.resolved_at = now
    phase.notes = [*phase.notes, *notes]
    phase.save()
    if not after.phase.is_setup:
        alive = after.powers_on_board
        for power, seat in seats.items():
            if power not in alive and not seat.eliminated:
                Seat.objects.filter(pk=seat.pk).update(eliminated=True)
    return after


def _result_rows(results: Any) -> list[dict[str, Any]]:
    """Results as stored with a phase: the order, its outcome, and why, with the reason's
    code and parameters so that the words can be given in the reader's language."""
    return [
        {
            "power": r.power,
            "order": str(r.order),
            "result": r.outcome.value,
            **(
                {
                    "reason": r.explanation,
                    "reason_code": r.reason.value,
                    "params": dict(r.params),
                }
                if r.reason
                else {}
            ),
        }
        for r in results
    ]


def _finish(game: Game, outcome: str, winner: str, now: Any) -> None:
    game.status = Game.Status.FINISHED
    game.outcome = outcome
    game.winner = winner
    game.finished_at = now
    game.save(update_fields=["status", "outcome", "winner", "finished_at"])
    events.announce(
        kind="game_ended",
        game=game,
        users=_seated(game),
        key=f"ended:{game.pk}",
        params={"game": game.name},
    )


def _seated(game: Game) -> list[int]:
    """The players now seated in ``game`` (ids), the ones notifications go to."""
    return list(game.seats.filter(user__isnull=False).values_list("user_id", flat=True))


# -- twin-board duels (Highlander, rule 7) -----------------------------------------------------


def _start_board_b(duel: Duel, board_a: Game, after: Position, *, index: int, now: Any) -> None:
    """Board A's set-up is done: open its first movement phase and make board B, whose
    set-up is board A's exactly inverted, with the same players in the same colours."""
    from adjudicator.variants.highlander.duel import DuelState, invert_setup

    board_b = Game.objects.create(
        name=_("%(name)s, board B") % {"name": board_a.name},
        variant=board_a.variant,
        options=board_a.options,
        created_by=board_a.created_by,
        status=Game.Status.ACTIVE,
        private=board_a.private,
        anonymous=board_a.anonymous,
        assignment=board_a.assignment,
        start_when_full=False,
        movement_deadline=board_a.movement_deadline,
        retreat_deadline=board_a.retreat_deadline,
        adjustment_deadline=board_a.adjustment_deadline,
        setup_deadline=board_a.setup_deadline,
        seed=random.SystemRandom().getrandbits(62),
        started_at=now,
    )
    Seat.objects.bulk_create(
        Seat(game=board_b, power=s.power, user_id=s.user_id, joined_at=now)
        for s in board_a.seats.all()
    )
    _open_phase(board_a, after, index=index, now=now)
    _open_phase(board_b, invert_setup(after), index=0, now=now)
    duel.board_b = board_b
    duel.status = Duel.Status.RUNNING
    duel.state = DuelState().to_json()
    duel.log = [*duel.log, {"kind": "started", "phase": str(after.phase)}]
    duel.save(update_fields=["board_b", "status", "state", "log"])
    _bump(board_b)


def _duel_step(duel: Duel, *, phase_id: int) -> bool:
    """Adjudicate the duel's next step: every board at the earliest open phase, together,
    once each of them is due (its deadline passed, or all its powers ready).

    A board ahead of the other (it had no retreats to play) waits with no deadline. When
    both boards have finished the same movement turn, the duel's verdict is asked
    (rules 7.4 to 7.7); a won duel ends both games.
    """
    from adjudicator.variants.highlander.duel import DuelStage, DuelState, duel_after_movement_turn

    # Locked in primary-key order, as wherever several games are locked.
    boards = list(
        Game.objects.select_for_update()
        .filter(pk__in=[duel.board_a_id, duel.board_b_id])
        .order_by("pk")
    )
    if any(g.status != Game.Status.ACTIVE for g in boards):
        return False
    current: dict[int, GamePhase] = {}
    for g in boards:
        phase = (
            GamePhase.objects.select_for_update()
            .filter(game=g, status=GamePhase.Status.OPEN)
            .order_by("-index")
            .first()
        )
        if phase is None:
            return False
        current[g.pk] = phase
    step = min((p.phase for p in current.values()), key=lambda ph: ph.sort_key)
    at_step = [g for g in boards if current[g.pk].phase == step]
    if phase_id not in {current[g.pk].pk for g in at_step}:
        return False  # a board waiting for the other, or a phase already done
    now = timezone.now()
    for g in at_step:
        phase = current[g.pk]
        due = phase.deadline is not None and phase.deadline <= now
        if not due and not _everyone_ready(g, phase):
            return False
    variant = find_variant(boards[0].variant)
    positions: dict[int, Position] = {}
    for g in boards:
        if g in at_step:
            positions[g.pk] = _resolve_board(g, current[g.pk], variant, now)
        else:
            positions[g.pk] = phase_position(current[g.pk])
    from adjudicator.board import PhaseKind

    state = DuelState.from_json(duel.state) if duel.state else DuelState()
    turn_done = step.kind in (PhaseKind.MOVEMENT, PhaseKind.RETREATS) and all(
        p.phase.kind is not PhaseKind.RETREATS for p in positions.values()
    )
    if turn_done:
        new_state = duel_after_movement_turn(
            state, positions[duel.board_a_id], positions[duel.board_b_id]
        )
        if new_state != state:
            duel.log = [
                *duel.log,
                {"kind": "verdict", "after": str(step), "state": new_state.to_json()},
            ]
        state = new_state
        duel.state = state.to_json()
        if state.stage is DuelStage.WON:
            duel.status = Duel.Status.WON
            duel.winner = state.winner or ""
            duel.decided_by = state.rule or ""
            duel.decided_at = now
            for g in boards:
                _finish(g, Game.Outcome.DUEL, duel.winner, now)
        elif state.stage is DuelStage.SUDDEN_DEATH:
            duel.status = Duel.Status.SUDDEN_DEATH
        duel.save()
    if duel.status != Duel.Status.WON:
        next_step = min((p.phase for p in positions.values()), key=lambda ph: ph.sort_key)
        for g in boards:
            if g in at_step:
                _open_phase(
                    g,
                    positions[g.pk],
                    index=current[g.pk].index + 1,
                    now=now,
                    waiting=positions[g.pk].phase != next_step,
                )
            elif positions[g.pk].phase == next_step and current[g.pk].deadline is None:
                # The board that waited is at the step now: its deadline starts.
                current[g.pk].deadline = now + g.deadline_for(current[g.pk].code)
                current[g.pk].save(update_fields=["deadline"])
    for g in boards:
        _bump(g)
    for g in at_step:
        _tell_adjudicated(g, current[g.pk])
    log.info("duel %s: adjudicated %s", duel.pk, step)
    return True


@transaction.atomic
def draw_vote(*, game: Game, user: AbstractBaseUser, accept: bool) -> bool:
    """Vote for (or against) a draw in this phase; returns True if the game ended in a draw.

    Votes are secret. A draw needs every surviving power's vote in the same
    phase; the proposal lapses when the phase ends.
    """
    game = Game.objects.select_for_update().get(pk=game.pk)
    seat = _seat_for(game, user, sitter_ok=False)  # a sitter orders, but does not agree draws
    if seat.eliminated:
        raise ApplicationError(_("Eliminated powers do not vote."))
    if game.duel is not None:
        raise ApplicationError(_("A duel has no draws: it is played until one player wins."))
    phase = _open_phase_locked(game)
    DrawVote.objects.update_or_create(phase=phase, seat=seat, defaults={"accept": accept})
    survivors = set(game.seats.filter(eliminated=False).values_list("pk", flat=True))
    yes = set(phase.draw_votes.filter(accept=True).values_list("seat_id", flat=True))
    ended = bool(survivors) and survivors <= yes
    if ended:
        phase.status = GamePhase.Status.RESOLVED
        phase.resolved_at = timezone.now()
        phase.notes = [*phase.notes, {"kind": "draw_agreed"}]
        phase.save(update_fields=["status", "resolved_at", "notes"])
        game.status = Game.Status.FINISHED
        game.outcome = Game.Outcome.DRAW
        game.finished_at = timezone.now()
        game.save(update_fields=["status", "outcome", "finished_at"])
        events.announce(
            kind="game_ended",
            game=game,
            users=_seated(game),
            key=f"ended:{game.pk}",
            params={"game": game.name},
        )
    elif accept and len(yes) == 1:
        # The first yes of the phase proposes the draw: the other survivors hear of it.
        others = game.seats.filter(eliminated=False, user__isnull=False).exclude(pk=seat.pk)
        events.announce(
            kind="draw_proposed",
            game=game,
            users=list(others.values_list("user_id", flat=True)),
            key=f"draw:{phase.pk}",
            params={"game": game.name, "phase": phase.code},
        )
    _bump(game)
    return ended


# -- reminders --------------------------------------------------------------------------------


def phase_remind(*, phase_id: int, now: Any = None) -> int:
    """Send the deadline reminders of a phase that are due: to each player with orders to
    give who has not said they are ready, at their chosen hours before the deadline (or
    the game's), once each. Returns how many were reminded.

    The phase row is locked, the powers marked reminded and the reminders recorded (keyed
    by the phase) in one transaction, so a second worker or a redelivered task sends
    nothing and a crash neither sends twice nor loses a reminder; each e-mail or webhook
    then goes out as its own retried task after commit.
    """
    from games.selectors import reminder_seats

    now = now or timezone.now()
    with transaction.atomic():
        phase = GamePhase.objects.select_for_update().filter(pk=phase_id).first()
        if phase is None or phase.status != GamePhase.Status.OPEN or phase.deadline is None:
            return 0
        game = phase.game
        if game.status != Game.Status.ACTIVE:
            return 0
        seats = reminder_seats(phases=[phase], now=now).get(phase.pk, [])
        if not seats:
            return 0
        due = powers_to_order(phase_position(phase), find_variant(game.variant))
        # Marked even when they have nothing to order: their time has passed.
        phase.reminded_powers = sorted({*phase.reminded_powers, *(s.power for s in seats)})
        phase.save(update_fields=["reminded_powers"])
        deadline = phase.deadline.strftime("%Y-%m-%d %H:%M")
        told = 0
        for seat in seats:
            if seat.power not in due:
                continue
            assert seat.user_id is not None
            events.announce(
                kind="deadline_reminder",
                game=game,
                users=[seat.user_id],
                key=f"remind:{phase.pk}",
                params={
                    "game": game.name,
                    "phase": phase.code,
                    "deadline": deadline,
                    "power": seat.power,
                },
            )
            told += 1
    return told
