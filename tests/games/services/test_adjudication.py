"""Adjudicating a phase exactly once (games.services.adjudication)."""

from __future__ import annotations

from typing import Any

import pytest

from core.errors import PhaseOver
from games import services
from games.models import Game, OrderSet, Seat
from tests.games.helpers import current

pytestmark = pytest.mark.django_db


class TestAdjudication:
    def test_a_phase_is_adjudicated_exactly_once(
        self, started_game: Game, players: dict[str, Any]
    ) -> None:
        phase = current(started_game)
        services.orders_submit(
            game=started_game,
            user=players["germany"],
            orders=["A mun - bur", "A ber - kie", "F kie - den"],
        )
        assert services.phase_adjudicate(game_id=started_game.pk, phase_id=phase.pk) is True
        assert services.phase_adjudicate(game_id=started_game.pk, phase_id=phase.pk) is False
        phase.refresh_from_db()
        assert phase.is_resolved
        assert started_game.phases.count() == 2
        nxt = current(started_game)
        assert nxt.code == "F1901M"
        assert "A bur" in nxt.position["units"]["germany"]
        results = {r["order"]: r for r in phase.results}
        assert results["A mun - bur"]["result"] == "ok"
        assert results["A par H"]["result"] == "ok"  # France sent nothing: its units held

    def test_missing_orders_are_recorded_on_the_seat(
        self, started_game: Game, players: dict[str, Any]
    ) -> None:
        services.orders_submit(game=started_game, user=players["germany"], orders=["A mun H"])
        # Saved but not marked ready is not a miss.
        phase = current(started_game)
        services.phase_adjudicate(game_id=started_game.pk, phase_id=phase.pk)
        missed = dict(Seat.objects.filter(game=started_game).values_list("power", "missed_phases"))
        assert missed["germany"] == 0
        assert missed["france"] == 1
        phase.refresh_from_db()
        assert {"kind": "missed", "power": "france"} in phase.notes
        assert {"kind": "missed", "power": "germany"} not in phase.notes

    def test_an_order_after_adjudication_is_refused_not_lost(
        self, started_game: Game, players: dict[str, Any]
    ) -> None:
        phase = current(started_game)
        services.phase_adjudicate(game_id=started_game.pk, phase_id=phase.pk)
        with pytest.raises(PhaseOver, match="Spring 1901 movement is over: you are now in Fall"):
            services.orders_submit(
                game=started_game, user=players["france"], orders=["A par - bur"], phase=phase.index
            )
        # Refused, not saved for the phase open now either.
        assert not OrderSet.objects.filter(phase=current(started_game), power="france").exists()

    def test_solo_victory_ends_the_game(self, started_game: Game) -> None:
        phase = current(started_game)
        centers = [
            "stp",
            "mos",
            "war",
            "sev",
            "rum",
            "bul",
            "con",
            "ank",
            "smy",
            "ser",
            "bud",
            "vie",
            "tri",
            "gre",
            "swe",
            "den",
            "ber",
        ]
        phase.code = "F1901M"
        phase.position = {
            **phase.position,
            "phase": "F1901M",
            "units": {"russia": ["A nwy", "A kie"]},
            "centers": {"russia": centers},
        }
        phase.save()
        services.phase_adjudicate(game_id=started_game.pk, phase_id=phase.pk)
        started_game.refresh_from_db()
        assert started_game.status == Game.Status.FINISHED
        assert started_game.outcome == Game.Outcome.SOLO
        assert started_game.winner == "russia"
        assert started_game.current_phase is None
        eliminated = set(started_game.seats.filter(eliminated=True).values_list("power", flat=True))
        assert eliminated == {"austria", "england", "france", "germany", "italy", "turkey"}
