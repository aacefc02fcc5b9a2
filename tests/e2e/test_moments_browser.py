"""One date format across the site, in the reader's time zone (issue 17): a reader in
Tokyo sees the game's deadline and the moments on other pages in Tokyo's time, in the same
format ("Dec 1, 2026, 9:00 AM"); a day (a vacation's) stays the day it is."""

from __future__ import annotations

from datetime import UTC, date, datetime

from django.contrib.auth.hashers import PBKDF2PasswordHasher
from django.contrib.auth.models import User
from playwright.sync_api import expect

from accounts.models import ApiToken
from games.models import GamePhase, Vacation
from tests.e2e.base import (
    PASSWORD,
    BrowserTestCase,
    browser_session,
    seven_player_game,
    watch_errors,
)

MIDNIGHT_UTC = datetime(2026, 12, 1, 0, 0, tzinfo=UTC)
IN_TOKYO = "Dec 1, 2026, 9:00 AM"


class MomentsInTheReadersTimeZone(BrowserTestCase):
    def test_a_reader_in_tokyo_sees_tokyo_time_in_one_format(self) -> None:
        game = seven_player_game("Moments")
        GamePhase.objects.filter(game=game).update(deadline=MIDNIGHT_UTC)
        hasher = PBKDF2PasswordHasher()
        user = User.objects.create(
            username="tokyo-reader", password=hasher.encode(PASSWORD, hasher.salt())
        )
        Vacation.objects.create(
            user=user, first_day=date(2026, 12, 24), last_day=date(2026, 12, 26)
        )
        ApiToken.objects.create(
            user=user, name="bot", prefix="abc", key_hash="y" * 64, last_used=MIDNIGHT_UTC
        )
        with browser_session() as (browser, errors):
            context = browser.new_context(timezone_id="Asia/Tokyo", locale="en-US")
            page = context.new_page()
            watch_errors(page, errors)
            page.goto(f"{self.live_server_url}/games/{game.pk}/")
            expect(page.locator("#deadline")).to_have_text(IN_TOKYO)
            page.goto(f"{self.live_server_url}/accounts/login/")
            page.fill("#id_username", "tokyo-reader")
            page.fill("#id_password", PASSWORD)
            page.click("form.stacked button[type=submit]")
            page.wait_for_url(lambda url: "/accounts/login/" not in url)
            page.goto(f"{self.live_server_url}/accounts/players/tokyo-reader/")
            expect(page.locator('#api-tokens time[data-moment="datetime"]')).to_have_text(IN_TOKYO)
            expect(page.locator('time[datetime="2026-12-24"]')).to_have_text("Dec 24, 2026")
