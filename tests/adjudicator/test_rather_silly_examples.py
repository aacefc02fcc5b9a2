"""The examples of docs/rather_silly.md resolve as documented: each input in
docs/examples/rather_silly/ gives exactly its stored output through the command line's
JSON (tools/rather_silly_examples.py writes them again after a change to the variant)."""

from __future__ import annotations

import json
import re
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


def test_the_pages_extras_are_those_of_its_examples() -> None:
    """docs/rather_silly.md shows the game master's answers going in (`extras.decisions`)
    and what comes out (`shares`, `third_prediction`, `places_due`, `kinds`) as excerpts
    of the examples: each excerpt is exactly those keys of the example it names."""
    page = (EXAMPLES.parents[1] / "rather_silly.md").read_text()
    section = page.split("### The game master's answers", 1)[1].split("\n## ", 1)[0]
    blocks = re.findall(r"```json\n(.*?)```", section, flags=re.DOTALL)
    files = [
        "7-roles-F1901M.input.json",
        "7-roles-F1901M.output.json",
        "8-roles-S1902M.output.json",
    ]
    assert len(blocks) == len(files)
    for block, name in zip(blocks, files, strict=True):
        shown = json.loads("{" + block + "}")["extras"]
        extras = json.loads((EXAMPLES / name).read_text())["extras"]
        assert shown == {k: extras[k] for k in shown}, name
        superbrains = {"decisions", "question", "answers", "shares", "third_prediction"}
        assert set(shown) >= set(extras) & {*superbrains, "places_due", "kinds"}, name
