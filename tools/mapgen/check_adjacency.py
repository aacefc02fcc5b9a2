#!/usr/bin/env python3
"""Compare the drawn borders of variants/mapdata/standard.json with the adjudicator's edges.

Two provinces "share a border" when the outline of one runs along the other for at least
``--min-px`` pixels.  Reported:

* land: army edges between two land/coast provinces that the drawing does not show as a shared
  border, and land-land shared borders that are not army edges (Switzerland is left out);
* sea: fleet edges touching a sea that are not drawn, and sea borders that are not fleet edges;
* anchors: label/unit/sc/coast points that fall outside their province;
* overlaps between provinces.

Exit status 1 when there is any land mismatch, so it can guard a regeneration.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from itertools import combinations
from pathlib import Path
from typing import Any

import shapely
from shapely.geometry import Point, Polygon
from shapely.geometry.base import BaseGeometry

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent
ADJUDICATOR_MAP = REPO / "adjudicator" / "maps" / "standard.json"
MAPDATA = REPO / "variants" / "mapdata" / "standard.json"

_TOKEN = re.compile(r"[MmLlHhVvZz]|-?(?:\d+\.?\d*|\.\d+)")


def parse_path(d: str) -> BaseGeometry:
    """Parse the M/L/H/V/Z subset of SVG path data (absolute or relative) to an area, even-odd."""
    rings: list[list[tuple[float, float]]] = []
    ring: list[tuple[float, float]] = []
    x = y = 0.0
    start = (0.0, 0.0)
    cmd = "M"
    numbers: list[float] = []

    def flush() -> None:
        nonlocal x, y, ring, start, cmd
        rel = cmd.islower()
        c = cmd.upper()
        step = 1 if c in "HV" else 2
        for i in range(0, len(numbers), step):
            if c == "H":
                x = numbers[i] + (x if rel else 0.0)
            elif c == "V":
                y = numbers[i] + (y if rel else 0.0)
            else:
                nx, ny = numbers[i], numbers[i + 1]
                x, y = (x + nx, y + ny) if rel else (nx, ny)
            if c == "M" and i == 0:
                if len(ring) >= 3:
                    rings.append(ring)
                ring = [(x, y)]
                start = (x, y)
            else:
                ring.append((x, y))
        if c == "M":
            cmd = "l" if rel else "L"

    for tok in _TOKEN.findall(d):
        if tok.isalpha():
            flush()
            numbers.clear()
            if tok in "Zz":
                if len(ring) >= 3:
                    rings.append(ring)
                ring = []
                x, y = start
            cmd = tok
        else:
            numbers.append(float(tok))
    flush()
    if len(ring) >= 3:
        rings.append(ring)
    geom: BaseGeometry = Polygon()
    for r in rings:
        geom = geom.symmetric_difference(shapely.make_valid(Polygon(r)))
    return geom


def shared_length(a: BaseGeometry, b: BaseGeometry, tol: float = 0.3) -> float:
    return float(a.boundary.intersection(b.buffer(tol)).length)


def edge_set(pairs: list[list[str]]) -> set[frozenset[str]]:
    return {frozenset(p.split("/")[0] for p in pair) for pair in pairs}


def check(data: dict[str, Any], adj: dict[str, Any], min_px: float) -> dict[str, list[str]]:
    kinds = {p["id"]: p["type"] for p in adj["provinces"]}
    geoms = {pid: parse_path(p["d"]) for pid, p in data["provinces"].items()}
    army = edge_set(adj["army_edges"])
    fleet = edge_set(adj["fleet_edges"])
    missing = sorted(set(kinds) - set(geoms))
    report: dict[str, list[str]] = {
        "missing provinces": missing,
        "land edges not drawn": [],
        "land borders that are not edges": [],
        "sea edges not drawn": [],
        "sea borders that are not edges": [],
        "anchors outside their province": [],
        "overlaps": [],
        "water outside every province (lakes, Marmara, Caspian; gaps would show here)": [],
        "anchor clashes (label/unit/sc boxes that overlap)": [],
        "short borders (drawn, but under 8 px)": [],
    }
    shared: dict[frozenset[str], float] = {}
    for a, b in combinations(sorted(geoms), 2):
        ga, gb = geoms[a], geoms[b]
        if not ga.envelope.buffer(1).intersects(gb.envelope):
            continue
        length = shared_length(ga, gb)
        if length >= min_px:
            shared[frozenset((a, b))] = length
        overlap = ga.intersection(gb).area
        if overlap > 1.0:
            report["overlaps"].append(f"{a}-{b}: {overlap:.1f} px2")

    def is_land(pid: str) -> bool:
        return kinds[pid] in ("land", "coast")

    def name(pair: frozenset[str]) -> str:
        return "-".join(sorted(pair))

    for pair in sorted(army, key=name):
        if all(is_land(p) for p in pair) and pair not in shared:
            report["land edges not drawn"].append(name(pair))
    for pair, length in sorted(shared.items(), key=lambda kv: name(kv[0])):
        if "swi" in pair:
            continue
        if all(is_land(p) for p in pair) and pair not in army:
            report["land borders that are not edges"].append(f"{name(pair)} ({length:.0f} px)")
        if any(kinds[p] == "sea" for p in pair) and pair not in fleet:
            report["sea borders that are not edges"].append(f"{name(pair)} ({length:.0f} px)")
        if length < 8.0:
            report["short borders (drawn, but under 8 px)"].append(f"{name(pair)} ({length:.1f})")
    for pair in sorted(fleet, key=name):
        if any(kinds[p] == "sea" for p in pair) and pair not in shared:
            report["sea edges not drawn"].append(name(pair))

    for pid, prov in data["provinces"].items():
        for key in ("label", "unit", "sc"):
            if prov.get(key) is not None and not geoms[pid].contains(Point(prov[key])):
                report["anchors outside their province"].append(f"{pid}.{key}")
    for key, coast in data["coasts"].items():
        if not geoms[key.split("/")[0]].contains(Point(coast["unit"])):
            report["anchors outside their province"].append(f"{key}.unit")
    report["anchor clashes (label/unit/sc boxes that overlap)"] = anchor_clashes(data)
    x0, y0, w, h = data["viewBox"]
    covered = shapely.unary_union([*geoms.values(), parse_path(data["land"])])
    rest = shapely.box(x0, y0, x0 + w, y0 + h).difference(covered)
    for piece in sorted(shapely.get_parts(rest), key=lambda g: -g.area):
        if piece.area >= 2.0:
            c = piece.representative_point()
            report[
                "water outside every province (lakes, Marmara, Caspian; gaps would show here)"
            ].append(f"{piece.area:.0f} px2 at {c.x:.0f},{c.y:.0f}")
    return report


def anchor_boxes(data: dict[str, Any]) -> list[tuple[str, tuple[float, float, float, float]]]:
    """Screen boxes as the site draws them: 11px labels (baseline at the anchor, text centred),
    armies r=8 / fleets 18x12 at unit anchors, supply-center dots r=4."""
    boxes = []
    for pid, prov in data["provinces"].items():
        lx, ly = prov["label"]
        half = 3.5 * len(data["names"][pid])
        boxes.append((f"{pid}.label", (lx - half, ly - 8.5, lx + half, ly + 1.2)))
        ux, uy = prov["unit"]
        boxes.append((f"{pid}.unit", (ux - 9.0, uy - 8.0, ux + 9.0, uy + 8.0)))
        if prov.get("sc") is not None:
            sx, sy = prov["sc"]
            boxes.append((f"{pid}.sc", (sx - 4.0, sy - 4.0, sx + 4.0, sy + 4.0)))
    for key, coast in data["coasts"].items():
        cx, cy = coast["unit"]
        boxes.append((f"{key}.unit", (cx - 9.0, cy - 6.0, cx + 9.0, cy + 6.0)))
    return boxes


def anchor_clashes(data: dict[str, Any]) -> list[str]:
    boxes = anchor_boxes(data)
    out = []
    for (na, a), (nb, b) in combinations(boxes, 2):
        pa, pb = na.split(".")[0].split("/")[0], nb.split(".")[0].split("/")[0]
        if pa == pb and na.endswith(".unit") and nb.endswith(".unit"):
            continue  # one unit at a time: a coast's unit may sit where the main one would
        w = min(a[2], b[2]) - max(a[0], b[0])
        h = min(a[3], b[3]) - max(a[1], b[1])
        if w > 0 and h > 0:
            out.append(f"{na} x {nb} ({w:.0f}x{h:.0f} px)")
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--input", type=Path, default=MAPDATA)
    parser.add_argument("--min-px", type=float, default=2.0, help="shortest shared border")
    args = parser.parse_args(argv)
    data = json.loads(args.input.read_text())
    adj = json.loads(ADJUDICATOR_MAP.read_text())
    report = check(data, adj, args.min_px)
    for title, items in report.items():
        print(f"{title}: {len(items)}")
        for item in items:
            print(f"  {item}")
    bad = report["missing provinces"] + report["land edges not drawn"]
    bad += report["land borders that are not edges"]
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
