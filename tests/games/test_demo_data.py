"""The demo data (``manage.py demo_data``): the games a newcomer opens, still worth opening
an hour later, and moving like games when the visitor plays.

The site is played the way runsite runs it: the demo bot's rounds and beat's sweep at
moments the test chooses, on time-machine's clock, with Celery tasks run eagerly.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
import time_machine
from django.core.cache import cache
from django.core.management import call_command

from adjudicator import PhaseKind, find_variant, legal_orders
from bots import bot_orders
from games import services, tasks
from games.management import demo
from games.management.demo import OPEN_GAME, RUNNING_GAME
from games.models import BoardLink, Game, GamePhase, OrderSet, PhaseDuty
from variants.highlander.demo import DUEL_GAME
from variants.multiple_void.demo import DRAFT_GAME

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("eager")]

START = datetime(2026, 3, 2, 12, 0, tzinfo=UTC)


@pytest.fixture
def clock() -> Iterator[Any]:
    with time_machine.travel(START, tick=False) as traveller:
        yield traveller


def _game(name: str) -> Game:
    game = demo.demo_game(name)
    assert game is not None
    return game


def _phase(game: Game) -> GamePhase:
    phase = game.current_phase
    assert phase is not None
    return phase


def _site_runs_for(clock: Any, minutes: int, step: int = 5) -> None:
    """Let time pass as on the running site: every ``step`` minutes the bot's round and
    beat's sweep (forgetting its hold on recently queued phases, as real minutes would)."""
    for _ in range(minutes // step):
        clock.shift(timedelta(minutes=step))
        demo.bot_play()
        cache.clear()
        tasks.sweep_due_phases()


def _has_orders_to_give(game: Game, username: str) -> bool:
    """Is it ``username``'s turn in ``game``: a power with orders due and none saved?"""
    phase = _phase(game)
    seat = game.seats.get(user__username=username)
    due = services.powers_to_order(services.phase_position(phase), find_variant(game.variant))
    return seat.power in due and not OrderSet.objects.filter(phase=phase, seat=seat).exists()


def _everyone_else_ready(game: Game, visitor: str) -> bool:
    phase = _phase(game)
    due = services.powers_to_order(services.phase_position(phase), find_variant(game.variant))
    others = set(
        game.seats.filter(power__in=due)
        .exclude(user__username=visitor)
        .values_list("power", flat=True)
    )
    ready = set(phase.order_sets.filter(ready=True).values_list("seat__power", flat=True))
    return others <= ready


def _order(game: Game, username: str, orders: list[str]) -> None:
    user = game.seats.get(user__username=username).user
    services.orders_submit(game=game, user=user, orders=orders)
    services.orders_ready(game=game, user=user, ready=True)


def _bot_like(game: Game, username: str) -> list[str]:
    """Whole orders for the visitor's seat, chosen as the bot would."""
    import random

    phase = _phase(game)
    power = game.seats.get(user__username=username).power
    position = services.phase_position(phase)
    variant = find_variant(game.variant)
    return [str(o) for o in bot_orders(variant, position, power, random.Random(1))]


def test_demo_games_are_still_worth_opening_an_hour_later(clock: Any) -> None:
    call_command("demo_data")
    _site_runs_for(clock, minutes=65)

    running = _game(RUNNING_GAME)
    assert running.status == Game.Status.ACTIVE
    assert _has_orders_to_give(running, "alice")
    assert _everyone_else_ready(running, "alice")
    # Nobody's seat has been adjudicated into defaults behind the visitor's back.
    assert not PhaseDuty.objects.filter(phase__game=running, missed=True).exists()

    duel = _game(DUEL_GAME)
    assert _phase(duel).code == "W1900N"  # the nomination has not expired into defaults
    assert _has_orders_to_give(duel, "alice")
    # The demo's house rule: bob's bot nominates only once alice's list is in (issue 38).
    assert not OrderSet.objects.filter(phase=_phase(duel)).exists()
    assert not GamePhase.objects.filter(game=duel, status=GamePhase.Status.RESOLVED).exists()

    draft = _game(DRAFT_GAME)
    phase = _phase(draft)
    assert phase.code == "S1900D"  # still drafting: the bot picked up to carol's turn
    assert _has_orders_to_give(draft, "carol")
    assert not PhaseDuty.objects.filter(phase__game=draft, missed=True).exists()
    for resolved in GamePhase.objects.filter(game=draft, status=GamePhase.Status.RESOLVED):
        assert all(r["result"] == "ok" and "reason_code" not in r for r in resolved.results)

    assert _game(OPEN_GAME).status == Game.Status.FORMING


def test_the_game_in_progress_moves_as_soon_as_the_visitor_is_ready(clock: Any) -> None:
    call_command("demo_data")
    running = _game(RUNNING_GAME)
    first = _phase(running)
    _order(running, "alice", ["A vie - gal", "A bud - ser", "F tri - alb"])

    first.refresh_from_db()
    assert first.status == GamePhase.Status.RESOLVED  # at once: the bot's powers were ready
    moved = {r["power"] for r in first.results if " - " in r["order"] and r["result"] == "ok"}
    assert len(moved - {"austria"}) >= 4  # the others played, not held
    demo.bot_play()
    assert _has_orders_to_give(running, "alice")
    assert _everyone_else_ready(running, "alice")


def test_the_duel_goes_from_nomination_to_both_boards_with_the_visitor(clock: Any) -> None:
    call_command("demo_data")
    duel_game = _game(DUEL_GAME)
    _order(duel_game, "alice", _bot_like(duel_game, "alice"))
    assert _phase(duel_game).code == "W1900N"  # the bot nominates after her (issue 38)
    demo.bot_play()  # blue nominates
    assert _phase(duel_game).code == "W1900P"
    demo.bot_play()  # blue places
    assert _everyone_else_ready(duel_game, "alice")
    _order(duel_game, "alice", _bot_like(duel_game, "alice"))

    duel = BoardLink.objects.get(games=duel_game)
    assert duel.board("B") is not None
    demo.bot_play()
    for board in (duel_game, duel.board("B")):
        assert _phase(board).phase.kind is PhaseKind.MOVEMENT
        assert _has_orders_to_give(board, "alice")
        assert _everyone_else_ready(board, "alice")


def _bot_plays_until_carols_turn(draft: Game) -> None:
    """The bot's rounds, one pick each, until it is carol's pick. Each round of the draft
    has its order drawn by lot, so up to four of the bot's picks may come between two of
    hers (the last two of one round, the first two of the next)."""
    for _ in range(4):
        if _has_orders_to_give(draft, "carol"):
            return
        demo.bot_play()
    assert _has_orders_to_give(draft, "carol")


def test_the_draft_moves_as_soon_as_the_visitor_picks(clock: Any) -> None:
    call_command("demo_data")
    draft = _game(DRAFT_GAME)
    _bot_plays_until_carols_turn(draft)
    picks = len(services.phase_position(_phase(draft)).units)
    _order(draft, "carol", _bot_like(draft, "carol"))
    _bot_plays_until_carols_turn(draft)

    after = services.phase_position(_phase(draft))
    assert len(after.units) > picks
    assert _has_orders_to_give(draft, "carol")  # the bot picked up to her next turn
    per_colour = Counter(u.power for u in after.units)
    assert max(per_colour.values()) - min(per_colour.values()) <= 1  # everyone picked
    assert len(per_colour) == 3
    for resolved in GamePhase.objects.filter(game=draft, status=GamePhase.Status.RESOLVED):
        assert all("reason_code" not in r for r in resolved.results)  # no pick at random


def test_demo_data_twice_makes_each_game_once_and_keeps_the_bots_games_waiting(
    clock: Any,
) -> None:
    call_command("demo_data")
    running = _game(RUNNING_GAME)
    first = _phase(running)
    # The site was stopped for two days: on the next start the deadline is given again.
    clock.shift(timedelta(days=2))
    call_command("demo_data")
    for name in (OPEN_GAME, RUNNING_GAME, DUEL_GAME, DRAFT_GAME):
        assert Game.objects.filter(name=name).count() == 1
    first.refresh_from_db()
    assert first.status == GamePhase.Status.OPEN
    assert first.deadline == START + timedelta(days=3)


def test_demo_games_of_an_earlier_version_get_the_long_deadlines(clock: Any) -> None:
    call_command("demo_data")
    Game.objects.filter(name=RUNNING_GAME).update(movement_deadline=timedelta(minutes=3))
    call_command("demo_data")
    assert _game(RUNNING_GAME).movement_deadline == demo.BOT_GAME_DEADLINE


def test_the_bots_orders_are_legal_orders(clock: Any) -> None:
    call_command("demo_data")
    running = _game(RUNNING_GAME)
    phase = _phase(running)
    position = services.phase_position(phase)
    for order_set in phase.order_sets.select_related("seat"):
        legal = {
            str(o)
            for options in legal_orders(position, order_set.seat.power).values()
            for o in options
        }
        assert order_set.orders
        assert set(order_set.orders) <= legal


def test_a_persons_account_with_a_demo_players_name_is_never_made_one(make_user: Any) -> None:
    # Signed up as alice before the demo was loaded: demo_data would have made him the
    # site's moderator and the creator of the demo games.
    from django.contrib.auth.models import User
    from django.core.management.base import CommandError

    from accounts.roles import MODERATOR, has_role

    alice = make_user("alice", "his-own-long-password")
    with pytest.raises(CommandError, match=r"alice .* is someone.s own account"):
        call_command("demo_data")
    assert not has_role(User.objects.get(pk=alice.pk), MODERATOR)
    assert not Game.objects.exists()


def test_demo_players_made_before_their_mark_are_still_the_demos(clock: Any) -> None:
    # An earlier demo_data made its players without the demo group: they have the
    # demo's password, which everyone knows, and are taken as the demo's.
    from django.contrib.auth.models import User

    from accounts.roles import PLAYER, grant

    for name in demo.DEMO_PLAYERS:
        grant(User.objects.create_user(name, f"{name}@example.org", demo.DEMO_PASSWORD), PLAYER)
    call_command("demo_data")
    assert User.objects.filter(groups__name=demo.DEMO_GROUP).count() == len(demo.DEMO_PLAYERS)
    assert _game(RUNNING_GAME).created_by.username == "alice"
