"""Rather Silly's events on a real Celery worker (in a thread, on the configured broker:
Redis in CI): the llamas' winter, then the spring in which the Borg appears and the fall
whose opening brings a sea monster, each adjudicated by the worker when its deadline passes
and the sweep queues it, each exactly once; replayed from the stored seeds, every phase
gives the same results and position again."""

from __future__ import annotations

import time
from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone

from adjudicator import find_variant, resolve
from adjudicator.io import position_from_json, position_to_json
from games import services, tasks
from games.models import Game, GamePhase
from games.positions import result_rows
from games.terms import GameTerms
from tests.games.conftest import wait_for_phase
from tests.games.helpers import current

pytestmark = pytest.mark.django_db(transaction=True)

POWERS = ("austria", "england", "france", "germany", "italy", "russia", "turkey")


def _deadline_passes(game: Game) -> None:
    phase = current(game)
    GamePhase.objects.filter(pk=phase.pk).update(deadline=timezone.now() - timedelta(seconds=1))
    tasks.sweep_due_phases()


def test_the_creatures_act_at_each_deadline_on_a_real_worker(make_user: Any, worker: None) -> None:
    users = {p: make_user(f"{p}-w") for p in POWERS}
    game = services.game_create(
        created_by=users["austria"],
        name="Silly on Celery",
        power="austria",
        terms=GameTerms(variant_id="rather_silly", assignment=Game.Assignment.CHOSEN),
    )
    for power in POWERS[1:]:
        services.game_join(game=game, user=users[power], power=power)
    services.orders_submit(game=game, user=users["germany"], orders=["herd tyr", "vote mun - par"])
    _deadline_passes(game)
    wait_for_phase(game, "S1901M")
    services.orders_submit(game=game, user=users["germany"], orders=["A mun - tyr"])
    _deadline_passes(game)
    fall = wait_for_phase(game, "F1901M")
    spring = game.phases.get(code="S1901M")
    codes = [r.get("reason_code") for r in spring.results]
    assert "borg_appeared" in codes
    assert "sea_monster_appeared" in codes
    assert "monster" in fall.position["units"]
    services.orders_submit(game=game, user=users["germany"], orders=["explode tyr"])
    _deadline_passes(game)
    # The game's seed is drawn when it is made: a monster may dislodge someone (retreats),
    # or not.
    assert _next_code(game, after="F1901M") in ("F1901R", "W1901A", "S1902M")
    fall.refresh_from_db()
    assert fall.status == GamePhase.Status.RESOLVED
    assert "llamas_exploded" in [r.get("reason_code") for r in fall.results]
    # Each phase once.
    resolved = list(
        game.phases.filter(status=GamePhase.Status.RESOLVED).values_list("code", flat=True)
    )
    assert resolved[:3] == ["W1900L", "S1901M", "F1901M"]
    assert len(resolved) == len(set(resolved))
    # Replayed from what is stored, each phase gives the same results and position.
    variant = find_variant("rather_silly")
    for phase in game.phases.filter(status=GamePhase.Status.RESOLVED).order_by("index"):
        position, _orders = position_from_json(phase.position)
        again = resolve(position, phase.adjudicated_orders or {}, seed=phase.seed, variant=variant)
        assert result_rows(again.results, variant.map) == phase.results
        assert position_to_json(again.position) == phase.position_after


def _next_code(game: Game, *, after: str) -> str:
    """The code of the phase the worker opens after ``after`` (waiting for it)."""
    for _ in range(300):
        phase = current(game)
        if phase is not None and phase.code != after:
            return phase.code
        time.sleep(0.1)
    raise AssertionError(f"{game} never left {after}")
