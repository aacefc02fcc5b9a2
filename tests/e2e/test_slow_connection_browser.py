"""Orders given by clicking on a slow connection (every answer 500 ms late), in a real
browser: clicks come faster than the server answers, and none is lost. Each order is
saved, in the order clicked, and the page shows each one; a refresh answered late never
takes back what a later one showed."""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.contrib.auth.hashers import PBKDF2PasswordHasher
from django.contrib.auth.models import User
from django.test import override_settings
from playwright.sync_api import Page, Route, expect

from games import services
from games.models import Game, OrderSet
from games.terms import GameTerms
from tests.e2e.base import (
    PASSWORD,
    BrowserTestCase,
    browser_session,
    outside_the_event_loop,
    seven_player_game,
    signed_in_page,
)
from tests.e2e.test_setup_browser import RED_LIST, click_center

#: How late every answer of the server arrives, in milliseconds.
LATENCY = 500
#: How long a player waits between two orders, in milliseconds: less than an answer takes.
BETWEEN_CLICKS = 300
#: The inland centers of RED_LIST: they take only an army, placed with one click.
INLAND = ("par", "mun", "vie")


def placement_game() -> Game:
    """A Highlander game (rule 3B with centers only) that begins with both players
    placing units: red in the fifteen centers of RED_LIST."""
    hasher = PBKDF2PasswordHasher()
    hashed = hasher.encode(PASSWORD, hasher.salt())
    red = User.objects.create(username="red-player", password=hashed)
    blue = User.objects.create(username="blue-player", password=hashed)
    centers = {"red": list(RED_LIST), "blue": ["stp", "mos", "war"]}
    game = services.game_create(
        created_by=red,
        name="Placement",
        power="red",
        terms=GameTerms(
            variant_id="highlander",
            options={"nomination": "fixed", "fixed_setup": {"centers": centers}},
            assignment=Game.Assignment.CHOSEN,
            setup_deadline=timedelta(hours=1),
        ),
    )
    services.game_join(game=game, user=blue, power="blue")
    return game


def place_armies(page: Page, pause: int) -> None:
    """Red places an army in each center of RED_LIST, ``pause`` ms apart, and the page
    shows all fifteen."""
    expect(page.locator("#placement-info")).to_have_count(1)
    for center in RED_LIST:
        click_center(page, center)
        if center not in INLAND:
            page.click(f'#unit-chooser button[data-choice="A {center} B"]')
        if pause:
            page.wait_for_timeout(pause)
    expect(page.locator("#setup-list li[data-order]")).to_have_count(15)


def expect_all_placed(page: Page, game: Game) -> None:
    """Once saved, the page says every center has its unit, and so does the database."""
    expect(page.locator("#ready-button")).to_be_enabled(timeout=15000)
    expect(page.locator("#setup-count")).to_have_text("Each of your 15 centers has a unit.")
    expect(page.locator("#setup-list li[data-order]")).to_have_count(15)
    expect(page.locator("#order-error")).to_have_text("")
    assert page.evaluate("window.__noReload") is True
    saved = OrderSet.objects.get(phase__game=game, phase__index=0, seat__power="red")
    assert sorted(saved.orders) == sorted(f"A {c} B" for c in RED_LIST)


class OrdersOnASlowConnection(BrowserTestCase):
    def test_three_orders_clicked_faster_than_the_server_answers_are_all_saved(self) -> None:
        game = seven_player_game("Slow game")
        wanted = ["A par - bur", "A mar - spa", "F bre - eng"]
        with browser_session() as (browser, errors):
            page = signed_in_page(
                browser, errors, self.live_server_url, "france-player", latency=LATENCY
            )
            page.goto(f"{self.live_server_url}/games/{game.pk}/")
            page.evaluate("window.__noReload = true")  # a reload would wipe this out
            for order in wanted:
                unit, _dash, target = order.split()[1:]
                page.click(f'#units [data-unit="{unit}"]')
                page.click(f'#provinces [data-province="{target}"]')
                page.wait_for_timeout(BETWEEN_CLICKS)
            orders = page.locator("#order-list li[data-order]")
            expect(orders).to_have_count(3)
            # Once nothing is left to save, the page still shows all three, in the list
            # and as arrows on the map, and says no more than that.
            expect(page.locator("#order-status")).to_have_text("", timeout=15000)
            expect(orders).to_have_count(3)
            for order in wanted:
                expect(page.locator(f'#order-list li[data-order="{order}"]')).to_have_count(1)
            expect(page.locator("#orders line.move")).to_have_count(3)
            expect(page.locator("#order-error")).to_have_text("")
            assert page.evaluate("window.__noReload") is True
        saved = OrderSet.objects.get(phase__game=game, phase__index=0, seat__power="france")
        assert saved.orders == wanted

    def test_fifteen_placements_clicked_faster_than_the_server_answers_are_all_saved(
        self,
    ) -> None:
        game = placement_game()
        with browser_session() as (browser, errors):
            page = signed_in_page(
                browser, errors, self.live_server_url, "red-player", latency=LATENCY
            )
            page.goto(f"{self.live_server_url}/games/{game.pk}/")
            page.evaluate("window.__noReload = true")
            place_armies(page, BETWEEN_CLICKS)
            expect_all_placed(page, game)


#: Few writes a second: the page's saves run into the API's limit (a 429 with Retry-After).
TIGHT_LIMIT = {
    **settings.REST_FRAMEWORK,
    "DEFAULT_THROTTLE_RATES": {
        "api_read": "120/min",
        "api_write": "1/s",
        "page_read": "600/min",
        "page_write": "1/s",
    },
}


@override_settings(REST_FRAMEWORK=TIGHT_LIMIT)
class OrdersPastTheApiLimit(BrowserTestCase):
    def test_placements_refused_for_too_many_requests_are_sent_again(self) -> None:
        game = placement_game()
        with browser_session() as (browser, errors):
            page = signed_in_page(browser, errors, self.live_server_url, "red-player")
            page.goto(f"{self.live_server_url}/games/{game.pk}/")
            page.evaluate("window.__noReload = true")
            place_armies(page, 0)
            expect_all_placed(page, game)


class SavesThatFail(BrowserTestCase):
    """A save the connection loses is sent again, and one the server refuses says so: in
    both cases the page tells the player, never silently."""

    def _click_order(self, page: Page, unit: str, target: str) -> None:
        page.click(f'#units [data-unit="{unit}"]')
        page.click(f'#provinces [data-province="{target}"]')

    def test_a_save_the_connection_loses_is_sent_again_and_the_page_says_so(self) -> None:
        game = seven_player_game("Lost connection")
        lost: list[str] = []

        def lose_the_first_save(route: Route) -> None:
            if route.request.method == "PUT" and not lost:
                lost.append(route.request.url)
                route.abort("connectionreset")
            else:
                route.continue_()

        with browser_session() as (browser, errors):
            page = signed_in_page(browser, errors, self.live_server_url, "france-player")
            page.goto(f"{self.live_server_url}/games/{game.pk}/")
            page.route("**/api/v1/games/*/orders/", lose_the_first_save)
            self._click_order(page, "par", "bur")
            expect(page.locator("#order-status")).to_contain_text("no connection to the server")
            expect(page.locator("#ready-button")).to_be_disabled()
            expect(page.locator("#order-status")).to_have_text("", timeout=15000)
            expect(page.locator('#order-list li[data-order="A par - bur"]')).to_have_count(1)
            expect(page.locator("#ready-button")).to_be_enabled()
        assert lost
        saved = OrderSet.objects.get(phase__game=game, phase__index=0, seat__power="france")
        assert saved.orders == ["A par - bur"]

    def test_a_save_the_server_refuses_is_taken_back_and_the_page_says_why(self) -> None:
        game = seven_player_game("Refused")

        def refuse(route: Route) -> None:
            if route.request.method == "PUT":
                route.fulfill(
                    status=409,
                    content_type="application/json",
                    body='{"message": "The phase has already been adjudicated."}',
                )
            else:
                route.continue_()

        with browser_session() as (browser, errors):
            page = signed_in_page(browser, errors, self.live_server_url, "france-player")
            page.goto(f"{self.live_server_url}/games/{game.pk}/")
            page.route("**/api/v1/games/*/orders/", refuse)
            self._click_order(page, "par", "bur")
            expect(page.locator("#order-error")).to_have_text(
                "Not saved: The phase has already been adjudicated."
            )
            expect(page.locator("#order-list li[data-order]")).to_have_count(0)
            expect(page.locator("#order-status")).to_have_text("")
            # Another player's change refreshes the page: the message stays.
            page.evaluate("window.__noReload = true")
            germany = User.objects.get(username="germany-player")
            outside_the_event_loop(
                lambda: services.orders_ready(game=game, user=germany, ready=True)
            )
            expect(page.locator(".seats .power-germany .ready")).to_have_count(1)
            expect(page.locator("#order-error")).to_have_text(
                "Not saved: The phase has already been adjudicated."
            )
            assert page.evaluate("window.__noReload") is True
            # The next click is saved, and the message goes.
            page.unroute("**/api/v1/games/*/orders/")
            self._click_order(page, "mar", "spa")
            expect(page.locator("#order-error")).to_have_text("")
            expect(page.locator('#order-list li[data-order="A mar - spa"]')).to_have_count(1)
        saved = OrderSet.objects.get(phase__game=game, phase__index=0, seat__power="france")
        assert saved.orders == ["A mar - spa"]
