"""The board drawings (variants/mapdata/<map>.json): our own SVG data per map."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from adjudicator import load_map

MAPDATA = Path(__file__).resolve().parent / "mapdata"


@cache
def map_drawing(map_id: str) -> dict[str, Any]:
    """The drawing of a map: viewBox, land, province paths and anchor points."""
    data: dict[str, Any] = json.loads((MAPDATA / f"{map_id}.json").read_text("utf-8"))
    game_map = load_map(map_id)
    for pid, drawn in data["provinces"].items():
        drawn["terrain"] = game_map.provinces[pid].terrain.value
    return data


@cache
def map_anchors(map_id: str) -> dict[str, Any]:
    """Only what the page's script needs to place units: unit points per location."""
    drawing = map_drawing(map_id)
    units = {pid: p["unit"] for pid, p in drawing["provinces"].items()}
    units.update({loc: c["unit"] for loc, c in drawing.get("coasts", {}).items()})
    return {"units": units}
