"""In a real browser: the game page's votes. A vote cast on the page shows as the voter's
alone, the others' open pages learn live that a pause was proposed (never by whom), the
last vote pauses the game for everyone, and a concession asks for its box to be ticked
before anything is sent. Screenshots of the votes at desktop and phone widths go to
tests/e2e/screenshots/ for a person to look at."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from playwright.sync_api import expect

from tests.e2e.base import (
    BrowserTestCase,
    browser_session,
    outside_the_event_loop,
    seven_player_game,
    seven_players,
    signed_in_page,
)

DESKTOP = {"width": 1400, "height": 1000}
PHONE = {"width": 390, "height": 844}
SCREENSHOTS = Path(__file__).resolve().parent / "screenshots"


class VotesInTheBrowser(BrowserTestCase):
    def test_a_pause_proposed_agreed_and_seen_live(self) -> None:
        from games import services
        from games.models import Game

        game = seven_player_game("Vote game")
        users = {s.power: s.user for s in game.seats.select_related("user")}
        url = f"{self.live_server_url}/games/{game.pk}/"
        SCREENSHOTS.mkdir(exist_ok=True)
        with browser_session() as (browser, errors):
            italy = signed_in_page(browser, errors, self.live_server_url, "italy-player")
            england = signed_in_page(browser, errors, self.live_server_url, "england-player")
            for page in (italy, england):
                page.goto(url)
                page.evaluate("window.__noReload = true")
            votes = italy.locator("#votes")
            expect(votes).to_contain_text("Vote to pause the game")
            italy.click("#vote-pause button[type=submit]")
            expect(italy.locator("#vote-pause")).to_contain_text("You voted to pause the game.")
            # Sent through the API, the panel fetched again: the page was not reloaded.
            assert italy.evaluate("window.__noReload") is True
            italy.wait_for_timeout(500)  # the socket's own refresh may replace the panel too
            italy.locator("#votes").evaluate("votes => votes.scrollIntoView()")
            italy.screenshot(path=str(SCREENSHOTS / "votes-desktop.png"), full_page=False)
            # England's page hears of the proposal live, and never from whom.
            expect(england.locator("#panel")).to_contain_text(
                "A pause has been proposed in this phase.", timeout=15000
            )
            expect(england.locator("#vote-pause")).not_to_contain_text("You voted")
            assert england.evaluate("window.__noReload") is True

            def the_others_agree() -> None:
                for power, user in users.items():
                    if power not in ("italy", "england"):
                        services.vote_cast(game=game, user=user, kind="pause", accept=True)

            outside_the_event_loop(the_others_agree)
            england.click("#vote-pause button[type=submit]")
            for page in (england, italy):
                expect(page.locator("#pause-banner")).to_contain_text(
                    "The players agreed to pause it", timeout=15000
                )
                expect(page.locator("#vote-resume")).to_contain_text("Vote to resume the game")
            expect(italy.locator("#panel")).to_contain_text(
                "All survivors agreed to pause the game."
            )
            assert Game.objects.get(pk=game.pk).is_paused

            phone = signed_in_page(
                browser, errors, self.live_server_url, "italy-player", viewport=PHONE
            )
            phone.goto(url)
            phone.locator("#votes").scroll_into_view_if_needed()
            phone.screenshot(path=str(SCREENSHOTS / "votes-phone.png"), full_page=False)

    def test_a_concession_needs_its_box_ticked(self) -> None:
        from games import services
        from games.models import Game
        from games.terms import GameTerms

        users = seven_players()
        game = services.game_create(
            created_by=users["austria"],
            name="Highland",
            power="red",
            terms=GameTerms(variant_id="highlander", assignment=Game.Assignment.CHOSEN),
        )
        services.game_join(game=game, user=users["england"], power="blue")
        url = f"{self.live_server_url}/games/{game.pk}/"
        with browser_session() as (browser, errors):
            red = signed_in_page(browser, errors, self.live_server_url, "austria-player")
            red.goto(url)
            red.evaluate("window.__noReload = true")
            concede = red.locator("#vote-concede")
            expect(concede).to_contain_text("This cannot be undone.")
            concede.scroll_into_view_if_needed()
            red.screenshot(path=str(SCREENSHOTS / "votes-concede-desktop.png"))
            # Not ticked: the browser keeps the form (nothing is sent).
            concede.locator("button[type=submit]").click()
            checkbox: Any = concede.locator("input[name=confirm]")
            assert checkbox.evaluate("box => !box.validity.valid")
            assert Game.objects.get(pk=game.pk).status == Game.Status.ACTIVE
            checkbox.check()
            concede.locator("button[type=submit]").click()
            expect(red.locator("#panel")).to_contain_text("Red conceded: Blue wins.")
            expect(red.locator("#panel .sub")).to_contain_text("Blue wins")
            assert red.evaluate("window.__noReload") is True
            assert Game.objects.get(pk=game.pk).winner == "blue"
