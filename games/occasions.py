"""What a game is played for, told by the apps that know (tournaments: the tournament a
board or a duel belongs to), registered at ``games.extension_points.occasion_tellers``:
games lists a player's games, and imports nothing above it, so the apps above name the
occasion.

A teller is asked once for many games and must answer with a fixed number of queries
however many there are: a page listing a player's games asks for all of them at once."""

from __future__ import annotations

from collections.abc import Sequence

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser

from games.extension_points import Occasion, occasion_tellers
from games.models import Game


def occasions_of(
    *, games: Sequence[Game], viewer: AbstractBaseUser | AnonymousUser
) -> dict[int, Occasion]:
    """The occasion of each of ``games`` that a registered app knows of, by game id (the
    first teller to name one wins)."""
    if not games:
        return {}
    out: dict[int, Occasion] = {}
    for teller in occasion_tellers.entries():
        for game_id, occasion in teller(games, viewer).items():
            out.setdefault(game_id, occasion)
    return out
