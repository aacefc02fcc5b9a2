"""The home page's "Your games" in a real browser: a player in Tokyo reads each deadline
in Tokyo's time (and how long is left), the rows needing his orders or his vote come
first, the games ended lately sit below with their result and a replay, and the list
fits a phone (390 px) as well as a desktop (1400 px). Screenshots of both widths go to
tests/e2e/screenshots/ (git-ignored) for a person to look at."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from django.utils import timezone
from playwright.sync_api import Browser, Page, expect

from games import services
from games.models import Game, GamePhase, Vote
from games.services import press
from games.terms import GameTerms
from tests.e2e.base import PASSWORD, BrowserTestCase, browser_session, seven_players, watch_errors

SCREENSHOTS = Path(__file__).resolve().parent / "screenshots"
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1400, "height": 900}
#: A deadline far enough ahead for the page's relative words to be stable.
DEADLINE = datetime(2031, 12, 1, 0, 0, tzinfo=UTC)
IN_TOKYO = "Dec 1, 2031, 9:00 AM"


def _games() -> dict[str, Any]:
    """austria-player's games: one needing his orders (with press for him), one with
    orders saved but not ready, one ready with a draw proposed he has not voted on, one
    ready, one forming, one finished, one cancelled by its players after a year's
    spring."""
    users = seven_players()

    def running(name: str, deadline: datetime) -> Game:
        game = services.game_create(
            created_by=users["austria"],
            name=name,
            power="austria",
            terms=GameTerms(assignment=Game.Assignment.CHOSEN),
        )
        for power, user in users.items():
            if power != "austria":
                services.game_join(game=game, user=user, power=power)
        GamePhase.objects.filter(game=game).update(deadline=deadline)
        return game

    soon = timezone.now() + timedelta(hours=5, minutes=30)
    ready = running("Ready and waiting", soon)
    services.orders_ready(game=ready, user=users["austria"], ready=True)
    needs = running("The Balkan question", DEADLINE)
    press.press_send(game=needs, user=users["russia"], to=["austria"], body="Galicia?")
    press.press_send(game=needs, user=users["italy"], to="all", body="Peace in our time")
    saved = running("Friday night game with a rather long name indeed", soon + timedelta(days=1))
    services.orders_submit(game=saved, user=users["austria"], orders=["A vie - gal"])
    voting = running("A draw on the table", soon + timedelta(days=2))
    services.orders_ready(game=voting, user=users["austria"], ready=True)
    services.vote_cast(game=voting, user=users["england"], kind=Vote.Kind.DRAW, accept=True)
    services.game_create(created_by=users["austria"], name="Gathering", terms=GameTerms())
    done = services.game_create(created_by=users["austria"], name="Last winter", terms=GameTerms())
    Game.objects.filter(pk=done.pk).update(
        status=Game.Status.FINISHED,
        finished_at=timezone.now() - timedelta(days=3),
        outcome=Game.Outcome.DRAW,
    )
    called_off = running("Called off", soon)
    phase = GamePhase.objects.get(game=called_off, status=GamePhase.Status.OPEN)
    assert services.phase_adjudicate(game_id=called_off.pk, phase_id=phase.pk)
    for user in users.values():
        services.vote_cast(game=called_off, user=user, kind=Vote.Kind.CANCEL, accept=True)
    return {
        "needs": needs,
        "saved": saved,
        "ready": ready,
        "voting": voting,
        "called_off": called_off,
    }


def overflow(page: Page) -> int:
    """How many pixels the page is wider than its window (0: it fits)."""
    width: int = page.evaluate(
        "Math.max(document.documentElement.scrollWidth, document.body.scrollWidth)"
        " - window.innerWidth"
    )
    return max(width, 0)


def _home(
    browser: Browser,
    errors: list[Any],
    base_url: str,
    viewport: dict[str, int],
    username: str = "austria-player",
) -> Page:
    context = browser.new_context(viewport=viewport, timezone_id="Asia/Tokyo", locale="en-US")
    page = context.new_page()
    watch_errors(page, errors)
    page.goto(f"{base_url}/accounts/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", PASSWORD)
    page.click("form.stacked button[type=submit]")
    page.wait_for_url(lambda url: "/accounts/login/" not in url)
    page.goto(f"{base_url}/")
    page.wait_for_load_state()
    return page


class YourGamesOnTheHomePage(BrowserTestCase):
    def test_deadlines_in_the_readers_time_zone_at_both_widths(self) -> None:
        games = _games()
        SCREENSHOTS.mkdir(exist_ok=True)
        with browser_session() as (browser, errors):
            for name, viewport in (("desktop", DESKTOP), ("phone", PHONE)):
                page = _home(browser, errors, self.live_server_url, viewport)
                rows = page.locator("#my-games > ul.my-game-list > li.my-game")
                expect(rows).to_have_count(5)
                first = rows.nth(0)
                # Action first, the soonest deadline first among them: orders, a vote.
                expect(first.locator("a.my-game-name")).to_have_text(
                    "Friday night game with a rather long name indeed"
                )
                expect(first.locator(".need")).to_have_text("Orders saved, not marked ready")
                voting = rows.nth(1)
                expect(voting).to_have_attribute("data-game", str(games["voting"].pk))
                expect(voting).to_have_class(re.compile(r"\baction\b"))
                expect(voting.locator(".need")).to_have_text("Ready")
                expect(voting.locator("a.vote-open.needed")).to_have_text(
                    "Draw proposed: your vote is needed"
                )
                needs = rows.nth(2)
                expect(needs).to_have_attribute("data-game", str(games["needs"].pk))
                expect(needs.locator(".need")).to_have_text("Your orders are needed")
                expect(needs.locator(".deadline time")).to_have_text(IN_TOKYO)
                expect(needs.locator(".deadline strong")).to_have_text("in 5\u00a0years")
                expect(needs.locator(".badge.unread")).to_have_text("2 unread messages")
                expect(rows.nth(3).locator(".need")).to_have_text("Ready")
                expect(rows.nth(4).locator(".need")).to_have_text("Waiting for players")
                # The games ended lately, in view: the latest first, each with its result.
                ended = page.locator("#my-ended li.my-game")
                expect(ended).to_have_count(2)
                expect(ended.nth(0).locator(".result")).to_have_text("Cancelled: no result")
                expect(ended.nth(1).locator(".result")).to_have_text("Draw")
                expect(ended.nth(1).locator("a.my-replay")).to_have_count(0)
                # The lobby follows below.
                expect(page.locator("#lobby h1")).to_have_text("Lobby")
                assert overflow(page) == 0
                page.screenshot(path=str(SCREENSHOTS / f"my-games-{name}.png"), full_page=True)
                if name == "desktop":
                    # The cancelled game's spring, replayed from its first phase.
                    ended.nth(0).locator("a.my-replay").click()
                    page.wait_for_url(f"**/games/{games['called_off'].pk}/?phase=0#replay")
                    expect(page.locator("#replay")).to_be_visible()
                if name == "phone":
                    # Last: the game page reads the open conversation's press, and the
                    # unread badge counted above would be one message short next time.
                    page.locator(f'li[data-game="{games["needs"].pk}"] a.my-game-name').click()
                    page.wait_for_url(f"**/games/{games['needs'].pk}/")
                page.context.close()


class TheEmptyListOnAPhone(BrowserTestCase):
    def test_a_newcomer_is_shown_how_to_begin(self) -> None:
        from django.contrib.auth.hashers import PBKDF2PasswordHasher
        from django.contrib.auth.models import User

        hasher = PBKDF2PasswordHasher()
        User.objects.create(username="newcomer", password=hasher.encode(PASSWORD, hasher.salt()))
        SCREENSHOTS.mkdir(exist_ok=True)
        with browser_session() as (browser, errors):
            page = _home(browser, errors, self.live_server_url, PHONE, "newcomer")
            expect(page.locator("#my-games-empty")).to_contain_text(
                "You are not playing in any game yet."
            )
            assert overflow(page) == 0
            page.screenshot(path=str(SCREENSHOTS / "my-games-empty-phone.png"), full_page=True)
            page.locator("#my-games-empty a", has_text="create a game").click()
            page.wait_for_url("**/games/new/")


class TheListFollowsWithoutAReload(BrowserTestCase):
    """The live server is a process of its own: with the embedded in-memory layer it
    cannot hear the test's publishes, and the change arrives by the socket's own check
    (with Redis, as in CI, by the signal itself)."""

    def test_press_for_him_and_his_ready_mark_from_elsewhere_show_up(self) -> None:
        from tests.e2e.base import outside_the_event_loop, seven_player_game

        game = seven_player_game("Live list")
        with browser_session() as (browser, errors):
            page = _home(browser, errors, self.live_server_url, DESKTOP)
            row = page.locator(f'li.my-game[data-game="{game.pk}"]')
            expect(row.locator(".need")).to_have_text("Your orders are needed")
            expect(row.locator(".badge.unread")).to_have_count(0)

            def russia_writes() -> None:
                from django.contrib.auth.models import User

                press.press_send(
                    game=game,
                    user=User.objects.get(username="russia-player"),
                    to=["austria"],
                    body="Galicia?",
                )

            outside_the_event_loop(russia_writes)
            expect(row.locator(".badge.unread")).to_have_text("1 unread message", timeout=15000)

            def austria_is_ready_in_another_tab() -> None:
                from django.contrib.auth.models import User

                services.orders_ready(
                    game=game, user=User.objects.get(username="austria-player"), ready=True
                )

            outside_the_event_loop(austria_is_ready_in_another_tab)
            expect(row.locator(".need")).to_have_text("Ready", timeout=15000)
            expect(row).not_to_have_class(re.compile(r"\baction\b"))

            def england_proposes_a_draw() -> None:
                from django.contrib.auth.models import User

                services.vote_cast(
                    game=game,
                    user=User.objects.get(username="england-player"),
                    kind=Vote.Kind.DRAW,
                    accept=True,
                )

            outside_the_event_loop(england_proposes_a_draw)
            expect(row.locator("a.vote-open.needed")).to_have_text(
                "Draw proposed: your vote is needed", timeout=15000
            )
            expect(row).to_have_class(re.compile(r"\baction\b"))
            # The moment of the refreshed row is put in the reader's time zone again.
            expect(row.locator(".deadline time")).not_to_contain_text("UTC")
