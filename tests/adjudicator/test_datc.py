"""DATC v2.4 (and a few godip extras) run through the adjudicator's JSON entry point.

The cases live in tests/adjudicator/datc/*.json, converted from godip's text files by
tests/adjudicator/datc/convert.py (see datc/SOURCE.md). Each case gives an input object of the
command-line contract and the expected units and dislodged units after the phase.
"""

from __future__ import annotations

import copy
import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

DATC_DIR = Path(__file__).resolve().parent / "datc"

# Cases per source file, as counted in shared/refdata/datc/SOURCE.md.
EXPECTED_COUNTS: dict[str, int] = {
    "datc_v2.4_06.txt": 167,
    "dipai.txt": 9,
    "real.txt": 4,
    "droidippy_errors.txt": 4,
    "diplicity_errors.txt": 1,
}


def load_cases() -> list[dict[str, Any]]:
    cases: list[dict[str, Any]] = []
    for path in sorted(DATC_DIR.glob("*.json")):
        loaded: list[dict[str, Any]] = json.loads(path.read_text(encoding="utf-8"))
        assert all(case["source"] == f"{path.stem}.txt" for case in loaded), path.name
        cases.extend(loaded)
    return cases


CASES: list[dict[str, Any]] = load_cases()


def normalize(units: dict[str, list[str]]) -> dict[str, list[str]]:
    """Power -> sorted unit strings, powers without units dropped."""
    return {power: sorted(us) for power, us in sorted(units.items()) if us}


def dislodged_units(dislodged: dict[str, list[dict[str, Any]]]) -> dict[str, list[str]]:
    """The contract's dislodged entries ({"unit": ..., ...}) reduced to their unit strings."""
    return normalize({power: [entry["unit"] for entry in ds] for power, ds in dislodged.items()})


def explain(case: dict[str, Any], output: dict[str, Any]) -> str:
    data = case["input"]
    lines = [f"DATC case {case['id']} ({case['source']}), phase {data['phase']}", "", case["note"]]
    lines += ["", "units before:"]
    lines.extend(f"  {power}: {', '.join(units)}" for power, units in data["units"].items())
    if data.get("dislodged"):
        lines.append(f"dislodged before: {data['dislodged']}")
    if data.get("standoffs"):
        lines.append(f"standoffs before: {data['standoffs']}")
    lines.append("orders:")
    for power, orders in data["orders"].items():
        lines.extend(f"  {power}: {order}" for order in orders)
    lines.append("results:")
    for result in output.get("results", []):
        reason = f" ({result['reason']})" if result.get("reason") else ""
        lines.append(
            f"  {result.get('power', '?')}: {result.get('order')} -> {result.get('result')}{reason}"
        )
    return "\n".join(lines)


@pytest.mark.parametrize("case", CASES, ids=lambda c: str(c["id"]))
def test_datc(case: dict[str, Any]) -> None:
    from adjudicator.io import resolve_json

    output = resolve_json(copy.deepcopy(case["input"]))
    message = explain(case, output)
    assert normalize(output.get("units", {})) == case["expect"]["units"], message
    assert dislodged_units(output.get("dislodged", {})) == case["expect"]["dislodged"], message


def test_datc_corpus_is_complete() -> None:
    counts = Counter(case["source"] for case in CASES)
    assert dict(counts) == EXPECTED_COUNTS
    ids = Counter(case["id"] for case in CASES)
    duplicates = sorted(cid for cid, n in ids.items() if n > 1)
    assert not duplicates, f"duplicate case ids: {duplicates}"
