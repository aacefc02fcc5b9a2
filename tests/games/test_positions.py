"""A stored phase's position (games/positions.py): read once while the phase stores the
same one, read anew when it changes."""

from __future__ import annotations

import pytest

from adjudicator import find_variant
from adjudicator.io import position_to_json
from games import positions
from games.models import Game
from games.positions import phase_position

pytestmark = pytest.mark.django_db


def test_a_phase_position_is_read_once_while_it_stays_the_same(started_game: Game) -> None:
    phase = started_game.phases.get()
    first = phase_position(phase)
    again = type(phase).objects.get(pk=phase.pk)  # another request's copy of the row
    assert phase_position(again) is first


def test_a_changed_position_is_read_anew(started_game: Game) -> None:
    phase = started_game.phases.get()
    first = phase_position(phase)
    moved = first.with_changes(units=first.units[1:])
    phase.position = position_to_json(moved)
    phase.save()
    assert phase_position(phase) == moved
    # Changed in place, in the phase's own stored form, too.
    phase.position["units"]["france"].remove("A par")
    assert {(u.power, u.location) for u in moved.units} - {
        (u.power, u.location) for u in phase_position(phase).units
    } == {("france", "par")}


def test_an_unsaved_phase_is_read_and_not_kept(started_game: Game) -> None:
    stored = position_to_json(find_variant("standard").initial_position())
    unsaved = type(started_game.phases.get())(game=started_game, index=9, position=stored)
    kept = dict(positions._read)
    assert phase_position(unsaved).phase.season
    assert positions._read == kept


def test_only_so_many_positions_are_kept(
    started_game: Game, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(positions, "READ_POSITIONS_KEPT", 2)
    monkeypatch.setattr(positions, "_read", {})
    phase = started_game.phases.get()
    for pk in (1001, 1002, 1003):
        phase.pk = pk
        phase_position(phase)
    assert list(positions._read) == [1002, 1003]
