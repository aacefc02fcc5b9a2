"""Draw votes (games.services.votes)."""

from __future__ import annotations

from typing import Any

import pytest

from games import services
from games.models import Game
from tests.games.helpers import current

pytestmark = pytest.mark.django_db


class TestDraw:
    def test_a_draw_needs_every_survivor(self, started_game: Game, players: dict[str, Any]) -> None:
        for power in list(players)[:-1]:
            assert services.draw_vote(game=started_game, user=players[power], accept=True) is False
        assert services.draw_vote(game=started_game, user=players["turkey"], accept=True) is True
        started_game.refresh_from_db()
        assert started_game.outcome == Game.Outcome.DRAW
        assert started_game.status == Game.Status.FINISHED

    def test_a_proposal_lapses_with_the_phase(
        self, started_game: Game, players: dict[str, Any]
    ) -> None:
        services.draw_vote(game=started_game, user=players["italy"], accept=True)
        phase = current(started_game)
        services.phase_adjudicate(game_id=started_game.pk, phase_id=phase.pk)
        phase.refresh_from_db()
        assert {"kind": "draw_lapsed"} in phase.notes
        assert not current(started_game).votes.exists()
