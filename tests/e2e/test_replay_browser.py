"""In a real browser: the game page's replay. Played, it walks the adjudicated phases (the
orders drawn, then their results, then the position after) and stops at the open phase;
stepped with the keyboard, the address names the phase on show and opening that address
shows it; the open phase's orders never appear to anyone but their power; a phone's
width takes its controls without scrolling sideways."""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qs, urlparse

from playwright.sync_api import Browser, Page, expect

from games import services
from games.models import Game
from tests.e2e.base import (
    POWERS,
    BrowserTestCase,
    browser_session,
    seven_player_game,
    signed_in_page,
    watch_errors,
)

#: France takes Burgundy from Germany (dislodged, it retreats to the Ruhr), and builds.
PLAY = {
    "S1901M": {
        "france": ["A par - pic", "F bre - mao"],
        "germany": ["A mun - bur", "F kie - den"],
    },
    "F1901M": {
        "france": ["A pic - bur", "A mar S A pic - bur", "F mao - por"],
        "germany": ["A bur H"],
    },
    "F1901R": {"germany": ["A bur R ruh"]},
}
#: France's build in the open winter: saved, and nobody else's to see.
SECRET_BUILD = "A par B"
PHONE = {"width": 390, "height": 844}


def played_game() -> Game:
    """A running game three phases in (two movements and a retreat adjudicated), France's
    build for the open winter saved."""
    from django.contrib.auth.models import User

    game = seven_player_game("Replay game")
    users = {u.username.removesuffix("-player"): u for u in User.objects.all()}
    for code, orders in PLAY.items():
        phase = game.current_phase
        assert phase is not None
        assert phase.code == code
        for power, given in orders.items():
            services.orders_submit(game=game, user=users[power], orders=given)
        assert services.phase_adjudicate(game_id=game.pk, phase_id=phase.pk)
        game.refresh_from_db()
    assert game.current_phase is not None
    assert game.current_phase.code == "W1901A"
    services.orders_submit(game=game, user=users["france"], orders=[SECRET_BUILD])
    return game


#: Records each step the replay shows: its phase, its words, how "A bur H" is drawn and
#: which units are marked dislodged.
SEEN = """() => {
  window.__seen = [];
  const note = () => {
    const phase = document.getElementById("replay-phase").textContent;
    const step = document.getElementById("replay-step").textContent;
    if (!phase || !step) return;
    const line = document.querySelector('#orders [data-order="A bur H"]');
    const marked = [...document.querySelectorAll("#units .unit.dislodged")]
      .map((u) => "dislodged " + u.dataset.unit);
    const entry = [phase, step, line ? line.getAttribute("class") : "-", ...marked].join("|");
    if (window.__seen[window.__seen.length - 1] !== entry) window.__seen.push(entry);
  };
  new MutationObserver(note).observe(document.getElementById("replay"),
    { subtree: true, childList: true, characterData: true });
}"""


def phase_in_address(page: Page) -> str | None:
    values = parse_qs(urlparse(page.url).query).get("phase")
    return values[0] if values else None


def drawn(page: Page, order: str) -> Any:
    return page.locator(f'#orders [data-order="{order}"]')


class ReplayCase(BrowserTestCase):
    """One test a class: here (SQLite, a forked live server) a second test of a class finds
    its server blind to the data its setUp wrote (so do the other browser tests with several
    tests a class, such as test_narrow_screen_browser.py, on main)."""

    def setUp(self) -> None:
        self.game = played_game()
        self.url = f"{self.live_server_url}/games/{self.game.pk}/"

    def _anonymous(self, browser: Browser, errors: list[Any], **context: Any) -> Page:
        page = browser.new_context(**context).new_page()
        watch_errors(page, errors)
        return page


class SteppingWithTheKeyboard(ReplayCase):
    def test_stepping_with_the_keyboard_names_each_phase_in_the_address(self) -> None:
        with browser_session() as (browser, errors):
            page = signed_in_page(browser, errors, self.live_server_url, "germany-player")
            page.goto(self.url)
            expect(page.locator("#replay")).to_be_visible()
            # The open winter, as the page shows it: no replay under way.
            assert phase_in_address(page) is None

            page.keyboard.press("Home")
            expect(page.locator("#replay-phase")).to_have_text("Spring 1901 movement")
            assert phase_in_address(page) == "0"
            expect(page.locator("#phase-select")).to_have_value("0")
            # Spring's orders, all of them carried out.
            expect(drawn(page, "A mun - bur")).to_have_class("order move power-germany")
            expect(drawn(page, "F kie - den")).to_have_class("order move power-germany")
            expect(page.locator("#replay-results")).to_contain_text("A Munich → Burgundy")

            page.keyboard.press("ArrowRight")
            expect(page.locator("#replay-phase")).to_have_text("Fall 1901 movement")
            assert phase_in_address(page) == "1"
            expect(drawn(page, "A pic - bur")).to_have_class("order move power-france")
            expect(drawn(page, "A bur H")).to_have_class("order hold power-germany failed")
            # The German army dislodged from Burgundy, marked where it awaits its retreat.
            dislodged = page.locator('#units .unit.dislodged[data-unit="bur"]')
            expect(dislodged).to_have_attribute("data-power", "germany")
            expect(dislodged.locator(".dislodged-mark")).to_have_count(1)
            expect(page.locator("#replay-results .result-dislodged")).to_contain_text("Burgundy")

            page.keyboard.press("ArrowRight")
            expect(page.locator("#replay-phase")).to_have_text("Fall 1901 retreats")
            assert phase_in_address(page) == "2"
            expect(drawn(page, "A bur R ruh")).to_have_class("order retreat power-germany")

            page.keyboard.press("ArrowLeft")
            assert_phase(page, "1", "Fall 1901 movement")
            # The panel follows once the replay rests on a phase.
            expect(page.locator("#panel h2").first).to_have_text("Fall 1901 movement")

            # The address, shared: that phase on opening it.
            shared = page.url
            other = signed_in_page(browser, errors, self.live_server_url, "italy-player")
            other.goto(shared)
            expect(other.locator("#panel h2").first).to_have_text("Fall 1901 movement")
            expect(drawn(other, "A pic - bur")).to_have_count(1)

            # Without a connection, a phase not yet read cannot be shown: said so.
            page.context.set_offline(True)
            page.keyboard.press("End")
            expect(page.locator("#replay-step")).to_have_text(
                "That phase could not be read: no connection to the server."
            )
            assert phase_in_address(page) == "1"
            page.context.set_offline(False)

            # End: the open winter, shown as ever, without France's secret build.
            page.keyboard.press("End")
            expect(page.locator("#panel h2").first).to_have_text("Winter 1901 adjustments")
            assert phase_in_address(page) is None
            # Named for those who hear the page; no step of a replay any more.
            expect(page.locator("#replay-phase")).to_have_text("Winter 1901 adjustments")
            expect(page.locator("#replay-step")).to_have_text("")
            expect(drawn(page, SECRET_BUILD)).to_have_count(0)
            expect(page.locator("#orders [data-order]")).to_have_count(0)


class Playing(ReplayCase):
    def test_playing_walks_the_history_and_stops_at_the_open_phase(self) -> None:
        with browser_session() as (browser, errors):
            page = signed_in_page(browser, errors, self.live_server_url, "france-player")
            page.goto(f"{self.url}?phase=0")
            expect(page.locator("#panel h2").first).to_have_text("Spring 1901 movement")
            page.select_option("#replay-speed", "4")
            # Every phase fetched is kept: count the state reads while it plays.
            reads: list[str] = []
            page.on("request", lambda r: reads.append(r.url) if "words=true" in r.url else None)
            # What the board shows at each step, as the replay goes: the step's words and
            # how the German hold in Burgundy is drawn then.
            page.evaluate(SEEN)
            # Space plays (focus on the page, not in a field).
            page.locator("#panel h1").click()
            page.keyboard.press(" ")
            expect(page.locator("#replay .replay-play .label")).to_have_text("Pause")
            # At the open winter it stops: France's own build is on its own page.
            expect(page.locator("#panel h2").first).to_have_text(
                "Winter 1901 adjustments", timeout=15000
            )
            expect(page.locator("#replay .replay-play .label")).to_have_text("Replay")
            assert phase_in_address(page) is None
            expect(drawn(page, SECRET_BUILD)).to_have_count(1)
            seen = page.evaluate("window.__seen")
            assert seen[:6] == [
                "Spring 1901 movement|· orders given|-",
                "Spring 1901 movement|· results|-",
                "Spring 1901 movement|· position after|-",
                # Going in, the fall's hold in Burgundy undecided; then failed, the army
                # dislodged; then the position after, the army awaiting its retreat.
                "Fall 1901 movement|· orders given|order hold power-germany",
                "Fall 1901 movement|· results|order hold power-germany failed|dislodged bur",
                "Fall 1901 movement|· position after|-|dislodged bur",
            ], seen
            assert seen[-1] == "Fall 1901 retreats|· position after|-", seen
            # Each adjudicated phase read once (the open one only to learn it is open).
            adjudicated = [u for u in reads if "phase=3" not in u]
            assert sorted(adjudicated) == sorted(set(adjudicated)), reads
            assert len(adjudicated) == 3, reads

            # Paused mid-way, Space again: it goes on from there.
            page.keyboard.press("Home")
            assert_phase(page, "0", "Spring 1901 movement")
            page.keyboard.press(" ")
            expect(page.locator("#replay-phase")).to_have_text("Fall 1901 movement")
            page.keyboard.press(" ")
            expect(page.locator("#replay .replay-play .label")).to_have_text("Replay")
            assert phase_in_address(page) in ("1", "2")


class KeysInAField(ReplayCase):
    def test_keys_in_the_orders_box_are_the_boxs_own(self) -> None:
        with browser_session() as (browser, errors):
            page = signed_in_page(browser, errors, self.live_server_url, "france-player")
            page.goto(self.url)
            page.locator("#order-input").press_sequentially("A mar B")
            page.keyboard.press("ArrowLeft")
            page.keyboard.press("Home")
            page.keyboard.press(" ")
            assert phase_in_address(page) is None
            expect(page.locator("#replay-phase")).to_have_text("")
            expect(page.locator("#order-input")).to_have_value(" A mar B")


class AnonymousWatcher(ReplayCase):
    def test_the_open_phase_orders_stay_secret_from_anonymous_watchers(self) -> None:
        with browser_session() as (browser, errors):
            page = self._anonymous(browser, errors, viewport={"width": 1400, "height": 1000})
            page.goto(f"{self.url}?phase=2")
            page.click("#replay [data-replay='forward']")
            expect(page.locator("#panel h2").first).to_have_text("Winter 1901 adjustments")
            expect(drawn(page, SECRET_BUILD)).to_have_count(0)
            page.click("#replay [data-replay='first']")
            assert_phase(page, "0", "Spring 1901 movement")
            # The panel follows the phase (fetched anew): the button keeps the focus, though
            # it has nothing more to do.
            expect(page.locator("#panel h2").first).to_have_text("Spring 1901 movement")
            expect(page.locator("#replay [data-replay='first']")).to_be_focused()
            expect(page.locator("#replay [data-replay='first']")).to_be_disabled()
            page.keyboard.press("Enter")
            assert_phase(page, "0", "Spring 1901 movement")
            page.click("#replay [data-replay='play']")
            expect(page.locator("#panel h2").first).to_have_text(
                "Winter 1901 adjustments", timeout=20000
            )
            expect(drawn(page, SECRET_BUILD)).to_have_count(0)
            assert "A par B" not in page.content()


class OnAPhone(ReplayCase):
    def test_the_controls_fit_a_phone(self) -> None:
        with browser_session() as (browser, errors):
            page = signed_in_page(
                browser, errors, self.live_server_url, "germany-player", viewport=PHONE
            )
            page.goto(self.url)
            controls = page.locator("#replay .replay-controls")
            expect(controls).to_be_visible()
            page.locator("#replay [data-replay='back']").click()
            assert_phase(page, "2", "Fall 1901 retreats")
            width = page.evaluate("window.innerWidth")
            for box in page.locator("#replay button, #replay select").all():
                bounds = box.bounding_box()
                assert bounds is not None
                assert bounds["x"] >= 0
                assert bounds["x"] + bounds["width"] <= width
                # Large enough for a finger.
                assert bounds["height"] >= 40
            scroll = page.evaluate(
                "Math.max(document.documentElement.scrollWidth, document.body.scrollWidth)"
                " - window.innerWidth"
            )
            assert scroll <= 0


def assert_phase(page: Page, index: str, name: str) -> None:
    expect(page.locator("#replay-phase")).to_have_text(name)
    assert phase_in_address(page) == index


# -- the variants' own phases: a set-up's nominations, a draft's picks, a duel's boards --------


def two_players(variant: str, *, options: dict[str, Any], duel: bool = False) -> Game:
    """A running game of ``variant`` between red (alice, its creator) and blue (bob)."""
    from django.contrib.auth.models import User

    from games.terms import GameTerms

    alice = User.objects.create_user("alice")
    bob = User.objects.create_user("bob")
    chosen = variant == "highlander"
    game = services.game_create(
        created_by=alice,
        name=f"Replay {variant}",
        power="red" if chosen else None,
        terms=GameTerms(
            variant_id=variant,
            options=options,
            duel=duel,
            assignment=Game.Assignment.CHOSEN if chosen else Game.Assignment.RANDOM,
        ),
    )
    services.game_join(game=game, user=bob, power="blue" if chosen else None)
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE
    return game


def give(game: Game, power: str, orders: list[str]) -> None:
    """``power``'s player saves ``orders`` and says he is ready."""
    user = game.seats.get(power=power).user
    services.orders_submit(game=game, user=user, orders=orders)
    services.orders_ready(game=game, user=user, ready=True)


def adjudicate(game: Game) -> None:
    phase = game.current_phase
    assert phase is not None
    assert services.phase_adjudicate(game_id=game.pk, phase_id=phase.pk)
    game.refresh_from_db()


def replay_to_the_end(case: ReplayCase, game: Game, errors: list[Any], browser: Browser) -> Page:
    """An anonymous watcher opens ``game``'s page, goes to its first phase and plays the
    replay very fast until it stops at the open phase."""
    page = case._anonymous(browser, errors, viewport={"width": 1400, "height": 1000})
    page.goto(f"{case.live_server_url}/games/{game.pk}/")
    expect(page.locator("#replay")).to_be_visible()
    page.select_option("#replay-speed", "4")
    page.click("#replay [data-replay='first']")
    expect(page.locator("#replay-step")).to_have_text("· results")
    assert phase_in_address(page) == "0"
    return page


class HighlanderNomination(ReplayCase):
    def setUp(self) -> None:
        from tests.games.test_highlander_site import BLUE_LIST, RED_LIST

        self.game = two_players("highlander", options={})
        give(self.game, "red", [f"nominate {c}" for c in RED_LIST])
        give(self.game, "blue", [f"nominate {c}" for c in BLUE_LIST])
        adjudicate(self.game)
        assert self.game.current_phase is not None
        assert self.game.current_phase.code == "W1900P"

    def test_the_nominations_are_drawn_and_the_replay_stops_at_the_placement(self) -> None:
        with browser_session() as (browser, errors):
            page = replay_to_the_end(self, self.game, errors, browser)
            # Each list's centers ringed; Rome, on both lists, stays neutral: failed.
            expect(drawn(page, "nominate lon")).to_have_class("order nominate power-red")
            # The ring is round London's supply center's dot, not where a unit stands.
            apart = page.evaluate(
                """() => {
                  const dot = document.querySelector('#centers [data-center="lon"]');
                  const ring = document.querySelector('#orders [data-order="nominate lon"] circle');
                  return [Math.abs(ring.getAttribute("cx") - dot.getAttribute("cx")),
                          Math.abs(ring.getAttribute("cy") - dot.getAttribute("cy"))];
                }"""
            )
            assert max(apart) < 0.1, apart
            expect(drawn(page, "nominate rom")).to_have_count(2)
            rome = {str(ring.get_attribute("class")) for ring in drawn(page, "nominate rom").all()}
            assert rome == {"order nominate power-red failed", "order nominate power-blue failed"}
            expect(page.locator("#replay-results .result-bounce")).to_have_count(2)
            page.click("#replay [data-replay='play']")
            label = page.locator("#replay .replay-play .label")
            expect(label).to_have_text("Pause")
            expect(label).to_have_text("Replay", timeout=15000)
            expect(page.locator("#replay-step")).to_have_text("")
            expect(page.locator("#panel h2").first).to_have_text("Placement of units")
            assert phase_in_address(page) is None


class MultipleVoidDraft(ReplayCase):
    def setUp(self) -> None:
        from collections import deque

        from adjudicator import find_variant
        from games.positions import phase_position, powers_to_order
        from tests.games.test_multiple_void_site import BLUE_PICKS, RED_PICKS

        self.game = two_players("multiple_void", options={"players": 2})
        picks = {"red": deque(RED_PICKS), "blue": deque(BLUE_PICKS)}
        variant = find_variant("multiple_void")
        # The first four picks, then the draft is left open.
        for _ in range(4):
            phase = self.game.current_phase
            assert phase is not None
            assert phase.code == "S1900D"
            (power,) = powers_to_order(phase_position(phase), variant)
            give(self.game, power, [f"{picks[power].popleft()} B"])
            adjudicate(self.game)

    def test_each_pick_is_drawn_and_the_replay_stops_at_the_open_pick(self) -> None:
        with browser_session() as (browser, errors):
            page = replay_to_the_end(self, self.game, errors, browser)
            first = page.locator("#replay-phase").inner_text()
            # A pick is a build: ringed in its colour.
            expect(page.locator("#orders .order.build")).to_have_count(1)
            page.keyboard.press("ArrowRight")
            expect(page.locator("#replay-phase")).not_to_have_text(first)
            assert phase_in_address(page) == "1"
            expect(page.locator("#orders .order.build")).to_have_count(1)
            page.click("#replay [data-replay='play']")
            expect(page.locator("#replay .replay-play .label")).to_have_text(
                "Replay", timeout=15000
            )
            assert phase_in_address(page) is None
            # The open pick, as the page shows it: four units drafted so far.
            expect(page.locator("#units .unit")).to_have_count(4)


class HighlanderDuelBoardB(ReplayCase):
    def setUp(self) -> None:
        from tournaments.models import BoardLink

        setup = {
            "nomination": "fixed",
            "fixed_setup": {
                "centers": {"red": ["par", "mar"], "blue": ["mos"]},
                "units": {"red": ["A par", "A mar"], "blue": ["A mos"]},
            },
        }
        board_a = two_players("highlander", options=setup, duel=True)
        board_b = BoardLink.objects.get(games=board_a).board("B")
        assert board_b is not None
        self.game = board_b
        for board in (board_a, board_b):
            give(board, "red", [])
            give(board, "blue", [])
        adjudicate(board_a)
        board_b.refresh_from_db()
        resolved = board_b.phases.filter(status="resolved").count()
        assert resolved >= 1

    def test_board_b_replays_its_own_phases(self) -> None:
        with browser_session() as (browser, errors):
            page = replay_to_the_end(self, self.game, errors, browser)
            expect(page.locator("#replay-phase")).to_have_text("Fall 1901 movement")
            expect(page.locator("#duel-panel")).to_be_visible()
            page.keyboard.press("End")
            expect(page.locator("#replay-step")).to_have_text("")
            assert phase_in_address(page) is None


class RatherSillyLlamaWinter(ReplayCase):
    """A phase kind of a variant's own, which the board does not draw orders of: its board
    and its results in words, and on to the next."""

    def setUp(self) -> None:
        from datetime import timedelta

        from django.contrib.auth.models import User
        from django.utils import timezone

        from games.models import GamePhase
        from games.terms import GameTerms

        users = {p: User.objects.create_user(f"{p}-silly") for p in POWERS}
        self.game = services.game_create(
            created_by=users["austria"],
            name="Silly replay",
            power="austria",
            terms=GameTerms(variant_id="rather_silly", assignment=Game.Assignment.CHOSEN),
        )
        for power in POWERS[1:]:
            services.game_join(game=self.game, user=users[power], power=power)
        services.orders_submit(
            game=self.game, user=users["england"], orders=["herd yor", "vote lon - bel"]
        )
        services.orders_submit(game=self.game, user=users["france"], orders=["vote bel - lon"])
        phase = self.game.current_phase
        assert phase is not None
        assert phase.code == "W1900L"
        GamePhase.objects.filter(pk=phase.pk).update(deadline=timezone.now() - timedelta(seconds=1))
        adjudicate(self.game)
        self.url = f"{self.live_server_url}/games/{self.game.pk}/"

    def test_the_llamas_winter_is_told_in_words_and_the_replay_moves_on(self) -> None:
        with browser_session() as (browser, errors):
            page = replay_to_the_end(self, self.game, errors, browser)
            # No order of the llamas' winter is drawn; its results are in words.
            expect(page.locator("#orders [data-order]")).to_have_count(0)
            expect(page.locator("#replay-results li").first).to_be_visible()
            expect(page.locator("#replay-results")).to_contain_text("London")
            # England's herd is England's secret, in the replay too.
            assert "herd yor" not in page.content()
            page.click("#replay [data-replay='play']")
            label = page.locator("#replay .replay-play .label")
            expect(label).to_have_text("Pause")
            expect(label).to_have_text("Replay", timeout=15000)
            expect(page.locator("#replay-step")).to_have_text("")
            expect(page.locator("#panel h2").first).to_have_text("Spring 1901 movement")
            assert phase_in_address(page) is None


class FinishedGame(ReplayCase):
    """A finished game replays to its last phase and rests there (no open phase to hand
    the board back to)."""

    def setUp(self) -> None:
        from django.contrib.auth.models import User

        from accounts.roles import MODERATOR, grant
        from games.services import moderation

        super().setUp()
        moderator = User.objects.create_user("moderator")
        grant(moderator, MODERATOR)
        moderation.game_end(game=self.game, by=moderator, outcome="draw", reason="A test ends it.")
        self.game.refresh_from_db()
        assert self.game.status == Game.Status.FINISHED

    def test_the_replay_plays_to_the_last_phase_and_stays_there(self) -> None:
        with browser_session() as (browser, errors):
            page = replay_to_the_end(self, self.game, errors, browser)
            expect(page.locator("#replay-phase")).to_have_text("Spring 1901 movement")
            page.click("#replay [data-replay='play']")
            expect(page.locator("#replay-phase")).to_have_text(
                "Winter 1901 adjustments", timeout=15000
            )
            expect(page.locator("#replay .replay-play .label")).to_have_text(
                "Replay", timeout=15000
            )
            # It rests on the last phase, the address bare (it shows the last phase).
            expect(page.locator("#replay-step")).to_have_text("· results")
            assert phase_in_address(page) is None
            expect(page.locator("#replay [data-replay='forward']")).to_be_disabled()
            expect(page.locator("#replay [data-replay='last']")).to_be_disabled()
            # Ended before it was adjudicated: said so, in place of results.
            expect(page.locator("#replay-results")).to_contain_text(
                "No orders were adjudicated in this phase."
            )
            # Back one, by the keyboard.
            page.keyboard.press("ArrowLeft")
            assert_phase(page, "2", "Fall 1901 retreats")


class RatherSillyWholeGame(ReplayCase):
    """An eleven-seat Rather Silly game of three years, built through the services with
    the roles: its results are of every kind the variant has (unit orders, the roles'
    overrides, predictions, questions and TARDIS steps, votes and links, herds and
    explosions, birds, devils, twins, Amazons, the creatures' steps, a merged unit). Each
    past phase's map draws them as the server does (or leaves out what is no unit's
    order), and the replay plays the whole game, without a script error."""

    def setUp(self) -> None:
        from django.contrib.auth.models import User

        from accounts.roles import MODERATOR, grant
        from tests.games.rather_silly import SEATS, played_rather_silly_game

        users = {s: User.objects.create_user(f"{s}-whole") for s in SEATS}
        moderator = User.objects.create_user("silly-moderator")
        grant(moderator, MODERATOR)
        self.game = played_rather_silly_game(users, moderator, until="S1904M")
        self.url = f"{self.live_server_url}/games/{self.game.pk}/"

    def test_every_result_is_drawn_and_the_whole_game_replays(self) -> None:
        import re

        from django.urls import reverse

        from games.models import GamePhase
        from tests.e2e.test_board_browser import shows_the_servers_step

        resolved = list(self.game.phases.filter(status=GamePhase.Status.RESOLVED).order_by("index"))
        assert len(resolved) == 10
        firsts = {r["order"].split()[0] for p in resolved for r in p.results}
        # Results that are no unit's order, each of its own shape.
        assert {"merged", "step", "appeared", "link", "eaten", "override", "predict"} <= firsts
        assert {"T", "ask", "answer", "reply", "vote", "herd", "explode", "birds"} <= firsts
        assert {"twins", "amazon", "rogue", "sell", "A", "F"} <= firsts
        board_url = f"{self.live_server_url}{reverse('games:board', args=[self.game.pk])}"

        with browser_session() as (browser, errors):
            # Each phase's results, as the replay shows them, are the server's drawing.
            stepping = self._anonymous(browser, errors, viewport={"width": 1400, "height": 1000})
            stepping.goto(f"{self.url}?phase={resolved[0].index}")
            expect(stepping.locator("#replay")).to_be_visible()
            stepping.keyboard.press("Home")
            for n, phase in enumerate(resolved):
                if n:
                    stepping.keyboard.press("ArrowRight")
                stepping.wait_for_url(re.compile(rf"phase={phase.index}$"))
                expect(stepping.locator("#replay-step")).to_have_text("· results")
                shows_the_servers_step(stepping, "#board", board_url, phase.index, "results")
                if phase.code.endswith("M"):  # the units' orders are drawn all the same
                    expect(stepping.locator("#orders > *")).not_to_have_count(0)

            page = replay_to_the_end(self, self.game, errors, browser)
            expect(page.locator("#replay-phase")).to_have_text("Llamas (Winter 1900)")
            page.click("#replay [data-replay='play']")
            label = page.locator("#replay .replay-play .label")
            expect(label).to_have_text("Pause")
            # Every phase, step by step, to the open spring of 1904.
            expect(label).to_have_text("Replay", timeout=90000)
            expect(page.locator("#panel h2").first).to_have_text("Spring 1904 movement")
            assert phase_in_address(page) is None


class TheHeadingNamesThePhaseShown(ReplayCase):
    """During a replay the panel's heading kept the live phase and its deadline while the
    board showed an earlier phase: it names the phase shown, says it is past in place of
    the deadline, and leads back to the latest phase."""

    def test_the_heading_follows_the_replay_and_leads_back(self) -> None:
        with browser_session() as (browser, errors):
            page = signed_in_page(browser, errors, self.live_server_url, "germany-player")
            page.goto(self.url)
            heading = page.locator("#panel .phase h2")
            past = page.locator("#past-phase")
            expect(heading).to_have_text("Winter 1901 adjustments")
            expect(page.locator("#deadline")).to_be_visible()
            expect(past).to_be_hidden()

            page.keyboard.press("Home")
            expect(page.locator("#replay-phase")).to_have_text("Spring 1901 movement")
            expect(heading).to_have_text("Spring 1901 movement")
            expect(page.locator("#deadline")).to_be_hidden()
            expect(past).to_be_visible()
            expect(past).to_contain_text("A past phase")
            page.keyboard.press("ArrowRight")
            expect(heading).to_have_text("Fall 1901 movement")
            expect(page.locator("#deadline")).to_be_hidden()

            # The way back: the latest phase with its deadline, the address the page's own.
            page.click("#to-latest")
            expect(heading).to_have_text("Winter 1901 adjustments")
            expect(page.locator("#deadline")).to_be_visible()
            expect(past).to_be_hidden()
            assert phase_in_address(page) is None

            # An earlier phase opened by its address: the same, before any replay.
            page.goto(f"{self.url}?phase=2")
            expect(heading).to_have_text("Fall 1901 retreats")
            expect(page.locator("#deadline")).to_have_count(0)
            expect(past).to_contain_text("Back to the latest phase: Winter 1901 adjustments")
