"""Who may take a seat in a game, besides the lobby's own rules: rules other apps add at
``games.extension_points.seat_gates`` (tournaments: a bot takes a seat in one of a
tournament's games only where the organiser allows bots). Games asks each when a user
joins a game or takes over a seat."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser

from games.extension_points import seat_gates
from games.models import Game


def seat_refusal(*, game: Game, user: AbstractBaseUser) -> str | None:
    """Why ``user`` may not take a seat in ``game`` by a registered rule, or None."""
    for gate in seat_gates.entries():
        refusal = gate(game, user)
        if refusal is not None:
            return refusal
    return None
