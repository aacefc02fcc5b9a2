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
from datetime import timedelta
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext as _

from adjudicator import ParseError, Position, check_order, find_variant, parse_order, resolve
from adjudicator.board import PhaseKind
from adjudicator.io import position_from_json, position_to_json
from adjudicator.variants import Variant
from games import wording
from games.models import DrawVote, Game, GamePhase, OrderSet, Seat

log = logging.getLogger(__name__)


class ApplicationError(Exception):
    """A request the rules or the game's state refuse; ``message`` is for the player."""

    def __init__(self, message: str, extra: dict[str, Any] | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.extra = extra or {}


# -- reading positions -----------------------------------------------------------------


def phase_position(phase: GamePhase) -> Position:
    """The adjudicator's position for a stored phase."""
    position, _orders = position_from_json(phase.position)
    return position


def powers_to_order(position: Position, variant: Variant) -> set[str]:
    """Powers that have orders to give in this position."""
    kind = position.phase.kind
    if kind is PhaseKind.MOVEMENT:
        return {u.power for u in position.units}
    if kind is PhaseKind.RETREATS:
        return {d.unit.power for d in position.dislodged}
    out = set()
    for power in variant.powers:
        delta = variant.adjustment(position, power)
        if delta < 0 or (delta > 0 and variant.build_sites(position, power)):
            out.add(power)
    return out


def _phase_seed(game: Game, index: int) -> int:
    digest = hashlib.sha256(f"{game.seed}:{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def _bump(game: Game) -> None:
    """Count a change watchers should see, and tell them once the transaction commits."""
    Game.objects.filter(pk=game.pk).update(version=F("version") + 1)
    game.refresh_from_db(fields=["version"])
    game_id, version = game.pk, game.version

    def publish() -> None:
        from games.live import game_changed_publish

        game_changed_publish(game_id=game_id, version=version)

    transaction.on_commit(publish)


# -- creating and joining ------------------------------------------------------------------


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
    join: bool = True,
    power: str | None = None,
) -> Game:
    """Create a game with an open seat per power; the creator joins unless ``join`` is False."""
    name = name.strip()
    if not name:
        raise ApplicationError(_("A game needs a name."))
    try:
        variant = find_variant(variant_id)
    except ValueError:
        raise ApplicationError(_("Unknown variant.")) from None
    for label, value in (
        (_("movement"), movement_deadline),
        (_("retreats"), retreat_deadline),
        (_("adjustments"), adjustment_deadline),
    ):
        if value < timedelta(minutes=1) or value > timedelta(days=14):
            raise ApplicationError(
                _("The %(phase)s deadline must be between one minute and 14 days.")
                % {"phase": label}
            )
    game = Game.objects.create(
        name=name,
        variant=variant.id,
        created_by=created_by,
        private=private,
        anonymous=anonymous,
        assignment=assignment,
        start_when_full=start_when_full,
        movement_deadline=movement_deadline,
        retreat_deadline=retreat_deadline,
        adjustment_deadline=adjustment_deadline,
        seed=random.SystemRandom().getrandbits(62),
    )
    Seat.objects.bulk_create(Seat(game=game, power=p) for p in variant.powers)
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
    open_seats = game.seats.select_for_update().filter(user__isnull=True)
    if game.assignment == Game.Assignment.CHOSEN and power:
        seat = open_seats.filter(power=power).first()
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


@transaction.atomic
def game_leave(*, game: Game, user: AbstractBaseUser) -> None:
    """Give up a seat before the game starts."""
    game = Game.objects.select_for_update().get(pk=game.pk)
    if game.status != Game.Status.FORMING:
        raise ApplicationError(_("You cannot leave a game that has started."))
    seat = game.seats.filter(user=user).first()
    if seat is None:
        raise ApplicationError(_("You have no seat in this game."))
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
    _open_phase(game, variant.initial_position(), index=0, now=now)
    _bump(game)
    return game


def _open_phase(game: Game, position: Position, *, index: int, now: Any) -> GamePhase:
    code = str(position.phase)
    return GamePhase.objects.create(
        game=game,
        index=index,
        code=code,
        position=position_to_json(position),
        deadline=now + game.deadline_for(code),
        seed=_phase_seed(game, index),
    )


# -- orders --------------------------------------------------------------------------------


def _seat_for(game: Game, user: AbstractBaseUser) -> Seat:
    seat = game.seats.filter(user=user).first() if user.is_authenticated else None
    if seat is None:
        raise ApplicationError(_("You have no seat in this game."))
    return seat


def _open_phase_locked(game: Game) -> GamePhase:
    phase = (
        GamePhase.objects.select_for_update()
        .filter(game=game, status=GamePhase.Status.OPEN)
        .order_by("-index")
        .first()
    )
    if phase is None or game.status != Game.Status.ACTIVE:
        raise ApplicationError(_("The phase has already been adjudicated."))
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
            problems.append({"order": str(text), "message": e.message})
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
    order_set, _created = OrderSet.objects.get_or_create(phase=phase, seat=seat)
    order_set.orders = list(by_unit.values())
    order_set.ready = False
    order_set.save()
    _bump(game)
    return order_set


@transaction.atomic
def orders_ready(*, game: Game, user: AbstractBaseUser, ready: bool) -> OrderSet:
    """Mark a power ready (or not). When every power with orders to give is ready,
    the phase is adjudicated at once (after this transaction commits)."""
    game = Game.objects.select_for_update().get(pk=game.pk)
    seat = _seat_for(game, user)
    phase = _open_phase_locked(game)
    order_set, _created = OrderSet.objects.get_or_create(phase=phase, seat=seat)
    order_set.ready = ready
    order_set.save(update_fields=["ready", "updated_at"])
    _bump(game)
    if ready and _everyone_ready(game, phase):
        game_id, phase_id = game.pk, phase.pk

        def enqueue() -> None:
            from games.tasks import adjudicate_phase

            adjudicate_phase.delay(game_id, phase_id)

        transaction.on_commit(enqueue)
    return order_set


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
    the seat. Opens the next phase, or ends the game.
    """
    with transaction.atomic():
        game = Game.objects.select_for_update().get(pk=game_id)
        phase = GamePhase.objects.select_for_update().filter(pk=phase_id, game=game).first()
        if phase is None or phase.is_resolved or game.status != Game.Status.ACTIVE:
            return False
        variant = find_variant(game.variant)
        position = phase_position(phase)
        seats = {s.power: s for s in game.seats.all()}
        order_sets = {o.seat.power: o for o in phase.order_sets.select_related("seat")}
        orders = {power: list(o.orders) for power, o in order_sets.items() if o.orders}
        notes: list[dict[str, Any]] = []
        for power in sorted(powers_to_order(position, variant)):
            if power not in orders:
                seat = seats[power]
                Seat.objects.filter(pk=seat.pk).update(missed_phases=F("missed_phases") + 1)
                notes.append({"kind": "missed", "power": power})
        votes = list(phase.draw_votes.all())
        if votes:
            notes.append({"kind": "draw_lapsed"})
        resolution = resolve(position, orders, seed=phase.seed)
        now = timezone.now()
        phase.results = [
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
            for r in resolution.results
        ]
        after = resolution.position
        phase.position_after = position_to_json(after)
        phase.status = GamePhase.Status.RESOLVED
        phase.resolved_at = now
        phase.notes = notes
        phase.save()
        alive = after.powers_on_board
        for power, seat in seats.items():
            if power not in alive and not seat.eliminated:
                Seat.objects.filter(pk=seat.pk).update(eliminated=True)
        winner = variant.winner(after)
        if winner is not None:
            game.status = Game.Status.FINISHED
            game.outcome = Game.Outcome.SOLO
            game.winner = winner
            game.finished_at = now
            game.save(update_fields=["status", "outcome", "winner", "finished_at"])
        else:
            _open_phase(game, after, index=phase.index + 1, now=now)
        _bump(game)
    log.info("adjudicated %s %s", game_id, phase.code)
    return True


@transaction.atomic
def draw_vote(*, game: Game, user: AbstractBaseUser, accept: bool) -> bool:
    """Vote for (or against) a draw in this phase; returns True if the game ended in a draw.

    Votes are secret. A draw needs every surviving power's vote in the same
    phase; the proposal lapses when the phase ends.
    """
    game = Game.objects.select_for_update().get(pk=game.pk)
    seat = _seat_for(game, user)
    if seat.eliminated:
        raise ApplicationError(_("Eliminated powers do not vote."))
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
    _bump(game)
    return ended
