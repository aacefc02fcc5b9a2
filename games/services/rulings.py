"""Rulings: a moderator corrects an adjudicated phase. A ruling never overwrites a
phase: it supersedes it and the phases after it, and the line of play is derived again
from the corrected result with the orders and seeds that were stored."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from adjudicator import Position, PositionError, find_variant, resolve
from adjudicator.io import position_from_json, position_to_json
from core.errors import ApplicationError
from games.models import Game, GamePhase, ModeratorAction, OrderSet, Ruling
from games.notes import note
from games.positions import game_end, phase_position, result_rows
from games.services.kernel import bump, game_finish, phase_open
from games.services.moderation import (
    action_record,
    master_alone_mark,
    moderated_game_locked,
    reason_required,
)
from games.services.orders import order_problems


def orders_as_adjudicated(phase: GamePhase) -> dict[str, list[str]]:
    """The orders a phase was adjudicated with (older phases: the saved order sets)."""
    if phase.adjudicated_orders is not None:
        return {p: list(o) for p, o in phase.adjudicated_orders.items()}
    return {
        o.power: list(o.orders)
        for o in phase.order_sets.select_related("seat")
        if o.orders and not o.seat.civil_disorder
    }


def rulings_taken(game: Game) -> bool:
    """Does ``game`` take rulings? A running game does, and one ended by a solo (a ruling
    may take the solo away); one ended by agreement or by a moderator does not."""
    return game.status == Game.Status.ACTIVE or (
        game.status == Game.Status.FINISHED and game.outcome == Game.Outcome.SOLO
    )


@transaction.atomic
def ruling_apply(
    *,
    game: Game,
    by: AbstractBaseUser,
    phase: GamePhase,
    reason: str,
    orders: dict[str, list[str]] | None = None,
    position: dict[str, Any] | None = None,
    others_kept: bool = False,
) -> Ruling:
    """Correct an adjudicated phase: adjudicate it again with ``orders`` (every power's,
    as the ruling has them), or replace its result with ``position`` (the position that
    follows it, in the adjudicator's JSON form). With ``others_kept``, ``orders`` names
    only the powers the ruling corrects: each gets exactly the orders given for it (none
    for an empty list), and the others keep the orders the phase was adjudicated with.

    The phase and every phase after it are marked superseded, not changed. The corrected
    phase is stored anew, and each later phase is derived again from it with the orders
    and the seed stored for it, as long as the same phases follow; the first phase that
    the correction brings about anew, or the phase that was open, is opened for orders.

    A game master's ruling (one who is not a site moderator) is his alone: whatever
    result the game comes to counts for ratings once a site moderator confirms it.
    """
    game = moderated_game_locked(game, by)
    reason = reason_required(reason)
    phase = GamePhase.objects.select_for_update().get(pk=phase.pk, game=game)
    if phase.status != GamePhase.Status.RESOLVED:
        raise ApplicationError(_("Only an adjudicated phase of the current line can be ruled on."))
    if not rulings_taken(game):
        raise ApplicationError(_("A game ended by agreement or by a moderator takes no rulings."))
    if (orders is None) == (position is None):
        raise ApplicationError(_("A ruling gives either orders or a position."))
    variant = find_variant(game.variant)
    if orders is not None:
        # Only orders are adjudicated again from the position going in: a position ruling
        # replaces the result alone, so it repairs a phase whose position cannot be read.
        before = phase_position(phase)
        if others_kept:
            orders = {**orders_as_adjudicated(phase), **orders}
        checked: dict[str, list[str]] = {}
        for power, texts in orders.items():
            if not game.seats.filter(power=power).exists():
                raise ApplicationError(_("This game has no such power."))
            canonical, problems = order_problems(position=before, power=power, orders=texts)
            if problems:
                raise ApplicationError(_("Some orders were not accepted."), {"problems": problems})
            checked[power] = canonical
        resolution = resolve(before, checked, seed=phase.seed, variant=variant)
        corrected, results = resolution.position, result_rows(resolution.results, variant.map)
    else:
        try:
            # The adjudicator's own reader, as every stored position is read afterwards:
            # a position it refuses (the variant's extras included) would take the game
            # down, so the ruling is refused with what is wrong and where.
            corrected, _orders = position_from_json(position)
        except PositionError as e:
            raise ApplicationError(
                _("The position cannot be read: %(problem)s (at %(path)s)")
                % {"problem": e.message, "path": e.path or "-"}
            ) from None
        if corrected.variant != variant.id:
            raise ApplicationError(_("The position belongs to another variant."))
        checked = orders_as_adjudicated(phase)
        results = phase.results or []
    master_alone_mark(game, by)
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
        notes=[note("ruling", ruling=ruling.pk, reason=reason)],
    )
    current = corrected
    game_over = game_end(variant, current, last_year=game.last_year)
    for old in later:
        if game_over is not None or str(current.phase) != old.code:
            break  # the correction changed what follows: players order from here on
        index += 1
        stored = orders_as_adjudicated(old)
        kept = (old.position or {}).get("extras") or {}
        if "absent" in kept:
            # Who had left when it was played (``SiteVariant.reads_absent``), as it was played.
            current = current.with_changes(extras={**current.extras, "absent": kept["absent"]})
        resolution = resolve(current, stored, seed=old.seed, variant=variant)
        _copy_resolved(
            game,
            old,
            index,
            stored,
            result_rows(resolution.results, variant.map),
            resolution.position,
            ruling,
            now,
            notes=list(old.notes),
            position=current,
        )
        current = resolution.position
        game_over = game_end(variant, current, last_year=game.last_year)
    if game_over is not None:
        game_finish(game, game_over[0], game_over[1], now)
    else:
        if game.status == Game.Status.FINISHED:
            game.status = Game.Status.ACTIVE  # the solo the ruling took away
            game.outcome = ""
            game.winner = ""
            game.finished_at = None
            game.save(update_fields=["status", "outcome", "winner", "finished_at"])
        opened = phase_open(game, current, index=index + 1, now=now)
        opened.derived_from = ruling
        if was_open is not None and was_open.code == opened.code and was_open.deadline:
            opened.deadline = max(was_open.deadline, now + timedelta(hours=1))
            for o in was_open.order_sets.all():
                OrderSet.objects.create(phase=opened, seat=o.seat, power=o.power, orders=o.orders)
        opened.save(update_fields=["derived_from", "deadline"])
    action_record(
        game,
        by,
        ModeratorAction.Kind.RULING,
        reason,
        phase,
        ruling=ruling.pk,
        phase_code=phase.code,
    )
    bump(game)
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
        OrderSet.objects.create(
            phase=copy, seat=seats[power], power=power, orders=texts, ready=True
        )
    return copy
