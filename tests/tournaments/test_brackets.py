"""Knock-out brackets (tournaments/brackets.py), rule by rule: balanced byes to the top
seeds that never reach a later round, the standard placing of seeds, seeding by rating,
at random or by hand, reseeding, the match for third, and walkovers and replacements
after the draw that move nobody else."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournaments.brackets import (
    Bracket,
    BracketError,
    Decided,
    bracket_from_json,
    bracket_to_json,
    decide,
    knockout,
    places,
    replace_player,
    seed_positions,
    seeded_at_random,
    seeded_by_rating,
)

SIX = ["ann", "bob", "cat", "dan", "eve", "fay"]  # seeds 1 to 6


def players(n: int) -> list[str]:
    return [f"p{i:02d}" for i in range(1, n + 1)]


def play_out(bracket: Bracket, *, upsets: bool = False) -> Bracket:
    """Every match won by the better seed (or, with ``upsets``, the worse)."""
    while bracket.waiting():
        match = bracket.waiting()[0]
        assert match.a is not None
        assert match.b is not None
        better, worse = sorted((match.a, match.b), key=bracket.seed_of)
        bracket = decide(bracket, match.round, match.index, worse if upsets else better)
    return bracket


def test_rule_balanced_byes_go_to_the_top_seeds_in_the_first_round() -> None:
    bracket = knockout(SIX)
    assert bracket.size == 8
    first = bracket.rounds[0]
    assert [(m.a, m.b) for m in first] == [
        ("ann", None),
        ("dan", "eve"),
        ("bob", None),
        ("cat", "fay"),
    ]
    assert [m.decided for m in first] == [Decided.BYE, None, Decided.BYE, None]
    # The top seeds wait in round 2 for the winners of the two matches.
    assert [(m.a, m.b) for m in bracket.rounds[1]] == [("ann", None), ("bob", None)]


@given(st.integers(min_value=2, max_value=70))
def test_rule_byes_never_cascade_and_only_the_top_seeds_get_them(n: int) -> None:
    bracket = knockout(players(n))
    byes = [m for m in bracket.rounds[0] if m.decided is Decided.BYE]
    assert len(byes) == bracket.size - n
    assert sorted(bracket.seed_of(m.winner) for m in byes if m.winner) == list(
        range(1, len(byes) + 1)
    )
    assert all(m.a is not None or m.b is not None for m in bracket.rounds[0])
    finished = play_out(bracket)
    for later in finished.rounds[1:]:
        assert all(m.decided is Decided.PLAYED for m in later)
    assert finished.champion == "p01"


@given(st.sampled_from([2, 4, 8, 16, 32, 64]))
def test_rule_seeds_one_and_two_meet_only_in_the_final(size: int) -> None:
    order = seed_positions(size)
    assert sorted(order) == list(range(1, size + 1))
    half = size // 2
    assert 1 in order[:half]
    assert 2 in order[half:]
    # Neighbours in the first round add up to size + 1: 1 plays the last seed.
    assert all(order[i] + order[i + 1] == size + 1 for i in range(0, size, 2))


def test_a_six_player_knockout_is_played_to_the_final_with_a_match_for_third() -> None:
    bracket = knockout(SIX, third_place=True)
    bracket = decide(bracket, 1, 1, "eve")  # dan - eve: the fifth seed wins
    bracket = decide(bracket, 1, 3, "cat")
    assert [(m.a, m.b) for m in bracket.rounds[1]] == [("ann", "eve"), ("bob", "cat")]
    assert bracket.third_place is None
    bracket = decide(bracket, 2, 0, "ann")
    bracket = decide(bracket, 2, 1, "cat")
    assert bracket.third_place is not None
    assert (bracket.third_place.a, bracket.third_place.b) == ("eve", "bob")
    assert bracket.final is not None
    assert (bracket.final.a, bracket.final.b) == ("ann", "cat")
    bracket = decide(bracket, 3, 0, "cat")
    assert bracket.champion == "cat"
    assert not bracket.finished  # third place is still to play
    bracket = decide(bracket, 0, 0, "bob")
    assert bracket.finished
    assert bracket.waiting() == []


def test_a_walkover_after_the_draw_moves_nobody_else() -> None:
    bracket = knockout(SIX)
    drawn = [(m.a, m.b) for m in bracket.rounds[0]]
    bracket = decide(bracket, 1, 1, "dan", Decided.WALKOVER)  # eve did not show up
    assert [(m.a, m.b) for m in bracket.rounds[0]] == drawn
    assert bracket.rounds[0][1].decided is Decided.WALKOVER
    assert (bracket.rounds[1][0].a, bracket.rounds[1][0].b) == ("ann", "dan")


def test_a_replacement_takes_the_place_of_a_player_and_no_one_else_moves() -> None:
    bracket = decide(knockout(SIX), 1, 1, "eve")
    bracket = replace_player(bracket, "cat", "gus")
    assert (bracket.rounds[0][3].a, bracket.rounds[0][3].b) == ("gus", "fay")
    assert bracket.seed_of("gus") == 3
    # A decided match keeps who played it.
    assert (bracket.rounds[0][1].a, bracket.rounds[0][1].winner) == ("dan", "eve")
    with pytest.raises(BracketError, match="no match left"):
        replace_player(bracket, "dan", "hal")
    with pytest.raises(BracketError, match="already"):
        replace_player(bracket, "fay", "ann")


def test_reseeding_pairs_the_best_seed_left_with_the_worst() -> None:
    bracket = knockout(players(8), reseed=True)
    # Upsets in two of the four first-round matches: seeds 1, 7, 3 and 5 go through.
    bracket = decide(bracket, 1, 0, "p01")
    bracket = decide(bracket, 1, 1, "p05")  # p04 - p05
    bracket = decide(bracket, 1, 2, "p07")  # p02 - p07
    assert len(bracket.rounds) == 1  # the next round is drawn once this one is decided
    bracket = decide(bracket, 1, 3, "p03")  # p03 - p06
    assert [(m.a, m.b) for m in bracket.rounds[1]] == [("p01", "p07"), ("p03", "p05")]
    without = knockout(players(8))
    for index, winner in enumerate(["p01", "p05", "p07", "p03"]):
        without = decide(without, 1, index, winner)
    assert [(m.a, m.b) for m in without.rounds[1]] == [("p01", "p05"), ("p07", "p03")]


def test_seeding_by_rating_at_random_and_by_hand() -> None:
    assert seeded_by_rating({"ann": 1500.0, "bob": 1720.0, "cat": 1500.0}) == [
        "bob",
        "ann",
        "cat",
    ]
    drawn = seeded_at_random(SIX, seed=42)
    assert sorted(drawn) == sorted(SIX)
    assert drawn == seeded_at_random(list(reversed(SIX)), seed=42)  # the seed decides
    assert {tuple(seeded_at_random(SIX, seed=s)) for s in range(8)} != {tuple(drawn)}
    assert knockout(["fay", "ann"]).rounds[0][0].a == "fay"  # by hand: as given


def test_what_cannot_be_done_is_refused() -> None:
    with pytest.raises(BracketError, match="two players"):
        knockout(["ann"])
    with pytest.raises(BracketError, match="twice"):
        knockout(["ann", "bob", "ann"])
    bracket = knockout(SIX)
    with pytest.raises(BracketError, match="does not play"):
        decide(bracket, 1, 1, "ann")
    with pytest.raises(BracketError, match="decided"):
        decide(bracket, 1, 0, "ann")  # a bye
    with pytest.raises(BracketError, match="not known yet"):
        decide(bracket, 2, 0, "ann")
    with pytest.raises(BracketError, match="no match"):
        decide(bracket, 3, 0, "ann")
    with pytest.raises(BracketError, match="third place"):
        decide(bracket, 0, 0, "ann")
    with pytest.raises(BracketError, match="bye"):
        decide(bracket, 1, 1, "dan", Decided.BYE)
    with pytest.raises(BracketError, match="power of two"):
        seed_positions(6)


def test_a_bracket_is_kept_whole_and_read_back_as_it_was() -> None:
    bracket = knockout(SIX, third_place=True)
    bracket = play_out(bracket)
    assert bracket_from_json(bracket_to_json(bracket)) == bracket
    halfway = decide(knockout(SIX, reseed=True), 1, 1, "dan")
    assert bracket_from_json(bracket_to_json(halfway)) == halfway


def test_what_is_not_a_bracket_is_refused_as_such() -> None:
    with pytest.raises(BracketError, match="not a bracket"):
        bracket_from_json({"seeds": ["a"]})


def test_places_share_by_the_round_lost_in() -> None:
    # Eight players, the better seed always wins: 1 champion, 2 runner-up, 3 and 4 (the
    # semi-finals' losers) share third, the quarter-finals' losers share fifth.
    bracket = play_out(knockout(players(8)))
    assert places(bracket) == {
        "p01": 1,
        "p02": 2,
        "p03": 3,
        "p04": 3,
        "p05": 5,
        "p06": 5,
        "p07": 5,
        "p08": 5,
    }


def test_places_with_a_match_for_third_and_byes() -> None:
    # Six players: seeds 1 and 2 have byes and lose no first-round match to be placed by.
    bracket = play_out(knockout(SIX, third_place=True))
    assert places(bracket) == {"ann": 1, "bob": 2, "cat": 3, "dan": 4, "eve": 5, "fay": 5}
