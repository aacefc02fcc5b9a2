"""Missed orders, each policy played on a real Celery worker with a fake clock.

The clock is time-machine's (it moves every thread's time, the worker's too); the
sweep stands in for Celery beat, run by hand at each moment the test chooses.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
import time_machine
from django.core.cache import cache

from adjudicator import find_variant
from core.errors import ApplicationError
from games import services, tasks
from games.models import Game, GamePhase, PhaseDuty, Seat
from games.selectors import reliability_of
from games.services import moderation
from games.terms import GameTerms
from tests.games.conftest import wait_for_phase

pytestmark = pytest.mark.django_db(transaction=True)

START = datetime(2026, 3, 2, 12, 0, tzinfo=UTC)


@pytest.fixture
def clock() -> Iterator[Any]:
    with time_machine.travel(START, tick=True) as traveller:
        yield traveller


def _game(players: dict[str, Any], **settings: Any) -> Game:
    game = services.game_create(
        created_by=players["austria"],
        name="Deadlines",
        power="austria",
        terms=GameTerms(
            assignment=Game.Assignment.CHOSEN,
            movement_deadline=timedelta(hours=24),
            retreat_deadline=timedelta(hours=12),
            adjustment_deadline=timedelta(hours=12),
        ),
    )
    Game.objects.filter(pk=game.pk).update(**settings)
    for power, user in players.items():
        if power != "austria":
            services.game_join(game=game, user=user, power=power)
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE
    return game


def _everyone_but(game: Game, players: dict[str, Any], *absent: str) -> None:
    """Every power but ``absent`` saves its orders (holds) and says it is ready."""
    for power, user in players.items():
        if power not in absent:
            services.orders_ready(game=game, user=user, ready=True)


def _sweep(clock: Any, hours: float) -> None:
    """Let ``hours`` pass and run beat's sweep (forgetting its hold on recently queued
    phases, as the real minutes between would)."""
    clock.shift(timedelta(hours=hours))
    cache.clear()
    tasks.sweep_due_phases()


def _wait(predicate: Any, seconds: float = 20) -> None:
    import time

    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if predicate():
            return
        time.sleep(0.1)
    raise AssertionError("the worker did not get there in time")


def _seat(game: Game, power: str) -> Seat:
    return Seat.objects.get(game=game, power=power)


def test_immediate_the_defaults_at_the_deadline(
    players: dict[str, Any], worker: None, clock: Any
) -> None:
    game = _game(players)
    _everyone_but(game, players, "england")
    _sweep(clock, 23)
    assert game.current_phase.code == "S1901M"  # not due yet
    _sweep(clock, 1.01)
    autumn = wait_for_phase(game, "F1901M")
    spring = game.phases.get(index=0)
    assert spring.notes == [{"kind": "missed", "power": "england"}]
    assert {"england", "france"} <= set(autumn.position["units"])  # england's units held
    assert _seat(game, "england").missed_phases == 1
    duties = PhaseDuty.objects.filter(phase=spring)
    assert duties.count() == 7
    assert list(duties.filter(missed=True).values_list("seat__power", flat=True)) == ["england"]


def test_saved_orders_not_marked_ready_are_no_miss(
    players: dict[str, Any], worker: None, clock: Any
) -> None:
    game = _game(players, nmr_policy=Game.NmrPolicy.GRACE)
    services.orders_submit(game=game, user=players["england"], orders=["F lon - nth"])
    _everyone_but(game, players, "england")
    _sweep(clock, 24.01)
    autumn = wait_for_phase(game, "F1901M")  # no grace: nobody missed
    assert "F nth" in autumn.position["units"]["england"]
    assert _seat(game, "england").missed_phases == 0


def test_grace_extends_once_then_the_defaults(
    players: dict[str, Any], worker: None, clock: Any
) -> None:
    game = _game(players, nmr_policy=Game.NmrPolicy.GRACE, grace_period=timedelta(hours=6))
    _everyone_but(game, players, "england")
    phase = game.current_phase
    _sweep(clock, 24.01)
    _wait(lambda: GamePhase.objects.get(pk=phase.pk).grace_given == ["england"])
    phase.refresh_from_db()
    assert phase.status == GamePhase.Status.OPEN
    assert phase.deadline == pytest.approx(START + timedelta(hours=30.01), abs=timedelta(minutes=1))
    assert _seat(game, "england").excused_misses == 1
    _sweep(clock, 5)
    assert game.current_phase.pk == phase.pk  # still within the grace period
    _sweep(clock, 1.1)
    wait_for_phase(game, "F1901M")
    phase.refresh_from_db()
    assert {"kind": "grace", "powers": ["england"]} in phase.notes
    assert {"kind": "missed", "power": "england"} in phase.notes


def test_grace_is_limited_per_seat(players: dict[str, Any], worker: None, clock: Any) -> None:
    game = _game(players, nmr_policy=Game.NmrPolicy.GRACE, grace_misses=0)
    _everyone_but(game, players, "england")
    _sweep(clock, 24.01)
    wait_for_phase(game, "F1901M")  # no excused misses left: the defaults at once


def test_replacement_search_then_a_replacement_orders_for_the_same_phase(
    players: dict[str, Any], make_user: Any, worker: None, clock: Any
) -> None:
    game = _game(
        players, nmr_policy=Game.NmrPolicy.REPLACEMENT, replacement_window=timedelta(hours=24)
    )
    _everyone_but(game, players, "england")
    phase = game.current_phase
    _sweep(clock, 24.01)
    _wait(lambda: _seat(game, "england").seeking_replacement_until is not None)
    seat = _seat(game, "england")
    assert seat.user is None
    assert seat.excluded_user == players["england"]
    phase.refresh_from_db()
    assert phase.status == GamePhase.Status.OPEN  # adjudication waits for a replacement
    newcomer = make_user("newcomer")
    services.seat_take_over(game=game, user=newcomer, power="england")
    services.orders_submit(game=game, user=newcomer, orders=["F lon - nth", "F edi - nwg"])
    services.orders_ready(game=game, user=newcomer, ready=True)
    autumn = wait_for_phase(game, "F1901M")
    assert {"F nth", "F nwg"} <= set(autumn.position["units"]["england"])
    assert _seat(game, "england").user == newcomer
    # The original player's miss counts against them, not against the newcomer.
    assert reliability_of(user=players["england"]) == 0
    assert reliability_of(user=newcomer) is None


def test_replacement_search_without_a_replacement_ends_in_civil_disorder(
    players: dict[str, Any], worker: None, clock: Any
) -> None:
    game = _game(
        players, nmr_policy=Game.NmrPolicy.REPLACEMENT, replacement_window=timedelta(hours=12)
    )
    services.orders_submit(game=game, user=players["england"], orders=["F lon - nth"])
    services.orders_submit(game=game, user=players["england"], orders=[])
    _everyone_but(game, players, "england")
    _sweep(clock, 24.01)
    _wait(lambda: _seat(game, "england").seeking_replacement_until is not None)
    _sweep(clock, 12.1)
    autumn = wait_for_phase(game, "F1901M")
    seat = _seat(game, "england")
    assert seat.civil_disorder
    assert seat.user is None
    assert autumn.position["units"]["england"] == ["A lvp", "F edi", "F lon"]


def test_late_orders_accepted_by_a_moderator_undo_the_exclusion(
    players: dict[str, Any], make_user: Any, worker: None, clock: Any, site_moderator: Any
) -> None:
    game = _game(players, nmr_policy=Game.NmrPolicy.REPLACEMENT)
    referee = make_user("referee")
    moderation.game_master_set(game=game, by=site_moderator, user=referee)
    _everyone_but(game, players, "england")
    _sweep(clock, 24.01)
    _wait(lambda: _seat(game, "england").seeking_replacement_until is not None)
    moderation.late_orders_accept(
        game=game,
        by=referee,
        power="england",
        orders=["F lon - eng"],
        reason="England mailed the orders an hour before the deadline.",
    )
    seat = _seat(game, "england")
    assert seat.user == players["england"]
    assert seat.excluded_user is None
    assert seat.seeking_replacement_until is None
    autumn = wait_for_phase(game, "F1901M")  # everyone is ready now
    assert "F eng" in autumn.position["units"]["england"]


def test_exclusion_after_three_misses_in_a_row_is_announced(
    players: dict[str, Any], worker: None, clock: Any
) -> None:
    game = _game(players, exclude_after=3)
    standard = find_variant("standard")
    for _ in range(6):
        if _seat(game, "england").civil_disorder:
            break
        phase = game.current_phase
        due = services.powers_to_order(services.phase_position(phase), standard)
        for power in due - {"england"}:
            services.orders_ready(game=game, user=players[power], ready=True)
        if "england" in due:
            _sweep(clock, 24.01)
        _wait(lambda p=phase: GamePhase.objects.get(pk=p.pk).status != GamePhase.Status.OPEN)
    seat = _seat(game, "england")
    assert seat.excluded_user == players["england"]
    notes = [n for p in game.phases.all() for n in p.notes]
    assert {"kind": "excluded", "power": "england", "misses": 3} in notes
    assert seat.consecutive_misses == 3


def test_a_power_in_civil_disorder_does_not_execute_stale_orders(
    players: dict[str, Any], make_user: Any, clock: Any, site_moderator: Any
) -> None:
    game = _game(players)
    referee = make_user("referee")
    moderation.game_master_set(game=game, by=site_moderator, user=referee)
    services.orders_submit(game=game, user=players["england"], orders=["F lon - nth"])
    moderation.player_exclude(
        game=game, by=referee, power="england", reason="Gone for good, says their mail."
    )
    phase = game.current_phase
    assert services.phase_adjudicate(game_id=game.pk, phase_id=phase.pk)
    autumn = game.current_phase
    assert "F lon" in autumn.position["units"]["england"]  # the saved move was not made
    phase.refresh_from_db()
    assert {"kind": "excluded", "power": "england", "by": "moderator"} in phase.notes
    # Kept, exported and replayed as adjudicated: without the stale move.
    assert "england" not in phase.adjudicated_orders
    from games.export import game_export

    exported = game_export(user=players["france"], game=game)["phases"][0]
    assert "england" not in exported["position"]["orders"]


def test_reliability_and_a_minimum_to_join(
    players: dict[str, Any], make_user: Any, clock: Any
) -> None:
    game = _game(players)
    _everyone_but(game, players, "england")
    assert services.phase_adjudicate(game_id=game.pk, phase_id=game.current_phase.pk)
    assert reliability_of(user=players["england"]) == 0
    assert reliability_of(user=players["france"]) == 100
    picky = services.game_create(created_by=players["france"], name="Only the reliable", join=False)
    Game.objects.filter(pk=picky.pk).update(min_reliability=80)
    picky.refresh_from_db()
    with pytest.raises(ApplicationError, match="reliability"):
        services.game_join(game=picky, user=players["england"])
    services.game_join(game=picky, user=players["france"])
    services.game_join(game=picky, user=make_user("newcomer"))  # no record yet: welcome
