"""What tournaments say of the players' votes on their boards (games.vote_rules asks, through
the refusal registered in TournamentsConfig.ready())."""

from __future__ import annotations

from django.utils.translation import gettext as _

from games.models import Game, Vote
from tournaments.models import Board


def board_vote_refusal(game: Game, kind: str) -> str | None:
    """A tournament board is not cancelled by its players: its round is scored from every
    board, and only the organiser may change that. (A duel's boards are refused by the duel's
    own rule, tournaments.duels.)"""
    if kind == Vote.Kind.CANCEL and Board.objects.filter(game=game).exists():
        return _("A tournament board cannot be cancelled by its players: ask the organiser.")
    return None
