"""The one board renderer in a real browser: the board the server draws at first paint
(variants/board.py) and the board the page's script draws live (static/js/board/draw.js)
are the same drawing, element for element, for results with failed orders, supports, a
dislodged unit with its retreat, and a player's own orders of an open phase."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import Page, Route

from games import services
from games.models import Game
from tests.e2e.base import BrowserTestCase, browser_session, seven_player_game, signed_in_page

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


def _without_pieces(route: Route) -> None:
    """The page as the server sends it, with its units, orders and owners taken out: what
    the board shows after that can only be the script's drawing."""
    response = route.fetch()
    html = response.text()
    html = re.sub(r'(<g id="orders" class="orders">).*?(</g><g id="units")', r"\1\2", html)
    html = re.sub(r'(<g id="units" class="units">).*?(</g></svg>)', r"\1\2", html)
    html = re.sub(r' data-owner="[a-z]+"', "", html)
    route.fulfill(response=response, body=html)


class OneBoardRenderer(BrowserTestCase):
    def test_the_server_and_the_script_draw_the_same_board(self) -> None:
        game = seven_player_game("Drawn twice")
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
        spring, fall = (game.phases.get(code=code).index for code in ("S1901M", "F1901M"))
        url = f"{self.live_server_url}/games/{game.pk}/"
        shown = [f"{url}?phase={spring}", f"{url}?phase={fall}", url]

        with browser_session() as (browser, errors):
            page = signed_in_page(browser, errors, self.live_server_url, "germany-player")
            served = browser.new_context(
                storage_state=page.context.storage_state(), java_script_enabled=False
            ).new_page()
            scripted = page.context.new_page()
            scripted.on("pageerror", lambda error: errors.append(error))
            scripted.route(re.compile(r".*/games/\d+/(\?phase=\d+)?$"), _without_pieces)
            for address in shown:
                server = _layers(served, address)
                script = _layers(scripted, address)
                assert script == server, address
            # The drawings are not empty: the bounce failed, the retreat starts beside the
            # dislodged army, Paris is French.
            spring_layers = _layers(served, shown[0])
            failed = [
                o for o in spring_layers["orders"]["children"] if "failed" in o["attrs"]["class"]
            ]
            assert {o["attrs"]["data-order"] for o in failed} == {"A vie - gal", "A war - gal"}
            now = _layers(served, url)
            assert now["centers"]["par"] == "france"
            (dislodged,) = [
                u for u in now["units"]["children"] if "dislodged" in u["attrs"]["class"]
            ]
            (retreat_arrow,) = now["orders"]["children"]
            circle = dislodged["children"][0]["attrs"]
            assert dislodged["children"][-1]["attrs"]["class"] == "dislodged-mark"
            assert retreat_arrow["attrs"]["data-order"] == "A bur R ruh"
            assert (retreat_arrow["attrs"]["x1"], retreat_arrow["attrs"]["y1"]) == (
                circle["cx"],
                circle["cy"],
            )


def _layers(page: Page, address: str) -> dict[str, Any]:
    page.goto(address)
    page.wait_for_load_state("networkidle")
    layers: dict[str, Any] = page.evaluate(LAYERS)
    return layers
