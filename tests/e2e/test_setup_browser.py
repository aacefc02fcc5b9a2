"""Setting a game up in a real browser (Debian's chromium, driven by Playwright): a
Highlander nomination clicked onto the map, and a Multiple Void draft pick that appears
on the other player's page without a reload."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from datetime import timedelta
from typing import Any

from django.contrib.auth.hashers import PBKDF2PasswordHasher
from django.contrib.auth.models import User
from playwright.sync_api import Browser, Page, expect, sync_playwright

from adjudicator import find_variant
from games import services
from games.models import Game
from games.terms import GameTerms
from tests.e2e.base import (
    CHROMIUM,
    CHROMIUM_ARGS,
    PASSWORD,
    BrowserTestCase,
    outside_the_event_loop,
    watch_errors,
)

#: Two nomination lists with nothing in common: red takes the west, blue the east.
RED_LIST = (
    "lon", "edi", "lvp", "bre", "par", "mar", "spa", "por",
    "bel", "hol", "kie", "ber", "mun", "vie", "tri",
)  # fmt: skip
BLUE_LIST = (
    "stp", "mos", "war", "sev", "ank", "con", "smy", "bul",
    "rum", "ser", "gre", "bud", "nap", "rom", "ven",
)  # fmt: skip


def click_center(page: Page, center: str) -> None:
    """Click a supply center's dot (it stands for its province; a province's own middle
    may lie in its neighbour's outline)."""
    page.click(f'#centers [data-center="{center}"]')


class SetUpInTheBrowser(BrowserTestCase):
    #: The live server process adjudicates in place of a worker once everyone is ready.
    eager_tasks = True

    def setUp(self) -> None:
        hasher = PBKDF2PasswordHasher()
        hashed = hasher.encode(PASSWORD, hasher.salt())
        self.red = User.objects.create(username="red-player", password=hashed)
        self.blue = User.objects.create(username="blue-player", password=hashed)

    def _game(self, variant: str, **options: Any) -> Game:
        """A two-player game of ``variant``, red-player holding red and blue-player blue,
        except where the variant draws its colours by lot (see who holds which)."""
        by_lot = find_variant(variant).powers_by_lot
        game = services.game_create(
            created_by=self.red,
            name=f"{variant} in the browser",
            power=None if by_lot else "red",
            terms=GameTerms(
                variant_id=variant,
                options=options or None,
                assignment=Game.Assignment.RANDOM if by_lot else Game.Assignment.CHOSEN,
                setup_deadline=timedelta(hours=1),
            ),
        )
        services.game_join(game=game, user=self.blue, power=None if by_lot else "blue")
        game.refresh_from_db()
        if game.status == Game.Status.FORMING:
            services.game_start(game=game, by=self.red)
        return game

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

    def _page(self, browser: Browser, errors: list[Any], username: str, game: Game) -> Page:
        page = browser.new_context(viewport={"width": 1400, "height": 1000}).new_page()
        watch_errors(page, errors)
        page.goto(f"{self.live_server_url}/accounts/login/")
        page.fill("#id_username", username)
        page.fill("#id_password", PASSWORD)
        page.click("form.stacked button[type=submit]")
        page.goto(f"{self.live_server_url}/games/{game.pk}/")
        # A marker that a reload would wipe out.
        page.evaluate("window.__noReload = true")
        return page

    def test_a_nomination_clicked_onto_the_map_then_ready_then_placement(self) -> None:
        game = self._game("highlander")
        with self._browser() as (browser, errors):
            page = self._page(browser, errors, "red-player", game)
            expect(page.locator("#setup-count")).to_have_text("0 of 15 chosen, 15 left")
            expect(page.locator("#ready-button")).to_be_disabled()
            expect(page.locator("#setup-problem")).to_contain_text("exactly 15 centers, not 0")
            expect(page.locator("#nomination-info .secret")).to_contain_text("secret")
            # Clicks come faster than the server saves: none is lost.
            for center in RED_LIST:
                click_center(page, center)
            expect(page.locator("#setup-count")).to_have_text(
                "15 of 15 chosen: the list is complete."
            )
            # A sixteenth center does not fit; clicking one on the list takes it off.
            click_center(page, "mos")
            expect(page.locator("#order-error")).to_contain_text("Your list is full")
            click_center(page, "tri")
            expect(page.locator("#setup-count")).to_have_text("14 of 15 chosen, 1 left")
            click_center(page, "tri")
            expect(page.locator("#setup-list li")).to_have_count(15)
            expect(page.locator("#ready-button")).to_be_enabled(timeout=10000)
            expect(page.locator("#setup-problem")).to_have_count(0)
            # Saved: a reload shows the same list.
            page.reload()
            expect(page.locator("#setup-count")).to_have_text(
                "15 of 15 chosen: the list is complete."
            )
            page.evaluate("window.__noReload = true")
            page.click("#ready-button")
            expect(page.locator("#my-orders .ready")).to_contain_text("You are ready")

            # Blue nominates elsewhere: the lists are revealed and placement begins.
            def blue_nominates() -> None:
                services.orders_submit(
                    game=game, user=self.blue, orders=[f"nominate {c}" for c in BLUE_LIST]
                )
                services.orders_ready(game=game, user=self.blue, ready=True)

            # Playwright's sync API runs an event loop in this thread; a service publishing
            # to the channel layer must run where there is none, as in a real request.
            outside_the_event_loop(blue_nominates)
            expect(page.locator("#placement-info")).to_have_count(1, timeout=15000)
            expect(page.locator("#setup-count")).to_have_text(
                "Still without a unit: 15 of your 15 centers."
            )
            expect(page.locator('#centers [data-center="par"][data-owner="red"]')).to_have_count(1)
            expect(page.locator('#centers [data-center="mos"][data-owner="blue"]')).to_have_count(1)
            # Vienna takes only an army: placed with one click. Spain asks which coast.
            click_center(page, "vie")
            click_center(page, "spa")
            page.click('#unit-chooser button[data-choice="F spa/sc B"]')
            expect(page.locator("#setup-list")).to_contain_text("Army in Vie")
            expect(page.locator('#units .preview[data-unit="spa/sc"]')).to_have_count(1)
            expect(page.locator("#setup-count")).to_have_text(
                "Still without a unit: 13 of your 15 centers."
            )
            # Once saved, the page says again what is still missing before "ready" (it
            # hides the server's last word while a change is being saved).
            expect(page.locator("#setup-problem")).to_be_visible()
            expect(page.locator("#setup-problem")).to_contain_text("no unit is placed in")
            expect(page.locator("#ready-button")).to_be_disabled()
            assert page.evaluate("window.__noReload") is True
        order_set = game.phases.get(index=1).order_sets.get(seat__power="red")
        assert sorted(order_set.orders) == ["A vie B", "F spa/sc B"]

    def test_a_draft_pick_by_clicking_appears_on_the_other_players_page(self) -> None:
        game = self._game("multiple_void", players=2)
        # The colours were drawn by lot: who holds red?
        red_name = game.seats.get(power="red").user.username
        blue_name = game.seats.get(power="blue").user.username
        with self._browser() as (browser, errors):
            red = self._page(browser, errors, red_name, game)
            blue = self._page(browser, errors, blue_name, game)
            expect(red.locator("#on-turn")).to_contain_text("Your pick!")
            expect(blue.locator("#on-turn")).to_contain_text(red_name)
            expect(red.locator("#draft-info .draft-round")).to_have_text("Round 1, pick 1 of 24")
            # Blue is not on turn: a click does nothing.
            blue.click('#provinces [data-province="boh"]')
            expect(blue.locator("#unit-chooser")).to_be_hidden()
            # Red picks an army in Bohemia (the only unit it takes) from the chooser.
            red.click('#provinces [data-province="boh"]')
            expect(red.locator("#unit-chooser")).to_be_visible()
            red.click('#unit-chooser button[data-choice="A boh B"]')
            # Both pages follow: the army stands in Bohemia, and it is blue's pick.
            for page in (red, blue):
                expect(page.locator('#units .power-red[data-unit="boh"]')).to_have_count(
                    1, timeout=15000
                )
                expect(page.locator("#draft-info .draft-round")).to_have_text(
                    "Round 1, pick 2 of 24"
                )
            expect(blue.locator("#on-turn")).to_contain_text("Your pick!")
            # Blue picks a fleet on Bulgaria's south coast: the coast is chosen in the menu.
            blue.click('#provinces [data-province="bul"]')
            expect(blue.locator("#unit-chooser button[data-choice]")).to_have_count(3)
            blue.click('#unit-chooser button[data-choice="F bul/sc B"]')
            expect(red.locator('#units .power-blue[data-unit="bul/sc"]')).to_have_count(
                1, timeout=15000
            )
            expect(red.locator("#draft-info .draft-round")).to_contain_text("Round 2, pick 3")
            for page in (red, blue):
                assert page.evaluate("window.__noReload") is True
        assert game.phases.count() == 3
