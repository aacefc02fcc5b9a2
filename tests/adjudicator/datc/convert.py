"""Convert godip's DATC text files into the JSON test corpus used by tests/adjudicator/test_datc.py.

Usage (from the repository root):

    python tests/adjudicator/datc/convert.py /path/to/shared/refdata/datc/godip

Reads the five godip files and writes one JSON file per source file next to this script. Each JSON
file is a list of cases in file order; each case holds an input object for the adjudicator's JSON
command line (see the CLI contract) and the expected units and dislodged units after the phase.

Stdlib only. Reads adjudicator/maps/standard.json directly (army adjacency, province ids); it does
not import the adjudicator package.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
REPO_ROOT = HERE.parents[2]
MAP_FILE = REPO_ROOT / "adjudicator" / "maps" / "standard.json"

# Source file -> expected number of cases (shared/refdata/datc/SOURCE.md).
SOURCES: dict[str, int] = {
    "datc_v2.4_06.txt": 167,
    "dipai.txt": 9,
    "real.txt": 4,
    "droidippy_errors.txt": 4,
    "diplicity_errors.txt": 1,
}

POWERS = ("austria", "england", "france", "germany", "italy", "russia", "turkey")
POWER_TYPOS = {"germnay": "germany"}

SEASONS = {"spring": "S", "fall": "F", "winter": "W"}
PHASE_TYPES = {"movement": "M", "retreat": "R", "adjustment": "A"}

# Label quirks of datc_v2.4_06.txt, keyed on (label as written, occurrence number, 1-based).
RENAMES: dict[tuple[str, int], str] = {
    ("6.F.E", 1): "6.F.5",
    ("6.F.14", 2): "6.F.15",
}

BLOCKS = (
    "PRESTATE_SUPPLYCENTER_OWNERS",
    "PRESTATE_DISLODGED",
    "PRESTATE_RESULTS",
    "PRESTATE",
    "ORDERS",
    "POSTSTATE_DISLODGED",
    "POSTSTATE",
)

DATC_ID = re.compile(r"^(6\.[A-J]\.[A-Za-z0-9]+(?:\.[A-Za-z0-9]+)*)\.?(?:\s+(.*))?$")
UNIT = re.compile(r"^([AF])\s+([a-z]{3}(?:/[a-z]{2})?)$", re.IGNORECASE)
MOVE = re.compile(
    r"^([AF])\s+([a-z]{3}(?:/[a-z]{2})?)\s*-\s*([a-z]{3}(?:/[a-z]{2})?)(\s+via\s+convoy)?$",
    re.IGNORECASE,
)
RESULT = re.compile(r"^(SUCCESS|FAILURE):\s*(.*)$")

# Oddities of the source text that the converter tolerated, printed at the end of a run.
QUIRKS: list[str] = []


class ConvertError(Exception):
    """The source text is not what this converter understands."""


@dataclass
class Line:
    """One meaningful line of a case: its content (comment removed) and its inline comment."""

    number: int
    content: str
    comment: str


@dataclass
class RawCase:
    """A CASE ... END block, before interpretation."""

    label: str
    line: int
    comments_before: list[str]
    phase_text: str | None = None
    blocks: dict[str, list[Line]] = field(default_factory=dict)
    poststate_same: bool = False
    inner_comments: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class Move:
    power: str
    unit_type: str
    src: str
    dst: str
    via_convoy: bool
    success: bool


@dataclass
class MapData:
    ids: dict[str, str]  # province id or alias -> canonical province id
    army_adjacent: set[frozenset[str]]

    @classmethod
    def load(cls, path: Path) -> MapData:
        data = json.loads(path.read_text(encoding="utf-8"))
        ids: dict[str, str] = {}
        for prov in data["provinces"]:
            pid = str(prov["id"])
            ids[pid] = pid
            for alias in prov.get("aliases", []):
                ids.setdefault(str(alias).lower(), pid)
        edges = {frozenset((str(a), str(b))) for a, b in data["army_edges"]}
        return cls(ids=ids, army_adjacent=edges)

    def location(self, text: str) -> str:
        """Canonical location: 'gol' -> 'lyo', 'stp/sc' -> 'stp/sc'."""
        name, sep, coast = text.lower().partition("/")
        if name not in self.ids:
            raise ConvertError(f"unknown province {text!r}")
        return f"{self.ids[name]}{sep}{coast}"

    def province(self, text: str) -> str:
        """Canonical province, coast dropped: 'mid' -> 'mao', 'spa/sc' -> 'spa'."""
        return province(self.location(text))


def province(location: str) -> str:
    """'stp/sc' -> 'stp'."""
    return location.split("/", 1)[0].lower()


def split_comment(text: str) -> tuple[str, str]:
    """Split a raw line at the first '#': (content, comment text with all '#' removed)."""
    content, _, rest = text.partition("#")
    parts = [" ".join(p.split()) for p in rest.split("#")]
    return " ".join(content.split()), " -- ".join(p for p in parts if p)


def is_banner(text: str) -> bool:
    stripped = text.strip()
    return len(stripped) >= 10 and set(stripped) == {"#"}


def read_cases(path: Path) -> list[RawCase]:
    """Split a godip file into raw cases, collecting comments for the notes."""
    cases: list[RawCase] = []
    pending: list[str] = []  # comment lines seen since the last directive outside a case
    in_banner = False
    current: RawCase | None = None
    block: str | None = None
    for number, raw in enumerate(path.read_text(encoding="ascii").splitlines(), start=1):
        if current is None and is_banner(raw):
            in_banner = not in_banner
            continue
        content, comment = split_comment(raw)
        if not content:
            if comment and not in_banner:
                (current.inner_comments if current else pending).append(comment)
            continue
        keyword, _, rest = content.partition(" ")
        rest = rest.strip()
        if current is None:
            in_banner = False
            if keyword == "CASE":
                current = RawCase(label=rest, line=number, comments_before=pending)
                if comment:
                    current.inner_comments.append(comment)
                pending = []
                block = None
            elif keyword == "VARIANT_ALL":
                if rest != "Standard":
                    raise ConvertError(f"{path.name}:{number}: unsupported variant {rest!r}")
                pending = []
            else:
                raise ConvertError(f"{path.name}:{number}: unexpected line outside a case: {raw!r}")
            continue
        if comment:
            current.inner_comments.append(f"{content} -- {comment}")
        if keyword == "END":
            cases.append(current)
            current = None
            block = None
        elif keyword == "PRESTATE_SETPHASE":
            current.phase_text = rest
            block = None
        elif keyword == "POSTSTATE_SAME":
            current.poststate_same = True
            block = None
        elif keyword in BLOCKS and not rest:
            if keyword in current.blocks:
                raise ConvertError(f"{path.name}:{number}: block {keyword} given twice")
            block = keyword
            current.blocks[block] = []
        elif block is not None:
            current.blocks[block].append(Line(number, content, comment))
        else:
            raise ConvertError(f"{path.name}:{number}: line outside any block: {raw!r}")
    if current is not None:
        raise ConvertError(f"{path.name}: case {current.label!r} has no END")
    return cases


def parse_phase(text: str | None) -> str:
    if text is None:
        return "S1901M"
    match = re.fullmatch(r"(\w+)\s+(\d{4}),\s*(\w+)", text.strip())
    if not match:
        raise ConvertError(f"bad phase {text!r}")
    season, year, kind = match.group(1).lower(), match.group(2), match.group(3).lower()
    if season not in SEASONS or kind not in PHASE_TYPES:
        raise ConvertError(f"bad phase {text!r}")
    phase_type = PHASE_TYPES[kind]
    # godip calls the adjustment phase "Fall ..., Adjustment"; the contract calls it winter.
    letter = "W" if phase_type == "A" else SEASONS[season]
    return f"{letter}{year}{phase_type}"


def parse_power(name: str) -> str:
    power = name.strip().lower()
    if power in POWER_TYPOS:
        QUIRKS.append(f"power {name.strip()!r} read as {POWER_TYPOS[power]!r}")
        power = POWER_TYPOS[power]
    if power not in POWERS:
        raise ConvertError(f"unknown power {name!r}")
    return power


def split_power(line: Line) -> tuple[str, str]:
    """'England: F nth-pic' -> ('england', 'F nth-pic'). Tolerates a missing colon."""
    name, sep, rest = line.content.partition(":")
    if not sep:
        name, _, rest = line.content.partition(" ")
        if name.lower() not in POWERS:
            raise ConvertError(f"line {line.number}: no 'Power:' prefix in {line.content!r}")
        QUIRKS.append(f"line {line.number}: no colon after the power in {line.content!r}")
    return parse_power(name), " ".join(rest.split())


def parse_unit(text: str, maps: MapData) -> str:
    match = UNIT.fullmatch(text)
    if not match:
        raise ConvertError(f"bad unit {text!r}")
    return f"{match.group(1).upper()} {maps.location(match.group(2))}"


def unit_block(lines: list[Line], maps: MapData) -> dict[str, list[str]]:
    """Power -> units, in file order; checks that no province holds two units."""
    units: dict[str, list[str]] = {}
    seen: set[str] = set()
    for line in lines:
        power, text = split_power(line)
        unit = parse_unit(text, maps)
        where = province(unit.split()[1])
        if where in seen:
            raise ConvertError(f"line {line.number}: two units in {where}")
        seen.add(where)
        units.setdefault(power, []).append(unit)
    return units


def sorted_units(units: dict[str, list[str]]) -> dict[str, list[str]]:
    return {power: sorted(units[power]) for power in sorted(units) if units[power]}


def occupied(units: dict[str, list[str]]) -> set[str]:
    return {province(u.split()[1]) for us in units.values() for u in us}


def parse_results(lines: list[Line], maps: MapData) -> tuple[list[Move], list[tuple[str, str]]]:
    """PRESTATE_RESULTS -> (moves, (power, unit text) of every ordered unit)."""
    moves: list[Move] = []
    ordered: list[tuple[str, str]] = []
    for line in lines:
        match = RESULT.fullmatch(line.content)
        if not match:
            raise ConvertError(f"line {line.number}: bad result {line.content!r}")
        success = match.group(1) == "SUCCESS"
        power, order = split_power(Line(line.number, match.group(2), line.comment))
        move = MOVE.fullmatch(order)
        if move:
            moves.append(
                Move(
                    power=power,
                    unit_type=move.group(1).upper(),
                    src=maps.province(move.group(2)),
                    dst=maps.province(move.group(3)),
                    via_convoy=move.group(4) is not None,
                    success=success,
                )
            )
        unit = re.match(r"^[AF]\s+[a-z]{3}(?:/[a-z]{2})?\b", order, re.IGNORECASE)
        if not unit:
            raise ConvertError(f"line {line.number}: cannot find the unit in {order!r}")
        ordered.append((power, unit.group(0)))
    return moves, ordered


def was_convoyed(move: Move, maps: MapData) -> bool:
    if move.via_convoy:
        return True
    return move.unit_type == "A" and frozenset((move.src, move.dst)) not in maps.army_adjacent


def retreat_situation(
    raw: RawCase,
    units: dict[str, list[str]],
    maps: MapData,
    notes: list[str],
) -> tuple[dict[str, list[dict[str, Any]]], list[str]]:
    """Dislodged units with attacker origin, and standoff provinces, for a retreat phase."""
    dislodged_units = unit_block(raw.blocks.get("PRESTATE_DISLODGED", []), maps)
    results = raw.blocks.get("PRESTATE_RESULTS")
    if results is None:
        notes.append(
            "[converter] The source gives no PRESTATE_RESULTS: attacker_from is unknown and set "
            "to null, and no standoffs are given."
        )
        unknown: dict[str, list[dict[str, Any]]] = {
            power: [{"unit": u, "attacker_from": None} for u in sorted(us)]
            for power, us in sorted(dislodged_units.items())
        }
        return unknown, []
    moves, ordered = parse_results(results, maps)
    occupied_now = occupied(units)
    successful_into: dict[str, Move] = {}
    for move in moves:
        if move.success:
            if move.dst in successful_into:
                raise ConvertError(f"two successful moves into {move.dst}")
            successful_into[move.dst] = move

    # A unit in the results whose province was entered by a successful move, and which is not
    # listed as dislodged (6.H.15 leaves its dislodged unit out of PRESTATE_DISLODGED).
    dislodged_at = occupied(dislodged_units)
    for power, unit_text in ordered:
        unit = parse_unit(unit_text, maps)
        where = province(unit.split()[1])
        own_move_ok = any(m.success and m.src == where and m.power == power for m in moves)
        if where in successful_into and where not in dislodged_at and not own_move_ok:
            dislodged_units.setdefault(power, []).append(unit)
            dislodged_at.add(where)
            notes.append(
                f"[converter] {power.capitalize()} {unit} is not in PRESTATE_DISLODGED but "
                f"PRESTATE_RESULTS shows it dislodged; it is added to 'dislodged'."
            )

    dislodged: dict[str, list[dict[str, Any]]] = {}
    for power in sorted(dislodged_units):
        entries: list[dict[str, Any]] = []
        for unit in sorted(dislodged_units[power]):
            where = province(unit.split()[1])
            attacker = successful_into.get(where)
            if attacker is None:
                raise ConvertError(f"no successful move into {where} for dislodged {unit}")
            came_from = None if was_convoyed(attacker, maps) else attacker.src
            entries.append({"unit": unit, "attacker_from": came_from})
        dislodged[power] = entries

    standoffs: set[str] = set()
    for move in moves:
        if move.success or move.dst in occupied_now:
            continue
        winner = successful_into.get(move.src)
        if winner is not None and winner.src == move.dst:
            continue  # lost a head-to-head battle: the destination is not a standoff
        standoffs.add(move.dst)
    return dislodged, sorted(standoffs)


def case_id(raw: RawCase, occurrences: dict[str, int]) -> tuple[str, str, str | None]:
    """(id, title prose or '', rename note or None)."""
    match = DATC_ID.fullmatch(raw.label)
    label, title = (match.group(1), match.group(2) or "") if match else (raw.label, "")
    occurrences[label] = occurrences.get(label, 0) + 1
    renamed = RENAMES.get((label, occurrences[label]))
    if renamed is None:
        return label, title, None
    note = f"[converter] Labelled '{label}' in the source; renamed to '{renamed}'."
    return renamed, title, note


def convert_case(raw: RawCase, source: str, cid: str, title: str, maps: MapData) -> dict[str, Any]:
    notes: list[str] = [*raw.comments_before]
    if title:
        notes.append(title)
    notes.extend(raw.inner_comments)

    phase = parse_phase(raw.phase_text)
    units = unit_block(raw.blocks.get("PRESTATE", []), maps)
    data: dict[str, Any] = {"variant": "standard", "phase": phase, "units": sorted_units(units)}

    if phase.endswith("R"):
        dislodged, standoffs = retreat_situation(raw, units, maps, notes)
        if dislodged:
            data["dislodged"] = dislodged
        if standoffs:
            data["standoffs"] = standoffs
    elif "PRESTATE_DISLODGED" in raw.blocks or "PRESTATE_RESULTS" in raw.blocks:
        raise ConvertError(f"{cid}: dislodged units or results outside a retreat phase")

    if "PRESTATE_SUPPLYCENTER_OWNERS" in raw.blocks:
        centers: dict[str, set[str]] = {}
        for line in raw.blocks["PRESTATE_SUPPLYCENTER_OWNERS"]:
            power, text = split_power(line)
            where = province(parse_unit(text, maps).split()[1])
            centers.setdefault(power, set()).add(where)
        data["centers"] = {power: sorted(centers[power]) for power in sorted(centers)}

    orders: dict[str, list[str]] = {}
    for line in raw.blocks.get("ORDERS", []):
        power, text = split_power(line)
        orders.setdefault(power, []).append(text)
    data["orders"] = {power: orders[power] for power in sorted(orders)}
    data["options"] = {}

    if raw.poststate_same:
        if "POSTSTATE" in raw.blocks:
            raise ConvertError(f"{cid}: both POSTSTATE and POSTSTATE_SAME")
        expect_units = units
    elif "POSTSTATE" in raw.blocks:
        expect_units = unit_block(raw.blocks["POSTSTATE"], maps)
    else:
        raise ConvertError(f"{cid}: no POSTSTATE")
    expect_dislodged = unit_block(raw.blocks.get("POSTSTATE_DISLODGED", []), maps)

    return {
        "id": cid,
        "note": "\n".join(notes),
        "source": source,
        "input": data,
        "expect": {
            "units": sorted_units(expect_units),
            "dislodged": sorted_units(expect_dislodged),
        },
    }


def convert_file(path: Path, maps: MapData) -> list[dict[str, Any]]:
    occurrences: dict[str, int] = {}
    cases: list[dict[str, Any]] = []
    for raw in read_cases(path):
        quirks_before = len(QUIRKS)
        cid, title, rename_note = case_id(raw, occurrences)
        try:
            case = convert_case(raw, path.name, cid, title, maps)
        except ConvertError as exc:
            raise ConvertError(f"{path.name}:{raw.line} ({raw.label}): {exc}") from exc
        QUIRKS[quirks_before:] = [f"{path.name} {cid}: {q}" for q in QUIRKS[quirks_before:]]
        if rename_note:
            case["note"] = f"{case['note']}\n{rename_note}".lstrip("\n")
        cases.append(case)
    return cases


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("godip_dir", type=Path, help="directory holding the godip DATC .txt files")
    parser.add_argument("--out", type=Path, default=HERE, help="output directory (default: here)")
    args = parser.parse_args(argv)

    maps = MapData.load(MAP_FILE)
    seen_ids: dict[str, str] = {}
    ok = True
    for name, expected in SOURCES.items():
        cases = convert_file(args.godip_dir / name, maps)
        for case in cases:
            if case["id"] in seen_ids:
                print(f"duplicate id {case['id']!r} in {name} and {seen_ids[case['id']]}")
                ok = False
            seen_ids[case["id"]] = name
        out = args.out / (Path(name).stem + ".json")
        out.write_text(json.dumps(cases, indent=2) + "\n", encoding="utf-8")
        status = "ok" if len(cases) == expected else f"MISMATCH, expected {expected}"
        ok = ok and len(cases) == expected
        print(f"{name}: {len(cases)} cases ({status}) -> {out.name}")
    for quirk in QUIRKS:
        print(f"tolerated: {quirk}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
