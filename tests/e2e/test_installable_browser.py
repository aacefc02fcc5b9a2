"""The site as an installable app, in a real browser (issue 37): every page links the
manifest and registers the service worker for the whole site; a game page the player
opened is kept on the device and, offline, is shown as he last saw it, read-only and
saying so; any other address offline is the offline page, which lists the games kept;
and what was kept for one person is gone once another signs in on the device."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.e2e.base import BrowserTestCase, browser_session, seven_player_game, signed_in_page

KEPT = (
    "() => caches.open('pages').then((c) => c.keys())"
    ".then((k) => k.map((r) => new URL(r.url).pathname))"
)
MANIFEST = "() => fetch(document.querySelector('link[rel=manifest]').href).then((r) => r.json())"


def worker_ready(page: Page) -> dict[str, str]:
    """The page's service worker, once it controls the page: its scope and script."""
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    found: dict[str, str] = page.evaluate(
        """() => navigator.serviceWorker.ready.then((r) => ({
            scope: r.scope, script: r.active.scriptURL }))"""
    )
    return found


class TheSiteAsAnApp(BrowserTestCase):
    def test_a_game_page_is_kept_and_read_offline(self) -> None:
        game = seven_player_game("Kept game")
        url = f"{self.live_server_url}/games/{game.pk}/"
        with browser_session() as (browser, errors):
            page = signed_in_page(
                browser, errors, self.live_server_url, "france-player", service_workers="allow"
            )
            page.goto(f"{self.live_server_url}/")
            manifest = page.evaluate(MANIFEST)
            assert manifest["start_url"] == "/"
            assert manifest["display"] == "standalone"
            worker = worker_ready(page)
            assert worker == {
                "scope": f"{self.live_server_url}/",
                "script": f"{self.live_server_url}/sw.js",
            }

            page.goto(url)
            expect(page.locator("#ready-button")).to_be_enabled()
            page.wait_for_function(f"() => ({KEPT})().then((k) => k.includes('/games/{game.pk}/'))")

            page.context.set_offline(True)
            page.goto(url)
            note = page.locator("#offline-note")
            expect(note).to_be_visible()
            expect(note).to_contain_text("You are offline.")
            expect(note.locator("[data-kept]")).not_to_have_text("")
            expect(page.locator("#panel h1")).to_have_text("Kept game")
            for form in ("#ready-form", "#order-form"):
                expect(page.locator(form)).to_have_js_property("inert", True)

            page.goto(f"{self.live_server_url}/tournaments/")
            expect(page.locator("h1")).to_have_text("You are offline")
            kept = page.locator("#kept-games a")
            expect(kept).to_have_count(1)
            expect(kept).to_have_attribute("href", f"/games/{game.pk}/")
            expect(kept).to_have_text("Kept game")
            # The offline page names nobody: it was fetched signed out.
            expect(page.locator("header.top")).not_to_contain_text("france-player")

            # Back online, the page is live again; once France signs out, nothing of his
            # is kept for whoever uses the device next. (That a kept page reloads by itself
            # when the browser says "online" is not tested here: Chrome takes the page and
            # its service worker back online one after the other, and the reload may reach
            # a worker still offline, which serves the kept page again.)
            page.context.set_offline(False)
            page.goto(url)
            expect(page.locator("#offline-note")).to_be_hidden()
            expect(page.locator("#ready-button")).to_be_enabled()
            expect(page.locator("#ready-form")).to_have_js_property("inert", False)
            page.get_by_role("button", name="Log out").click()
            page.wait_for_url(lambda address: "/games/" not in address)
            page.wait_for_function(f"() => ({KEPT})().then((k) => k.length === 0)")
