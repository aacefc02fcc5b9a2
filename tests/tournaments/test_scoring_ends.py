"""Issue 35, D8, in the scoring module: a board ends in a solo, a draw of every survivor,
a draw of some survivors only, or by time with no draw (ranked by centers); each system
scores each end as its definition says (only Draw-Size and Dixie read a draw), and the
command line takes the end as an optional ``end`` without changing what the contract
already reads (docs/tournament-scoring.md). The worked examples in
docs/examples/tournament-scoring/ are run through the command."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tournaments.scoring import SYSTEMS, main

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = sorted((ROOT / "docs" / "examples" / "tournament-scoring").glob("*.json"))

#: The audit's called board, at its end: a 12-center leader and a 2-center survivor.
BOARD = {
    "russia": {"centers": 12},
    "england": {"centers": 8},
    "france": {"centers": 6},
    "turkey": {"centers": 4},
    "italy": {"centers": 2},
    "germany": {"centers": 0, "eliminated": 1905},
    "austria": {"centers": 0, "eliminated": 1904},
}


def scored(system: str, **extra: Any) -> dict[str, float]:
    game = {"system": system, "powers": BOARD, "solo": None, "draw": None, "last_year": 1907}
    out = io.StringIO()
    assert main([], io.StringIO(json.dumps(game | extra)), out) == 0, out.getvalue()
    return json.loads(out.getvalue())["scores"]


def test_dixie_by_time_ranks_by_centres_where_a_draw_of_all_shares() -> None:
    assert scored("dixie", end="time") == {
        "russia": 270 + 48,
        "england": 70 + 32,
        "france": 50 + 24,
        "turkey": 34 + 16,
        "italy": 20 + 8,
        "germany": 10,
        "austria": 0,
    }
    everyone = scored("dixie")
    assert everyone["russia"] == pytest.approx(88.8 + 48)
    assert everyone["italy"] == pytest.approx(88.8 + 8)


def test_a_draw_of_some_survivors_leaves_the_others_out() -> None:
    three = ["russia", "england", "france"]
    assert scored("draw_size", draw=three, end="draw") == pytest.approx(
        {
            "russia": 100 / 3,
            "england": 100 / 3,
            "france": 100 / 3,
            **dict.fromkeys(("turkey", "italy", "germany", "austria"), 0),
        }
    )
    assert scored("dixie", draw=three) == {
        "russia": 130 + 48,
        "england": 130 + 32,
        "france": 130 + 24,
        "turkey": 34 + 16,
        "italy": 20 + 8,
        "germany": 10,
        "austria": 0,
    }


def test_draw_size_by_time_is_shared_by_the_survivors() -> None:
    assert scored("draw_size", end="time") == {
        **dict.fromkeys(("russia", "england", "france", "turkey", "italy"), 20),
        "germany": 0,
        "austria": 0,
    }


@pytest.mark.parametrize("system", [s for s in SYSTEMS if s not in ("draw_size", "dixie")])
def test_the_systems_by_centres_alone_score_every_end_alike(system: str) -> None:
    by_time = scored(system, end="time")
    assert scored(system) == by_time
    assert scored(system, draw=["russia", "england"]) == by_time


@pytest.mark.parametrize(
    ("change", "path"),
    [
        ({"end": "stalemate"}, "end"),
        ({"end": "time", "draw": ["russia", "england"]}, "draw"),
        ({"end": "solo"}, "solo"),
        (
            {
                "end": "time",
                "solo": "russia",
                "powers": {**BOARD, "russia": {"centers": 18}, "england": {"centers": 2}},
            },
            "solo",
        ),
    ],
)
def test_an_end_that_does_not_fit_the_game_is_refused_with_where(
    change: dict[str, Any], path: str
) -> None:
    game = {"system": "dixie", "powers": BOARD, "solo": None, "draw": None, "last_year": 1907}
    out = io.StringIO()
    assert main([], io.StringIO(json.dumps(game | change)), out) == 2
    answer = json.loads(out.getvalue())
    assert answer["path"] == path
    assert answer["error"]


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda p: p.stem)
def test_the_worked_examples_through_the_command(example: Path) -> None:
    doc = json.loads(example.read_text())
    assert set(doc["notes"]) == set(SYSTEMS)  # every system worked by hand
    run = subprocess.run(
        [sys.executable, "-m", "tournaments.scoring"],
        input=json.dumps(doc["input"]),
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT)},  # no Django settings
        check=False,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    answers = json.loads(run.stdout)
    assert [a["system"] for a in answers] == [a["system"] for a in doc["output"]]
    for got, want in zip(answers, doc["output"], strict=True):
        assert got["scores"] == pytest.approx(want["scores"], abs=1e-9), got["system"]


def test_there_are_worked_examples() -> None:
    assert [p.name for p in EXAMPLES] == ["draw-of-some-survivors.json", "ended-by-time.json"]
