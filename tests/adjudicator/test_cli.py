"""The JSON command line, exactly as spec/adjudicator-cli.md says."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from adjudicator.cli import main

ROOT = Path(__file__).resolve().parents[2]
SPRING = json.loads((ROOT / "examples" / "spring-1901.json").read_text("utf-8"))


def run(argv: list[str], stdin: str = "") -> tuple[int, Any]:
    out = io.StringIO()
    status = main(argv, io.StringIO(stdin), out)
    return status, json.loads(out.getvalue())


def test_resolve_one_position() -> None:
    status, answer = run(["resolve"], json.dumps(SPRING))
    assert status == 0
    assert answer["phase"] == "S1901M"
    assert answer["next_phase"] == "F1901M"
    assert answer["winner"] is None
    assert "F nth" in answer["units"]["england"]
    bounce = next(r for r in answer["results"] if r["order"] == "A par - bur")
    assert bounce == {
        "power": "france",
        "order": "A par - bur",
        "result": "bounce",
        "reason": "bounced with A Mun (1 vs 1)",
        "reason_code": "bounced",
    }
    # Russia's and Turkey's fleets bounce in the Black Sea: a standoff, empty.
    assert answer["standoffs"] == []  # standoffs are reported only for retreat phases
    assert sorted(answer["centers"]) == sorted(SPRING["units"])


def test_the_example_from_the_spec() -> None:
    position = {
        "variant": "standard",
        "phase": "S1901M",
        "units": {"england": ["F nth", "A lon"], "russia": ["F stp/sc"]},
        "centers": {"england": ["lon", "edi", "lvp"]},
        "orders": {"england": ["F North Sea - Picardy", "A lon H"], "russia": ["F stp/sc - bot"]},
        "options": {},
    }
    status, answer = run(["resolve"], json.dumps(position))
    assert status == 0
    assert answer["results"] == [
        {"power": "england", "order": "A lon H", "result": "ok"},
        {"power": "england", "order": "F nth - pic", "result": "void",
         "reason": "Picardy is not adjacent to North Sea", "reason_code": "not_adjacent"},
        {"power": "russia", "order": "F stp/sc - bot", "result": "ok"},
    ]
    assert answer["units"] == {"england": ["A lon", "F nth"], "russia": ["F bot"]}
    assert answer["centers"] == {"england": ["edi", "lon", "lvp"]}


def test_batch_answers_in_order() -> None:
    second = dict(SPRING, orders={})
    status, answer = run(["resolve"], json.dumps([SPRING, second]))
    assert status == 0
    assert isinstance(answer, list)
    assert len(answer) == 2
    assert all(r["result"] == "ok" for r in answer[1]["results"])


def test_a_whole_year_through_the_command_line() -> None:
    """The output is a valid input for the next phase: a game can be played by CLI."""
    fall = {
        "england": ["F nth C A yor - nwy", "A yor - nwy"],
        "russia": ["A war - gal"],
    }
    status, spring = run(["resolve"], json.dumps(SPRING))
    assert status == 0
    nxt = dict(spring, phase=spring["next_phase"], orders=fall)
    status, autumn = run(["resolve"], json.dumps(nxt))
    assert status == 0
    assert "A nwy" in autumn["units"]["england"]
    assert "nwy" in autumn["centers"]["england"]
    assert autumn["next_phase"] == "W1901A"
    winter = dict(autumn, phase=autumn["next_phase"], orders={"england": ["Build F lon"]})
    status, adjustments = run(["resolve"], json.dumps(winter))
    assert status == 0
    assert adjustments["next_phase"] == "S1902M"
    assert "F lon" in adjustments["units"]["england"]


def test_output_is_byte_identical_run_to_run() -> None:
    first = io.StringIO()
    second = io.StringIO()
    main(["resolve"], io.StringIO(json.dumps(SPRING)), first)
    main(["resolve"], io.StringIO(json.dumps(SPRING)), second)
    assert first.getvalue() == second.getvalue()


@pytest.mark.parametrize(
    ("mutate", "path", "message"),
    [
        (lambda d: d["units"]["england"].append("A xyz"), "units.england[3]", "unknown province"),
        (lambda d: d["units"]["england"].__setitem__(2, "Q lvp"), "units.england[2]",
         "malformed unit"),
        (lambda d: d["units"]["england"].__setitem__(2, 7), "units.england[2]", "must be a string"),
        (lambda d: d["units"]["england"].__setitem__(2, "A nth"), "units.england[2]",
         "an army cannot stand in North Sea"),
        (lambda d: d["units"]["russia"].__setitem__(3, "F stp"), "units.russia[3]",
         "must say its coast"),
        (lambda d: d["units"]["england"].append("F lon"), "units.england[3]", "two units in lon"),
        (lambda d: d.__setitem__("phase", "X1901M"), "phase", "not a phase code"),
        (lambda d: d.__setitem__("phase", "S1901A"), "phase", "not a phase of Standard"),
        (lambda d: d.__setitem__("variant", "nonsense"), "variant", "unknown variant"),
        (lambda d: d["units"].__setitem__("narnia", []), "units.narnia", "unknown power"),
        (lambda d: d.__setitem__("units", []), "units", "must be an object"),
        (lambda d: d.__setitem__("centers", {"england": ["nth"]}), "centers.england[0]",
         "not a supply center"),
        (lambda d: d["orders"].__setitem__("england", [3]), "orders.england[0]",
         "must be a string"),
        (lambda d: d.__setitem__("dislodged", {"france": [{"unit": "A bur"}]}), "dislodged",
         "only to a retreat phase"),
    ],
)
def test_unreadable_positions_exit_2_with_a_path(mutate: Any, path: str, message: str) -> None:
    data = json.loads(json.dumps(SPRING))
    mutate(data)
    status, answer = run(["resolve"], json.dumps(data))
    assert status == 2
    assert answer["path"] == path
    assert message in answer["error"]


def test_batch_error_path_names_the_item() -> None:
    bad = dict(SPRING, phase="nonsense")
    status, answer = run(["resolve"], json.dumps([SPRING, bad]))
    assert status == 2
    assert answer["path"] == "[1].phase"


def test_not_json_at_all() -> None:
    status, answer = run(["resolve"], "{not json")
    assert status == 2
    assert answer["error"].startswith("the input is not JSON")


def test_an_unreadable_order_is_a_result_not_an_error() -> None:
    data = dict(SPRING, orders={"england": ["F lon - the moon"]})
    status, answer = run(["resolve"], json.dumps(data))
    assert status == 0
    bad = next(r for r in answer["results"] if r["order"] == "F lon - the moon")
    assert bad["result"] == "illegal"
    assert "not a province" in bad["reason"]


def test_map_and_variants() -> None:
    status, variants = run(["variants"])
    assert status == 0
    assert "standard" in variants
    status, game_map = run(["map", "standard"])
    assert status == 0
    assert len(game_map["provinces"]) == 76
    status, answer = run(["map", "nope"])
    assert status == 2
    assert answer["path"] == "variant"


def test_unknown_command() -> None:
    status, answer = run(["frobnicate"])
    assert status == 2
    assert "unknown command" in answer["error"]


def test_as_a_real_process_bad_input_gives_no_traceback() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "adjudicator", "resolve"],
        input='{"phase": "S1901M", "units": {"england": ["A atlantis"]}}',
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    assert done.returncode == 2
    assert json.loads(done.stdout) == {
        "error": "unknown province 'atlantis'",
        "path": "units.england[0]",
    }
    assert "Traceback" not in done.stderr
