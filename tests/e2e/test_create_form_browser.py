"""The new-game form in a real browser: the power choice follows the variant chosen (its
own powers only, each once), and a variant whose powers are drawn by lot offers no
choosing of powers."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from games.models import Game
from tests.e2e.base import BrowserTestCase, browser_session, seven_players, signed_in_page


def power_labels(page: Page) -> list[str]:
    labels: list[str] = page.locator("#id_power option").all_inner_texts()
    return labels


class NewGameFormInTheBrowser(BrowserTestCase):
    def test_the_power_choice_follows_the_variant(self) -> None:
        seven_players()
        with browser_session() as (browser, errors):
            page = signed_in_page(browser, errors, self.live_server_url, "austria-player")
            page.goto(f"{self.live_server_url}/games/new/")
            # Powers drawn by lot (the default): there is no power to choose.
            expect(page.locator("#id_power")).to_be_hidden()
            page.select_option("#id_assignment", "chosen")
            expect(page.locator("#id_power")).to_be_visible()
            assert power_labels(page) == [
                "—", "Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey",
            ]  # fmt: skip

            page.select_option("#id_variant", "highlander")
            assert power_labels(page) == ["—", "Red", "Blue"]
            page.select_option("#id_power", "blue")

            # Multiple Void draws its colours by lot: "chosen" is not offered, nor a power.
            page.select_option("#id_variant", "multiple_void")
            expect(page.locator('#id_assignment option[value="chosen"]')).to_have_count(0)
            expect(page.locator("#id_assignment")).to_have_value("random")
            expect(page.locator("#id_power")).to_be_hidden()
            expect(page.locator("#create-game")).to_contain_text(
                "In Multiple Void the powers are always drawn by lot."
            )

            # Back to Highlander: players may choose again.
            page.select_option("#id_variant", "highlander")
            expect(page.locator('#id_assignment option[value="chosen"]')).to_have_count(1)
            page.select_option("#id_assignment", "chosen")
            assert power_labels(page) == ["—", "Red", "Blue"]
            page.select_option("#id_power", "red")
            page.fill("#id_name", "Red against blue")
            page.click("#create-game button[type=submit]")
            expect(page.locator("#panel h1")).to_have_text("Red against blue")
        game = Game.objects.get(name="Red against blue")
        assert (game.variant, game.assignment) == ("highlander", "chosen")
        assert game.seats.get(power="red").user is not None

    def test_the_stronger_bots_seats_follow_the_variant(self) -> None:
        seven_players()
        with browser_session() as (browser, errors):
            page = signed_in_page(browser, errors, self.live_server_url, "austria-player")
            page.goto(f"{self.live_server_url}/games/new/")
            strong = page.locator("#id_practice_strong")
            assert strong.locator("option").all_inner_texts() == [
                "Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey",
            ]  # fmt: skip
            # A variant whose bots do not search offers no stronger bot.
            page.select_option("#id_variant", "kapitalisten")
            expect(strong).to_be_hidden()
            page.select_option("#id_variant", "highlander")
            expect(strong).to_be_visible()
            assert strong.locator("option").all_inner_texts() == ["Red", "Blue"]
            page.check("#id_practice_bots")
            page.select_option("#id_assignment", "chosen")
            page.select_option("#id_power", "red")
            page.select_option("#id_practice_strong", ["blue"])
            page.fill("#id_name", "Against the stronger bot")
            page.click("#create-game button[type=submit]")
            expect(page.locator("#panel h1")).to_have_text("Against the stronger bot")
        game = Game.objects.get(name="Against the stronger bot")
        assert game.seats.get(power="blue").bot_level == "strong"
        assert game.seats.get(power="red").bot_level == "standard"
