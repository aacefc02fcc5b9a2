"""Group stages (tournaments/groups.py), rule by rule: the snake draw, the round robin by
the circle method, standings by wins, the tie-break ladder (head-to-head as a mini-league
applied again to the smaller ties it leaves, boards won, centres, seed, play-off), walkovers
and players yet to play, who goes through, and the knock-out seeds made from the groups.
Every expected table is worked out by hand from the results listed in its test."""

from __future__ import annotations

from itertools import combinations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournaments.groups import (
    GroupError,
    Playoff,
    Result,
    Row,
    Standings,
    TieBreak,
    advancing,
    check_ladder,
    draw_groups,
    knockout_seeds,
    round_robin,
    standings,
)

SIX = ["ann", "bob", "cat", "dan", "eve", "fay"]  # seeds 1 to 6
FOUR = SIX[:4]
H2H = TieBreak.HEAD_TO_HEAD
BOARDS = TieBreak.BOARDS_WON
CENTRES = TieBreak.CENTRES
SEED = TieBreak.SEED
PLAYOFF = TieBreak.PLAYOFF


def players(n: int) -> list[str]:
    return [f"p{i:02d}" for i in range(1, n + 1)]


def won(
    winner: str, loser: str, *, boards: tuple[int, int] = (1, 0), centres: tuple[int, int] = (0, 0)
) -> Result:
    """A duel ``winner`` won; ``boards`` and ``centres`` are the winner's, then the loser's."""
    return Result(
        winner,
        loser,
        winner,
        boards_won={winner: boards[0], loser: boards[1]},
        centres={winner: centres[0], loser: centres[1]},
    )


def table(standing: Standings) -> list[tuple[str, int, int, str]]:
    """Each row as (player, wins, place, decided_by)."""
    return [(r.player, r.wins, r.place, r.decided_by) for r in standing.rows]


# -- the draw --------------------------------------------------------------------------------


def test_rule_the_snake_draw_gives_each_group_a_top_seed_and_the_first_groups_the_extras() -> None:
    # Rows: 1 2 3 left to right, 6 5 4 right to left, 7 8 9, then 10 right to left, where
    # the third and second groups are full already.
    assert draw_groups(players(10), 3) == (
        ("p01", "p06", "p07", "p10"),
        ("p02", "p05", "p08"),
        ("p03", "p04", "p09"),
    )
    assert draw_groups(players(8), 2) == (
        ("p01", "p04", "p05", "p08"),
        ("p02", "p03", "p06", "p07"),
    )
    assert draw_groups(players(3), 1) == (("p01", "p02", "p03"),)


@given(st.integers(min_value=1, max_value=8), st.integers(min_value=0, max_value=30))
def test_rule_snake_group_sizes_differ_by_one_at_most(group_count: int, extra: int) -> None:
    seeds = players(2 * group_count + extra)
    groups = draw_groups(seeds, group_count)
    sizes = [len(g) for g in groups]
    assert max(sizes) - min(sizes) <= 1
    assert sizes == sorted(sizes, reverse=True)
    assert sorted(p for g in groups for p in g) == seeds
    assert [g[0] for g in groups] == seeds[:group_count]
    assert all(list(g) == sorted(g) for g in groups)  # each group in seed order


def test_the_draw_refuses_groups_of_one_and_no_groups() -> None:
    with pytest.raises(GroupError, match="one group"):
        draw_groups(players(4), 0)
    with pytest.raises(GroupError, match="groups of two"):
        draw_groups(players(5), 3)
    with pytest.raises(GroupError, match="twice"):
        draw_groups(["ann", "bob", "ann", "cat"], 2)


# -- the round robin -------------------------------------------------------------------------


@given(st.integers(min_value=2, max_value=12))
def test_rule_round_robin_pairs_everyone_once_and_nobody_twice_a_round(n: int) -> None:
    entrants = players(n)
    rounds = round_robin(entrants)
    assert len(rounds) == (n - 1 if n % 2 == 0 else n)
    met = [frozenset(pair) for r in rounds for pair in r]
    assert sorted(met, key=sorted) == [frozenset(p) for p in combinations(entrants, 2)]
    for r in rounds:
        seated = [p for pair in r for p in pair]
        assert len(seated) == len(set(seated))
        assert len(r) == n // 2
    if n % 2:
        # Each player sits exactly one round out.
        out = [p for r in rounds for p in set(entrants) - {q for pair in r for q in pair}]
        assert sorted(out) == entrants
    assert round_robin(entrants) == rounds


def test_round_robin_by_the_circle_method() -> None:
    # ann stays put; bob, cat, dan turn one place a round.
    assert round_robin(FOUR) == (
        (("ann", "dan"), ("bob", "cat")),
        (("ann", "cat"), ("dan", "bob")),
        (("ann", "bob"), ("cat", "dan")),
    )
    # Three players: the empty fourth place is the bye, so one duel a round.
    assert round_robin(["ann", "bob", "cat"]) == (
        (("bob", "cat"),),
        (("ann", "cat"),),
        (("ann", "bob"),),
    )
    with pytest.raises(GroupError, match="two players"):
        round_robin(["ann"])
    with pytest.raises(GroupError, match="twice"):
        round_robin(["ann", "ann"])


# -- standings -------------------------------------------------------------------------------


def test_rule_standings_are_by_wins() -> None:
    results = [
        won("ann", "bob", centres=(20, 12)),
        won("ann", "cat", boards=(2, 0), centres=(24, 6)),
        won("ann", "dan", boards=(1, 1), centres=(16, 17)),  # both boards at once
        won("dan", "bob", centres=(19, 15)),
        won("dan", "cat", centres=(18, 14)),
        won("bob", "cat", centres=(20, 10)),
    ]
    # ann 3 wins, dan 2, bob 1, cat 0. Boards: ann 1+2+1, dan 1+1+1, bob 1, cat 0.
    # Centres: ann 20+24+16, dan 17+19+18, bob 12+15+20, cat 6+14+10.
    assert standings(FOUR, results, [SEED]).rows == (
        Row("ann", 3, 3, 0, 4, 60, 1, ""),
        Row("dan", 3, 2, 1, 3, 54, 2, "wins"),
        Row("bob", 3, 1, 2, 1, 47, 3, "wins"),
        Row("cat", 3, 0, 3, 0, 30, 4, "wins"),
    )


def test_rule_head_to_head_breaks_a_two_way_tie() -> None:
    results = [
        won("bob", "ann"),
        won("ann", "cat"),
        won("ann", "dan"),
        won("cat", "bob"),
        won("bob", "dan"),
        won("dan", "cat"),
    ]
    # ann and bob 2 wins each, bob beat ann; cat and dan 1 each, dan beat cat. The seeds
    # would have it the other way round both times.
    assert table(standings(FOUR, results, [H2H, SEED])) == [
        ("bob", 2, 1, ""),
        ("ann", 2, 2, "head_to_head"),
        ("dan", 1, 3, "wins"),
        ("cat", 1, 4, "head_to_head"),
    ]


def test_rule_head_to_head_splits_a_three_way_tie_as_a_mini_league() -> None:
    five = SIX[:5]
    results = [
        won("ann", "bob"),
        won("ann", "cat"),
        won("bob", "cat"),
        won("dan", "ann"),
        won("eve", "ann"),
        won("bob", "eve"),
        won("dan", "bob"),
        won("cat", "dan"),
        won("cat", "eve"),
        won("dan", "eve"),
    ]
    # dan 3 wins; ann, bob, cat 2 each; eve 1. Among ann, bob and cat alone: ann 2 wins,
    # bob 1, cat 0. The whole table's boards would not split them (one board a win).
    assert table(standings(five, results, [H2H, BOARDS, SEED])) == [
        ("dan", 3, 1, ""),
        ("ann", 2, 2, "wins"),
        ("bob", 2, 3, "head_to_head"),
        ("cat", 2, 4, "head_to_head"),
        ("eve", 1, 5, "wins"),
    ]


def test_rule_head_to_head_is_applied_again_to_the_smaller_ties_it_leaves() -> None:
    results = [
        won("bob", "ann"),
        won("bob", "dan"),
        won("cat", "bob"),
        won("ann", "dan"),
        won("ann", "cat"),
        won("dan", "cat"),
        won("bob", "eve"),
        won("fay", "bob"),
        won("ann", "fay"),
        won("eve", "ann"),
        won("dan", "eve"),
        won("dan", "fay"),
        won("cat", "eve"),
        won("cat", "fay"),
        won("eve", "fay"),
    ]
    # Wins: ann, bob, cat and dan 3 each, eve 2, fay 1. The mini-league of the four:
    # ann 2 (cat, dan), bob 2 (ann, dan), cat 1 (bob), dan 1 (cat); so ann and bob above
    # cat and dan. Applied again to ann and bob alone: bob beat ann; to cat and dan alone:
    # dan beat cat. Seed, next on the ladder, would have put ann and cat first.
    assert table(standings(SIX, results, [H2H, SEED])) == [
        ("bob", 3, 1, ""),
        ("ann", 3, 2, "head_to_head"),
        ("dan", 3, 3, "head_to_head"),
        ("cat", 3, 4, "head_to_head"),
        ("eve", 2, 5, "wins"),
        ("fay", 1, 6, "wins"),
    ]


def test_rule_a_tie_head_to_head_cannot_split_goes_to_boards_won_then_centres() -> None:
    three = SIX[:3]
    results = [
        won("ann", "bob", boards=(2, 0), centres=(20, 10)),
        won("bob", "cat", boards=(1, 1), centres=(15, 14)),
        won("cat", "ann", boards=(1, 0), centres=(18, 17)),
    ]
    # One win each, one each among them too. Boards: ann 2+0, bob 0+1, cat 1+1, so bob is
    # third and ann and cat go on down the ladder, not back to head-to-head (where cat
    # beat ann). Centres: ann 20+17 = 37, cat 14+18 = 32.
    result = standings(three, results, [H2H, BOARDS, CENTRES, SEED])
    assert table(result) == [
        ("ann", 1, 1, ""),
        ("cat", 1, 2, "centres"),
        ("bob", 1, 3, "boards_won"),
    ]
    assert [(r.boards_won, r.centres) for r in result.rows] == [(2, 37), (2, 32), (1, 25)]


def test_rule_seed_is_the_final_criterion() -> None:
    # Two duels of six so far: cat and dan one win and one board each, ann and bob none.
    result = standings(FOUR, [won("dan", "ann"), won("cat", "bob")], [BOARDS, SEED])
    assert table(result) == [
        ("cat", 1, 1, ""),
        ("dan", 1, 2, "seed"),
        ("ann", 0, 3, "wins"),
        ("bob", 0, 4, "seed"),
    ]
    assert result.playoffs == ()


CYCLE_ON_TOP = [
    won("ann", "bob"),
    won("bob", "cat"),
    won("cat", "ann"),
    won("ann", "dan"),
    won("bob", "dan"),
    won("cat", "dan"),
]  # ann, bob and cat 2 wins each and 1 among themselves; dan none


def test_rule_playoff_reports_the_players_still_tied_and_the_places_they_span() -> None:
    result = standings(FOUR, CYCLE_ON_TOP, [H2H, PLAYOFF])
    assert result.playoffs == (Playoff(("ann", "bob", "cat"), (1, 2, 3)),)
    assert table(result) == [
        ("ann", 2, 1, ""),
        ("bob", 2, 1, ""),
        ("cat", 2, 1, ""),
        ("dan", 0, 4, "wins"),
    ]
    # The tie straddles the cut for the top one and the top two; the top three hold it.
    assert advancing(result, 1) is None
    assert advancing(result, 2) is None
    assert advancing(result, 3) == ("ann", "bob", "cat")
    assert advancing(result, 4) == ("ann", "bob", "cat", "dan")


def test_rule_a_playoff_below_the_cut_holds_nobody_up() -> None:
    results = [
        won("ann", "bob"),
        won("ann", "cat"),
        won("ann", "dan"),
        won("bob", "cat"),
        won("cat", "dan"),
        won("dan", "bob"),
    ]
    # ann 3 wins; bob, cat and dan 1 each, in a circle, with one board a win.
    result = standings(FOUR, results, [BOARDS, H2H, PLAYOFF])
    assert result.playoffs == (Playoff(("bob", "cat", "dan"), (2, 3, 4)),)
    assert advancing(result, 1) == ("ann",)
    assert advancing(result, 2) is None
    assert advancing(result, 3) is None
    assert advancing(result, 4) == ("ann", "bob", "cat", "dan")


def test_rule_players_a_ladder_leaves_level_share_a_place() -> None:
    result = standings(FOUR, CYCLE_ON_TOP, [H2H])
    assert [r.place for r in result.rows] == [1, 1, 1, 4]
    assert result.playoffs == ()
    assert advancing(result, 2) is None
    assert advancing(result, 3) == ("ann", "bob", "cat")
    assert [r.place for r in standings(FOUR, [], []).rows] == [1, 1, 1, 1]


def test_rule_a_walkover_counts_as_a_win_with_no_statistics() -> None:
    three = SIX[:3]
    walkover = Result("bob", "ann", "bob", walkover=True)
    results = [walkover, won("ann", "cat", boards=(2, 0), centres=(20, 8))]
    # ann and bob one win each. Boards won are compared per duel (issue 35, D7): bob's
    # walkover win is left out of his (no duel played: none), ann's walkover loss counts
    # as a duel with nothing (2 boards over 2 duels); so boards won put ann first.
    result = standings(three, results, [BOARDS, SEED])
    assert result.rows == (
        Row("ann", 2, 1, 1, 2, 20, 1, ""),
        Row("bob", 1, 1, 0, 0, 0, 2, "boards_won", walkovers=1),
        Row("cat", 1, 0, 1, 0, 8, 3, "wins"),
    )
    assert walkover.loser == "ann"
    with pytest.raises(GroupError, match="walkover"):
        Result("bob", "ann", "bob", boards_won={"bob": 1}, walkover=True)
    with pytest.raises(GroupError, match="walkover"):
        Result("bob", "ann", "bob", centres={"ann": 3}, walkover=True)


def test_rule_players_yet_to_play_are_listed_with_zeros() -> None:
    result = standings(SIX, [won("fay", "ann", centres=(18, 9))], [H2H, SEED])
    # fay has the only win. The others are level on none, with no duel among them to
    # split them: the seeds decide.
    assert result.rows == (
        Row("fay", 1, 1, 0, 1, 18, 1, ""),
        Row("ann", 1, 0, 1, 0, 9, 2, "wins"),
        Row("bob", 0, 0, 0, 0, 0, 3, "seed"),
        Row("cat", 0, 0, 0, 0, 0, 4, "seed"),
        Row("dan", 0, 0, 0, 0, 0, 5, "seed"),
        Row("eve", 0, 0, 0, 0, 0, 6, "seed"),
    )
    assert standings(SIX, [], [SEED]).order == tuple(SIX)
    assert standings(SIX, [], [SEED]).row("dan") == Row("dan", 0, 0, 0, 0, 0, 4, "seed")


# -- who goes through ------------------------------------------------------------------------


def by_seed(group: tuple[str, ...], *, centres: dict[tuple[str, str], int]) -> list[Result]:
    """Every duel of ``group`` won by the better seed, with the winner's centres given."""
    return [
        won(a, b, centres=(centres.get((a, b), 0), 0))
        for rnd in round_robin(group)
        for a, b in (sorted(pair, key=group.index) for pair in rnd)
    ]


def test_rule_knockout_seeds_put_all_group_winners_first_then_the_runners_up() -> None:
    groups = draw_groups(players(10), 3)
    tables = [standings(g, by_seed(g, centres={("p03", "p04"): 10}), [H2H, SEED]) for g in groups]
    assert [t.order[:2] for t in tables] == [("p01", "p06"), ("p02", "p05"), ("p03", "p04")]
    # Winners: p01 has 3 wins (a group of four), p02 and p03 2 each, p03 with 10 centres
    # to none. Runners-up: p06 2 wins, p05 and p04 1 each and no centres: group order.
    assert knockout_seeds(tables, 2) == ["p01", "p03", "p02", "p06", "p05", "p04"]
    assert knockout_seeds(tables, 1) == ["p01", "p03", "p02"]


def test_knockout_seeds_wait_for_every_place_that_goes_through() -> None:
    decided = standings(FOUR, CYCLE_ON_TOP, [H2H, SEED])
    open_tie = standings(FOUR, CYCLE_ON_TOP, [H2H, PLAYOFF])
    assert knockout_seeds([decided], 3) == ["ann", "bob", "cat"]
    # Three through would do (advancing), but who won the group is not known yet.
    assert advancing(open_tie, 3) is not None
    with pytest.raises(GroupError, match="not decided"):
        knockout_seeds([decided, open_tie], 3)
    with pytest.raises(GroupError, match="fewer than 5"):
        knockout_seeds([decided], 5)


# -- properties and refusals -----------------------------------------------------------------


@st.composite
def played_groups(draw: st.DrawFn) -> tuple[list[str], list[Result]]:
    """A group of 2 to 8 players with all its duels played, at random."""
    entrants = players(draw(st.integers(min_value=2, max_value=8)))
    results = []
    for a, b in combinations(entrants, 2):
        winner, loser = (a, b) if draw(st.booleans()) else (b, a)
        boards = draw(st.sampled_from([(1, 0), (2, 0), (1, 1)]))
        centres = (draw(st.integers(0, 34)), draw(st.integers(0, 34)))
        results.append(won(winner, loser, boards=boards, centres=centres))
    return entrants, results


@given(played_groups())
def test_rule_a_ladder_ending_in_seed_orders_everyone(
    group: tuple[list[str], list[Result]],
) -> None:
    entrants, results = group
    result = standings(entrants, results, [H2H, BOARDS, CENTRES, SEED])
    assert sorted(result.order) == entrants
    assert [r.place for r in result.rows] == list(range(1, len(entrants) + 1))
    assert [r.wins for r in result.rows] == sorted((r.wins for r in result.rows), reverse=True)
    assert sum(r.wins for r in result.rows) == len(results)
    assert all(r.played == len(entrants) - 1 for r in result.rows)
    assert all(r.decided_by for r in result.rows[1:])
    assert standings(entrants, reversed(results), [H2H, BOARDS, CENTRES, SEED]) == result


@given(played_groups(), st.integers(min_value=1, max_value=8))
def test_rule_advancing_is_held_up_only_by_a_playoff_across_the_cut(
    group: tuple[list[str], list[Result]], n: int
) -> None:
    entrants, results = group
    n = min(n, len(entrants))
    result = standings(entrants, results, [H2H, PLAYOFF])
    across = any(p.places[0] <= n < p.places[-1] for p in result.playoffs)
    assert (advancing(result, n) is None) == across
    # The ladder ends in a play-off, so the players sharing a place are exactly those.
    places = [r.place for r in result.rows]
    shared = [
        (tuple(r.player for r in result.rows if r.place == place), place)
        for place in sorted(set(places))
        if places.count(place) > 1
    ]
    assert [(p.players, p.places[0]) for p in result.playoffs] == shared
    assert all(len(p.places) == len(p.players) for p in result.playoffs)


def test_what_cannot_be_done_is_refused() -> None:
    with pytest.raises(GroupError, match="themself"):
        Result("ann", "ann", "ann")
    with pytest.raises(GroupError, match="does not play"):
        Result("ann", "bob", "cat")
    with pytest.raises(GroupError, match="not in ann - bob"):
        Result("ann", "bob", "ann", centres={"cat": 3})
    with pytest.raises(GroupError, match="negative"):
        Result("ann", "bob", "ann", centres={"bob": -1})
    with pytest.raises(GroupError, match="two boards"):
        Result("ann", "bob", "ann", boards_won={"ann": 2, "bob": 1})
    with pytest.raises(GroupError, match="not in the group"):
        standings(FOUR, [won("ann", "eve")], [SEED])
    with pytest.raises(GroupError, match="twice"):
        standings(["ann", "ann"], [], [SEED])
    with pytest.raises(GroupError, match="always decides"):
        standings(FOUR, [], [SEED, H2H])
    with pytest.raises(GroupError, match="twice"):
        check_ladder(["centres", "centres"])
    with pytest.raises(GroupError, match="not a tie-break"):
        check_ladder(["goal_difference"])
    assert check_ladder(["head_to_head", "playoff"]) == (H2H, PLAYOFF)
    result = standings(FOUR, [], [SEED])
    with pytest.raises(GroupError, match="cannot go through"):
        advancing(result, 0)
    with pytest.raises(GroupError, match="cannot go through"):
        advancing(result, 5)
    with pytest.raises(GroupError, match="not in the group"):
        result.row("eve")
