"""In a real browser: the duel page's replay, one set of controls stepping both boards of a
Highlander duel together. A board with no phase of its own at a step (board B plays no
retreats) stands as after its last, said beside it; the address names the step; the open
step is the boards as they stand, nobody's unsent orders on them; on a phone the boards
are stacked and the controls stay in view."""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qs, urlparse

from django.urls import reverse
from playwright.sync_api import Page, expect

from games import services
from tests.e2e.base import PASSWORD, BrowserTestCase, browser_session, signed_in_page, watch_errors
from tests.games.helpers import duel_stepped

PHONE = {"width": 390, "height": 844}
#: Red's order for the open Fall 1902, saved: red's alone to see.
SECRET = "A mos - lvn"


def players() -> tuple[Any, Any]:
    """red-player and blue-player, with :data:`PASSWORD`, hashed as the live server
    hashes it."""
    from django.contrib.auth.hashers import PBKDF2PasswordHasher
    from django.contrib.auth.models import User

    hasher = PBKDF2PasswordHasher()
    return tuple(  # type: ignore[return-value]
        User.objects.create(username=name, password=hasher.encode(PASSWORD, hasher.salt()))
        for name in ("red-player", "blue-player")
    )


def phase_in_address(page: Page) -> str | None:
    values = parse_qs(urlparse(page.url).query).get("phase")
    return values[0] if values else None


def board(page: Page, label: str) -> Any:
    return page.locator(f"#duel-board-{label}")


def drawn(page: Page, label: str, order: str) -> Any:
    return board(page, label).locator(f'svg .orders [data-order="{order}"]')


def note(page: Page, label: str) -> Any:
    return board(page, label).locator("[data-replay-note]")


class DuelReplayCase(BrowserTestCase):
    """One test a class (see test_replay_browser.py)."""

    def setUp(self) -> None:
        red, blue = players()
        self.a, self.b = duel_stepped(red, blue)
        services.orders_submit(game=self.a, user=red, orders=[SECRET])
        self.url = f"{self.live_server_url}{reverse('tournaments:duel', args=[self.a.link_id])}"


class SteppingBothBoards(DuelReplayCase):
    def test_keys_and_buttons_step_both_boards_together(self) -> None:
        with browser_session() as (browser, errors):
            page = signed_in_page(browser, errors, self.live_server_url, "blue-player")
            page.goto(self.url)
            expect(page.locator("#replay")).to_be_visible()
            assert phase_in_address(page) is None

            page.keyboard.press("Home")
            expect(page.locator("#replay-phase")).to_have_text("Fall 1901 movement")
            expect(page.locator("#replay-step")).to_have_text("· results")
            assert phase_in_address(page) == "0"
            # Both boards' own movement: red takes Moscow on A; on B (inverted) all hold.
            expect(drawn(page, "A", "A war - mos")).to_have_class("order move power-red")
            expect(drawn(page, "A", "A mos H")).to_have_class("order hold power-blue failed")
            expect(board(page, "A").locator('.units .dislodged[data-unit="mos"]')).to_have_count(1)
            expect(drawn(page, "B", "A war H")).to_have_class("order hold power-blue")
            expect(note(page, "A")).to_have_text("Fall 1901 movement")
            expect(note(page, "B")).to_have_text("Fall 1901 movement")
            expect(board(page, "A").locator("[data-replay-results]")).to_contain_text("Moscow")

            page.keyboard.press("ArrowRight")
            expect(page.locator("#replay-phase")).to_have_text("Fall 1901 retreats")
            assert phase_in_address(page) == "1"
            expect(drawn(page, "A", "A mos R lvn")).to_have_class("order retreat power-blue")
            # Board B had no retreats: it stands as after its movement, said so, no orders.
            expect(note(page, "B")).to_have_text(
                "No Fall 1901 retreats on this board: it stands as after Fall 1901 movement."
            )
            expect(board(page, "B").locator("svg .orders > *")).to_have_count(0)
            expect(board(page, "B").locator("svg .units .unit")).to_have_count(4)
            expect(board(page, "B").locator("[data-replay-results] li")).to_have_count(0)

            page.click("#replay [data-replay='forward']")
            expect(page.locator("#replay-phase")).to_have_text("Winter 1901 adjustments")
            assert phase_in_address(page) == "2"
            expect(drawn(page, "A", "A war B")).to_have_count(1)
            expect(note(page, "B")).to_contain_text("No Winter 1901 adjustments on this board")
            # The page follows once the replay rests: the step named, each board's counts.
            expect(page.locator(".duel-step-shown")).to_contain_text("Winter 1901 adjustments")

            page.click("#replay [data-replay='back']")
            expect(page.locator("#replay-phase")).to_have_text("Fall 1901 retreats")
            assert phase_in_address(page) == "1"

            # The address, shared: that step on opening it.
            other = signed_in_page(browser, errors, self.live_server_url, "red-player")
            other.goto(page.url)
            expect(other.locator(".duel-step-shown")).to_contain_text("Fall 1901 retreats")
            expect(drawn(other, "A", "A mos R lvn")).to_have_count(1)
            expect(note(other, "B")).to_contain_text("No Fall 1901 retreats on this board")

            # End: the boards as they stand, without red's order for the open phase.
            page.keyboard.press("End")
            expect(page.locator("#replay-step")).to_have_text("")
            expect(page.locator(".duel-step-shown")).to_have_count(0)
            assert phase_in_address(page) is None
            expect(note(page, "A")).to_contain_text("Fall 1902 movement")
            expect(page.locator("svg .orders > *")).to_have_count(0)
            assert SECRET not in page.content()

            # Played from the first step, very fast: it walks to the open step and stops.
            page.select_option("#replay-speed", "4")
            page.click("#replay [data-replay='first']")
            expect(page.locator("#replay-phase")).to_have_text("Fall 1901 movement")
            seen: list[str] = []
            page.on("request", lambda r: seen.append(r.url) if "words=true" in r.url else None)
            page.click("#replay [data-replay='play']")
            expect(page.locator("#replay .replay-play .label")).to_have_text("Pause")
            expect(page.locator("#replay-phase")).to_have_text("Fall 1901 retreats")
            expect(page.locator("#replay .replay-play .label")).to_have_text(
                "Replay", timeout=20000
            )
            assert phase_in_address(page) is None
            expect(page.locator("#replay-step")).to_have_text("")
            # Each board's phases were read before: none read again, the open ones never.
            assert seen == [], seen


class OnAPhone(DuelReplayCase):
    def test_the_boards_are_stacked_and_the_controls_fit(self) -> None:
        with browser_session() as (browser, errors):
            page = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True).new_page()
            watch_errors(page, errors)
            page.goto(f"{self.url}?phase=1")
            expect(page.locator("#replay")).to_be_visible()
            a = board(page, "A").bounding_box()
            b = board(page, "B").bounding_box()
            assert a is not None
            assert b is not None
            assert b["y"] >= a["y"] + a["height"]
            width = page.evaluate("window.innerWidth")
            for box in page.locator("#replay button, #replay select").all():
                bounds = box.bounding_box()
                assert bounds is not None
                assert bounds["x"] >= 0
                assert bounds["x"] + bounds["width"] <= width
                assert bounds["height"] >= 40
            scroll = page.evaluate(
                "Math.max(document.documentElement.scrollWidth, document.body.scrollWidth)"
                " - window.innerWidth"
            )
            assert scroll <= 0
            # Scrolled down to board B, the controls are still at hand.
            board(page, "B").scroll_into_view_if_needed()
            page.click("#replay [data-replay='forward']")
            expect(page.locator("#replay-phase")).to_have_text("Winter 1901 adjustments")
            expect(note(page, "B")).to_contain_text("No Winter 1901 adjustments on this board")
            controls = page.locator("#replay").bounding_box()
            assert controls is not None
            assert controls["y"] >= 0


class EachBoardIsTheServersDrawing(DuelReplayCase):
    """What each board of the duel's replay shows at a step is exactly what the server
    draws of that board's phase for the viewer, on a desktop and on a phone."""

    def test_both_boards_show_the_servers_pieces_at_desktop_and_phone_widths(self) -> None:
        from tests.e2e.test_board_browser import shows_the_servers_step

        with browser_session() as (browser, errors):
            for viewport in ({"width": 1400, "height": 1000}, PHONE):
                page = signed_in_page(
                    browser, errors, self.live_server_url, "blue-player", viewport=viewport
                )
                page.goto(self.url)
                expect(page.locator("#replay")).to_be_visible()
                page.keyboard.press("Home")
                expect(page.locator("#replay-step")).to_have_text("· results")
                for label, game in (("A", self.a), ("B", self.b)):
                    order = "A war - mos" if label == "A" else "A war H"
                    expect(drawn(page, label, order)).to_have_count(1)
                    url = board(page, label).get_attribute("data-board-url")
                    assert url is not None
                    phase = game.phases.order_by("index").first()
                    assert phase is not None
                    shows_the_servers_step(
                        page,
                        f"#duel-board-{label} svg.board",
                        f"{self.live_server_url}{url}",
                        phase.index,
                        "results",
                    )
                page.context.close()
            # The replay puts in what the board's address sent: a made-up mark in it shows.
            page = signed_in_page(browser, errors, self.live_server_url, "blue-player")
            page.route("**/games/*/board/?*", _with_a_comet)
            page.goto(self.url)
            expect(page.locator("#replay")).to_be_visible()
            page.keyboard.press("Home")
            expect(page.locator("#replay-step")).to_have_text("· results")
            expect(page.locator('svg.board [data-order="A xyz - zyx"]')).to_have_count(2)


def _with_a_comet(route: Any) -> None:
    """Each board's pieces as the server sent them, with a made-up order drawn in."""
    response = route.fetch()
    body = response.json()
    for step in body["steps"].values():
        step["orders"] += (
            '<line class="order move" data-order="A xyz - zyx" x1="1" y1="1" x2="9" y2="9"/>'
        )
    route.fulfill(response=response, json=body)
