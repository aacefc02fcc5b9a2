"""Ordering by touch on a phone (issue 17): a whole spring entered only by taps, with the
order modes under the map (move, support, convoy, hold: no Shift or Alt on a touch
screen), a move to one of Spain's two coasts picked in the small menu (never a browser
prompt), and a winter build's unit kind picked the same way; the buttons are large
enough to tap and the page never scrolls sideways."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page, expect

from games.models import GamePhase, OrderSet
from tests.e2e.base import BrowserTestCase, browser_session, seven_player_game, signed_in_page

PHONE = {"width": 390, "height": 844}


def _saved(page: Page, game: Any, power: str, count: int) -> list[str]:
    """France's saved orders, once ``count`` of them are (the page saves as it goes)."""
    orders: list[str] = []
    for _ in range(60):
        found = OrderSet.objects.filter(phase__game=game, power=power).first()
        orders = list(found.orders) if found is not None else []
        if len(orders) >= count:
            break
        page.wait_for_timeout(100)
    return orders


def _tap_unit(page: Page, location: str) -> None:
    page.locator(f'#units [data-unit="{location}"]').tap()


def _tap_province(page: Page, province: str) -> None:
    page.locator(f'#provinces [data-province="{province}"]').tap(force=True)


class OrderingByTouch(BrowserTestCase):
    def test_a_whole_spring_by_taps_on_a_phone(self) -> None:
        game = seven_player_game("Taps")
        phase = game.phases.get()
        position = dict(phase.position)
        # France with a fleet in the Mid-Atlantic (for Spain's two coasts) and one in the
        # Channel with an army in Brest (for a convoy to London).
        position["units"] = {
            **position["units"],
            "france": ["A par", "A mar", "F mao", "F eng", "A bre"],
        }
        GamePhase.objects.filter(pk=phase.pk).update(position=position)
        url = f"{self.live_server_url}/games/{game.pk}/"
        with browser_session() as (browser, errors):
            page = signed_in_page(
                browser, errors, self.live_server_url, "france-player", viewport=PHONE, touch=True
            )
            page.goto(url)
            modes = page.locator("#order-modes")
            expect(modes).to_be_visible()
            for name in ("move", "hold", "support", "convoy"):
                box = modes.locator(f'[data-mode="{name}"]').bounding_box()
                assert box is not None
                assert box["height"] >= 40, name

            # A move: the unit, then where it goes.
            _tap_unit(page, "par")
            _tap_province(page, "bur")
            expect(page.locator('#order-list li[data-order="A par - bur"]')).to_be_visible()

            # A support: the mode, the supporter, the supported unit, where it goes.
            modes.locator('[data-mode="support"]').tap()
            _tap_unit(page, "mar")
            # Each step says what comes next, under the map where the player looks.
            expect(page.locator("#map-status")).to_contain_text("the unit to support")
            _tap_unit(page, "par")
            _tap_province(page, "bur")
            expect(page.locator('#order-list li[data-order="A mar S A par - bur"]')).to_be_visible()

            # A convoy: the fleet, the army, where the army goes; then the army's move.
            modes.locator('[data-mode="convoy"]').tap()
            _tap_unit(page, "eng")
            _tap_unit(page, "bre")
            _tap_province(page, "lon")
            expect(page.locator('#order-list li[data-order="F eng C A bre - lon"]')).to_be_visible()
            modes.locator('[data-mode="move"]').tap()
            _tap_unit(page, "bre")
            _tap_province(page, "lon")
            expect(page.locator('#order-list li[data-order^="A bre - lon"]')).to_be_visible()

            # A move to one of two coasts: the small menu, not a prompt.
            page.on("dialog", lambda dialog: errors.append(f"a dialog: {dialog.message}"))
            _tap_unit(page, "mao")
            _tap_province(page, "spa")
            chooser = page.locator("#unit-chooser")
            expect(chooser).to_be_visible()
            expect(chooser.locator("button", has_text="Spain (north coast)")).to_be_visible()
            chooser.locator("button", has_text="Spain (south coast)").tap()
            expect(page.locator('#order-list li[data-order="F mao - spa/sc"]')).to_be_visible()
            expect(chooser).to_be_hidden()

            saved = _saved(page, game, "france", 5)
            assert sorted(saved) == sorted(
                [
                    "A par - bur",
                    "A mar S A par - bur",
                    "F eng C A bre - lon",
                    saved[[o.startswith("A bre - lon") for o in saved].index(True)],
                    "F mao - spa/sc",
                ]
            )

            # Hold: one tap on the unit.
            modes.locator('[data-mode="hold"]').tap()
            _tap_unit(page, "par")
            expect(page.locator('#order-list li[data-order="A par H"]')).to_be_visible()
            assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]

    def test_a_build_picks_its_unit_kind_in_the_menu(self) -> None:
        game = seven_player_game("Taps in winter")
        phase = game.phases.get()
        position = dict(phase.position)
        position["phase"] = "W1901A"
        position["units"] = {**position["units"], "france": ["A spa"]}
        position["centers"] = {
            **position["centers"],
            "france": ["bre", "mar", "par", "spa"],
        }
        GamePhase.objects.filter(pk=phase.pk).update(code="W1901A", position=position)
        url = f"{self.live_server_url}/games/{game.pk}/"
        with browser_session() as (browser, errors):
            page = signed_in_page(
                browser, errors, self.live_server_url, "france-player", viewport=PHONE, touch=True
            )
            page.goto(url)
            expect(page.locator("#order-modes")).to_be_hidden()
            # Paris is inland: an army, at once.
            _tap_province(page, "par")
            expect(page.locator('#order-list li[data-order="A par B"]')).to_be_visible()
            # Brest: an army or a fleet, from the menu.
            _tap_province(page, "bre")
            chooser = page.locator("#unit-chooser")
            expect(chooser.locator("button", has_text="Army in Brest")).to_be_visible()
            chooser.locator("button", has_text="Fleet in Brest").tap()
            expect(page.locator('#order-list li[data-order="F bre B"]')).to_be_visible()
            assert sorted(_saved(page, game, "france", 2)) == ["A par B", "F bre B"]
