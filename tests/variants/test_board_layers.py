"""The one renderer draws any variant's layer: a variant returns shapes as values
(``variants.drawing.Shape``), and ``variants.board`` draws them on the page, a still board
and a picture, knowing no variant."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest

import variants.board
from variants.board import Mode, SeenPosition, board_svg
from variants.drawing import Letter, Placer, Shape
from variants.registry import site_variant


def _comets(extras: Mapping[str, Any], phase_code: str, point: Placer) -> Sequence[Shape]:
    """A made-up variant's layer: a comet over each province in ``extras["comets"]``
    in autumn, and a line between the first two."""
    if not phase_code.startswith("F"):
        return ()
    shapes = []
    for province in extras.get("comets") or ():
        at = point(province)
        if at is not None:
            shapes.append(
                Shape(
                    "circle",
                    (("cx", f"{at[0]:g}"), ("cy", f"{at[1]:g}"), ("r", "5")),
                    classes="comet",
                    data=(("data-comet", province),),
                    paint=(("fill", "#ffcc00"),),
                    letter=Letter("C", at[0], at[1], 6),
                    title=f"A comet over {province}",
                )
            )
    return shapes


@pytest.fixture
def comets(monkeypatch: pytest.MonkeyPatch) -> None:
    made_up = dataclasses.replace(site_variant("standard"), layers=_comets)
    monkeypatch.setattr(variants.board, "site_side", lambda variant_id: made_up)


POSITION = {
    "variant": "standard",
    "phase": "F1901M",
    "units": {"france": ["A par"]},
    "centers": {},
    "extras": {"comets": ["par", "mun", "nowhere"]},
}


def test_a_made_up_variants_layer_is_drawn_on_the_page(comets: None) -> None:
    svg = board_svg(map_id="standard", position=SeenPosition(POSITION))
    layer = svg[svg.index('<g id="creatures" class="creatures">') :]
    layer = layer[: layer.index("</g></svg>") + 4] if "</g></svg>" in layer else layer
    assert re.findall(r'data-comet="(\w+)"', svg) == ["par", "mun"]  # off the map: not drawn
    assert '<g class="comet" data-comet="par"><title>A comet over par</title><circle' in layer
    assert ">C</text></g>" in layer
    # The page's stylesheet colours it: no paint of its own there.
    assert 'fill="#ffcc00"' not in svg
    # Over the pieces: the layer comes after the units.
    assert svg.index('id="units"') < svg.index('data-comet="par"')


def test_a_made_up_variants_layer_is_painted_in_a_picture(comets: None) -> None:
    svg = board_svg(map_id="standard", position=SeenPosition(POSITION), mode=Mode.PICTURE)
    assert svg.count('fill="#ffcc00"') == 2
    assert "<title>A comet over" not in svg  # a picture has no hover


def test_the_layer_is_asked_with_the_phase_it_shows(comets: None) -> None:
    spring = {**POSITION, "phase": "S1902M"}
    assert "data-comet" not in board_svg(map_id="standard", position=SeenPosition(spring))
    still = board_svg(map_id="standard", position=SeenPosition(POSITION), mode=Mode.STILL)
    assert still.count("data-comet") == 2
    assert 'id="creatures"' not in still


def test_the_renderer_names_no_variant_and_no_creature() -> None:
    """What a variant draws lives with the variant: the shared renderer and the board's
    scripts name none of it."""
    root = Path(__file__).resolve().parents[2]
    words = ("llama", "borg", "herd", "tardis", "hyperspace", "twins", "rather_silly")
    for path in (root / "variants/board.py",):
        text = path.read_text().lower()
        assert [w for w in words if w in text] == [], path
