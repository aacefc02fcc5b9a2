"""The board drawing against the adjudicator (issue 17): two provinces share a drawn border
exactly when the game lets a unit cross between them, every anchor lies inside its province,
and no two provinces overlap. The check itself is tools/mapgen/check_adjacency.py, which
guards each regeneration of the drawing; here it guards every change in CI."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from types import ModuleType

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
