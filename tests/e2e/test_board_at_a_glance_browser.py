"""The board at a glance (issue 37): on a phone the game page opens on the player's own
part of the board, at a zoom where his unit markers are at least 20 CSS px and the
province labels at least 10, for the standard map and the variants' boards alike; for a
set-up step, on the area of its orders (a Highlander nomination: the centres on his list,
or before the first, those he may nominate). A desktop still opens on the whole board.
The sizes are measured as the browser renders them."""

from __future__ import annotations

from django.contrib.auth.hashers import PBKDF2PasswordHasher
from django.contrib.auth.models import User
from playwright.sync_api import Page

from games import services
from games.models import Game
from games.terms import GameTerms
from tests.e2e.base import (
    PASSWORD,
    BrowserTestCase,
    browser_session,
    outside_the_event_loop,
    seven_player_game,
    signed_in_page,
)
from tests.e2e.test_rather_silly_browser import silly_game

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1400, "height": 1000}


def _box(page: Page, selector: str) -> dict[str, float]:
    box = page.locator(selector).first.bounding_box()
    assert box is not None, selector
    return box


def _view_width(page: Page) -> float:
    return float(str(page.locator("svg#board").get_attribute("viewBox")).split()[2])


def _whole_width(page: Page) -> float:
    """The whole board's width in board units (the SVG as the server drew it)."""
    return float(
        page.evaluate(
            """async () => {
              const html = await (await fetch(location.href)).text();
              const doc = new DOMParser().parseFromString(html, "text/html");
              return doc.getElementById("board").getAttribute("viewBox").split(/\\s+/)[2];
            }"""
        )
    )


def _shows(page: Page, selector: str) -> bool:
    """Whether the middle of what ``selector`` names is on the board as drawn."""
    board = _box(page, "svg#board")
    box = _box(page, selector)
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    return (
        board["x"] <= x <= board["x"] + board["width"]
        and board["y"] <= y <= board["y"] + board["height"]
    )


class TheBoardAtAGlance(BrowserTestCase):
    def test_a_unit_marker_and_a_label_as_rendered_on_a_phone_and_a_desktop(self) -> None:
        game = seven_player_game("At a glance")
        url = f"{self.live_server_url}/games/{game.pk}/"
        with browser_session() as (browser, errors):
            phone = signed_in_page(
                browser, errors, self.live_server_url, "france-player", viewport=PHONE, touch=True
            )
            phone.goto(url)
            desktop = signed_in_page(browser, errors, self.live_server_url, "france-player")
            desktop.goto(url)
            figures: dict[str, dict[str, float]] = {}
            for name, page in (("phone", phone), ("desktop", desktop)):
                figures[name] = {
                    "army_w": _box(page, '#units [data-unit="par"]')["width"],
                    "army_h": _box(page, '#units [data-unit="par"]')["height"],
                    "fleet_w": _box(page, '#units [data-unit="bre"]')["width"],
                    "fleet_h": _box(page, '#units [data-unit="bre"]')["height"],
                    "label_h": _box(page, '#labels [data-label="par"]')["height"],
                    "view_w": _view_width(page),
                }
            # As measured on 29 Nov 2026 (the shield and the hull): phone army 39.3 x 41.8,
            # fleet 44.3 x 39.3, label 22.5 high; desktop (1400 px) army 26.7 x 28.4, fleet
            # 30.1 x 26.7, label 15.4.
            # A phone opens on France's area, not the whole board: read without a zoom.
            assert figures["phone"]["view_w"] < _whole_width(phone)
            assert min(figures["phone"]["army_w"], figures["phone"]["army_h"]) >= 20
            assert max(figures["phone"]["fleet_w"], figures["phone"]["fleet_h"]) >= 20
            assert figures["phone"]["label_h"] >= 10
            for unit in ("par", "mar", "bre"):
                assert _shows(phone, f'#units [data-unit="{unit}"]'), unit
            # A desktop opens on the whole board, its markers 24 px and more, its labels
            # 10 px and more.
            assert figures["desktop"]["view_w"] == _whole_width(desktop)
            assert min(figures["desktop"]["army_w"], figures["desktop"]["army_h"]) >= 24
            assert min(figures["desktop"]["fleet_w"], figures["desktop"]["fleet_h"]) >= 24
            assert figures["desktop"]["label_h"] >= 10

    def test_a_rather_silly_board_opens_on_the_players_area_on_a_phone(self) -> None:
        """England in the llamas' winter: his units, his centres and the herd on his list
        (York), readable."""
        game = silly_game()
        url = f"{self.live_server_url}/games/{game.pk}/"
        with browser_session() as (browser, errors):
            page = signed_in_page(
                browser, errors, self.live_server_url, "england-silly", viewport=PHONE, touch=True
            )
            page.goto(url)
            assert _view_width(page) < _whole_width(page)
            units = page.locator('#units [data-power="england"]')
            assert units.count() > 0
            for i in range(units.count()):
                unit = units.nth(i)
                where = str(unit.get_attribute("data-unit"))
                box = unit.bounding_box()
                assert box is not None
                assert max(box["width"], box["height"]) >= 20, (where, box)
                assert _shows(page, f'#units [data-unit="{where}"]'), where
            assert _shows(page, '#provinces [data-province="yor"]')
            assert _box(page, '#labels [data-label="yor"]')["height"] >= 10

    def test_a_highlander_nomination_opens_on_the_centres_of_the_list(self) -> None:
        """Before his first nomination, the centres he may nominate (the map's middle, at a
        readable zoom); once he has some on his list, those."""
        hasher = PBKDF2PasswordHasher()
        hashed = hasher.encode(PASSWORD, hasher.salt())
        red = User.objects.create(username="red-player", password=hashed)
        blue = User.objects.create(username="blue-player", password=hashed)
        game = services.game_create(
            created_by=red,
            name="Highlander on a phone",
            power="red",
            terms=GameTerms(variant_id="highlander", assignment=Game.Assignment.CHOSEN),
        )
        services.game_join(game=game, user=blue, power="blue")
        game.refresh_from_db()
        if game.status == Game.Status.FORMING:
            services.game_start(game=game, by=red)
        url = f"{self.live_server_url}/games/{game.pk}/"
        with browser_session() as (browser, errors):
            page = signed_in_page(
                browser, errors, self.live_server_url, "red-player", viewport=PHONE, touch=True
            )
            page.goto(url)
            whole = _whole_width(page)
            assert _view_width(page) < whole
            assert _box(page, "#labels [data-label]")["height"] >= 10
            # A service run where Playwright's loop is not (see outside_the_event_loop).
            outside_the_event_loop(
                lambda: services.orders_submit(
                    game=game, user=red, orders=["nominate vie", "nominate bud", "nominate tri"]
                )
            )
            # A new tab (no view kept): the three on the list, in the Balkans' north.
            other = page.context.new_page()
            other.goto(url)
            assert _view_width(other) < whole
            for center in ("vie", "bud", "tri"):
                assert _shows(other, f'#centers [data-center="{center}"]'), center
            assert not _shows(other, '#centers [data-center="lon"]')

    def test_a_multiple_void_draft_opens_on_the_players_picks(self) -> None:
        hasher = PBKDF2PasswordHasher()
        hashed = hasher.encode(PASSWORD, hasher.salt())
        red = User.objects.create(username="red-drafter", password=hashed)
        blue = User.objects.create(username="blue-drafter", password=hashed)
        game = services.game_create(
            created_by=red,
            name="Draft on a phone",
            power=None,
            terms=GameTerms(
                variant_id="multiple_void",
                options={"players": 2},
                assignment=Game.Assignment.RANDOM,
            ),
        )
        services.game_join(game=game, user=blue, power=None)
        game.refresh_from_db()
        if game.status == Game.Status.FORMING:
            services.game_start(game=game, by=red)
        on_turn = game.seats.get(power="red").user
        services.orders_submit(game=game, user=on_turn, orders=["A boh B"])
        services.orders_ready(game=game, user=on_turn, ready=True)
        url = f"{self.live_server_url}/games/{game.pk}/"
        with browser_session() as (browser, errors):
            page = signed_in_page(
                browser, errors, self.live_server_url, on_turn.username, viewport=PHONE, touch=True
            )
            page.goto(url)
            assert _view_width(page) < _whole_width(page)
            assert _shows(page, '#units [data-unit="boh"]')
            marker = _box(page, '#units [data-unit="boh"]')
            assert min(marker["width"], marker["height"]) >= 20, marker

    def test_a_retreat_opens_on_the_dislodged_unit_and_where_it_may_go(self) -> None:
        """France's army is dislodged from Burgundy, at the edge of her country: the phone
        opens on it and the places it may retreat to, not on her whole country (where it
        stood cut off at the board's edge)."""
        game = seven_player_game("Retreat on a phone")
        for orders in (RETREAT_SPRING, RETREAT_FALL):
            for power, given in orders.items():
                services.orders_submit(
                    game=game, user=User.objects.get(username=f"{power}-player"), orders=given
                )
            game.refresh_from_db()
            phase = game.current_phase
            assert phase is not None
            assert services.phase_adjudicate(game_id=game.pk, phase_id=phase.pk)
        game.refresh_from_db()
        assert game.current_phase is not None
        assert game.current_phase.code == "F1901R"
        url = f"{self.live_server_url}/games/{game.pk}/"
        with browser_session() as (browser, errors):
            page = signed_in_page(
                browser, errors, self.live_server_url, "france-player", viewport=PHONE, touch=True
            )
            page.goto(url)
            assert _view_width(page) < _whole_width(page)
            dislodged = '#units .dislodged[data-unit="bur"]'
            assert _shows(page, dislodged)
            # Well inside the board, not at its edge.
            board, unit = _box(page, "svg#board"), _box(page, dislodged)
            assert board["x"] + 40 < unit["x"]
            assert unit["x"] + unit["width"] < board["x"] + board["width"] - 40
            # And where it may go (Paris, which France's army left; Picardy; Gascony).
            for place in ("par", "pic", "gas"):
                assert _shows(page, f'#labels [data-label="{place}"]'), place


#: France takes Burgundy in the spring and loses it to Germany's supported attack in the
#: fall: her army there must retreat.
RETREAT_SPRING = {
    "france": ["A par - bur", "A mar S A par - bur"],
    "germany": ["A mun - ruh", "A ber - mun"],
}
RETREAT_FALL = {
    "france": ["A bur H", "A mar - spa"],
    "germany": ["A ruh - bur", "A mun S A ruh - bur"],
}
