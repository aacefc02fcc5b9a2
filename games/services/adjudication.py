"""Adjudicating a phase exactly once, and giving it up to the moderators after repeated
failures. The missed-orders policy (nmr), the game master's questions (decisions) and
linked boards (links) each have their own module; this one puts them in order."""

from __future__ import annotations

import logging

from django.db import transaction
from django.utils import timezone

from accounts.roles import MODERATOR, role_holders
from adjudicator import PositionError, find_variant
from adjudicator.io import position_from_json
from games import events
from games.models import BoardLink, Game, GamePhase
from games.positions import game_end
from games.services.decisions import decisions_pending
from games.services.kernel import (
    adjudicate_when_all_ready,
    bump,
    game_finish,
    game_locked,
    phase_note,
    phase_open,
    seated_users,
    tell_adjudicated,
)
from games.services.links import link_boards_start, link_step
from games.services.nmr import nmr_policy_apply
from games.services.resolving import board_resolve

log = logging.getLogger(__name__)


#: Adjudication attempts that raise before a phase is given up to the moderators.
MAX_ADJUDICATION_FAILURES = 3


def phase_adjudicate(*, game_id: int, phase_id: int, when_due: bool = False) -> bool:
    """Adjudicate a phase exactly once; ``False`` if it was already done (or not due).

    Locks the game row, so a second worker, a retried task or a double
    deadline finds the phase resolved and does nothing. Missing orders take
    the defaults (hold, disband, waive, civil disorder) and are recorded on
    the seat. Opens the next phase, or ends the game. The boards of a
    linked boards (a twin-board duel) are adjudicated together (services.links),
    once every board at the step is due.

    With ``when_due`` (the Celery task, games.tasks.adjudicate_phase) the phase is
    resolved only if it is due (GamePhaseManager.due: its deadline passed, every power
    with orders to give is ready, or a moderator had it tried again); otherwise nothing
    is done and the log says so. A task is only a message: a stale one, or one from
    another process sharing the broker (the tests beside the site), named a phase that
    was open and resolved it a day early with its players' units holding. Without it
    the caller has decided the phase ends now (a test, a benchmark).
    """
    link_id = Game.objects.filter(pk=game_id).values_list("link_id", flat=True).first()
    with transaction.atomic():
        link = None
        if link_id is not None:
            # The link's row first, then the boards: two workers, one per board, queue here.
            link = BoardLink.objects.select_for_update().get(pk=link_id)
            if link.status != BoardLink.Status.SETUP:
                return link_step(link, phase_id=phase_id)
        try:
            game = game_locked(game_id)
        except Game.DoesNotExist:
            # A stale message (the game was deleted since) is nothing to adjudicate, and
            # no failure of a phase.
            log.warning("game %s does not exist: phase %s left alone", game_id, phase_id)
            return False
        phase = GamePhase.objects.select_for_update().filter(pk=phase_id, game=game).first()
        if phase is None or phase.status != GamePhase.Status.OPEN:
            return False
        if game.status != Game.Status.ACTIVE or game.is_paused or phase.stuck_since:
            return False
        if when_due and not GamePhase.objects.due().filter(pk=phase.pk).exists():
            log.warning(
                "game %s phase %s is not due (deadline %s, not every power ready, no "
                "moderator's retry): left open",
                game_id,
                phase.code,
                phase.deadline.isoformat() if phase.deadline else "none",
            )
            return False
        variant = find_variant(game.variant)
        now = timezone.now()
        # The missed-orders policy of a linked board's set-up (board A alone, before the
        # boards are linked) as of any game; once linked, services.links applies it.
        if nmr_policy_apply(game, phase, variant, now):
            bump(game)
            return False
        if decisions_pending(game, phase, variant, now):
            bump(game)
            return False
        after = board_resolve(game, phase, variant, now)
        ended = None if link is not None else game_end(variant, after, last_year=game.last_year)
        if ended is not None:
            game_finish(game, ended[0], ended[1], now)
        elif link is not None and not after.phase.is_setup:
            link_boards_start(link, game, after, index=phase.index + 1, now=now)
        else:
            opened = phase_open(game, after, index=phase.index + 1, now=now)
            # A phase in which nobody has anything to order (a retreat of units the
            # variant retreats itself) is adjudicated at once, not left to wait for its
            # deadline with nobody able to end it.
            adjudicate_when_all_ready(game, opened)
        bump(game)
        tell_adjudicated(game, phase)
    log.info("adjudicated %s %s", game_id, phase.code)
    return True


def phase_adjudication_failed(*, game_id: int, phase_id: int, error: str) -> bool:
    """Count an adjudication attempt that raised (a bug in a variant, bad stored data);
    True if the phase is now given up to the moderators.

    After :data:`MAX_ADJUDICATION_FAILURES` the phase is marked stuck: the sweep stops
    queuing it, the players and the site's moderators are told, and the moderation page
    lists it until a moderator tries again (after a fix) or rules on the phase."""
    with transaction.atomic():
        game = Game.objects.select_for_update().filter(pk=game_id).first()
        phase = GamePhase.objects.select_for_update().filter(pk=phase_id, game_id=game_id).first()
        if game is None or phase is None or phase.status != GamePhase.Status.OPEN:
            return False
        phase.failures += 1
        phase.last_failure = error[:4000]
        stuck = phase.stuck_since is None and phase.failures >= MAX_ADJUDICATION_FAILURES
        if not stuck:
            phase.save(update_fields=["failures", "last_failure"])
            return False
        _give_up(game, phase, "stuck")
        log.error(
            "game %s phase %s given up after %d failures", game_id, phase.code, phase.failures
        )
    return True


def phase_unreadable(*, game_id: int, phase_id: int) -> bool:
    """Give an open phase whose stored position the adjudicator's reader refuses (an old
    bug, a hand edit in the admin) up to the moderators at once: trying it again would only
    fail again, so it is not tried three times first. True if given up now; False if the
    position can be read (repaired meanwhile), the phase is no longer open, or it was given
    up already.

    The players and the moderators are told, as for a phase that failed; the moderators
    see what cannot be read (and where) on the game page, and repair it with a ruling on
    the phase before (games.services.rulings)."""
    with transaction.atomic():
        game = Game.objects.select_for_update().filter(pk=game_id).first()
        phase = GamePhase.objects.select_for_update().filter(pk=phase_id, game_id=game_id).first()
        if game is None or phase is None or phase.status != GamePhase.Status.OPEN:
            return False
        if phase.stuck_since is not None:
            return False
        try:
            position_from_json(phase.position)
        except PositionError as e:
            problem = f"{e.message} (at {e.path or '-'})"
        else:
            return False
        phase.failures += 1
        phase.last_failure = f"The stored position of {phase.code} cannot be read: {problem}"[:4000]
        _give_up(game, phase, "unreadable")
        log.error(
            "game %s phase %s given up to the moderators: its stored position cannot be read: %s",
            game_id,
            phase.code,
            problem,
        )
    return True


def _give_up(game: Game, phase: GamePhase, note: str) -> None:
    """Mark the locked open ``phase`` stuck: the sweep no longer queues it, and its
    players, game masters and the site's moderators are told."""
    phase.stuck_since = timezone.now()
    phase.due_now = False
    phase_note(phase, note)
    phase.save(update_fields=["failures", "last_failure", "stuck_since", "due_now", "notes"])
    moderators = role_holders(MODERATOR)
    events.announce(
        kind="phase_stuck",
        game=game,
        users=[
            *seated_users(game),
            *game.masters.values_list("pk", flat=True),
            *moderators.values_list("pk", flat=True),
        ],
        key=f"stuck:{phase.pk}:{phase.failures}",
        params={"game": game.name, "phase": phase.code},
    )
    bump(game)
