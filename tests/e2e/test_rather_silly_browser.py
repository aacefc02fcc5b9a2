"""Rather Silly's game page in a real browser (Debian's chromium, driven by Playwright): the
hyperspace vote made with the small form lands in the player's orders and is saved, the
player's own herds are drawn on the board, and on a phone the page never scrolls sideways."""

from __future__ import annotations

import re
from datetime import timedelta
from typing import Any

from django.contrib.auth.hashers import PBKDF2PasswordHasher
from django.contrib.auth.models import User
from django.utils import timezone
from playwright.sync_api import expect

from games import services
from games.models import Game, OrderSet
from games.terms import GameTerms
from tests.e2e.base import PASSWORD, BrowserTestCase, browser_session, signed_in_page
from variants.rather_silly.colours import COLOURS

POWERS = ("austria", "england", "france", "germany", "italy", "russia", "turkey")
PHONE = {"width": 390, "height": 844}


def silly_game() -> Game:
    hasher = PBKDF2PasswordHasher()
    hashed = hasher.encode(PASSWORD, hasher.salt())
    users = {p: User.objects.create(username=f"{p}-silly", password=hashed) for p in POWERS}
    game = services.game_create(
        created_by=users["austria"],
        name="Silly",
        power="austria",
        terms=GameTerms(variant_id="rather_silly", assignment=Game.Assignment.CHOSEN),
    )
    for power in POWERS[1:]:
        services.game_join(game=game, user=users[power], power=power)
    services.orders_submit(game=game, user=users["england"], orders=["herd yor"])
    return game


def signed_in(browser: Any, errors: list[Any], base_url: str, username: str, **kw: Any) -> Any:
    page = signed_in_page(browser, errors, base_url, username, **kw)
    page.wait_for_url(lambda url: "/accounts/login/" not in url)
    return page


class TheHyperspaceVote(BrowserTestCase):
    def test_the_vote_form_adds_the_vote_to_the_orders(self) -> None:
        game = silly_game()
        url = f"{self.live_server_url}/games/{game.pk}/"
        with browser_session() as (browser, errors):
            page = signed_in(browser, errors, self.live_server_url, "england-silly")
            page.goto(url)
            expect(page.locator("#vote-form")).to_be_visible()
            page.select_option("#vote-a", "lon")
            page.select_option("#vote-b", "bel")
            page.click("#vote-form button[type=submit]")
            expect(page.locator('#order-list li[data-order="vote lon - bel"]')).to_be_visible()
            expect(page.locator('#order-list li[data-order="herd yor"]')).to_be_visible()
            saved: list[str] = []
            for _ in range(50):
                saved = OrderSet.objects.get(phase__game=game, power="england").orders
                if "vote lon - bel" in saved:
                    break
                page.wait_for_timeout(100)
            assert saved == ["herd yor", "vote lon - bel"]

            # On a phone: no sideways scrolling, the vote form within reach.
            page = signed_in(browser, errors, self.live_server_url, "england-silly", viewport=PHONE)
            page.goto(url)
            width = page.evaluate("document.documentElement.scrollWidth")
            assert width <= PHONE["width"]
            box = page.locator("#vote-form button[type=submit]").bounding_box()
            assert box is not None
            assert box["height"] >= 40


def role_game() -> tuple[Game, dict[str, User]]:
    """Eleven seats in Spring 1901, with a hyperspace link between York and Norway."""
    from adjudicator.variants.rather_silly import ROLES
    from games.models import GamePhase

    hasher = PBKDF2PasswordHasher()
    hashed = hasher.encode(PASSWORD, hasher.salt())
    seats = (*POWERS, *ROLES)
    users = {s: User.objects.create(username=f"{s}-role", password=hashed) for s in seats}
    game = services.game_create(
        created_by=users["austria"],
        name="Eleven",
        power="austria",
        terms=GameTerms(
            variant_id="rather_silly",
            options={"roles": True},
            assignment=Game.Assignment.CHOSEN,
        ),
    )
    for seat in seats[1:]:
        services.game_join(game=game, user=users[seat], power=seat)
    services.orders_submit(game=game, user=users["doctor"], orders=["vote yor - nwy"])
    winter = game.phases.get(code="W1900L")
    GamePhase.objects.filter(pk=winter.pk).update(deadline=timezone.now() - timedelta(seconds=1))
    assert services.phase_adjudicate(game_id=game.pk, phase_id=winter.pk)
    return game, users


class TheDoctorsSeat(BrowserTestCase):
    def test_the_doctor_orders_his_tardis_and_sees_it_drawn(self) -> None:
        game, _users = role_game()
        url = f"{self.live_server_url}/games/{game.pk}/"
        with browser_session() as (browser, errors):
            page = signed_in(browser, errors, self.live_server_url, "doctor-role")
            page.goto(url)
            expect(page.locator("#tardis-where")).to_contain_text("first hyperspace link")
            page.locator("#order-input").press_sequentially("T - yor")
            page.press("#order-input", "Enter")
            expect(page.locator('#order-list li[data-order="T - yor"]')).to_be_visible()
            saved: list[str] = []
            for _ in range(50):
                found = OrderSet.objects.filter(
                    phase__game=game, phase__code="S1901M", power="doctor"
                ).first()
                saved = found.orders if found is not None else []
                if saved:
                    break
                page.wait_for_timeout(100)
            assert saved == ["T - yor"]
            # A TARDIS order that cannot be right is refused in words.
            page.locator("#order-input").press_sequentially("T destroy")
            page.press("#order-input", "Enter")
            expect(page.locator("#order-error")).to_contain_text("T destroy bre")

            # The spring adjudicated: the script draws the TARDIS where it came out.
            spring = game.phases.get(code="S1901M")
            from games.models import GamePhase

            GamePhase.objects.filter(pk=spring.pk).update(
                deadline=timezone.now() - timedelta(seconds=1)
            )
            assert services.phase_adjudicate(game_id=game.pk, phase_id=spring.pk)
            spring.refresh_from_db()
            where = spring.position_after["extras"]["tardis"]["province"]
            page.goto(url)
            expect(page.locator(f'svg .tardis[data-tardis="{where}"]')).to_be_visible()
            expect(page.locator("#tardis-where")).to_contain_text("victory points")
            # Coloured by the variant's own stylesheet (static/css/variants/rather_silly.css)
            # as the variant declares it: the TARDIS and the Doctor's seat in his blue.
            box = page.locator(f'svg .tardis[data-tardis="{where}"] rect')
            assert box.evaluate("(r) => getComputedStyle(r).fill") == "rgb(15, 110, 140)"
            seat = page.evaluate("""() => {
                const probe = document.body.appendChild(document.createElement("span"));
                probe.className = "power-doctor";
                return getComputedStyle(probe).getPropertyValue("--c").trim();
            }""")
            assert seat == COLOURS["doctor"]


class TheRoleSeatsPanels(BrowserTestCase):
    """In a real browser: the Superbrain reads his own order syntax and what his empty
    list means, asks his question, says he is ready, and the list of powers shows it."""

    def test_the_superbrain_asks_and_is_shown_ready(self) -> None:
        game, _users = role_game()
        url = f"{self.live_server_url}/games/{game.pk}/"
        with browser_session() as (browser, errors):
            page = signed_in(browser, errors, self.live_server_url, "superbrain-role")
            page.goto(url)
            expect(page.locator("#seat-syntax")).to_contain_text("ask How many legs has a llama?")
            expect(page.locator("#order-list li.empty")).to_have_text(
                "No orders yet: without a question this season, every other seat gets a "
                "share of an extra unit."
            )
            listed = page.locator("#panel .seats li.power-superbrain")
            expect(listed).to_contain_text("ordering")
            page.locator("#order-input").press_sequentially("ask Which river runs through Kiev?")
            page.press("#order-input", "Enter")
            expect(page.locator("#order-list li[data-order^='ask ']")).to_be_visible()
            expect(page.locator("#order-status")).to_have_text("")
            page.click("#ready-button")
            expect(listed).to_contain_text("ready")
            expect(listed).not_to_contain_text("ordering")
            # The winter would end early only once the roles are ready too: the Fool is not.
            expect(page.locator("#panel .seats li.power-fool")).to_contain_text("ordering")


class HerdsByClicks(BrowserTestCase):
    """The llamas' winter: a click on a province without a supply center settles a herd
    there (marked on the map and put on the list, saved), a click on it again takes it
    back; a supply center is refused in words, and so is a fourth herd."""

    def test_a_click_places_a_herd_and_another_takes_it_back(self) -> None:
        game = silly_game()  # England has a herd in Yorkshire saved already
        url = f"{self.live_server_url}/games/{game.pk}/"

        def saved() -> list[str]:
            return list(OrderSet.objects.get(phase__game=game, power="england").orders)

        with browser_session() as (browser, errors):
            page = signed_in(browser, errors, self.live_server_url, "england-silly")
            page.goto(url)
            expect(page.locator("#map-help")).to_contain_text("settle a herd")
            expect(page.locator('#provinces [data-province="yor"]')).to_have_class(
                re.compile(r"\bherd-chosen\b")
            )
            page.click('#provinces [data-province="wal"]')
            expect(page.locator('#order-list li[data-order="herd wal"]')).to_be_visible()
            expect(page.locator('#provinces [data-province="wal"]')).to_have_class(
                re.compile(r"\bherd-chosen\b")
            )
            expect(page.locator("#order-status")).to_have_text("")
            assert saved() == ["herd yor", "herd wal"]
            # A supply center is no place for llamas.
            page.click('#provinces [data-province="lon"]')
            expect(page.locator("#order-error")).to_contain_text("supply center")
            expect(page.locator('#order-list li[data-order="herd lon"]')).to_have_count(0)
            # A third herd, then a fourth is refused.
            page.click('#provinces [data-province="cly"]')
            expect(page.locator('#order-list li[data-order="herd cly"]')).to_be_visible()
            page.click('#provinces [data-province="nth"]')
            expect(page.locator("#order-error")).to_contain_text("three herds")
            # Wales clicked again: the herd is taken back.
            page.click('#provinces [data-province="wal"]')
            expect(page.locator('#order-list li[data-order="herd wal"]')).to_have_count(0)
            expect(page.locator("#order-status")).to_have_text("")
            assert saved() == ["herd yor", "herd cly"]


class TheSuperbrainsJudgement(BrowserTestCase):
    """In a real browser: the game master judges the replies to the Superbrain's question
    by ticking the seats that were right (a finger-sized box on a phone); none ticked is
    an answer (nobody), where the answer box used to be required."""

    def test_the_game_master_ticks_nobody_and_the_phase_goes_on(self) -> None:
        from accounts.roles import MODERATOR, grant
        from games.models import Decision, GamePhase

        game, users = role_game()
        hasher = PBKDF2PasswordHasher()
        referee = User.objects.create(
            username="referee-role", password=hasher.encode(PASSWORD, hasher.salt())
        )
        grant(referee, MODERATOR)
        services.orders_submit(
            game=game, user=users["superbrain"], orders=["ask Which hill?", "answer Brocken"]
        )
        spring = game.phases.get(code="S1901M")
        GamePhase.objects.filter(pk=spring.pk).update(
            deadline=timezone.now() - timedelta(seconds=1)
        )
        assert services.phase_adjudicate(game_id=game.pk, phase_id=spring.pk)
        fall = game.phases.get(code="F1901M")
        services.orders_submit(game=game, user=users["france"], orders=["reply Monte Muello"])
        services.orders_submit(game=game, user=users["fool"], orders=["reply Brocken"])
        GamePhase.objects.filter(pk=fall.pk).update(deadline=timezone.now() - timedelta(seconds=1))
        assert not services.phase_adjudicate(game_id=game.pk, phase_id=fall.pk)
        decision = Decision.objects.get(phase=fall)
        url = f"{self.live_server_url}/games/{game.pk}/"
        with browser_session() as (browser, errors):
            page = signed_in(browser, errors, self.live_server_url, "referee-role", viewport=PHONE)
            page.goto(url)
            choices = page.locator(".decision-form .answer-choices")
            expect(choices).to_contain_text("none ticked: nobody")
            fool = choices.locator("label.choice", has_text="The Fool")
            expect(fool).to_be_visible()
            box = fool.bounding_box()
            assert box is not None
            assert box["height"] >= 40
            assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
            expect(page.locator(".decision-form")).to_contain_text(
                "the default applies (nobody): Nobody answered right."
            )
            page.locator(".decision-form button[type=submit]").click()
            expect(page.locator(".messages")).to_contain_text("Your answer is recorded")
            decision.refresh_from_db()
            assert (decision.answer, decision.defaulted) == ("", False)
            assert errors == []
