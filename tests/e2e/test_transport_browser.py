"""The pages' one transport (static/js/lib/transport.js) in a real browser: the socket it
opens comes back after the server closes it, the duel page listens to both boards through
it, and the ES modules load without an error at desktop and phone widths."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import WebSocketRoute, expect

from games import services
from games.models import Game
from games.terms import GameTerms
from tests.e2e.base import (
    BrowserTestCase,
    browser_session,
    seven_player_game,
    signed_in_page,
)
from tests.games.helpers import FIXED_DUEL_SETUP


class TransportInTheBrowser(BrowserTestCase):
    def test_a_socket_the_server_closes_is_opened_again_and_heard(self) -> None:
        """The header's inbox count: the first connection says 3 and is closed by the
        server; the page connects again by itself and the second says 5."""
        seven_player_game("Listening")
        connections: list[WebSocketRoute] = []

        def server(ws: WebSocketRoute) -> None:
            connections.append(ws)
            if len(connections) == 1:
                ws.send('{"type": "inbox.changed", "unread": 3}')
                ws.close()
            else:
                ws.send('{"type": "inbox.changed", "unread": 5}')

        with browser_session() as (browser, errors):
            page = signed_in_page(browser, errors, self.live_server_url, "austria-player")
            page.context.route_web_socket("**/ws/notifications/", server)
            page.goto(f"{self.live_server_url}/")
            link = page.locator("#inbox-unread")
            expect(link).to_have_text("Notifications (5)", timeout=10_000)
            assert len(connections) == 2

    def test_the_duel_page_listens_to_both_boards(self) -> None:
        users = seven_player_game("Warm-up").seats.order_by("power")
        alice, bob = users[0].user, users[1].user
        board_a = services.game_create(
            created_by=alice,
            name="Highland duel",
            power="red",
            terms=GameTerms(
                variant_id="highlander",
                options=FIXED_DUEL_SETUP,
                duel=True,
                assignment=Game.Assignment.CHOSEN,
            ),
        )
        services.game_join(game=board_a, user=bob, power="blue")
        assert board_a.link is not None
        boards = sorted(g.pk for g in board_a.link.boards)
        with browser_session() as (browser, errors):
            page = signed_in_page(browser, errors, self.live_server_url, alice.username)
            sockets: list[str] = []
            page.on("websocket", lambda ws: sockets.append(ws.url))
            page.goto(f"{self.live_server_url}/duels/{board_a.link.pk}/")
            expect(page.get_by_role("heading", level=1)).to_contain_text("Highland duel")
            page.wait_for_timeout(1000)
            assert sorted(s for s in sockets if "/ws/games/" in s) == [
                f"{self.live_server_url.replace('http', 'ws')}/ws/games/{pk}/" for pk in boards
            ]

    def test_the_modules_load_without_an_error_on_desktop_and_phone(self) -> None:
        game = seven_player_game("Modules")
        with browser_session() as (browser, errors):
            for width, height in ((1280, 900), (390, 844)):
                page = signed_in_page(
                    browser,
                    errors,
                    self.live_server_url,
                    "austria-player",
                    viewport={"width": width, "height": height},
                )
                failed: list[Any] = []
                page.on("requestfailed", lambda request, failed=failed: failed.append(request.url))
                page.goto(f"{self.live_server_url}/games/{game.pk}/")
                # The board module ran: it listed the orders box, and press drew its list.
                expect(page.locator("#press-conversations li").first).to_be_visible()
                expect(page.locator("#order-input")).to_be_visible()
                assert [u for u in failed if u.endswith(".js")] == []
