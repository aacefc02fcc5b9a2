"""Questions a variant's rules leave to the game master: asked when a phase is due,
answered by a moderator of the game (or by the variant's default when their time is up)."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from adjudicator.board import thaw
from adjudicator.variants import Variant
from core.errors import ApplicationError
from games.models import Decision, Game, GamePhase, ModeratorAction
from games.positions import phase_position, with_decisions
from games.services.kernel import adjudicate_after_commit, bump
from games.services.moderation import action_record, moderated_game_locked


def decisions_pending(game: Game, phase: GamePhase, variant: Variant, now: Any) -> bool:
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
            # Its code and parameters, never its words: a parameter may be a power's
            # secret (games.visibility decides who reads it).
            question_code=request.question.value,
            params=thaw(request.params),
            owned=dict(request.owned),
            choices=list(request.choices),
            default=request.default,
            default_code=request.default_means.value if request.default_means else "",
            deadline=deadline,
        )
    phase.deadline = deadline
    phase.notes = [*phase.notes, {"kind": "decision_asked", "keys": [r.key for r in asked]}]
    phase.save(update_fields=["deadline", "notes"])
    return True


@transaction.atomic
def decision_answer(
    *, decision: Decision, by: AbstractBaseUser, answer: str, reason: str = ""
) -> Decision:
    """Answer a question a variant's rules left to the game master. When the phase has no
    question left open, it is adjudicated (after this transaction commits)."""
    game = moderated_game_locked(decision.phase.game, by)
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
    action_record(
        game,
        by,
        ModeratorAction.Kind.DECISION,
        reason,
        phase,
        # The question by reference, not a copy of its words: who reads what of it is
        # decided where it is shown (games.selectors.decisions).
        key=decision.key,
        decision=decision.pk,
        answer=answer,
    )
    bump(game)
    if not phase.decisions.filter(answer=None).exists():
        adjudicate_after_commit(game.pk, phase.pk)
    return decision
