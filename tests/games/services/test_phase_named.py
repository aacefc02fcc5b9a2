"""The one check of every write that refers to a phase (games.services.kernel
.phase_named_locked): the phase named must be the one open, or the write is refused with
why, and nothing is done in the phase open now. Here through the services: a phase that
a ruling replaced, and a moderator's writes (late orders that mark a power ready, an
extension), which name the phase of the moderator's page as a player's writes do."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone

from core.errors import ApplicationError, NoSuchPhase, PhaseOver
from games import services
from games.models import Game, GamePhase, OrderSet
from games.services import moderation, rulings

pytestmark = pytest.mark.django_db


def adjudicated(game: Game) -> GamePhase:
    """The open phase, its deadline passed and adjudicated by the sweep."""
    phase = game.phases.get(status=GamePhase.Status.OPEN)
    GamePhase.objects.filter(pk=phase.pk).update(deadline=timezone.now() - timedelta(minutes=1))
    assert services.phase_adjudicate(game_id=game.pk, phase_id=phase.pk)
    return phase


def test_the_phase_open_is_the_one_written_in(started_game: Game, players: dict[str, Any]) -> None:
    mark = services.orders_ready(game=started_game, user=players["france"], ready=True, phase=0)
    assert (mark.phase.index, mark.ready) == (0, True)


def test_a_phase_a_ruling_replaced_is_said_so(
    started_game: Game, players: dict[str, Any], site_moderator: Any
) -> None:
    spring = adjudicated(started_game)
    fall = started_game.phases.get(index=1)
    rulings.ruling_apply(
        game=started_game,
        by=site_moderator,
        phase=spring,
        orders={"france": ["A par - bur"]},
        reason="France's orders were lost by the site.",
    )
    now = started_game.phases.get(status=GamePhase.Status.OPEN)
    assert (now.code, now.index) == ("F1901M", 3)
    with pytest.raises(PhaseOver) as refused:
        services.orders_ready(game=started_game, user=players["france"], ready=True, phase=1)
    assert refused.value.message == (
        "Fall 1901 movement was replaced by a moderator's ruling: you are now in Fall 1901 "
        "movement. Look at the new phase before you mark ready."
    )
    assert refused.value.extra == {"open_phase": 3}
    assert not OrderSet.objects.filter(phase__in=[fall, now]).exists()


def test_a_phase_not_yet_open_is_no_such_phase(started_game: Game, players: dict[str, Any]) -> None:
    with pytest.raises(NoSuchPhase):
        services.orders_submit(game=started_game, user=players["france"], orders=[], phase=1)


def test_a_forming_game_has_not_started(players: dict[str, Any]) -> None:
    game = services.game_create(created_by=players["france"], name="Forming")
    with pytest.raises(ApplicationError, match="The game has not started yet"):
        services.orders_ready(game=game, user=players["france"], ready=True, phase=0)


def test_late_orders_accepted_on_a_stale_page_mark_no_one_ready_in_the_next_phase(
    started_game: Game, players: dict[str, Any], site_moderator: Any
) -> None:
    # The moderator's page shows Spring 1901; it is adjudicated and Fall 1901 opens, in
    # which everyone but France is ready. His late orders for France's Spring arrive.
    adjudicated(started_game)
    for power, user in players.items():
        if power != "france":
            services.orders_ready(game=started_game, user=user, ready=True, phase=1)
    with pytest.raises(PhaseOver, match="Nothing was done: look at the new phase first"):
        moderation.late_orders_accept(
            game=started_game,
            by=site_moderator,
            power="france",
            reason="His mail was slow.",
            orders=["A par - bur"],
            phase=0,
        )
    fall = started_game.phases.get(index=1)
    assert not OrderSet.objects.filter(phase=fall, power="france").exists()
    fall.refresh_from_db()
    assert (fall.status, fall.due_now) == (GamePhase.Status.OPEN, False)


def test_a_moderators_extension_on_a_stale_page_moves_no_deadline(
    started_game: Game, site_moderator: Any
) -> None:
    adjudicated(started_game)
    fall = started_game.phases.get(index=1)
    with pytest.raises(PhaseOver):
        moderation.deadline_extend(
            game=started_game,
            by=site_moderator,
            extension=timedelta(hours=24),
            reason="A holiday.",
            phase=0,
        )
    assert started_game.phases.get(index=1).deadline == fall.deadline
    moved = moderation.deadline_extend(
        game=started_game,
        by=site_moderator,
        extension=timedelta(hours=24),
        reason="A holiday.",
        phase=1,
    )
    assert moved.deadline is not None
    assert fall.deadline is not None
    assert moved.deadline > fall.deadline
