"""The board renderer (variants/board.py): one drawing in its three modes. It draws a
SeenPosition, which the site makes in games.visibility alone; these tests of the drawing
itself hand it positions of their own."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest
from django.utils import translation

from variants.board import (
    ARMY,
    ARROW_START,
    DISBAND,
    DISLODGED_SHIFT,
    FLEET,
    DrawnOrder,
    Legend,
    Mode,
    SeenPosition,
    board_svg,
    colour_of,
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
    # The page's stylesheet colours it: no paint of its own (an arrowhead takes its
    # line's colour).
    painted = [e for e in root.iter() if e.get("fill") and e.tag != f"{SVG}svg"]
    assert {e.get("fill") for e in painted} <= {"context-stroke"}


def test_orders_are_drawn_by_kind_and_result_and_the_rest_skipped() -> None:
    root = _draw(Mode.PAGE)
    marks = {e.get("data-order"): e for e in root.iter() if e.get("data-order")}
    assert set(marks) == {"A par - pic", "F bre - mao", "A bur R ruh", "A mun D"}
    assert marks["A par - pic"].get("class") == "order move"
    assert marks["A par - pic"].get("marker-end") == "url(#arrow)"
    assert marks["A par - pic"].get("data-result") is None
    assert marks["F bre - mao"].get("class") == "order move failed"
    assert marks["F bre - mao"].get("marker-end") == "url(#arrow)"
    assert marks["F bre - mao"].get("data-result") == "bounced"
    # A disband is a ring crossed out.
    assert [c.tag for c in marks["A mun D"]] == [f"{SVG}circle", f"{SVG}path"]


def test_a_dislodged_unit_is_drawn_beside_its_province_and_retreats_from_there() -> None:
    root = _draw(Mode.PAGE)
    (dislodged,) = [
        g for g in root.iter(f"{SVG}g") if "dislodged" in (g.get("class") or "").split()
    ]
    # The unit's shapes are centred on its point, the group's translate.
    x, y = map_anchors("standard")["units"]["bur"]
    centre = (number(x + DISLODGED_SHIFT), number(y + DISLODGED_SHIFT))
    assert dislodged.get("transform") == f"translate({centre[0]} {centre[1]})"
    arrow = next(e for e in root.iter(f"{SVG}line") if e.get("data-order") == "A bur R ruh")
    # It starts at the edge of that unit's marker, on the way to the Ruhr.
    rx, ry = map_anchors("standard")["units"]["ruh"]
    sx, sy = float(str(arrow.get("x1"))), float(str(arrow.get("y1")))
    cx, cy = x + DISLODGED_SHIFT, y + DISLODGED_SHIFT
    assert abs(((sx - cx) ** 2 + (sy - cy) ** 2) ** 0.5 - ARROW_START) < 0.2
    cross = (sx - cx) * (ry - cy) - (sy - cy) * (rx - cx)
    assert abs(cross) / (((rx - cx) ** 2 + (ry - cy) ** 2) ** 0.5) < 0.2


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
    a flock of birds flies as a unit moves (Rather Silly says so, variants/rather_silly/
    layers.py's order_shapes)."""
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
        position=SeenPosition({**POSITION, "variant": "rather_silly"}),
        orders=[DrawnOrder(t, "ok") for t in texts],
        mode=Mode.PAGE,
    )
    root = ET.fromstring(svg.encode("utf-8"))
    drawn = {e.get("data-order"): e.get("class") for e in root.iter() if e.get("data-order")}
    assert drawn == {"birds mun - ber": "order move"}


# -- issue 34: Rather Silly's colours and the Borg's marker --------------------------------------


def _lab(colour: str) -> tuple[float, float, float]:
    """CIE L*a*b* of an sRGB colour (D65)."""

    def linear(c: float) -> float:
        return ((c + 0.055) / 1.055) ** 2.4 if c > 0.04045 else c / 12.92

    r, g, b = (linear(int(colour[i : i + 2], 16) / 255) for i in (1, 3, 5))
    x = (r * 0.4124 + g * 0.3576 + b * 0.1805) / 0.95047
    y = r * 0.2126 + g * 0.7152 + b * 0.0722
    z = (r * 0.0193 + g * 0.1192 + b * 0.9505) / 1.08883

    def f(v: float) -> float:
        return v ** (1 / 3) if v > 0.008856 else 7.787 * v + 16 / 116

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def _difference(one: str, two: str) -> float:
    """How far apart two colours look: CIEDE2000 (about 2 is the least a reader sees, and
    below about 10 two swatches pass for one another at a glance)."""
    import math

    l1, a1, b1 = _lab(one)
    l2, a2, b2 = _lab(two)
    c_bar = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(c_bar**7 / (c_bar**7 + 25**7)))
    a1, a2 = (1 + g) * a1, (1 + g) * a2
    c1, c2 = math.hypot(a1, b1), math.hypot(a2, b2)
    h1, h2 = math.degrees(math.atan2(b1, a1)) % 360, math.degrees(math.atan2(b2, a2)) % 360
    dh = 0.0 if c1 * c2 == 0 else (h2 - h1 + 180) % 360 - 180
    d_l, d_c = l2 - l1, c2 - c1
    d_h = 2 * math.sqrt(c1 * c2) * math.sin(math.radians(dh / 2))
    l_bar, cp_bar = (l1 + l2) / 2, (c1 + c2) / 2
    h_bar = (h1 + h2) / 2 if abs(h1 - h2) <= 180 else (h1 + h2 + 360) / 2
    t = (
        1
        - 0.17 * math.cos(math.radians(h_bar - 30))
        + 0.24 * math.cos(math.radians(2 * h_bar))
        + 0.32 * math.cos(math.radians(3 * h_bar + 6))
        - 0.2 * math.cos(math.radians(4 * h_bar - 63))
    )
    s_l = 1 + 0.015 * (l_bar - 50) ** 2 / math.sqrt(20 + (l_bar - 50) ** 2)
    s_c, s_h = 1 + 0.045 * cp_bar, 1 + 0.015 * cp_bar * t
    r_t = (
        -2
        * math.sqrt(cp_bar**7 / (cp_bar**7 + 25**7))
        * math.sin(math.radians(60 * math.exp(-(((h_bar - 275) / 25) ** 2))))
    )
    return math.sqrt(
        (d_l / s_l) ** 2 + (d_c / s_c) ** 2 + (d_h / s_h) ** 2 + r_t * (d_c / s_c) * (d_h / s_h)
    )


def _contrast(one: str, two: str) -> float:
    """WCAG's contrast ratio of two colours."""

    def luminance(colour: str) -> float:
        def linear(c: float) -> float:
            return ((c + 0.055) / 1.055) ** 2.4 if c > 0.04045 else c / 12.92

        r, g, b = (linear(int(colour[i : i + 2], 16) / 255) for i in (1, 3, 5))
        return 0.2126 * r + 0.7152 * g + 0.0722 * b

    high, low = sorted((luminance(one), luminance(two)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def test_rather_sillys_seats_and_links_are_told_apart_by_their_colours() -> None:
    """The Fortune-teller's colour passed for Russia's and the hyperspace link's, the
    Doctor's for England's: every seat's colour is now far from every other's, from the
    link's and the Borg's (CIEDE2000 at least 15), and a unit's white letter reads on the
    roles' colours (contrast at least 4.5)."""
    from variants import drawing
    from variants.rather_silly.colours import COLOURS as OWN

    COLOURS = {**drawing.COLOURS, **OWN}
    from variants.rather_silly.layers import BORG, DEVIL, LINK

    rather_silly = ["austria", "england", "france", "germany", "italy", "russia", "turkey"]
    rather_silly += ["monster", "fortune_teller", "doctor", "superbrain", "fool"]
    marks = {"link": LINK, "borg": BORG, "devil": DEVIL}
    for role in ("fortune_teller", "doctor"):
        for other, colour in [*((p, COLOURS[p]) for p in rather_silly), *marks.items()]:
            if other != role:
                apart = _difference(COLOURS[role], colour)
                assert apart >= 15, (role, other, round(apart, 1))
        assert _contrast(COLOURS[role], "#ffffff") >= 4.5, role


def test_the_page_stylesheet_colours_the_roles_as_the_renderer_does() -> None:
    from pathlib import Path

    from variants.rather_silly.colours import COLOURS

    root = Path(__file__).resolve().parents[2]
    css = (root / "static/css/variants/rather_silly.css").read_text()
    for role in ("fortune_teller", "doctor", "superbrain", "fool"):
        assert f".power-{role} {{ --c: {COLOURS[role]}; }}" in css, role
    assert f":root {{ --monster: {COLOURS['monster']}; }}" in css


def test_the_borg_is_a_readable_marker() -> None:
    """The Borg's hexagon was about 9 px across on a page: it is drawn large enough to
    see and read at once (as large as a unit and more), its letter too."""
    import re

    svg = board_svg(
        map_id="rather_silly",
        position=SeenPosition({"units": {}, "centers": {}, "extras": {"borg": "tyr"}}),
        orders=[],
        mode=Mode.PICTURE,
    )
    borg = svg[svg.index('class="borg"') :]
    points = re.search(r'points="([^"]+)"', borg)
    assert points is not None
    xs = [float(p.split(",")[0]) for p in points.group(1).split()]
    assert max(xs) - min(xs) >= 30  # as large as a unit (30 across) and more
    size = re.search(r'font-size="([\d.]+)"', borg)
    assert size is not None
    assert float(size.group(1)) >= 12


def _units(root: ET.Element) -> dict[str, ET.Element]:
    return {g.get("data-unit", ""): g for g in root.iter(f"{SVG}g") if g.get("data-unit")}


def _box(d: str) -> tuple[float, float]:
    """The width and height of a unit's path (its numbers, absolute as drawn)."""
    import re

    numbers = [float(n) for n in re.findall(r"-?\d+(?:\.\d+)?", d)]
    # The paths use M/L/H/V/C; a token's H and V values are in its box too, so the box of
    # every number read as x or y at once is a fair bound of both axes together.
    return max(numbers) - min(numbers), max(numbers) - min(numbers)


def test_an_army_and_a_fleet_are_shapes_of_their_own_and_large() -> None:
    """A unit was a circle or a rectangle 16 across with its letter: an army is now a
    shield and a fleet a hull under a sail, each with a glyph and no letter, 26 map units
    or more across (24 CSS px on a 1400 px desktop's board)."""
    for mode in (Mode.PAGE, Mode.PICTURE):
        units = _units(_draw(mode))
        army, fleet = units["par"], units["bre"]
        assert (army.get("data-kind"), fleet.get("data-kind")) == ("army", "fleet")
        army_token = army.find(f"{SVG}path")
        fleet_token = fleet.find(f"{SVG}path")
        assert army_token is not None
        assert fleet_token is not None
        assert army_token.get("d") != fleet_token.get("d")
        assert army.find(f"{SVG}text") is None
        assert army.find(f"{SVG}circle") is None
        for token in (army_token, fleet_token):
            width, _ = _box(token.get("d", ""))
            assert width >= 26
    # A supply center's disc is large enough to show its owner's colour (it was 8 across).
    centers = [c for c in _draw(Mode.PAGE).iter(f"{SVG}circle") if c.get("data-center")]
    assert {c.get("r") for c in centers} == {"6"}
    picture = _units(_draw(Mode.PICTURE))
    token = picture["par"].find(f"{SVG}path")
    assert token is not None
    # The power's colour with a dark outline against the map.
    assert (token.get("fill"), token.get("stroke")) == ("#3aa0db", "#1a1a1a")
    dislodged = picture["bur"].find(f"{SVG}path")
    assert dislodged is not None
    assert dislodged.get("stroke") == DISBAND
    assert dislodged.get("stroke-dasharray")


def test_units_and_provinces_have_accessible_names_in_the_readers_language() -> None:
    for language, paris, army in (("en", "Paris", "Paris, France, army"), ("de", "Paris", None)):
        with translation.override(language):
            root = _draw(Mode.PAGE)
        assert root.get("role") == "group"  # not img: its pieces keep their names
        units = _units(root)
        names = {loc: g.get("aria-label") for loc, g in units.items()}
        assert all(g.get("role") == "img" for g in units.values())
        provinces = {
            p.get("data-province"): p.get("aria-label")
            for p in root.iter(f"{SVG}path")
            if p.get("data-province")
        }
        assert provinces["par"] == paris
        if army is not None:
            assert names == {
                "par": army,
                "bre": "Brest, France, fleet",
                "stp/sc": "St Petersburg (sc), Russia, fleet",
                "bur": "Burgundy, Germany, army, dislodged",
            }
            assert provinces["bur"] == "Burgundy"
        else:
            assert names["par"] == "Paris, Frankreich, Armee"
            assert names["bur"] == "Burgund, Deutschland, Armee, vertrieben"
            assert names["bre"] == "Brest, Frankreich, Flotte"
            assert provinces["bur"] == "Burgund"
    # A picture is one image: its title names it, its pieces carry no roles.
    picture = _draw(Mode.PICTURE)
    assert not [e for e in picture.iter() if e.get("aria-label") and e is not picture]


def _page_and_picture(orders: list[DrawnOrder]) -> list[ET.Element]:
    return [
        ET.fromstring(
            board_svg(
                map_id="standard", position=SeenPosition(POSITION), orders=orders, mode=mode
            ).encode("utf-8")
        )
        for mode in (Mode.PAGE, Mode.PICTURE)
    ]


def test_orders_are_drawn_in_their_powers_colour_over_a_dark_edge() -> None:
    orders = [
        DrawnOrder("A par - pic", "ok", "france"),
        DrawnOrder("F stp/sc - bot", "ok", "russia"),
        DrawnOrder("F bre H", "ok", "france"),
    ]
    page, picture = _page_and_picture(orders)
    marks = {e.get("data-order"): e for e in page.iter() if e.get("data-order")}
    assert marks["A par - pic"].get("class") == "order move power-france"
    assert marks["F bre H"].get("class") == "order hold power-france"
    assert marks["F stp/sc - bot"].get("class") == "order move power-russia"
    # Each with its edge under it, drawn first, whose it is (the page takes a player's
    # own out with his orders).
    layer = next(g for g in page.iter(f"{SVG}g") if g.get("id") == "orders")
    children = list(layer)
    for text in ("A par - pic", "F bre H"):
        at = children.index(marks[text])
        assert children[at - 1].get("class") == "order-edge"
        assert children[at - 1].get("data-power") == marks[text].get("data-power")
    painted = {e.get("data-order"): e for e in picture.iter() if e.get("data-order")}
    assert painted["A par - pic"].get("stroke") == colour_of("france")
    assert painted["F stp/sc - bot"].get("stroke") == colour_of("russia")
    assert painted["F bre H"].get("stroke") == colour_of("france")


def test_a_failed_orders_result_is_marked_on_the_order_itself() -> None:
    orders = [
        DrawnOrder("A par - bur", "bounce", "france"),
        DrawnOrder("A mar S A par - bur", "cut", "france"),
        DrawnOrder("F bre - eng", "dislodged", "france"),
        DrawnOrder("A bur - mun", "void", "germany"),
        DrawnOrder("F bre H", "ok", "france"),
    ]
    for root in _page_and_picture(orders):
        marks = {
            e.get("data-result-of"): e for e in root.iter(f"{SVG}g") if e.get("data-result-of")
        }
        assert {text: str(m.get("class")) for text, m in marks.items()} == {
            "A par - bur": "result-mark bounce",
            "A mar S A par - bur": "result-mark cut",
            "F bre - eng": "result-mark dislodged",
            "A bur - mun": "result-mark void",
        }
        lines = {e.get("data-order"): e for e in root.iter(f"{SVG}line")}
        # A bounce is a bar across the arrow's head: its middle is the head's point.
        bounce = lines["A par - bur"]
        head = (float(str(bounce.get("x2"))), float(str(bounce.get("y2"))))
        bar = list(marks["A par - bur"].iter(f"{SVG}path"))[-1].get("d") or ""
        ends = [float(v) for v in re.findall(r"-?\d+(?:\.\d+)?", bar)]
        middle = ((ends[0] + ends[2]) / 2, (ends[1] + ends[3]) / 2)
        assert abs(middle[0] - head[0]) < 0.2
        assert abs(middle[1] - head[1]) < 0.2
        # A cut support: two strokes; a unit dislodged: its unit's badge.
        cut = list(marks["A mar S A par - bur"].iter(f"{SVG}path"))[-1].get("d") or ""
        assert cut.count("M") == 2
        badges = list(marks["F bre - eng"].iter(f"{SVG}g"))[1:]
        assert [b.get("class") for b in badges] == ["dislodged-mark"]
        # Nothing is marked on an order that succeeded.
        assert "F bre H" not in marks


def test_a_build_shows_the_army_or_the_fleet_to_come() -> None:
    orders = [DrawnOrder("A par B", None, "france"), DrawnOrder("F bre B", None, "france")]
    for root in _page_and_picture(orders):
        rings = {e.get("data-order"): e for e in root.iter(f"{SVG}g") if e.get("data-order")}
        shapes = {
            text: [p.get("d") for p in ring.iter(f"{SVG}path") if p.get("class") == "unit-to-come"]
            for text, ring in rings.items()
        }
        assert shapes == {"A par B": [ARMY], "F bre B": [FLEET]}


def test_the_names_are_drawn_over_the_pieces() -> None:
    for root in _page_and_picture([DrawnOrder("A par - pic", "ok", "france")]):
        layers = [g.get("class") for g in root if g.tag == f"{SVG}g"]
        assert layers.index("labels") > layers.index("units") > layers.index("orders")
