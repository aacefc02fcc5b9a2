"""Which game an API request is about, if the caller may see it, and which phase a write
refers to."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from rest_framework import exceptions
from rest_framework.request import Request

from core.api import MAX_ID, IndexField
from games import visibility
from games.models import Game


def game_for(request: Request, game_id: int) -> Game:
    """The game, if the caller may see it; otherwise the same 404 whether it exists or not."""
    game = Game.objects.row(game_id) if 0 < game_id <= MAX_ID else None
    if game is None or not visibility.can_view_game(user=request.user, game=game):
        raise exceptions.NotFound(_("No such game."))
    return game


def phase_named(what: str) -> IndexField:
    """The ``phase`` field of every write that refers to a phase (orders, the ready mark,
    votes, an extension): the index of the phase the caller read and acts in, required,
    so that a write meant for a phase that has closed is refused (409) and never taken
    for the next one (games.services.kernel.phase_named_locked). ``what`` ends the
    schema's sentence: "The index of the phase ..."."""
    return IndexField(
        help_text=f"The index of the phase {what} (`phase.index` of the game's state, "
        "as you read it). Refused with 409, nothing done, if that phase is over: another "
        "has opened, or the game has ended (read the game again); 404 if the game has no "
        "such phase.",
        error_messages={
            "required": gettext_lazy(
                "Name the phase you act in: its index (phase.index in the game's state)."
            )
        },
    )
