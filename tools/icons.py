"""Writes the site's app icons (static/icons/): a seven-pointed star, one point for each
great power, on the site's dark red, drawn here and rasterised with resvg-py as the map
pictures are. The star keeps inside the central 80 % a maskable icon may be cut to.

    .venv/bin/python tools/icons.py
"""

from __future__ import annotations

import math
from pathlib import Path

from resvg_py import svg_to_bytes

OUT = Path(__file__).resolve().parent.parent / "static" / "icons"
RED, CREAM = "#8a1c1c", "#faf8f3"


def star(cx: float, cy: float, outer: float, inner: float, points: int = 7) -> str:
    corners = []
    for k in range(points * 2):
        radius = outer if k % 2 == 0 else inner
        angle = -math.pi / 2 + k * math.pi / points
        corners.append(f"{cx + radius * math.cos(angle):.1f},{cy + radius * math.sin(angle):.1f}")
    return " ".join(corners)


def icon_svg() -> str:
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">'
        f'<rect width="512" height="512" fill="{RED}"/>'
        f'<circle cx="256" cy="262" r="168" fill="none" stroke="{CREAM}" stroke-width="14"/>'
        f'<polygon points="{star(256, 262, 140, 62)}" fill="{CREAM}"/>'
        "</svg>"
    )


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    svg = icon_svg()
    (OUT / "icon.svg").write_text(svg + "\n")
    for size in (192, 512):
        png = bytes(svg_to_bytes(svg_string=svg, width=size, height=size))
        (OUT / f"icon-{size}.png").write_bytes(png)
    (OUT / "apple-touch-icon.png").write_bytes(
        bytes(svg_to_bytes(svg_string=svg, width=180, height=180))
    )


if __name__ == "__main__":
    main()
