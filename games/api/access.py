"""Which game an API request is about, if the caller may see it."""

from __future__ import annotations

from django.utils.translation import gettext as _
from rest_framework import exceptions
from rest_framework.request import Request

from core.api import MAX_ID
from games import visibility
from games.models import Game


def game_for(request: Request, game_id: int) -> Game:
    """The game, if the caller may see it; otherwise the same 404 whether it exists or not."""
    game = Game.objects.row(game_id) if 0 < game_id <= MAX_ID else None
    if game is None or not visibility.can_view_game(user=request.user, game=game):
        raise exceptions.NotFound(_("No such game."))
    return game
