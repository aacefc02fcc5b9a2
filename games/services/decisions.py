"""Questions a variant's rules leave to the game master: asked when a phase is due,
answered by a moderator of the game (or by the variant's default when their time is up)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import timedelta
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from adjudicator.board import thaw
from adjudicator.variants import Variant
from core.errors import ApplicationError
from games import events, visibility
from games.models import Decision, Game, GamePhase, ModeratorAction
from games.positions import phase_position, with_decisions
from games.services.kernel import adjudicate_after_commit, bump, phase_note
from games.services.moderation import action_record, moderated_game_locked


def decision_window(game: Game, phase: GamePhase) -> timedelta:
    """How long the game masters have for a question asked when ``phase`` is due: the
    game's decision window, but never longer than the phase itself lasts in this game (a
    one-hour game does not stop for a day)."""
    return min(game.decision_window, game.deadline_for(phase.code))


def decisions_pending(game: Game, phase: GamePhase, variant: Variant, now: Any) -> bool:
    """Does the phase wait for its game masters? True while a question the variant's rules
    leave to them is open and its deadline has not passed. Unanswered questions past their
    deadline take the variant's default, and so does every question when nobody may
    answer it (the game has no moderator who does not play in it): the phase then goes on
    at its own deadline. New questions are asked with :func:`decision_window`."""
    pending = list(phase.decisions.select_for_update().filter(answer=None))
    # Asked only where there is a question: this runs as every phase of every game ends.
    nobody = bool(pending) and not visibility.someone_may_moderate(game=game)
    for decision in pending:
        if decision.deadline <= now or nobody:
            _default_applied(phase, decision, now, nobody=nobody)
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
    deadline = now + decision_window(game, phase)
    nobody = nobody or not visibility.someone_may_moderate(game=game)
    made: list[int] = []
    for request in asked:
        decision = Decision.objects.create(
            phase=phase,
            key=request.key,
            # Its code and parameters, never its words: a parameter may be a power's
            # secret (games.visibility decides who reads it).
            question_code=request.question.value,
            params=thaw(request.params),
            owned=dict(request.owned),
            choices=list(request.choices),
            many=request.many,
            default=request.default,
            default_code=request.default_means.value if request.default_means else "",
            deadline=deadline,
        )
        made.append(decision.pk)
        if nobody:
            _default_applied(phase, decision, now, nobody=True)
    if nobody:
        phase.save(update_fields=["notes"])
        return False
    phase.deadline = deadline
    # Said to the players with its deadline and what happens without an answer; the
    # question itself may hold a secret (games.visibility decides who reads it).
    phase_note(
        phase,
        "decision_asked",
        keys=[r.key for r in asked],
        deadline=deadline.isoformat(),
        defaults=[r.default_means.value for r in asked if r.default_means],
    )
    phase.save(update_fields=["deadline", "notes"])
    # Those who may answer hear of it at once (a push, a mail, as each chose): the phase
    # waits for them. Never the question: it may hold a power's secret.
    events.announce(
        kind="decision_asked",
        game=game,
        users=visibility.who_may_moderate(game=game),
        key=f"decision:{min(made)}",
        params={
            "game": game.name,
            "phase": phase.code,
            "count": len(made),
            "deadline": deadline.strftime("%Y-%m-%d %H:%M"),
        },
    )
    return True


def _default_applied(phase: GamePhase, decision: Decision, now: Any, *, nobody: bool) -> None:
    """The variant's default answers ``decision``: its time is up, or nobody may answer."""
    decision.answer = decision.default
    decision.defaulted = True
    decision.answered_at = now
    decision.save(update_fields=["answer", "defaulted", "answered_at"])
    if nobody:
        phase_note(phase, "decision_default", key=decision.key, nobody_may_answer=True)
    else:
        phase_note(phase, "decision_default", key=decision.key)


def answer_read(decision: Decision, answer: str | Sequence[str]) -> str:
    """The answer as it is stored: one of the choices (by id), any of them for a
    question that takes many (ids, sorted, joined by commas; none is ``""``), or the
    words given to a free question.

    Raises:
        ApplicationError: the answer is not one the question takes.
    """
    if decision.many:
        given = answer.split(",") if isinstance(answer, str) else list(answer)
        named = {str(w).strip() for w in given if str(w).strip()}
        unknown = sorted(named - set(decision.choices))
        if unknown:
            raise ApplicationError(
                _("Answer with any of: %(choices)s (or none of them).")
                % {"choices": ", ".join(decision.choices)}
            )
        return ",".join(sorted(named))
    text = (answer if isinstance(answer, str) else ",".join(answer)).strip()
    if not text or (decision.choices and text not in decision.choices):
        raise ApplicationError(
            _("Answer with one of: %(choices)s.") % {"choices": ", ".join(decision.choices)}
            if decision.choices
            else _("Give an answer.")
        )
    return text


@transaction.atomic
def decision_answer(
    *, decision: Decision, by: AbstractBaseUser, answer: str | Sequence[str], reason: str = ""
) -> Decision:
    """Answer a question a variant's rules left to the game master (:func:`answer_read`
    says what answers it takes). When the phase has no question left open, it is
    adjudicated (after this transaction commits)."""
    game = moderated_game_locked(decision.phase.game, by)
    decision = Decision.objects.select_for_update().select_related("phase").get(pk=decision.pk)
    phase = decision.phase
    if decision.answer is not None or phase.status != GamePhase.Status.OPEN:
        raise ApplicationError(_("This question is answered already."))
    answer = answer_read(decision, answer)
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
