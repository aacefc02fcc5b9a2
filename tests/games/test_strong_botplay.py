"""A practice game against the stronger bots, played through the API as run_bots plays
it (games/management/botplay.py and bots/client.py): each strong seat's orders are the
search's, saved and marked ready in the round that chose them, phase after phase, with no
order of theirs refused, void or illegal."""

from __future__ import annotations

from typing import Any

import pytest

from games import services
from games.management import botplay
from games.models import Game, GamePhase
from games.terms import GameTerms
from tests.bots.inprocess import InProcess

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("eager")]

SITE = "http://testserver"
BOTS = {"austria", "england", "germany", "italy", "russia", "turkey"}
STRONG = {"england", "germany", "italy"}


def test_the_stronger_bots_play_phase_after_phase(make_user: Any) -> None:
    alice = make_user("alice")
    game = services.game_create(
        created_by=alice,
        name="Practice",
        power="france",
        terms=GameTerms(assignment=Game.Assignment.CHOSEN),
        bots=True,
        bot_levels=dict.fromkeys(STRONG, "strong"),
    )
    for index in range(4):  # S1901M, F1901M, W1901A, S1902M (and retreats, where they come)
        botplay.house_bots_play(SITE, opener=InProcess())
        phase = game.phases.get(index=index)
        saved = {o.power for o in phase.order_sets.all()} - {"france"}
        ready = {o.power for o in phase.order_sets.filter(ready=True)} - {"france"}
        # Every bot that saved orders marked them ready in the same round.
        assert ready == saved
        if phase.code.endswith("M"):
            assert saved == BOTS
        phase.refresh_from_db()
        if phase.status == GamePhase.Status.OPEN:  # it waits for the player
            services.orders_ready(game=game, user=alice, ready=True)
            phase.refresh_from_db()
        assert phase.status == GamePhase.Status.RESOLVED, phase.code
        bad = [
            r for r in phase.results if r["power"] in BOTS and r["result"] in ("void", "illegal")
        ]
        assert bad == []
    # The game goes on, its fifth phase open (F1902M, or a retreat phase where one came).
    assert game.phases.get(index=4).status == GamePhase.Status.OPEN
