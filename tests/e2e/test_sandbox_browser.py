"""The sandbox in a real browser: a new sandbox with the variant's options, every power's
orders typed, adjudicated at once, the results in words and the units moved on the board, a
step back, a branch, the read-only link; on a desktop and on a phone (390 px), with
screenshots of each for a person to look at (tests/e2e/screenshots/, git-ignored)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from playwright.sync_api import Page, Route, expect

from tests.e2e.base import (
    BrowserTestCase,
    browser_session,
    seven_players,
    signed_in_page,
    tap_on_screen,
)

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1400, "height": 1000}
SCREENSHOTS = Path(__file__).resolve().parent / "screenshots"


def overflow(page: Page) -> int:
    """How many pixels the page is wider than its window (0: it fits)."""
    width: int = page.evaluate(
        "Math.max(document.documentElement.scrollWidth, document.body.scrollWidth)"
        " - window.innerWidth"
    )
    return max(width, 0)


def click(page: Page, selector: str, shots: str) -> None:
    """A click with the mouse on a desktop, a tap with a finger on the phone (where the
    page may ask which of the provinces in a finger's reach was meant: the one tapped)."""
    if shots == "desktop":
        page.click(selector)
        return
    tap_on_screen(page, selector)
    chooser = page.locator("#unit-chooser")
    if chooser.is_visible() and chooser.locator(".chooser-title").inner_text() == "Which province?":
        where = selector.split('"')[1]
        chooser.locator(f'button[data-choice="{where}"]').tap()


def choose_options(page: Page, base: str, shots: str) -> None:
    """The start form follows the chosen variant: its rule options alone (none for the
    standard game), and a sandbox made with those chosen."""
    page.goto(f"{base}/sandbox/")
    shown = page.locator("fieldset.variant-options:visible")
    expect(shown).to_have_count(0)
    page.select_option("#id_variant", "kapitalisten")
    expect(shown).to_have_count(1)
    expect(page.locator("#id_kapitalisten-last_year")).to_be_visible()
    page.select_option("#id_kapitalisten-last_year", "1915")
    assert overflow(page) == 0
    page.screenshot(path=SCREENSHOTS / f"sandbox-options-{shots}.png", full_page=True)
    page.select_option("#id_variant", "multiple_void")
    expect(shown).to_have_count(1)
    expect(page.locator("#id_kapitalisten-last_year")).to_be_hidden()
    page.select_option("#id_multiple_void-players", "3")
    page.click("#sandbox-new button[type=submit]")
    expect(page.locator("#panel h1")).to_have_text("Multiple Void")


def play(page: Page, base: str, shots: str) -> None:
    """The whole tour, at ``base`` (the live server), the screenshots named with ``shots``."""
    choose_options(page, base, shots)
    page.goto(f"{base}/")
    # On a phone the site's links fold under the header's Menu button.
    menu = page.locator("header.top .menu-toggle")
    if menu.is_visible():
        menu.click()
    page.click("header nav >> text=Sandbox")
    page.select_option("#id_variant", "standard")
    page.fill("#id_title", "Burgundy")
    page.click("#sandbox-new button[type=submit]")
    expect(page.locator("#panel h1")).to_have_text("Burgundy")
    expect(page.locator("#phase-name")).to_have_text("Spring 1901 movement")
    expect(page.locator("textarea[name^=orders-]")).to_have_count(7)
    # Orders by clicks on the map, for any power, each written into its power's box.
    expect(page.locator("#sandbox[data-clickable]")).to_have_count(1)
    click(page, '#units [data-unit="par"]', shots)
    click(page, '#provinces [data-province="bur"]', shots)
    expect(page.locator("#orders-france")).to_have_value("A par - bur")
    page.click('#order-modes [data-mode="support"]')
    click(page, '#units [data-unit="mar"]', shots)
    click(page, '#units [data-unit="par"]', shots)
    click(page, '#provinces [data-province="bur"]', shots)
    expect(page.locator("#orders-france")).to_have_value("A par - bur\nA mar S A par - bur")
    page.click('#order-modes [data-mode="move"]')
    click(page, '#units [data-unit="mun"]', shots)
    click(page, '#provinces [data-province="bur"]', shots)
    expect(page.locator("#orders-germany")).to_have_value("A mun - bur")
    expect(page.locator("#map-status")).to_contain_text("Germany: A mun - bur")
    # The boxes' orders on the board, as the server drew them (each with its power).
    drawn = page.locator("#orders")
    expect(drawn.locator('[data-order="A par - bur"][data-power="france"]')).to_have_count(1)
    expect(drawn.locator('[data-order="A mar S A par - bur"]')).to_have_count(1)
    expect(drawn.locator('[data-order="A mun - bur"][data-power="germany"]')).to_have_count(1)
    page.screenshot(path=SCREENSHOTS / f"sandbox-clicked-{shots}.png", full_page=True)
    # A typing mistake: refused beside its power, what was typed kept.
    page.fill("#orders-germany", "A mun - bur\nA kie - mos")
    page.click("#adjudicate")
    expect(page.locator("#problems-germany")).to_contain_text("A kie - mos")
    expect(page.locator("#orders-france")).to_have_value("A par - bur\nA mar S A par - bur")
    page.screenshot(path=SCREENSHOTS / f"sandbox-refused-{shots}.png", full_page=True)
    page.fill("#orders-germany", "A mun - bur")
    page.click("#adjudicate")
    # The next phase, the French army in Burgundy.
    expect(page.locator("#phase-name")).to_have_text("Fall 1901 movement")
    expect(page.locator('#board [data-unit="bur"][data-power="france"]')).to_have_count(1)
    expect(page.locator('#board [data-unit="par"]')).to_have_count(0)
    assert overflow(page) == 0
    page.screenshot(path=SCREENSHOTS / f"sandbox-next-{shots}.png", full_page=True)
    # One step back: the results in words.
    page.click("#step-back")
    expect(page.locator("#phase-name")).to_have_text("Spring 1901 movement")
    results = page.locator("#results")
    expect(results).to_contain_text("Paris → Burgundy")
    expect(results.locator("tr.result-bounce")).to_contain_text("Munich → Burgundy")
    assert overflow(page) == 0
    page.screenshot(path=SCREENSHOTS / f"sandbox-results-{shots}.png", full_page=True)
    # A branch: Germany alone goes to Burgundy this time.
    page.fill("#orders-france", "")
    page.click("#adjudicate")
    expect(page.locator("#phase-name")).to_have_text("Fall 1901 movement")
    expect(page.locator('#board [data-unit="bur"][data-power="germany"]')).to_have_count(1)
    page.click("#step-back")
    expect(page.locator("#branches")).to_contain_text("1 · 2")
    page.click("#branches a")
    expect(page.locator("#results")).to_contain_text("Paris → Burgundy")
    page.click("#step-forward")
    expect(page.locator('#board [data-unit="bur"][data-power="france"]')).to_have_count(1)
    # The read-only link: the board and history, no forms.
    link = page.locator("#share-url").input_value()
    viewer = page.context.browser.new_page(viewport=page.viewport_size)  # type: ignore[union-attr]
    viewer.goto(link)
    expect(viewer.locator("#panel h1")).to_have_text("Burgundy")
    expect(viewer.locator("textarea")).to_have_count(0)
    expect(viewer.locator("#share")).to_have_count(0)
    # It opens where the last adjudication led: the branch's Fall 1901.
    expect(viewer.locator('#board [data-unit="bur"][data-power="germany"]')).to_have_count(1)
    viewer.click("#step-back")
    expect(viewer.locator("#results tr.result-ok")).to_contain_text(["Munich → Burgundy"])
    expect(viewer.locator("#branches")).to_contain_text("1 · 2")
    assert overflow(viewer) == 0
    viewer.screenshot(path=SCREENSHOTS / f"sandbox-shared-{shots}.png", full_page=True)
    viewer.close()


# One test a class: each class has a live server of its own. (A second test in a class whose
# first signed in was refused its sign-in here, on main too: its users unseen by the server.)
class SandboxOnADesktop(BrowserTestCase):
    def test_a_sandbox_on_a_desktop(self) -> None:
        seven_players()
        SCREENSHOTS.mkdir(exist_ok=True)
        with browser_session() as (browser, errors):
            page = signed_in_page(
                browser, errors, self.live_server_url, "france-player", viewport=DESKTOP
            )
            play(page, self.live_server_url, "desktop")


class SandboxOnAPhone(BrowserTestCase):
    def test_a_sandbox_on_a_phone(self) -> None:
        seven_players()
        SCREENSHOTS.mkdir(exist_ok=True)
        with browser_session() as (browser, errors):
            page = signed_in_page(
                browser, errors, self.live_server_url, "france-player", viewport=PHONE, touch=True
            )
            play(page, self.live_server_url, "phone")


class SandboxBoardIsTheServers(BrowserTestCase):
    """The orders written into the boxes are drawn by the server, and the page puts its
    drawing in as it came: a made-up mark in the answer shows on the board."""

    def test_the_page_puts_in_the_servers_drawing(self) -> None:
        from django.contrib.auth.models import User

        from sandbox import services

        seven_players()
        owner = User.objects.get(username="france-player")
        sandbox = services.sandbox_create(owner=owner, variant_id="standard", title="Drawn")
        url = f"{self.live_server_url}/sandbox/{sandbox.pk}/"

        def with_a_comet(route: Route) -> None:
            response = route.fetch()
            body = response.json()
            body["orders"] += '<circle class="comet" cx="10" cy="10" r="5"/>'
            route.fulfill(response=response, json=body)

        with browser_session() as (browser, errors):
            page = signed_in_page(
                browser, errors, self.live_server_url, "france-player", viewport=DESKTOP
            )
            page.route("**/sandbox/*/phase/*/board/", with_a_comet)
            page.goto(url)
            expect(page.locator("#sandbox[data-clickable]")).to_have_count(1)
            page.click('#units [data-unit="par"]')
            page.click('#provinces [data-province="bur"]')
            expect(page.locator("#orders-france")).to_have_value("A par - bur")
            expect(page.locator('#orders [data-order="A par - bur"]')).to_have_count(1)
            expect(page.locator("#orders .comet")).to_have_count(1)
            # Taken out of the box: gone from the board too.
            page.fill("#orders-france", "")
            expect(page.locator('#orders [data-order="A par - bur"]')).to_have_count(0)


class SandboxReadsTheVariantsOrderWords(BrowserTestCase):
    """The board's shared scripts name no variant: a variant's script registers how the
    board reads its own order words (a Highlander nomination, Rather Silly's birds), and
    the sandbox loads it as the game page does, so its board reads them the same."""

    def test_the_sandbox_reads_a_nomination_and_a_flight_of_birds(self) -> None:
        from django.contrib.auth.models import User

        from sandbox import services

        seven_players()
        owner = User.objects.get(username="france-player")
        read = """async ([text, other]) => {
            const draw = await import("/static/js/board/draw.js");
            const ordering = await import("/static/js/board/ordering.js");
            return [draw.parseOrder(text), ordering.orderKey(text) === ordering.orderKey(other)];
        }"""
        with browser_session() as (browser, errors):
            page = signed_in_page(
                browser, errors, self.live_server_url, "france-player", viewport=DESKTOP
            )
            highlander = services.sandbox_create(owner=owner, variant_id="highlander")
            page.goto(f"{self.live_server_url}/sandbox/{highlander.pk}/")
            expect(page.locator("#board")).to_have_count(1)
            # A nomination is a ring round its center's dot, and replaces one of the same
            # center.
            order, same = page.evaluate(read, ["nominate lon", "nominate lon"])
            assert order == {
                "kind": "nominate",
                "unit": "lon",
                "ring": True,
                "onCenter": True,
                "ownSlot": True,
            }
            assert same
            silly = services.sandbox_create(owner=owner, variant_id="rather_silly")
            page.goto(f"{self.live_server_url}/sandbox/{silly.pk}/")
            expect(page.locator("#board")).to_have_count(1)
            # A flock's flight is a move and its flight from a scare a retreat; each stands
            # beside the other orders of its province.
            order, same = page.evaluate(read, ["birds lvp - yor", "A lvp - yor"])
            assert order == {"kind": "move", "unit": "lvp", "dest": "yor"}
            assert not same
            order, _ = page.evaluate(read, ["birds lvp R wal", "A lvp - yor"])
            assert order == {"kind": "retreat", "unit": "lvp", "dest": "wal"}


class SandboxKeepsClickedOrdersOverAReload(BrowserTestCase):
    """Orders entered by clicks were lost on a reload (or on leaving the page and coming
    back), with no warning, and the next adjudication resolved them as holds: the page
    keeps them in the tab, puts them back, warns before leaving while they are unsaved,
    and they are adjudicated as entered."""

    def test_clicked_orders_come_back_after_a_reload_and_are_adjudicated(self) -> None:
        from django.contrib.auth.models import User

        from sandbox import services

        seven_players()
        owner = User.objects.get(username="france-player")
        sandbox = services.sandbox_create(owner=owner, variant_id="standard", title="Kept")
        other = services.sandbox_create(owner=owner, variant_id="standard", title="Other")
        url = f"{self.live_server_url}/sandbox/{sandbox.pk}/"
        with browser_session() as (browser, errors):
            page = signed_in_page(
                browser, errors, self.live_server_url, "france-player", viewport=DESKTOP
            )
            warned: list[str] = []

            def leave(dialog: Any) -> None:
                warned.append(dialog.type)
                dialog.accept()

            page.on("dialog", leave)
            page.goto(url)
            # Nothing entered yet: leaving does not warn.
            page.reload()
            expect(page.locator("#sandbox[data-clickable]")).to_have_count(1)
            assert warned == []
            page.click('#units [data-unit="par"]')
            page.click('#provinces [data-province="bur"]')
            page.click('#units [data-unit="mun"]')
            page.click('#provinces [data-province="ruh"]')
            expect(page.locator("#orders-germany")).to_have_value("A mun - ruh")
            page.reload()
            expect(page.locator("#sandbox[data-clickable]")).to_have_count(1)
            assert warned == ["beforeunload"]
            expect(page.locator("#orders-france")).to_have_value("A par - bur")
            expect(page.locator("#orders-germany")).to_have_value("A mun - ruh")
            # Drawn on the board as entered, too.
            french = page.locator('#orders [data-order="A par - bur"][data-power="france"]')
            expect(french).to_have_count(1)
            # Leaving and coming back in the same tab: still there; another sandbox's
            # boxes are its own.
            page.goto(f"{self.live_server_url}/sandbox/{other.pk}/")
            expect(page.locator("#sandbox[data-clickable]")).to_have_count(1)
            expect(page.locator("#orders-france")).to_have_value("")
            page.goto(url)
            expect(page.locator("#orders-france")).to_have_value("A par - bur")
            # A typing mistake refused: what was typed is kept over a visit elsewhere too.
            page.fill("#orders-germany", "A mun - ruh\nA kie - mos")
            page.click("#adjudicate")
            expect(page.locator("#problems-germany")).to_contain_text("A kie - mos")
            page.goto(url)
            expect(page.locator("#orders-germany")).to_have_value("A mun - ruh\nA kie - mos")
            expect(page.locator("#orders-france")).to_have_value("A par - bur")
            page.fill("#orders-germany", "A mun - ruh")
            page.click("#adjudicate")
            expect(page.locator("#phase-name")).to_have_text("Fall 1901 movement")
            expect(page.locator('#board [data-unit="bur"][data-power="france"]')).to_have_count(1)
            expect(page.locator('#board [data-unit="ruh"][data-power="germany"]')).to_have_count(1)
            # Sent: the adjudicated phase's boxes are the server's again, and nothing warns.
            warned.clear()
            page.click("#step-back")
            expect(page.locator("#results")).to_contain_text("Paris → Burgundy")
            assert warned == []


class SandboxOrdersAFlockByClicks(BrowserTestCase):
    """Rather Silly's sandbox reads a flock's flight as the board's move (the variant's
    script, loaded by the sandbox, registers "birds"): a click on the army standing with
    its flock and one on York offer both the army's move and the flock's flight."""

    def test_a_flock_flies_where_it_was_clicked(self) -> None:
        from django.contrib.auth.models import User

        from sandbox import services
        from sandbox.models import SandboxPhase

        seven_players()
        owner = User.objects.get(username="france-player")
        sandbox = services.sandbox_create(owner=owner, variant_id="rather_silly")
        spring = services.sandbox_adjudicate(user=owner, phase=sandbox.head, orders={})
        position = dict(spring.position)
        flock = {"power": "england", "province": "lvp", "carrying": None}
        position["extras"] = {**position["extras"], "birds": [flock]}
        SandboxPhase.objects.filter(pk=spring.pk).update(position=position)
        with browser_session() as (browser, errors):
            page = signed_in_page(
                browser, errors, self.live_server_url, "france-player", viewport=DESKTOP
            )
            page.goto(f"{self.live_server_url}/sandbox/{sandbox.pk}/")
            expect(page.locator("#sandbox[data-clickable]")).to_have_count(1)
            page.click('#units [data-unit="lvp"]')
            page.click('#provinces [data-province="yor"]')
            chooser = page.locator("#unit-chooser")
            expect(chooser.locator('button[data-choice="A lvp - yor"]')).to_have_count(1)
            chooser.locator('button[data-choice="birds lvp - yor"]').click()
            expect(page.locator("#orders-england")).to_have_value("birds lvp - yor")
            expect(page.locator('#orders [data-order="birds lvp - yor"]')).to_have_count(1)
            page.click("#adjudicate")
            expect(page.locator("#phase-name")).to_have_text("Fall 1901 movement")
            expect(page.locator('#board .flock[data-flock="yor"]')).to_have_count(1)
