"""Linked boards: a Highlander duel's board B plays by board A's terms, all of them."""

from __future__ import annotations

from datetime import time, timedelta
from typing import Any

import pytest

from games import services
from games.models import BoardLink, Game
from games.services import moderation
from games.terms import GameTerms
from tests.games.helpers import FIXED_DUEL_SETUP

pytestmark = pytest.mark.django_db


#: Every term away from its default, so that a term board B forgets shows.
TERMS = GameTerms(
    variant_id="highlander",
    options=FIXED_DUEL_SETUP,
    duel=True,
    private=True,
    anonymous=True,
    assignment=Game.Assignment.CHOSEN,
    start_when_full=True,
    movement_deadline=timedelta(hours=36),
    retreat_deadline=timedelta(hours=7),
    adjustment_deadline=timedelta(hours=5),
    setup_deadline=timedelta(hours=3),
    deadline_time=time(20, 30),
    time_zone="Europe/Berlin",
    days_off=(5, 6),
    nmr_policy=Game.NmrPolicy.GRACE,
    grace_period=timedelta(hours=9),
    grace_misses=1,
    replacement_window=timedelta(hours=30),
    exclude_after=3,
    min_reliability=10,
    press=Game.Press.NONE,
    vacation_handling=Game.VacationHandling.SITTER,
    reminder_hours=11,
    decision_window=timedelta(hours=13),
    extensions_per_player=2,
    extensions_per_game=5,
)


def test_board_b_plays_by_every_term_of_board_a(make_user: Any) -> None:
    """A no-press duel stays no-press on board B, and so for each of the duel's terms
    (before, board B took the defaults: full press, immediate missed-orders policy, no
    time of day, no days off, vacations extended, default extensions)."""
    alice, bob, referee = make_user("alice"), make_user("bob"), make_user("referee")
    board_a = services.game_create(created_by=referee, name="Final", terms=TERMS, join=False)
    moderation.game_master_set(game=board_a, by=referee, user=referee)
    services.game_join(game=board_a, user=alice, power="red", invite_code=board_a.invite_code)
    services.game_join(game=board_a, user=bob, power="blue", invite_code=board_a.invite_code)

    board_b = BoardLink.objects.get(games=board_a).board("B")
    assert board_b is not None
    board_a.refresh_from_db()
    expected = GameTerms.of(board_a)
    assert expected.press == Game.Press.NONE  # the terms were kept on board A itself
    assert GameTerms.of(board_b) == expected
    assert board_b.press == Game.Press.NONE
    assert list(board_b.masters.all()) == [referee]
    assert {s.power: s.user for s in board_b.seats.all()} == {"red": alice, "blue": bob}
