"""Boards linked and adjudicated together: a Highlander twin-board duel (rule 7), whose
board B is board A's set-up inverted and is played by board A's terms."""

from __future__ import annotations

import logging
import random
from typing import Any

from django.utils import timezone
from django.utils.translation import gettext as _

from adjudicator import Position, find_variant
from games.models import Duel, Game, GamePhase, Seat
from games.positions import phase_position
from games.services.kernel import bump, everyone_ready, game_finish, phase_open, tell_adjudicated
from games.services.resolving import board_resolve
from games.terms import GameTerms

log = logging.getLogger(__name__)


def duel_board_b_start(duel: Duel, board_a: Game, after: Position, *, index: int, now: Any) -> None:
    """Board A's set-up is done: open its first movement phase and make board B, whose
    set-up is board A's exactly inverted, with the same players in the same colours."""
    from adjudicator.variants.highlander.duel import DuelState, invert_setup

    # Board B plays by board A's terms, every one of them (press, missed orders, the time
    # of day, days off, vacations, extensions...): it is one match on two boards.
    board_b = Game.objects.create(
        name=_("%(name)s, board B") % {"name": board_a.name},
        created_by=board_a.created_by,
        status=Game.Status.ACTIVE,
        seed=random.SystemRandom().getrandbits(62),
        started_at=now,
        **GameTerms.of(board_a).game_fields(),
    )
    board_b.masters.set(board_a.masters.all())
    Seat.objects.bulk_create(
        Seat(game=board_b, power=s.power, user_id=s.user_id, joined_at=now)
        for s in board_a.seats.all()
    )
    phase_open(board_a, after, index=index, now=now)
    phase_open(board_b, invert_setup(after), index=0, now=now)
    duel.board_b = board_b
    duel.status = Duel.Status.RUNNING
    duel.state = DuelState().to_json()
    duel.log = [*duel.log, {"kind": "started", "phase": str(after.phase)}]
    duel.save(update_fields=["board_b", "status", "state", "log"])
    bump(board_b)


def duel_step(duel: Duel, *, phase_id: int) -> bool:
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
        if not due and not everyone_ready(g, phase):
            return False
    variant = find_variant(boards[0].variant)
    positions: dict[int, Position] = {}
    for g in boards:
        if g in at_step:
            positions[g.pk] = board_resolve(g, current[g.pk], variant, now)
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
                game_finish(g, Game.Outcome.DUEL, duel.winner, now)
        elif state.stage is DuelStage.SUDDEN_DEATH:
            duel.status = Duel.Status.SUDDEN_DEATH
        duel.save()
    if duel.status != Duel.Status.WON:
        next_step = min((p.phase for p in positions.values()), key=lambda ph: ph.sort_key)
        for g in boards:
            if g in at_step:
                phase_open(
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
        bump(g)
    for g in at_step:
        tell_adjudicated(g, current[g.pk])
    log.info("duel %s: adjudicated %s", duel.pk, step)
    return True
