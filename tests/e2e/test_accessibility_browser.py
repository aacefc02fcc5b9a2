"""Pages everyone can use (issue 37): axe-core, run in the browser on each page a player,
an organiser or a moderator uses most, finds no serious or critical violation of WCAG 2.1
A/AA: the lobby, a game page of each variant, the exchange page, a duel, a tournament and
its organiser's page, the sandbox and the notification settings; at a desktop's width
and a phone's. And a whole turn is ordered with the keyboard alone."""

from __future__ import annotations

from axe_playwright_python.sync_playwright import Axe
from django.contrib.auth.hashers import PBKDF2PasswordHasher
from django.contrib.auth.models import User
from playwright.sync_api import Page, expect

from accounts.roles import ORGANISER, grant
from games import services
from games.models import Game
from games.terms import GameTerms
from sandbox.services import sandbox_create
from tests.e2e.base import (
    PASSWORD,
    BrowserTestCase,
    browser_session,
    seven_player_game,
    signed_in_page,
)
from tests.e2e.test_exchange_browser import bourse
from tests.e2e.test_organiser_browser import one_board_running
from tests.e2e.test_rather_silly_browser import silly_game
from tests.games.helpers import duel_started

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1400, "height": 1000}
#: What counts: a violation that shuts someone out (axe's two highest impacts).
BLOCKING = ("serious", "critical")
#: The rules checked: WCAG 2.0 and 2.1, levels A and AA.
RULES = {"runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]}}


def blocking(page: Page) -> list[str]:
    """The serious and critical violations axe finds on ``page``, one line each (the rule,
    how many elements, the first element and what to fix), for the failure's message."""
    results = Axe().run(page, options=RULES)
    found = []
    for violation in results.response["violations"]:
        if violation["impact"] in BLOCKING:
            node = violation["nodes"][0]
            found.append(
                f"{violation['id']} ({violation['impact']}, {len(violation['nodes'])}x)"
                f" at {node['target']}: {node.get('failureSummary', '')}"
            )
    return found


def user(name: str) -> User:
    hasher = PBKDF2PasswordHasher()
    found: User = User.objects.create(username=name, password=hasher.encode(PASSWORD, "salt"))
    return found


def draft_game() -> Game:
    """A Multiple Void draft of two, under way."""
    red, blue = user("red-draft"), user("blue-draft")
    game = services.game_create(
        created_by=red,
        name="Draft",
        terms=GameTerms(variant_id="multiple_void", assignment=Game.Assignment.RANDOM),
    )
    services.game_join(game=game, user=blue)
    return game


class PagesEveryoneCanUse(BrowserTestCase):
    def _check(self, page: Page, paths: dict[str, str]) -> dict[str, list[str]]:
        failing = {}
        for name, path in paths.items():
            page.goto(f"{self.live_server_url}{path}")
            page.wait_for_load_state("networkidle")
            found = blocking(page)
            if found:
                failing[name] = found
        return failing

    def test_a_players_pages_have_no_serious_violation(self) -> None:
        standard = seven_player_game("Accessible", all_ready_but_france=True)
        silly = silly_game()
        kapitalisten, investor = bourse("acc")
        draft = draft_game()
        duel = duel_started(user("red-duel"), user("blue-duel"))
        player = "france-player"
        sandbox = sandbox_create(
            owner=User.objects.get(username=player), variant_id="standard", title="Trying"
        )
        for viewport in (DESKTOP, PHONE):
            with browser_session() as (browser, errors):
                page = signed_in_page(
                    browser, errors, self.live_server_url, player, viewport=viewport
                )
                failing = self._check(
                    page,
                    {
                        "lobby": "/",
                        "standard game": f"/games/{standard.pk}/",
                        "Rather Silly game": f"/games/{silly.pk}/",
                        "Multiple Void draft": f"/games/{draft.pk}/",
                        "Highlander duel": f"/games/{duel.pk}/",
                        "sandbox": f"/sandbox/{sandbox.pk}/",
                        "notification settings": "/notifications/",
                    },
                )
                investor_page = signed_in_page(
                    browser, errors, self.live_server_url, investor, viewport=viewport
                )
                failing |= self._check(
                    investor_page,
                    {
                        "Kapitalisten game": f"/games/{kapitalisten.pk}/",
                        "exchange page": f"/games/{kapitalisten.pk}/exchange/",
                    },
                )
                assert failing == {}, (viewport, failing)

    def test_an_organisers_pages_have_no_serious_violation(self) -> None:
        tournament, _board = one_board_running()
        grant(User.objects.get(username="olga"), ORGANISER)
        for viewport in (DESKTOP, PHONE):
            with browser_session() as (browser, errors):
                page = signed_in_page(
                    browser, errors, self.live_server_url, "olga", viewport=viewport
                )
                failing = self._check(
                    page,
                    {
                        "tournaments": "/tournaments/",
                        "tournament": f"/tournaments/{tournament.pk}/",
                        "organiser's page": f"/tournaments/{tournament.pk}/run/",
                    },
                )
                assert failing == {}, (viewport, failing)


def tab_to(page: Page, selector: str, most: int = 80) -> None:
    """Press Tab, as a keyboard's user does, until ``selector`` has the focus."""
    for _ in range(most):
        page.keyboard.press("Tab")
        if page.evaluate("(s) => document.activeElement.matches(s)", selector):
            return
    raise AssertionError(f"{selector} is not reached by Tab")


class ATurnByKeyboardAlone(BrowserTestCase):
    def test_a_player_orders_his_spring_and_says_he_is_ready_with_keys_only(self) -> None:
        game = seven_player_game("Keys")
        with browser_session() as (browser, errors):
            page = signed_in_page(browser, errors, self.live_server_url, "france-player")
            page.goto(f"{self.live_server_url}/games/{game.pk}/")
            tab_to(page, "#order-input")
            for order in ("A par - bur", "A mar - spa", "F bre - mao"):
                page.keyboard.type(order)
                page.keyboard.press("Enter")
                expect(page.locator(f'#order-list li[data-order="{order}"]')).to_be_visible()
            # The button is enabled once the orders are saved, as a player waits to see it
            # (tabbing on while the last save is under way passed it by, disabled, in CI).
            expect(page.locator("#ready-button")).to_be_enabled()
            tab_to(page, "#ready-button:not([disabled])")
            page.keyboard.press("Enter")
            expect(page.locator("#ready-button")).to_have_text("Not ready")
        saved = game.phases.get().order_sets.get(power="france")
        assert sorted(saved.orders) == ["A mar - spa", "A par - bur", "F bre - mao"]
        assert saved.ready


#: Each unit's and each province's accessible name on the page's board, as the browser's
#: accessibility tree computes it (what a screen reader says).
BOARD_NAMES = """async () => {
  const named = (el) => el.getAttribute("aria-label") || "";
  return {
    role: document.querySelector("#board").getAttribute("role"),
    units: [...document.querySelectorAll("#units .unit")].map((u) => [
      u.dataset.unit, u.getAttribute("role"), named(u)]),
    provinces: [...document.querySelectorAll("#provinces .prov")].map((p) => [
      p.dataset.province, p.getAttribute("role"), named(p)]),
  };
}"""


class TheBoardsPiecesHaveNames(BrowserTestCase):
    def test_units_and_provinces_are_named_in_the_pages_language(self) -> None:
        """A screen reader names each unit (its place, power and kind) and each province,
        in English and in German; the board is a group, not one image that hides them."""
        game = seven_player_game("Named board")
        with browser_session() as (browser, errors):
            page = signed_in_page(
                browser, errors, self.live_server_url, "france-player", viewport=DESKTOP
            )
            page.goto(f"{self.live_server_url}/games/{game.pk}/")
            names = page.evaluate(BOARD_NAMES)
            assert names["role"] == "group"
            units = {loc: (role, name) for loc, role, name in names["units"]}
            assert units["par"] == ("img", "Paris, France, army")
            assert units["bre"] == ("img", "Brest, France, fleet")
            assert len(units) == 22
            assert all(name for _, name in units.values())
            provinces = {pid: (role, name) for pid, role, name in names["provinces"]}
            assert provinces["bur"] == ("img", "Burgundy")
            assert all(name for _, name in provinces.values())
            # The browser's own accessibility tree gives them these names.
            snapshot = page.locator("#board").aria_snapshot()
            assert 'img "Paris, France, army"' in snapshot
            assert 'img "Burgundy"' in snapshot
            page.context.add_cookies(
                [{"name": "django_language", "value": "de", "url": self.live_server_url}]
            )
            page.reload()
            units = {loc: name for loc, _, name in page.evaluate(BOARD_NAMES)["units"]}
            assert units["par"] == "Paris, Frankreich, Armee"
            assert units["mun"] == "München, Deutschland, Armee"
