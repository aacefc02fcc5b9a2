"""Issue 35, D15: the group tables and the classification export disagreed on a replaced
player's record. The group table gives the substitute the record of the player he
replaces (he carries it on); the classification kept each one's own duels apart, so the
substitute was ranked on his own duels alone and the replaced player appeared beside
him. Both now read one holder for each record (services.stages.now_holding)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.tournaments.services.conftest import FIXED_17, win_duel
from tournaments import exports, services
from tournaments.models import Entry, Match, Round, Tournament
from tournaments.services.stages import group_table

pytestmark = pytest.mark.django_db


def _group_match(tournament: Tournament, group: int, schedule_round: int) -> Match:
    return Match.objects.get(
        tournament=tournament,
        round__kind=Round.Kind.GROUPS,
        group=group,
        bracket_round=schedule_round,
        playoff=False,
    )


def test_the_classification_carries_a_replaced_players_record_as_the_group_table_does(
    make_user: Any, organiser: Any, django_capture_on_commit_callbacks: Any
) -> None:
    capture = django_capture_on_commit_callbacks
    tournament = services.tournament_create(
        by=organiser,
        name="Groups",
        format=Tournament.Format.GROUPS,
        seeding=Tournament.Seeding.HAND,
        check_in_required=False,
        group_count=2,
        advance_per_group=2,
        tie_breaks=["boards_won", "centres"],
    )
    names = ("ann", "bob", "cat", "dan", "eve", "fay")
    entries = {n: services.entry_register(tournament=tournament, user=make_user(n)) for n in names}
    services.hand_seeds_set(
        tournament=tournament, by=organiser, order=[entries[n].pk for n in names]
    )
    services.round_setup_fix(
        tournament=tournament, by=organiser, kind=Round.Kind.GROUPS, number=0, setup=FIXED_17
    )
    with capture(execute=True):
        services.tournament_draw(tournament=tournament, by=organiser)
    # Group B is bob, cat and fay: fay wins her first duel, against cat; then hal takes
    # her place, and carries her win on.
    win_duel(_group_match(tournament, 1, 1), entries["fay"], capture)
    with capture(execute=True):
        hal = services.entry_replace(
            tournament=tournament,
            by=organiser,
            entry=entries["fay"],
            user=make_user("hal"),
            reason="fay moved away",
        )
    win_duel(_group_match(tournament, 1, 2), hal, capture)  # bob - hal
    table = group_table(tournament, 1)
    row = table.row(hal.key)
    assert (row.played, row.wins, row.boards_won, row.centres) == (2, 2, 2, 38)
    assert Entry.objects.get(pk=entries["fay"].pk).key not in table.order

    rows = {r["player"]: r for r in exports.classification(tournament)}
    assert "fay" not in rows, "her record is hal's now, as in the group table"
    assert {k: rows["hal"][k] for k in ("played", "wins", "losses", "boards_won", "centres")} == {
        "played": 2,
        "wins": 2,
        "losses": 0,
        "boards_won": 2,
        "centres": 38,
    }
