"""What the players' votes mean to a tournament (tournaments.votes, and the verdict of a
conceded duel in tournaments.services.results): a tournament board is not cancelled by its
players, and a player who concedes a board of his match's duel loses the match by his
concession: recorded as conceded (never a forfeit, which the organiser records), its duel's
boards as played counted in the figures and listed in ``boards.csv``."""

from __future__ import annotations

from typing import Any

import pytest

from core.errors import ApplicationError
from games import services as game_services
from games.models import BoardLink, Game, Vote
from games.services.links import CONCEDED
from tests.tournaments.services.conftest import FIXED_17, boards, tournament_of
from tournaments import exports, services
from tournaments.brackets import Decided
from tournaments.models import Board, Match, PlayerRating, Round, Tournament

pytestmark = pytest.mark.django_db


def test_a_tournament_board_is_not_cancelled_by_its_players(
    make_user: Any, organiser: Any, django_capture_on_commit_callbacks: Any
) -> None:
    tournament = services.tournament_create(
        by=organiser,
        name="Evening League",
        format=Tournament.Format.ROUNDS,
        check_in_required=False,
        seeding=Tournament.Seeding.HAND,
        rounds_planned=1,
    )
    entries = [
        services.entry_register(tournament=tournament, user=make_user(n))
        for n in ("ann", "bob", "cat", "dan", "eve", "fay", "gil")
    ]
    services.hand_seeds_set(tournament=tournament, by=organiser, order=[e.pk for e in entries])
    with django_capture_on_commit_callbacks(execute=True):
        services.tournament_draw(tournament=tournament, by=organiser)
    board = Board.objects.get(round__tournament=tournament)
    assert board.game is not None
    player = board.game.seats.first().user
    with pytest.raises(ApplicationError, match="tournament board"):
        game_services.vote_cast(game=board.game, user=player, kind=Vote.Kind.CANCEL, accept=True)
    # A pause is the players' to agree, on a tournament board as anywhere.
    assert not game_services.vote_cast(
        game=board.game, user=player, kind=Vote.Kind.PAUSE, accept=True
    )


def test_conceding_a_duel_loses_the_match_by_concession(
    make_user: Any, organiser: Any, django_capture_on_commit_callbacks: Any
) -> None:
    tournament = tournament_of(organiser, seeding=Tournament.Seeding.HAND, check_in_required=False)
    ann, bob = (
        services.entry_register(tournament=tournament, user=make_user(name))
        for name in ("ann", "bob")
    )
    services.hand_seeds_set(tournament=tournament, by=organiser, order=[ann.pk, bob.pk])
    services.round_setup_fix(
        tournament=tournament, by=organiser, kind=Round.Kind.KNOCKOUT, number=1, setup=FIXED_17
    )
    with django_capture_on_commit_callbacks(execute=True):
        services.tournament_draw(tournament=tournament, by=organiser)
    match = Match.objects.get(tournament=tournament, duel__isnull=False)
    a, b = boards(match)
    loser = b.seats.get(power="blue").user
    with django_capture_on_commit_callbacks(execute=True):
        game_services.vote_cast(game=b, user=loser, kind=Vote.Kind.CONCEDE, accept=True)
    match.refresh_from_db()
    winner = ann if match.a and match.a.user == a.seats.get(power="red").user else bob
    assert (match.winner_id, match.decided) == (winner.pk, Decided.CONCEDED)
    # The duel was played up to the concession: its boards count, as they stood.
    assert set(match.stats) == {ann.key, bob.key}
    link = BoardLink.objects.get(pk=match.duel_id)
    assert (link.status, link.decided_by) == (BoardLink.Status.DECIDED, CONCEDED)
    assert {g.status for g in boards(match)} == {Game.Status.FINISHED}
    # A concession is a duel lost: it counts in both players' duel ratings.
    assert PlayerRating.objects.filter(kind=PlayerRating.Kind.DUEL).count() == 2
    # Both boards of the conceded duel are in boards.csv, the match said conceded.
    rows = exports.boards(tournament)
    assert {(r["game"], r["player"]) for r in rows} == {
        (g.pk, e.user.get_username()) for g in (a, b) for e in (ann, bob)
    }
    assert {r["decided"] for r in rows} == {"conceded"}
    # The organiser's log holds no forfeit: nobody recorded one.
    assert not tournament.actions.filter(kind="forfeit").exists()
