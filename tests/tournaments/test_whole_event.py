"""Two whole events played through the services, as a tournament director runs them on a
real day (issue 35), each ending in standings worked out by hand below.

1. Highlander duels: a group stage into a play-off, then a knock-out with a replacement
   in a duel under way, a pause of the round, and a walkover.
2. Three rounds of standard boards: a draw of some survivors only, a replacement in the
   middle of a round, a round played to a fixed last year, and three scoring systems
   combined by rank points.

Duels are won with ``win_duel`` (rule 7.4 from the organiser's set-up, one turn): see
tests/tournaments/services/test_group_stage.py for what one counts in a group's table."""

from __future__ import annotations

from typing import Any

import pytest

from games import services as games
from games.models import Game, GamePhase
from tests.tournaments.services.conftest import (
    FALL_1901,
    FIXED_17,
    SPRING_1901,
    boards,
    win_duel,
)
from tournaments import selectors, services
from tournaments.brackets import Decided
from tournaments.models import Board, Entry, Match, Round, Tournament
from tournaments.services.stages import group_table

pytestmark = pytest.mark.django_db


def _user(entry: Entry | None) -> str:
    return entry.user.get_username() if entry is not None else ""


def _names(match: Match) -> tuple[str, str]:
    match.refresh_from_db()
    return _user(match.a), _user(match.b)


def _group_match(tournament: Tournament, group: int, schedule_round: int) -> Match:
    return Match.objects.get(
        tournament=tournament,
        round__kind=Round.Kind.GROUPS,
        group=group,
        bracket_round=schedule_round,
        playoff=False,
    )


def _playoff(tournament: Tournament, one: Entry, other: Entry) -> Match:
    [match] = [
        m
        for m in Match.objects.filter(tournament=tournament, playoff=True)
        if {m.a_id, m.b_id} == {one.pk, other.pk}
    ]
    return match


def _knockout(tournament: Tournament, bracket_round: int, index: int) -> Match:
    return Match.objects.get(
        tournament=tournament,
        round__kind=Round.Kind.KNOCKOUT,
        bracket_round=bracket_round,
        index=index,
    )


def test_a_group_stage_a_play_off_and_a_knock_out_with_a_replacement_a_pause_and_a_walkover(
    make_user: Any, organiser: Any, django_capture_on_commit_callbacks: Any
) -> None:
    capture = django_capture_on_commit_callbacks
    tournament = services.tournament_create(
        by=organiser,
        name="Highland Open",
        format=Tournament.Format.GROUPS,
        seeding=Tournament.Seeding.HAND,
        check_in_required=False,
        group_count=2,
        advance_per_group=2,
        tie_breaks=["boards_won", "centres", "playoff"],
    )
    ann, bob, cat, dan, eve, fay = (
        services.entry_register(tournament=tournament, user=make_user(n))
        for n in ("ann", "bob", "cat", "dan", "eve", "fay")
    )
    services.hand_seeds_set(
        tournament=tournament, by=organiser, order=[e.pk for e in (ann, bob, cat, dan, eve, fay)]
    )
    services.round_setup_fix(
        tournament=tournament, by=organiser, kind=Round.Kind.GROUPS, number=0, setup=FIXED_17
    )
    for number in (1, 2):
        services.round_setup_fix(
            tournament=tournament,
            by=organiser,
            kind=Round.Kind.KNOCKOUT,
            number=number,
            setup=FIXED_17,
        )
    with capture(execute=True):
        services.tournament_draw(tournament=tournament, by=organiser)

    # -- the groups: A is ann, dan, eve; B is bob, cat, fay (the snake draw) --------------
    win_duel(_group_match(tournament, 0, 1), dan, capture)  # dan - eve
    win_duel(_group_match(tournament, 1, 1), fay, capture)  # cat - fay
    win_duel(_group_match(tournament, 0, 2), ann, capture)  # ann - eve
    win_duel(_group_match(tournament, 1, 2), bob, capture)  # bob - fay
    win_duel(_group_match(tournament, 0, 3), ann, capture)  # ann - dan
    win_duel(_group_match(tournament, 1, 3), cat, capture)  # bob - cat
    # Group A by hand: ann 2 wins; dan 1 win (beat eve: 1 board, 19 centres; lost to ann:
    # 17): 36 centres; eve none. Group B: bob, cat and fay one win each, each 1 board and
    # 19 + 17 = 36 centres: nothing on the ladder parts them, and the tie spans the cut
    # below place 2, so they play it off, a round robin among the three.
    table_a = group_table(tournament, 0)
    assert table_a.order == (ann.key, dan.key, eve.key)
    table_b = group_table(tournament, 1)
    assert [(p.players, p.places) for p in table_b.playoffs] == [
        ((bob.key, cat.key, fay.key), (1, 2, 3))
    ]
    assert not Match.objects.filter(tournament=tournament, round__kind="knockout").exists()

    # -- the play-off: bob beats both, cat beats fay: bob, cat, fay ---------------------
    win_duel(_playoff(tournament, bob, cat), bob, capture)
    win_duel(_playoff(tournament, bob, fay), bob, capture)
    win_duel(_playoff(tournament, cat, fay), cat, capture)
    table_b = group_table(tournament, 1)
    assert table_b.order == (bob.key, cat.key, fay.key)
    assert table_b.playoffs == ()

    # -- the knock-out: the winners ann (A) and bob (B), the runners-up dan and cat -------
    # Ann (2 wins) is the first group winner, bob (1 win) the second; the runners-up
    # level on everything (1 win, 1 board, 36 centres), cat by her seed (3) before dan
    # (4). The semi-finals cross the groups: A1 - B2 and B1 - A2.
    semi_1, semi_2 = _knockout(tournament, 1, 0), _knockout(tournament, 1, 1)
    assert _names(semi_1) == ("ann", "cat")
    assert _names(semi_2) == ("bob", "dan")

    # A replacement in a duel under way: cat leaves, hal takes her seat on both boards
    # of her semi-final, and wins it.
    hal_user = make_user("hal")
    with capture(execute=True):
        hal = services.entry_replace(
            tournament=tournament, by=organiser, entry=cat, user=hal_user, reason="cat is ill"
        )
    assert _names(semi_1) == ("ann", "hal")
    assert all(g.seats.get(power="blue").user == hal_user for g in boards(semi_1))
    win_duel(semi_1, hal, capture)

    # A pause of the round (a fire alarm) stops the clock of the duel still under way;
    # resumed, each board has the time it had left.
    knockout_1 = Round.objects.get(tournament=tournament, kind=Round.Kind.KNOCKOUT, number=1)
    with capture(execute=True):
        services.round_pause(
            tournament=tournament, by=organiser, round=knockout_1, reason="fire alarm"
        )
    for board in boards(semi_2):
        assert board.is_paused
        phase = board.phases.get(status=GamePhase.Status.OPEN)
        # Due now (as when every power is ready): a paused board is still not adjudicated.
        GamePhase.objects.filter(pk=phase.pk).update(due_now=True)
        assert not games.phase_adjudicate(game_id=board.pk, phase_id=phase.pk)
        GamePhase.objects.filter(pk=phase.pk).update(due_now=False)
    with capture(execute=True):
        services.round_resume(tournament=tournament, by=organiser, round=knockout_1)
    assert not any(Game.objects.get(pk=g.pk).is_paused for g in boards(semi_2))

    # Dan does not come back after the alarm: bob takes the semi-final by walkover.
    with capture(execute=True):
        services.match_walkover(
            tournament=tournament, by=organiser, match=semi_2, winner=bob, reason="dan left"
        )
    semi_2.refresh_from_db()
    assert (semi_2.winner_id, semi_2.decided) == (bob.pk, Decided.WALKOVER)

    final = _knockout(tournament, 2, 0)
    assert _names(final) == ("hal", "bob")
    win_duel(final, bob, capture)

    # -- the final standings, by hand: bob won the final, hal lost it; ann and dan lost
    # the semi-finals and share third (no match for third place). Fay and eve, out in the
    # groups, follow by group place, wins and centres, as the classification ranks them;
    # cat, replaced by hal, has no place of his own (hal carries on his record).
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    # The results file marks the three play-off duels (the WDD asks for them apart).
    from tournaments.exports import as_json, classification

    assert sum(m["playoff"] for m in as_json(tournament)["matches"]) == 3
    assert [(p["place"], p["player"]) for p in selectors.final_places(tournament)] == [
        (1, "bob"),
        (2, "hal"),
        (3, "ann"),
        (3, "dan"),
        (5, "fay"),
        (6, "eve"),
    ]
    assert [(p["place"], p["player"]) for p in selectors.final_places(tournament)] == [
        (row["rank"], row["player"]) for row in classification(tournament)
    ]


NAMES = ("ann", "bob", "cat", "dan", "eve", "fay", "gil")


def _seats(board: Board) -> dict[str, str]:
    return {s.power: _user(s.entry) for s in board.seats.select_related("entry__user")}


def _play(game: Game, orders: dict[str, list[str]], capture: Any) -> None:
    """The open phase: each power gives its orders (if any); adjudicated."""
    phase = game.phases.filter(status=GamePhase.Status.OPEN).order_by("-index").first()
    assert phase is not None
    with capture(execute=True):
        for seat in game.seats.select_related("user"):
            if orders.get(seat.power):
                games.orders_submit(game=game, user=seat.user, orders=orders[seat.power])
        games.phase_adjudicate(game_id=game.pk, phase_id=phase.pk)


def test_three_rounds_with_a_partial_draw_a_replacement_mid_round_a_last_year_and_mixed_systems(
    make_user: Any, organiser: Any, django_capture_on_commit_callbacks: Any
) -> None:
    capture = django_capture_on_commit_callbacks
    tournament = services.tournament_create(
        by=organiser,
        name="Club League",
        format=Tournament.Format.ROUNDS,
        check_in_required=False,
        seeding=Tournament.Seeding.HAND,
        rounds_planned=3,
        scoring="draw_size",
        combine=Tournament.Combine.RANK,
    )
    # The draw's seed fixed, so that the seating below is always the same.
    Tournament.objects.filter(pk=tournament.pk).update(seed=2026)
    tournament.refresh_from_db()
    entries = {n: services.entry_register(tournament=tournament, user=make_user(n)) for n in NAMES}
    services.hand_seeds_set(
        tournament=tournament, by=organiser, order=[entries[n].pk for n in NAMES]
    )
    with capture(execute=True):
        services.tournament_draw(tournament=tournament, by=organiser)

    # -- round 1, draw size: called at once as a draw of France and Russia alone ----------
    first = Board.objects.get(round__tournament=tournament, round__number=1)
    assert _seats(first) == {
        "austria": "gil",
        "england": "eve",
        "france": "dan",
        "germany": "ann",
        "italy": "cat",
        "russia": "fay",
        "turkey": "bob",
    }
    with capture(execute=True):
        services.board_call(
            tournament=tournament,
            by=organiser,
            board=first,
            end="some",
            draw=["france", "russia"],
            reason="the hall closes",
        )

    # -- round 2, sum of squares: dan is replaced by hal while the board is under way -----
    with capture(execute=True):
        second_round = services.round_start(
            tournament=tournament, by=organiser, scoring_system="sum_of_squares"
        )
    second = second_round.boards.get()
    assert _seats(second)["russia"] == "dan"
    with capture(execute=True):
        hal = services.entry_replace(
            tournament=tournament,
            by=organiser,
            entry=entries["dan"],
            user=make_user("hal"),
            reason="dan was called away",
        )
    assert _seats(second) == {
        "austria": "eve",
        "england": "gil",
        "france": "bob",
        "germany": "fay",
        "italy": "ann",
        "russia": "hal",
        "turkey": "cat",
    }
    with capture(execute=True):
        services.board_call(
            tournament=tournament, by=organiser, board=second, end="time", reason="time"
        )

    # -- round 3, Dixie, played to the end of 1901 ----------------------------------------
    with capture(execute=True):
        third_round = services.round_start(
            tournament=tournament, by=organiser, scoring_system="dixie", last_year=1901
        )
    third = third_round.boards.select_related("game").get()
    assert _seats(third) == {
        "austria": "hal",
        "england": "cat",
        "france": "ann",
        "germany": "eve",
        "italy": "bob",
        "russia": "gil",
        "turkey": "fay",
    }
    game = third.game
    assert game is not None
    _play(game, SPRING_1901, capture)
    _play(game, FALL_1901, capture)
    game.refresh_from_db()
    if game.status == Game.Status.ACTIVE:  # the winter's builds, none given: waived
        _play(game, {}, capture)
    game.refresh_from_db()
    assert (game.status, game.outcome) == (Game.Status.FINISHED, Game.Outcome.TIME)

    # -- the standings, by hand ---------------------------------------------------------
    # Each round's scores, then its rank points among the seven who played it (place p
    # of 7 scores 8 - p; those level share the mean of their places):
    #   round 1 (draw size, a draw of France and Russia): dan (France) and fay (Russia)
    #     50 each, places 1-2: 6.5; the five others 0, places 3-7: 3.
    #   round 2 (sum of squares at the start, by time): Russia (hal) 100 x 16 / 70 =
    #     22.8571, place 1: 7; the six on 3 centers 100 x 9 / 70 = 12.8571, places 2-7:
    #     3.5. The board is whole hal's, who held it at its end; dan's round 2 counts as
    #     not played.
    #   round 3 (Dixie by time after 1901): France (ann) and Russia (gil) on 5 centers
    #     share 1st and 2nd, (270 + 70) / 2 + 20 = 190: 6.5; the five on 4 centers share
    #     3rd to 7th, (50 + 34 + 20 + 10 + 0) / 5 + 16 = 38.8: 3.
    # Totals: ann 3 + 3.5 + 6.5 = 13; fay 6.5 + 3.5 + 3 = 13; gil 3 + 3.5 + 6.5 = 13;
    # hal - + 7 + 3 = 10; bob, cat, eve 3 + 3.5 + 3 = 9.5; dan 6.5 + - + - = 6.5.
    standings = selectors.round_standings(tournament)
    assert [(r["place"], r["player"], r["total"]) for r in standings] == [
        (1, "ann", 13),
        (1, "fay", 13),
        (1, "gil", 13),
        (4, "hal", 10),
        (5, "bob", 9.5),
        (5, "cat", 9.5),
        (5, "eve", 9.5),
        (8, "dan", 6.5),
    ]
    by_player = {r["player"]: r for r in standings}
    assert by_player["fay"]["rounds"] == [50, pytest.approx(12.8571), pytest.approx(38.8)]
    assert by_player["hal"]["rounds"] == [None, pytest.approx(22.8571), pytest.approx(38.8)]
    assert by_player["dan"]["rounds"] == [50, None, None]
    assert by_player["dan"]["replaced_by"] == "hal"
    assert by_player["ann"]["points"] == [3, 3.5, 6.5]
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    assert hal.status == Entry.Status.CHECKED_IN
