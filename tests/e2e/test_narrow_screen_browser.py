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
