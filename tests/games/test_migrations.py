"""Stored games survive the layout's migrations: each twin-board duel becomes linked boards
of kind "duel" (games 0012), its stage kept, and back."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

BEFORE = [("games", "0011_events_and_stuck_phases")]
AFTER = [("games", "0012_board_links")]


def _apps_at(target: list[tuple[str, str]]) -> Any:
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(target)
    return executor.loader.project_state(target).apps


@pytest.mark.django_db(transaction=True)
def test_duels_become_links_with_their_boards_labelled_and_their_stage_kept() -> None:
    try:
        old = _apps_at(BEFORE)
        user = old.get_model("auth", "User").objects.create(username="host")
        Game, Duel = old.get_model("games", "Game"), old.get_model("games", "Duel")

        def game(name: str) -> Any:
            return Game.objects.create(name=name, variant="highlander", created_by=user)

        a1, b1, a2, a3 = game("a1"), game("b1"), game("a2"), game("a3")
        state = {"stage": "sudden_death", "winner": None, "rule": None, "sudden_death_rounds": 1}
        Duel.objects.create(board_a=a1, board_b=b1, status="sudden_death", state=state, log=[1])
        Duel.objects.create(board_a=a2, status="setup")
        Duel.objects.create(board_a=a3, status="won", winner="red", decided_by="7.4")

        new = _apps_at(AFTER)
        BoardLink, Game = new.get_model("games", "BoardLink"), new.get_model("games", "Game")
        links = {g.name: g.link for g in Game.objects.exclude(link=None)}
        assert {g.name: g.link_label for g in Game.objects.all()} == {
            "a1": "A",
            "b1": "B",
            "a2": "A",
            "a3": "A",
        }
        assert links["a1"] == links["b1"]
        assert (links["a1"].kind, links["a1"].status, links["a1"].stage) == (
            "duel",
            "running",
            "sudden_death",
        )
        assert (links["a1"].state, links["a1"].log) == (state, [1])
        assert links["a2"].status == "setup"
        assert (links["a3"].status, links["a3"].winner, links["a3"].decided_by) == (
            "decided",
            "red",
            "7.4",
        )
        assert BoardLink.objects.count() == 3

        back = _apps_at(BEFORE)
        duels = {d.board_a.name: d for d in back.get_model("games", "Duel").objects.all()}
        assert duels["a1"].board_b.name == "b1"
        assert [duels[n].status for n in ("a1", "a2", "a3")] == ["sudden_death", "setup", "won"]
    finally:
        _apps_at(MigrationExecutor(connection).loader.graph.leaf_nodes())
