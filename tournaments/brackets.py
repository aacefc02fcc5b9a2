"""Knock-out brackets: pure values, no Django. A bracket is made from entrants in seed
order and changes only by returning a new bracket (a match decided, a player replaced).

The rules, as organisers run knock-outs of Highlander duels (issue 13):

- **Balanced byes.** A bracket has room for the next power of two; the places left over
  are byes, and they go to the top seeds, one each, in the first round. Seeds are placed
  the standard way (1 meets 2 only in the final, 1 and 2 meet 3 and 4 only in the
  semi-finals...), so no first-round match is a bye against a bye and no bye reaches a
  later round.
- **Seeding** by rating, at random from a seed, or by hand (the order given).
- **Reseeding** (optional): each later round pairs the best seed left against the worst
  left, instead of following the bracket's lines.
- **Third place** (optional): the semi-finals' losers play for it.
- **After the draw**: a walkover or a forfeit decides a match without play, and a
  replacement takes a player's place in the matches still to come; nobody else moves.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any


class BracketError(ValueError):
    """A bracket cannot be made, or a match cannot be decided, as asked."""


class Decided(StrEnum):
    """How a match was decided; the values are stored."""

    PLAYED = "played"
    BYE = "bye"
    WALKOVER = "walkover"
    FORFEIT = "forfeit"
    #: The loser conceded on the boards while the duel was played: played, as far as it went.
    CONCEDED = "conceded"


@dataclass(frozen=True, slots=True)
class Match:
    """One match: its round (1 is the first), its place in the round (0 is the top), the
    two players (None: a bye, or not known yet), and how it ended."""

    round: int
    index: int
    a: str | None = None
    b: str | None = None
    winner: str | None = None
    decided: Decided | None = None

    @property
    def loser(self) -> str | None:
        if self.winner is None:
            return None
        return self.b if self.winner == self.a else self.a

    @property
    def ready(self) -> bool:
        """Both players are known and the match is still to be played."""
        return self.winner is None and self.a is not None and self.b is not None


@dataclass(frozen=True, slots=True)
class Bracket:
    """A knock-out bracket. ``seeds`` are the entrants, seed 1 first; ``rounds`` the
    matches of each round so far; ``third_place`` the match for third, once known."""

    seeds: tuple[str, ...]
    size: int
    rounds: tuple[tuple[Match, ...], ...]
    reseed: bool = False
    with_third_place: bool = False
    third_place: Match | None = None

    @property
    def round_count(self) -> int:
        return self.size.bit_length() - 1

    @property
    def final(self) -> Match | None:
        if len(self.rounds) < self.round_count:
            return None
        (final,) = self.rounds[self.round_count - 1]
        return final

    @property
    def champion(self) -> str | None:
        final = self.final
        return final.winner if final is not None else None

    @property
    def finished(self) -> bool:
        if self.champion is None:
            return False
        return not self.with_third_place or (
            self.third_place is not None and self.third_place.winner is not None
        )

    def seed_of(self, player: str) -> int:
        return self.seeds.index(player) + 1

    def match(self, round: int, index: int) -> Match:
        """The match at ``round`` and ``index`` (round 0 names the match for third).

        Raises:
            BracketError: if there is no such match yet.
        """
        if round == 0:
            if self.third_place is None:
                raise BracketError("the match for third place is not known yet")
            return self.third_place
        if not 1 <= round <= len(self.rounds) or not 0 <= index < len(self.rounds[round - 1]):
            raise BracketError(f"there is no match {index + 1} in round {round} yet")
        return self.rounds[round - 1][index]

    def waiting(self) -> list[Match]:
        """The matches to be played now: both players known, no winner yet."""
        out = [m for r in self.rounds for m in r if m.ready]
        if self.third_place is not None and self.third_place.ready:
            out.append(self.third_place)
        return out


def bracket_to_json(bracket: Bracket) -> dict[str, Any]:
    """The bracket as plain JSON values, to be kept whole and read back by
    :func:`bracket_from_json`."""

    def match(m: Match) -> list[Any]:
        return [m.round, m.index, m.a, m.b, m.winner, m.decided.value if m.decided else None]

    return {
        "seeds": list(bracket.seeds),
        "size": bracket.size,
        "rounds": [[match(m) for m in r] for r in bracket.rounds],
        "reseed": bracket.reseed,
        "third_place": bracket.with_third_place,
        "third_place_match": match(bracket.third_place) if bracket.third_place else None,
    }


def bracket_from_json(data: Mapping[str, Any]) -> Bracket:
    """The bracket :func:`bracket_to_json` wrote.

    Raises:
        BracketError: if ``data`` is not such a bracket.
    """

    def match(row: Sequence[Any]) -> Match:
        rnd, index, a, b, winner, decided = row
        return Match(rnd, index, a, b, winner, Decided(decided) if decided else None)

    try:
        third = data.get("third_place_match")
        return Bracket(
            seeds=tuple(data["seeds"]),
            size=int(data["size"]),
            rounds=tuple(tuple(match(m) for m in r) for r in data["rounds"]),
            reseed=bool(data.get("reseed")),
            with_third_place=bool(data.get("third_place")),
            third_place=match(third) if third else None,
        )
    except (KeyError, TypeError, ValueError) as e:
        raise BracketError(f"not a bracket: {e}") from None


def seed_positions(size: int) -> list[int]:
    """The seeds in bracket order, top to bottom, for a bracket of ``size`` places (a
    power of two): pairs of neighbours meet in the first round, 1 and 2 only in the final.

    >>> seed_positions(8)
    [1, 8, 4, 5, 2, 7, 3, 6]
    """
    if size < 2 or size & (size - 1):
        raise BracketError(f"a bracket has a power of two of places, not {size}")
    order = [1, 2]
    while len(order) < size:
        total = 2 * len(order) + 1
        order = [s for seed in order for s in (seed, total - seed)]
    return order


def knockout(seeds: Sequence[str], *, reseed: bool = False, third_place: bool = False) -> Bracket:
    """A new bracket for ``seeds`` (seed 1 first), its first round drawn and its byes
    decided.

    Raises:
        BracketError: for fewer than two entrants, or one entered twice.
    """
    if len(seeds) < 2:
        raise BracketError("a knock-out needs two players or more")
    if len(set(seeds)) != len(seeds):
        raise BracketError("a player is entered twice")
    size = 1 << (len(seeds) - 1).bit_length()
    order = seed_positions(size)
    players = [seeds[s - 1] if s <= len(seeds) else None for s in order]
    first = tuple(
        _with_bye(Match(1, i, players[2 * i], players[2 * i + 1])) for i in range(size // 2)
    )
    bracket = Bracket(tuple(seeds), size, (first,), reseed=reseed, with_third_place=third_place)
    return _advance(bracket)


def decide(
    bracket: Bracket, round: int, index: int, winner: str, how: Decided = Decided.PLAYED
) -> Bracket:
    """The bracket with a match decided: ``winner`` goes through (``round`` 0 is the match
    for third). A walkover or a forfeit decides it as played would.

    Raises:
        BracketError: if the match is not ready, is decided, or ``winner`` is not in it.
    """
    match = bracket.match(round, index)
    if match.winner is not None:
        raise BracketError(f"round {match.round or 'third place'} match {index + 1} is decided")
    if match.a is None or match.b is None:
        raise BracketError("both players of the match are not known yet")
    if winner not in (match.a, match.b):
        raise BracketError(f"{winner} does not play in this match")
    if how is Decided.BYE:
        raise BracketError("a bye is given when the bracket is drawn, not afterwards")
    decided = replace(match, winner=winner, decided=how)
    if round == 0:
        return replace(bracket, third_place=decided)
    rounds = list(bracket.rounds)
    matches = list(rounds[round - 1])
    matches[index] = decided
    rounds[round - 1] = tuple(matches)
    return _advance(replace(bracket, rounds=tuple(rounds)))


def replace_player(bracket: Bracket, old: str, new: str) -> Bracket:
    """The bracket with ``new`` in ``old``'s place in every match not yet decided (and as
    ``old``'s seed), after the draw: no one else moves.

    Raises:
        BracketError: if ``old`` is not in the bracket, ``new`` is already, or ``old`` has
            no match left.
    """
    if old not in bracket.seeds:
        raise BracketError(f"{old} is not in the bracket")
    if new in bracket.seeds:
        raise BracketError(f"{new} is in the bracket already")

    def swap(m: Match) -> Match:
        if m.winner is not None:
            return m
        return replace(m, a=new if m.a == old else m.a, b=new if m.b == old else m.b)

    rounds = tuple(tuple(swap(m) for m in r) for r in bracket.rounds)
    third = swap(bracket.third_place) if bracket.third_place is not None else None
    if rounds == bracket.rounds and third == bracket.third_place:
        raise BracketError(f"{old} has no match left to play")
    seeds = tuple(new if s == old else s for s in bracket.seeds)
    return replace(bracket, seeds=seeds, rounds=rounds, third_place=third)


def _with_bye(match: Match) -> Match:
    if match.a is not None and match.b is None:
        return replace(match, winner=match.a, decided=Decided.BYE)
    if match.a is None and match.b is not None:
        return replace(match, winner=match.b, decided=Decided.BYE)
    return match


def _advance(bracket: Bracket) -> Bracket:
    """Fill in what the results so far decide: each later round's players (following the
    bracket's lines, or with reseeding once a whole round is decided), and the match for
    third once both semi-finals are."""
    rounds = [bracket.rounds[0]]
    while len(rounds) < bracket.round_count:
        last = rounds[-1]
        number = len(rounds) + 1
        before = bracket.rounds[number - 1] if number <= len(bracket.rounds) else None
        if bracket.reseed:
            if before is not None:
                rounds.append(before)  # drawn once its round before was decided: fixed
                continue
            if any(m.winner is None for m in last):
                break
            left = sorted((m.winner for m in last if m.winner), key=bracket.seeds.index)
            pairs = [(left[i], left[-1 - i]) for i in range(len(left) // 2)]
            rounds.append(tuple(Match(number, i, a, b) for i, (a, b) in enumerate(pairs)))
            continue
        nxt = tuple(
            Match(number, i, last[2 * i].winner, last[2 * i + 1].winner)
            for i in range(len(last) // 2)
        )
        if before is not None:
            # What is decided stays; the players now known are filled in.
            nxt = tuple(
                o if o.winner is not None else replace(o, a=n.a, b=n.b)
                for o, n in zip(before, nxt, strict=True)
            )
        if all(m.a is None and m.b is None for m in nxt):
            break
        rounds.append(nxt)
    third = bracket.third_place
    if (
        bracket.with_third_place
        and third is None
        and bracket.round_count >= 2
        and len(rounds) >= bracket.round_count - 1
    ):
        semis = rounds[bracket.round_count - 2]
        if all(m.winner is not None and m.loser is not None for m in semis):
            third = Match(0, 0, semis[0].loser, semis[1].loser)
    return replace(bracket, rounds=tuple(rounds), third_place=third)


def places(bracket: Bracket) -> dict[str, int]:
    """The final place of each player the bracket has placed so far: the champion 1, the
    runner-up 2; with a match for third its winner 3 and loser 4, else both losing
    semi-finalists 3; the losers of each earlier round share the first place after those
    of the round after it (5 for the quarter-finals' losers, 9 for the round before)."""
    out: dict[str, int] = {}
    final = bracket.final
    if final is not None and final.winner is not None and final.loser is not None:
        out[final.winner] = 1
        out[final.loser] = 2
    third = bracket.third_place
    for number, matches in enumerate(bracket.rounds, start=1):
        left = bracket.round_count - number  # rounds after this one
        if left == 0:
            continue
        for m in matches:
            if m.loser is None or m.decided is Decided.BYE:
                continue
            if left == 1 and third is not None and third.winner is not None:
                out[m.loser] = 3 if m.loser == third.winner else 4
            else:
                out[m.loser] = (1 << left) + 1
    return out


# -- seeding ---------------------------------------------------------------------------------


def seeded_by_rating(ratings: Mapping[str, float]) -> list[str]:
    """Players by rating, best first; equal ratings by name, so the order is fixed."""
    return sorted(ratings, key=lambda p: (-ratings[p], p))


def seeded_at_random(players: Iterable[str], seed: int) -> list[str]:
    """Players in an order drawn from ``seed`` (stored with the tournament, so the draw
    can be replayed and audited)."""
    order = sorted(players)
    random.Random(seed).shuffle(order)
    return order
