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
        "reason": "bounced with A Munich (1 vs 1)",
        "reason_code": "bounced",
        "params": {"other": "A mun", "strength": "1", "other_strength": "1"},
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
        {
            "power": "england",
            "order": "F nth - pic",
            "result": "void",
            "reason": "Picardy is not adjacent to North Sea",
            "reason_code": "not_adjacent",
            "params": {"dest": "pic", "source": "nth"},
        },
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
        (
            lambda d: d["units"]["england"].__setitem__(2, "Q lvp"),
            "units.england[2]",
            "malformed unit",
        ),
        (lambda d: d["units"]["england"].__setitem__(2, 7), "units.england[2]", "must be a string"),
        (
            lambda d: d["units"]["england"].__setitem__(2, "A nth"),
            "units.england[2]",
            "an army cannot stand in North Sea",
        ),
        (
            lambda d: d["units"]["russia"].__setitem__(3, "F stp"),
            "units.russia[3]",
            "must say its coast",
        ),
        (lambda d: d["units"]["england"].append("F lon"), "units.england[3]", "two units in lon"),
        (lambda d: d.__setitem__("phase", "X1901M"), "phase", "not a phase code"),
        (lambda d: d.__setitem__("phase", "S1901A"), "phase", "not a phase of Standard"),
        (lambda d: d.__setitem__("variant", "nonsense"), "variant", "unknown variant"),
        (lambda d: d["units"].__setitem__("narnia", []), "units.narnia", "unknown power"),
        (lambda d: d.__setitem__("units", []), "units", "must be an object"),
        (
            lambda d: d.__setitem__("centers", {"england": ["nth"]}),
            "centers.england[0]",
            "not a supply center",
        ),
        (
            lambda d: d["orders"].__setitem__("england", [3]),
            "orders.england[0]",
            "must be a string",
        ),
        (
            lambda d: d.__setitem__("dislodged", {"france": [{"unit": "A bur"}]}),
            "dislodged",
            "only to a retreat phase",
        ),
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


# -- input no reader limit may turn into a traceback (issue 20) --------------------------------


def run_process(stdin: str | bytes, env: dict[str, str] | None = None) -> tuple[int, Any, str]:
    """``python -m adjudicator resolve`` as a real process: status, JSON answer, stderr."""
    done = subprocess.run(
        [sys.executable, "-m", "adjudicator", "resolve"],
        input=stdin.encode("utf-8", "surrogatepass") if isinstance(stdin, str) else stdin,
        capture_output=True,
        cwd=ROOT,
        env=env,
        check=False,
    )
    stderr = done.stderr.decode("utf-8", "replace")
    assert "Traceback" not in stderr
    return done.returncode, json.loads(done.stdout.decode("utf-8")), stderr


@pytest.mark.parametrize(
    "text",
    [
        "[" * 100_000,
        "[" * 100_000 + "]" * 100_000,
        '{"a": ' * 100_000 + "1" + "}" * 100_000,
        '{"phase": "S1901M", "extras": ' + "[" * 5_000 + "]" * 5_000 + "}",
    ],
    ids=["unclosed-arrays", "closed-arrays", "objects", "inside-a-position"],
)
def test_input_nested_too_deeply_to_read_exits_2(text: str) -> None:
    status, answer, _stderr = run_process(text)
    assert status == 2
    assert answer == {"error": answer["error"], "path": ""}
    assert "nested too deeply" in answer["error"]


def test_nesting_the_reader_manages_is_still_refused_beyond_the_limit_with_its_path() -> None:
    """500 levels parse, but nothing in a position is nested like that: refused where it
    goes too deep, before anything recursive (freezing the extras, writing them back) runs."""
    data = dict(SPRING, extras={"a": json.loads("[" * 500 + "]" * 500)})
    status, answer = run(["resolve"], json.dumps(data))
    assert status == 2
    assert answer["path"].startswith("extras.a[0][0]")
    assert "nested more than 32 levels deep" in answer["error"]
    data = dict(SPRING, extras={"a": json.loads("[" * 30 + "]" * 30)})
    assert run(["resolve"], json.dumps(data))[0] == 0


BIG = "7" * 5_000  # over Python's 4,300-digit limit of int string conversion


@pytest.mark.parametrize(
    ("text", "path"),
    [
        ('{"phase": "S1901M", "seed": BIG}', "seed"),
        ('{"phase": "S1901M", "seed": -BIG}', "seed"),
        (
            '{"variant": "multiple_void", "phase": "S1900D", "options": {"players": BIG}}',
            "options.players",
        ),
        ('{"phase": "S1901M", "extras": {"round": [1, BIG]}}', "extras.round[1]"),
        ('{"phase": "S1901M", "units": {"england": [BIG]}}', "units.england[0]"),
        ('{"phase": "S1901M", "anything": BIG}', "anything"),
        ('[{"phase": "S1901M"}, {"phase": "S1901M", "seed": BIG}]', "[1].seed"),
        ("BIG", ""),
    ],
    ids=["seed", "negative", "option", "extras", "unit", "unknown-key", "batch", "alone"],
)
def test_an_integer_too_long_to_convert_exits_2_with_its_path(text: str, path: str) -> None:
    status, answer, _stderr = run_process(text.replace("BIG", BIG))
    assert status == 2
    assert answer == {"error": "a number of 5000 digits is too long (at most 100)", "path": path}


def test_integers_of_a_hundred_digits_are_read_and_judged_as_usual() -> None:
    status, answer = run(["resolve"], '{"phase": "S1901M", "seed": ' + "9" * 100 + "}")
    assert (status, answer["path"]) == (2, "seed")
    assert "seed must be a whole number" in answer["error"]


@pytest.mark.parametrize(
    ("number", "what"),
    [("NaN", "NaN"), ("Infinity", "Infinity"), ("-Infinity", "-Infinity"), ("1e999", "1e999")],
)
def test_numbers_json_cannot_write_back_are_refused_with_their_path(number: str, what: str) -> None:
    """Extras and options are written back into the output: a NaN there would make the
    output something no JSON reader accepts."""
    status, answer = run(["resolve"], '{"phase": "S1901M", "extras": {"x": [' + number + "]}}")
    assert status == 2
    assert answer == {"error": f"{what} is not a finite number", "path": "extras.x[0]"}


@pytest.mark.parametrize(
    ("text", "path"),
    [
        ('{"phase": "S1901M", "orders": {"france": ["A par - bur\\ud800"]}}', "orders.france[0]"),
        ('{"phase": "S1901M", "units": {"france": ["A par\\udc00"]}}', "units.france[0]"),
        ('{"phase": "S1901M", "units": {"fr\\ud800": ["A par"]}}', "units.fr\\ud800"),
        ('{"phase": "S1901M\\udfff"}', "phase"),
        ('{"phase": "S1901M", "extras": {"note": "\\ud83d"}}', "extras.note"),
    ],
    ids=["order", "unit", "key", "phase", "extras"],
)
def test_a_lone_surrogate_exits_2_with_its_path(text: str, path: str) -> None:
    status, answer, _stderr = run_process(text)
    assert status == 2
    assert answer["path"] == path
    assert "lone surrogate" in answer["error"]


def test_a_surrogate_pair_is_one_character_and_echoed_back() -> None:
    text = '{"phase": "S1901M", "orders": {"france": ["A par - bur \\ud83d\\ude00"]}}'
    status, answer, _stderr = run_process(text)
    assert status == 0
    assert answer["results"][0]["order"] == "A par - bur \U0001f600"


@pytest.mark.parametrize(
    "env",
    [
        {"PYTHONIOENCODING": "ascii"},
        {"LC_ALL": "C", "PYTHONCOERCECLOCALE": "0", "PYTHONUTF8": "0"},
        {"LC_ALL": "C", "PYTHONIOENCODING": "latin-1"},
    ],
    ids=["ascii", "c-locale", "latin-1"],
)
def test_input_and_output_are_utf_8_whatever_the_locale(env: dict[str, str]) -> None:
    """JSON is UTF-8 (RFC 8259): an order in any script is read and echoed back as it was,
    not refused as "not JSON" nor crashed on when written to an ASCII terminal."""
    import os

    data = dict(SPRING, orders={"france": ["A pär - bür → 東京"]})
    status, answer, _stderr = run_process(
        json.dumps(data, ensure_ascii=False), env={**os.environ, **env}
    )
    assert status == 0
    echoed = next(r for r in answer["results"] if r["power"] == "france" and "pär" in r["order"])
    assert echoed["order"] == "A pär - bür → 東京"
    assert echoed["result"] == "illegal"


def test_a_closed_standard_input_exits_2() -> None:
    done = subprocess.run(
        ["sh", "-c", 'exec "$0" -m adjudicator resolve <&-', sys.executable],
        capture_output=True,
        cwd=ROOT,
        check=False,
    )
    assert "Traceback" not in done.stderr.decode("utf-8", "replace")
    assert done.returncode == 2
    assert json.loads(done.stdout) == {
        "error": "there is no standard input to read the position from",
        "path": "",
    }


def test_a_number_too_large_for_a_float_is_refused_with_its_path() -> None:
    text = '{"phase": "S1901M", "extras": {"x": ' + "9" * 400 + ".5}}"
    status, answer = run(["resolve"], text)
    assert status == 2
    error = "999999999999...9999999999.5 is not a finite number"
    assert answer == {"error": error, "path": "extras.x"}


def test_start_gives_a_variants_opening_position_that_resolve_takes() -> None:
    status, opening = run(["start", "kapitalisten", "--options", '{"players": 8}'])
    assert status == 0
    assert opening["phase"] == "W1900X"  # the opening exchange
    assert opening["options"]["players"] == 8
    status, answer = run(["resolve"], json.dumps({**opening, "orders": {}}))
    assert status == 0
    assert answer["phase"] == "W1900X"
    status, standard = run(["start", "standard", "--seed", "7", "--pretty"])
    assert (status, standard["phase"]) == (0, "S1901M")


@pytest.mark.parametrize(
    ("argv", "path"),
    [
        (["start"], ""),
        (["start", "nope"], "variant"),
        (["start", "kapitalisten", "--options", "[1]"], "options"),
        (["start", "kapitalisten", "--options", "{"], "options"),
        (["start", "kapitalisten", "--options", '{"players": "x"}'], "options.players"),
        (["start", "rather_silly", "--seed", "-1"], "seed"),
        (["start", "rather_silly", "--seed"], ""),
        (["start", "rather_silly", "--colour", "red"], ""),
    ],
)
def test_start_refuses_what_it_cannot_read_with_a_path(argv: list[str], path: str) -> None:
    status, answer = run(argv)
    assert status == 2
    assert answer["path"] == path
    assert answer["error"]
