"""What tournaments tell games about a player's games (games.occasions): the tournament a
board of a round, or a duel of a match, belongs to, for the list of the player's games."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.urls import reverse

from games.extension_points import Occasion
from games.models import Game
from tournaments.models import Board, Match, Tournament
from tournaments.selectors import tournaments_listed


def tournament_occasions(
    games: Sequence[Game], viewer: AbstractBaseUser | AnonymousUser
) -> Mapping[int, Occasion]:
    """The tournament of each of ``games`` that ``viewer`` may see, by game id: two
    queries however many games (the boards of rounds, and the matches of duels)."""
    shown = tournaments_listed(user=viewer).values("pk")
    out: dict[int, Occasion] = {}
    boards = Board.objects.filter(
        game_id__in=[g.pk for g in games], round__tournament__in=shown
    ).select_related("round__tournament")
    for board in boards:
        if board.game_id is not None:
            out[board.game_id] = _occasion(board.round.tournament)
    linked = {g.link_id: g.pk for g in games if g.link_id is not None}
    if linked:
        matches = Match.objects.filter(
            duel_id__in=list(linked), tournament__in=shown
        ).select_related("tournament")
        by_link = {m.duel_id: m.tournament for m in matches}
        for game in games:
            if game.link_id in by_link:
                out[game.pk] = _occasion(by_link[game.link_id])
    return out


def _occasion(tournament: Tournament) -> Occasion:
    return Occasion(
        kind="tournament",
        name=tournament.name,
        url=reverse("tournaments:detail", args=[tournament.pk]),
    )
