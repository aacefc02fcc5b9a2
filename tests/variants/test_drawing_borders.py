"""The board drawing against the adjudicator (issue 17): two provinces share a drawn border
exactly when the game lets a unit cross between them, every anchor lies inside its province,
and no two provinces overlap. The check itself is tools/mapgen/check_adjacency.py, which
guards each regeneration of the drawing; here it guards every change in CI."""

from __future__ import annotations

import importlib.util
import json
import statistics
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

from shapely.geometry import Point, Polygon
from shapely.geometry.base import BaseGeometry

REPO = Path(__file__).resolve().parents[2]


def _checker() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "check_adjacency", REPO / "tools" / "mapgen" / "check_adjacency.py"
    )
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_drawn_borders_are_the_adjudicator_s_edges_and_every_anchor_is_inside() -> None:
    checker = _checker()
    data = json.loads((REPO / "variants" / "mapdata" / "standard.json").read_text())
    adjudicator = json.loads((REPO / "adjudicator" / "maps" / "standard.json").read_text())
    report = checker.check(data, adjudicator, 2.0)
    for title in (
        "missing provinces",
        "land edges not drawn",
        "land borders that are not edges",
        "sea edges not drawn",
        "sea borders that are not edges",
        "anchors outside their province",
        "overlaps",
        "anchor clashes (label/unit/sc boxes that overlap)",
    ):
        assert report[title] == [], title
    # The Strait of Gibraltar is that narrow at 1:50m: the one border under 8 px.
    assert [b.split(" ")[0] for b in report["short borders (drawn, but under 8 px)"]] == ["mao-wes"]


def _mapgen(name: str) -> ModuleType:
    """A module of tools/mapgen (the drawing's generator), loaded from its file (its
    dataclasses need it in sys.modules while it runs)."""
    key = f"tools_mapgen_{name}"
    if key in sys.modules:
        return sys.modules[key]
    spec = importlib.util.spec_from_file_location(key, REPO / "tools" / "mapgen" / f"{name}.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[key] = module
    spec.loader.exec_module(module)
    return module


def _drawn() -> tuple[dict[str, Any], dict[str, BaseGeometry]]:
    data = json.loads((REPO / "variants" / "mapdata" / "standard.json").read_text())
    parse = _checker().parse_path
    return data, {pid: parse(p["d"]) for pid, p in data["provinces"].items()}


def _frame() -> Any:
    """The generator's projection and frame: lon/lat to the drawing's units."""
    standard = _mapgen("standard")
    cfg = json.loads((REPO / "tools" / "mapgen" / "seeds_standard.json").read_text())
    prj = cfg["projection"]
    return standard.Frame(
        standard.LambertConformalConic(prj["lon0"], prj["lat0"], prj["lat1"], prj["lat2"]),
        tuple(cfg["frame_km"]["x"]),
        tuple(cfg["frame_km"]["y"]),
        float(cfg["width_px"]),
    )


def test_sevastopol_is_in_proportion_and_its_fleet_stands_at_its_port() -> None:
    # Issue 37: Sevastopol ran to the map's eastern edge (the Volga, the Caspian steppe and
    # Transcaucasia), ten times a median land province, its unit 100 units inland. Moscow
    # and Armenia share that country now, as on the classic board; the frame-bounded
    # provinces beside it (Syria, North Africa) are six to nine times the median.
    data, shapes = _drawn()
    kinds = {
        p["id"]: p["type"]
        for p in json.loads((REPO / "adjudicator" / "maps" / "standard.json").read_text())[
            "provinces"
        ]
    }
    land = sorted(shapes[pid].area for pid in shapes if kinds.get(pid) in ("land", "coast"))
    median = statistics.median(land)
    assert shapes["sev"].area <= 6 * median, shapes["sev"].area / median
    assert shapes["sev"].area < shapes["syr"].area
    # A fleet there stands at the port, on the Crimea: within 20 units of the Black Sea.
    unit = Point(data["provinces"]["sev"]["unit"])
    assert shapes["bla"].distance(unit) <= 20, shapes["bla"].distance(unit)
    sevastopol = _frame().point([33.52, 44.6])
    assert unit.distance(sevastopol) <= 30, unit.distance(sevastopol)


def test_constantinople_s_army_stands_in_europe() -> None:
    # Issue 37: the army stood in Bithynia, on the Asian shore. Europe is north-west of the
    # straits: this line runs from the Aegean through the Dardanelles (Cape Helles and
    # Kumkale, the Narrows at Canakkale, Gelibolu and Lapseki), down the middle of the Sea of
    # Marmara, through the Bosporus (its mouths at 41.0 and 41.2 N, about 29.0 E) to the
    # Black Sea; the European side is closed by far points to the north and west.
    frame = _frame()
    straits = [
        [25.9, 40.0], [26.2, 40.02], [26.4, 40.18], [26.7, 40.4], [27.5, 40.68],
        [28.98, 41.02], [29.05, 41.1], [29.1, 41.23], [29.4, 41.7],
    ]  # fmt: skip
    europe = frame.project(Polygon([*straits, [29.4, 48.0], [20.0, 48.0], [20.0, 40.0]]))
    data, shapes = _drawn()
    con = data["provinces"]["con"]
    unit = Point(con["unit"])
    assert europe.contains(unit), con["unit"]
    assert unit.x < frame.point([29.0, 41.1]).x  # west of the Bosporus
    assert shapes["con"].contains(Point(con["label"]))
    assert shapes["con"].contains(Point(con["sc"]))
