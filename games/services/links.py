"""Boards linked and adjudicated together (a twin-board duel: ``SiteVariant.duel_boards``).

Games knows the mechanics: the other boards are made when board A's set-up is done, each
playing by board A's terms with the same players in the same colours; every step, the
boards at the earliest open phase are adjudicated at once, once each is due; a board ahead
of the others waits without a deadline; and after each movement turn of all the boards the
link's rule (games.link_rules, registered by the app that knows the kind) gives its verdict. A
decided link ends every board."""

from __future__ import annotations

import logging
import random
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from adjudicator import PhaseKind, Position, find_variant
from core.errors import ApplicationError
from games import visibility
from games.link_rules import link_rule
from games.models import BoardLink, Game, GameMaster, GamePhase, ModeratorAction, Seat
from games.positions import phase_position
from games.services.kernel import bump, game_finish, phase_note, phase_open, tell_adjudicated
from games.services.moderation import action_record, reason_required
from games.services.nmr import nmr_policy_apply
from games.services.resolving import board_resolve
from games.terms import GameTerms

log = logging.getLogger(__name__)


def link_boards_start(
    link: BoardLink, board_a: Game, after: Position, *, index: int, now: Any
) -> None:
    """Board A's set-up is done: open its next phase and make the link's other boards (a
    duel's board B: board A's set-up exactly inverted), with the same players in the same
    colours, playing by board A's terms and run by its game masters."""
    rule = link_rule(link.kind)
    firsts = rule.boards_after_setup(after)
    phase_open(board_a, firsts["A"], index=index, now=now)
    seats = list(board_a.seats.all())
    # Board A's masters, each with who named him: the rule on who may sit beside them
    # (kernel.refuse_game_master) holds on every board of the match.
    masters = list(GameMaster.objects.filter(game=board_a).order_by("pk"))
    for label, first in sorted(firsts.items()):
        if label == "A":
            continue
        # Every term of board A (press, missed orders, the time of day, days off,
        # vacations, extensions...): the linked boards are one match.
        board = Game.objects.create(
            name=_("%(name)s, board %(label)s") % {"name": board_a.name, "label": label},
            created_by=board_a.created_by,
            status=Game.Status.ACTIVE,
            seed=random.SystemRandom().getrandbits(62),
            started_at=now,
            link=link,
            link_label=label,
            **GameTerms.of(board_a).game_fields(),
        )
        GameMaster.objects.bulk_create(
            GameMaster(game=board, user_id=m.user_id, named_by_id=m.named_by_id) for m in masters
        )
        # A bot plays each board at the level chosen for its seat (a practice duel).
        Seat.objects.bulk_create(
            Seat(game=board, power=s.power, user_id=s.user_id, joined_at=now, bot_level=s.bot_level)
            for s in seats
        )
        phase_open(board, first, index=0, now=now)
        bump(board)
    link.status = BoardLink.Status.RUNNING
    link.state = dict(rule.initial_state())
    link.log = [*link.log, {"kind": "started", "phase": str(after.phase)}]
    link.save(update_fields=["status", "state", "log"])


def link_step(link: BoardLink, *, phase_id: int) -> bool:
    """Adjudicate the link's next step: every board at the earliest open phase, together,
    once each of them is due (GamePhaseManager.due: its deadline passed, all its powers
    ready, or a moderator had it tried again), and once the boards' missed-orders policy,
    applied to each, no longer holds the step (a grace period, a search for a replacement).
    Nothing is played while a board is paused.

    A board ahead of the others (it had no retreats to play) waits with no deadline. When
    every board has finished the same movement turn, the link's rule gives its verdict; a
    decided link ends every board (a board that waited ahead has its waiting phase closed
    unplayed, noted ``link_decided``).
    """
    # Locked in primary-key order, as wherever several games are locked.
    boards = list(Game.objects.select_for_update().filter(link=link).order_by("pk"))
    if any(g.status != Game.Status.ACTIVE for g in boards):
        return False
    # The boards are one match: one paused (a tournament's round, a moderator) holds every
    # board, as a pause holds a single game (phase_adjudicate), even if all are ready.
    if any(g.is_paused for g in boards):
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
        return False  # a board waiting for the others, or a phase already done
    now = timezone.now()
    # The boards are one match: the step is due when every board at it is (the rule's one
    # home, GamePhaseManager.due: deadline passed, all ready, or a moderator's retry).
    stepping = {current[g.pk].pk for g in at_step}
    due = set(GamePhase.objects.due(now=now).filter(pk__in=stepping).values_list("pk", flat=True))
    if due != stepping:
        log.info("link %s: %s is not due on every board yet", link.pk, step)
        return False
    variant = find_variant(boards[0].variant)
    # Missed orders: each board's own policy (grace, a search for a replacement), as for a
    # single game (phase_adjudicate). The boards are one match: when one board waits, the
    # step waits on every board, each given the latest deadline, which the pages show.
    held = [g for g in at_step if nmr_policy_apply(g, current[g.pk], variant, now)]
    if held:
        until = max(d for g in held if (d := current[g.pk].deadline) is not None)
        for g in at_step:
            phase = current[g.pk]
            if phase.deadline is None or phase.deadline < until:
                phase.deadline = until
                phase.save(update_fields=["deadline"])
        for g in boards:
            bump(g)
        log.info("link %s: %s waits for missed orders until %s", link.pk, step, until)
        return False
    positions: dict[int, Position] = {}
    for g in boards:
        if g in at_step:
            positions[g.pk] = board_resolve(g, current[g.pk], variant, now)
        else:
            positions[g.pk] = phase_position(current[g.pk])
    turn_done = step.kind in (PhaseKind.MOVEMENT, PhaseKind.RETREATS) and all(
        p.phase.kind is not PhaseKind.RETREATS for p in positions.values()
    )
    if turn_done:
        verdict = link_rule(link.kind).after_turn(
            link.state, {g.link_label: positions[g.pk] for g in boards}
        )
        if verdict.log is not None:
            link.log = [*link.log, {"kind": "verdict", "after": str(step), **verdict.log}]
        link.state = dict(verdict.state)
        link.stage = verdict.stage
        if verdict.decided:
            link.status = BoardLink.Status.DECIDED
            link.winner = verdict.winner
            link.decided_by = verdict.decided_by
            link.decided_at = now
            for g in boards:
                if g not in at_step:
                    # Ahead of the others, it waited in a phase never played: closed, noted.
                    phase = current[g.pk]
                    phase.status = GamePhase.Status.RESOLVED
                    phase.resolved_at = now
                    phase_note(phase, "link_decided", winner=link.winner)
                    phase.save(update_fields=["status", "resolved_at", "notes"])
                game_finish(g, Game.Outcome.DUEL, link.winner, now)
        link.save()
    if link.status != BoardLink.Status.DECIDED:
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
    log.info("link %s: adjudicated %s", link.pk, step)
    return True


#: How a link decided without play is recorded (``BoardLink.decided_by``).
AWARDED = "award"


@transaction.atomic
def link_award(
    *, link: BoardLink, by: AbstractBaseUser, winner: str, reason: str, tell_players: bool = True
) -> BoardLink:
    """Decide linked boards without playing them on (a walkover, a forfeit): ``winner``
    takes the link, every board still running ends with it, and the open phases close
    unadjudicated, noted as awarded. Whoever may moderate every board may do it. With
    ``tell_players`` False the players hear nothing of each board's end: the caller tells
    them of the decision in its own words (a tournament's "bob beat cat (walkover)").

    Raises:
        ApplicationError: ``by`` may not moderate the boards, the link is decided
            already, ``winner`` plays no power on them, or no reason is given.
    """
    link = BoardLink.objects.select_for_update().get(pk=link.pk)
    boards = list(Game.objects.select_for_update().filter(link=link).order_by("pk"))
    if not boards or not all(visibility.can_moderate(user=by, game=g) for g in boards):
        raise ApplicationError(_("Only a moderator of every board may decide them."))
    if link.status == BoardLink.Status.DECIDED:
        raise ApplicationError(_("These boards are decided already."))
    if not boards[0].seats.filter(power=winner).exists():
        raise ApplicationError(_("Name the power that wins."))
    reason = reason_required(reason)
    now = timezone.now()
    link.status = BoardLink.Status.DECIDED
    link.winner = winner
    link.decided_by = AWARDED
    link.decided_at = now
    link.log = [*link.log, {"kind": "awarded", "winner": winner, "reason": reason}]
    link.save()
    for board in boards:
        if board.status == Game.Status.FINISHED:
            continue
        phase = board.current_phase
        if phase is not None and phase.status == GamePhase.Status.OPEN:
            phase.status = GamePhase.Status.RESOLVED
            phase.resolved_at = now
            phase_note(phase, "awarded", winner=winner)
            phase.save(update_fields=["status", "resolved_at", "notes"])
        if board.status == Game.Status.FORMING:
            board.started_at = now
            board.save(update_fields=["started_at"])
        game_finish(board, Game.Outcome.DUEL, winner, now, tell=tell_players)
        action_record(
            board, by, ModeratorAction.Kind.END, reason, phase, outcome="duel", winner=winner
        )
        bump(board)
    return link


#: How a link decided by a player's concession is recorded (``BoardLink.decided_by``).
CONCEDED = "concede"


def link_concede(link: BoardLink, *, loser: str, winner: str, now: Any) -> None:
    """``loser`` conceded on one of the linked boards: he concedes them all, since linked
    boards are one match (a duel is won or lost on both boards together). The link is
    decided for ``winner``, and every board still running ends with it, its open phase
    closed unadjudicated and noted as conceded. The caller holds the boards' row locks
    (games.services.votes takes them in primary-key order) and records the concession's
    vote; the apps that follow the link (a tournament's match) hear of it from the boards'
    end, as of any decided link."""
    link = BoardLink.objects.select_for_update().get(pk=link.pk)
    if link.status == BoardLink.Status.DECIDED:
        raise ApplicationError(_("These boards are decided already."))
    link.status = BoardLink.Status.DECIDED
    link.winner = winner
    link.decided_by = CONCEDED
    link.decided_at = now
    link.log = [*link.log, {"kind": "conceded", "power": loser, "winner": winner}]
    link.save()
    for board in Game.objects.select_for_update().filter(link=link).order_by("pk"):
        if board.status != Game.Status.ACTIVE:
            continue
        phase = board.current_phase
        if phase is not None:
            phase.status = GamePhase.Status.RESOLVED
            phase.resolved_at = now
            phase_note(phase, "conceded", power=loser, winner=winner)
            phase.save(update_fields=["status", "resolved_at", "notes"])
        game_finish(board, Game.Outcome.DUEL, winner, now)
        bump(board)
