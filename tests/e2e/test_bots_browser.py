"""A bot in a game, in a real browser: a bot's account (``manage.py bot_account``) holds
Turkey and plays it through the public API with its token (``bots.client``, against the
live Daphne server); the other players' game page says Turkey is a bot's seat, and that
Turkey is ready once the bot has played. Screenshots at a desktop's and a phone's width
go to tests/e2e/screenshots/ for a person to look at."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

from playwright.sync_api import expect

from accounts.services import bot_account_create
from bots.client import Api, Turn, play_turn
from games import services
from games.models import Game, OrderSet
from games.terms import GameTerms
from tests.e2e.base import (
    POWERS,
    BrowserTestCase,
    browser_session,
    seven_players,
    signed_in_page,
)

SHOTS = Path(__file__).resolve().parent / "screenshots"
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1400, "height": 1000}


class ABotInAGame(BrowserTestCase):
    eager_tasks = True

    def test_the_game_page_shows_the_bots_seat_and_its_orders_come_through_the_api(
        self,
    ) -> None:
        users = seven_players()
        bot, key = bot_account_create(username="practice-bot")
        game = services.game_create(
            created_by=users["austria"],
            name="Practice with a bot",
            power="austria",
            terms=GameTerms(
                assignment=Game.Assignment.CHOSEN, movement_deadline=timedelta(hours=1)
            ),
        )
        for power in POWERS[1:-1]:
            services.game_join(game=game, user=users[power], power=power)
        services.game_join(game=game, user=bot, power="turkey")

        api = Api(self.live_server_url, key)
        assert play_turn(api, game.pk) is Turn.ORDERED
        assert OrderSet.objects.get(phase__game=game, power="turkey").ready

        SHOTS.mkdir(exist_ok=True)
        with browser_session() as (browser, errors):
            for name, viewport in (("desktop", DESKTOP), ("phone", PHONE)):
                page = signed_in_page(
                    browser, errors, self.live_server_url, "france-player", viewport=viewport
                )
                page.goto(f"{self.live_server_url}/games/{game.pk}/")
                turkey = page.locator(".seats li.power-turkey")
                expect(turkey.locator(".tag.bot")).to_have_text("bot")
                expect(turkey.locator(".ready")).to_be_visible()
                expect(page.locator(".seats .tag.bot")).to_have_count(1)
                turkey.scroll_into_view_if_needed()
                page.screenshot(path=str(SHOTS / f"bots-game-page-{name}.png"), full_page=True)
                page.locator(".seats").screenshot(path=str(SHOTS / f"bots-seats-{name}.png"))
