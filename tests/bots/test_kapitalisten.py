"""The investor bot of Kapitalisten (bots/kapitalisten.py): the trading rules it keeps
(at most 500 sold of a currency a turn, no purchase beyond its cash and that turn's sales,
whole units, at least one order a turn), what it aims at (control of the nation it rates
best, the margin in those it controls), the military orders of its nations (the standard
strategy's, legal), over scenarios, random books drawn by hypothesis, and whole games."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adjudicator import (
    Order,
    Outcome,
    Phase,
    Position,
    Unit,
    find_variant,
    legal_orders,
    resolve,
)
from adjudicator import start as game_start
from adjudicator.variants.kapitalisten.exchange import SELL_LIMIT, Book, Side, trade
from adjudicator.variants.kapitalisten.rules import ExchangeOrder, Kapitalisten
from bots import exchange_orders, investor_orders, knows_variant, prospects, seat_orders
from bots.kapitalisten import MARGIN, trades_now

KAPITALISTEN = find_variant("kapitalisten")
assert isinstance(KAPITALISTEN, Kapitalisten)
NATIONS = KAPITALISTEN.powers
INVESTORS = tuple(f"investor-{n}" for n in range(1, 10))
#: What the exchange reports when a trade did less than asked: the bot never asks so.
SHORTFALLS = {"sale_limited", "sale_short", "purchase_short", "sold_without_orders"}


def _opening() -> Position:
    return KAPITALISTEN.initial_position({"players": 9})


def _spring() -> Position:
    """Spring 1901, after an opening exchange in which nobody traded."""
    orders = {i: ["sell 1 austria"] for i in INVESTORS}
    return resolve(_opening(), orders, seed=1).position


def _falling_austria() -> Position:
    """Spring 1901 with Austria down to one centre (Vienna) and no unit."""
    spring = _spring()
    centres = {c: p for c, p in spring.ownership.items() if p != "austria"}
    centres["vie"] = "austria"
    return spring.with_changes(
        ownership=centres, units=[u for u in spring.units if u.power != "austria"]
    )


def _with_book(
    position: Position,
    book: Book,
    controllers: Mapping[str, str | None] | None = None,
) -> Position:
    state = KAPITALISTEN.state(position)
    state["book"] = book.to_json()
    if controllers is not None:
        state["controllers"] = {n: controllers.get(n) for n in NATIONS}
    return position.with_changes(extras={**position.extras, "exchange": state})


def _book(
    holdings: Mapping[str, Mapping[str, int]],
    cash: Mapping[str, int] | None = None,
    rates: Mapping[str, int] | None = None,
) -> Book:
    return Book(
        {i: {n: holdings.get(i, {}).get(n, 1000) for n in NATIONS} for i in INVESTORS},
        {i: (cash or {}).get(i, 0) for i in INVESTORS},
        {n: (rates or {}).get(n, 100) for n in NATIONS},
    )


def _trades(orders: list[ExchangeOrder]) -> dict[str, int]:
    return {f"{o.side.value} {o.nation}": o.units for o in orders}


def _checked(position: Position, investor: str, orders: list[ExchangeOrder]) -> None:
    """The promises of every turn: whole units, at most 500 sold of a currency (and no
    more than held), each currency sold at most once and never bought in the same turn,
    purchases paid for by cash and the turn's sales at the turn's rates; the exchange
    itself does every trade in full; and as written, the orders read back the same."""
    book = KAPITALISTEN.book(position)
    assert orders, "an investor who gives no exchange orders sells 500 of everything"
    sold: dict[str, int] = {}
    bought: dict[str, int] = {}
    for order in orders:
        assert isinstance(order.units, int)
        assert order.units > 0
        assert book.rates[order.nation] > 0
        side = sold if order.side is Side.SELL else bought
        assert order.nation not in side
        side[order.nation] = order.units
        assert KAPITALISTEN.read_order(str(order), position=position, power=investor) == order
    assert not set(sold) & set(bought)
    for nation, units in sold.items():
        assert units <= SELL_LIMIT
        assert units <= book.held(investor, nation)
    income = sum(units * book.rates[n] for n, units in sold.items())
    cost = sum(units * book.rates[n] for n, units in bought.items())
    assert cost <= book.cash[investor] + income
    turn = trade(book, {investor: [o.trade for o in orders]})
    assert all(s.shortfall is None and s.done == s.trade.units for s in turn.settled)


def test_the_bot_knows_kapitalisten() -> None:
    assert knows_variant("kapitalisten")


class TestTheTradingRules:
    def test_it_never_sells_more_than_500_of_a_currency(self) -> None:
        # Everyone holds 3,000 of every currency, and Austria is falling (no unit, one
        # centre): the bot sells austrian crowns, 500 of them, not all it holds.
        position = _falling_austria()
        book = _book({i: dict.fromkeys(NATIONS, 3000) for i in INVESTORS})
        position = _with_book(position, book)
        orders = exchange_orders(KAPITALISTEN, position, "investor-1", random.Random(1))
        assert _trades(orders)["sell austria"] == SELL_LIMIT
        _checked(position, "investor-1", orders)

    def test_it_sells_of_a_nation_it_controls_only_what_it_holds_beyond_its_margin(
        self,
    ) -> None:
        holdings = {i: dict.fromkeys(NATIONS, 1000) for i in INVESTORS}
        holdings["investor-1"] = {**holdings["investor-1"], "austria": 1000 + MARGIN + 120}
        position = _with_book(_falling_austria(), _book(holdings), {"austria": "investor-1"})
        orders = exchange_orders(KAPITALISTEN, position, "investor-1", random.Random(1))
        assert _trades(orders)["sell austria"] == 120
        _checked(position, "investor-1", orders)

    def test_it_never_sells_what_it_does_not_hold(self) -> None:
        book = _book({"investor-1": dict.fromkeys(NATIONS, 7)})
        position = _with_book(_spring(), book)
        orders = exchange_orders(KAPITALISTEN, position, "investor-1", random.Random(2))
        assert all(o.units <= 7 for o in orders if o.side is Side.SELL)
        _checked(position, "investor-1", orders)

    def test_it_never_buys_beyond_its_cash_and_that_turns_sales(self) -> None:
        # Rich in cash, a currency dear: what it buys costs no more than it has.
        book = _book(
            {"investor-1": dict.fromkeys(NATIONS, 0)},
            cash={"investor-1": 12_345},
            rates={"russia": 997, "germany": 313},
        )
        position = _with_book(_spring(), book)
        orders = exchange_orders(KAPITALISTEN, position, "investor-1", random.Random(3))
        assert [o for o in orders if o.side is Side.BUY]
        _checked(position, "investor-1", orders)

    def test_without_cash_or_currency_worth_selling_it_still_gives_an_order(self) -> None:
        # It controls every nation with the margin it wants and has no cash: nothing to
        # trade, yet one order, lest it be taken for absent (3.3.1).
        holdings = {i: dict.fromkeys(NATIONS, 100) for i in INVESTORS}
        holdings["investor-1"] = dict.fromkeys(NATIONS, 100 + MARGIN)
        position = _with_book(_spring(), _book(holdings))
        orders = exchange_orders(KAPITALISTEN, position, "investor-1", random.Random(4))
        assert len(orders) == 1
        _checked(position, "investor-1", orders)

    def test_a_worthless_currency_is_never_traded(self) -> None:
        book = _book({}, cash={"investor-1": 50_000}, rates={"italy": 0})
        position = _with_book(_spring(), book)
        orders = exchange_orders(KAPITALISTEN, position, "investor-1", random.Random(5))
        assert "italy" not in {o.nation for o in orders}
        assert "italy" not in prospects(KAPITALISTEN, position)


class TestWhatItAimsAt:
    def test_it_buys_towards_control_of_the_nation_it_rates_best(self) -> None:
        # Germany holds eleven centres and its neighbours little: the best prospects by
        # far. Others hold 1,200 marks at most; the bot's cash buys the lead and a margin.
        spring = _spring()
        centres = dict(spring.ownership)
        for c in ("bel", "hol", "den", "swe", "nwy", "war", "par"):
            centres[c] = "germany"
        position = spring.with_changes(ownership=centres)
        holdings = {i: {"germany": 1200} for i in INVESTORS}
        holdings["investor-1"] = {"germany": 1000}
        book = _book(holdings, cash={"investor-1": 60_000})
        position = _with_book(position, book)
        rated = prospects(KAPITALISTEN, position)
        assert max(rated, key=lambda n: rated[n].expected) == "germany"
        orders = exchange_orders(KAPITALISTEN, position, "investor-1", random.Random(6))
        _checked(position, "investor-1", orders)
        bought = _trades(orders).get("buy germany", 0)
        assert 1000 + bought >= 1200 + MARGIN
        after = trade(book, {"investor-1": [o.trade for o in orders]}).book
        assert after.held("investor-1", "germany") > max(
            after.held(i, "germany") for i in INVESTORS[1:]
        )

    def test_it_keeps_a_margin_in_a_nation_it_controls(self) -> None:
        holdings = {i: {"turkey": 1000} for i in INVESTORS}
        holdings["investor-1"] = {"turkey": 1050}
        book = _book(holdings, cash={"investor-1": 30_000})
        position = _with_book(_spring(), book, {"turkey": "investor-1"})
        orders = exchange_orders(KAPITALISTEN, position, "investor-1", random.Random(7))
        _checked(position, "investor-1", orders)
        assert _trades(orders).get("buy turkey", 0) >= MARGIN - 50
        assert "sell turkey" not in _trades(orders)

    def test_it_sells_the_currency_of_a_nation_that_is_falling(self) -> None:
        position = _with_book(_falling_austria(), _book({}))
        orders = exchange_orders(KAPITALISTEN, position, "investor-1", random.Random(8))
        _checked(position, "investor-1", orders)
        assert _trades(orders).get("sell austria") == SELL_LIMIT
        rated = prospects(KAPITALISTEN, position)
        assert min(rated, key=lambda n: rated[n].expected) == "austria"

    def test_it_takes_command_of_a_nation_whose_currency_everyone_sold(self) -> None:
        # Nobody holds francs (France in civil disorder: its units only hold): command of
        # it costs 150 francs, and the bot takes it besides the nation it rates best.
        holdings = {i: {"france": 0} for i in INVESTORS}
        book = _book(holdings, cash={"investor-1": 100_000})
        position = _with_book(_spring(), book, {"france": None})
        rated = prospects(KAPITALISTEN, position)
        assert max(rated, key=lambda n: rated[n].expected) != "france"
        orders = exchange_orders(KAPITALISTEN, position, "investor-1", random.Random(11))
        _checked(position, "investor-1", orders)
        assert _trades(orders).get("buy france", 0) >= MARGIN

    def test_the_same_seed_gives_the_same_orders(self) -> None:
        position = _opening()
        one = exchange_orders(KAPITALISTEN, position, "investor-2", random.Random(9))
        two = exchange_orders(KAPITALISTEN, position, "investor-2", random.Random(9))
        assert one == two

    def test_bots_in_one_game_do_not_all_chase_one_nation(self) -> None:
        position = _opening()
        aims = {
            max(
                (
                    o
                    for o in exchange_orders(KAPITALISTEN, position, i, random.Random(i))
                    if o.side is Side.BUY
                ),
                key=lambda o: o.units,
            ).nation
            for i in INVESTORS
        }
        assert len(aims) >= 2


class TestItsNations:
    def test_it_gives_the_military_orders_of_the_nations_it_controls_and_they_are_legal(
        self,
    ) -> None:
        holdings = {i: {"russia": 900, "france": 900} for i in INVESTORS}
        holdings["investor-1"] = {"russia": 1500, "france": 1400}
        position = _with_book(
            _spring(), _book(holdings), {"russia": "investor-1", "france": "investor-1"}
        )
        given = investor_orders(KAPITALISTEN, position, "investor-1", random.Random(10))
        assert set(given) == {"investor-1", "russia", "france"}
        for nation in ("russia", "france"):
            legal = legal_orders(position, nation, variant=KAPITALISTEN)
            options = {o for choices in legal.values() for o in choices}
            assert given[nation]
            assert set(given[nation]) <= options
            assert len(given[nation]) == len(position.units_of(nation))
        result = resolve(position, given, seed=3)
        assert all(
            r.outcome not in (Outcome.VOID, Outcome.ILLEGAL)
            for r in result.results
            if r.power in given
        )
        # Another investor, who controls nothing, only trades.
        other = investor_orders(KAPITALISTEN, position, "investor-2", random.Random(10))
        assert set(other) == {"investor-2"}

    def test_in_an_adjustment_phase_it_builds_for_its_nation_and_does_not_trade(self) -> None:
        # Italy took Tunis with its army from Venice: a build in Venice, given by its
        # controller, who trades no currency now.
        spring = _spring()
        position = _with_book(spring, _book({}), {"italy": "investor-3"})
        winter = position.with_changes(
            phase=Phase.parse("W1901A"),
            ownership={**spring.ownership, "tun": "italy"},
            units=[
                u if u.province != "ven" else Unit(u.power, u.kind, "tun") for u in spring.units
            ],
        )
        assert not trades_now(KAPITALISTEN, winter, "investor-3")
        given = seat_orders(KAPITALISTEN, winter, "investor-3", random.Random(1))
        assert set(given) == {"italy"}
        [build] = given["italy"]
        legal = legal_orders(winter, "italy", variant=KAPITALISTEN)
        assert build in {o for choices in legal.values() for o in choices}

    def test_the_opening_exchange_is_trading_alone(self) -> None:
        given = seat_orders(KAPITALISTEN, _opening(), "investor-4", random.Random(1))
        assert set(given) == {"investor-4"}
        assert given["investor-4"]


# -- any book -----------------------------------------------------------------------------------


@st.composite
def books(draw: Any) -> tuple[Position, str]:
    """A Spring 1901 board with a book drawn at random: holdings, cash and rates (a rate
    of 0: a nation already fallen), and who controls each nation as the holdings say."""
    units = st.integers(min_value=0, max_value=4000)
    holdings = {i: {n: draw(units) for n in NATIONS} for i in INVESTORS}
    cash = {i: draw(st.integers(min_value=0, max_value=500_000)) for i in INVESTORS}
    rates = {n: draw(st.sampled_from([0, 1, 7, 55, 100, 101, 250, 999, 4000])) for n in NATIONS}
    if not any(rates.values()):
        rates["russia"] = 100
    book = Book(holdings, cash, rates)
    control = {
        n: max(INVESTORS, key=lambda i: (holdings[i][n], i)) if rates[n] else None for n in NATIONS
    }
    investor = draw(st.sampled_from(INVESTORS))
    return _with_book(_spring(), book, control), investor


@settings(deadline=None, max_examples=60, suppress_health_check=[HealthCheck.too_slow])
@given(books(), st.integers(min_value=0, max_value=2**32))
def test_over_any_book_it_trades_within_the_rules(drawn: tuple[Position, str], seed: int) -> None:
    position, investor = drawn
    orders = exchange_orders(KAPITALISTEN, position, investor, random.Random(seed))
    book = KAPITALISTEN.book(position)
    if not any(book.held(investor, n) for n in NATIONS if book.rates[n]) and all(
        book.cash[investor] < r for r in book.rates.values() if r
    ):
        # Nothing to sell and too little to buy a unit: nothing it could give.
        return
    _checked(position, investor, orders)
    given = investor_orders(KAPITALISTEN, position, investor, random.Random(seed))
    for nation, military in given.items():
        if nation == investor:
            continue
        legal = legal_orders(position, nation, variant=KAPITALISTEN)
        assert set(military) <= {o for choices in legal.values() for o in choices}


# -- whole games ----------------------------------------------------------------------------------


def _bot_game(seed: int, players: int = 9) -> tuple[Position, list[Any]]:
    position = game_start(KAPITALISTEN, {"players": players}, seed=seed)
    results: list[Any] = []
    for turn in range(120):
        if KAPITALISTEN.finished(position):
            break
        orders: dict[str, list[Order]] = {}
        for investor in KAPITALISTEN.investors(position):
            rng = random.Random(f"{seed}:{turn}:{investor}")
            orders.update(seat_orders(KAPITALISTEN, position, investor, rng))
        resolution = resolve(position, orders, seed=seed * 1000 + turn)
        results.extend(resolution.results)
        position = resolution.position
    return position, results


@pytest.mark.parametrize("seed", [1, 2])
def test_a_whole_game_of_bots_keeps_every_rule_to_its_end(seed: int) -> None:
    position, results = _bot_game(seed)
    assert KAPITALISTEN.finished(position)
    assert position.phase.year >= 1910 or max(len(position.centers_of(n)) for n in NATIONS) >= 18
    reasons = {r.reason.value for r in results if r.reason is not None}
    assert not reasons & (SHORTFALLS | {"investor_excluded"})
    assert not [r for r in results if r.outcome in (Outcome.VOID, Outcome.ILLEGAL)]
    # The bots took every nation's command, and movement phases were played.
    controlled = [
        r for r in results if r.reason is not None and r.reason.value == "nation_controlled"
    ]
    assert {r.params["nation"] for r in controlled} == set(NATIONS)
    final = KAPITALISTEN.state(position)["final"]
    assert final["winners"]
    # The nations were commanded: orders given, not only the holds of units left alone.
    assert any(
        isinstance(r.order, Order)
        and not isinstance(r.order, ExchangeOrder)
        and r.power in NATIONS
        and str(r.order).split()[2:3] == ["-"]
        for r in results
    )
