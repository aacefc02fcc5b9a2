"""Issue 41, H2, in a tournament: the organisers run every board as its game masters
(named by the organiser who starts the round). A board they call is scored for the
tournament at once, as the round cannot wait; the site's ratings, which every
tournament's gates and seeding read, count it once a site moderator confirms it."""

from __future__ import annotations

from typing import Any

import pytest

from games.models import Game, GameMaster
from games.services.moderation import game_end, game_result_confirm
from tournaments import services
from tournaments.models import Board, PlayerRating, Round, Tournament

pytestmark = pytest.mark.django_db

NAMES = ("ann", "bob", "cat", "dan", "eve", "fay", "gil")


def test_a_called_board_scores_at_once_and_rates_once_confirmed(
    make_user: Any,
    organiser: Any,
    site_moderator: Any,
    django_capture_on_commit_callbacks: Any,
) -> None:
    capture = django_capture_on_commit_callbacks
    tournament = services.tournament_create(
        by=organiser,
        name="Evening League",
        format=Tournament.Format.ROUNDS,
        check_in_required=False,
        seeding=Tournament.Seeding.HAND,
        rounds_planned=1,
    )
    entries = [services.entry_register(tournament=tournament, user=make_user(n)) for n in NAMES]
    services.hand_seeds_set(tournament=tournament, by=organiser, order=[e.pk for e in entries])
    with capture(execute=True):
        services.tournament_draw(tournament=tournament, by=organiser)
    board = Board.objects.select_related("game").get(round__tournament=tournament)
    assert board.game is not None
    row = GameMaster.objects.get(game=board.game)
    assert (row.user, row.named_by) == (organiser, organiser)

    with capture(execute=True):
        game_end(game=board.game, by=organiser, outcome=Game.Outcome.DRAW, reason="time")
    board.refresh_from_db()
    assert board.scored_at is not None
    assert Round.objects.get(pk=board.round_id).status == Round.Status.FINISHED
    board.game.refresh_from_db()
    assert board.game.result_awaits_confirmation
    assert not PlayerRating.objects.filter(kind=PlayerRating.Kind.MULTIPLAYER).exists()

    with capture(execute=True):
        game_result_confirm(game=board.game, by=site_moderator)
    rated = PlayerRating.objects.filter(kind=PlayerRating.Kind.MULTIPLAYER)
    assert sorted(rated.values_list("user__username", "games")) == [(n, 1) for n in NAMES]
