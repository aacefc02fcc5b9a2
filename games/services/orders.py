"""A power's orders: checked by the adjudicator and saved for the open phase, refused at
entry when together they give more than the rules allow, and the ready mark that lets a
phase be adjudicated before its deadline."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils.text import capfirst
from django.utils.translation import gettext as _

from adjudicator import Position, find_variant
from core.errors import ApplicationError, NotSeated
from games import visibility, wording
from games.models import Game, GamePhase, OrderSet, Seat
from games.positions import phase_position, seat_powers, whole_answer_problem
from games.reading import (
    order_problems,
    order_read,
    orders_excess,
    orders_in_slots,
    orders_read_strictly,
)
from games.services.kernel import (
    adjudicate_when_all_ready,
    bump,
    game_locked,
    phase_named_locked,
    seat_acting,
)


def power_given(position: Position, game: Game, seat: Seat, power: str | None) -> str:
    """The power ``seat`` orders for: ``power`` (None: the seat's own), if the seat gives
    its orders now.

    Raises:
        ApplicationError: the seat does not give ``power``'s orders.
    """
    power = power or seat.power
    if power not in seat_powers(position, find_variant(game.variant), seat):
        raise ApplicationError(
            _("You do not give the orders of %(power)s.") % {"power": wording.power_name(power)}
        )
    return power


def order_check(
    *, game: Game, user: AbstractBaseUser, text: str, power: str | None = None
) -> dict[str, Any]:
    """One order checked against the open phase, the way the game page checks what a
    player types; nothing is saved. ``ok``, the canonical ``order`` when it can be read,
    and ``message`` (why not) when it is not ok; a seated player with no phase open to
    order in is answered not ok, with why.

    Raises:
        NotSeated: ``user`` has no seat in ``game`` (nor sits for one).
    """
    seat = visibility.acting_seat(user=user, game=game)
    if seat is None:
        raise NotSeated(_("You have no orders to give here."))
    phase = game.current_phase
    if phase is None:
        return {"ok": False, "message": _("You have no orders to give here.")}
    position = phase_position(phase)
    order, problem = order_read(position, power_given(position, game, seat, power), text)
    answer: dict[str, Any] = {"ok": problem is None}
    if order is not None:
        answer["order"] = order
    if problem is not None:
        answer["message"] = problem
    return answer


@transaction.atomic
def orders_submit(
    *,
    game: Game,
    user: AbstractBaseUser,
    orders: list[str],
    phase: int | None = None,
    power: str | None = None,
) -> OrderSet:
    """Save a power's orders for the open phase ``phase`` (its index: the phase the
    player ordered in), replacing what was saved: the seat's own power's, or ``power``'s
    if the seat gives its orders now.

    Every order is checked by the adjudicator; if any cannot be read or is
    illegal, nothing is saved and the error lists each problem. A later order
    for the same unit replaces an earlier one. Saving clears the ready mark.

    Raises:
        PhaseOver: ``phase`` is over (kernel.phase_named_locked): nothing is saved.
        NoSuchPhase: the game has no phase ``phase``.
        NotSeated: ``user`` has no seat in ``game`` (nor sits for one).
        ApplicationError: an order is refused, or the game has no open phase.
    """
    game = game_locked(game.pk)
    seat = seat_acting(game, user)
    advice = _("Your orders were not saved: give them for the new phase.")
    current = phase_named_locked(game, phase, advice=advice)
    position = phase_position(current)
    power = power_given(position, game, seat, power)
    strict = orders_read_strictly(game)
    canonical, problems = order_problems(
        position=position, power=power, orders=orders, keep_faulty=strict
    )
    if problems and not strict:
        raise ApplicationError(_("Some orders were not accepted."), {"problems": problems})
    kept = orders_in_slots(position, power, canonical)
    faulty = {" ".join(p["order"].split()) for p in problems}
    readable = [t for t in kept if t not in faulty]
    refuse_excess_orders(game, position, power, readable)
    order_set = orders_replace(current, seat, power, kept)
    _not_due_yet(current)
    bump(game)
    return order_set


def refuse_excess_orders(game: Game, position: Position, power: str, orders: list[str]) -> None:
    """Refuse, at entry, orders that together give more than the rules allow (two builds
    where one is allowed, a longer list of a set-up): the variant says what is excess."""
    excess = orders_excess(position, power, orders)
    if excess is not None:
        message, reason_code = excess
        # The problem alone: each reader frames it (the page says "Not saved: ..." itself).
        raise ApplicationError(f"{capfirst(message)}.", {"reason_code": reason_code})


def orders_replace(phase: GamePhase, seat: Seat, power: str, orders: list[str]) -> OrderSet:
    """``power``'s order set of ``phase`` is now ``orders``, given by ``seat`` and not
    ready: written in one statement (an insert that updates the set already there), as a
    player saves orders many times a phase."""
    order_set = OrderSet(phase=phase, seat=seat, power=power, orders=orders, ready=False)
    OrderSet.objects.replace(order_set)
    return order_set


def order_set_of(phase: GamePhase, seat: Seat, power: str) -> OrderSet:
    """``power``'s order set of ``phase``, given by ``seat`` from now on (made if none)."""
    order_set, _created = OrderSet.objects.get_or_create(
        phase=phase, power=power, defaults={"seat": seat}
    )
    if order_set.seat_id != seat.pk:
        order_set.seat = seat  # control changed hands, or a replacement took the seat
    return order_set


@transaction.atomic
def orders_ready(
    *, game: Game, user: AbstractBaseUser, ready: bool, phase: int | None = None
) -> OrderSet:
    """Mark a seat ready (or not) in the open phase ``phase`` (its index: the phase the
    player looked at): every power whose orders it gives now. When every power with
    orders to give is ready, the phase is adjudicated at once (after this transaction
    commits). Returns the order set of the seat's own power.

    Raises:
        PhaseOver: ``phase`` is over (kernel.phase_named_locked): a mark meant for it
            never lands on the next phase.
        NoSuchPhase: the game has no phase ``phase``.
        NotSeated: ``user`` has no seat in ``game`` (nor sits for one).
        ApplicationError: the seat has no orders to give, or they are not a whole answer.
    """
    game = game_locked(game.pk)
    seat = seat_acting(game, user)
    advice = _("Look at the new phase before you mark ready.")
    current = phase_named_locked(game, phase, advice=advice)
    position = phase_position(current)
    powers = seat_powers(position, find_variant(game.variant), seat)
    if not powers:
        raise ApplicationError(_("You have no orders to give now."))
    order_sets = [order_set_of(current, seat, power) for power in powers]
    if ready:
        for order_set in order_sets:
            _check_whole_answer(game, current, order_set.power, order_set.orders)
    for order_set in order_sets:
        order_set.ready = ready
        order_set.save()
    order_set = order_sets[0]
    bump(game)
    if ready:
        adjudicate_when_all_ready(game, current)
    else:
        _not_due_yet(current)
    return order_set


def _not_due_yet(phase: GamePhase) -> None:
    """A power is no longer ready: the phase waits for its deadline again."""
    if phase.due_now:
        phase.due_now = False
        phase.save(update_fields=["due_now"])


def _check_whole_answer(game: Game, phase: GamePhase, power: str, orders: list[str]) -> None:
    """Refuse "ready" for orders that are not yet a whole answer (a short list of a set-up,
    a center with no unit placed): the variant says what a whole answer is."""
    variant = find_variant(game.variant)
    problem = whole_answer_problem(phase_position(phase), variant, power, orders)
    if problem is not None:
        reason, params = problem
        message = wording.result_sentence(reason.value, params, variant.map_id) or reason.value
        raise ApplicationError(
            _("Not ready yet: %(problem)s.") % {"problem": message}, {"reason_code": reason.value}
        )
