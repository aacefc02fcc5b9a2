"""The organiser's page in a real browser (Debian's chromium, driven by Playwright), at a
desktop's width and a phone's, for what issue 35 gave the organiser there: an
announcement to every entrant (D12), a board's result ruled and a seat's score set by hand
once its game ended (D16), and the match for third place's own deadline on the final
round's set-up (D13)."""

from __future__ import annotations

from datetime import timedelta

from django.contrib.auth.hashers import PBKDF2PasswordHasher
from django.contrib.auth.models import User
from playwright.sync_api import Page, expect

from accounts.roles import ORGANISER, grant
from tests.e2e.base import PASSWORD, BrowserTestCase, browser_session, signed_in_page
from tournaments import services
from tournaments.models import Board, BoardSeat, OrganiserAction, Round, Tournament

DESKTOP = {"width": 1400, "height": 1000}
PHONE = {"width": 390, "height": 844}
NAMES = ("ann", "bob", "cat", "dan", "eve", "fay", "gil")


def _olga() -> User:
    hasher = PBKDF2PasswordHasher()
    olga = User.objects.create(username="olga", password=hasher.encode(PASSWORD, hasher.salt()))
    grant(olga, ORGANISER)
    return olga


def board_called() -> tuple[Tournament, Board]:
    """A rounds event of seven seeded by hand, run by "olga": its one board of round 1
    called as a draw of every survivor at the start, and scored."""
    olga = _olga()
    tournament = services.tournament_create(
        by=olga,
        name="Seven",
        format=Tournament.Format.ROUNDS,
        check_in_required=False,
        seeding=Tournament.Seeding.HAND,
        rounds_planned=2,
    )
    entries = [
        services.entry_register(tournament=tournament, user=User.objects.create(username=n))
        for n in NAMES
    ]
    services.hand_seeds_set(tournament=tournament, by=olga, order=[e.pk for e in entries])
    services.tournament_draw(tournament=tournament, by=olga)
    board = Board.objects.get(round__tournament=tournament)
    services.board_call(tournament=tournament, by=olga, board=board, end="draw", reason="Time.")
    board.refresh_from_db()
    assert board.scored_at is not None
    return tournament, board


def _fits(page: Page, viewport: dict[str, int]) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]


class Announcing(BrowserTestCase):
    def _announce(self, viewport: dict[str, int]) -> None:
        tournament, _board = board_called()
        with browser_session() as (browser, errors):
            page = signed_in_page(browser, errors, self.live_server_url, "olga", viewport=viewport)
            page.goto(f"{self.live_server_url}/tournaments/{tournament.pk}/run/")
            _fits(page, viewport)
            form = page.locator("form.announce-form")
            form.locator("textarea[name=message]").fill("Round 2 at two.\nLunch in the hall.")
            box = form.locator("button[type=submit]").bounding_box()
            assert box is not None
            assert box["x"] + box["width"] <= viewport["width"]
            form.locator("button[type=submit]").click()
            expect(page.locator("section.actions-log")).to_contain_text("Sent an announcement")
            page.goto(f"{self.live_server_url}/tournaments/{tournament.pk}/")
            shown = page.locator("section.announcements")
            expect(shown).to_contain_text("Round 2 at two.")
            expect(shown).to_contain_text("Lunch in the hall.")
            _fits(page, viewport)
        action = OrganiserAction.objects.get(kind=OrganiserAction.Kind.ANNOUNCE)
        assert action.details["message"] == "Round 2 at two.\nLunch in the hall."

    def test_on_a_desktop(self) -> None:
        self._announce(DESKTOP)

    def test_on_a_phone(self) -> None:
        self._announce(PHONE)


class CorrectingABoard(BrowserTestCase):
    def _correct(self, viewport: dict[str, int]) -> None:
        tournament, board = board_called()
        url = f"{self.live_server_url}/tournaments/{tournament.pk}/run/"
        with browser_session() as (browser, errors):
            page = signed_in_page(browser, errors, self.live_server_url, "olga", viewport=viewport)
            page.goto(url)
            _fits(page, viewport)
            part = page.locator(f"#correct-board-{board.pk}")
            part.locator("summary").click()
            ruling = part.locator("form.board-result-form")
            expect(ruling).to_be_visible()
            ruling.locator("input[name=outcome][value=solo]").check()
            # Each choice a finger's height, at the table with a phone.
            label = ruling.locator("label", has_text="Russia").bounding_box()
            assert label is not None
            assert label["height"] >= 40
            ruling.locator("input[name=powers][value=russia]").check()
            ruling.locator("input[name=reason]").fill("The others conceded.")
            ruling.locator("button[type=submit]").click()
            page.wait_for_load_state()
            expect(page.locator(f"#correct-board-{board.pk} summary")).to_contain_text("ruled")
            _fits(page, viewport)

            part = page.locator(f"#correct-board-{board.pk}")
            part.locator("summary").click()
            scoring = part.locator("form.seat-score-form")
            france = BoardSeat.objects.get(board=board, power="france")
            scoring.locator("select[name=seat]").select_option(str(france.pk))
            scoring.locator("input[name=score]").fill("-5")
            scoring.locator("input[name=reason]").fill("Penalty: abusive press.")
            scoring.locator("button[type=submit]").click()
            page.wait_for_load_state()
            page.goto(f"{self.live_server_url}/tournaments/{tournament.pk}/")
            expect(page.locator("p.board-result")).to_contain_text(
                "Scored as ruled by the organiser: Solo: Russia."
            )
            expect(page.locator("p.score-set")).to_contain_text("Penalty: abusive press.")
            _fits(page, viewport)
        board.refresh_from_db()
        assert (board.result_outcome, board.result_winner) == ("solo", "russia")
        france.refresh_from_db()
        assert (france.score, france.system_score) == (-5, 0)

    def test_on_a_desktop(self) -> None:
        self._correct(DESKTOP)

    def test_on_a_phone(self) -> None:
        self._correct(PHONE)


class ThirdPlaceDeadline(BrowserTestCase):
    def _set(self, viewport: dict[str, int]) -> None:
        olga = _olga()
        tournament = services.tournament_create(
            by=olga,
            name="Highland Cup",
            format=Tournament.Format.KNOCKOUT,
            check_in_required=False,
            third_place=True,
        )
        for name in ("ann", "bob", "cat", "dan"):
            services.entry_register(tournament=tournament, user=User.objects.create(username=name))
        with browser_session() as (browser, errors):
            page = signed_in_page(browser, errors, self.live_server_url, "olga", viewport=viewport)
            page.goto(f"{self.live_server_url}/tournaments/{tournament.pk}/run/")
            _fits(page, viewport)
            # The final is the second round of four players' knock-out.
            final = page.locator("section.setups details").filter(
                has=page.locator("input[name=number][value='2']")
            )
            final.locator("summary").click()
            field = final.locator("input[name=third_place_hours]")
            expect(field).to_be_visible()
            field.fill("6")
            final.locator("button[type=submit]").click()
            page.wait_for_load_state()
            expect(final.locator("input[name=third_place_hours]")).to_have_value("6.0")
            # The semi-finals' set-up has no match for third place to time.
            assert page.locator("section.setups input[name=third_place_hours]").count() == 1
        final_round = Round.objects.get(tournament=tournament, kind="knockout", number=2)
        assert final_round.third_place_movement_deadline == timedelta(hours=6)

    def test_on_a_desktop(self) -> None:
        self._set(DESKTOP)

    def test_on_a_phone(self) -> None:
        self._set(PHONE)
