"""Issue 35, D6, D7 and D10 in the pure group stage (tournaments/groups.py):

- D7: a match won without play (a walkover, a forfeit) counted 0 boards and 0 centres for
  its winner, which then counted against him in the tie-breaks and the knock-out seeding.
  The figures are now compared per duel: every duel played on the boards counts, and so
  does a match lost without play (as a duel with nothing); a match won without play is
  left out, so an opponent who did not come neither helps nor hurts the winner.
- D6: nothing kept players of one group apart in the first knock-out round (62 % of 4 x 2
  outcomes paired a group winner with his own runner-up). The seeds of one group place
  are now arranged so that no first-round match pairs two players of one group wherever
  the bracket allows it (checked against every arrangement, below).
- D10: a play-off's result now orders the group's table, and a play-off that ends level
  again waits for the organiser's decision instead of falling back to seed order.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from itertools import permutations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments import brackets
from tournaments.groups import (
    GroupError,
    Playoff,
    Result,
    Row,
    Standings,
    TieBreak,
    draw_groups,
    keep_apart,
    knockout_seeds,
    round_robin,
    standings,
)

H2H = TieBreak.HEAD_TO_HEAD
BOARDS = TieBreak.BOARDS_WON
CENTRES = TieBreak.CENTRES
SEED = TieBreak.SEED
PLAYOFF = TieBreak.PLAYOFF
FOUR = ["ann", "bob", "cat", "dan"]


def won(
    winner: str, loser: str, boards: tuple[int, int] = (1, 0), centres: tuple[int, int] = (0, 0)
) -> Result:
    return Result(
        winner,
        loser,
        winner,
        boards_won={winner: boards[0], loser: boards[1]},
        centres={winner: centres[0], loser: centres[1]},
    )


def walkover(winner: str, loser: str) -> Result:
    return Result(winner, loser, winner, walkover=True)


# -- D7: walkovers are neutral in the figures the tie-breaks and the seeding compare ----------


def test_a_walkover_win_does_not_count_against_its_winner_on_centres() -> None:
    # ann and bob two wins each. ann's: a walkover over dan, and cat beaten with 20
    # centres to 5. bob's: cat and dan beaten on the boards, 15 centres to 5 each time.
    # In totals bob's 30 beat ann's 20 only because dan did not come to play ann; per
    # duel ann held 20 (one duel played), bob 15 (30 over two).
    results = [
        walkover("ann", "dan"),
        won("ann", "cat", centres=(20, 5)),
        won("bob", "cat", centres=(15, 5)),
        won("bob", "dan", centres=(15, 5)),
    ]
    table = standings(FOUR, results, [CENTRES, SEED])
    assert table.order[:2] == ("ann", "bob")
    assert table.row("ann") == Row("ann", 2, 2, 0, 1, 20, 1, "", walkovers=1)
    assert table.row("bob").decided_by == "centres"
    # dan lost a match by not coming: it counts for him as a duel with nothing, so 5
    # centres over two duels (2.5 a duel) against cat's 10 over two.
    assert table.order[2:] == ("cat", "dan")
    assert table.row("dan").decided_by == "centres"


def test_a_walkover_loss_counts_as_a_duel_with_nothing() -> None:
    # cat and dan one win each on the boards, 10 centres each. dan also lost a match
    # he did not come to: 10 over two duels against cat's 10 over one.
    results = [
        won("cat", "ann", centres=(10, 4)),
        won("dan", "bob", centres=(10, 4)),
        walkover("ann", "dan"),
    ]
    table = standings(FOUR, results, [CENTRES, SEED])
    assert table.order.index("cat") < table.order.index("dan")


def test_a_walkover_win_does_not_count_against_its_winner_on_boards() -> None:
    five = [*FOUR, "eve"]
    results = [
        won("ann", "bob", boards=(2, 0)),
        won("ann", "cat", boards=(1, 0)),
        won("ann", "dan", boards=(1, 0)),
        walkover("eve", "bob"),
        won("eve", "cat", boards=(2, 0)),
        won("eve", "dan", boards=(2, 0)),
    ]
    # ann and eve three wins each. ann won 4 boards over 3 duels, eve 4 over the 2 she
    # played: eve ahead. In totals they were level and the seed put ann first.
    table = standings(five, results, [BOARDS, SEED])
    assert table.order[:2] == ("eve", "ann")
    assert table.row("ann").decided_by == "boards_won"


def test_the_knockout_seeding_compares_centres_per_duel_too() -> None:
    # Two group winners on two wins: ann (group A) with a walkover and 20 centres in
    # one duel; eve (group B) with 30 over two. ann is the better winner.
    group_a = standings(
        FOUR,
        [walkover("ann", "dan"), won("ann", "cat", centres=(20, 5)), won("bob", "cat")],
        [SEED],
    )
    group_b = standings(
        ["eve", "fay", "gil", "hal"],
        [won("eve", "gil", centres=(15, 5)), won("eve", "hal", centres=(15, 5))],
        [SEED],
    )
    assert knockout_seeds([group_b, group_a], 1) == ["ann", "eve"]


# -- D6: players of one group are kept apart in the first knock-out round ------------------


def _first_round_pairs(seeds: Sequence[str]) -> list[tuple[str, str]]:
    bracket = brackets.knockout(seeds)
    return [(m.a, m.b) for m in bracket.rounds[0] if m.a is not None and m.b is not None]


def _clashes(seeds: Sequence[str], group_of: Mapping[str, int]) -> int:
    return sum(group_of[a] == group_of[b] for a, b in _first_round_pairs(seeds))


def _could_be_apart(tiers: Sequence[Sequence[str]], group_of: Mapping[str, int]) -> bool:
    """Whether some arrangement of each place's players among that place's seeds leaves
    no first-round match inside one group (every arrangement tried, with pruning)."""
    count = sum(len(t) for t in tiers)
    size = 1 << (count - 1).bit_length()
    order = brackets.seed_positions(size)
    opponent: dict[int, int] = {}
    for i in range(0, size, 2):
        a, b = order[i], order[i + 1]
        if a <= count and b <= count:
            opponent[a], opponent[b] = b, a
    slots: list[list[int]] = []
    first = 1
    for tier in tiers:
        slots.append(list(range(first, first + len(tier))))
        first += len(tier)
    placed: dict[int, str] = {}

    def fill(t: int) -> bool:
        if t == len(tiers):
            return True
        for arrangement in permutations(tiers[t]):
            ok = True
            for seed, player in zip(slots[t], arrangement, strict=True):
                other = opponent.get(seed)
                if (
                    other is not None
                    and other in placed
                    and group_of[placed[other]] == group_of[player]
                ):
                    ok = False
                    break
            if not ok:
                continue
            placed.update(zip(slots[t], arrangement, strict=True))
            if fill(t + 1):
                return True
            for seed in slots[t]:
                placed.pop(seed, None)
        return False

    return fill(0)


def _random_tables(group_sizes: Sequence[int], rng: random.Random) -> list[Standings]:
    names = [f"p{i:02d}" for i in range(1, sum(group_sizes) + 1)]
    drawn = draw_groups(names, len(group_sizes))
    tables = []
    for members in drawn:
        results = []
        for pairs in round_robin(members):
            for a, b in pairs:
                winner, loser = (a, b) if rng.random() < 0.5 else (b, a)
                results.append(
                    won(winner, loser, centres=(rng.randint(10, 25), rng.randint(0, 17)))
                )
        tables.append(standings(members, results, [H2H, BOARDS, CENTRES, SEED]))
    return tables


def test_four_groups_of_two_never_meet_their_own_group_in_the_first_round() -> None:
    # The audit's simulation: 4 groups x top 2 over 2000 random outcomes (62 % paired a
    # winner with a runner-up of his own group).
    rng = random.Random(35)
    for _ in range(2000):
        tables = _random_tables([4, 4, 4, 4], rng)
        seeds = knockout_seeds(tables, 2)
        group_of = {p: g for g, t in enumerate(tables) for p in t.order}
        assert _clashes(seeds, group_of) == 0
        # Winners keep the four best seeds; runners-up the next four.
        assert {seeds.index(t.order[0]) for t in tables} == {0, 1, 2, 3}


def test_the_usual_cross_over_for_two_groups() -> None:
    # A1 - B2 and B1 - A2. Here B's runner-up has the better record (30 centres), so the
    # seeds by merit alone (a1, b1, b2, a2) would pair a1 with a2 and b1 with b2.
    group_a = standings(
        ["a1", "a2", "a3"], [won("a1", "a2"), won("a1", "a3"), won("a2", "a3")], [SEED]
    )
    group_b = standings(
        ["b1", "b2", "b3"],
        [won("b1", "b2"), won("b1", "b3"), won("b2", "b3", centres=(30, 0))],
        [SEED],
    )
    seeds = knockout_seeds([group_a, group_b], 2)
    pairs = {frozenset(p) for p in _first_round_pairs(seeds)}
    assert pairs == {frozenset(("a1", "b2")), frozenset(("b1", "a2"))}


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.integers(min_value=2, max_value=6), min_size=2, max_size=4),
    st.integers(min_value=1, max_value=3),
    st.integers(min_value=0, max_value=2**32),
)
def test_no_first_round_match_inside_a_group_when_the_bracket_allows_it(
    sizes: list[int], through: int, seed: int
) -> None:
    # Groups of uneven sizes (the snake draw's sizes differ by one at most: the sizes
    # drawn here are its total), any number through, so any number of byes.
    total = sum(sizes)
    count = len(sizes)
    base, over = divmod(total, count)
    real_sizes = [base + (1 if g < over else 0) for g in range(count)]
    through = min(through, min(real_sizes))
    tables = _random_tables(real_sizes, random.Random(seed))
    seeds = knockout_seeds(tables, through)
    group_of = {p: g for g, t in enumerate(tables) for p in t.order}
    tiers = [[t.order[place] for t in tables] for place in range(through)]
    # Every place's players keep that place's seeds.
    first = 0
    for tier in tiers:
        assert set(seeds[first : first + len(tier)]) == set(tier)
        first += len(tier)
    if _could_be_apart(tiers, group_of):
        assert _clashes(seeds, group_of) == 0
    if len(seeds) >= 2:
        # And the bracket is drawn from them as ever: byes to the best seeds.
        bracket = brackets.knockout(seeds)
        byes = [m.winner for m in bracket.rounds[0] if m.decided is brackets.Decided.BYE]
        assert set(byes) == set(seeds[: len(byes)])


def test_keep_apart_moves_nobody_when_nothing_clashes() -> None:
    seeds = ["a1", "b1", "c1", "d1", "d2", "c2", "b2", "a2"]
    # 1-8 a1/a2 clash, 4-5 d1/d2 clash, 2-7 b1/b2 clash, 3-6 c1/c2 clash: all moved.
    group_of = {p: ord(p[0]) - ord("a") for p in seeds}
    tier_of = {p: int(p[1]) for p in seeds}
    apart = keep_apart(seeds, group_of, tier_of)
    assert apart[:4] == seeds[:4]
    assert _clashes(apart, group_of) == 0
    fine = ["a1", "b1", "c1", "d1", "c2", "d2", "a2", "b2"]
    assert keep_apart(fine, group_of, tier_of) == fine


def test_one_group_cannot_be_kept_apart_and_is_left_as_seeded() -> None:
    only = standings(FOUR, [won("ann", "bob"), won("ann", "cat"), won("bob", "cat")], [SEED])
    assert knockout_seeds([only], 2) == ["ann", "bob"]


# -- D10: the play-off in the table; a play-off level again waits for the organiser -------

CYCLE = [
    won("ann", "bob"),
    won("bob", "cat"),
    won("cat", "ann"),
    won("ann", "dan"),
    won("bob", "dan"),
    won("cat", "dan"),
]


def test_the_play_off_orders_the_table() -> None:
    playoff = [won("cat", "ann"), won("cat", "bob"), won("bob", "ann")]
    table = standings(FOUR, CYCLE, [H2H, PLAYOFF], playoffs=playoff)
    assert [(r.player, r.place, r.decided_by) for r in table.rows] == [
        ("cat", 1, ""),
        ("bob", 2, "playoff"),
        ("ann", 3, "playoff"),
        ("dan", 4, "wins"),
    ]
    assert table.playoffs == ()
    # The play-off is not counted in the group's own figures.
    assert table.row("cat").wins == 2


def test_a_play_off_not_yet_played_through_leaves_the_players_level() -> None:
    table = standings(FOUR, CYCLE, [H2H, PLAYOFF], playoffs=[won("cat", "ann")])
    assert [r.place for r in table.rows] == [1, 1, 1, 4]
    assert table.playoffs == (Playoff(("ann", "bob", "cat"), (1, 2, 3)),)


def test_a_play_off_level_again_waits_for_the_organiser() -> None:
    level = [won("ann", "bob"), won("bob", "cat"), won("cat", "ann")]
    table = standings(FOUR, CYCLE, [H2H, PLAYOFF], playoffs=level)
    assert [r.place for r in table.rows] == [1, 1, 1, 4]
    assert table.playoffs == (Playoff(("ann", "bob", "cat"), (1, 2, 3), tied_again=True),)
    with pytest.raises(GroupError, match="not decided"):
        knockout_seeds([table], 2)
    decided = standings(
        FOUR, CYCLE, [H2H, PLAYOFF], playoffs=level, decisions=[("bob", "cat", "ann")]
    )
    assert [(r.player, r.place, r.decided_by) for r in decided.rows] == [
        ("bob", 1, ""),
        ("cat", 2, "organiser"),
        ("ann", 3, "organiser"),
        ("dan", 4, "wins"),
    ]
    assert decided.playoffs == ()


def test_a_play_off_splitting_a_four_way_tie_in_two_applies_again_to_each_half() -> None:
    # a, b, c and d beat e, f, g and h and have not met: four wins each, nothing to part
    # them but a play-off. In it a and b win two each, b beating a; c and d one each, d
    # beating c. Among a and b alone, then c and d alone, the play-off decides again.
    eight = ["a", "b", "c", "d", "e", "f", "g", "h"]
    group = [won(w, lost) for w in eight[:4] for lost in eight[4:]]
    assert standings(eight, group, [PLAYOFF]).playoffs[0].players == ("a", "b", "c", "d")
    playoff = [
        won("b", "a"),
        won("a", "c"),
        won("a", "d"),
        won("c", "b"),
        won("b", "d"),
        won("d", "c"),
    ]
    played = standings(eight, group, [PLAYOFF], playoffs=playoff)
    assert [(r.player, r.place, r.decided_by) for r in played.rows[:4]] == [
        ("b", 1, ""),
        ("a", 2, "playoff"),
        ("d", 3, "playoff"),
        ("c", 4, "playoff"),
    ]
    # Only e, f, g and h (no wins, not met yet) are left to a play-off.
    assert [p.players for p in played.playoffs] == [("e", "f", "g", "h")]
