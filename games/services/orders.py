"""A power's orders: checked by the adjudicator and saved for the open phase, refused at
entry when together they give more than the rules allow, and the ready mark that lets a
phase be adjudicated before its deadline."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils.translation import gettext as _

from adjudicator import ParseError, Position, check_order, find_variant
from core.errors import ApplicationError, NotSeated
from games import visibility, wording
from games.models import Game, GamePhase, OrderSet
from games.positions import phase_position, whole_answer_problem
from games.services.kernel import (
    adjudicate_when_all_ready,
    bump,
    open_phase_locked,
    seat_acting,
)


def order_read(position: Position, power: str, text: str) -> tuple[str | None, str | None]:
    """One order as the adjudicator reads it for ``power`` in ``position``: its canonical
    text, or (None and) why it cannot be read or is not allowed, in the reader's words."""
    variant = find_variant(position.variant)
    try:
        order = variant.read_order(text, position=position, power=power)
    except ParseError as e:
        return None, wording.parse_problem(e, variant.map_id)
    problem = check_order(position, power, order)
    if problem is not None:
        return str(order), wording.explanation(problem, variant.map_id)
    return str(order), None


def order_problems(
    *, position: Position, power: str, orders: list[str]
) -> tuple[list[str], list[dict[str, str]]]:
    """Canonical texts of the orders, and a list of problems (order, message)."""
    canonical: list[str] = []
    problems: list[dict[str, str]] = []
    for text in orders:
        if not isinstance(text, str) or not text.strip():
            continue
        order, problem = order_read(position, power, text)
        if problem is not None:
            problems.append({"order": str(text), "message": problem})
        elif order is not None:
            canonical.append(order)
    return canonical, problems


def order_check(*, game: Game, user: AbstractBaseUser, text: str) -> dict[str, Any]:
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
    order, problem = order_read(phase_position(phase), seat.power, text)
    answer: dict[str, Any] = {"ok": problem is None}
    if order is not None:
        answer["order"] = order
    if problem is not None:
        answer["message"] = problem
    return answer


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
    seat = seat_acting(game, user)
    phase = open_phase_locked(game)
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
    bump(game)
    return order_set


def refuse_excess_orders(game: Game, position: Position, power: str, orders: list[str]) -> None:
    """Refuse, at entry, orders that together give more than the rules allow (two builds
    where one is allowed, a longer nomination list): the variant says what is excess."""
    variant = find_variant(game.variant)
    parsed = [variant.read_order(t, position=position, power=power) for t in orders]
    excess = variant.order_set_excess(position, power, parsed)
    if excess is not None:
        reason, params = excess
        message = wording.result_sentence(reason.value, params, variant.map_id) or reason.value
        raise ApplicationError(
            _("Not saved: %(problem)s.") % {"problem": message}, {"reason_code": reason.value}
        )


@transaction.atomic
def orders_ready(*, game: Game, user: AbstractBaseUser, ready: bool) -> OrderSet:
    """Mark a power ready (or not). When every power with orders to give is ready,
    the phase is adjudicated at once (after this transaction commits)."""
    game = Game.objects.select_for_update().get(pk=game.pk)
    seat = seat_acting(game, user)
    phase = open_phase_locked(game)
    order_set, _created = OrderSet.objects.get_or_create(phase=phase, seat=seat)
    if ready:
        _check_whole_answer(game, phase, seat.power, order_set.orders)
    order_set.ready = ready
    order_set.save(update_fields=["ready", "updated_at"])
    bump(game)
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


def _check_whole_answer(game: Game, phase: GamePhase, power: str, orders: list[str]) -> None:
    """Refuse "ready" for orders that are not yet a whole answer (a short nomination list,
    a center with no unit placed): the variant says what a whole answer is."""
    variant = find_variant(game.variant)
    problem = whole_answer_problem(phase_position(phase), variant, power, orders)
    if problem is not None:
        reason, params = problem
        message = wording.result_sentence(reason.value, params, variant.map_id) or reason.value
        raise ApplicationError(
            _("Not ready yet: %(problem)s.") % {"problem": message}, {"reason_code": reason.value}
        )
