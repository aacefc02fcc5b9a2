"""In a real browser (Debian's chromium, driven by Playwright): log in, click an order
onto the map, mark ready, and see the adjudicated map arrive without a reload."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page, expect, sync_playwright

from tests.e2e.base import (
    CHROMIUM,
    CHROMIUM_ARGS,
    PASSWORD,
    POWERS,
    BrowserTestCase,
    browser_session,
    outside_the_event_loop,
    seven_player_game,
    signed_in_page,
    watch_errors,
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
            watch_errors(page, errors)
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

    def test_the_ready_button_names_the_phase_on_screen_and_a_stale_one_is_refused(
        self,
    ) -> None:
        """Issue 41, L2: the ready mark names the phase the page shows, the new one after a
        live refresh; a page that missed the next phase is told so, and its mark never
        completes the phase it did not see."""
        from datetime import timedelta

        from django.contrib.auth.models import User
        from django.utils import timezone

        from games import services
        from games.models import GamePhase, OrderSet

        game = self.game
        page_url = f"{self.live_server_url}/games/{game.pk}/"
        marks: list[Any] = []
        with browser_session() as (browser, errors):
            page = signed_in_page(browser, errors, self.live_server_url, "france-player")
            page.on(
                "request",
                lambda r: (
                    marks.append(r.post_data_json)
                    if r.method == "POST" and r.url.endswith(f"/games/{game.pk}/ready/")
                    else None
                ),
            )
            page.goto(page_url)
            page.click("#ready-button")
            # France was the last to be ready: Fall 1901 arrives over the socket.
            expect(page.locator("#panel h2").first).to_have_text(
                "Fall 1901 movement", timeout=15000
            )

            # The page stops hearing of the game (its refreshes fail) while Fall's deadline
            # passes, Spring 1902 opens and the six others are ready in it.
            def the_page(url: str) -> bool:
                return url == page_url

            page.route(the_page, lambda route: route.abort())

            def the_game_moves_on() -> None:
                fall = game.phases.get(index=1)
                past = timezone.now() - timedelta(minutes=1)
                GamePhase.objects.filter(pk=fall.pk).update(deadline=past)
                assert services.phase_adjudicate(game_id=game.pk, phase_id=fall.pk)
                for power in POWERS:
                    if power != "france":
                        user = User.objects.get(username=f"{power}-player")
                        services.orders_ready(game=game, user=user, ready=True, phase=2)

            outside_the_event_loop(the_game_moves_on)
            page.click("#ready-button")
            expect(page.locator("#order-error")).to_have_text(
                "Fall 1901 movement is over: you are now in Spring 1902 movement. "
                "Look at the new phase before you mark ready."
            )
            spring = GamePhase.objects.get(game=game, index=2)
            assert spring.status == GamePhase.Status.OPEN
            assert not OrderSet.objects.filter(phase=spring, power="france", ready=True).exists()
            # Back in touch, the page shows Spring 1902, and its mark is for Spring 1902.
            page.unroute(the_page)
            page.reload()
            expect(page.locator("#panel h2").first).to_have_text("Spring 1902 movement")
            page.click("#ready-button")
            expect(page.locator("#panel h2").first).to_have_text(
                "Fall 1902 movement", timeout=15000
            )
        assert marks == [
            {"ready": True, "phase": 0},
            {"ready": True, "phase": 1},
            {"ready": True, "phase": 2},
        ]
