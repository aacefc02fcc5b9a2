"""Who may take a seat in a game, besides the lobby's own rules: rules other apps add,
registered in their ``AppConfig.ready()`` (tournaments: a bot takes a seat in one of a
tournament's games only where the organiser allows bots). Games asks each when a user
joins a game or takes over a seat; nothing registers at import time."""

from __future__ import annotations

from collections.abc import Callable

from django.contrib.auth.models import AbstractBaseUser

from games.models import Game

#: A rule: why ``user`` may not take a seat in ``game``, in the player's words, or None.
SeatGate = Callable[[Game, AbstractBaseUser], str | None]

_GATES: list[SeatGate] = []


def seat_gate_register(gate: SeatGate) -> None:
    """Add a rule (once: registering it again changes nothing)."""
    if gate not in _GATES:
        _GATES.append(gate)


def seat_refusal(*, game: Game, user: AbstractBaseUser) -> str | None:
    """Why ``user`` may not take a seat in ``game`` by a registered rule, or None."""
    for gate in _GATES:
        refusal = gate(game, user)
        if refusal is not None:
            return refusal
    return None
