#!/usr/bin/env python3
"""Render variants/mapdata/standard.json to an HTML page and (with --png) a PNG via Chromium.

The page shows what a player would see: land beige, seas light blue, supply centers as dots,
province labels, unit anchors as faint rings and the six named coasts.  ``--seeds`` overlays the
Voronoi seed points, ``--crop x,y,w,h`` zooms into part of the board.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from html import escape
from pathlib import Path
from typing import Any

import numpy as np

from standard import ADJUDICATOR_MAP, OUTPUT, SEEDS, Frame, LambertConformalConic

LAND = "#efe2c0"
NEUTRAL = "#ddd8cc"
SEA = "#bcd9ee"
WATER = "#a9cce6"
SWISS = "#c8c3b8"
BORDER = "#6b5a45"


def seed_overlay(frame: Frame) -> str:
    cfg = json.loads(SEEDS.read_text())
    out = []
    for pid, spec in cfg["provinces"].items():
        for lon, lat in spec.get("seeds", []):
            x, y = frame.to_px(np.array([[lon, lat]]))[0]
            out.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="1.6" fill="#c00"/>')
            out.append(
                f'<text x="{x + 2:.1f}" y="{y - 1:.1f}" font-size="5" fill="#c00">{pid}</text>'
            )
    return "".join(out)


def debug_colour(pid: str) -> str:
    h = sum(ord(c) * 97**i for i, c in enumerate(pid)) % 360
    return f"hsl({h},55%,70%)"


def render_svg(
    data: dict[str, Any],
    seeds: bool,
    crop: list[float] | None,
    colours: bool = False,
    units: bool = False,
) -> str:
    adj = json.loads(ADJUDICATOR_MAP.read_text())
    kinds = {p["id"]: p["type"] for p in adj["provinces"]}
    w, h = data["viewBox"][2], data["viewBox"][3]
    vb = crop or [0, 0, w, h]
    px_w = 1200
    px_h = round(px_w * vb[3] / vb[2])
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{" ".join(map(str, vb))}" '
        f'width="{px_w}" height="{px_h}" font-family="DejaVu Sans, sans-serif">',
        f'<rect x="0" y="0" width="{w}" height="{h}" fill="{WATER}"/>',
        f'<path d="{data["land"]}" fill="{NEUTRAL}" stroke="{BORDER}" stroke-width=".4"/>',
    ]
    for pid, prov in data["provinces"].items():
        kind = kinds[pid]
        fill = SEA if kind == "sea" else SWISS if kind == "impassable" else LAND
        if colours:
            fill = debug_colour(pid)
        stroke = "#7fa6c4" if kind == "sea" else BORDER
        parts.append(
            f'<path d="{prov["d"]}" fill="{fill}" stroke="{stroke}" stroke-width=".7" '
            f'stroke-linejoin="round"><title>{pid}</title></path>'
        )
    for prov in data["provinces"].values():
        if units:
            ux, uy = prov["unit"]
            parts.append(
                f'<circle cx="{ux}" cy="{uy}" r="8" fill="none" stroke="#000" '
                f'stroke-opacity=".3" stroke-dasharray="2 1.5" stroke-width=".8"/>'
            )
        if prov["sc"]:
            sx, sy = prov["sc"]
            parts.append(
                f'<circle cx="{sx}" cy="{sy}" r="4" fill="#333" stroke="#fff" stroke-width="1.2"/>'
            )
    for key, coast in data["coasts"].items():
        cx, cy = coast["unit"]
        parts.append(
            f'<circle cx="{cx}" cy="{cy}" r="4.5" fill="#fff" stroke="#a33" stroke-width="1"/>'
            f'<text x="{cx}" y="{cy + 2}" font-size="5.5" text-anchor="middle" fill="#a33" '
            f'font-weight="bold">{escape(key.split("/")[1])}</text>'
        )
    for pid, prov in data["provinces"].items():
        lx, ly = prov["label"]
        colour = "#2a5a80" if kinds[pid] == "sea" else "#3a2a1a"
        parts.append(
            f'<text x="{lx}" y="{ly}" font-size="9" text-anchor="middle" '
            f'font-weight="bold" fill="{colour}">{escape(data["names"][pid])}</text>'
        )
    if colours:
        parts.append(f'<path d="{data["land"]}" fill="none" stroke="#000" stroke-width=".25"/>')
    if seeds:
        cfg = json.loads(SEEDS.read_text())
        prj = cfg["projection"]
        frame = Frame(
            LambertConformalConic(prj["lon0"], prj["lat0"], prj["lat1"], prj["lat2"]),
            tuple(cfg["frame_km"]["x"]),
            tuple(cfg["frame_km"]["y"]),
            float(cfg["width_px"]),
        )
        parts.append(seed_overlay(frame))
    parts.append("</svg>")
    return "".join(parts)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--input", type=Path, default=OUTPUT)
    parser.add_argument("--html", type=Path, default=None, help="where to write the page")
    parser.add_argument("--png", type=Path, default=None, help="screenshot to this PNG")
    parser.add_argument("--seeds", action="store_true", help="overlay the seed points")
    parser.add_argument("--units", action="store_true", help="rings where units are drawn")
    parser.add_argument("--colours", action="store_true", help="one colour per province")
    parser.add_argument("--scale", type=float, default=1.5, help="device pixels per px")
    parser.add_argument("--crop", default=None, help="x,y,w,h of the viewBox to show")
    args = parser.parse_args(argv)

    data = json.loads(args.input.read_text())
    crop = [float(v) for v in args.crop.split(",")] if args.crop else None
    svg = render_svg(data, args.seeds, crop, args.colours, args.units)
    page = f'<!doctype html><html><body style="margin:0;background:#fff">{svg}</body></html>'
    html = args.html or Path(tempfile.mkdtemp()) / "preview.html"
    html.write_text(page)
    print(f"wrote {html}")
    if args.png:
        vb = crop or data["viewBox"]
        height = round(1200 * vb[3] / vb[2])
        cmd = [
            "chromium",
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
            "--hide-scrollbars",
            f"--force-device-scale-factor={args.scale}",
            f"--screenshot={args.png.resolve()}",
            f"--window-size=1200,{height}",
            html.resolve().as_uri(),
        ]
        subprocess.run(cmd, check=True, capture_output=True, timeout=180)
        print(f"wrote {args.png} ({args.png.stat().st_size / 1024:.0f} KiB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
