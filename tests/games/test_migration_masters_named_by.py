"""Games 0018 (issue 41, H2): today's game masters are kept, each with who named him as the
moderation record says; a master whose namer plays beside him stops being master, and the
history says so; a running game a game master already ruled on awaits a site moderator's
confirmation of its result."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

BEFORE = [("games", "0017_votes_of_every_kind")]
AFTER = [("games", "0018_masters_named_by_and_results_confirmed")]


def _apps_at(target: list[tuple[str, str]]) -> Any:
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(target)
    return executor.loader.project_state(target).apps


@pytest.mark.django_db(transaction=True)
def test_masters_keep_who_named_them_and_a_namer_seated_beside_his_master_loses_him() -> None:
    try:
        old = _apps_at(BEFORE)
        User = old.get_model("auth", "User")
        Game, Seat = old.get_model("games", "Game"), old.get_model("games", "Seat")
        ModeratorAction = old.get_model("games", "ModeratorAction")
        creator, alt, referee, moderator, old_master, gm = (
            User.objects.create(username=n)
            for n in ("creator", "creator-alt", "referee", "moderator", "old-master", "gm")
        )

        def named(game: Any, by: Any, user: Any, role: str) -> None:
            game.masters.add(user)
            ModeratorAction.objects.create(
                game=game,
                actor=by,
                kind="master",
                details={"user": user.username, "master": True, "by_role": role},
            )

        # The attack's game: the creator left, named his second account, joined again.
        side_door = Game.objects.create(name="side door", created_by=creator, invite_code="a")
        named(side_door, creator, alt, "creator")
        named(side_door, moderator, referee, "moderator")
        Seat.objects.create(game=side_door, power="germany", user=creator)
        side_door.masters.add(old_master)  # no record: named before records were kept
        # A running game its game master already ruled on, and a finished one he ended.
        ruled = Game.objects.create(
            name="ruled", created_by=creator, status="active", invite_code="b"
        )
        named(ruled, moderator, gm, "moderator")
        ModeratorAction.objects.create(
            game=ruled, actor=gm, kind="ruling", details={"ruling": 1, "by_role": "master"}
        )
        ended = Game.objects.create(
            name="ended", created_by=creator, status="finished", outcome="draw", invite_code="c"
        )
        named(ended, moderator, gm, "moderator")
        ModeratorAction.objects.create(
            game=ended, actor=gm, kind="end", details={"outcome": "draw", "by_role": "master"}
        )

        new = _apps_at(AFTER)
        Game, GameMaster = new.get_model("games", "Game"), new.get_model("games", "GameMaster")
        ModeratorAction = new.get_model("games", "ModeratorAction")
        rows = {
            (r.game.name, r.user.username): r.named_by.username if r.named_by else None
            for r in GameMaster.objects.select_related("game", "user", "named_by")
        }
        assert rows == {
            ("side door", "referee"): "moderator",
            ("side door", "old-master"): None,
            ("ruled", "gm"): "moderator",
            ("ended", "gm"): "moderator",
        }
        record = ModeratorAction.objects.filter(game__name="side door").order_by("pk").last()
        assert (record.actor, record.kind) == (None, "master")
        assert record.details == {"user": "creator-alt", "master": False, "by_role": ""}
        assert "never chooses who runs his game" in record.reason
        flags = dict(Game.objects.values_list("name", "master_decided"))
        assert flags == {"side door": False, "ruled": True, "ended": False}
    finally:
        _apps_at(MigrationExecutor(connection).loader.graph.leaf_nodes())
