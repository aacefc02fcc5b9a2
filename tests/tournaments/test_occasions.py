"""What tournaments tell games of a player's games (tournaments.occasions, through
games.occasions): the tournament a round's board or a match's duel is played for, to
those who may see the tournament, in a fixed number of queries (one for boards, one more
where there are duels)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games import services as game_services
from games.models import BoardLink, Game
from games.selectors import my_games
from games.terms import GameTerms
from tests.games.helpers import duel_started
from tournaments import services
from tournaments.models import Board, Match, Round, Tournament
from tournaments.occasions import tournament_occasions

pytestmark = pytest.mark.django_db


def _cup(organiser: Any, *, private: bool = False) -> Tournament:
    return services.tournament_create(
        by=organiser, name="Autumn Cup", format=Tournament.Format.ROUNDS, private=private
    )


def _board_of(tournament: Tournament, game: Game) -> Board:
    round_ = Round.objects.create(tournament=tournament, kind=Round.Kind.BOARDS, number=1)
    return Board.objects.create(round=round_, number=1, game=game)


def test_a_rounds_board_is_played_for_its_tournament(
    organiser: Any, started_game: Game, players: dict[str, Any]
) -> None:
    cup = _cup(organiser)
    _board_of(cup, started_game)
    (row,) = my_games(user=players["austria"])
    assert row.occasion is not None
    assert (row.occasion.kind, row.occasion.name) == ("tournament", "Autumn Cup")
    assert row.occasion.url == f"/tournaments/{cup.pk}/"


def test_a_duel_of_a_match_is_played_for_its_tournament(
    organiser: Any, make_user: Callable[..., Any]
) -> None:
    alice, bob = make_user("alice"), make_user("bob")
    game = duel_started(alice, bob)
    cup = services.tournament_create(
        by=organiser, name="Highland Cup", format=Tournament.Format.KNOCKOUT
    )
    round_ = Round.objects.create(tournament=cup, kind=Round.Kind.KNOCKOUT, number=1)
    Match.objects.create(tournament=cup, round=round_, duel=BoardLink.objects.get(games=game))
    rows = my_games(user=alice)
    assert len(rows) == 2  # both boards of the duel
    assert {r.occasion.name if r.occasion else None for r in rows} == {"Highland Cup"}


def test_a_private_tournament_is_not_named_to_who_may_not_see_it(
    organiser: Any, started_game: Game, players: dict[str, Any]
) -> None:
    # A player who took over a seat of a private tournament's board, never entered.
    cup = _cup(organiser, private=True)
    _board_of(cup, started_game)
    assert tournament_occasions([started_game], players["austria"]) == {}
    assert tournament_occasions([started_game], organiser) != {}


def test_an_ordinary_game_has_no_occasion(started_game: Game, players: dict[str, Any]) -> None:
    assert tournament_occasions([started_game], players["austria"]) == {}


def test_the_same_queries_for_one_game_or_eleven(
    organiser: Any, started_game: Game, players: dict[str, Any]
) -> None:
    cup = _cup(organiser)
    _board_of(cup, started_game)
    others = [
        game_services.game_create(created_by=players["austria"], name=f"G{n}", terms=GameTerms())
        for n in range(10)
    ]
    with CaptureQueriesContext(connection) as one:
        tournament_occasions([started_game], players["austria"])
    with CaptureQueriesContext(connection) as eleven:
        tournament_occasions([started_game, *others], players["austria"])
    assert len(one) == len(eleven) == 1  # no duel among them: the boards' query alone


def test_the_home_page_links_the_tournament(
    organiser: Any, started_game: Game, players: dict[str, Any]
) -> None:
    from django.test import Client

    cup = _cup(organiser)
    _board_of(cup, started_game)
    client = Client()
    client.force_login(players["austria"])
    html = client.get("/").content.decode()
    assert (
        f'<span class="my-occasion"><a href="/tournaments/{cup.pk}/">Autumn Cup</a></span>' in html
    )
