"""The plug-in points of games for the apps above it are gathered in one module,
games.extension_points, each of one shape (code review F8: seven registries, each written
its own way, in modules whose names collided with others')."""

from __future__ import annotations

import importlib.util
from typing import Any

import pytest

from games import extension_points
from games.extension_points import ExtensionPoint
from notifications.services import game_event_heard
from sandbox.views import fork_action
from tournaments.listeners import game_event_hear
from tournaments.occasions import tournament_occasions
from tournaments.profiles import ratings_section
from tournaments.services.registration import bot_seat_refusal
from tournaments.votes import board_vote_refusal


def test_the_apps_above_register_at_the_points() -> None:
    assert extension_points.link_rules.lookup("duel").kind == "duel"
    listeners = extension_points.game_listeners.entries()
    assert game_event_heard in listeners
    assert game_event_hear in listeners
    assert bot_seat_refusal in extension_points.seat_gates.entries()
    assert board_vote_refusal in extension_points.vote_refusals.entries()
    assert ratings_section in extension_points.profile_sections.entries()
    assert tournament_occasions in extension_points.occasion_tellers.entries()
    assert fork_action in extension_points.phase_actions.entries()


def test_every_point_has_the_one_shape() -> None:
    points = [v for v in vars(extension_points).values() if isinstance(v, ExtensionPoint)]
    assert sorted(p.name for p in points) == [
        "demo_games",
        "demo_house_rules",
        "game_listeners",
        "link_rules",
        "occasion_tellers",
        "phase_actions",
        "profile_sections",
        "seat_gates",
        "vote_refusals",
    ]


def test_an_entry_is_registered_once_and_a_keyed_one_replaced() -> None:
    point: ExtensionPoint[Any] = ExtensionPoint("probe")

    def one() -> None: ...

    point.register(one)
    point.register(one)
    assert point.entries() == (one,)
    point.unregister(one)
    assert point.entries() == ()
    with pytest.raises(LookupError):
        point.lookup("anything")

    keyed: ExtensionPoint[tuple[str, int]] = ExtensionPoint("keyed", key=lambda e: e[0])
    keyed.register(("duel", 1))
    keyed.register(("trio", 1))
    keyed.register(("duel", 2))
    assert keyed.lookup("duel") == ("duel", 2)
    assert keyed.entries() == (("trio", 1), ("duel", 2))


@pytest.mark.parametrize(
    "gone",
    ["games.links", "games.votes", "games.schedule", "games.profiles", "games.services.draws"],
)
def test_the_colliding_names_and_the_shim_are_gone(gone: str) -> None:
    assert importlib.util.find_spec(gone) is None
