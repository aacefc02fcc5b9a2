"""A movement phase's results are worded only when read (issue 40): a searching bot
resolves many candidate order sets and reads the position of most, the results of few.
Read late or at once, they are the same results, and a ``Resolution`` still behaves as
the pair ``(position, results)`` it was."""

from __future__ import annotations

import copy
import pickle
from collections.abc import Iterator
from unittest import mock

import pytest

from adjudicator import (
    Order,
    OrderResult,
    Outcome,
    Reason,
    Resolution,
    find_variant,
    resolution,
    resolve,
)
from adjudicator.io import resolution_to_json

START = find_variant("standard").initial_position()
ORDERS = {
    "germany": ["A mun - bur", "A ber - mun"],
    "france": ["A par - bur", "A mar S A par - bur"],
    "italy": ["A ven - tyr", "A rom - ven"],
}


@pytest.fixture
def wordings() -> Iterator[list[str]]:
    """Every result the movement resolver made, by the reason it gave (``ok``: none)."""
    made: list[str] = []
    ok, other = resolution.ok_result, resolution.make_result

    def ok_made(power: str, order: Order) -> OrderResult:
        made.append("ok")
        return ok(power, order)

    def other_made(
        power: str,
        order: Order | str,
        outcome: Outcome,
        reason: Reason | None = None,
        /,
        **params: object,
    ) -> OrderResult:
        made.append(reason.value if reason is not None else "ok")
        return other(power, order, outcome, reason, **params)

    with (
        mock.patch.object(resolution, "ok_result", ok_made),
        mock.patch.object(resolution, "make_result", other_made),
    ):
        yield made


def test_a_movement_phases_results_are_worded_only_when_first_read(
    wordings: list[str],
) -> None:
    done = resolve(START, ORDERS)
    assert str(done.position.phase) == "F1901M"
    assert done.position.unit_in("bur") is not None  # France's, with Marseilles' support
    assert wordings == []
    first = done.results
    assert len(wordings) == len(START.units)
    assert wordings.count("bounced") == 1  # Munich's move, against Paris' supported one
    assert done.results is first  # worded once, kept
    assert len(wordings) == len(START.units)


def test_results_read_late_are_those_read_at_once() -> None:
    late = resolve(START, ORDERS)
    at_once = resolve(START, ORDERS)
    words = at_once.results
    # Another phase resolved in between leaves the first one's answer alone.
    resolve(START, {"germany": ["A mun - bur"], "france": ["A par - bur"]})
    assert late.results == words
    assert [(str(r.order), r.outcome.value) for r in words if r.power == "france"][:3] == [
        ("F bre H", "ok"),
        ("A mar S A par - bur", "ok"),
        ("A par - bur", "ok"),
    ]
    assert resolution_to_json(START, late) == resolution_to_json(START, at_once)


def test_a_resolution_behaves_as_the_pair_it_was() -> None:
    done = resolve(START, ORDERS)
    after, results = done
    assert after is done.position
    assert results is done.results
    assert done[0] is after
    assert done[1] is results
    assert len(done) == 2
    again = resolve(START, ORDERS)
    assert done == again
    assert hash(done) == hash(again)
    assert done == (after, results)
    assert done != resolve(START, {})
    assert Resolution(after, results) == done
    assert repr(done).startswith("Resolution(position=")
    unread = resolve(START, ORDERS)
    assert pickle.loads(pickle.dumps(unread)) == done
    assert copy.deepcopy(resolve(START, ORDERS)) == done
