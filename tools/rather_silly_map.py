"""Write Rather Silly's map: adjudicator/maps/rather_silly.json (the standard board with
Iceland and Crete, the two build-only islands of the rules: "Island grenzt an NAO & NWG,
Kreta an ION, AEG & EAS"; no unit may move or retreat into them) and its drawing,
variants/mapdata/rather_silly.json (the standard drawing, where the two islands become
provinces: their outlines are the standard drawing's own coastline, Natural Earth's).

Run from the repository root after the standard map or drawing changes:
``python tools/rather_silly_map.py``; tests/adjudicator/test_rather_silly.py checks the
islands' edges and tests/variants/test_board.py draws the map."""

import json
import pathlib
import re

ROOT = pathlib.Path(__file__).resolve().parent.parent

ISLANDS = [
    {
        "id": "ice",
        "name": "Iceland",
        "type": "coast",
        "closed": True,
        "aliases": ["island", "islande", "isl"],
        "seas": ["nao", "nwg"],
        "box": (100, 80, 230, 195),
    },
    {
        "id": "cre",
        "name": "Crete",
        "type": "coast",
        "closed": True,
        "aliases": ["kreta", "crete island"],
        "seas": ["ion", "aeg", "eas"],
        "box": (745, 1040, 825, 1070),
    },
]


def points(subpath: str) -> list[tuple[float, float]]:
    """The absolute points of one ``M … l … z`` subpath of the drawing's land."""
    tokens = re.findall(r"[A-Za-z]|-?\d*\.?\d+", subpath)
    x = y = 0.0
    cmd = ""
    out: list[tuple[float, float]] = []
    i = 0
    while i < len(tokens):
        token = tokens[i]
        if token.isalpha():
            cmd = token
            i += 1
            continue
        a, b = float(tokens[i]), float(tokens[i + 1])
        i += 2
        if cmd == "M":
            x, y = a, b
            cmd = "l"
        else:
            x, y = x + a, y + b
        out.append((x, y))
    return out


def main() -> None:
    game_map = json.loads((ROOT / "adjudicator/maps/standard.json").read_text("utf-8"))
    game_map["_source"] = (
        "Written by tools/rather_silly_map.py: adjudicator/maps/standard.json with Rather "
        "Silly's build-only Iceland and Crete (their neighbours as the rules give them)."
    )
    game_map["id"] = "rather_silly"
    game_map["name"] = "Rather Silly"
    for island in ISLANDS:
        game_map["provinces"].append(
            {k: island[k] for k in ("id", "name", "type", "closed", "aliases")}
        )
        game_map["fleet_edges"].extend([island["id"], sea] for sea in island["seas"])
    game_map["provinces"].sort(key=lambda p: p["id"])
    game_map["fleet_edges"].sort()
    (ROOT / "adjudicator/maps/rather_silly.json").write_text(
        json.dumps(game_map, indent=1, ensure_ascii=False) + "\n", "utf-8"
    )

    drawing = json.loads((ROOT / "variants/mapdata/standard.json").read_text("utf-8"))
    drawing["_source"] = drawing["_source"] + (
        " Rather Silly's Iceland and Crete: their outlines from the same coastline, made "
        "provinces by tools/rather_silly_map.py."
    )
    drawing["map"] = "rather_silly"
    subpaths = re.findall(r"M[^M]*", drawing["land"])
    for island in ISLANDS:
        x0, y0, x1, y1 = island["box"]
        found = []
        for sub in subpaths:
            pts = points(sub)
            xs, ys = [p[0] for p in pts], [p[1] for p in pts]
            if min(xs) >= x0 and max(xs) <= x1 and min(ys) >= y0 and max(ys) <= y1:
                found.append((sub, pts))
        assert found, f"no outline for {island['id']} in {island['box']}"
        sub, pts = max(found, key=lambda f: len(f[1]))
        cx = round(sum(p[0] for p in pts) / len(pts), 1)
        cy = round(sum(p[1] for p in pts) / len(pts), 1)
        drawing["provinces"][island["id"]] = {
            "d": sub.strip(),
            # The label inside the island, a unit beside it (Crete is small).
            "label": [cx, round(cy + 3, 1)],
            "unit": [round(cx + 20, 1), cy],
            "sc": None,
        }
        drawing["names"][island["id"]] = island["id"].capitalize()
    drawing["provinces"] = dict(sorted(drawing["provinces"].items()))
    drawing["names"] = dict(sorted(drawing["names"].items()))
    (ROOT / "variants/mapdata/rather_silly.json").write_text(
        json.dumps(drawing, ensure_ascii=False, separators=(",", ":")) + "\n", "utf-8"
    )


if __name__ == "__main__":
    main()
