"""Where many boards stand, read at once (games.positions.boards_now): the same as each
board's own board_now, in two queries however many boards."""

from __future__ import annotations

from typing import Any

import pytest

from adjudicator import find_variant
from adjudicator.io import position_to_json
from games import services
from games.models import Game
from games.positions import board_now, boards_now
from games.terms import GameTerms

pytestmark = pytest.mark.django_db


def test_many_boards_read_at_once_stand_as_each_alone(
    make_user: Any, django_assert_num_queries: Any
) -> None:
    games = []
    for n in range(3):
        game = services.game_create(
            created_by=make_user(f"host{n}"),
            name=f"g{n}",
            terms=GameTerms(assignment=Game.Assignment.CHOSEN),
        )
        games.append(game)
    started = games[0]
    start = position_to_json(find_variant("standard").initial_position())
    phase = started.phases.create(index=0, code="S1901M", position=start)
    assert phase.pk
    alone = {g.pk: board_now(g) for g in games}
    with django_assert_num_queries(2):
        together = boards_now(games)
    assert together == {pk: p for pk, p in alone.items() if p is not None}
    assert set(together) == {started.pk}  # a game with no phase is left out
    assert boards_now([]) == {}
