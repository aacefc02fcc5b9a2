"""Linked boards: a Highlander duel's board B plays by board A's terms, all of them, and
its missed-orders policy is applied as a single game's."""

from __future__ import annotations

from datetime import UTC, datetime, time, timedelta
from typing import Any

import pytest
import time_machine
from django.db.models import Q

from games import services
from games.models import BoardLink, Game, GameEvent, GamePhase, Seat
from games.services import moderation
from games.terms import GameTerms
from tests.games.helpers import FIXED_DUEL_SETUP, current

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


START = datetime(2026, 11, 7, 9, 0, tzinfo=UTC)


def link_seats(board: Game) -> Q:
    """The seats of ``board`` and of the boards linked to it, board A's first."""
    return Q(game__link_id=board.link_id)


def test_missed_orders_on_linked_boards_take_the_games_policy(
    make_user: Any, site_moderator: Any
) -> None:
    """Issue 35, D1: the missed-orders policy of linked boards is the one of a single
    game. Red never orders: at the deadline the step waits a grace period (noted, red's
    excused misses counted, and announced to the game master), both boards keeping one
    clock; at its end the defaults apply and the miss is recorded and announced. Before,
    the twin-board path skipped the policy and adjudicated at once, four years running."""
    alice, bob, referee = make_user("alice"), make_user("bob"), make_user("referee")
    with time_machine.travel(START, tick=False) as clock:
        board_a = services.game_create(
            created_by=alice,
            name="Duel",
            power="red",
            terms=GameTerms(
                variant_id="highlander",
                options=FIXED_DUEL_SETUP,
                duel=True,
                assignment=Game.Assignment.CHOSEN,
                nmr_policy=Game.NmrPolicy.GRACE,
                grace_period=timedelta(hours=6),
            ),
        )
        moderation.game_master_set(game=board_a, by=site_moderator, user=referee)
        services.game_join(game=board_a, user=bob, power="blue")
        board_b = BoardLink.objects.get(games=board_a).board("B")
        assert board_b is not None
        for board in (board_a, board_b):
            services.orders_ready(game=board, user=bob, ready=True)
        spring = [current(board_a), current(board_b)]
        deadline = spring[0].deadline
        assert deadline is not None
        assert spring[1].deadline == deadline

        clock.move_to(deadline + timedelta(minutes=1))
        assert not services.phase_adjudicate(game_id=board_a.pk, phase_id=spring[0].pk)
        grace = deadline + timedelta(hours=6, minutes=1)
        for phase in spring:
            phase.refresh_from_db()
            assert phase.status == GamePhase.Status.OPEN
            assert phase.deadline == grace
            assert phase.grace_given == ["red"]
            assert {"kind": "grace", "powers": ["red"]} in phase.notes
        red = Seat.objects.filter(link_seats(board_a), power="red")
        assert [s.excused_misses for s in red] == [1, 1]
        told = GameEvent.objects.filter(kind="orders_missed").order_by("pk")
        assert [(e.game_id, e.params["how"], e.params["powers"], e.users) for e in told] == [
            (board_a.pk, "grace", ["red"], [referee.pk]),
            (board_b.pk, "grace", ["red"], [referee.pk]),
        ]
        assert told[0].params["until"] == grace.isoformat()

        # Within the grace period nothing is played; at its end, the defaults.
        clock.move_to(grace - timedelta(minutes=5))
        assert not services.phase_adjudicate(game_id=board_a.pk, phase_id=spring[0].pk)
        clock.move_to(grace + timedelta(minutes=1))
        assert services.phase_adjudicate(game_id=board_a.pk, phase_id=spring[0].pk)
        for phase in spring:
            phase.refresh_from_db()
            assert phase.status == GamePhase.Status.RESOLVED
            assert {"kind": "missed", "power": "red"} in phase.notes
        assert [
            s.consecutive_misses for s in Seat.objects.filter(link_seats(board_a), power="red")
        ] == [1, 1]
        assert list(
            GameEvent.objects.filter(kind="orders_missed", params__how="missed").values_list(
                "game_id", flat=True
            )
        ) == [board_a.pk, board_b.pk]


def test_missed_orders_in_a_duels_set_up_take_the_games_policy(make_user: Any) -> None:
    """Board A's set-up (the nominations, before the boards are linked) takes the same
    policy: a colour that nominates nothing by the deadline gets its grace period."""
    alice, bob = make_user("alice"), make_user("bob")
    with time_machine.travel(START, tick=False) as clock:
        board_a = services.game_create(
            created_by=alice,
            name="Duel",
            power="red",
            terms=GameTerms(
                variant_id="highlander",
                duel=True,
                assignment=Game.Assignment.CHOSEN,
                nmr_policy=Game.NmrPolicy.GRACE,
                grace_period=timedelta(hours=6),
            ),
        )
        services.game_join(game=board_a, user=bob, power="blue")
        setup = current(board_a)
        assert setup.phase.is_setup
        assert setup.deadline is not None
        clock.move_to(setup.deadline + timedelta(minutes=1))
        assert not services.phase_adjudicate(game_id=board_a.pk, phase_id=setup.pk)
        setup.refresh_from_db()
        assert setup.status == GamePhase.Status.OPEN
        assert sorted(setup.grace_given) == ["blue", "red"]
