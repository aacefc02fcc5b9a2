"""Kapitalisten's exchange, as pure arithmetic: the book (who holds how much of each
currency, and how much Kujambel cash; each currency's rate), a turn's trading, the new
rates, who controls each nation, and the victory points.

Money is kept in whole hundredths of a Kujambel (cents: a rate of 1.00 Kj is 100), so
no sum is ever rounded by floating point. The rules (restated in issue 14 from the 1997
published rules; ../shared/rules/kapitalisten-nmr.de.txt, 3.3, for missed orders):

- Rule 2: each investor starts with 1,000 units of every currency and no cash; every
  rate starts at 1.00 Kj. The currencies are data (:data:`CURRENCIES`), one per nation.
- Rule 4: orders buy or sell whole units; at most 500 of a currency sold a turn; sales
  settle first and fund purchases; no debt: a purchase the cash does not cover buys what
  it does, in the order written; never conditional. Everything is paid at the rates the
  turn began with.
- Rule 5: per currency, net = all units bought - all sold; each full 100 moves the rate
  0.01 Kj (99 moves nothing, 999 moves 0.09; -150 moves -0.01); a surviving nation's
  rate never falls below 0.01; an eliminated nation's currency is worth nothing.
- House rule (shown on the rules page): each winter a nation's rate also changes by 5 %
  per supply center won or lost, after the trading change: rate x (1 + 0.05 x change),
  rounded to 0.01.
- Rule 6: control by strictly most units of a nation's currency; excluded investors
  never control; ties by the ladder of :func:`control`.
- 3.3.1: an investor who gives no exchange orders tries to sell 500 of every currency;
  three turns in a row without: excluded. An excluded investor goes on selling so.
- Rule 8 (house rule for the formula): victory points are, per 100 units of a currency,
  that nation's supply centers.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from fractions import Fraction
from random import Random
from typing import Any

#: Each nation's currency (its name in the 1997 rules' spirit), in the map's nations'
#: order. Data, not code: the game was also played on maps with more nations.
CURRENCIES: Mapping[str, str] = {
    "austria": "crown",
    "england": "pound",
    "france": "franc",
    "germany": "mark",
    "italy": "lira",
    "russia": "rouble",
    "turkey": "piastre",
}
START_UNITS = 1000
START_RATE = 100  # cents: 1.00 Kj
SELL_LIMIT = 500
#: Units of net trading that move a rate by one cent.
RATE_STEP = 100
#: A winter's rate change per supply center won or lost, in percent.
WINTER_PERCENT = 5
#: Consecutive turns without exchange orders after which an investor is excluded.
EXCLUDED_AFTER = 3


def amount_text(cents: int) -> str:
    """An amount of Kujambel kept in hundredths as results write it: ``516500`` ->
    ``"5165.00"``, ``-5`` -> ``"-0.05"`` (a rate's fall). The site writes the same amount
    in the reader's language from this."""
    whole, part = divmod(abs(cents), 100)
    return f"{'-' if cents < 0 else ''}{whole}.{part:02d}"


class ExchangeError(ValueError):
    """A book that is not one (negative holdings, an unknown currency...)."""


@dataclass(frozen=True, slots=True)
class Book:
    """Holdings (investor -> nation -> units), cash (investor -> cents) and rates
    (nation -> cents). Mappings are never changed: each turn makes a new book."""

    holdings: Mapping[str, Mapping[str, int]]
    cash: Mapping[str, int]
    rates: Mapping[str, int]

    @classmethod
    def opening(cls, investors: Sequence[str], nations: Sequence[str]) -> Book:
        """Rule 2: 1,000 of each currency each, no cash, every rate 1.00 Kj."""
        return cls(
            holdings={i: dict.fromkeys(nations, START_UNITS) for i in investors},
            cash=dict.fromkeys(investors, 0),
            rates=dict.fromkeys(nations, START_RATE),
        )

    def held(self, investor: str, nation: str) -> int:
        return self.holdings.get(investor, {}).get(nation, 0)

    def to_json(self) -> dict[str, Any]:
        return {
            "holdings": {i: dict(h) for i, h in sorted(self.holdings.items())},
            "cash": dict(sorted(self.cash.items())),
            "rates": dict(self.rates),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Book:
        """The book :meth:`to_json` wrote.

        Raises:
            ExchangeError: if it is not one.
        """
        try:
            holdings = {
                str(i): {str(n): _count(u) for n, u in dict(h).items()}
                for i, h in dict(data["holdings"]).items()
            }
            cash = {str(i): _count(c) for i, c in dict(data["cash"]).items()}
            rates = {str(n): _count(r) for n, r in dict(data["rates"]).items()}
        except (KeyError, TypeError, ValueError) as e:
            raise ExchangeError(f"not a book: {e}") from None
        return cls(holdings, cash, rates)


def _count(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ValueError(f"{value!r} is not a whole number from 0")
    return value


class Side(StrEnum):
    BUY = "buy"
    SELL = "sell"


@dataclass(frozen=True, slots=True)
class Trade:
    """One exchange order as the arithmetic sees it: an investor buys or sells ``units``
    of ``nation``'s currency."""

    side: Side
    nation: str
    units: int


class Shortfall(StrEnum):
    """Why a trade did less than asked; the values are the results' parameters."""

    #: Rule 4: at most 500 of a currency sold in a turn.
    LIMIT = "limit"
    #: Not held.
    HOLDING = "holding"
    #: Rule 4: no debt; the cash ran out.
    CASH = "cash"
    #: The currency of a nation eliminated before this turn is worth nothing: no trade.
    WORTHLESS = "worthless"


@dataclass(frozen=True, slots=True)
class Settled:
    """What became of one trade: the units actually traded, at what rate, and why less
    than asked (None: all of it). ``automatic``: a sale made for an investor who gave no
    exchange orders (3.3.1)."""

    investor: str
    trade: Trade
    done: int
    rate: int
    shortfall: Shortfall | None = None
    automatic: bool = False
    #: The index of the trade among the investor's orders as given (-1: automatic).
    index: int = -1


@dataclass(frozen=True, slots=True)
class TurnOfTrading:
    """A turn's trading: the book after it, each trade settled, and each currency's net
    (bought - sold) that moved its rate."""

    book: Book
    settled: tuple[Settled, ...]
    net: Mapping[str, int] = field(default_factory=dict)


def automatic_sales(nations: Iterable[str]) -> list[Trade]:
    """3.3.1: what an investor without exchange orders does: sell 500 of every currency."""
    return [Trade(Side.SELL, n, SELL_LIMIT) for n in nations]


def trade(
    book: Book,
    orders: Mapping[str, Sequence[Trade]],
    *,
    automatic: Iterable[str] = (),
    worthless: Iterable[str] = (),
) -> TurnOfTrading:
    """Settle a turn's exchange orders at the book's rates (rule 4), then move the rates
    (rule 5). ``orders``: each investor's trades in the order written; ``automatic``:
    investors who sell 500 of every currency instead (3.3.1; their orders, if any, are
    not taken); ``worthless``: nations already eliminated (their currency trades no more).

    Raises:
        ExchangeError: for an investor or a currency the book does not have.
    """
    dead = set(worthless)
    auto = set(automatic)
    holdings = {i: dict(h) for i, h in book.holdings.items()}
    cash = dict(book.cash)
    net = dict.fromkeys(book.rates, 0)
    settled: list[Settled] = []
    for investor in sorted(set(orders) | auto):
        if investor not in holdings:
            raise ExchangeError(f"{investor} holds nothing: not an investor of this game")
        if investor in auto:
            given = [(-1, t) for t in automatic_sales(n for n in book.rates if n not in dead)]
        else:
            given = list(enumerate(orders[investor]))
        for _index, t in given:
            if t.nation not in book.rates:
                raise ExchangeError(f"{t.nation} has no currency in this game")
        sold = dict.fromkeys(book.rates, 0)
        mine = holdings[investor]
        # Rule 4: sales settle first, and fund the purchases.
        for index, t in (x for x in given if x[1].side is Side.SELL):
            rate = book.rates[t.nation]
            if t.nation in dead:
                settled.append(Settled(investor, t, 0, rate, Shortfall.WORTHLESS, index < 0, index))
                continue
            room = SELL_LIMIT - sold[t.nation]
            done = min(t.units, room, mine.get(t.nation, 0))
            why = None
            if done < t.units:
                why = (
                    Shortfall.LIMIT
                    if room < min(t.units, mine.get(t.nation, 0))
                    else (Shortfall.HOLDING)
                )
            sold[t.nation] += done
            mine[t.nation] = mine.get(t.nation, 0) - done
            cash[investor] += done * rate
            net[t.nation] -= done
            settled.append(Settled(investor, t, done, rate, why, index < 0, index))
        for index, t in (x for x in given if x[1].side is Side.BUY):
            rate = book.rates[t.nation]
            if t.nation in dead or rate <= 0:
                settled.append(Settled(investor, t, 0, rate, Shortfall.WORTHLESS, False, index))
                continue
            done = min(t.units, cash[investor] // rate)
            why = Shortfall.CASH if done < t.units else None
            mine[t.nation] = mine.get(t.nation, 0) + done
            cash[investor] -= done * rate
            net[t.nation] += done
            settled.append(Settled(investor, t, done, rate, why, False, index))
    rates = {n: 0 if n in dead else rate_after_trading(r, net[n]) for n, r in book.rates.items()}
    return TurnOfTrading(Book(holdings, cash, rates), tuple(settled), net)


def rate_after_trading(rate: int, net: int) -> int:
    """Rule 5: each full 100 units of net trading moves the rate one cent (toward zero:
    a net of -150 moves it one cent down), never below one cent."""
    steps = abs(net) // RATE_STEP
    return max(1, rate + (steps if net >= 0 else -steps))


def rate_after_winter(rate: int, change: int) -> int:
    """The house rule: rate x (1 + 0.05 x centers won or lost), rounded to the cent
    (halves up), never below one cent while the nation survives."""
    value = Fraction(rate * (100 + WINTER_PERCENT * change), 100)
    return max(1, int(value + Fraction(1, 2)))


# -- control ------------------------------------------------------------------------------


class ControlBy(StrEnum):
    """How a nation's controller was found; stored with the results."""

    MAJORITY = "majority"
    #: Level now; more on an earlier turn (``turns_back`` says which).
    EARLIER_TURN = "earlier_turn"
    #: Level on every turn kept; fewer nations given to him for the coming turn.
    FEWER_CONTROLS = "fewer_controls"
    #: Still level: drawn from the seed, and recorded.
    DRAWN = "drawn"
    #: Nobody (not excluded) holds any: civil disorder.
    NOBODY = "nobody"


@dataclass(frozen=True, slots=True)
class Control:
    nation: str
    investor: str | None
    by: ControlBy
    #: The tied investors the ladder chose among (empty for a clear majority).
    tied: tuple[str, ...] = ()
    turns_back: int = 0


def control(
    holdings: Mapping[str, Mapping[str, int]],
    nations: Sequence[str],
    *,
    earlier: Sequence[Mapping[str, Mapping[str, int]]] = (),
    excluded: Iterable[str] = (),
    rng: Random | None = None,
) -> dict[str, Control]:
    """Rule 6: who controls each of ``nations`` (the survivors) after a turn.

    Strictly most units of its currency among investors not excluded. Nations with a
    clear majority are settled first; then the tied ones in alphabetical order: the
    tied investors' holdings on the turn before (``earlier[0]``), then the one before
    that...; still level, whoever has been given fewer nations for the coming turn
    (counting those given so far in this procedure); still level, a draw from ``rng``.
    Nobody holding any: no controller (civil disorder).
    """
    out = set(excluded)
    given: dict[str, int] = {}
    result: dict[str, Control] = {}
    tied_nations: list[tuple[str, list[str]]] = []
    for nation in nations:
        best = 0
        leaders: list[str] = []
        for investor in sorted(holdings):
            if investor in out:
                continue
            units = holdings[investor].get(nation, 0)
            if units > best:
                best, leaders = units, [investor]
            elif units == best and units > 0:
                leaders.append(investor)
        if not leaders:
            result[nation] = Control(nation, None, ControlBy.NOBODY)
        elif len(leaders) == 1:
            result[nation] = Control(nation, leaders[0], ControlBy.MAJORITY)
            given[leaders[0]] = given.get(leaders[0], 0) + 1
        else:
            tied_nations.append((nation, leaders))
    for nation, leaders in sorted(tied_nations):
        level = list(leaders)
        for back, past in enumerate(earlier, start=1):
            top = max(past.get(i, {}).get(nation, 0) for i in level)
            level = [i for i in level if past.get(i, {}).get(nation, 0) == top]
            if len(level) == 1:
                result[nation] = Control(
                    nation, level[0], ControlBy.EARLIER_TURN, tuple(leaders), back
                )
                break
        else:
            fewest = min(given.get(i, 0) for i in level)
            level = [i for i in level if given.get(i, 0) == fewest]
            if len(level) == 1:
                result[nation] = Control(nation, level[0], ControlBy.FEWER_CONTROLS, tuple(leaders))
            else:
                chosen = (rng or Random(0)).choice(sorted(level))
                result[nation] = Control(nation, chosen, ControlBy.DRAWN, tuple(leaders))
        chosen_one = result[nation].investor
        assert chosen_one is not None
        given[chosen_one] = given.get(chosen_one, 0) + 1
    return result


# -- the end ------------------------------------------------------------------------------


def victory_points(
    holdings: Mapping[str, Mapping[str, int]], centers: Mapping[str, int]
) -> dict[str, Fraction]:
    """Rule 8 (house rule): per 100 units of a currency, that nation's supply centers."""
    return {
        investor: sum(
            (Fraction(units * centers.get(nation, 0), 100) for nation, units in held.items()),
            Fraction(0),
        )
        for investor, held in holdings.items()
    }


def winners(points: Mapping[str, Fraction]) -> tuple[str, ...]:
    """Those with the most victory points (ties share the win; there are no draws)."""
    if not points:
        return ()
    top = max(points.values())
    return tuple(sorted(i for i, p in points.items() if p == top))
