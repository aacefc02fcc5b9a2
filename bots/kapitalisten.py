"""The investor bot of Kapitalisten: an investor's exchange orders, judged from the book
and the board, and the military orders of the nations it controls.

The rules it keeps (adjudicator/variants/kapitalisten/exchange.py; the German rules, 3.3,
are the authority): whole units only; at most 500 of a currency sold a turn; no debt, so
its purchases cost no more than its cash and that turn's sales bring, all at the rates the
turn began with (the exchange settles sales first and then buys in the order written; the
bot writes no purchase the adjudicator would have to cut). It gives at least one exchange
order every turn it may trade: an investor who gives none sells 500 of every currency, and
three turns without exclude him (3.3.1).

How it plays:

1. **Prospects.** Each surviving nation is judged by what it will be worth at the end, in
   supply centres (victory points are, per 100 units of a currency, its nation's centres):
   the centres it holds, the centres within reach of its units that no other power could
   contest more strongly, less its own centres that others could take; a nation with
   fewer units than centres builds, one with more disbands. Its rate's trend since the
   turn before weighs in a little (others buying it means others want it). A little noise
   drawn from the seed keeps bots in one game from all chasing the same nation.
2. **Control.** Control goes to strictly most units of a currency among the investors not
   excluded (ties by the ladder of :func:`~adjudicator.variants.kapitalisten.exchange.control`,
   which the bot does not count on: it aims at a margin of :data:`MARGIN` units, since the
   others trade in the same turn). It keeps that margin in every nation it controls, and
   buys towards control of the best nation it does not control whose lead it can afford,
   and of any nation whose currency the others have sold off (a nation nobody commands
   only holds).
3. **Victory points.** Currencies it neither controls nor aims at are sold (500 a turn at
   most) where they are worth much less for the end than the best (centres per Kujambel),
   and everything left over buys the best value for the end.
4. **Command.** The nations it controls are ordered with the standard strategy
   (:func:`bots.strategy.bot_orders`), one by one.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from adjudicator import (
    Order,
    PhaseKind,
    Position,
    Variant,
    legal_orders,
)
from adjudicator.variants.kapitalisten.exchange import SELL_LIMIT, Book
from adjudicator.variants.kapitalisten.rules import (
    EXCHANGE,
    INVESTORS,
    Buy,
    ExchangeOrder,
    Kapitalisten,
    Sell,
)
from bots.player import SeatPlayer, own_orders
from bots.strategy import bot_orders, reach_by_power, strongest_attack

#: Units above the next holder it aims to hold in a nation it controls or wants.
MARGIN = 150
#: A currency worth less than this share of the best value for the end (centres per
#: Kujambel) is sold, where the bot neither controls its nation nor aims at it.
SELL_BELOW = 0.75
#: How much the seed may move a nation's prospects, up or down (a share of them).
NOISE = 0.15
#: A nation's prospects: per centre within reach that it could take; per own centre that
#: others could take from it; per unit more or fewer than its centres (a build to come, or
#: a disband).
CHANCE_WEIGHT = 0.5
THREAT_WEIGHT = 0.6
BALANCE_WEIGHT = 0.2
#: How much a rate's rise since the turn before (as a share of the rate) adds to prospects.
TREND_WEIGHT = 0.5


def is_investor(variant: Variant, power: str) -> bool:
    """Is ``power`` an investor of a Kapitalisten game (not a nation)?"""
    return isinstance(variant, Kapitalisten) and power in INVESTORS


def trades_now(variant: Variant, position: Position, power: str) -> bool:
    """May ``power`` give exchange orders in ``position``'s phase (an investor, in the
    opening exchange or a movement phase, not excluded)? He owes none in a movement phase
    (3.3.1), but one who gives none sells 500 of every currency."""
    return (
        isinstance(variant, Kapitalisten)
        and power in variant.investors(position)
        and power not in variant.excluded(position)
        and position.phase.kind in (EXCHANGE, PhaseKind.MOVEMENT)
    )


# -- prospects ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Prospect:
    """What a nation looks like to an investor: its centres and units now, the centres
    within its reach it could take, its own centres others could take, its rate and how
    that moved since the turn before, and the centres it is expected to end with."""

    nation: str
    centres: int
    units: int
    chances: int
    threatened: int
    rate: int
    trend: float
    expected: float

    @property
    def value(self) -> float:
        """Expected centres per Kujambel: what a cent spent on its currency brings in
        victory points at the end (per 100 units)."""
        return self.expected / self.rate if self.rate else 0.0


def prospects(
    variant: Kapitalisten, position: Position, rng: random.Random | None = None
) -> dict[str, Prospect]:
    """Each surviving nation's prospects (see the module's docstring); with ``rng``, each
    moved a little by the seed (at most :data:`NOISE` of it)."""
    book = variant.book(position)
    geo = variant.geography(position)
    reach = reach_by_power(geo, position.units)
    history = list(variant.state(position).get("rates_history") or [])
    before = history[-2]["rates"] if len(history) >= 2 else {}
    out: dict[str, Prospect] = {}
    for nation in variant.powers:
        rate = int(book.rates.get(nation, 0))
        if rate <= 0:
            continue
        centres = position.centers_of(nation)
        units = position.units_of(nation)
        own_reach = reach.get
        threatened = sum(
            1
            for c in centres
            if strongest_attack(reach, c, nation)
            > own_reach(c, {}).get(nation, 0) + (1 if position.unit_in(c) else 0)
        )
        chances = 0
        for centre in sorted(geo.supply_centers - centres):
            mine = reach.get(centre, {}).get(nation, 0)
            if mine and mine >= strongest_attack(reach, centre, nation):
                chances += 1
        chances = min(chances, len(units))
        expected = (
            len(centres)
            + CHANCE_WEIGHT * chances
            - THREAT_WEIGHT * threatened
            + BALANCE_WEIGHT * (len(centres) - len(units))
        )
        old = int(before.get(nation, 0) or 0)
        trend = (rate - old) / old if old else 0.0
        expected *= 1 + TREND_WEIGHT * trend
        if rng is not None:
            expected *= 1 + rng.uniform(-NOISE, NOISE)
        if not units and not centres:
            expected = 0.0
        out[nation] = Prospect(
            nation, len(centres), len(units), chances, threatened, rate, trend, max(expected, 0.0)
        )
    return out


# -- the exchange -------------------------------------------------------------------------


def rivals_best(book: Book, investor: str, nation: str, excluded: frozenset[str]) -> int:
    """The most units of ``nation``'s currency any other investor who counts for control
    holds."""
    return max(
        (
            book.held(other, nation)
            for other in book.holdings
            if other != investor and other not in excluded
        ),
        default=0,
    )


def exchange_orders(
    variant: Kapitalisten, position: Position, investor: str, rng: random.Random
) -> list[ExchangeOrder]:
    """The investor's exchange orders for this turn (see the module's docstring): sales
    first, then purchases, all within the rules, never an empty list while he holds
    anything or has cash."""
    book = variant.book(position)
    excluded = variant.excluded(position)
    seen = prospects(variant, position, rng)
    if not seen:
        return []
    held = {n: book.held(investor, n) for n in seen}
    cash = int(book.cash.get(investor, 0))
    lead = {n: held[n] - rivals_best(book, investor, n, excluded) for n in seen}
    controls = {n for n in seen if lead[n] > 0}
    best_value = max(p.value for p in seen.values())

    # What it wants to buy: the margin in the nations it controls, then the best nation
    # it does not control whose lead it could take with its cash and what it could sell.
    wanted: dict[str, int] = {}
    for nation in sorted(controls, key=lambda n: -seen[n].expected):
        if seen[nation].expected > 0 and lead[nation] < MARGIN:
            wanted[nation] = MARGIN - lead[nation]
    # What it may sell: up to 500 of a currency it neither wants nor controls; of one it
    # controls, only what it holds beyond the margin.
    room = {
        n: min(SELL_LIMIT, held[n] if n not in controls else max(0, lead[n] - MARGIN))
        for n in seen
        if n not in wanted
    }
    funds = cash + sum(units * seen[n].rate for n, units in room.items())
    funds -= sum(units * seen[n].rate for n, units in wanted.items())
    candidates = sorted(
        (n for n in seen if n not in controls and seen[n].expected > 0),
        key=lambda n: (-seen[n].expected, n),
    )
    aimed = False
    for nation in candidates:
        need = MARGIN - lead[nation]
        cost = need * seen[nation].rate + room.get(nation, 0) * seen[nation].rate
        # The best it can afford; and any nation whose currency the others have sold
        # off (command of it is cheap, and a nation nobody commands only holds).
        cheap = rivals_best(book, investor, nation, excluded) < MARGIN
        if cost <= funds and (cheap or not aimed):
            wanted[nation] = need
            funds -= cost
            room.pop(nation, None)
            aimed = aimed or not cheap

    # Sales: what it must sell to pay for what it wants, worst value first; then what is
    # worth much less for the end than the best.
    cost = sum(units * seen[n].rate for n, units in wanted.items())
    order = sorted((n for n in room if room[n] > 0), key=lambda n: (seen[n].value, n))
    sales: dict[str, int] = {}
    proceeds = 0
    for nation in order:
        rate = seen[nation].rate
        short = cost - cash - proceeds
        weak = seen[nation].value < SELL_BELOW * best_value
        units = room[nation] if weak else min(room[nation], max(0, -(-short // rate)))
        if units > 0:
            sales[nation] = units
            proceeds += units * rate
    funds = cash + proceeds

    # Purchases, in the order written: what it wants, then the best value with the rest.
    buys: dict[str, int] = {}
    for nation, units in wanted.items():
        units = min(units, funds // seen[nation].rate)
        if units > 0:
            buys[nation] = units
            funds -= units * seen[nation].rate
    best = sorted(
        (n for n in seen if n not in sales and seen[n].expected > 0),
        key=lambda n: (-seen[n].value, n),
    )
    if best and funds >= seen[best[0]].rate:
        units = funds // seen[best[0]].rate
        buys[best[0]] = buys.get(best[0], 0) + units
        funds -= units * seen[best[0]].rate

    orders: list[ExchangeOrder] = [Sell(n, u) for n, u in sales.items()]
    orders += [Buy(n, u) for n, u in buys.items()]
    if not orders:
        # Nothing worth trading: still one order, so that it is not taken for absent
        # (3.3.1: sold out automatically, then excluded). One unit of the currency worth
        # least, which it holds most of, moves nothing.
        spare = [n for n in seen if held[n] > 0]
        spare.sort(key=lambda n: (seen[n].value, -held[n], n))
        if spare:
            orders.append(Sell(spare[0], 1))
    return orders


# -- a seat's orders -----------------------------------------------------------------------


def investor_orders(
    variant: Kapitalisten,
    position: Position,
    investor: str,
    rng: random.Random,
    *,
    legal: Mapping[str, Mapping[str, Sequence[Order]]] | None = None,
) -> dict[str, list[Order]]:
    """Everything an investor's seat gives in this phase, by power: its exchange orders
    (where it may trade) and the military orders of each nation it controls that has
    orders due, with the standard strategy. ``legal``: each nation's legal orders as a
    host lists them (by default the adjudicator's)."""
    out: dict[str, list[Order]] = {}
    if trades_now(variant, position, investor):
        out[investor] = list(exchange_orders(variant, position, investor, rng))
    given = variant.orders_given_by(position).get(investor, frozenset())
    due = variant.orders_due(position)
    for nation in sorted(given - {investor}):
        if nation not in due:
            continue
        options = (legal or {}).get(nation)
        if options is None:
            options = legal_orders(position, nation, variant=variant)
        out[nation] = bot_orders(variant, position, nation, rng, legal=options)
    return out


def seat_orders(
    variant: Variant,
    position: Position,
    seat: str,
    rng: random.Random,
    *,
    legal: Mapping[str, Mapping[str, Sequence[Order]]] | None = None,
) -> dict[str, list[Order]]:
    """A Kapitalisten seat's orders, by power: an investor's (:func:`investor_orders`),
    or, for a nation's own seat, its military orders with the standard strategy."""
    if isinstance(variant, Kapitalisten) and is_investor(variant, seat):
        return investor_orders(variant, position, seat, rng, legal=legal)
    return own_orders(variant, position, seat, rng, legal=legal)


#: How Kapitalisten's seats play (listed in :mod:`bots.registry`): an investor trades,
#: which he owes no turn of a movement phase but loses 500 of every currency by not doing.
PLAYER = SeatPlayer(Kapitalisten.id, orders=seat_orders, gives_unowed=trades_now, unowed_seats=True)
