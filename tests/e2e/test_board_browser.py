"""The one board renderer in a real browser. The page shows the units, the orders, the
owners and the variant's layer as the server drew them (variants/board.py), at first paint
and after each live refresh, on a desktop and on a phone, for results with failed orders,
supports, a dislodged unit with its retreat, and a player's own orders of an open phase;
it draws only its player's own orders while he changes them, until the server has them."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import Page, Route, expect

from games import services
from games.models import Game
from tests.e2e.base import (
    BrowserTestCase,
    browser_session,
    seven_player_game,
    signed_in_page,
    watch_errors,
)
from variants.board import ARROW_START

#: Spring: Austria and Russia bounce in Galicia. Fall: France takes Burgundy with support
#: and Germany's army there is dislodged, so the fall retreat phase opens.
PLAY = {
    "S1901M": {
        "france": ["A par - pic", "F bre - mao"],
        "germany": ["A mun - bur"],
        "austria": ["A vie - gal"],
        "russia": ["A war - gal"],
    },
    "F1901M": {
        "france": ["A pic - bur", "A mar S A pic - bur", "F mao - por"],
        "germany": ["A bur H"],
    },
}

#: The layers as a browser has them: each element's tag, attributes and own text.
LAYERS = """() => {
  const walk = (node) => ({
    tag: node.tagName,
    attrs: Object.fromEntries([...node.attributes].map((a) => [a.name, a.value])),
    text: [...node.childNodes].filter((c) => c.nodeType === 3).map((c) => c.data).join(""),
    children: [...node.children].map(walk),
  });
  const owners = (selector, key) => Object.fromEntries([...document.querySelectorAll(selector)]
    .map((n) => [n.getAttribute(key), n.getAttribute("data-owner")]));
  return {
    units: walk(document.querySelector("#units")),
    orders: walk(document.querySelector("#orders")),
    provinces: owners("#provinces .prov", "data-province"),
    centers: owners("#centers .sc", "data-center"),
  };
}"""


def _with_a_made_up_order(route: Route) -> None:
    """The page as the server sends it, with an order drawn in its orders layer that no
    script would draw (no such province) and Paris owned by nobody: a board that shows
    both shows what the server drew."""
    response = route.fetch()
    html = response.text()
    html = html.replace(
        '<g id="orders" class="orders">',
        '<g id="orders" class="orders"><line class="order move comet" data-order="A xyz - zyx"'
        ' x1="1" y1="1" x2="9" y2="9" marker-end="url(#arrow)"/>',
        1,
    )
    html = re.sub(r'(data-center="par"[^>]*?) data-owner="[a-z_]+"', r"\1", html)
    route.fulfill(response=response, body=html)


def _played_to_the_retreat(name: str) -> tuple[Game, dict[str, Any]]:
    game = seven_player_game(name)
    users = {seat.power: seat.user for seat in game.seats.all()}
    for code, orders in PLAY.items():
        phase = game.current_phase
        assert phase is not None
        assert phase.code == code
        for power, texts in orders.items():
            services.orders_submit(game=game, user=users[power], orders=texts)
        assert services.phase_adjudicate(game_id=game.pk, phase_id=phase.pk)
        game = Game.objects.get(pk=game.pk)
    retreat = game.current_phase
    assert retreat is not None
    assert retreat.code == "F1901R"
    services.orders_submit(game=game, user=users["germany"], orders=["A bur R ruh"])
    return game, users


class OneBoardRenderer(BrowserTestCase):
    def test_the_page_shows_the_servers_pieces_and_draws_only_the_players_changes(
        self,
    ) -> None:
        game, _users = _played_to_the_retreat("Drawn once")
        spring, fall = (game.phases.get(code=code).index for code in ("S1901M", "F1901M"))
        url = f"{self.live_server_url}/games/{game.pk}/"
        shown = [f"{url}?phase={spring}", f"{url}?phase={fall}", url]

        with browser_session() as (browser, errors):
            page = signed_in_page(browser, errors, self.live_server_url, "germany-player")
            served = browser.new_context(
                storage_state=page.context.storage_state(), java_script_enabled=False
            ).new_page()
            for address in shown:
                assert _layers(page, address) == _layers(served, address), address
            # What the board shows is what the server sent, not a drawing of the state.
            page.route(re.compile(r".*/games/\d+/$"), _with_a_made_up_order)
            page.goto(url)
            expect(page.locator('#orders [data-order="A xyz - zyx"]')).to_have_count(1)
            expect(page.locator('#centers [data-center="par"]')).not_to_have_attribute(
                "data-owner", "france"
            )
            page.unroute(re.compile(r".*/games/\d+/$"))
            # The drawings are not empty: the bounce failed, the retreat starts beside the
            # dislodged army, Paris is French.
            spring_layers = _layers(served, shown[0])
            failed = [
                o
                for o in spring_layers["orders"]["children"]
                if "data-order" in o["attrs"] and "failed" in o["attrs"]["class"]
            ]
            assert {o["attrs"]["data-order"] for o in failed} == {"A vie - gal", "A war - gal"}
            now = _layers(served, url)
            assert now["centers"]["par"] == "france"
            (dislodged,) = [
                u for u in now["units"]["children"] if "dislodged" in u["attrs"]["class"]
            ]
            (retreat_arrow,) = [o for o in now["orders"]["children"] if "data-order" in o["attrs"]]
            # A unit's shapes are centred on its point, its group's translate; its retreat
            # starts at the edge of its marker.
            centre = dislodged["attrs"]["transform"].removeprefix("translate(").rstrip(")")
            assert dislodged["children"][-1]["attrs"]["class"] == "dislodged-mark"
            assert retreat_arrow["attrs"]["data-order"] == "A bur R ruh"
            assert retreat_arrow["attrs"]["data-power"] == "germany"
            cx, cy = (float(v) for v in centre.split())
            sx, sy = float(retreat_arrow["attrs"]["x1"]), float(retreat_arrow["attrs"]["y1"])
            assert abs(((sx - cx) ** 2 + (sy - cy) ** 2) ** 0.5 - ARROW_START) < 0.2

            # The player changes his order: while the server has not answered, the page
            # draws his new one in place of the one the server drew; once saved, the board
            # is the server's drawing again.
            held: list[Route] = []

            def hold_the_save(route: Route) -> None:
                if route.request.method == "PUT":
                    held.append(route)
                else:
                    route.continue_()

            page.goto(url)
            page.route("**/api/v1/games/*/orders/", hold_the_save)
            page.fill("#order-input", "A bur D")
            with page.expect_request(lambda r: r.method == "PUT" and "/orders/" in r.url):
                page.press("#order-input", "Enter")
            expect(page.locator('#orders [data-order="A bur D"]')).to_have_count(1)
            expect(page.locator('#orders [data-order="A bur R ruh"]')).to_have_count(0)
            expect(page.locator("#order-status")).not_to_have_text("")
            assert len(held) == 1
            with page.expect_response(re.compile(r".*/games/\d+/$")):
                held[0].continue_()
            page.unroute("**/api/v1/games/*/orders/")
            expect(page.locator("#order-status")).to_have_text("")
            served.goto(url)
            expect(served.locator('#orders [data-order="A bur D"]')).to_have_count(1)
            assert page.evaluate(LAYERS) == served.evaluate(LAYERS)


def _layers(page: Page, address: str) -> dict[str, Any]:
    page.goto(address)
    page.wait_for_load_state("networkidle")
    layers: dict[str, Any] = page.evaluate(LAYERS)
    return layers


#: The board's pieces as a browser shows them: the units by location and power, and the
#: variant's layer as markup.
PIECES = """() => ({
  units: [...document.querySelectorAll("#units .unit")]
    .map((u) => [u.dataset.power, u.dataset.unit, u.classList.contains("dislodged")].join(" "))
    .sort(),
  layer: document.querySelector("#creatures").innerHTML,
})"""


class TheBoardAfterALiveRefresh(BrowserTestCase):
    """After an adjudication arrives live (no reload), the board shows the new phase's
    units, as the server draws that phase, on a desktop and on a phone."""

    #: The live server process adjudicates in place of a worker once everyone is ready.
    eager_tasks = True

    def test_the_units_are_the_new_phases_at_desktop_and_phone_widths(self) -> None:
        game = seven_player_game("Live board", all_ready_but_france=True)
        germany = game.seats.get(power="germany").user
        services.orders_submit(game=game, user=germany, orders=["A mun - ruh", "F kie - den"])
        services.orders_ready(game=game, user=germany, ready=True)
        url = f"{self.live_server_url}/games/{game.pk}/"
        with browser_session() as (browser, errors):
            desktop = signed_in_page(
                browser,
                errors,
                self.live_server_url,
                "germany-player",
                viewport={"width": 1400, "height": 1000},
            )
            phone = signed_in_page(
                browser,
                errors,
                self.live_server_url,
                "austria-player",
                viewport={"width": 390, "height": 844},
            )
            france = signed_in_page(browser, errors, self.live_server_url, "france-player")
            for page in (desktop, phone, france):
                page.goto(url)
                expect(page.locator('#units [data-unit="mun"]')).to_have_count(1)
                page.evaluate("window.__noReload = true")
            france.click("#ready-button")
            for page in (desktop, phone):
                expect(page.locator("#panel h2").first).to_have_text("Fall 1901 movement")
                expect(page.locator('#units [data-unit="ruh"]')).to_have_count(1)
                expect(page.locator('#units [data-unit="den"]')).to_have_count(1)
                expect(page.locator('#units [data-unit="mun"]')).to_have_count(0)
                assert page.evaluate("window.__noReload") is True
            # What the page shows is what the server draws for the new phase.
            served = browser.new_context(
                storage_state=desktop.context.storage_state(), java_script_enabled=False
            ).new_page()
            served.goto(url)
            assert desktop.evaluate(PIECES) == served.evaluate(PIECES)
            # Every layer, owners and orders too, is the server's, at both widths.
            for page in (desktop, phone):
                as_served = browser.new_context(
                    storage_state=page.context.storage_state(), java_script_enabled=False
                ).new_page()
                as_served.goto(url)
                assert page.evaluate(LAYERS) == as_served.evaluate(LAYERS)
                as_served.context.close()


class TheVariantsLayerIsTheServersDrawing(BrowserTestCase):
    """The variant's layer (Rather Silly's creatures) is put in as the server drew it for
    the phase shown, on the page and in the replay of a past phase; the page's script
    draws none of it."""

    def test_the_page_and_the_replay_show_the_servers_layer(self) -> None:
        from datetime import timedelta

        from django.utils import timezone

        from games.models import GamePhase
        from tests.e2e.test_rather_silly_browser import role_game

        game, _users = role_game()
        spring = game.phases.get(code="S1901M")
        GamePhase.objects.filter(pk=spring.pk).update(
            deadline=timezone.now() - timedelta(seconds=1)
        )
        assert services.phase_adjudicate(game_id=game.pk, phase_id=spring.pk)
        url = f"{self.live_server_url}/games/{game.pk}/"
        past = f"{url}?phase={spring.index}"
        with browser_session() as (browser, errors):
            served = browser.new_context(java_script_enabled=False).new_page()
            for width, height in ((1400, 1000), (390, 844)):
                page = browser.new_context(viewport={"width": width, "height": height}).new_page()
                watch_errors(page, errors)
                # The state the page starts from names a made-up shape in the layer: the
                # board shows it, so the board's layer is what the server sent, not drawn.
                page.route(re.compile(r".*/games/\d+/$"), _with_a_comet)
                page.goto(url)
                expect(page.locator("#creatures .comet")).to_have_count(1)
                page.unroute(re.compile(r".*/games/\d+/$"))
                for address in (url, past):
                    page.goto(address)
                    served.goto(address)
                    expect(
                        page.locator("#creatures .tardis, #creatures .hyperspace")
                    ).not_to_have_count(0)
                    expect(page.locator("#creatures")).to_have_js_property(
                        "innerHTML", served.locator("#creatures").inner_html()
                    )
                    assert page.evaluate(PIECES) == served.evaluate(PIECES), (width, address)
                # The replay steps from the winter before to the spring's results.
                page.goto(f"{url}?phase={spring.index - 1}")
                page.locator("#replay [data-replay='forward']").first.click()
                expect(page.locator("#replay-phase")).to_have_text("Spring 1901 movement")
                expect(page.locator("#replay-step")).to_have_text("· results")
                board_url = f"{self.live_server_url}/games/{game.pk}/board/"
                shows_the_servers_step(page, "#board", board_url, spring.index, "results")
                served.goto(past)
                expect(page.locator("#creatures")).to_have_js_property(
                    "innerHTML", served.locator("#creatures").inner_html()
                )
                page.close()


def _with_a_comet(route: Route) -> None:
    response = route.fetch()
    html = response.text()
    html = re.sub(
        r'("layer": ")',
        r'\1<circle class=\\"comet\\" cx=\\"10\\" cy=\\"10\\" r=\\"5\\"/>',
        html,
        count=1,
    )
    route.fulfill(response=response, body=html)


#: Does a board (``selector``: its svg) show exactly the pieces the server drew for it (the
#: board address's one step, as JSON)? Each layer as the browser has it beside the
#: server's markup as the browser parses it, and each province's and center's owner.
SHOWS_THE_STEP = """([selector, drawn]) => {
  const NS = "http://www.w3.org/2000/svg";
  const walk = (node) => ({
    tag: node.tagName,
    attrs: Object.fromEntries([...node.attributes].map((a) => [a.name, a.value])),
    text: [...node.childNodes].filter((c) => c.nodeType === 3).map((c) => c.data).join(""),
    children: [...node.children].map(walk),
  });
  const parsed = (markup) => new DOMParser()
    .parseFromString(`<svg xmlns="${NS}">${markup}</svg>`, "image/svg+xml").documentElement;
  const svg = document.querySelector(selector);
  const shown = {}, served = {};
  for (const name of ["units", "orders", "creatures"]) {
    shown[name] = walk(svg.querySelector(`g.${name}`)).children;
    served[name] = walk(parsed(drawn[name])).children;
  }
  shown.owners = Object.fromEntries([...svg.querySelectorAll("g.centers [data-owner]")]
    .map((n) => [n.dataset.center, n.dataset.owner]));
  shown.provinces = Object.fromEntries([...svg.querySelectorAll("g.provinces [data-owner]")]
    .map((n) => [n.dataset.province, n.dataset.owner]));
  const centers = new Set([...svg.querySelectorAll("g.centers [data-center]")]
    .map((n) => n.dataset.center));
  served.owners = Object.fromEntries(Object.entries(drawn.owners)
    .filter(([place]) => centers.has(place)));
  served.provinces = drawn.owners;
  return [shown, served];
}"""


def shows_the_servers_step(
    page: Page, selector: str, board_url: str, phase: int, step: str
) -> None:
    """Assert that the board ``selector`` on ``page`` shows exactly what the server draws
    for ``phase``'s ``step`` for the page's viewer (games:board, asked with his cookies)."""
    answer = page.request.get(f"{board_url}?phase={phase}&step={step}")
    assert answer.ok, answer.status
    drawn = answer.json()["steps"][step]
    shown, served = page.evaluate(SHOWS_THE_STEP, [selector, drawn])
    assert shown == served, (phase, step)


#: The rendered size, in CSS px, of every unit's token and every province label.
SIZES = """() => ({
  units: [...document.querySelectorAll("#units .unit .token")].map((t) => {
    const box = t.getBoundingClientRect();
    return [t.parentNode.dataset.unit, t.parentNode.dataset.kind, box.width, box.height];
  }),
  labels: [...document.querySelectorAll("#labels text[data-label]")].map((t) =>
    [t.dataset.label, t.getBoundingClientRect().height]),
  board: document.querySelector("#board").getBoundingClientRect().width,
})"""


class UnitsReadAtAGlance(BrowserTestCase):
    def test_a_desktops_units_are_24_px_and_more_and_its_labels_readable(self) -> None:
        """At a 1400 px window's default view the board fills its column beside the
        orders panel and every unit (a shield or a hull) is 24 CSS px or more across, its
        province labels 9 px or more high (they were 16 px units and 8 px labels)."""
        game = seven_player_game("Glance")
        with browser_session() as (browser, errors):
            page = signed_in_page(
                browser,
                errors,
                self.live_server_url,
                "france-player",
                viewport={"width": 1400, "height": 900},
            )
            page.goto(f"{self.live_server_url}/games/{game.pk}/")
            sizes = page.evaluate(SIZES)
            assert sizes["board"] >= 950, sizes["board"]
            assert len(sizes["units"]) == 22
            kinds = {kind for _, kind, _, _ in sizes["units"]}
            assert kinds == {"army", "fleet"}
            small = [u for u in sizes["units"] if max(u[2], u[3]) < 24 or min(u[2], u[3]) < 18]
            assert small == [], small
            assert min(height for _, height in sizes["labels"]) >= 9, sizes["labels"][:5]
