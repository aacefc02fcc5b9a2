"""Seating a round of a standard Diplomacy tournament: pure values, no Django. The players
present are seated at boards of seven, each given one of the seven powers, and the players
left over sit the round out.

The rules, as organisers ask for them (research notes on tournament seating):

- **Sit-outs.** When the players present are not a multiple of seven, the remainder (never
  more than six) sit out: whoever has sat out least so far; among them, standby volunteers
  first, then the lowest in the current standings. A volunteer offers to sit out before
  those who have sat out as often as he has, not every round: put first whatever his count,
  he would sit out every round while others never do. Fewer than seven players make no
  board: an error.
- **Repeat opponents.** Boards are seeded to keep apart players who have met. A seating
  costs, for each pair of players sharing a board, the square of the times they met
  before: a second meeting costs 1, a third 4, so a pair is not put together a third time
  while a seating with second meetings would do.
- **Top board** (optional): the best seven in the standings among those playing this round
  sit together at board 1, whoever they met before; the others are seeded as above.
- **Powers**, board by board: first, as few players as possible get a power they played
  before in the tournament; then the preference lists (power ids, best first, possibly
  partial or empty) are met as well as they can be. A power costs its place on the list (0
  for the first), a power missing from a non-empty list costs 10, and an empty list is
  content with anything; the lowest total wins. Between equal totals the player higher in
  the standings is served first; what is still tied is drawn from the seed. Meetings come
  before powers: boards are seeded on meetings, and only then, among seatings that cost no
  more, arranged so fewer players must play a power again.
- **Order.** Board 1 is the top board if there is one, then the boards by their best-placed
  player.
- **Deterministic.** Every draw comes from ``random.Random(seed)``: the same players,
  history, seed and options give the same round.

The method. Seatings cannot be searched exhaustively (35 players already have some 2.6 x
10^19), so boards are seeded by local search. An attempt places the players one by one, the
most-met first, each at the board where they add least cost (ties drawn from the seed);
then, while some swap of two players at different boards lowers the cost, it makes the swap
that lowers it most (at most 50 swaps per player). Up to 16 attempts are made, each from a
new draw, stopping early at a cost of 0; the cheapest is kept. Then swaps that cost no more
are made while one lowers the number of players who must play a power again (found per
board as seven less a largest matching of players to powers new to them). Powers at a board
are then assigned exactly, by dynamic programming over the sets of powers already given
(2^7 states), which finds the same optimum as trying all 5040 ways.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import combinations, permutations, product

POWERS = ("austria", "england", "france", "germany", "italy", "russia", "turkey")
BOARD_SIZE = len(POWERS)
#: What getting a power missing from a non-empty preference list costs (a place on the
#: list costs its index, 0 to 6).
PREFERENCE_MISS = 10
ATTEMPTS = 16
SWAPS_PER_PLAYER = 50

# Power costs are folded into one integer per (player, power), so that an exact assignment
# minimises, in this order: powers played again, the total preference cost, then each
# player's own cost in standings order. Each step dominates everything after it: the
# per-player digits are base 11 (a cost is at most 10), so they sum to less than _TOTAL.
_DIGIT = PREFERENCE_MISS + 1
_TOTAL: int = _DIGIT**BOARD_SIZE
_REPEAT = (BOARD_SIZE * PREFERENCE_MISS + 1) * _TOTAL
_PLACE: tuple[int, ...] = tuple(_TOTAL + _DIGIT ** (BOARD_SIZE - 1 - i) for i in range(BOARD_SIZE))


class SeatingError(ValueError):
    """A round cannot be seated as asked."""


@dataclass(frozen=True, slots=True)
class History:
    """What earlier rounds of the tournament leave behind: ``met``, the times each pair of
    players shared a board; ``powers_played``, the powers each player had; ``sat_out``, the
    times each player sat out. Players missing from a mapping have none."""

    met: Mapping[frozenset[str], int] = field(default_factory=dict)
    powers_played: Mapping[str, frozenset[str]] = field(default_factory=dict)
    sat_out: Mapping[str, int] = field(default_factory=dict)

    @classmethod
    def from_boards(
        cls, boards: Iterable[Mapping[str, str]], sat_out: Iterable[str] = ()
    ) -> History:
        """The history of earlier rounds' ``boards`` (each power id -> player) and
        ``sat_out`` (a player once for each time they sat out).

        Raises:
            SeatingError: for a power that is not one of :data:`POWERS`, or a player twice
                at one board.
        """
        return cls().with_boards(boards, sat_out)

    def after(self, round: Round) -> History:
        """This history with ``round`` played."""
        return self.with_boards(round.boards, round.sitting_out)

    def with_boards(
        self, boards: Iterable[Mapping[str, str]], sat_out: Iterable[str] = ()
    ) -> History:
        """This history with more ``boards`` played and more players ``sat_out``.

        Raises:
            SeatingError: as :meth:`from_boards`.
        """
        met = dict(self.met)
        played = {p: set(powers) for p, powers in self.powers_played.items()}
        out = dict(self.sat_out)
        for board in boards:
            unknown = sorted(set(board) - set(POWERS))
            if unknown:
                raise SeatingError(f"{unknown[0]!r} is not a power of standard Diplomacy")
            seated = list(board.values())
            if len(set(seated)) != len(seated):
                raise SeatingError("a player sits twice at one board")
            for a, b in combinations(seated, 2):
                pair = frozenset((a, b))
                met[pair] = met.get(pair, 0) + 1
            for power, player in board.items():
                played.setdefault(player, set()).add(power)
        for player in sat_out:
            out[player] = out.get(player, 0) + 1
        return History(met, {p: frozenset(s) for p, s in played.items()}, out)

    def times_met(self, a: str, b: str) -> int:
        return self.met.get(frozenset((a, b)), 0)


@dataclass(frozen=True, slots=True)
class Round:
    """A seated round: ``boards`` (each power id -> player, in :data:`POWERS` order; board 1
    first) and ``sitting_out`` (in the order they were chosen), with figures that say how
    good the seating is:

    ``cost``, the sum over boards of the squared times each pair there met before (the
    figure the seeding minimises); ``repeat_pairs``, the pairs at a board who met before;
    ``repeat_powers``, the players given a power they played before; ``preferences_met``
    and ``first_choices``, the players with a preference list given a power on it, and
    given the first on it; ``preferences_given``, the players seated with a list."""

    boards: tuple[Mapping[str, str], ...]
    sitting_out: tuple[str, ...]
    cost: int
    repeat_pairs: int
    repeat_powers: int
    preferences_met: int
    first_choices: int
    preferences_given: int

    @property
    def seated(self) -> tuple[str, ...]:
        """The players seated, board by board."""
        return tuple(p for board in self.boards for p in board.values())

    def board_of(self, player: str) -> int | None:
        """The number of ``player``'s board (1 is the first), or None if they sit out."""
        for number, board in enumerate(self.boards, start=1):
            if player in board.values():
                return number
        return None

    def power_of(self, player: str) -> str | None:
        """The power ``player`` is given, or None if they sit out."""
        for board in self.boards:
            for power, seated in board.items():
                if seated == player:
                    return power
        return None


def sit_outs(
    players: Sequence[str],
    *,
    count: int,
    history: History | None = None,
    standby: Iterable[str] = (),
) -> tuple[str, ...]:
    """The ``count`` players who sit out, first chosen first: who has sat out least; among
    them, standby volunteers, then the lowest in the standings (``players``, best first).
    Volunteers who are not among ``players`` are ignored.

    Raises:
        SeatingError: for a player listed twice, or a ``count`` below 0, above 6 or above
            the players present.
    """
    order = _distinct(players)
    if not 0 <= count < BOARD_SIZE or count > len(order):
        raise SeatingError(
            f"between 0 and {min(BOARD_SIZE - 1, len(order))} of {len(order)} players can "
            f"sit out, not {count}"
        )
    volunteers = set(standby)
    out = (history if history is not None else History()).sat_out
    rank = {p: i for i, p in enumerate(order)}
    # The count comes first: a volunteer goes before those who have sat out as often as
    # he has, never before those who have sat out less (else he sits out every round).
    chosen = sorted(order, key=lambda p: (out.get(p, 0), p not in volunteers, -rank[p]))
    return tuple(chosen[:count])


def seat_round(
    players: Sequence[str],
    *,
    seed: int,
    history: History | None = None,
    preferences: Mapping[str, Sequence[str]] | None = None,
    standby: Iterable[str] = (),
    top_board: bool = False,
) -> Round:
    """Seat a round of the players present, ``players`` in the current standings (best
    first), by the rules of this module. ``preferences`` and ``standby`` may name players
    who are not present: they are ignored.

    Raises:
        SeatingError: for fewer than seven players, a player listed twice, or a
            preference that is not one of :data:`POWERS`.
    """
    order = _distinct(players)
    if len(order) < BOARD_SIZE:
        raise SeatingError(
            f"a board of Diplomacy needs {BOARD_SIZE} players and only {len(order)} "
            f"{'is' if len(order) == 1 else 'are'} present"
        )
    history = history if history is not None else History()
    wishes = _checked_preferences(preferences or {}, set(order))
    rng = random.Random(seed)
    out = sit_outs(order, count=len(order) % BOARD_SIZE, history=history, standby=standby)
    playing = [p for p in order if p not in out]
    rank = {p: i for i, p in enumerate(playing)}
    fixed = [playing[:BOARD_SIZE]] if top_board else []
    free = playing[BOARD_SIZE:] if top_board else playing
    seeded = sorted(
        (sorted(group, key=rank.__getitem__) for group in _seed_boards(free, history, rng)),
        key=lambda group: rank[group[0]],
    )
    boards = tuple(_assign_powers(group, history, wishes, rng) for group in (*fixed, *seeded))
    return _measured(boards, out, history, wishes)


def _distinct(players: Sequence[str]) -> list[str]:
    seen: set[str] = set()
    for player in players:
        if player in seen:
            raise SeatingError(f"{player} is listed twice")
        seen.add(player)
    return list(players)


def _checked_preferences(
    preferences: Mapping[str, Sequence[str]], present: set[str]
) -> dict[str, tuple[str, ...]]:
    wishes: dict[str, tuple[str, ...]] = {}
    for player, wanted in preferences.items():
        for power in wanted:
            if power not in POWERS:
                raise SeatingError(
                    f"{player}'s preferences name {power!r}, not a power of standard Diplomacy"
                )
        if player in present and wanted:
            # A power named twice keeps its first (best) place.
            wishes[player] = tuple(dict.fromkeys(wanted))
    return wishes


def _seed_boards(players: Sequence[str], history: History, rng: random.Random) -> list[list[str]]:
    """``players`` (a multiple of seven) in boards of seven, the cheapest seating found."""
    size = len(players)
    count = size // BOARD_SIZE
    if count <= 1:
        return [list(players)] if count else []
    weight = [[history.times_met(a, b) ** 2 for b in players] for a in players]
    best: list[list[int]] = []
    best_cost = -1
    for _ in range(ATTEMPTS):
        boards = _greedy(weight, count, rng)
        cost = _improve(boards, weight)
        if best_cost < 0 or cost < best_cost:
            best, best_cost = boards, cost
        if best_cost == 0:
            break
    played = [_power_bits(history.powers_played.get(p, frozenset())) for p in players]
    _spread_powers(best, weight, played)
    return [[players[i] for i in board] for board in best]


def _greedy(weight: list[list[int]], count: int, rng: random.Random) -> list[list[int]]:
    order = list(range(len(weight)))
    rng.shuffle(order)
    # The most-met are the hardest to place, so they choose first (the sort is stable, so
    # the draw orders players met as often).
    order.sort(key=lambda i: -sum(weight[i]))
    boards: list[list[int]] = [[] for _ in range(count)]
    for player in order:
        added = [
            (sum(weight[player][other] for other in board), b)
            for b, board in enumerate(boards)
            if len(board) < BOARD_SIZE
        ]
        least = min(cost for cost, _ in added)
        choice = rng.choice([b for cost, b in added if cost == least])
        boards[choice].append(player)
    return boards


def _improve(boards: list[list[int]], weight: list[list[int]]) -> int:
    """Swap players between ``boards`` (in place) while a swap lowers the cost, the best
    swap first; the cost reached."""
    size = len(weight)
    where = [0] * size
    for b, board in enumerate(boards):
        for player in board:
            where[player] = b
    # toward[p][b]: what p adds to board b, kept up to date so a swap is judged in O(1).
    toward = [[sum(weight[p][o] for o in board) for board in boards] for p in range(size)]
    for _ in range(SWAPS_PER_PLAYER * size):
        best_delta, best_swap = 0, (0, 0)
        for x in range(size):
            bx = where[x]
            for y in range(x + 1, size):
                by = where[y]
                if bx == by:
                    continue
                delta = (
                    toward[x][by] - toward[x][bx] + toward[y][bx] - toward[y][by] - 2 * weight[x][y]
                )
                if delta < best_delta:
                    best_delta, best_swap = delta, (x, y)
        if best_delta == 0:
            break
        x, y = best_swap
        bx, by = where[x], where[y]
        boards[bx][boards[bx].index(x)] = y
        boards[by][boards[by].index(y)] = x
        where[x], where[y] = by, bx
        for p in range(size):
            toward[p][bx] += weight[p][y] - weight[p][x]
            toward[p][by] += weight[p][x] - weight[p][y]
    return sum(weight[a][b] for board in boards for a, b in combinations(board, 2))


def _spread_powers(boards: list[list[int]], weight: list[list[int]], played: list[int]) -> None:
    """Swap players between ``boards`` (in place), at no cost in meetings, while a swap lets
    fewer players be given a power they played before (``played``: each player's powers,
    as bits)."""

    def forced_at(board: list[int]) -> int:
        return _forced_repeats([played[p] for p in board])

    def meetings(*at: list[int]) -> int:
        return sum(weight[x][y] for board in at for x, y in combinations(board, 2))

    forced = [forced_at(board) for board in boards]
    improved = True
    while improved:  # each swap lowers the total forced, so this ends
        improved = False
        for a, b in permutations(range(len(boards)), 2):
            for i, j in product(range(BOARD_SIZE), repeat=2):
                if not forced[a]:
                    break
                new_a, new_b = list(boards[a]), list(boards[b])
                new_a[i], new_b[j] = boards[b][j], boards[a][i]
                if meetings(new_a, new_b) > meetings(boards[a], boards[b]):
                    continue
                forced_a, forced_b = forced_at(new_a), forced_at(new_b)
                if forced_a + forced_b < forced[a] + forced[b]:
                    boards[a], boards[b] = new_a, new_b
                    forced[a], forced[b] = forced_a, forced_b
                    improved = True


def _power_bits(powers: Iterable[str]) -> int:
    return sum(1 << POWERS.index(p) for p in set(powers) & set(POWERS))


def _forced_repeats(played: Sequence[int]) -> int:
    """How many players at a board (each given as the bits of the powers they played) must
    be given a power again: seven less the most who can each have a power of their own
    that is new to them, a largest matching (augmenting paths)."""
    holder = [-1] * BOARD_SIZE

    def place(player: int, tried: list[bool]) -> bool:
        for k in range(BOARD_SIZE):
            if played[player] >> k & 1 or tried[k]:
                continue
            tried[k] = True
            if holder[k] < 0 or place(holder[k], tried):
                holder[k] = player
                return True
        return False

    return sum(not place(p, [False] * BOARD_SIZE) for p in range(len(played)))


def _assign_powers(
    group: Sequence[str],
    history: History,
    wishes: Mapping[str, tuple[str, ...]],
    rng: random.Random,
) -> dict[str, str]:
    """The powers for one board (``group`` in standings order), the exact optimum of the
    rules' order of concerns."""
    powers = list(POWERS)
    # The order in which powers are tried decides the ties left; drawing it draws them.
    rng.shuffle(powers)
    costs = [
        [_power_cost(player, power, history, wishes, index) for power in powers]
        for index, player in enumerate(group)
    ]
    full = (1 << BOARD_SIZE) - 1
    best: list[int | None] = [None] * (full + 1)
    came_from = [0] * (full + 1)
    best[0] = 0
    # best[given]: the least cost of giving the powers in `given` to the first
    # popcount(given) players. Every subset of a set is a smaller number, so counting up
    # finishes each set before it is built on.
    for given in range(full):
        so_far = best[given]
        if so_far is None:
            continue
        row = costs[given.bit_count()]
        for k in range(BOARD_SIZE):
            bit = 1 << k
            if given & bit:
                continue
            cost = so_far + row[k]
            current = best[given | bit]
            if current is None or cost < current:
                best[given | bit] = cost
                came_from[given | bit] = k
    chosen: list[str] = []
    given = full
    while given:
        k = came_from[given]
        chosen.append(powers[k])
        given &= ~(1 << k)
    chosen.reverse()
    by_player = dict(zip(group, chosen, strict=True))
    by_power = {power: player for player, power in by_player.items()}
    return {power: by_power[power] for power in POWERS}


def _power_cost(
    player: str,
    power: str,
    history: History,
    wishes: Mapping[str, tuple[str, ...]],
    place: int,
) -> int:
    wanted = wishes.get(player, ())
    if not wanted:
        preference = 0
    elif power in wanted:
        preference = wanted.index(power)
    else:
        preference = PREFERENCE_MISS
    again = power in history.powers_played.get(player, frozenset())
    return again * _REPEAT + preference * _PLACE[place]


def _measured(
    boards: tuple[dict[str, str], ...],
    out: tuple[str, ...],
    history: History,
    wishes: Mapping[str, tuple[str, ...]],
) -> Round:
    cost = repeat_pairs = repeat_powers = met = first = given = 0
    for board in boards:
        for a, b in combinations(board.values(), 2):
            times = history.times_met(a, b)
            cost += times**2
            repeat_pairs += times > 0
        for power, player in board.items():
            repeat_powers += power in history.powers_played.get(player, frozenset())
            wanted = wishes.get(player, ())
            given += bool(wanted)
            met += power in wanted
            first += bool(wanted) and wanted[0] == power
    return Round(
        boards=boards,
        sitting_out=out,
        cost=cost,
        repeat_pairs=repeat_pairs,
        repeat_powers=repeat_powers,
        preferences_met=met,
        first_choices=first,
        preferences_given=given,
    )
