"""What any page or view answers when a game's stored board cannot be read: a clear 409,
never a 500.

The game page answers it itself, with more for the game's moderators
(games.web.games.board_unreadable_page); the API's views through core.api's exception
handler. Every other reader of a board (a variant's own pages, the pictures, the exports, a
tournament's pages) raises :class:`games.positions.BoardUnreadable` up to here, where it
is answered the same way: the game's page of that error under the site, its JSON shape
under ``/api/``.
"""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render

from games.models import Game
from games.positions import BoardUnreadable


class BoardUnreadableMiddleware:
    """Answers :class:`~games.positions.BoardUnreadable` raised by a view with 409."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if not isinstance(exception, BoardUnreadable):
            return None
        if request.path_info.startswith("/api/"):
            return JsonResponse({"message": exception.message}, status=409)
        game = Game.objects.filter(pk=exception.game_id).first()
        return render(
            request,
            "games/unreadable.html",
            {"game": game, "state": None, "message": exception.message},
            status=409,
        )
