"""The questions the rules leave to the game master (decisions), as one viewer may read
them: on the game page, in the state API and in the moderation records alike.

Who reads what is games.visibility's (:class:`~games.visibility.QuestionReader`): a
question of an open phase only those who may moderate, and of each question the
parameters a power owns (the answer to a question a seat asked) only that power and those who read
every secret. The words are games.wording's, in the reader's language, from the code and
what he may read of its parameters."""

from __future__ import annotations

from typing import Any

from games import wording
from games.models import Decision
from games.visibility import QuestionReader


def question_as_seen(decision: Decision, reader: QuestionReader, map_id: str) -> dict[str, Any]:
    """The question of ``decision`` as ``reader`` may read it (he may read it at all:
    :meth:`QuestionReader.sees`): its words, its code and the parameters he may read, and
    the names of those kept from him."""
    params, hidden = reader.params(decision)
    if decision.question_code:
        words = wording.question_sentence(decision.question_code, params, map_id, hidden)
    elif reader.words(decision):
        words = decision.question
    else:
        # Stored as words before questions had codes, and not read back: nothing tells
        # which of them are a power's secret.
        words = wording.question_withheld()
    return {
        "question": words,
        "question_code": decision.question_code,
        "params": params,
        "hidden": list(hidden),
    }


def decision_as_seen(decision: Decision, reader: QuestionReader, map_id: str) -> dict[str, Any]:
    """One decision of a phase as ``reader`` may see it, for the state (the game page
    and the API): the question (:func:`question_as_seen`), the answers allowed, the
    default and what it means, the deadline and the answer."""
    if decision.default_code:
        default_text = wording.question_sentence(decision.default_code, {}, map_id)
    else:
        default_text = decision.default_text
    return {
        "id": decision.pk,
        "key": decision.key,
        **question_as_seen(decision, reader, map_id),
        "choices": decision.choices,
        # The choices by name, for a form that ticks or picks them.
        "choice_names": {
            c: wording.answer_words(c, decision.choices, False) for c in decision.choices
        },
        "many": decision.many,
        "default": decision.default,
        "default_words": wording.answer_words(decision.default, decision.choices, decision.many),
        "default_text": default_text,
        "deadline": decision.deadline.isoformat(),
        "answer": decision.answer,
        "answer_words": wording.answer_words(decision.answer, decision.choices, decision.many),
        "defaulted": decision.defaulted,
    }
