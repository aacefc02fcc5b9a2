"""The stronger bot: in a movement phase it searches, where the heuristic bot
(:mod:`bots.strategy`) follows rules of thumb.

It guesses what the others will do by drawing a few likely order sets for each of them
(the heuristic bot's orders, each drawn with its own seed, a few units given another legal
order at random: a player is not a machine), then tries order sets of its own against every
guess with the adjudicator, and keeps the one that does best on average. It starts from the
heuristic bot's plans, tries attacks with every support it can bring on each center within
reach, then changes one unit's order at a time (every legal hold, move and support of its
own units) while that does better, until the budget is spent.

An order set is worth, after the phase is resolved against a guess (:func:`_worth`):

* each center it would own if the season ended now (its own that nobody else stands on,
  and any it stands on), one point;
* each unit kept, 0.4; a dislodged unit that may retreat, half of that;
* a little for units near centers to take, a little less for each own center left
  empty next to a unit of another power, and a very little less for each move that
  bounces (a tie-break: it gains nothing a hold or a support would not).

Retreats, adjustments and set-up phases are the heuristic bot's: a search there gains
little. The search is bounded by a :class:`Budget`, counted in resolutions: the same
position, power and seed give the same orders on any machine, however loaded. A host
asks for a seat's choice more than once a phase (to save it, then to mark the very same
orders ready) and must get the same answer, so the site's budget has no wall-time part;
:data:`DEFAULT_BUDGET` takes at most about 2 s on one core (a resolution costs 0.1 to
0.3 ms), and the climb usually ends on its own after 500 to 800.
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum

from adjudicator import (
    Convoy,
    Hold,
    Move,
    Order,
    Outcome,
    PhaseKind,
    Position,
    Support,
    Variant,
    legal_orders,
    resolve,
)
from adjudicator.board import province_of
from bots.registry import PLAYED_AS_STANDARD
from bots.strategy import bot_orders, distance_of, distances, reachable

#: Where the search knows the others' play well enough to guess it: the variants whose
#: every power plays the heuristic bot's game (the registry says which). Elsewhere the
#: stronger level plays as the heuristic bot does.
SEARCHED_VARIANTS: frozenset[str] = PLAYED_AS_STANDARD

CENTER = 1.0
UNIT = 0.4
#: Per move a unit stands from the nearest center to take (at most ``NEAR_CAP`` moves).
NEAR = 0.03
NEAR_CAP = 5
#: An own center left empty with another power's unit next to it: it may be lost next
#: season (more so when the next season is one after which centers change hands).
EXPOSED = 0.25
#: A move that bounces: it gains nothing a hold would not, shows where the unit wanted to
#: go, and keeps the unit from supporting. A little, so that it only breaks ties.
BOUNCED = 0.01


class Level(StrEnum):
    """How a bot plays; the values are the storage and API format."""

    #: The heuristic bot (:func:`bots.strategy.bot_orders`).
    STANDARD = "standard"
    #: The search (:func:`search_orders`).
    STRONG = "strong"


@dataclass(frozen=True, slots=True)
class Budget:
    """How much a movement phase's search may spend: ``resolutions`` (each order set tried
    against each guess is one), and, where not None, ``seconds`` of wall time (for a
    caller that must answer in time whatever the machine; the orders then depend on the
    machine's speed, so neither the site nor the tests use it).
    ``samples`` guesses of the others' orders are drawn; each unit of theirs is given
    another legal order at random with probability ``noise``."""

    resolutions: int = 6000
    seconds: float | None = None
    samples: int = 8
    noise: float = 0.1


#: What a host's seat gets by default: at most about 2 s on one core, the same orders
#: every time.
DEFAULT_BUDGET = Budget()


def search_orders(
    variant: Variant,
    position: Position,
    power: str,
    rng: random.Random,
    *,
    legal: Mapping[str, Sequence[Order]] | None = None,
    budget: Budget = DEFAULT_BUDGET,
) -> list[Order]:
    """Orders for ``power`` in ``position``'s phase, each taken from ``legal`` (by default
    the adjudicator's): in a movement phase the best order set the search finds within
    ``budget``, in any other phase (and in a variant outside :data:`SEARCHED_VARIANTS`)
    the heuristic bot's.

    >>> from adjudicator import find_variant
    >>> standard = find_variant("standard")
    >>> start = standard.initial_position()
    >>> orders = search_orders(standard, start, "italy", random.Random(1),
    ...                        budget=Budget(resolutions=60, samples=2))
    >>> len(orders)
    3
    """
    if legal is None:
        legal = legal_orders(position, power, variant=variant)
    if position.phase.kind is not PhaseKind.MOVEMENT or variant.id not in SEARCHED_VARIANTS:
        return bot_orders(variant, position, power, rng, legal=legal)
    if not any(legal.values()):
        return []
    return _Search(variant, position, power, legal, rng, budget).run()


def level_orders(
    level: Level,
    variant: Variant,
    position: Position,
    power: str,
    rng: random.Random,
    *,
    legal: Mapping[str, Sequence[Order]] | None = None,
    budget: Budget = DEFAULT_BUDGET,
) -> list[Order]:
    """The orders of a bot of ``level`` for ``power`` (its own power's orders)."""
    if level is Level.STRONG:
        return search_orders(variant, position, power, rng, legal=legal, budget=budget)
    return bot_orders(variant, position, power, rng, legal=legal)


def _province(order: Order) -> str:
    """The province of the unit a movement order is for."""
    if isinstance(order, (Hold, Move, Support, Convoy)):
        return order.unit.province
    return ""


def _tidied(plan: Plan) -> Plan:
    """``plan`` with each support or convoy of one of our units that no longer matches
    what that unit is ordered to do (the climb changed it after) made a hold: such an
    order gives nothing, and the rules call it void."""
    out = dict(plan)
    for province, order in plan.items():
        if isinstance(order, Support):
            friend = plan.get(order.supported.province)
            if friend is None:
                continue  # another power's unit
            if order.dest is None:
                matched = not isinstance(friend, Move)
            else:
                matched = isinstance(friend, Move) and province_of(friend.dest) == province_of(
                    order.dest
                )
        elif isinstance(order, Convoy):
            army = plan.get(order.army.province)
            if army is None:
                continue
            matched = isinstance(army, Move) and province_of(army.dest) == province_of(order.dest)
        else:
            continue
        if not matched:
            out[province] = Hold(order.unit)
    return out


class _OutOfBudget(Exception):
    pass


Plan = dict[str, Order]  # the unit's province -> its order


class _Search:
    def __init__(
        self,
        variant: Variant,
        position: Position,
        power: str,
        legal: Mapping[str, Sequence[Order]],
        rng: random.Random,
        budget: Budget,
    ) -> None:
        self.variant = variant
        self.position = position
        self.power = power
        self.rng = rng
        self.budget = budget
        self.left = budget.resolutions
        self.deadline = None if budget.seconds is None else time.monotonic() + budget.seconds
        self.geo = geo = variant.geography(position)
        self.legal = {p: tuple(o) for p, o in sorted(legal.items()) if o and p}
        self.centers = geo.supply_centers
        to_take = {c for c in self.centers if position.ownership.get(c) != power}
        self.depth = distances(geo, to_take)
        self.guesses = self._guesses()
        self.known: dict[tuple[str, ...], float] = {}
        self.best: Plan = {}
        self.best_value = float("-inf")

    # -- the others' orders ----------------------------------------------------------------

    def _guesses(self) -> list[dict[str, list[Order]]]:
        others = sorted(p for p in self.variant.orders_due(self.position) if p != self.power)
        legal = {p: legal_orders(self.position, p, variant=self.variant) for p in others}
        guesses = []
        for k in range(max(self.budget.samples, 1)):
            guess: dict[str, list[Order]] = {}
            for p in others:
                draw = random.Random(f"{self.rng.random()}:{k}:{p}")
                orders = bot_orders(self.variant, self.position, p, draw, legal=legal[p])
                if self.budget.noise > 0:
                    orders = self._noisy(orders, legal[p], draw)
                guess[p] = orders
            guesses.append(guess)
        return guesses

    def _noisy(
        self, orders: list[Order], legal: Mapping[str, Sequence[Order]], draw: random.Random
    ) -> list[Order]:
        out = []
        for order in orders:
            options = legal.get(_province(order), ())
            if options and draw.random() < self.budget.noise:
                out.append(draw.choice(options))
            else:
                out.append(order)
        return out

    # -- trying an order set ---------------------------------------------------------------

    def value(self, plan: Plan) -> float:
        """The plan's average worth over the guesses (each guess one resolution)."""
        key = tuple(sorted(str(o) for o in plan.values()))
        known = self.known.get(key)
        if known is not None:
            return known
        if self.left < len(self.guesses) or (
            self.deadline is not None and time.monotonic() > self.deadline
        ):
            raise _OutOfBudget
        self.left -= len(self.guesses)
        mine = list(plan.values())
        total = 0.0
        for guess in self.guesses:
            after = resolve(self.position, {**guess, self.power: mine}, variant=self.variant)
            total += self._worth(after.position)
            total -= BOUNCED * sum(
                r.power == self.power and r.outcome is Outcome.BOUNCE for r in after.results
            )
        worth = total / len(self.guesses)
        self.known[key] = worth
        if worth > self.best_value:
            self.best, self.best_value = dict(plan), worth
        return worth

    def _worth(self, after: Position) -> float:
        me = self.power
        standing = {u.province: u for u in after.units}
        owned = self.position.ownership
        worth = 0.0
        for center in self.centers:
            unit = standing.get(center)
            if (unit.power if unit is not None else owned.get(center)) == me:
                worth += CENTER
        for unit in after.units:
            if unit.power == me:
                worth += UNIT - NEAR * min(
                    distance_of(self.depth, unit.kind, unit.location), NEAR_CAP
                )
        for gone in after.dislodged:
            if gone.unit.power == me and gone.retreats:
                worth += UNIT / 2
        exposed = [c for c in self.centers if owned.get(c) == me and c not in standing]
        if exposed:
            near: set[str] = set()
            for unit in after.units:
                if unit.power != me:
                    near |= reachable(self.geo, unit)
            worth -= EXPOSED * sum(c in near for c in exposed)
        return worth

    # -- the search ------------------------------------------------------------------------

    def run(self) -> list[Order]:
        starts = self._starts()
        self.best = dict(starts[0])
        try:
            for plan in starts:
                self.value(plan)
            for plan in self._attacks(dict(self.best)):
                self.value(plan)
            self._climb()
        except _OutOfBudget:
            pass
        plan = _tidied(self.best)
        return [plan[p] for p in sorted(plan)]

    def _starts(self) -> list[Plan]:
        """The heuristic bot's plans, a few drawn with different seeds (distinct ones)."""
        seen: set[tuple[str, ...]] = set()
        out: list[Plan] = []
        for k in range(4):
            draw = random.Random(f"{self.rng.random()}:start:{k}")
            orders = bot_orders(self.variant, self.position, self.power, draw, legal=self.legal)
            plan = self._whole({_province(o): o for o in orders})
            key = tuple(sorted(str(o) for o in plan.values()))
            if key not in seen:
                seen.add(key)
                out.append(plan)
        return out

    def _whole(self, plan: Plan) -> Plan:
        """``plan`` with a hold (or the first legal order) for any unit it leaves out."""
        out = {}
        for province, options in self.legal.items():
            order = plan.get(province)
            if order is None:
                order = next((o for o in options if isinstance(o, Hold)), options[0])
            out[province] = order
        return out

    def _attacks(self, base: Plan) -> Iterable[Plan]:
        """For each center within reach that we do not stand on: one unit moves in and
        every other unit that can supports it (the rest as in ``base``)."""
        for center in sorted(self.centers):
            if center in self.legal:
                continue
            movers = [
                (p, o)
                for p, options in self.legal.items()
                for o in options
                if isinstance(o, Move) and not o.via_convoy and province_of(o.dest) == center
            ]
            for province, move in movers:
                plan = dict(base)
                plan[province] = move
                for helper, options in self.legal.items():
                    if helper == province:
                        continue
                    for o in options:
                        if (
                            isinstance(o, Support)
                            and o.supported.province == province
                            and o.dest is not None
                            and province_of(o.dest) == center
                        ):
                            plan[helper] = o
                            break
                yield plan

    def _options(self, province: str, plan: Plan) -> list[Order]:
        """The orders worth trying for one unit: its hold, its moves (a convoy's only where
        the plan carries it), and its supports of what our units are ordered to do."""
        out: list[Order] = []
        for o in self.legal[province]:
            if isinstance(o, Hold):
                out.append(o)
            elif isinstance(o, Move):
                if not o.via_convoy:
                    out.append(o)
            elif isinstance(o, Support):
                friend = plan.get(o.supported.province)
                if friend is None:
                    continue
                if o.dest is None:
                    if not isinstance(friend, Move):
                        out.append(o)
                elif isinstance(friend, Move) and province_of(friend.dest) == province_of(o.dest):
                    out.append(o)
        return out

    def _climb(self) -> None:
        """Change one unit's order at a time while that does better, each unit in turn
        (in an order drawn from the seed), until no change helps or the budget is spent."""
        improved = True
        while improved:
            improved = False
            units = sorted(self.legal)
            self.rng.shuffle(units)
            for province in units:
                base = dict(self.best)
                here = self.best_value
                for order in self._options(province, base):
                    if order == base[province]:
                        continue
                    plan = dict(base)
                    plan[province] = order
                    self.value(plan)
                if self.best_value > here:
                    improved = True
