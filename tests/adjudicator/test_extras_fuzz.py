"""Fuzzing the command line over every variant's extras and order texts (issue 41, L3):
whatever is deleted, swapped for a value of another type, or given a wrong id or value,
``python -m adjudicator resolve`` answers 0, or 2 with ``{"error", "path"}`` naming where,
never a traceback.

The inputs are each variant's examples (docs/examples/, examples/spring-1901.json), a
Highlander nomination and a Multiple Void draft, and a Rather Silly spring with the roles
and every creature, mark and share its extras can hold. Hypothesis runs a bounded number
of examples per variant, derandomised, so the run is the same every time and takes
seconds.
"""

from __future__ import annotations

import copy
import io
import json
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adjudicator.cli import main
from adjudicator.io import position_to_json, resolve_json
from adjudicator.variants import find_variant

ROOT = Path(__file__).resolve().parents[2]

#: A Rather Silly spring with the roles, and every key of its extras holding something.
RICH_EXTRAS: dict[str, Any] = {
    "borg": "bel",
    "llamas": {"england": ["nth", "wal"], "france": ["bur", "gas", "pic"]},
    "hyperspace": {
        "now": {"season": "S1902", "link": ["kie", "swe"]},
        "next": {"season": "F1902", "link": None},
    },
    "space_monsters": [1901],
    "tardis": {"province": "nwy", "points": 2},
    "birds": [
        {"power": "england", "province": "lon", "carrying": None},
        {"power": "france", "province": "par", "carrying": "france"},
    ],
    "kinds": {"germany mun": "amazon", "russia war": "dirtbag"},
    "devils": {"austria vie": 2},
    "shares": {"fool": "1/2", "france": "1"},
    "question": {"season": "F1901", "text": "Who wins?"},
    "answers": {"superbrain": {"answer": "Nobody"}},
    "places_due": 1,
    "third_prediction": "S1902",
    "twins": {"italy": ["rom", "nap"]},
    "twins_built": ["italy"],
    "fleets_built": {"england": 3},
    "decisions": {"superbrain F1901": "france"},
}
RICH_ORDERS = {
    "england": ["F nth - nwy", "birds lon - nth", "vote kie - swe", "reply Nobody"],
    "doctor": ["T - lon", "A nwy H"],
    "fool": ["override A par - bur"],
    "superbrain": ["ask Who?", "answer me"],
    "fortune_teller": ["predict bur"],
    "germany": ["sell A mun", "explode pru"],
    "france": ["extra A par"],
}


def _read(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text("utf-8"))
    return data


@cache
def inputs(variant_id: str) -> tuple[dict[str, Any], ...]:
    """The positions fuzzed for a variant, each a valid input (checked here)."""
    found = [
        _read(p) for p in sorted((ROOT / "docs" / "examples" / variant_id).glob("*.input.json"))
    ]
    variant = find_variant(variant_id)
    if variant_id == "standard":
        found.append(_read(ROOT / "examples" / "spring-1901.json"))
    elif variant_id in ("highlander", "multiple_void"):
        start = {**position_to_json(variant.initial_position()), "orders": {}}
        after = resolve_json(start)
        found += [
            start,
            {
                **{
                    k: after[k]
                    for k in ("variant", "units", "centers", "options", "extras")
                    if k in after
                },
                "phase": after["next_phase"],
                "orders": {},
            },
        ]
    elif variant_id == "rather_silly":
        fall = _read(ROOT / "docs" / "examples" / "rather_silly" / "4-movement-F1901M.input.json")
        rich = {**fall, "phase": "S1902M", "options": {"roles": True, "fifth_fleet": True}}
        rich["units"] = {**fall["units"], "doctor": ["A nwy"]}
        rich["extras"] = RICH_EXTRAS
        rich["orders"] = RICH_ORDERS
        found.append(rich)
    for data in found:
        assert answer(data)[0] == 0, data
    return tuple(found)


#: Ids of every kind, right for one place and wrong for the next (an impassable province, a
#: coast where a province is wanted, a power where a province is, an investor of no game).
IDS = [
    "nth", "lon", "swi", "stp/nc", "xyz", "england", "monster", "fool", "doctor", "red",
    "investor-1", "investor-12", "investor-99", "france bur", "france", "S1901", "F1901M",
    "1/2", "0/0", "12.50", "amazon", "",
]  # fmt: skip
#: Words of every variant's orders, for order texts made up of them.
WORDS = [
    "vote", "herd", "explode", "sell", "buy", "ask", "reply", "answer", "extra", "place", "T",
    "destroy", "escape", "twins", "birds", "carry", "predict", "override", "raise", "seduce",
    "distract", "A", "F", "lon", "nth", "stp/sc", "-", "S", "C", "H", "R", "B", "D", "waive",
    "500", "99999999999", "russia", "rouble", "red", "nominate", "bur", "sea", "monster",
]  # fmt: skip

SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 40),
    st.sampled_from([10**6, 10**20, -(10**9)]),
    st.floats(-5, 5, allow_nan=False),
    st.sampled_from(IDS),
    st.text(max_size=4),
)
VALUES = st.recursive(
    SCALARS,
    lambda inner: st.one_of(
        st.lists(inner, max_size=3), st.dictionaries(st.sampled_from(IDS), inner, max_size=3)
    ),
    max_leaves=6,
)
ORDER_TEXTS = st.one_of(
    st.lists(st.sampled_from(WORDS), min_size=1, max_size=6).map(" ".join),
    st.text(max_size=12),
)
#: Keys of some variant's extras, added where they may not belong.
EXTRAS_KEYS = sorted({*RICH_EXTRAS, "exchange", "absent", "round", "rounds", "turn", "count"})


def places(value: Any, at: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """The paths of every part of ``value``, itself first."""
    yield at
    if isinstance(value, dict):
        for key, part in value.items():
            yield from places(part, (*at, key))
    elif isinstance(value, list):
        for n, part in enumerate(value):
            yield from places(part, (*at, n))


def answer(data: Any) -> tuple[int, Any]:
    out = io.StringIO()
    status = main(["resolve"], io.StringIO(json.dumps(data)), out)
    return status, json.loads(out.getvalue())


@st.composite
def mutated(draw: st.DrawFn, variant_id: str) -> dict[str, Any]:
    """One of the variant's inputs with one to three parts of its extras or orders deleted,
    replaced (a value of another type, a wrong id, an order text made up) or renamed."""
    data = copy.deepcopy(draw(st.sampled_from(inputs(variant_id))))
    for _ in range(draw(st.integers(1, 3))):
        where = draw(st.sampled_from(["extras", "extras", "extras", "orders"]))
        root = data.setdefault(where, {})
        at = draw(st.sampled_from(list(places(root))))
        if not at:  # the extras (or orders) themselves: a key added
            key = draw(st.sampled_from(EXTRAS_KEYS if where == "extras" else IDS))
            root[key] = draw(VALUES if where == "extras" else st.lists(ORDER_TEXTS, max_size=3))
            continue
        *outer, key = at
        parent = root
        for step in outer:
            parent = parent[step]
        change = draw(st.sampled_from(["delete", "replace", "replace", "rename", "text"]))
        if change == "delete":
            del parent[key]
        elif change == "rename" and isinstance(parent, dict):
            parent[draw(st.sampled_from(IDS))] = parent.pop(key)
        elif change == "text":
            parent[key] = draw(ORDER_TEXTS)
        else:
            parent[key] = draw(VALUES)
    return data


FUZZ = settings(
    max_examples=120,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


@pytest.mark.parametrize(
    "variant_id", ["standard", "highlander", "multiple_void", "kapitalisten", "rather_silly"]
)
def test_malformed_extras_and_orders_answer_0_or_2_with_a_path(variant_id: str) -> None:
    @FUZZ
    @given(data=mutated(variant_id))
    def check(data: dict[str, Any]) -> None:
        status, said = answer(data)
        assert status in (0, 2), said
        if status == 2:
            assert set(said) == {"error", "path"}, said
            assert isinstance(said["error"], str)
            assert said["error"]
            assert isinstance(said["path"], str)
            assert said["path"], said  # it names where

    check()
