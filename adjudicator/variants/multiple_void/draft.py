"""Multiple Void's draft: who picks next, and which spaces a pick may take.

The players fill the empty board one unit at a time, in rounds: the first
round in colour order, every later round in an order drawn anew by lot. The
state of the draft travels in the position's ``extras`` (frozen JSON), so that
the output of one pick is the input of the next and every round's order can be
audited afterwards::

    {"round": 2, "turn": 1, "order": ["blue", "red"],
     "rounds": [["red", "blue"], ["blue", "red"]], "picks": 3}

``round`` counts from 1, ``order`` is the current round's order (the last of
``rounds``), ``turn`` is the index in it of the colour to pick, and ``picks``
is the number of units placed so far. Once the last unit is placed, ``turn``
is the length of ``order`` (nobody is on turn) and ``picks`` the total; the
record then stays in the extras for the rest of the game.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any, TypeGuard

from adjudicator.errors import PositionError
from adjudicator.maps import GameMap, Terrain, load_map

#: Centers only from 1901: in 1900 they are neutral spaces, open to the draft.
LATE_CENTERS = frozenset({"bud", "bul", "por"})


@cache
def draft_spaces(map_id: str) -> frozenset[str]:
    """The provinces a draft pick may take: every province that is no supply center
    in 1900 (Switzerland is impassable, so not a space). 44 on the standard map."""
    game_map = load_map(map_id)
    return frozenset(
        p.id
        for p in game_map.provinces.values()
        if p.terrain is not Terrain.IMPASSABLE and (not p.supply_center or p.id in LATE_CENTERS)
    )


def unit_choices(game_map: GameMap, province: str) -> tuple[tuple[str, str], ...]:
    """The (kind letter, location) pairs a pick in ``province`` may name, by terrain:
    an army on land, a fleet at sea, either on a coast, a fleet on a named coast
    where the province has several (Bulgaria)."""
    p = game_map.provinces[province]
    out: list[tuple[str, str]] = []
    if p.terrain in (Terrain.LAND, Terrain.COAST):
        out.append(("A", province))
    if p.terrain is Terrain.SEA or (p.terrain is Terrain.COAST and not p.coasts):
        out.append(("F", province))
    elif p.terrain is Terrain.COAST:
        out.extend(("F", location) for location in game_map.coasts_of(province))
    return tuple(out)


def _rng(purpose: str, seed: int) -> random.Random:
    """A generator for one random event of one phase. A string seed is hashed
    (SHA-512) the same way on every platform and Python version, so a phase's
    draw can be replayed; the purpose keeps one event's draw independent of
    another's, and naming the round or pick makes a fixed seed still vary."""
    return random.Random(f"multiple_void:{purpose}:{seed}")


@dataclass(frozen=True, slots=True)
class DraftState:
    """Where the draft stands: each round's turn order so far (the current one last),
    whose turn it is in the current round, and how many units are placed."""

    rounds: tuple[tuple[str, ...], ...]
    turn: int
    picks: int

    @classmethod
    def first(cls, seats: Sequence[str]) -> DraftState:
        """The draft before the first pick: round 1 in colour order."""
        return cls((tuple(seats),), 0, 0)

    @property
    def round(self) -> int:
        return len(self.rounds)

    @property
    def order(self) -> tuple[str, ...]:
        """The current round's turn order."""
        return self.rounds[-1]

    @property
    def on_turn(self) -> str | None:
        """The colour whose pick it is, or None once the round (and draft) is over."""
        return self.order[self.turn] if self.turn < len(self.order) else None

    def after_pick(self, total: int, seed: int) -> DraftState:
        """The draft after one more unit is placed. At the end of a round the next
        round's order is drawn by lot (from ``seed``), unless the draft is over."""
        picks = self.picks + 1
        turn = self.turn + 1
        if turn < len(self.order) or picks >= total:
            return DraftState(self.rounds, turn, picks)
        seats = list(self.rounds[0])  # round 1 is in colour order
        drawn = tuple(_rng(f"round {self.round + 1}", seed).sample(seats, len(seats)))
        return DraftState((*self.rounds, drawn), 0, picks)

    def to_extras(self) -> dict[str, Any]:
        """The state as the position's extras (see the module's docstring)."""
        return {
            "round": self.round,
            "turn": self.turn,
            "order": list(self.order),
            "rounds": [list(r) for r in self.rounds],
            "picks": self.picks,
        }

    @classmethod
    def from_extras(
        cls, extras: Mapping[str, Any], seats: Sequence[str], placed: int, total: int
    ) -> DraftState:
        """Read and check the draft's state: each round's order a drawing of the seated
        colours, round 1 in colour order, the counts agreeing with each other and with
        the ``placed`` units on the board, and the draft not over.

        Raises:
            PositionError: naming the part of the extras that is wrong.
        """
        rounds_in = extras.get("rounds")
        if not isinstance(rounds_in, Sequence) or isinstance(rounds_in, str) or not rounds_in:
            raise PositionError("the draft's extras need the list of rounds", "extras.rounds")
        rounds: list[tuple[str, ...]] = []
        for n, order in enumerate(rounds_in):
            if (
                isinstance(order, str)
                or not isinstance(order, Sequence)
                or sorted(map(str, order)) != sorted(seats)
                or len(order) != len(seats)
            ):
                raise PositionError(
                    f"each round's order names each of {', '.join(seats)} once",
                    f"extras.rounds[{n}]",
                )
            rounds.append(tuple(order))
        if rounds[0] != tuple(seats):
            raise PositionError("round 1 is picked in colour order", "extras.rounds[0]")
        state_round = extras.get("round")
        if not _is_int(state_round) or state_round != len(rounds):
            raise PositionError(
                f"round must be the number of rounds begun ({len(rounds)})", "extras.round"
            )
        if tuple(extras.get("order") or ()) != rounds[-1]:
            raise PositionError("order must be the current round's order", "extras.order")
        turn = extras.get("turn")
        if not _is_int(turn) or not 0 <= turn < len(seats):
            raise PositionError(f"turn must be from 0 to {len(seats) - 1}", "extras.turn")
        picks = extras.get("picks")
        expected = (len(rounds) - 1) * len(seats) + turn
        if not _is_int(picks) or picks != expected:
            raise PositionError(
                f"picks must be {expected} in round {len(rounds)}, turn {turn}", "extras.picks"
            )
        if picks >= total:
            raise PositionError(f"the draft is over after {total} picks", "extras.picks")
        if placed != picks:
            raise PositionError(f"{placed} units on the board after {picks} picks", "units")
        return cls(tuple(rounds), turn, picks)


def _is_int(value: object) -> TypeGuard[int]:
    """A JSON whole number (``true`` is not one)."""
    return isinstance(value, int) and not isinstance(value, bool)


def random_pick(choices: Sequence[tuple[str, str]], picks: int, seed: int) -> tuple[str, str]:
    """The unit placed for a colour that made no valid pick: one of the legal
    (kind, location) choices, each equally likely, drawn from the phase's seed."""
    return _rng(f"pick {picks + 1}", seed).choice(list(choices))
