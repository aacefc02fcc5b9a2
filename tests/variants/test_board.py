"""The board renderer (variants/board.py): one drawing in its three modes. It draws a
SeenPosition, which the site makes in games.visibility alone; these tests of the drawing
itself hand it positions of their own."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest
from django.utils import translation

from variants.board import (
    DISBAND,
    DISLODGED_SHIFT,
    DrawnOrder,
    Legend,
    Mode,
    SeenPosition,
    board_svg,
    legend_height,
    number,
)
from variants.drawing import map_anchors

SVG = "{http://www.w3.org/2000/svg}"
POSITION = {
    "units": {"france": ["A par", "F bre"], "russia": ["F stp/sc"]},
    "dislodged": {"germany": [{"unit": "A bur", "attacker_from": "pic"}]},
    "centers": {"france": ["par", "bre"], "russia": ["stp"]},
}
ORDERS = [
    DrawnOrder("A par - pic", "ok"),
    DrawnOrder("F bre - mao", "bounced"),
    DrawnOrder("A bur R ruh"),
    DrawnOrder("A mun D"),
    DrawnOrder("WAIVE"),
    DrawnOrder("A xyz - par"),
]


def _draw(mode: Mode, **extra: object) -> ET.Element:
    svg = board_svg(
        map_id="standard", position=SeenPosition(POSITION), orders=ORDERS, mode=mode, **extra
    )
    return ET.fromstring(svg.encode("utf-8"))


def _ids(root: ET.Element) -> set[str]:
    return {e.get("id", "") for e in root.iter() if e.get("id")}


def test_the_page_board_has_its_layers_by_id_and_draws_the_pieces() -> None:
    root = _draw(Mode.PAGE)
    assert root.get("id") == "board"
    assert {"board", "provinces", "centers", "labels", "orders", "units"} <= _ids(root)
    owners = {p.get("data-province"): p.get("data-owner") for p in root.iter(f"{SVG}path")}
    assert owners["par"] == "france"
    assert owners["mar"] is None
    units = {(g.get("data-power"), g.get("data-unit")) for g in root.iter(f"{SVG}g")}
    assert {("france", "par"), ("france", "bre"), ("russia", "stp/sc"), ("germany", "bur")} <= units
    # The page's stylesheet colours it: no paint of its own.
    assert not [e for e in root.iter() if e.get("fill") and e.tag != f"{SVG}svg"]


def test_orders_are_drawn_by_kind_and_result_and_the_rest_skipped() -> None:
    root = _draw(Mode.PAGE)
    marks = {e.get("data-order"): e for e in root.iter() if e.get("data-order")}
    assert set(marks) == {"A par - pic", "F bre - mao", "A bur R ruh", "A mun D"}
    assert marks["A par - pic"].get("class") == "order move"
    assert marks["A par - pic"].get("marker-end") == "url(#arrow)"
    assert marks["F bre - mao"].get("class") == "order move failed"
    assert marks["F bre - mao"].get("marker-end") == "url(#arrow-failed)"
    # A disband is a ring crossed out.
    assert [c.tag for c in marks["A mun D"]] == [f"{SVG}circle", f"{SVG}path"]


def test_a_dislodged_unit_is_drawn_beside_its_province_and_retreats_from_there() -> None:
    root = _draw(Mode.PAGE)
    (dislodged,) = [
        g for g in root.iter(f"{SVG}g") if "dislodged" in (g.get("class") or "").split()
    ]
    circle = dislodged.find(f"{SVG}circle")
    assert circle is not None
    x, y = map_anchors("standard")["units"]["bur"]
    assert (circle.get("cx"), circle.get("cy")) == (
        number(x + DISLODGED_SHIFT),
        number(y + DISLODGED_SHIFT),
    )
    arrow = next(e for e in root.iter(f"{SVG}line") if e.get("data-order") == "A bur R ruh")
    assert (arrow.get("x1"), arrow.get("y1")) == (circle.get("cx"), circle.get("cy"))


def test_a_dislodged_unit_carries_a_badge_and_no_other_unit_does() -> None:
    for mode in (Mode.PAGE, Mode.PICTURE):
        root = _draw(mode)
        units = [g for g in root.iter(f"{SVG}g") if "unit" in (g.get("class") or "").split()]
        badged = {
            g.get("data-unit")
            for g in units
            if any(c.get("class") == "dislodged-mark" for c in g.iter(f"{SVG}g"))
        }
        assert badged == {"bur"}, mode
    # The picture has no stylesheet: the badge carries its own colours.
    picture = _draw(Mode.PICTURE)
    (badge,) = [g for g in picture.iter(f"{SVG}g") if g.get("class") == "dislodged-mark"]
    disc = badge.find(f"{SVG}circle")
    assert disc is not None
    assert disc.get("fill") == DISBAND


def test_a_still_board_has_no_ids_so_that_several_share_a_page() -> None:
    root = _draw(Mode.STILL, label="B")
    assert _ids(root) == set()
    assert root.get("class") == "board still"
    assert root.get("aria-label") == "Board B"


def test_a_picture_carries_its_colours_and_a_legend() -> None:
    root = _draw(
        Mode.PICTURE, legend=Legend("Game · Spring 1901", "Standard", {"france": "France"})
    )
    centers = {c.get("data-center"): c.get("fill") for c in root.iter(f"{SVG}circle")}
    assert centers["par"] == "#3aa0db"
    assert centers["mar"] == "#ffffff"
    texts = [t.text for t in root.iter(f"{SVG}text")]
    assert "Game · Spring 1901" in texts
    assert "France" in texts
    assert not list(root.iter(f"{SVG}style"))


def test_words_follow_the_reader_and_numbers_are_never_localised() -> None:
    with translation.override("de"):
        svg = board_svg(map_id="standard", position=SeenPosition(POSITION), orders=ORDERS)
    assert 'aria-label="Das Spielbrett"' in svg
    root = ET.fromstring(svg.encode("utf-8"))
    for element in root.iter():
        for name in ("x", "y", "cx", "cy", "x1", "y1", "x2", "y2"):
            value = element.get(name)
            if value is not None:
                float(value)  # "298,4" would raise


def test_a_pictures_title_keeps_clear_of_the_powers_in_its_legend() -> None:
    """The title and the line under it have rows of their own; the powers come below, in
    as many rows as the width needs (eleven seats of Rather Silly take two)."""
    long = "Evening League: round 1, board 1 · Spring 1901 movement"
    names = {p: p.title() for p in ("france", "germany", "russia")}
    root = _draw(Mode.PICTURE, legend=Legend(long, "Standard · S1901M", names))
    texts = {t.text: t for t in root.iter(f"{SVG}text")}
    title_y = float(texts[long].get("y"))
    subtitle_y = float(texts["Standard · S1901M"].get("y"))
    power_y = min(float(texts[name].get("y")) for name in ("France", "Germany", "Russia"))
    assert title_y < subtitle_y < power_y - 12
    assert legend_height(1200, 7) < legend_height(1200, 11)
    view = [float(v) for v in root.get("viewBox").split()]
    strip = next(r for r in root.iter(f"{SVG}rect") if r.get("fill") == "#faf7ef")
    assert float(strip.get("y")) + float(strip.get("height")) == pytest.approx(view[1] + view[3])


def _hover_names(language: str) -> dict[str | None, str | None]:
    """Each province's hover title on the page's board, drawn in ``language``."""
    with translation.override(language):
        root = _draw(Mode.PAGE)
    return {
        p.get("data-province"): p.find(f"{SVG}title").text
        for p in root.iter(f"{SVG}path")
        if p.get("data-province")
    }


def test_each_province_names_itself_in_full_on_hover_in_the_readers_language() -> None:
    titles = _hover_names("en")
    assert titles["tyr"] == "Tyrolia"
    assert titles["stp"] == "St Petersburg"
    assert len(titles) == 76
    assert _hover_names("de")["mun"] == "München"


def test_builds_and_disbands_are_drawn_in_their_powers_colour() -> None:
    winter = {
        "units": {"france": ["A par"], "russia": ["F stp/sc"]},
        "centers": POSITION["centers"],
    }
    orders = [DrawnOrder("F bre B", "ok", "france"), DrawnOrder("F stp/sc D", "ok", "russia")]
    page = ET.fromstring(
        board_svg(map_id="standard", position=SeenPosition(winter), orders=orders).encode()
    )
    classes = {g.get("data-order"): g.get("class") for g in page.iter(f"{SVG}g")}
    assert classes["F bre B"] == "order build power-france"
    assert classes["F stp/sc D"] == "order disband power-russia"
    picture = ET.fromstring(
        board_svg(
            map_id="standard", position=SeenPosition(winter), orders=orders, mode=Mode.PICTURE
        ).encode()
    )
    strokes = {g.get("data-order"): g.get("stroke") for g in picture.iter(f"{SVG}g")}
    assert strokes["F bre B"] == "#3aa0db"  # France's
    assert strokes["F stp/sc D"] == "#8e52b0"  # Russia's


def test_the_coasts_of_split_provinces_are_marked() -> None:
    root = _draw(Mode.PAGE)
    coasts = {t.get("data-coast"): t.text for t in root.iter(f"{SVG}text") if t.get("data-coast")}
    assert coasts == {
        "bul/ec": "ec",
        "bul/sc": "sc",
        "spa/nc": "nc",
        "spa/sc": "sc",
        "stp/nc": "nc",
        "stp/sc": "sc",
    }


def test_only_a_units_order_is_drawn_whatever_a_variant_keeps_in_its_results() -> None:
    """A phase's results hold more than units' orders (Rather Silly's creatures' steps, a
    merged unit, a vote, the Fool's override; Kapitalisten's exchange orders and control):
    none is drawn, nor taken for a unit's order ("vote lon - bel" is no move from London);
    a flock of birds flies as a unit moves. static/js/board/draw.js reads them alike."""
    texts = [
        "merged", "step", "appeared", "link", "eaten", "attacked", "control", "excluded",
        "vote lon - bel", "override A par - bur", "predict bur F", "T - yor", "T escape",
        "ask How many legs?", "answer four", "reply four", "herd yor", "explode yor",
        "sell A par", "twins A mar A gas", "amazon sev", "rogue stp", "birds mun",
        "birds ber carry A ber", "A sev seduce F rum", "A stp distract", "buy 400 russia",
        "sell 500 france", "A par", "",
        "birds mun - ber",
    ]  # fmt: skip
    svg = board_svg(
        map_id="standard",
        position=SeenPosition(POSITION),
        orders=[DrawnOrder(t, "ok") for t in texts],
        mode=Mode.PAGE,
    )
    root = ET.fromstring(svg.encode("utf-8"))
    drawn = {e.get("data-order"): e.get("class") for e in root.iter() if e.get("data-order")}
    assert drawn == {"birds mun - ber": "order move"}
