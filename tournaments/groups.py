"""Group stages of Highlander duels: pure values, no Django. Round-robin groups of duels,
their standings, and who goes through to the knock-out (tournaments.brackets).

The rules, as organisers run a group stage before a knock-out:

- **Snake draw.** Players in seed order are dealt into k groups: seeds 1 to k left to
  right, k+1 to 2k right to left, and so on, so each group has one of the top k seeds and
  the groups come out about as strong. Group sizes differ by at most one, the first groups
  taking the players over; a row dealt right to left passes over the groups already full.
- **Round robin** by the circle method: everyone meets everyone once, nobody twice in a
  round. With an odd number of players one sits each round out (a bye, not a match).
- **Standings** by wins: a duel is always won by exactly one player, so there are no
  draws. A walkover is awarded without play: it counts as played, a win and a loss, with
  no boards and no centres for either player. Players yet to play are listed with zeros.
- **Walkovers are neutral in the figures** (issue 35, D7): boards won and centres are
  compared per duel, over every duel played on the boards and every match lost without
  play (a duel with nothing: whoever did not come answers for it); a match won without
  play is left out, so an opponent who did not come neither helps nor hurts the winner.
  With no walkover this orders players as the totals do.
- **Tie-breaks** for players level on wins, in the order the organisers chose (the
  ladder):

  - ``head_to_head``: wins in the duels among exactly the players still level. When it
    splits them into smaller level sets, it is applied again to each of them alone before
    the ladder goes on, as in a mini-league; a set split by any other criterion goes on
    down the ladder without coming back to it.
  - ``boards_won`` and ``centres``: per duel, as above.
  - ``seed``: the better seed first. It always decides, so it ends a ladder.
  - ``playoff``: the players still level play it off, a round robin among them. Until
    its duels are all decided they are reported as needing it, for the places they span;
    then its wins order them, applied again to any smaller set it leaves level, as
    head-to-head is (``decided_by`` "playoff"). Players it leaves level still (a circle
    of wins) wait for the organiser, who orders them (``decided_by`` "organiser"): a
    tie is never settled silently by seed. It ends a ladder too.

  Players the ladder leaves level share a place.
- **Advancing.** The top n of each group go through, unless a tie still open straddles the
  cut line; a tie entirely above or below it holds nobody up.
- **Knock-out seeds.** All group winners first, then all runners-up, and so on; each of
  those by wins, then centres per duel, then group order. Group winners so get the best
  seeds. Within one group place the seeds are then arranged, moving players as little
  as can be, so that no first-round match pairs two players of one group wherever the
  bracket allows it (issue 35, D6): the usual cross-over, A1 - B2 and B1 - A2, and the
  same with byes and groups of uneven size. A player keeps his group place's seeds: a
  group winner is never seeded below a runner-up.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from fractions import Fraction

from tournaments.brackets import seed_positions


class GroupError(ValueError):
    """Groups cannot be drawn, or standings cannot be made, as asked."""


class TieBreak(StrEnum):
    """A criterion of the tie-break ladder; the values are stored."""

    HEAD_TO_HEAD = "head_to_head"
    BOARDS_WON = "boards_won"
    CENTRES = "centres"
    SEED = "seed"
    PLAYOFF = "playoff"


#: Criteria after which nothing is left to break.
_LAST = frozenset({TieBreak.SEED, TieBreak.PLAYOFF})


@dataclass(frozen=True, slots=True)
class Result:
    """One duel of the group, decided: its players, its winner, and each player's
    statistics for the tie-breaks: boards of the duel decided in the player's favour (0 to
    2) and supply centres held at the end, summed over both boards. A player missing from
    a mapping has 0. A walkover has no statistics.

    Raises:
        GroupError: if the duel or its statistics cannot be.
    """

    a: str
    b: str
    winner: str
    boards_won: Mapping[str, int] = field(default_factory=dict)
    centres: Mapping[str, int] = field(default_factory=dict)
    walkover: bool = False

    def __post_init__(self) -> None:
        if self.a == self.b:
            raise GroupError(f"{self.a} cannot play against themself")
        if self.winner not in (self.a, self.b):
            raise GroupError(f"{self.winner} does not play in {self.a} - {self.b}")
        for name, stats in (("boards won", self.boards_won), ("centres", self.centres)):
            if not set(stats) <= {self.a, self.b}:
                raise GroupError(f"{name} are given for a player not in {self.a} - {self.b}")
            if any(v < 0 for v in stats.values()):
                raise GroupError(f"{name} cannot be negative")
            if self.walkover and any(stats.values()):
                raise GroupError(f"a walkover is not played: it has no {name}")
        if any(v > 2 for v in self.boards_won.values()) or sum(self.boards_won.values()) > 2:
            raise GroupError("a duel has two boards")

    @property
    def loser(self) -> str:
        return self.b if self.winner == self.a else self.a

    def boards_of(self, player: str) -> int:
        return self.boards_won.get(player, 0)

    def centres_of(self, player: str) -> int:
        return self.centres.get(player, 0)


@dataclass(frozen=True, slots=True)
class Row:
    """A player's line in the standings. ``place`` is shared by players the ladder leaves
    level; ``decided_by`` names what put the player below the row above: ``"wins"``, a
    tie-break's value, or ``""`` for the first row and for a place shared with it."""

    player: str
    played: int
    wins: int
    losses: int
    boards_won: int
    centres: int
    place: int
    decided_by: str
    #: Matches won without play (walkovers, forfeits): left out of the figures per duel.
    walkovers: int = 0

    @property
    def duels(self) -> int:
        """The duels the figures are over: all played but those won without play."""
        return self.played - self.walkovers

    @property
    def boards_per_duel(self) -> Fraction:
        return Fraction(self.boards_won, self.duels) if self.duels else Fraction(0)

    @property
    def centres_per_duel(self) -> Fraction:
        return Fraction(self.centres, self.duels) if self.duels else Fraction(0)


@dataclass(frozen=True, slots=True)
class Playoff:
    """Players still level at the ladder's ``playoff``, and the places they play off for;
    ``tied_again``: they played it through and are level still, for the organiser to
    order."""

    players: tuple[str, ...]
    places: tuple[int, ...]
    tied_again: bool = False


@dataclass(frozen=True, slots=True)
class Standings:
    """A group's table, best first (level players in seed order), and its play-offs."""

    rows: tuple[Row, ...]
    playoffs: tuple[Playoff, ...] = ()

    @property
    def order(self) -> tuple[str, ...]:
        return tuple(r.player for r in self.rows)

    def row(self, player: str) -> Row:
        """The row of ``player``.

        Raises:
            GroupError: if ``player`` is not in the group.
        """
        for r in self.rows:
            if r.player == player:
                return r
        raise GroupError(f"{player} is not in the group")


def draw_groups(seeds: Sequence[str], group_count: int) -> tuple[tuple[str, ...], ...]:
    """``seeds`` (seed 1 first) dealt into ``group_count`` groups by the snake draw; each
    group in seed order.

    >>> draw_groups(["1", "2", "3", "4", "5", "6", "7"], 2)
    (('1', '4', '5', '7'), ('2', '3', '6'))

    Raises:
        GroupError: for fewer than one group or two players a group, or a player entered
            twice.
    """
    if group_count < 1:
        raise GroupError("a group stage needs one group or more")
    if len(seeds) < 2 * group_count:
        raise GroupError(f"{len(seeds)} players cannot make {group_count} groups of two or more")
    if len(set(seeds)) != len(seeds):
        raise GroupError("a player is entered twice")
    base, over = divmod(len(seeds), group_count)
    sizes = [base + (1 if g < over else 0) for g in range(group_count)]
    groups: list[list[str]] = [[] for _ in range(group_count)]
    left = list(seeds)
    row = 0
    while left:
        order = range(group_count) if row % 2 == 0 else range(group_count - 1, -1, -1)
        for g in order:
            if left and len(groups[g]) < sizes[g]:
                groups[g].append(left.pop(0))
        row += 1
    return tuple(tuple(g) for g in groups)


def round_robin(players: Sequence[str]) -> tuple[tuple[tuple[str, str], ...], ...]:
    """The rounds of a round robin among ``players`` by the circle method: the first
    player stays put and the others turn round it one place a round. With an odd number,
    whoever meets the empty place sits the round out.

    >>> round_robin(["a", "b", "c", "d"])
    ((('a', 'd'), ('b', 'c')), (('a', 'c'), ('d', 'b')), (('a', 'b'), ('c', 'd')))

    Raises:
        GroupError: for fewer than two players, or a player entered twice.
    """
    if len(players) < 2:
        raise GroupError("a round robin needs two players or more")
    if len(set(players)) != len(players):
        raise GroupError("a player is entered twice")
    circle: list[str | None] = list(players)
    if len(circle) % 2:
        circle.append(None)
    n = len(circle)
    rounds = []
    for _ in range(n - 1):
        pairs = ((circle[i], circle[n - 1 - i]) for i in range(n // 2))
        rounds.append(tuple((a, b) for a, b in pairs if a is not None and b is not None))
        circle = [circle[0], circle[-1], *circle[1:-1]]
    return tuple(rounds)


def check_ladder(ladder: Sequence[str]) -> tuple[TieBreak, ...]:
    """The ladder as tie-breaks, from stored values or tie-breaks.

    Raises:
        GroupError: for an unknown criterion, one given twice, or one after ``seed`` or
            ``playoff`` (it could never be reached).
    """
    out: list[TieBreak] = []
    for value in ladder:
        try:
            criterion = TieBreak(value)
        except ValueError:
            raise GroupError(f"{value!r} is not a tie-break") from None
        if criterion in out:
            raise GroupError(f"{criterion} is in the ladder twice")
        if out and out[-1] in _LAST:
            raise GroupError(f"{criterion} comes after {out[-1]}, which always decides")
        out.append(criterion)
    return tuple(out)


@dataclass(frozen=True, slots=True)
class _Block:
    """Players the ladder could not separate (often just one), in seed order."""

    players: tuple[str, ...]
    decided_by: str = ""
    playoff: bool = False
    #: The play-off was played through and left them level: the organiser orders them.
    again: bool = False


def standings(
    players: Sequence[str],
    results: Iterable[Result],
    ladder: Sequence[TieBreak],
    *,
    playoffs: Iterable[Result] = (),
    decisions: Iterable[Sequence[str]] = (),
) -> Standings:
    """The group's standings from the duels decided so far. ``players`` are the group's
    players in seed order; ``ladder`` the tie-breaks in order; ``playoffs`` the play-off
    duels decided so far (they order the players the ladder sent to a play-off, and count
    in none of the table's figures); ``decisions`` the organiser's orders of players a
    play-off left level, best first.

    Raises:
        GroupError: if the ladder is not one (see :func:`check_ladder`), a player is
            entered twice, or a result is for a player not in the group.
    """
    steps = check_ladder(ladder)
    if len(set(players)) != len(players):
        raise GroupError("a player is entered twice")
    seed = {p: i for i, p in enumerate(players)}
    played = list(results)
    extra = list(playoffs)
    decided = [tuple(d) for d in decisions]
    for r in [*played, *extra]:
        for p in (r.a, r.b):
            if p not in seed:
                raise GroupError(f"{p} is not in the group")
    wins = dict.fromkeys(players, 0)
    count = dict.fromkeys(players, 0)
    boards = dict.fromkeys(players, 0)
    centres = dict.fromkeys(players, 0)
    walkovers = dict.fromkeys(players, 0)
    for r in played:
        wins[r.winner] += 1
        if r.walkover:
            walkovers[r.winner] += 1
        for p in (r.a, r.b):
            count[p] += 1
            boards[p] += r.boards_of(p)
            centres[p] += r.centres_of(p)

    def per_duel(totals: dict[str, int]) -> Callable[[str], Fraction]:
        """A figure per duel counted: a match won without play is left out (neutral), one
        lost without play counts as a duel with nothing."""

        def value(p: str) -> Fraction:
            duels = count[p] - walkovers[p]
            return Fraction(totals[p], duels) if duels else Fraction(0)

        return value

    def by_seed(group: Iterable[str]) -> tuple[str, ...]:
        return tuple(sorted(group, key=seed.__getitem__))

    def split(
        group: Sequence[str], value: Callable[[str], int] | Callable[[str], Fraction]
    ) -> list[tuple[str, ...]]:
        """``group`` in level sets, the highest value first."""
        levels = sorted({value(p) for p in group}, reverse=True)
        return [by_seed(p for p in group if value(p) == v) for v in levels]

    def head_to_head(group: Sequence[str]) -> Callable[[str], int]:
        among = set(group)
        mini = dict.fromkeys(group, 0)
        for r in played:
            if r.a in among and r.b in among:
                mini[r.winner] += 1
        return mini.__getitem__

    def play_off(group: tuple[str, ...], first: bool = True) -> list[_Block]:
        """``group`` as its play-off orders it: level still until every duel of it is
        decided; then by play-off wins, applied again to the smaller sets they leave level
        (a mini-league); a set level at the end waits for the organiser's order."""
        among = set(group)
        duels = [r for r in extra if r.a in among and r.b in among]
        if first and len(duels) < len(group) * (len(group) - 1) // 2:
            return [_Block(group, playoff=True)]
        mini = dict.fromkeys(group, 0)
        for r in duels:
            mini[r.winner] += 1
        levels = split(group, mini.__getitem__)
        if len(levels) == 1:
            order = next((d for d in decided if set(d) == among and len(d) == len(group)), None)
            if order is None:
                return [_Block(group, playoff=True, again=True)]
            return [_Block((p,), "organiser" if k else "") for k, p in enumerate(order)]
        out: list[_Block] = []
        for k, level in enumerate(levels):
            head, *rest = play_off(level, first=False) if len(level) > 1 else [_Block(level)]
            out.append(_Block(head.players, "playoff" if k else "", head.playoff, head.again))
            out.extend(rest)
        return out

    def rank(group: tuple[str, ...], at: int) -> list[_Block]:
        if len(group) == 1:
            return [_Block(group)]
        for i in range(at, len(steps)):
            criterion = steps[i]
            if criterion is TieBreak.PLAYOFF:
                return play_off(group)
            if criterion is TieBreak.SEED:
                return [_Block((p,), criterion.value if k else "") for k, p in enumerate(group)]
            value: Callable[[str], int] | Callable[[str], Fraction]
            if criterion is TieBreak.HEAD_TO_HEAD:
                value = head_to_head(group)
            elif criterion is TieBreak.BOARDS_WON:
                value = per_duel(boards)
            else:
                value = per_duel(centres)
            levels = split(group, value)
            if len(levels) == 1:
                continue
            # A mini-league starts again among the fewer players it leaves level: their
            # duels with the players it separated no longer count.
            again = i if criterion is TieBreak.HEAD_TO_HEAD else i + 1
            out: list[_Block] = []
            for k, level in enumerate(levels):
                first, *rest = rank(level, again)
                out.append(
                    _Block(first.players, criterion.value if k else "", first.playoff, first.again)
                )
                out.extend(rest)
            return out
        return [_Block(group)]

    blocks: list[_Block] = []
    for k, level in enumerate(split(players, wins.__getitem__)):
        first, *rest = rank(level, 0)
        blocks.append(_Block(first.players, "wins" if k else "", first.playoff, first.again))
        blocks.extend(rest)

    rows: list[Row] = []
    open_playoffs: list[Playoff] = []
    for block in blocks:
        place = len(rows) + 1
        if block.playoff:
            open_playoffs.append(
                Playoff(
                    block.players,
                    tuple(range(place, place + len(block.players))),
                    tied_again=block.again,
                )
            )
        for k, p in enumerate(block.players):
            rows.append(
                Row(
                    player=p,
                    played=count[p],
                    wins=wins[p],
                    losses=count[p] - wins[p],
                    boards_won=boards[p],
                    centres=centres[p],
                    place=place,
                    decided_by="" if k else block.decided_by,
                    walkovers=walkovers[p],
                )
            )
    return Standings(tuple(rows), tuple(open_playoffs))


def advancing(table: Standings, n: int) -> tuple[str, ...] | None:
    """The top ``n`` of the group, or None while a tie still open (a play-off to play, or
    a place shared) straddles the cut line below place ``n``.

    Raises:
        GroupError: if ``n`` is not between 1 and the number of players.
    """
    if not 1 <= n <= len(table.rows):
        raise GroupError(f"{n} of {len(table.rows)} players cannot go through")
    if n < len(table.rows) and table.rows[n - 1].place == table.rows[n].place:
        return None
    return table.order[:n]


def knockout_seeds(
    groups: Sequence[Standings], n: int, *, whole_when_short: bool = False
) -> list[str]:
    """The top ``n`` of each group in seed order for the knock-out: all group winners,
    then all runners-up, and so on; those of one place by wins, then centres per duel,
    then group order; then, within each place, arranged by :func:`keep_apart` so that no
    first-round match pairs two players of one group where the bracket allows it.

    Players the ladder left level with nothing more to part them (a ladder ending before
    ``seed`` or ``playoff``), inside the top ``n`` or across the cut, keep the table's
    order, their seeds': the ladder the organiser chose ends there.
    ``whole_when_short``: a group of fewer than ``n`` players sends them all.

    Raises:
        GroupError: if a group has fewer than ``n`` players (unless ``whole_when_short``),
            or a play-off for one of its top ``n`` places is still to be played or decided
            (a tie inside them leaves a place unknown, not just who goes through).
    """
    if n < 1:
        raise GroupError("one player at least goes through from each group")
    for number, table in enumerate(groups, start=1):
        through = min(n, len(table.rows)) if whole_when_short else n
        if through > len(table.rows):
            raise GroupError(f"group {number} has fewer than {n} players")
        if any(min(p.places) <= through for p in table.playoffs):
            raise GroupError(f"the top {through} places of group {number} are not decided yet")
    out: list[str] = []
    group_of: dict[str, int] = {}
    place_of: dict[str, int] = {}
    for place in range(n):
        rows = [(table.rows[place], g) for g, table in enumerate(groups) if place < len(table.rows)]
        rows.sort(key=lambda rg: (-rg[0].wins, -rg[0].centres_per_duel, rg[1]))
        for row, g in rows:
            out.append(row.player)
            group_of[row.player] = g
            place_of[row.player] = place
    return keep_apart(out, group_of, place_of)


def keep_apart(
    seeds: Sequence[str], group_of: Mapping[str, int], tier_of: Mapping[str, int]
) -> list[str]:
    """``seeds`` (seed 1 first; each tier's players together, the best tier first) with
    the players of each tier moved among that tier's seeds so that, in the bracket
    :func:`tournaments.brackets.knockout` draws from them, no first-round match pairs two
    players of one group, wherever that can be done; among the arrangements that do it
    (or, where none can, those with the fewest such matches), the one that moves players
    least from their seeds.

    Tier by tier, best first: the seeds of a tier meet players already placed (of better
    tiers) or players of their own tier, who are never of one group (a group has one
    player a place), or of later tiers, placed after them; so each tier is an assignment
    of its players to its seeds, a clash with a player already placed costing more than
    any move (solved exactly, by the Hungarian method).

    Raises:
        GroupError: if a player is seeded twice or has no group or tier.
    """
    if len(set(seeds)) != len(seeds):
        raise GroupError("a player is entered twice")
    if any(p not in group_of or p not in tier_of for p in seeds):
        raise GroupError("every player seeded needs a group and a tier")
    count = len(seeds)
    if count < 3:
        return list(seeds)
    size = 1 << (count - 1).bit_length()
    order = seed_positions(size)
    opponent: dict[int, int] = {}
    for i in range(0, size, 2):
        a, b = order[i], order[i + 1]
        if a <= count and b <= count:  # else a bye: nobody to meet
            opponent[a - 1], opponent[b - 1] = b - 1, a - 1
    placed: list[str | None] = [None] * count
    start = 0
    while start < count:
        tier = tier_of[seeds[start]]
        end = start
        while end < count and tier_of[seeds[end]] == tier:
            end += 1
        players = list(seeds[start:end])
        slots = list(range(start, end))
        clash = count * count + 1  # dearer than any set of moves

        def cost(
            i: int,
            j: int,
            players: list[str] = players,
            slots: list[int] = slots,
            clash: int = clash,
        ) -> int:
            other = opponent.get(slots[j])
            met = placed[other] if other is not None else None
            same = met is not None and group_of[met] == group_of[players[i]]
            return abs(i - j) + (clash if same else 0)

        assignment = _assign([[cost(i, j) for j in range(len(slots))] for i in range(len(players))])
        for i, j in enumerate(assignment):
            placed[slots[j]] = players[i]
        start = end
    return [p for p in placed if p is not None]


def _assign(cost: Sequence[Sequence[int]]) -> list[int]:
    """The cheapest assignment of rows to columns of a square ``cost`` matrix (the
    Hungarian method with potentials, O(n³)): the column given to each row."""
    n = len(cost)
    big = sum(max(row) for row in cost) + 1
    u = [0] * (n + 1)
    v = [0] * (n + 1)
    column_of_row = [0] * (n + 1)  # p: the row each column (1-based) holds, 0 for none
    way = [0] * (n + 1)
    for row in range(1, n + 1):
        column_of_row[0] = row
        j0 = 0
        least = [big] * (n + 1)
        used = [False] * (n + 1)
        while True:
            used[j0] = True
            i0 = column_of_row[j0]
            delta = big
            j1 = 0
            for j in range(1, n + 1):
                if used[j]:
                    continue
                reduced = cost[i0 - 1][j - 1] - u[i0] - v[j]
                if reduced < least[j]:
                    least[j] = reduced
                    way[j] = j0
                if least[j] < delta:
                    delta = least[j]
                    j1 = j
            for j in range(n + 1):
                if used[j]:
                    u[column_of_row[j]] += delta
                    v[j] -= delta
                else:
                    least[j] -= delta
            j0 = j1
            if column_of_row[j0] == 0:
                break
        while j0:
            j1 = way[j0]
            column_of_row[j0] = column_of_row[j1]
            j0 = j1
    out = [0] * n
    for j in range(1, n + 1):
        if column_of_row[j]:
            out[column_of_row[j] - 1] = j - 1
    return out
