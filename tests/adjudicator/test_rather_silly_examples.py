"""The examples of docs/rather_silly.md resolve as documented: each input in
docs/examples/rather_silly/ gives exactly its stored output through the command line's
JSON (tools/rather_silly_examples.py writes them again after a change to the variant)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from adjudicator.io import resolve_json

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples" / "rather_silly"
INPUTS = sorted(EXAMPLES.glob("*.input.json"))


def test_there_is_an_example_per_phase_kind() -> None:
    kinds = {json.loads(p.read_text())["phase"][-1] for p in INPUTS}
    assert kinds == {"L", "M", "R", "A"}


@pytest.mark.parametrize("path", INPUTS, ids=lambda p: p.name.split(".")[0])
def test_the_example_resolves_as_documented(path: Path) -> None:
    expected = json.loads(path.with_name(path.name.replace(".input.", ".output.")).read_text())
    assert resolve_json(json.loads(path.read_text())) == expected
