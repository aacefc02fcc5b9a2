"""A tournament's page in a real browser (Debian's chromium, driven by Playwright): the
knock-out bracket moves on, without a reload, when a duel is decided on its boards (and
catches up once its connection is back if the fetch failed); the group tables keep what
the reader opened; a private tournament's channel is its players' only; and on a phone
the bracket scrolls sideways inside its own box, never the page.

The live server is a process of its own: with the embedded in-memory layer it cannot hear
the publish made in the test's process, and the page learns of the new version by the
consumer's periodic check instead (LIVE_POLL_SECONDS; with Redis, as in CI, by the
signal itself)."""

from __future__ import annotations

import json
from collections.abc import Callable
from contextlib import AbstractContextManager, nullcontext
from typing import Any

from django.contrib.auth.hashers import PBKDF2PasswordHasher
from django.contrib.auth.models import User
from playwright.sync_api import Page, Route, WebSocketRoute, expect

from accounts.roles import ORGANISER, PLAYER, grant
from tests.e2e.base import (
    PASSWORD,
    BrowserTestCase,
    browser_session,
    outside_the_event_loop,
    signed_in_page,
    watch_errors,
)
from tests.tournaments.services.conftest import FIXED_17, win_duel
from tournaments import services
from tournaments.models import Entry, Match, Round, Tournament

PHONE = {"width": 390, "height": 844}
#: Five players seeded by hand: seeds 1 to 3 have byes, dan (4) and eve (5) play the one
#: duel of the first round; the bracket has three columns, wider than a phone.
NAMES = ("ann", "bob", "cat", "dan", "eve")
#: What a socket says of itself once it is open and has spoken, or once it is closed.
SOCKET = """(path) => new Promise((resolve) => {
  const ws = new WebSocket(`ws://${window.location.host}${path}`);
  let opened = false;
  ws.addEventListener("open", () => { opened = true; });
  ws.addEventListener("message", (event) => {
    resolve({ opened, message: JSON.parse(event.data) });
    ws.close();
  });
  ws.addEventListener("close", (event) => resolve({ opened, code: event.code }));
})"""


def user(name: str, role: str = PLAYER) -> Any:
    """A user who may sign in with the browsers' password: hashed with the site's own
    hasher, as the live server process does not share the tests' fast one."""
    hasher = PBKDF2PasswordHasher()
    made = User.objects.create(username=name, password=hasher.encode(PASSWORD, hasher.salt()))
    grant(made, role)
    return made


def no_capture(**_: Any) -> AbstractContextManager[None]:
    """What the services tests' ``capture`` does, here where transactions really commit:
    nothing (the after-commit callbacks run by themselves)."""
    return nullcontext()


def knockout_of_five(organiser: Any) -> Tournament:
    """A public knock-out of :data:`NAMES`, drawn; every duel starts from the set-up that
    lets it be decided in one turn (rule 3B)."""
    tournament = services.tournament_create(
        by=organiser,
        name="Highland Cup",
        format=Tournament.Format.KNOCKOUT,
        seeding=Tournament.Seeding.HAND,
        check_in_required=False,
    )
    entries = [services.entry_register(tournament=tournament, user=user(n)) for n in NAMES]
    services.hand_seeds_set(tournament=tournament, by=organiser, order=[e.pk for e in entries])
    for number in (1, 2, 3):
        services.round_setup_fix(
            tournament=tournament,
            by=organiser,
            kind=Round.Kind.KNOCKOUT,
            number=number,
            setup=FIXED_17,
        )
    drawn: Tournament = services.tournament_draw(tournament=tournament, by=organiser)
    return drawn


def played_out(match: Match, winner: Entry) -> Callable[[], None]:
    """Play ``match``'s duel to ``winner``'s victory (in its own thread: see
    :func:`outside_the_event_loop`)."""

    def play() -> None:
        win_duel(match, winner, no_capture)

    return play


def knockout_match(tournament: Tournament, bracket_round: int, index: int) -> Match:
    match: Match = Match.objects.select_related("a__user", "b__user").get(
        tournament=tournament,
        round__kind=Round.Kind.KNOCKOUT,
        bracket_round=bracket_round,
        index=index,
    )
    return match


def anonymous_page(browser: Any, errors: list[Any], **context: Any) -> Page:
    page: Page = browser.new_context(**context).new_page()
    watch_errors(page, errors)
    return page


class TheBracketLive(BrowserTestCase):
    def test_a_decided_duel_moves_the_open_bracket_on_without_a_reload(self) -> None:
        tournament = knockout_of_five(user("olga", ORGANISER))
        (duel,) = Match.objects.filter(
            tournament=tournament, bracket_round=1, b__isnull=False, duel__isnull=False
        ).select_related("a__user", "b__user")
        assert (duel.a.user.username, duel.b.user.username) == ("dan", "eve")
        eve = duel.b
        with browser_session() as (browser, errors):
            page = anonymous_page(browser, errors, viewport={"width": 1400, "height": 1000})
            page.goto(f"{self.live_server_url}/tournaments/{tournament.pk}/")
            first = page.locator(f"#match-{duel.pk}")
            expect(first).to_have_class("match match-playing")
            expect(first.locator(".slot.won")).to_have_count(0)
            semis = page.locator(".bracket-round").nth(1)
            expect(semis.locator(".match").first).to_contain_text("to be decided")
            # The page is watching its channel before the duel is played.
            page.wait_for_load_state("networkidle")
            page.evaluate("window.__marker = 1")  # a reload would wipe this out

            # Eve takes Moscow on board B: games announces the end of the boards, the
            # listener decides the match, the bracket moves on and the new version is
            # published after the commit. A service publishing to the channel layer must
            # run where there is no event loop, as in a real request.
            outside_the_event_loop(played_out(duel, eve))

            won = first.locator(".slot.won")
            expect(won).to_contain_text("eve", timeout=15000)
            # The bracket is drawn anew on each version (the duel, then the next round):
            # ask the box on the page now, not one the redraw may have taken away.
            expect(won).to_have_css("font-weight", "700")
            expect(first.locator(".slot.lost")).to_contain_text("dan")
            expect(first.locator(".match-state")).to_contain_text("eve wins")
            semi = knockout_match(tournament, 2, duel.index // 2)
            assert (semi.a.user.username, semi.b.user.username) == ("ann", "eve")
            assert semi.duel_id is not None
            box = page.locator(f"#match-{semi.pk}")
            expect(box.locator(".slot").nth(0)).to_contain_text("ann")
            expect(box.locator(".slot").nth(1)).to_contain_text("eve")
            expect(box).to_have_class("match match-playing")
            expect(box.get_by_role("link", name="boards")).to_have_attribute(
                "href", f"/duels/{semi.duel_id}/"
            )
            assert page.evaluate("window.__marker") == 1

    def test_a_refresh_the_connection_lost_is_made_when_the_socket_is_back(self) -> None:
        """The page hears of the new version but its fetch of itself fails (the connection
        dropped): it still shows the old bracket, and once its socket is back, the version
        it is greeted with brings the bracket up to date."""
        tournament = knockout_of_five(user("olga", ORGANISER))
        (duel,) = Match.objects.filter(
            tournament=tournament, bracket_round=1, b__isnull=False
        ).select_related("a__user", "b__user")
        address = f"{self.live_server_url}/tournaments/{tournament.pk}/"
        lost: list[bool] = []  # while set, the page's fetches of itself fail
        final: list[int] = []  # the version once the duel is decided
        sockets: list[WebSocketRoute] = []

        def page_fetch(route: Route) -> None:
            if lost:
                route.abort("connectionreset")
            else:
                route.continue_()

        def socket(ws: WebSocketRoute) -> None:
            sockets.append(ws)
            server = ws.connect_to_server()
            first = len(sockets) == 1

            def from_server(message: str | bytes) -> None:
                # On the first connection, once the duel is played, only the last version
                # reaches the page (one fetch, which fails); later, everything does.
                if not first or not final or json.loads(message)["version"] == final[0]:
                    ws.send(message)

            server.on_message(from_server)

        with browser_session() as (browser, errors):
            page = anonymous_page(browser, errors, viewport={"width": 1400, "height": 1000})
            page.route(address, page_fetch)
            page.context.route_web_socket("**/ws/tournaments/*/", socket)
            page.goto(address)
            match = page.locator(f"#match-{duel.pk}")
            expect(match).to_have_class("match match-playing")
            page.wait_for_load_state("networkidle")
            assert len(sockets) == 1
            root = page.locator(".tournament-page")
            shown = int(root.get_attribute("data-version") or 0)
            page.evaluate("window.__marker = 1")
            lost.append(True)
            outside_the_event_loop(played_out(duel, duel.b))
            tournament.refresh_from_db()
            final.append(tournament.version)
            assert final[0] > shown
            with page.expect_event("requestfailed", lambda r: r.url == address, timeout=15000):
                pass
            lost.clear()
            expect(root).to_have_attribute("data-version", str(shown))
            expect(match.locator(".slot.won")).to_have_count(0)
            # The connection comes back: the page's socket is opened again, and greeted.
            sockets[0].close()
            expect(match.locator(".slot.won")).to_contain_text("eve", timeout=15000)
            expect(root).to_have_attribute("data-version", str(final[0]))
            assert len(sockets) == 2
            assert page.evaluate("window.__marker") == 1


class GroupTablesLive(BrowserTestCase):
    def test_what_the_reader_opened_stays_open_when_the_page_follows(self) -> None:
        """Two groups, each with its "if all games ended now": the reader opens the second
        group's alone, and after the page has fetched itself again it is still the second
        that is open, not the first."""
        organiser = user("olga", ORGANISER)
        tournament = services.tournament_create(
            by=organiser,
            name="Group Cup",
            format=Tournament.Format.GROUPS,
            check_in_required=False,
        )
        for name in NAMES[:4]:
            services.entry_register(tournament=tournament, user=user(name))
        services.tournament_draw(tournament=tournament, by=organiser)
        tournament.refresh_from_db()
        stage = Round.objects.get(tournament=tournament, kind=Round.Kind.GROUPS)
        with browser_session() as (browser, errors):
            page = anonymous_page(browser, errors, viewport={"width": 1400, "height": 1000})
            page.goto(f"{self.live_server_url}/tournaments/{tournament.pk}/")
            details = page.locator("#tournament-live details.if-now")
            expect(details).to_have_count(2)
            page.wait_for_load_state("networkidle")
            details.nth(1).locator("summary").click()
            expect(details.nth(1)).to_have_attribute("open", "")
            page.evaluate("window.__marker = 1")

            def pause() -> None:
                services.round_pause(
                    tournament=tournament, by=organiser, round=stage, reason="a holiday"
                )

            outside_the_event_loop(pause)
            tournament.refresh_from_db()
            expect(page.locator(".tournament-page")).to_have_attribute(
                "data-version", str(tournament.version), timeout=15000
            )
            expect(details.nth(0)).not_to_have_attribute("open", "")
            expect(details.nth(1)).to_have_attribute("open", "")
            assert page.evaluate("window.__marker") == 1


class APrivateTournamentsChannel(BrowserTestCase):
    def test_a_stranger_is_refused_and_a_player_entered_is_answered(self) -> None:
        organiser = user("olga", ORGANISER)
        tournament = services.tournament_create(
            by=organiser, name="Back room", format=Tournament.Format.KNOCKOUT, private=True
        )
        player = user("ann")
        user("zed")  # the stranger, signed in below by name
        services.entry_register(
            tournament=tournament, user=player, invite_code=tournament.invite_code
        )
        tournament.refresh_from_db()
        path = f"/ws/tournaments/{tournament.pk}/"

        # The socket's close code itself (4403) is tested through the ASGI application
        # in tests/tournaments/test_consumers.py; a browser sees only that it never opens.

        # In the browser, against the live server: the refused handshake never opens
        # (Daphne answers a socket closed before it is accepted with a 403), and the
        # player's page is shown and its socket answers with the version.
        with browser_session() as (browser, errors):
            page = signed_in_page(browser, errors, self.live_server_url, "zed")
            answer = page.goto(f"{self.live_server_url}/tournaments/{tournament.pk}/")
            assert answer is not None
            assert answer.status == 404
            refused = page.evaluate(SOCKET, path)
            assert refused["opened"] is False
            assert refused["code"] != 1000  # not a clean close: the handshake failed

            page = signed_in_page(browser, errors, self.live_server_url, "ann")
            answer = page.goto(f"{self.live_server_url}/tournaments/{tournament.pk}/")
            assert answer is not None
            assert answer.status == 200
            expect(page.locator(".tournament-head h1")).to_have_text("Back room")
            assert page.evaluate(SOCKET, path) == {
                "opened": True,
                "message": {"type": "tournament.changed", "version": tournament.version},
            }


class TheBracketOnAPhone(BrowserTestCase):
    def test_the_bracket_scrolls_in_its_own_box_and_the_page_does_not(self) -> None:
        tournament = knockout_of_five(user("olga", ORGANISER))
        with browser_session() as (browser, errors):
            page = anonymous_page(browser, errors, viewport=PHONE)
            page.goto(f"{self.live_server_url}/tournaments/{tournament.pk}/")
            bracket = page.locator(".bracket")
            expect(bracket.locator(".bracket-round")).to_have_count(3)
            expect(bracket).to_contain_text("eve")
            widths = page.evaluate(
                """() => ({
                  page: document.documentElement.scrollWidth,
                  body: document.body.scrollWidth,
                  window: window.innerWidth,
                })"""
            )
            assert widths["window"] == 390
            assert widths["page"] <= 390, widths
            assert widths["body"] <= 390, widths
            box = bracket.evaluate(
                """(e) => {
                  const before = e.scrollLeft;
                  e.scrollLeft = e.scrollWidth;
                  const rect = e.getBoundingClientRect();
                  return {
                    overflow: getComputedStyle(e).overflowX,
                    scrollWidth: e.scrollWidth,
                    clientWidth: e.clientWidth,
                    before,
                    after: e.scrollLeft,
                    left: rect.left,
                    right: rect.right,
                  };
                }"""
            )
            # Wider than its box, which stays inside the window and scrolls sideways.
            assert box["overflow"] == "auto", box
            assert box["scrollWidth"] > box["clientWidth"], box
            assert box["left"] >= 0, box
            assert box["right"] <= 390, box
            assert (box["before"], box["after"] > 0) == (0, True), box
            # Scrolling the bracket did not scroll the page.
            assert page.evaluate("window.scrollX") == 0
            assert page.evaluate("document.documentElement.scrollWidth") <= 390
