"""In a real browser (Debian's chromium, driven by Playwright): log in, click an order
onto the map, mark ready, and see the adjudicated map arrive without a reload."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page, expect, sync_playwright

from tests.e2e.base import (
    CHROMIUM,
    CHROMIUM_ARGS,
    PASSWORD,
    BrowserTestCase,
    seven_player_game,
)


class PlayInTheBrowser(BrowserTestCase):
    #: The live server process adjudicates in place of a worker once everyone is ready.
    eager_tasks = True

    def setUp(self) -> None:
        self.game = seven_player_game("Browser game", all_ready_but_france=True)

    def test_click_an_order_mark_ready_and_watch_the_phase_arrive(self) -> None:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            page = browser.new_page(viewport={"width": 1400, "height": 1000})
            errors: list[Any] = []
            page.on("pageerror", lambda error: errors.append(error))
            try:
                self._play(page)
            finally:
                browser.close()
            assert errors == []

    def _play(self, page: Page) -> None:
        page.goto(f"{self.live_server_url}/accounts/login/")
        page.fill("#id_username", "france-player")
        page.fill("#id_password", PASSWORD)
        page.click("form.stacked button[type=submit]")
        page.goto(f"{self.live_server_url}/games/{self.game.pk}/")
        expect(page.locator("#panel h2").first).to_have_text("Spring 1901 movement")
        # A marker that a reload would wipe out.
        page.evaluate("window.__noReload = true")
        page.click('#units [data-unit="par"]')
        page.click('#provinces [data-province="bur"]')
        expect(page.locator("#order-list")).to_contain_text("A par - bur")
        page.click("#ready-button")
        # France was the last to be ready: the phase is adjudicated and the page follows.
        expect(page.locator("#panel h2").first).to_have_text("Fall 1901 movement", timeout=15000)
        expect(page.locator('#units [data-unit="bur"]')).to_have_count(1)
        assert page.evaluate("window.__noReload") is True
