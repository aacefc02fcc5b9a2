"""Reading positions from JSON-like values (adjudicator/io.py), as the site and Python
callers do, without the command line's JSON reader in front."""

from __future__ import annotations

from typing import Any

import pytest

from adjudicator.errors import PositionError
from adjudicator.io import MAX_DEPTH, check_json, position_from_json


def nested(levels: int) -> Any:
    value: Any = []
    for _ in range(levels - 1):
        value = [value]
    return value


@pytest.mark.parametrize(
    ("extras", "path", "message"),
    [
        ({"x": 10**5000}, "extras.x", "a number of about 5000 digits is too long"),
        ({"x": [-(10**200)]}, "extras.x[0]", "a number of about 200 digits is too long"),
        ({"x": float("nan")}, "extras.x", "nan is not a finite number"),
        ({"x": float("-inf")}, "extras.x", "-inf is not a finite number"),
        ({"x": "\udc80"}, "extras.x", "the text holds a lone surrogate"),
        ({"\ud800x": 1}, "extras.\\ud800x", "the name holds a lone surrogate"),
        ({"x": nested(MAX_DEPTH)}, "extras.x" + "[0]" * (MAX_DEPTH - 2), "nested more than 32"),
    ],
    ids=["int", "negative-int", "nan", "infinity", "text", "key", "depth"],
)
def test_what_no_output_could_carry_is_refused_with_its_path(
    extras: dict[str, Any], path: str, message: str
) -> None:
    with pytest.raises(PositionError) as raised:
        position_from_json({"phase": "S1901M", "extras": extras})
    assert raised.value.path == path
    assert message in raised.value.message


def test_what_a_position_holds_passes() -> None:
    check_json({"x": [nested(MAX_DEPTH - 2), 10**99, -1.5, "東京 \U0001f600", True, None]})
    position, _orders = position_from_json(
        {"phase": "S1901M", "extras": {"x": nested(MAX_DEPTH - 2), "n": 10**99}}
    )
    assert position.extras["n"] == 10**99


def test_a_path_given_prefixes_every_path_reported() -> None:
    with pytest.raises(PositionError) as raised:
        check_json({"a": [1, float("inf")]}, "[3]")
    assert raised.value.path == "[3].a[1]"
