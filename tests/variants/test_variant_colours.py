"""A variant's own colours live with it: Rather Silly's roles and monsters are declared in
variants/rather_silly/colours.py (``SiteVariant.colours``) and styled by its own
stylesheet, which every page links; the shared drawing and stylesheet name none of them,
and the pictures and boards are drawn in the same colours as before."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.test import Client

from variants import drawing, registry
from variants.board import Mode, SeenPosition, board_svg, colour_of

ROOT = Path(__file__).resolve().parents[2]
ROLES = re.compile(r"monster|fortune[_ ]teller|doctor|superbrain|\bfool\b", re.IGNORECASE)
#: The colours the roles and monsters were drawn in before they moved (variants/drawing.py).
BEFORE = {
    "monster": "#0f6b5c",
    "fortune_teller": "#c2185b",
    "doctor": "#0f6e8c",
    "superbrain": "#a5561c",
    "fool": "#9a8f2a",
}


@pytest.mark.parametrize(
    "path",
    [
        "variants/drawing.py",
        "variants/board.py",
        "variants/site.py",
        "variants/registry.py",
        "games/pictures.py",
        "static/css/site.css",
        "templates/base.html",
    ],
)
def test_the_shared_drawing_and_stylesheet_name_no_role(path: str) -> None:
    assert ROLES.findall((ROOT / path).read_text("utf-8")) == []


def test_the_variant_declares_its_colours_and_the_drawing_asks_it() -> None:
    assert registry.site_variant("rather_silly").colours == BEFORE
    assert not set(BEFORE) & set(drawing.COLOURS)
    for role, colour in BEFORE.items():
        assert colour_of(role) == colour
    assert colour_of("france") == drawing.COLOURS["france"]
    assert colour_of("nobody") == "#777777"


def test_a_rather_silly_picture_keeps_its_roles_colours() -> None:
    position = {
        "variant": "rather_silly",
        "phase": {"season": "spring", "year": 1901, "kind": "M"},
        "units": {"doctor": ["A bur"], "fortune_teller": ["F nth"], "monster": ["F mao"]},
        "dislodged": {},
        "centers": {"superbrain": ["den"], "doctor": ["bel"]},
        "extras": {},
    }
    svg = board_svg(map_id="rather_silly", position=SeenPosition(position), mode=Mode.PICTURE)
    units = {
        power: set(re.findall(rf'data-power="{power}"[^>]*><\w+ [^>]*fill="(#[0-9a-f]+)"', svg))
        for power in ("doctor", "fortune_teller", "monster")
    }
    assert units == {p: {BEFORE[p]} for p in ("doctor", "fortune_teller", "monster")}
    centers = dict(re.findall(r'data-center="(\w+)"[^>]*data-owner="\w+" fill="(#[0-9a-f]+)"', svg))
    assert centers == {"den": BEFORE["superbrain"], "bel": BEFORE["doctor"]}


@pytest.mark.django_db
def test_every_page_links_the_variants_stylesheet(client: Client) -> None:
    page = client.get("/").content.decode()
    assert '<link rel="stylesheet" href="/static/css/variants/rather_silly.css">' in page
    assert (ROOT / "static/css/variants/rather_silly.css").exists()
