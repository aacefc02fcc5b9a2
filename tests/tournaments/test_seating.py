"""Seating a round of a tournament (tournaments/seating.py), rule by rule: sit-outs
(least sat out, then volunteers, then lowest placed), boards seeded away from repeat
opponents as far as counting allows, powers never played twice where avoidable and
preferences met, conflicts settled the same way whatever the seed, the top board, and one
seed always giving one round."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from itertools import combinations, permutations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournaments.seating import (
    POWERS,
    PREFERENCE_MISS,
    History,
    Round,
    SeatingError,
    seat_round,
    sit_outs,
)


def players(n: int) -> list[str]:
    return [f"p{i:02d}" for i in range(1, n + 1)]


def play(
    n: int, rounds: int, *, seed: int = 0, standby: Sequence[str] = ()
) -> tuple[list[Round], History]:
    """``rounds`` rounds of the first ``n`` players, the standings never changing."""
    history = History()
    played = []
    for number in range(rounds):
        round = seat_round(players(n), seed=seed + number, history=history, standby=standby)
        played.append(round)
        history = history.after(round)
    return played, history


def test_rule_fewer_than_seven_players_make_no_board() -> None:
    with pytest.raises(SeatingError, match="needs 7 players and only 6 are present"):
        seat_round(players(6), seed=0)
    with pytest.raises(SeatingError, match="only 1 is present"):
        seat_round(["ann"], seed=0)


def test_rule_fourteen_players_meet_again_only_as_counting_forces_and_never_replay_a_power() -> (
    None
):
    (first, second), history = play(14, 2)
    assert first.cost == 0
    # Round 2 cannot avoid repeats: each board takes 7 players from round 1's two boards,
    # a of one and 7 - a of the other, so at least C(3, 2) + C(4, 2) = 9 pairs meet again
    # at each board: 18 in all, and that is what the seeding reaches.
    assert second.repeat_pairs == 18
    assert second.cost == 18
    assert max(history.met.values()) == 2
    for player in players(14):
        assert first.power_of(player) != second.power_of(player)
    assert first.repeat_powers == second.repeat_powers == 0


def test_rule_a_seating_without_repeat_opponents_is_found_when_one_exists() -> None:
    # 49 players: seven boards in round 1, so round 2 can take one player from each.
    (_, second), history = play(49, 2)
    assert second.cost == second.repeat_pairs == 0
    assert set(history.met.values()) == {1}


def test_rule_twenty_one_players_over_three_rounds_meet_again_no_more_than_counting_forces() -> (
    None
):
    rounds, history = play(21, 3)
    # Lower bounds, by counting. A board of round 2 takes its 7 players from round 1's
    # three boards, at best 3 + 2 + 2, so at least C(3, 2) + 1 + 1 = 5 pairs met before: 15
    # over three boards. A board of round 3 likewise holds at least 5 pairs who met in
    # round 1 and 5 who met in round 2, a cost of at least 10 (a pair met in both counts
    # 2^2 = 4 >= 2): 30 over three boards. The seeding reaches both bounds, and nobody meets
    # a third time.
    assert [r.cost for r in rounds] == [0, 15, 30]
    assert [r.repeat_pairs for r in rounds] == [0, 15, 30]
    assert max(history.met.values()) == 2


@pytest.mark.parametrize("n", [14, 21, 28, 35])
def test_rule_no_one_plays_a_power_twice_in_four_rounds(n: int) -> None:
    _, history = play(n, 4, seed=n)
    assert all(len(powers) == 4 for powers in history.powers_played.values())


def test_rule_sit_outs_are_the_least_sat_out_then_volunteers_then_the_lowest_placed() -> None:
    history = History(sat_out={"p10": 1})
    out = sit_outs(players(10), count=3, history=history, standby=["p03"])
    assert out == ("p03", "p09", "p08")
    round = seat_round(players(10), seed=1, history=history, standby=["p03", "gone"])
    assert round.sitting_out == out
    assert sorted(round.seated) == sorted(set(players(10)) - set(out))
    assert round.board_of("p03") is None
    assert round.power_of("p03") is None
    # More volunteers than places: the same order picks among them.
    history = History(sat_out={"p04": 1})
    volunteers = ["p01", "p02", "p03", "p04"]
    assert sit_outs(players(10), count=3, history=history, standby=volunteers) == (
        "p03",
        "p02",
        "p01",
    )


def test_rule_a_volunteer_does_not_sit_out_again_before_the_others_sat_out_once() -> None:
    # Issue 35, D11: st03 volunteered once and sat out all three rounds of seventeen. A
    # volunteer goes first among those who have sat out as often as he has, not before
    # those who have sat out less.
    history = History(sat_out={"p03": 1, "p10": 1})
    assert sit_outs(players(10), count=3, history=history, standby=["p03"]) == (
        "p09",
        "p08",
        "p07",
    )
    rounds, _ = play(17, 3, standby=["p03"])
    assert [r.sitting_out.count("p03") for r in rounds] == [1, 0, 0]
    # Once everyone has sat out as often as he has, he is the first again.
    history = History(sat_out=dict.fromkeys(players(10), 1))
    assert sit_outs(players(10), count=1, history=history, standby=["p03"]) == ("p03",)


def test_rule_nobody_sits_out_twice_while_someone_has_not() -> None:
    rounds, history = play(10, 4)
    assert [r.sitting_out for r in rounds] == [
        ("p10", "p09", "p08"),
        ("p07", "p06", "p05"),
        ("p04", "p03", "p02"),
        ("p01", "p10", "p09"),
    ]
    assert set(Counter(history.sat_out.values())) == {1, 2}


def test_rule_preferences_are_met_when_they_do_not_conflict() -> None:
    wishes: dict[str, Sequence[str]] = {
        "p01": ["turkey", "austria"],
        "p02": ["russia"],
        "p03": ["italy", "russia", "turkey"],
        "p04": ["germany"],
        "p05": ["france"],
        "p06": ["england", "france"],
        "elsewhere": ["austria"],
    }
    for seed in range(10):
        round = seat_round(players(7), seed=seed, preferences=wishes)
        for player, wanted in wishes.items():
            if player != "elsewhere":
                assert round.power_of(player) == wanted[0]
        assert round.power_of("p07") == "austria"  # no list: the power left
        assert (round.preferences_given, round.preferences_met, round.first_choices) == (6, 6, 6)


def test_rule_a_conflict_goes_to_the_higher_placed_player_whatever_the_seed() -> None:
    wishes = {"p01": ["france", "england"], "p02": ["france", "germany"]}
    for seed in range(10):
        round = seat_round(players(7), seed=seed, preferences=wishes)
        assert (round.power_of("p01"), round.power_of("p02")) == ("france", "germany")
        assert (round.preferences_met, round.first_choices) == (2, 1)


def test_rule_the_least_total_disappointment_comes_before_the_standings() -> None:
    # p01 lists a second choice and p02 none: france to p01 would leave p02 with a power off
    # their list (10), england to p01 costs 1.
    wishes = {"p01": ["france", "england"], "p02": ["france"]}
    for seed in range(10):
        round = seat_round(players(7), seed=seed, preferences=wishes)
        assert (round.power_of("p01"), round.power_of("p02")) == ("england", "france")


def test_rule_a_power_played_before_outweighs_a_preference() -> None:
    history = History.from_boards([dict(zip(POWERS, players(7), strict=True))])
    wishes = {p: [POWERS[i]] for i, p in enumerate(players(7))}  # each wants theirs again
    round = seat_round(players(7), seed=3, history=history, preferences=wishes)
    assert round.repeat_powers == 0
    assert round.preferences_met == 0
    assert all(round.power_of(p) != POWERS[i] for i, p in enumerate(players(7)))


def test_rule_the_same_seed_gives_the_same_round_and_another_seed_may_not() -> None:
    _, history = play(21, 1)
    wishes = {"p05": ["england", "italy"], "p12": ["england"]}

    def seated(seed: int) -> Round:
        return seat_round(
            players(23), seed=seed, history=history, preferences=wishes, standby=["p04"]
        )

    assert seated(7) == seated(7)
    assert len({tuple(tuple(b.items()) for b in seated(s).boards) for s in range(10)}) > 1


def test_rule_the_top_board_seats_the_best_seven_playing_at_board_1() -> None:
    history = History.from_boards([dict(zip(POWERS, players(7), strict=True))])
    round = seat_round(players(21), seed=0, history=history, top_board=True)
    assert sorted(round.boards[0].values()) == players(7)
    assert round.cost == 21  # they all met before, and nobody else had
    assert list(round.boards[0]) == list(POWERS)
    assert round.repeat_powers == 0
    without = seat_round(players(21), seed=0, history=history)
    assert without.cost == 5  # spread 3 + 2 + 2 over the boards: 3 + 1 + 1 pairs
    # A volunteer to sit out among the best seven: the eighth moves up.
    round = seat_round(players(22), seed=0, top_board=True, standby=["p02"])
    assert round.sitting_out == ("p02",)
    assert sorted(round.boards[0].values()) == ["p01", *players(8)[2:]]


def test_rule_boards_are_ordered_by_their_best_placed_player() -> None:
    round = seat_round(players(35), seed=5)
    leaders = [min(board.values()) for board in round.boards]
    assert leaders == sorted(leaders)
    assert leaders[0] == "p01"


@given(
    n=st.integers(min_value=7, max_value=35),
    seed=st.integers(min_value=0, max_value=2**32),
    before=st.integers(min_value=0, max_value=2),
    top_board=st.booleans(),
    standby=st.sets(st.integers(min_value=1, max_value=40), max_size=8),
)
def test_rule_everyone_present_is_seated_once_or_sits_out_and_every_board_is_whole(
    n: int, seed: int, before: int, top_board: bool, standby: set[int]
) -> None:
    history = History()
    for number in range(before):
        history = history.after(seat_round(players(n), seed=seed + number, history=history))
    round = seat_round(
        players(n),
        seed=seed,
        history=history,
        standby=[f"p{i:02d}" for i in standby],
        top_board=top_board,
    )
    assert len(round.sitting_out) == n % 7
    assert len(round.boards) == n // 7
    assert Counter([*round.seated, *round.sitting_out]) == Counter(players(n))
    assert all(tuple(board) == POWERS for board in round.boards)


def power_key(
    board: Mapping[str, str], history: History, wishes: Mapping[str, Sequence[str]]
) -> tuple[int, int, tuple[int, ...]]:
    """What the power rules minimise, in order: powers played again, the total preference
    cost, then each player's cost in standings order (their names' order here)."""
    costs = []
    again = 0
    for power, player in sorted(board.items(), key=lambda item: item[1]):
        wanted = wishes.get(player, [])
        costs.append(
            0 if not wanted else wanted.index(power) if power in wanted else PREFERENCE_MISS
        )
        again += power in history.powers_played.get(player, frozenset())
    return again, sum(costs), tuple(costs)


@given(
    earlier=st.lists(st.permutations(players(7)), max_size=4),
    wishes=st.dictionaries(
        st.sampled_from(players(7)),
        st.lists(st.sampled_from(POWERS), max_size=7, unique=True),
    ),
    seed=st.integers(min_value=0, max_value=1000),
)
def test_rule_powers_are_the_best_of_all_5040_ways(
    earlier: list[list[str]], wishes: dict[str, list[str]], seed: int
) -> None:
    history = History.from_boards(dict(zip(POWERS, order, strict=True)) for order in earlier)
    round = seat_round(players(7), seed=seed, history=history, preferences=wishes)
    best = min(
        power_key(dict(zip(POWERS, order, strict=True)), history, wishes)
        for order in permutations(players(7))
    )
    assert power_key(round.boards[0], history, wishes) == best


def test_history_counts_meetings_powers_and_sit_outs() -> None:
    boards = [
        dict(zip(POWERS, players(7), strict=True)),
        dict(zip(POWERS, reversed(players(7)), strict=True)),
    ]
    history = History.from_boards(boards, sat_out=["p08", "p07", "p08"])
    assert history.times_met("p01", "p07") == history.times_met("p07", "p01") == 2
    assert len(history.met) == len(list(combinations(players(7), 2)))
    assert history.powers_played["p01"] == {"austria", "turkey"}
    assert history.powers_played["p04"] == {"germany"}
    assert history.sat_out == {"p08": 2, "p07": 1}
    round = seat_round(players(8), seed=0, history=history)
    assert round.sitting_out == ("p06",)  # the lowest placed who never sat out
    after = history.after(round)
    assert after.sat_out == {"p08": 2, "p07": 1, "p06": 1}
    assert after.times_met("p01", "p08") == 1
    assert after.times_met("p01", "p06") == 2


def test_what_cannot_be_done_is_refused() -> None:
    with pytest.raises(SeatingError, match="p03 is listed twice"):
        seat_round([*players(7), "p03"], seed=0)
    with pytest.raises(SeatingError, match="'prussia', not a power"):
        seat_round(players(7), seed=0, preferences={"p01": ["france", "prussia"]})
    with pytest.raises(SeatingError, match="not 7"):
        sit_outs(players(14), count=7)
    with pytest.raises(SeatingError, match="between 0 and 2 of 2"):
        sit_outs(players(2), count=3)
    with pytest.raises(SeatingError, match="'prussia' is not a power"):
        History.from_boards([{"prussia": "p01"}])
    with pytest.raises(SeatingError, match="twice at one board"):
        History.from_boards([{"austria": "p01", "england": "p01"}])
