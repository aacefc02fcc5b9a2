"""Rather Silly, statement by statement, where the statement is the site's to keep rather than
the adjudicator's (issue 34, "One table, rule by rule"; the table is docs/rules/rather_silly.md,
the adjudicator's scenarios tests/adjudicator/test_rather_silly_text.py)."""

from __future__ import annotations

from typing import Any

import pytest

from adjudicator.variants.rather_silly import ROLES
from games import services
from games.models import Game
from games.terms import GameTerms
from tests.games.helpers import current

pytestmark = pytest.mark.django_db

POWERS = ("austria", "england", "france", "germany", "italy", "russia", "turkey")


def eleven_seats(make_user: Any) -> tuple[Game, dict[str, Any]]:
    """A started game with the seven great powers and the four roles; the users by seat."""
    seats = (*POWERS, *ROLES)
    users = {seat: make_user(f"{seat}-draw") for seat in seats}
    game = services.game_create(
        created_by=users["austria"],
        name="Silly table",
        power="austria",
        terms=GameTerms(
            variant_id="rather_silly",
            options={"roles": True},
            assignment=Game.Assignment.CHOSEN,
        ),
    )
    for seat in seats[1:]:
        services.game_join(game=game, user=users[seat], power=seat)
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE
    return game, users


def test_a_draw_may_be_agreed_at_any_time_by_all_eleven_players(make_user: Any) -> None:
    # "Unentschieden (Draws) können vorher jederzeit vereinbart werden": already in the
    # llamas' winter; the four roles agree as the great powers do, and without the last
    # of the eleven there is no draw.
    game, users = eleven_seats(make_user)
    assert current(game).code == "W1900L"
    *first, last = users.values()
    for user in first:
        assert services.draw_vote(game=game, user=user, accept=True) is False
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE
    assert services.draw_vote(game=game, user=last, accept=True) is True
    game.refresh_from_db()
    assert (game.status, game.outcome) == (Game.Status.FINISHED, Game.Outcome.DRAW)
