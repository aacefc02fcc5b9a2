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
from variants.board import DrawnOrder, Mode, SeenPosition, board_svg
from variants.drawing import Letter, OrderShape, Placer, Shape, UnitMark
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


# -- a variant's marks on its units and its own orders ---------------------------------------


def _comet_marks(extras: Mapping[str, Any]) -> Mapping[str, UnitMark]:
    """A made-up variant's marks: a unit under a comet is lit (a class, a letter, a ring)."""
    return {
        key: UnitMark(classes="lit", letter="☄", ring="comet-ring", ring_colour="#ffcc00")
        for key in extras.get("lit") or ()
    }


def _comet_orders(text: str) -> OrderShape | None:
    """A made-up variant's own orders: "wish par" rings Paris, "fly par - bur" is an arrow."""
    t = text.split()
    if t[0] == "wish":
        return OrderShape("wish", t[1])
    if t[0] == "fly":
        return OrderShape("move", t[1], t[3])
    return None


@pytest.fixture
def lit(monkeypatch: pytest.MonkeyPatch) -> None:
    made_up = dataclasses.replace(
        site_variant("standard"), marks_drawn=_comet_marks, order_shapes=_comet_orders
    )
    monkeypatch.setattr(variants.board, "site_side", lambda variant_id: made_up)


def test_a_made_up_variants_marks_and_orders_are_drawn(lit: None) -> None:
    position = {**POSITION, "extras": {"lit": ["france par"]}}
    orders = [DrawnOrder("wish mun"), DrawnOrder("fly par - bur", "ok"), DrawnOrder("hum mun")]
    svg = board_svg(map_id="standard", position=SeenPosition(position), orders=orders)
    unit = re.search(r'<g class="unit power-france lit" data-unit="par".*?</g>', svg)
    assert unit is not None
    assert '<circle class="comet-ring"' in unit[0]
    assert ">☄</text>" in unit[0]
    assert '<g class="order wish" data-order="wish mun">' in svg
    assert '<line class="order move" data-order="fly par - bur"' in svg
    assert "hum mun" not in svg  # not drawn: the variant says nothing of it
    # A variant's own orders are drawn as its stylesheet says: no unit's dark edge, and a
    # ring on a place with no unit smaller than one round a unit's marker.
    assert "order-edge" not in svg
    assert re.search(r'data-order="wish mun"><circle cx="[\d.]+" cy="[\d.]+" r="14"/>', svg)
    picture = board_svg(
        map_id="standard", position=SeenPosition(position), orders=orders, mode=Mode.PICTURE
    )
    assert 'class="comet-ring" cx="' in picture
    assert 'stroke="#ffcc00"' in picture


def test_the_renderer_names_no_variant() -> None:
    """Whatever a variant draws of its own comes from its package: the renderer knows no
    variant's units, orders or colours."""
    words = re.compile(
        r"rather|silly|highlander|kapitalisten|multiple|void|amazon|dirtbag|fifth_fleet"
        r"|devil|birds|nominat|borg|llama|herd|tardis|twins|superbrain|fool|doctor",
        re.IGNORECASE,
    )
    source = (Path(variants.board.__file__)).read_text("utf-8")
    assert words.findall(source) == []


def test_a_ring_on_a_center_is_drawn_round_its_dot_not_on_the_units_place(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A variant's order that names a center (Highlander's nomination) rings the center's
    dot, where the board draws it; a ring on a place rings where a unit would stand."""
    from variants.drawing import map_drawing

    def shapes(text: str) -> OrderShape | None:
        t = text.split()
        return OrderShape(t[0], t[1], on_center=t[0] == "name")

    made_up = dataclasses.replace(site_variant("standard"), order_shapes=shapes)
    monkeypatch.setattr(variants.board, "site_side", lambda variant_id: made_up)
    orders = [DrawnOrder("name mun"), DrawnOrder("wish mun")]
    svg = board_svg(map_id="standard", position=SeenPosition(POSITION), orders=orders)
    drawn = map_drawing("standard")["provinces"]["mun"]
    assert drawn["sc"] != drawn["unit"]

    def ring_of(text: str) -> tuple[float, float]:
        found = re.search(rf'data-order="{text}"><circle cx="([\d.]+)" cy="([\d.]+)"', svg)
        assert found is not None, text
        return float(found[1]), float(found[2])

    assert ring_of("name mun") == pytest.approx(tuple(drawn["sc"]), abs=0.05)
    assert ring_of("wish mun") == pytest.approx(tuple(drawn["unit"]), abs=0.05)


def test_highlanders_nomination_rings_the_centers_dot() -> None:
    from variants.drawing import map_drawing

    svg = board_svg(
        map_id="standard",
        position=SeenPosition(
            {"phase": "W1900N", "units": {}, "centers": {}, "variant": "highlander"}
        ),
        orders=[DrawnOrder("nominate par", power="red")],
    )
    sc = map_drawing("standard")["provinces"]["par"]["sc"]
    found = re.search(r'data-order="nominate par"[^>]*><circle cx="([\d.]+)" cy="([\d.]+)"', svg)
    assert found is not None
    assert (float(found[1]), float(found[2])) == pytest.approx(tuple(sc), abs=0.05)
