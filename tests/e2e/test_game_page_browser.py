"""In a real browser: the game page's map downloads always name the phase on screen (after
a live phase change, and in the history), an error does not outlive its phase, and a
refused map click says why."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from playwright.sync_api import Browser, Page, expect, sync_playwright

from tests.e2e.base import (
    CHROMIUM,
    CHROMIUM_ARGS,
    PASSWORD,
    BrowserTestCase,
    seven_player_game,
    watch_errors,
)


class GamePageInTheBrowser(BrowserTestCase):
    #: The live server process adjudicates in place of a worker once everyone is ready.
    eager_tasks = True

    def setUp(self) -> None:
        self.game = seven_player_game("Page game", all_ready_but_france=True)

    @contextmanager
    def _browser(self) -> Iterator[tuple[Browser, list[Any]]]:
        errors: list[Any] = []
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            try:
                yield browser, errors
            finally:
                browser.close()
        assert errors == []

    def _page(self, browser: Browser, errors: list[Any], username: str) -> Page:
        page = browser.new_context(viewport={"width": 1400, "height": 1000}).new_page()
        watch_errors(page, errors)
        page.goto(f"{self.live_server_url}/accounts/login/")
        page.fill("#id_username", username)
        page.fill("#id_password", PASSWORD)
        page.click("form.stacked button[type=submit]")
        page.goto(f"{self.live_server_url}/games/{self.game.pk}/")
        # A marker that a reload would wipe out.
        page.evaluate("window.__noReload = true")
        return page

    def _expect_downloads_of(self, page: Page, index: int, name: str) -> None:
        base = f"/games/{self.game.pk}/phase/{index}/map"
        pictures = page.locator("#pictures")
        expect(pictures).to_contain_text(f"Map of {name}:")
        expect(pictures.locator("a", has_text="SVG")).to_have_attribute("href", f"{base}.svg")
        expect(pictures.locator("a", has_text="PNG")).to_have_attribute("href", f"{base}.png")

    def test_downloads_and_errors_follow_the_phase_on_screen(self) -> None:
        with self._browser() as (browser, errors):
            france = self._page(browser, errors, "france-player")
            watcher = self._page(browser, errors, "germany-player")
            self._expect_downloads_of(france, 0, "Spring 1901 movement")
            self._expect_downloads_of(watcher, 0, "Spring 1901 movement")

            # A refused click says why, in the typed check's words.
            france.click('#units [data-unit="par"]')
            france.click('#provinces [data-province="mos"]')
            expect(france.locator("#order-error")).to_contain_text("not adjacent")

            # An error, and at once the phase moves on (France was the last to be ready).
            france.fill("#order-input", "A par - mun")
            france.press("#order-input", "Enter")
            expect(france.locator("#order-error")).to_contain_text("not adjacent")
            france.click("#ready-button")
            expect(france.locator("#panel h2").first).to_have_text(
                "Fall 1901 movement", timeout=15000
            )
            expect(france.locator("#order-error")).to_have_text("")
            self._expect_downloads_of(france, 1, "Fall 1901 movement")
            # The other player's page learns of the new phase over its socket.
            expect(watcher.locator("#panel h2").first).to_have_text(
                "Fall 1901 movement", timeout=15000
            )
            self._expect_downloads_of(watcher, 1, "Fall 1901 movement")

            # An earlier phase picked in the history: its downloads, and no old error.
            # Typed key by key, as a player types: the page may still be refreshing after
            # the new phase, and a refresh keeps what is typed in the focused field
            # (fill() would set the value of a field the refresh has just replaced).
            france.locator("#order-input").press_sequentially("A par - mun")
            france.press("#order-input", "Enter")
            expect(france.locator("#order-error")).to_contain_text("not adjacent")
            france.select_option("#phase-select", "0")
            expect(france.locator("#panel h2").first).to_have_text("Spring 1901 movement")
            self._expect_downloads_of(france, 0, "Spring 1901 movement")
            france.select_option("#phase-select", "1")
            expect(france.locator("#panel h2").first).to_have_text("Fall 1901 movement")
            self._expect_downloads_of(france, 1, "Fall 1901 movement")
            expect(france.locator("#order-error")).to_have_text("")
            assert france.evaluate("window.__noReload") is True
            assert watcher.evaluate("window.__noReload") is True

    def test_a_live_refresh_keeps_the_player_in_the_order_field(self) -> None:
        with self._browser() as (browser, errors):
            france = self._page(browser, errors, "france-player")
            germany = self._page(browser, errors, "germany-player")
            # France clicks into the field, about to type; nothing is typed yet.
            france.focus("#order-input")
            france.evaluate("document.getElementById('panel').dataset.before = 'refresh'")
            # Germany takes back its ready mark: France's page is fetched again live.
            germany.click("#ready-button")
            expect(france.locator("#panel[data-before]")).to_have_count(0)
            assert france.evaluate("document.activeElement.id") == "order-input"
            # What France types now lands in the field, and is checked.
            france.keyboard.type("A par - mun")
            france.keyboard.press("Enter")
            expect(france.locator("#order-error")).to_contain_text("not adjacent")

    def test_the_words_under_the_map_do_not_outlive_their_phase(self) -> None:
        with self._browser() as (browser, errors):
            france = self._page(browser, errors, "france-player")
            france.fill("#order-input", "A par - mun")
            france.press("#order-input", "Enter")
            expect(france.locator("#map-status")).to_contain_text("not adjacent")
            france.click("#ready-button")
            expect(france.locator("#panel h2").first).to_have_text("Fall 1901 movement")
            expect(france.locator("#order-error")).to_have_text("")
            expect(france.locator("#map-status")).to_have_text("")
