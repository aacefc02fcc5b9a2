"""What a game is played for, told by the apps that know (tournaments: the tournament a
board or a duel belongs to), registered in their ``AppConfig.ready()``: games lists a
player's games, and imports nothing above it, so the apps above name the occasion.

A teller is asked once for many games and must answer with a fixed number of queries
however many there are: a page listing a player's games asks for all of them at once."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser

from games.models import Game


@dataclass(frozen=True)
class Occasion:
    """The event a game belongs to, as its viewer may see it."""

    #: What kind of event ("tournament").
    kind: str
    #: Its name, in the reader's words ("Autumn Cup").
    name: str
    #: Its page.
    url: str


#: Given games and the viewer, the occasion of each game it knows of, by game id.
OccasionTeller = Callable[
    [Sequence[Game], AbstractBaseUser | AnonymousUser], Mapping[int, Occasion]
]

_tellers: list[OccasionTeller] = []


def occasion_teller_register(teller: OccasionTeller) -> None:
    """Ask ``teller`` what each listed game is played for."""
    if teller not in _tellers:
        _tellers.append(teller)


def occasions_of(
    *, games: Sequence[Game], viewer: AbstractBaseUser | AnonymousUser
) -> dict[int, Occasion]:
    """The occasion of each of ``games`` that a registered app knows of, by game id (the
    first teller to name one wins)."""
    if not games:
        return {}
    out: dict[int, Occasion] = {}
    for teller in _tellers:
        for game_id, occasion in teller(games, viewer).items():
            out.setdefault(game_id, occasion)
    return out
