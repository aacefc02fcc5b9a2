"""Press in a real browser (Debian's chromium, driven by Playwright): England and France
exchange a private message, each seeing the other's arrive without a reload (with an
unread marker), while Germany's page never shows it."""

from __future__ import annotations

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

SECRET = "Let us take Belgium together"
ANSWER = "Agreed: I move to Burgundy"


class PressInTheBrowser(BrowserTestCase):
    def setUp(self) -> None:
        self.game = seven_player_game("Press game")

    def _open(self, browser: Browser, power: str, errors: list[Any]) -> Page:
        page = browser.new_context(viewport={"width": 1400, "height": 1200}).new_page()
        watch_errors(page, errors)
        page.goto(f"{self.live_server_url}/accounts/login/")
        page.fill("#id_username", f"{power}-player")
        page.fill("#id_password", PASSWORD)
        page.click("form.stacked button[type=submit]")
        page.goto(f"{self.live_server_url}/games/{self.game.pk}/")
        expect(page.locator('#press-conversations [data-conversation="all"]')).to_have_count(1)
        page.evaluate("window.__noReload = true")  # a reload would wipe this out
        return page

    def test_two_players_exchange_a_private_message_and_a_third_does_not_see_it(self) -> None:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            errors: list[Any] = []
            try:
                england = self._open(browser, "england", errors)
                france = self._open(browser, "france", errors)
                germany = self._open(browser, "germany", errors)
                self._exchange(england, france, germany)
            finally:
                browser.close()
            assert errors == []

    def _exchange(self, england: Page, france: Page, germany: Page) -> None:
        # England writes to France alone.
        england.check('#press-powers input[value="france"]')
        england.fill("#press-body", SECRET)
        england.click("#press-send")
        expect(england.locator("#press-messages")).to_contain_text(SECRET)
        expect(england.locator("#press-title")).to_have_text("France")

        # France hears of it without a reload: an unread marker on the conversation.
        conversation = france.locator('#press-conversations [data-conversation="england+france"]')
        expect(conversation.locator(".unread-count")).to_have_text("1", timeout=10000)
        conversation.locator("button").click()
        expect(france.locator("#press-messages")).to_contain_text(SECRET)
        expect(france.locator("#press-messages .press-phase-heading")).to_have_text(
            "Spring 1901 movement"
        )
        expect(conversation.locator(".unread-count")).to_have_count(0)
        # Opening the conversation addressed the answer to England.
        expect(france.locator('#press-powers input[value="england"]')).to_be_checked()
        france.fill("#press-body", ANSWER)
        france.click("#press-send")
        expect(france.locator("#press-messages")).to_contain_text(ANSWER)

        # England, still in the conversation, sees the answer arrive.
        expect(england.locator("#press-messages")).to_contain_text(ANSWER, timeout=10000)

        # Germany's page never shows it: not live, and not after a fresh load either.
        germany.wait_for_timeout(1000)
        assert SECRET not in germany.content()
        assert ANSWER not in germany.content()
        expect(germany.locator("#press-conversations li")).to_have_count(1)
        for page in (england, france, germany):
            assert page.evaluate("window.__noReload") is True
        germany.reload()
        expect(germany.locator('#press-conversations [data-conversation="all"]')).to_have_count(1)
        expect(germany.locator("#press-messages")).not_to_contain_text(SECRET)
        assert ANSWER not in germany.content()
