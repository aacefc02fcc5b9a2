"""Pages on a phone (390 px wide) and on a desktop, in a real browser: nothing a player
writes (a press message of 5,000 letters without a space, a long game name) makes a page
wider than the screen, and the game page, the lobby and the new-game form fit a phone."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import User
from playwright.sync_api import Browser, Page, expect

from tests.e2e.base import BrowserTestCase, browser_session, seven_player_game, signed_in_page

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}
#: A press message as long as press allows, without a single place to break it.
UNBROKEN = "A" * 5000
#: A game name as long as the form allows, without a space.
LONG_NAME = "Fleet" * 20
#: A user name as long as the site allows (the header names it, and the seats list).
LONG_USER = "france" + "x" * 144


def overflow(page: Page) -> int:
    """How many pixels the page is wider than its window (0: it fits)."""
    width: int = page.evaluate(
        "Math.max(document.documentElement.scrollWidth, document.body.scrollWidth)"
        " - window.innerWidth"
    )
    return max(width, 0)


class TheHeaderOnAPhone(BrowserTestCase):
    """On a phone the site's links fold under one button, so the board starts near the
    top; a desktop shows them all, and the unread count is on the button either way."""

    def test_the_links_fold_under_a_menu_button_on_a_phone_only(self) -> None:
        game = seven_player_game("Header game")
        with browser_session() as (browser, errors):
            page = signed_in_page(
                browser, errors, self.live_server_url, "france-player", viewport=PHONE
            )
            page.goto(f"{self.live_server_url}/games/{game.pk}/")
            header = page.locator("header.top")
            button = header.get_by_role("button", name="Menu")
            expect(button).to_be_visible()
            expect(button).to_have_attribute("aria-expanded", "false")
            expect(header.get_by_role("link", name="Lobby")).to_be_hidden()
            box = header.bounding_box()
            assert box is not None
            assert box["height"] <= 60, box
            board = page.locator("#board").bounding_box()
            assert board is not None
            assert board["y"] <= 80, board
            button.click()
            expect(button).to_have_attribute("aria-expanded", "true")
            for name in ("Lobby", "Variants", "Tournaments", "Sandbox", "New game"):
                link = header.get_by_role("link", name=name)
                expect(link).to_be_visible()
                tap = link.bounding_box()
                assert tap is not None
                assert tap["height"] >= 40, (name, tap)
            assert overflow(page) == 0
            page.keyboard.press("Escape")
            expect(header.get_by_role("link", name="Lobby")).to_be_hidden()
            expect(button).to_be_focused()

            desktop = signed_in_page(
                browser, errors, self.live_server_url, "france-player", viewport=DESKTOP
            )
            desktop.goto(f"{self.live_server_url}/games/{game.pk}/")
            expect(desktop.locator("header.top .menu-toggle")).to_be_hidden()
            expect(desktop.locator("header.top").get_by_role("link", name="Lobby")).to_be_visible()


class PagesOnAPhone(BrowserTestCase):
    def _page(
        self, browser: Browser, errors: list[Any], username: str, viewport: dict[str, int]
    ) -> Page:
        return signed_in_page(browser, errors, self.live_server_url, username, viewport=viewport)

    def test_a_long_unbroken_press_message_does_not_widen_the_game_page(self) -> None:
        game = seven_player_game("Press game")
        with browser_session() as (browser, errors):
            page = self._page(browser, errors, "france-player", PHONE)
            page.goto(f"{self.live_server_url}/games/{game.pk}/")
            page.fill("#press-body", UNBROKEN)
            page.click("#press-send")
            expect(page.locator("#press-messages .press-text")).to_have_text(UNBROKEN)
            assert overflow(page) == 0
            # Every reader's page, on a desktop too.
            page = self._page(browser, errors, "england-player", DESKTOP)
            page.goto(f"{self.live_server_url}/games/{game.pk}/")
            expect(page.locator("#press-messages .press-text")).to_have_text(UNBROKEN)
            assert overflow(page) == 0

    def test_long_names_do_not_widen_the_game_page_or_the_lobby(self) -> None:
        game = seven_player_game(LONG_NAME)
        User.objects.filter(username="france-player").update(username=LONG_USER)
        with browser_session() as (browser, errors):
            page = self._page(browser, errors, LONG_USER, PHONE)
            page.goto(f"{self.live_server_url}/games/{game.pk}/")
            expect(page.locator("#panel h1")).to_have_text(LONG_NAME)
            expect(page.locator(".seats")).to_contain_text(LONG_USER)
            expect(page.locator("#press-conversations li")).to_have_count(1)
            assert overflow(page) == 0
            page.goto(f"{self.live_server_url}/?show=running")
            expect(page.locator("table.games")).to_contain_text(LONG_NAME)
            assert overflow(page) == 0

    def test_the_new_game_form_fits_a_phone(self) -> None:
        seven_player_game("Any game")
        with browser_session() as (browser, errors):
            page = self._page(browser, errors, "france-player", PHONE)
            page.goto(f"{self.live_server_url}/games/new/")
            expect(page.locator("#create-game")).to_be_visible()
            assert overflow(page) == 0
