"""Highlander duels (rule 7): two boards played at once, the colours swapped on board B.

Board A is played as rules 1-6 say. Board B starts from board A's set-up after
placement with the colours exactly inverted (7.1, 7.2): where player 1 (red)
has an army in Vienna on board A, player 2 (blue) has it on board B. Player 1
plays red on both boards, so on board B red has exactly what blue has on board A.
Both boards are played in step (7.3); after each movement turn (with its
retreats) the site calls :func:`duel_after_movement_turn` with both boards:

* 7.4 whoever first wins a board wins the duel;
* 7.5 both boards won in the same turn by different players: more units over
  both boards wins;
* 7.6 still level: more units on one's own winning board wins;
* 7.7 still level: sudden death. The boards play on; after the next turn more
  units over both boards wins; if still level, after each further turn more
  centers over both boards wins, until one player has more.

Everything here is a pure function of immutable values, like the resolver.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from adjudicator.board import DislodgedUnit, Position, Unit
from adjudicator.errors import PositionError
from adjudicator.variants.highlander.rules import Highlander

_RULES = Highlander()
RED, BLUE = _RULES.powers


class DuelStage(StrEnum):
    """Where a duel stands; the values are the storage format."""

    RUNNING = "running"
    SUDDEN_DEATH = "sudden_death"
    WON = "won"


class DuelRule(StrEnum):
    """The rule that decided a duel; the values are the rule numbers."""

    FIRST_BOARD = "7.4"
    MORE_UNITS = "7.5"
    UNITS_ON_WINNING_BOARD = "7.6"
    SUDDEN_DEATH = "7.7"


@dataclass(frozen=True, slots=True)
class DuelState:
    """A duel between red (player 1) and blue (player 2) over boards A and B.

    ``sudden_death_rounds`` counts the movement turns played in sudden death.
    """

    stage: DuelStage = DuelStage.RUNNING
    winner: str | None = None
    rule: DuelRule | None = None
    sudden_death_rounds: int = 0

    def to_json(self) -> dict[str, Any]:
        """The state as a JSON object (the site stores it with the duel)."""
        return {
            "stage": self.stage.value,
            "winner": self.winner,
            "rule": None if self.rule is None else self.rule.value,
            "sudden_death_rounds": self.sudden_death_rounds,
        }

    @classmethod
    def from_json(cls, data: Any) -> DuelState:
        """Read a state written by :meth:`to_json`.

        Raises:
            PositionError: for a field that is missing or not sound (the path names it),
                or a winner without the rule that decided (or the other way round).
        """
        if not isinstance(data, Mapping):
            raise PositionError("a duel state must be an object", "")
        try:
            stage = DuelStage(data.get("stage", DuelStage.RUNNING.value))
        except ValueError:
            known = ", ".join(s.value for s in DuelStage)
            raise PositionError(f"stage must be one of {known}", "stage") from None
        winner = data.get("winner")
        if winner is not None and winner not in (RED, BLUE):
            raise PositionError(f"winner must be {RED}, {BLUE} or null", "winner")
        raw_rule = data.get("rule")
        try:
            rule = None if raw_rule is None else DuelRule(raw_rule)
        except ValueError:
            known = ", ".join(r.value for r in DuelRule)
            raise PositionError(f"rule must be one of {known} or null", "rule") from None
        rounds = data.get("sudden_death_rounds", 0)
        if not isinstance(rounds, int) or isinstance(rounds, bool) or rounds < 0:
            raise PositionError(
                "sudden_death_rounds must be a whole number from 0", "sudden_death_rounds"
            )
        won = stage is DuelStage.WON
        if won != (winner is not None) or won != (rule is not None):
            raise PositionError(
                "a won duel has a winner and a rule; an undecided one has neither", "stage"
            )
        return cls(stage, winner, rule, rounds)


def invert_setup(position: Position) -> Position:
    """Board B from board A (rules 7.1, 7.2): red and blue swapped in every unit,
    dislodged unit and center; everything else (phase, options, extras) kept."""

    def swap(power: str) -> str:
        return {RED: BLUE, BLUE: RED}.get(power, power)

    return position.with_changes(
        units=[Unit(swap(u.power), u.kind, u.location) for u in position.units],
        dislodged=[
            DislodgedUnit(
                Unit(swap(d.unit.power), d.unit.kind, d.unit.location), d.attacker_from, d.retreats
            )
            for d in position.dislodged
        ],
        ownership={center: swap(owner) for center, owner in position.ownership.items()},
    )


def board_winner(position: Position) -> str | None:
    """Who has won this board by rules 1-6 (18 centers, or the only player left)."""
    return _RULES.winner(position)


def _units(position: Position, power: str) -> int:
    """Units on the board, dislodged ones included."""
    return len(position.units_of(power)) + sum(
        1 for d in position.dislodged if d.unit.power == power
    )


def _more(red: int, blue: int) -> str | None:
    if red == blue:
        return None
    return RED if red > blue else BLUE


def duel_after_movement_turn(state: DuelState, board_a: Position, board_b: Position) -> DuelState:
    """The duel once both boards have finished the same movement turn (with its retreats).

    >>> start = DuelState()
    >>> empty = Highlander().initial_position()
    >>> duel_after_movement_turn(start, empty, empty) == start
    True
    """
    if state.stage is DuelStage.WON:
        return state
    boards = (board_a, board_b)

    def units(power: str) -> int:
        return sum(_units(b, power) for b in boards)

    def centers(power: str) -> int:
        return sum(len(b.centers_of(power)) for b in boards)

    if state.stage is DuelStage.SUDDEN_DEATH:
        rounds = state.sudden_death_rounds + 1
        # 7.7: after the next turn units decide; after every later one, centers.
        if rounds == 1:
            leader = _more(units(RED), units(BLUE))
        else:
            leader = _more(centers(RED), centers(BLUE))
        if leader is None:
            return DuelState(DuelStage.SUDDEN_DEATH, sudden_death_rounds=rounds)
        return DuelState(DuelStage.WON, leader, DuelRule.SUDDEN_DEATH, rounds)

    won_a, won_b = board_winner(board_a), board_winner(board_b)
    if won_a is None and won_b is None:
        return state
    if won_a is None or won_b is None or won_a == won_b:
        # 7.4: the first to decide a board wins the duel.
        return DuelState(DuelStage.WON, won_a or won_b, DuelRule.FIRST_BOARD)
    # Both boards decided in the same turn, one by each player.
    leader = _more(units(RED), units(BLUE))
    if leader is not None:
        return DuelState(DuelStage.WON, leader, DuelRule.MORE_UNITS)
    winning_board = {won_a: board_a, won_b: board_b}
    leader = _more(_units(winning_board[RED], RED), _units(winning_board[BLUE], BLUE))
    if leader is not None:
        return DuelState(DuelStage.WON, leader, DuelRule.UNITS_ON_WINNING_BOARD)
    return DuelState(DuelStage.SUDDEN_DEATH, sudden_death_rounds=0)
