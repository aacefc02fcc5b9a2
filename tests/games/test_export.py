"""One phase of a game as a viewer may see it (games.export.phase_export, which the
sandbox forks from): the whole game's export, phase by phase, and refused to whoever may
not watch the game."""

from __future__ import annotations

from typing import Any

import pytest

from games import services
from games.export import game_export, phase_export
from games.models import Game
from games.terms import GameTerms
from tests.games.helpers import current

pytestmark = pytest.mark.django_db


def test_a_phase_is_exported_as_in_the_whole_games_export(
    started_game: Game, players: dict[str, Any], make_user: Any
) -> None:
    services.orders_submit(game=started_game, user=players["italy"], orders=["A ven - tyr"])
    phase = current(started_game)
    for viewer in (players["italy"], players["france"], make_user("watcher")):
        one = phase_export(user=viewer, phase=phase)
        assert one == game_export(user=viewer, game=started_game)["phases"][0]
        assert "seed" not in one["position"]
    assert phase_export(user=players["italy"], phase=phase)["position"]["orders"] == {
        "italy": ["A ven - tyr"]
    }
    assert phase_export(user=players["france"], phase=phase)["position"]["orders"] == {}


def test_a_private_games_phase_is_refused_to_a_stranger(make_user: Any) -> None:
    alice, bob = make_user("alice"), make_user("bob")
    game = services.game_create(
        created_by=alice,
        name="Hidden",
        power="red",
        terms=GameTerms(variant_id="highlander", private=True, assignment=Game.Assignment.CHOSEN),
    )
    services.game_join(game=game, user=bob, power="blue", invite_code=game.invite_code)
    phase = current(game)
    with pytest.raises(PermissionError):
        phase_export(user=make_user("stranger"), phase=phase)
    assert phase_export(user=bob, phase=phase)["phase"] == "W1900N"


def test_an_open_phase_is_exported_with_the_viewers_own_herds_alone(make_user: Any) -> None:
    """Issue 41, L7: the extras of an open phase, already filtered for the viewer, were
    filtered again without him, which took out his own llama herds too."""
    powers = ("austria", "england", "france", "germany", "italy", "russia", "turkey")
    users = {p: make_user(f"{p}-herds") for p in powers}
    game = services.game_create(
        created_by=users["austria"],
        name="Herds",
        power="austria",
        terms=GameTerms(variant_id="rather_silly", assignment=Game.Assignment.CHOSEN),
    )
    for power in powers[1:]:
        services.game_join(game=game, user=users[power], power=power)
    winter = current(game)
    services.orders_submit(game=game, user=users["england"], orders=["herd yor", "herd wal"])
    services.orders_submit(game=game, user=users["france"], orders=["herd pic"])
    assert services.phase_adjudicate(game_id=game.pk, phase_id=winter.pk)
    spring = current(game)
    assert spring.status == "open"
    for viewer, herds in (
        (users["england"], {"england": ["wal", "yor"]}),
        (users["france"], {"france": ["pic"]}),
        (users["germany"], {}),
        (make_user("watcher"), {}),
    ):
        exported = phase_export(user=viewer, phase=spring)
        assert exported["position"]["extras"]["llamas"] == herds
        assert game_export(user=viewer, game=game)["phases"][-1] == exported
