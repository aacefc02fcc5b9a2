"""Issue 35, D3: a replacement in a tournament of rounds reaches the board. The running
seat is handed over to the substitute, who plays it on; the board's record keeps both
names; the board's score goes, by the house rule on the rules page, whole to whoever
holds the seat when the board ends (the replaced player keeps his earlier rounds, and
this one counts for him as not played); and the substitute, a newcomer, counts the rounds
before he came in as rounds sat out, so he is never the first to sit out for being new.

Eight players, three rounds: one sits out each round. Before the fix, the seat stayed
with the replaced player, who kept playing it and kept the round's score, and the
substitute, with no score, sat out the next round as the lowest of those who had not."""

from __future__ import annotations

from typing import Any

import pytest

from games.models import Game, ModeratorAction
from games.services.moderation import game_end
from tournaments import exports, selectors, services
from tournaments.models import BoardSeat, Entry, OrganiserAction, Round, Tournament
from tournaments.services.scores import round_scores

pytestmark = pytest.mark.django_db

NAMES = ("ann", "bob", "cat", "dan", "eve", "fay", "gil", "hal")


@pytest.fixture
def eight(make_user: Any, organiser: Any) -> tuple[Tournament, dict[str, Entry]]:
    tournament = services.tournament_create(
        by=organiser,
        name="Evening League",
        format=Tournament.Format.ROUNDS,
        check_in_required=False,
        seeding=Tournament.Seeding.HAND,
        rounds_planned=3,
    )
    entries = {n: services.entry_register(tournament=tournament, user=make_user(n)) for n in NAMES}
    services.hand_seeds_set(
        tournament=tournament, by=organiser, order=[entries[n].pk for n in NAMES]
    )
    return tournament, entries


def _call(round: Round, organiser: Any, capture: Any) -> None:
    """The organiser calls every board of ``round`` where it stands (the start)."""
    for board in round.boards.select_related("game"):
        with capture(execute=True):
            game_end(game=board.game, by=organiser, outcome=Game.Outcome.DRAW, reason="time")


def _names(keys: list[str]) -> set[str]:
    return {Entry.objects.get(pk=int(k)).user.get_username() for k in keys}


def test_the_seat_is_handed_over_the_board_keeps_both_names_and_the_substitute_plays_on(
    eight: tuple[Tournament, dict[str, Entry]],
    organiser: Any,
    make_user: Any,
    django_capture_on_commit_callbacks: Any,
) -> None:
    capture = django_capture_on_commit_callbacks
    tournament, _entries = eight
    with capture(execute=True):
        services.tournament_draw(tournament=tournament, by=organiser)
    first = Round.objects.get(tournament=tournament, number=1)
    assert _names(first.sitting_out) == {"hal"}
    _call(first, organiser, capture)
    with capture(execute=True):
        second = services.round_start(tournament=tournament, by=organiser)
    out_second = _names(second.sitting_out)
    assert len(out_second) == 1
    assert "hal" not in out_second

    # Someone who played round 1 and is seated in round 2 falls ill mid-round: zed takes
    # his seat on the board.
    board = second.boards.select_related("game").get()
    game = board.game
    ill = (
        BoardSeat.objects.select_related("entry__user")
        .filter(board=board)
        .exclude(entry__user__username="hal")
        .first()
    )
    assert ill is not None
    power, replaced = ill.power, ill.entry
    zed = make_user("zed")
    with capture(execute=True):
        new = services.entry_replace(
            tournament=tournament, by=organiser, entry=replaced, user=zed, reason="ill"
        )
    # The running seat is zed's: he orders for it, the phase open included.
    assert game.seats.get(power=power).user == zed
    assert ModeratorAction.objects.filter(game=game, kind=ModeratorAction.Kind.REPLACE).exists()
    seat = BoardSeat.objects.get(board=board, power=power)
    assert seat.entry == new
    assert seat.held_before == [{"entry": replaced.pk, "from": "S1901M"}]
    replaced.refresh_from_db()
    assert (replaced.status, replaced.replaced_by) == (Entry.Status.REPLACED, new)
    assert OrganiserAction.objects.filter(
        tournament=tournament, kind=OrganiserAction.Kind.REPLACE
    ).exists()

    # The board ends: its score is zed's, whole; the player replaced keeps round 1 alone.
    _call(second, organiser, capture)
    seat.refresh_from_db()
    assert seat.score is not None
    scores = round_scores(tournament)
    assert scores[new.key] == [None, seat.score]
    assert scores[replaced.key][1] is None
    assert scores[replaced.key][0] is not None

    # Both names on the board's record: the public page and the exports.
    page = selectors.rounds_of_boards(tournament)
    shown = next(s for s in page[1]["boards"][0]["seats"] if s["power"] == power)
    assert shown["player"] == "zed"
    assert shown["replaced"] == [
        {
            "player": replaced.user.get_username(),
            "phase": "S1901M",
            "phase_name": "Spring 1901 movement",
        }
    ]
    standing = next(r for r in selectors.round_standings(tournament) if r["player"] == "zed")
    assert standing["rounds"] == [None, seat.score]
    gone = selectors.round_standings(tournament)
    assert [r["replaced_by"] for r in gone if r["player"] == replaced.user.get_username()] == [
        "zed"
    ]
    rows = [r for r in exports.boards(tournament) if r["round"] == 2 and r["power"] == power]
    assert [(r["player"], r["replaced"], r["replaced_from"]) for r in rows] == [
        ("zed", replaced.user.get_username(), "S1901M")
    ]
    assert exports.boards_columns(tournament)[-2:] == ("replaced", "replaced_from")

    # Round 3: zed, who came in in round 2, counts round 1 as a round sat out: one of
    # those who have not sat out yet sits out, not he.
    with capture(execute=True):
        third = services.round_start(tournament=tournament, by=organiser)
    out_third = _names(third.sitting_out)
    assert len(out_third) == 1
    assert out_third.isdisjoint({"zed", "hal", *out_second})
    seated = {
        s.entry.user.get_username()
        for s in BoardSeat.objects.filter(board__round=third).select_related("entry__user")
    }
    assert "zed" in seated
    assert replaced.user.get_username() not in seated  # replaced: out of the tournament


def test_a_replacement_between_rounds_plays_from_the_next_round(
    eight: tuple[Tournament, dict[str, Entry]],
    organiser: Any,
    make_user: Any,
    django_capture_on_commit_callbacks: Any,
) -> None:
    capture = django_capture_on_commit_callbacks
    tournament, entries = eight
    with capture(execute=True):
        services.tournament_draw(tournament=tournament, by=organiser)
    first = Round.objects.get(tournament=tournament, number=1)
    _call(first, organiser, capture)
    ann = entries["ann"]
    ann.refresh_from_db()
    zed = make_user("zed")
    new = services.entry_replace(
        tournament=tournament, by=organiser, entry=ann, user=zed, reason="ann went home"
    )
    # The finished board keeps ann: what was played stays hers.
    assert BoardSeat.objects.filter(board__round=first, entry=ann).exists()
    assert not BoardSeat.objects.filter(entry=new).exists()
    with capture(execute=True):
        second = services.round_start(tournament=tournament, by=organiser)
    # Zed was not there in round 1: it counts as his sit-out, so hal (who sat out round 1
    # too) and zed are not chosen before those who played it.
    assert _names(second.sitting_out).isdisjoint({"zed", "hal"})
    assert BoardSeat.objects.filter(board__round=second, entry=new).exists()
