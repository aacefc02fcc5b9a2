"""The organiser's page of a rounds event in a real browser (Debian's chromium, driven
by Playwright), for what issue 35 gave the organiser: calling a board as a draw of some
survivors only (D8), on a phone, and pausing and resuming a round of standard boards,
which stops and starts every board's clock (D2)."""

from __future__ import annotations

from django.contrib.auth.hashers import PBKDF2PasswordHasher
from django.contrib.auth.models import User
from playwright.sync_api import expect

from accounts.roles import ORGANISER, grant
from games.models import Game
from tests.e2e.base import PASSWORD, BrowserTestCase, browser_session, signed_in_page
from tournaments import services
from tournaments.models import Board, OrganiserAction, Round, Tournament

PHONE = {"width": 390, "height": 844}
NAMES = ("ann", "bob", "cat", "dan", "eve", "fay", "gil")


def one_board_running() -> tuple[Tournament, Board]:
    """A rounds event of seven players seeded by hand, its first round's one board under
    way (Spring 1901), run by the organiser "olga"."""
    hasher = PBKDF2PasswordHasher()
    hashed = hasher.encode(PASSWORD, hasher.salt())
    olga = User.objects.create(username="olga", password=hashed)
    grant(olga, ORGANISER)
    tournament = services.tournament_create(
        by=olga,
        name="Seven",
        format=Tournament.Format.ROUNDS,
        check_in_required=False,
        seeding=Tournament.Seeding.HAND,
        rounds_planned=1,
    )
    entries = [
        services.entry_register(
            tournament=tournament, user=User.objects.create(username=n, password=hashed)
        )
        for n in NAMES
    ]
    services.hand_seeds_set(tournament=tournament, by=olga, order=[e.pk for e in entries])
    services.tournament_draw(tournament=tournament, by=olga)
    board = Board.objects.get(round__tournament=tournament)
    assert board.game.status == Game.Status.ACTIVE
    return tournament, board


class CallingABoard(BrowserTestCase):
    def test_on_a_phone_the_organiser_calls_a_draw_of_two_survivors(self) -> None:
        tournament, board = one_board_running()
        url = f"{self.live_server_url}/tournaments/{tournament.pk}/run/"
        with browser_session() as (browser, errors):
            page = signed_in_page(browser, errors, self.live_server_url, "olga", viewport=PHONE)
            page.goto(url)
            assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
            call = page.locator("form.board-call")
            page.get_by_text("Call the board").click()
            expect(call).to_be_visible()
            call.locator("input[name=end][value=some]").check()
            # Each survivor's box is a finger's height, at the table with a phone.
            box = call.locator("label", has_text="Turkey").bounding_box()
            assert box is not None
            assert box["height"] >= 40
            call.locator("input[name=powers][value=france]").check()
            call.locator("input[name=powers][value=turkey]").check()
            call.locator("input[name=reason]").fill("The hall closes at six.")
            call.locator("button[type=submit]").click()
            expect(page.locator("form.board-call")).to_have_count(0)
        game = Game.objects.get(pk=board.game_id)
        assert game.status == Game.Status.FINISHED
        assert game.outcome == Game.Outcome.DRAW
        assert sorted(game.winner.split(",")) == ["france", "turkey"]
        action = OrganiserAction.objects.filter(tournament=tournament).latest("pk")
        assert action.reason == "The hall closes at six."


class PausingARound(BrowserTestCase):
    def test_pausing_a_round_stops_its_boards_clock_and_resuming_starts_it(self) -> None:
        tournament, board = one_board_running()
        url = f"{self.live_server_url}/tournaments/{tournament.pk}/run/"
        with browser_session() as (browser, errors):
            page = signed_in_page(browser, errors, self.live_server_url, "olga")
            page.goto(url)
            rounds = page.locator("section.rounds")
            rounds.locator("input[name=reason]").fill("Fire alarm")
            rounds.get_by_role("button", name="Pause the round").click()
            expect(rounds.get_by_role("button", name="Resume")).to_be_visible()
            assert Round.objects.get(tournament=tournament).status == Round.Status.PAUSED
            assert Game.objects.get(pk=board.game_id).is_paused
            expect(page.locator("section.waiting-on")).to_contain_text("paused")
            rounds.get_by_role("button", name="Resume").click()
            expect(rounds.get_by_role("button", name="Pause the round")).to_be_visible()
            assert not Game.objects.get(pk=board.game_id).is_paused
