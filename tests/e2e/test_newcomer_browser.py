"""What a newcomer organising his first knock-out met in a browser (issue 35): the
new-tournament form showed every format's fields at once (34 for a plain knock-out), and
on a phone the bracket's later rounds sat out of sight in their box with nothing showing
that it scrolls. Screenshots at desktop and phone widths go to /tmp/newcomer-shots/ for a
person to look at."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from playwright.sync_api import Page, expect

from accounts.roles import ORGANISER
from tests.e2e.base import PASSWORD, BrowserTestCase, browser_session, signed_in_page
from tests.e2e.test_tournament_browser import PHONE, anonymous_page, knockout_of_five, user
from tournaments.models import Tournament

DESKTOP = {"width": 1400, "height": 1000}
SHOTS = Path("/tmp/newcomer-shots")

#: What the form asks of a plain knock-out: its name, format, description and rules;
#: who may enter and the draw; the duels' own settings; the games' deadlines and press.
KNOCKOUT_FIELDS = [
    "name", "format", "description", "rules_text",
    "private", "registration_closes", "max_players", "min_reliability", "min_rating",
    "bots_allowed", "check_in_required", "seeding",
    "reseed", "third_place", "setup_hours",
    "movement_hours", "retreat_hours", "adjustment_hours", "press", "nmr_policy", "grace_hours",
]  # fmt: skip
GROUP_FIELDS = ["group_count", "advance_per_group", "tie_breaks"]
ROUND_FIELDS = [
    "rounds_planned", "scoring", "combine", "last_year", "best_rounds", "top_board",
    "top_board_multiplier",
]  # fmt: skip


def shown_fields(page: Page) -> list[str]:
    """The names of the form's fields a person sees, each once, in the page's order."""
    names: list[str] = page.evaluate(
        """() => {
          const seen = [];
          for (const e of document.querySelectorAll("#create-tournament [name]")) {
            if (e.type === "hidden" || !e.checkVisibility()) continue;
            if (!seen.includes(e.name)) seen.push(e.name);
          }
          return seen;
        }"""
    )
    return names


class TheNewTournamentForm(BrowserTestCase):
    def test_it_shows_the_fields_of_the_chosen_format(self) -> None:
        user("olga", ORGANISER)
        SHOTS.mkdir(exist_ok=True)
        with browser_session() as (browser, errors):
            for width, viewport in (("desktop", DESKTOP), ("phone", PHONE)):
                page = signed_in_page(
                    browser, errors, self.live_server_url, "olga", viewport=viewport
                )
                page.goto(f"{self.live_server_url}/tournaments/new/")
                assert shown_fields(page) == KNOCKOUT_FIELDS
                page.screenshot(path=SHOTS / f"create-knockout-{width}.png", full_page=True)
                page.select_option("#id_format", "groups")
                assert shown_fields(page) == [
                    *KNOCKOUT_FIELDS[:15],
                    *GROUP_FIELDS,
                    *KNOCKOUT_FIELDS[15:],
                ]
                page.select_option("#id_format", "rounds")
                assert shown_fields(page) == [
                    *KNOCKOUT_FIELDS[:12],
                    *ROUND_FIELDS,
                    *KNOCKOUT_FIELDS[15:],
                ]
                # Nor the duels' explanation: rounds of standard games have none.
                expect(page.get_by_text("Matches are Highlander twin-board duels")).to_be_hidden()
                page.screenshot(path=SHOTS / f"create-rounds-{width}.png", full_page=True)
                assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
            # A plain knock-out made with it, the check-in left unticked.
            page.select_option("#id_format", "knockout")
            page.fill("#id_name", "First Cup")
            page.uncheck("#id_check_in_required")
            page.click("#create-tournament button[type=submit]")
            page.wait_for_url(lambda url: "/run/" in url)
            assert errors == []
        made = Tournament.objects.get(name="First Cup")
        assert (made.format, made.check_in_required) == ("knockout", False)
        assert (made.group_count, made.rounds_planned) == (2, 3)  # the defaults kept

    def test_without_script_every_part_is_shown_and_it_still_works(self) -> None:
        user("olga", ORGANISER)
        with browser_session() as (browser, errors):
            page = anonymous_page(browser, errors, java_script_enabled=False)
            page.goto(f"{self.live_server_url}/accounts/login/")
            page.fill("#id_username", "olga")
            page.fill("#id_password", PASSWORD)
            page.click("form.stacked button[type=submit]")
            page.wait_for_url(lambda url: "/accounts/login/" not in url)
            page.goto(f"{self.live_server_url}/tournaments/new/")
            shown = shown_fields(page)
            assert set(shown) == {*KNOCKOUT_FIELDS, *GROUP_FIELDS, *ROUND_FIELDS}
            legends = page.locator("#create-tournament legend").all_inner_texts()
            assert legends == [
                "Entry and the draw", "Highlander duels", "Groups", "Rounds of standard games",
                "Games",
            ]  # fmt: skip
            page.select_option("#id_format", "rounds")
            page.fill("#id_name", "Scored Rounds")
            page.fill("#id_rounds_planned", "4")
            page.click("#create-tournament button[type=submit]")
            page.wait_for_url(lambda url: "/run/" in url)
            assert errors == []
        made = Tournament.objects.get(name="Scored Rounds")
        assert (made.format, made.rounds_planned) == ("rounds", 4)


def _bracket_state(page: Page) -> dict[str, Any]:
    state: dict[str, Any] = page.locator(".bracket").evaluate(
        """(e) => {
          const columns = [...e.querySelectorAll(".bracket-round")];
          const last = columns[columns.length - 1].getBoundingClientRect();
          return {
            scrolls: e.scrollWidth > e.clientWidth,
            faded: e.parentElement.classList.contains("more-right"),
            lastRight: last.right,
            boxRight: e.getBoundingClientRect().right,
          };
        }"""
    )
    return state


class TheBracketSaysItScrolls(BrowserTestCase):
    def test_on_a_phone_later_rounds_are_signalled_and_reached(self) -> None:
        tournament = knockout_of_five(user("olga", ORGANISER))
        SHOTS.mkdir(exist_ok=True)
        with browser_session() as (browser, errors):
            page = anonymous_page(browser, errors, viewport=PHONE, device_scale_factor=2)
            page.goto(f"{self.live_server_url}/tournaments/{tournament.pk}/")
            more = page.locator(".bracket-more")
            # The final is out of sight to the right of the box: its edge fades and a
            # button says there is more.
            state = _bracket_state(page)
            assert state["scrolls"], state
            assert state["faded"], state
            assert state["lastRight"] > state["boxRight"], state
            expect(more).to_be_visible()
            expect(more).to_have_text("Later rounds →")
            page.locator(".knockout").screenshot(path=SHOTS / "bracket-phone-start.png")
            # The button takes the reader a column at a time, to the final, and goes.
            for _ in range(4):
                if not more.is_visible():
                    break
                more.click()
                page.wait_for_timeout(600)
            expect(more).to_be_hidden()
            state = _bracket_state(page)
            assert not state["faded"], state
            assert state["lastRight"] <= state["boxRight"] + 1, state
            page.locator(".knockout").screenshot(path=SHOTS / "bracket-phone-end.png")
            assert page.evaluate("window.scrollX") == 0

            desktop = anonymous_page(browser, errors, viewport=DESKTOP)
            desktop.goto(f"{self.live_server_url}/tournaments/{tournament.pk}/")
            expect(desktop.locator(".bracket-round")).to_have_count(3)
            state = _bracket_state(desktop)
            assert not state["scrolls"], state
            assert not state["faded"], state
            expect(desktop.locator(".bracket-more")).to_be_hidden()
            desktop.screenshot(path=SHOTS / "bracket-desktop.png", full_page=True)
            assert errors == []
