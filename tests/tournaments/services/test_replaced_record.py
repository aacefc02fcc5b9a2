"""A replaced player's record, the same on the group table and in every export: the
replacement carries on the duels of the player he replaces (the group table's reading,
tests/tournaments/services/test_group_stage.py), and the classification, its CSV and the
JSON export read it from the one function the group table counts with; the replaced
player has no row of his own there, and the JSON export's entrants show him replaced."""

from __future__ import annotations

import csv
import io
from typing import Any

import pytest

from tests.tournaments.services.conftest import win_duel
from tests.tournaments.services.test_group_stage import _enter, _group_match, _groups_of
from tournaments import exports, services
from tournaments.models import Entry
from tournaments.services.stages import group_table

pytestmark = pytest.mark.django_db


def _csv_rows(tournament: Any) -> dict[str, dict[str, str]]:
    text = exports.as_csv(
        exports.classification(tournament), exports.classification_columns(tournament)
    )
    return {row["player"]: row for row in csv.DictReader(io.StringIO(text))}


def _table_line(tournament: Any, group: int, entry: Entry) -> dict[str, str]:
    r = group_table(tournament, group).row(entry.key)
    return {
        "played": str(r.played),
        "wins": str(r.wins),
        "losses": str(r.losses),
        "boards_won": str(r.boards_won),
        "centres": str(r.centres),
    }


def test_the_classification_gives_a_replacement_the_record_the_group_table_does(
    organiser: Any, make_user: Any, django_capture_on_commit_callbacks: Any
) -> None:
    capture = django_capture_on_commit_callbacks
    tournament = _groups_of(
        organiser,
        group_count=2,
        advance_per_group=2,
        tie_breaks=["boards_won", "centres", "playoff"],
    )
    _ann, bob, cat, _dan, _eve, fay = _enter(
        tournament, organiser, make_user, "ann bob cat dan eve fay"
    )
    with capture(execute=True):
        services.tournament_draw(tournament=tournament, by=organiser)
    # Group B's first duel: fay beats cat; then fay is replaced by hal, who plays bob.
    b1 = _group_match(tournament, 1, 1)
    win_duel(b1, fay, capture)
    with capture(execute=True):
        hal = services.entry_replace(
            tournament=tournament,
            by=organiser,
            entry=fay,
            user=make_user("hal"),
            reason="fay moved away",
        )
    b2 = _group_match(tournament, 1, 2)
    win_duel(b2, bob, capture)

    table = group_table(tournament, 1)
    assert fay.key not in table.order
    hal_line = _table_line(tournament, 1, hal)
    # Hal carries on fay's win over cat and has lost his own duel to bob.
    assert hal_line == {
        "played": "2",
        "wins": "1",
        "losses": "1",
        "boards_won": "1",
        "centres": "36",
    }
    rows = _csv_rows(tournament)
    assert {c: rows["hal"][c] for c in hal_line} == hal_line
    for entry in (bob, cat):
        line = _table_line(tournament, 1, entry)
        assert {c: rows[entry.user.get_username()][c] for c in line} == line
    # The replaced player has no record of his own beside his replacement's.
    assert "fay" not in rows

    # The JSON export agrees with the CSV, and shows fay replaced by hal.
    whole = exports.as_json(tournament)
    by_player = {row["player"]: row for row in whole["classification"]}
    assert {c: str(by_player["hal"][c]) for c in hal_line} == hal_line
    assert "fay" not in by_player
    assert {
        (e["player"], e["status"], e["replaced_by"])
        for e in whole["entrants"]
        if e["player"] == "fay"
    } == {("fay", Entry.Status.REPLACED, "hal")}
