"""Player ratings: pure values, no Django. A player has two, kept apart because they
measure different skills: a **duel rating** from Highlander duels (two players, one
winner, no draws) and a **multiplayer rating** from finished standard games of seven.

The method is the Weng–Lin Bayesian rating with the Plackett–Luce model, from the
``openskill`` library. A rating is a belief about a player's skill: a mean ``mu`` and an
uncertainty ``sigma``. After each result ``mu`` moves towards what the result showed,
further when it was a surprise (beating a stronger player gains more than beating a
weaker one), and ``sigma`` shrinks as evidence accumulates. Plackett–Luce reads a result
as a finishing order, one place after another, so a game of seven with its ties is rated
in one step, and for two players it is the classic Bradley–Terry comparison: duels and
games are rated by one method, on one scale.

**Ties.** ``openskill`` rates a tie by the formula of Weng and Lin, under which tied
players share a single place: in a game of seven, each of three powers in a draw gains
less than the survivor placed fourth (openskill.py issue 155, openskill.js issue 377),
and version 6.2.0 does not even out the changes of tied players as it intends
(openskill.py issue 201). A Diplomacy rating must never reward staying out of a draw, so
we rate a tie as what it says, that the tied players could have finished in any order
among themselves: the new rating is the mean over every such order, each rated by the
library without ties. It is exact, the same for every player of a tie, and cheap for
seven players (at most 7! = 5040 orders, a seven-way draw; a solo is 6! = 720).

**Shown rating.** Profiles, seeding and entry gates use one number, the conservative
estimate ``mu - 3 * sigma`` (the skill is very likely above it), on a friendlier scale:
``round(1000 + 40 * (mu - 3 * sigma))``. A new player shows 1000; the figure rises as
results come in and ``sigma`` shrinks, so it rewards proven play and not one lucky win
(a settled player at mu 35, sigma 1.5 shows 2220).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from openskill.models import PlackettLuce

#: The library's defaults, written out so that an upgrade cannot change them silently:
#: the prior belief about a new player, the spread of performance from game to game, and
#: the uncertainty added before each result, which keeps long-rated players movable.
MU = 25.0
SIGMA = MU / 3
BETA = SIGMA / 2
TAU = MU / 300

#: The display scale of :attr:`Rating.shown`.
SHOWN_AT_NEW = 1000
SHOWN_PER_POINT = 40

#: The most finishing orders a result's ties may stand for (7!: any game of seven).
MAX_ORDERS = math.factorial(7)

_MODEL = PlackettLuce(mu=MU, sigma=SIGMA, beta=BETA, tau=TAU)
_NO_ELIMINATIONS: Mapping[str, int] = MappingProxyType({})


class RatingError(ValueError):
    """A rating, a result or a game's end cannot be rated as given."""


@dataclass(frozen=True, slots=True)
class Rating:
    """A player's rating: the belief ``mu`` about their skill, its uncertainty ``sigma``,
    and the number of rated results behind it."""

    mu: float = MU
    sigma: float = SIGMA
    games: int = 0

    def __post_init__(self) -> None:
        # A rating comes back from storage: refuse what the arithmetic would turn into
        # NaN or a negative uncertainty rather than spread it to other players.
        if not math.isfinite(self.mu):
            raise RatingError(f"mu must be a finite number, not {self.mu!r}")
        if not math.isfinite(self.sigma) or self.sigma <= 0:
            raise RatingError(f"sigma must be a positive number, not {self.sigma!r}")
        if isinstance(self.games, bool) or not isinstance(self.games, int) or self.games < 0:
            raise RatingError(f"games must be a whole number from 0, not {self.games!r}")

    @property
    def shown(self) -> int:
        """The one number shown on profiles and used for seeding and entry gates (see
        the module's docstring): 1000 for a new player."""
        return round(SHOWN_AT_NEW + SHOWN_PER_POINT * (self.mu - 3 * self.sigma))

    def to_json(self) -> dict[str, Any]:
        return {"mu": self.mu, "sigma": self.sigma, "games": self.games}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Rating:
        """The rating stored by :meth:`to_json`.

        Raises:
            RatingError: if a field is missing or of the wrong kind.
        """
        try:
            mu, sigma, games = data["mu"], data["sigma"], data["games"]
        except (KeyError, TypeError) as error:
            raise RatingError(f"a stored rating needs mu, sigma and games: {data!r}") from error
        for name, value in (("mu", mu), ("sigma", sigma)):
            # bool is an int to Python, but True is no rating.
            if isinstance(value, bool) or not isinstance(value, int | float):
                raise RatingError(f"{name} must be a number, not {value!r}")
        return cls(float(mu), float(sigma), games)


def duel(winner: Rating, loser: Rating) -> tuple[Rating, Rating]:
    """The new ratings of a duel's winner and loser, in that order.

    The ratings carry no identity, so a player matched against themselves is for the
    caller to refuse.
    """
    (w_mu, w_sigma), (l_mu, l_sigma) = _rate_in_order([winner, loser])
    return (
        Rating(w_mu, w_sigma, winner.games + 1),
        Rating(l_mu, l_sigma, loser.games + 1),
    )


def ranks_of_game(
    centres: Mapping[str, int],
    *,
    solo: str | None,
    draw: Sequence[str] | None,
    eliminated_in: Mapping[str, int] = _NO_ELIMINATIONS,
) -> dict[str, int]:
    """The place of each power at the end of a game (1 is best; tied powers share a
    place and the next place is skipped, as in 1, 2, 2, 4).

    ``centres`` holds every power with its supply centres at the end; ``eliminated_in``
    the year (or any number that grows with time) each eliminated power went out.

    - A solo: the soloist is first and every other power ties for second.
    - A draw: the powers in it tie for first; the others follow by centres.
    - Neither (``draw=None``, the game ended by other means): all by centres.

    By centres, equal centres tie, and eliminated powers come last, an earlier
    elimination below a later one.

    Raises:
        RatingError: if the end described is not a possible one.
    """
    if len(centres) < 2:
        raise RatingError("a game needs at least two powers")
    for power, count in centres.items():
        if isinstance(count, bool) or not isinstance(count, int) or count < 0:
            raise RatingError(f"{power} has {count!r} centres")
    for power, year in eliminated_in.items():
        if power not in centres:
            raise RatingError(f"{power} was eliminated but is not in the game")
        if isinstance(year, bool) or not isinstance(year, int):
            raise RatingError(f"{power} was eliminated in {year!r}")
        if centres[power]:
            raise RatingError(f"{power} was eliminated but holds {centres[power]} centres")
    if solo is not None and draw is not None:
        raise RatingError("a game ends in a solo or in a draw, not both")
    winners: set[str] = set()
    if solo is not None:
        winners = {solo}
    elif draw is not None:
        # A string is a sequence of strings too: "france" is not seven one-letter powers.
        if isinstance(draw, str):
            raise RatingError("the draw is a sequence of powers, not one string")
        winners = set(draw)
        if len(winners) != len(draw):
            raise RatingError(f"a power appears twice in the draw {list(draw)!r}")
        if len(winners) < 2:
            raise RatingError("a draw is shared by at least two powers")
    for power in sorted(winners):
        if power not in centres:
            raise RatingError(f"{power} won but is not in the game")
        if power in eliminated_in:
            raise RatingError(f"{power} won but was eliminated")

    def standing(power: str) -> tuple[int, int]:
        # Higher is better: the winners; after a solo, everyone else alike; otherwise
        # the survivors by centres, then the eliminated, the later out above the earlier.
        if power in winners:
            return (2, 0)
        if solo is not None:
            return (1, 0)
        if power in eliminated_in:
            return (0, eliminated_in[power])
        return (1, centres[power])

    standings = {power: standing(power) for power in centres}
    return {
        power: 1 + sum(other > mine for other in standings.values())
        for power, mine in standings.items()
    }


def multiplayer(ratings: Mapping[str, Rating], ranks: Mapping[str, int]) -> dict[str, Rating]:
    """The new ratings of the players of a game (keys are player ids) from their places
    (1 is best; equal places are ties, see the module's docstring for how they are rated).

    Raises:
        RatingError: if fewer than two players are rated, if the players of ``ratings``
            and ``ranks`` differ, if a place is not a whole number from 1, or if the ties
            stand for more than :data:`MAX_ORDERS` finishing orders.
    """
    if len(ratings) < 2:
        raise RatingError("a game needs at least two rated players")
    if unranked := sorted(set(ratings) - set(ranks)):
        raise RatingError(f"no place for {', '.join(unranked)}")
    if unrated := sorted(set(ranks) - set(ratings)):
        raise RatingError(f"no rating for {', '.join(unrated)}")
    for player, rank in ranks.items():
        if isinstance(rank, bool) or not isinstance(rank, int) or rank < 1:
            raise RatingError(f"{player} has place {rank!r}")

    # Sorted by id, so that neither the mappings' order nor the order of the sums below
    # depends on how the caller built them.
    players = sorted(ratings)
    groups = [
        [player for player in players if ranks[player] == rank]
        for rank in sorted(set(ranks.values()))
    ]
    orders = math.prod(math.factorial(len(group)) for group in groups)
    if orders > MAX_ORDERS:
        raise RatingError(f"the ties stand for {orders} finishing orders (at most {MAX_ORDERS})")

    mus: dict[str, list[float]] = {player: [] for player in players}
    sigmas: dict[str, list[float]] = {player: [] for player in players}
    for arrangement in itertools.product(*(itertools.permutations(g) for g in groups)):
        finish = [player for group in arrangement for player in group]
        for player, (mu, sigma) in zip(
            finish, _rate_in_order([ratings[p] for p in finish]), strict=True
        ):
            mus[player].append(mu)
            sigmas[player].append(sigma)
    # fsum is exactly rounded, so tied players with equal ratings, who see the same
    # results in different orders, end exactly equal.
    return {
        player: Rating(
            math.fsum(mus[player]) / orders,
            math.fsum(sigmas[player]) / orders,
            ratings[player].games + 1,
        )
        for player in players
    }


def seed_order(ratings: Mapping[str, Rating]) -> list[str]:
    """Players best first by their shown rating, equal ones by id, so the order is fixed
    (for seeding a tournament)."""
    return sorted(ratings, key=lambda player: (-ratings[player].shown, player))


def _rate_in_order(finish: Sequence[Rating]) -> list[tuple[float, float]]:
    """The new (mu, sigma) of each player of a result without ties, best first."""
    teams = [[_MODEL.rating(mu=rating.mu, sigma=rating.sigma)] for rating in finish]
    rated = _MODEL.rate(teams, ranks=[float(place) for place in range(1, len(finish) + 1)])
    return [(team[0].mu, team[0].sigma) for team in rated]
