"""Kapitalisten in the adjudicator, rule by rule: each numbered rule of issue 14 (the 1997
published rules restated) and each paragraph of chapter 3.3 (missed orders,
../shared/rules/kapitalisten-nmr.de.txt) as a named scenario. Figures are worked out by
hand in the comments."""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import replace
from fractions import Fraction
from random import Random
from typing import Any

import pytest

from adjudicator import Outcome, Phase, Position, check_order, resolve, start
from adjudicator.board import freeze, thaw
from adjudicator.errors import ParseError
from adjudicator.io import position_to_json
from adjudicator.variants import find_variant
from adjudicator.variants.kapitalisten import Buy, Kapitalisten, Sell
from adjudicator.variants.kapitalisten.exchange import (
    Book,
    ControlBy,
    Shortfall,
    Side,
    Trade,
    control,
    rate_after_trading,
    rate_after_winter,
    trade,
    victory_points,
    winners,
)

NATIONS = ("austria", "england", "france", "germany", "italy", "russia", "turkey")
I1, I2, I3 = "investor-1", "investor-2", "investor-3"


def kap() -> Kapitalisten:
    variant = find_variant("kapitalisten")
    assert isinstance(variant, Kapitalisten)
    return variant


def opening(players: int = 8) -> Position:
    return start(kap(), {"players": players})


def with_exchange(position: Position, **changes: Any) -> Position:
    state = kap().state(position)
    state.update(changes)
    return position.with_changes(extras={**position.extras, "exchange": state})


def book_of(position: Position) -> Book:
    return kap().book(position)


def result_of(results: Any, power: str, order: str) -> Any:
    found = [r for r in results if r.power == power and str(r.order) == order]
    assert found, f"no result for {power}: {order}"
    return found[0]


def spring_1901(**changes: Any) -> Position:
    """S1901M after an exchange turn in which nobody traded (everyone sold 500 of each
    currency automatically? no: here the book is set by hand)."""
    position = resolve(opening(), {i: ["sell 1 austria"] for i in kap().seats({"players": 8})})
    return with_exchange(position.position, **changes)


#: Investor 1 holds 2,000 lire and nothing else; investor 2 ten of every currency.
ITALY_BOOK = Book(
    holdings={
        I1: {n: 2000 if n == "italy" else 0 for n in NATIONS},
        I2: dict.fromkeys(NATIONS, 10),
    },
    cash={I1: 0, I2: 0},
    rates=dict.fromkeys(NATIONS, 100),
).to_json()


class TestRule2TheOpeningBook:
    def test_every_investor_holds_1000_of_each_currency_and_no_cash(self) -> None:
        book = book_of(opening(9))
        assert sorted(book.holdings) == sorted(f"investor-{n}" for n in range(1, 10))
        assert all(h == dict.fromkeys(NATIONS, 1000) for h in book.holdings.values())
        assert set(book.cash.values()) == {0}
        assert book.rates == dict.fromkeys(NATIONS, 100)  # 1.00 Kj

    def test_the_currencies_are_data_not_code(self) -> None:
        book = Book.opening(["a", "b"], ["atlantis", "lemuria"])
        assert book.rates == {"atlantis": 100, "lemuria": 100}
        after = trade(book, {"a": [Trade(Side.SELL, "atlantis", 200)]})
        assert after.book.cash["a"] == 200 * 100

    def test_8_to_12_players(self) -> None:
        from adjudicator.errors import PositionError

        assert len(kap().seats(kap().check_options({"players": 12}))) == 12
        for wrong in (7, 13):
            with pytest.raises(PositionError, match="players must be 8 to 12"):
                kap().check_options({"players": wrong})


class TestRule3TheTurns:
    def test_turn_1_is_winter_1900_an_exchange_alone_fixing_control_for_1901(self) -> None:
        first = opening()
        assert str(first.phase) == "W1900X"
        assert kap().orders_due(first) == frozenset(kap().seats({"players": 8}))
        after = resolve(first, {I1: ["sell 500 france", "buy 400 russia"]}, seed=3)
        assert str(after.position.phase) == "S1901M"
        # Investor 1 holds 1,400 roubles, everyone else 500 (they sold automatically).
        assert kap().controllers(after.position)["russia"] == I1
        # He orders for Russia now, with his own exchange orders.
        given = kap().orders_given_by(after.position)
        assert "russia" in given[I1]
        assert I1 in given[I1]

    def test_the_military_part_first_then_the_exchange_at_the_rates_the_turn_began_with(
        self,
    ) -> None:
        position = spring_1901(
            book=Book(
                holdings={I1: {"russia": 1000}, I2: {"russia": 0}},
                cash={I1: 0, I2: 200_000},
                rates=dict.fromkeys(NATIONS, 150),
            ).to_json(),
            missed={I1: 0, I2: 0},
        )
        after = resolve(
            position,
            {
                "russia": ["A mos - ukr"],
                I2: ["buy 300 russia", "buy 400 russia"],
                I1: ["sell 500 russia"],
            },
            seed=1,
        )
        assert after.position.unit_in("ukr") is not None  # the military part was resolved
        book = book_of(after.position)
        # Both purchases are paid at 1.50 Kj, the rate the turn began with: 700 x 1.50.
        assert book.cash[I2] == 200_000 - 700 * 150
        # Net 700 - 500 = 200: two full hundreds, +0.02 Kj.
        assert book.rates["russia"] == 152

    def test_movement_never_waits_for_exchange_orders(self) -> None:
        position = spring_1901()
        assert not any(i.startswith("investor-") for i in kap().orders_due(position))


class TestRule4ExchangeOrders:
    def test_whole_units_in_plain_words(self) -> None:
        game_map = kap().map
        assert Buy.read("buy 300 russia", game_map, None, None) == Buy("russia", 300)
        assert Sell.read("Sell 500 roubles", game_map, None, None) == Sell("russia", 500)
        assert Buy.read("F lon - nth", game_map, None, None) is None
        for wrong in ("buy 1.5 russia", "buy -3 russia", "buy 0 russia", "buy 3 narnia", "buy"):
            with pytest.raises(ParseError):
                Buy.read(wrong, game_map, None, None)
        assert str(Buy("russia", 300)) == "buy 300 russia"

    def test_at_most_500_of_a_currency_sold_in_a_turn(self) -> None:
        book = Book.opening([I1], NATIONS)
        done = trade(
            book,
            {I1: [Trade(Side.SELL, "italy", 300), Trade(Side.SELL, "italy", 300)]},
        )
        assert [s.done for s in done.settled] == [300, 200]
        assert done.settled[1].shortfall is Shortfall.LIMIT
        assert done.book.holdings[I1]["italy"] == 500

    def test_sales_settle_first_and_fund_purchases(self) -> None:
        book = Book.opening([I1], NATIONS)
        # Written buy first, sell second: the sale still funds the purchase.
        done = trade(
            book,
            {I1: [Trade(Side.BUY, "russia", 400), Trade(Side.SELL, "italy", 500)]},
        )
        bought = next(s for s in done.settled if s.trade.side is Side.BUY)
        assert (bought.done, bought.shortfall) == (400, None)
        assert done.book.cash[I1] == 500 * 100 - 400 * 100

    def test_no_debt_an_overspending_order_buys_what_the_cash_allows_in_the_order_written(
        self,
    ) -> None:
        book = Book(
            holdings={I1: dict.fromkeys(NATIONS, 0)},
            cash={I1: 1000},  # 10.00 Kj
            rates={**dict.fromkeys(NATIONS, 100), "russia": 300},
        )
        done = trade(
            book,
            {I1: [Trade(Side.BUY, "russia", 5), Trade(Side.BUY, "turkey", 5)]},
        )
        # 3 roubles at 3.00 Kj (9.00), then 1 piastre with the 1.00 Kj left.
        assert [(s.done, s.shortfall) for s in done.settled] == [
            (3, Shortfall.CASH),
            (1, Shortfall.CASH),
        ]
        assert done.book.cash[I1] == 0

    def test_a_sale_of_more_than_is_held_sells_what_is_held(self) -> None:
        book = Book(holdings={I1: {"italy": 120}}, cash={I1: 0}, rates={"italy": 100})
        done = trade(book, {I1: [Trade(Side.SELL, "italy", 400)]})
        assert (done.settled[0].done, done.settled[0].shortfall) == (120, Shortfall.HOLDING)

    def test_the_results_say_what_was_done_and_why_less(self) -> None:
        position = spring_1901(
            book=Book(
                holdings={I1: dict.fromkeys(NATIONS, 1000), I2: dict.fromkeys(NATIONS, 0)},
                cash={I1: 0, I2: 0},
                rates=dict.fromkeys(NATIONS, 100),
            ).to_json(),
            missed={I1: 0, I2: 0},
        )
        after = resolve(position, {I1: ["sell 600 italy", "buy 700 russia"]})
        sold = result_of(after.results, I1, "sell 600 italy")
        assert (sold.reason.value, sold.params["done"]) == ("sale_limited", "500")
        bought = result_of(after.results, I1, "buy 700 russia")
        assert (bought.reason.value, bought.params["done"]) == ("purchase_short", "500")


class TestRule5Rates:
    @pytest.mark.parametrize(
        ("net", "moved"),
        [(0, 0), (99, 0), (100, 1), (999, 9), (-99, 0), (-150, -1), (-1000, -10)],
    )
    def test_each_full_100_of_net_trading_moves_the_rate_a_cent(self, net: int, moved: int) -> None:
        assert rate_after_trading(500, net) == 500 + moved

    def test_a_surviving_nations_rate_never_falls_below_a_cent(self) -> None:
        assert rate_after_trading(3, -1000) == 1

    def test_an_eliminated_nations_currency_is_worth_nothing_and_trades_no_more(self) -> None:
        book = Book(
            holdings={I1: {"italy": 500, "russia": 0}},
            cash={I1: 10_000},
            rates={"italy": 0, "russia": 100},
        )
        done = trade(
            book,
            {I1: [Trade(Side.SELL, "italy", 500), Trade(Side.BUY, "italy", 10)]},
            worthless=["italy"],
        )
        assert [(s.done, s.shortfall) for s in done.settled] == [
            (0, Shortfall.WORTHLESS),
            (0, Shortfall.WORTHLESS),
        ]
        assert done.book.rates["italy"] == 0

    @pytest.mark.parametrize(
        ("rate", "change", "after"),
        # 1.20 x 1.10 = 1.32; 1.20 x 0.95 = 1.14; 0.33 x 1.05 = 0.3465 -> 0.35;
        # 0.01 x 0.5 = 0.005 -> the floor, 0.01.
        [(120, 2, 132), (120, -1, 114), (33, 1, 35), (1, -10, 1)],
    )
    def test_house_rule_each_winter_5_percent_per_center_won_or_lost(
        self, rate: int, change: int, after: int
    ) -> None:
        assert rate_after_winter(rate, change) == after

    def test_the_winter_change_comes_after_the_fall_trading(self) -> None:
        variant = kap()
        fall = with_exchange(
            spring_1901(),
            book=Book(
                holdings={I1: dict.fromkeys(NATIONS, 1000)},
                cash={I1: 100_000},
                rates=dict.fromkeys(NATIONS, 100),
            ).to_json(),
            missed={I1: 0},
            controllers=dict.fromkeys(NATIONS, I1),
        )
        fall = fall.with_changes(phase=Phase.parse("F1901M"))
        fall, _events = variant.events_opening_phase(fall, 0)
        after = resolve(
            fall, {"russia": ["A war - gal"], "austria": ["A vie - tri"], I1: ["buy 300 russia"]}
        ).position
        # Russia: +3 roubles x 100 net -> 1.03, then no center won (Galicia is none);
        # Austria: no trade; Vienna stays Austrian and Trieste is hers already: no change.
        assert book_of(after).rates["russia"] == 103
        rumania = resolve(fall, {"russia": ["F sev - rum"], I1: ["buy 300 russia"]}).position
        # Rumania won: 1.03 x 1.05 = 1.0815 -> 1.08.
        assert book_of(rumania).rates["russia"] == 108


class TestRule6Control:
    def test_strictly_most_units_controls(self) -> None:
        found = control({I1: {"russia": 700}, I2: {"russia": 699}}, ["russia"])
        assert (found["russia"].investor, found["russia"].by) == (I1, ControlBy.MAJORITY)

    def test_excluded_investors_never_control(self) -> None:
        found = control({I1: {"russia": 900}, I2: {"russia": 10}}, ["russia"], excluded=[I1])
        assert found["russia"].investor == I2

    def test_nobody_holding_any_is_civil_disorder(self) -> None:
        found = control({I1: {"russia": 0}}, ["russia"])
        assert (found["russia"].investor, found["russia"].by) == (None, ControlBy.NOBODY)

    def test_a_tie_goes_to_who_held_more_on_the_turn_before_then_the_one_before(self) -> None:
        now = {I1: {"italy": 600}, I2: {"italy": 600}}
        before = {I1: {"italy": 500}, I2: {"italy": 500}}
        two_before = {I1: {"italy": 400}, I2: {"italy": 450}}
        found = control(now, ["italy"], earlier=[before, two_before])
        assert (found["italy"].investor, found["italy"].by, found["italy"].turns_back) == (
            I2,
            ControlBy.EARLIER_TURN,
            2,
        )

    def test_clear_majorities_first_then_ties_alphabetically_by_fewer_controls(self) -> None:
        holdings = {
            I1: {"austria": 500, "england": 500, "russia": 900},
            I2: {"austria": 500, "england": 500, "russia": 100},
        }
        found = control(holdings, ["austria", "england", "russia"], rng=Random(7))
        # Russia goes to investor 1 first (a clear majority); Austria, tied, to investor 2
        # (fewer controls so far: 0 against 1); England, tied, to whichever now has
        # fewer: both have 1, so it is drawn.
        assert found["russia"].investor == I1
        assert (found["austria"].investor, found["austria"].by) == (I2, ControlBy.FEWER_CONTROLS)
        assert found["england"].by is ControlBy.DRAWN

    def test_the_draw_is_seeded_and_replayed_the_same(self) -> None:
        holdings = {f"investor-{n}": {"turkey": 300} for n in range(1, 9)}
        drawn = {control(holdings, ["turkey"], rng=Random(s))["turkey"].investor for s in range(30)}
        assert len(drawn) > 1  # the seed decides
        again = [control(holdings, ["turkey"], rng=Random(11))["turkey"].investor for _ in range(3)]
        assert len(set(again)) == 1

    def test_the_draw_in_a_game_comes_from_the_phases_seed_and_is_recorded(self) -> None:
        first = opening()
        a = resolve(first, {}, seed=5)
        b = resolve(first, {}, seed=5)
        assert kap().controllers(a.position) == kap().controllers(b.position)
        drawn = [r for r in a.results if r.reason is not None and r.reason.value == "control_drawn"]
        assert drawn  # every investor sold 500 of each: level everywhere

    def test_one_investor_controlling_several_nations_gives_all_their_orders(self) -> None:
        position = spring_1901(controllers={**dict.fromkeys(NATIONS), "russia": I1, "turkey": I1})
        given = kap().orders_given_by(position)
        assert given[I1] == frozenset({I1, "russia", "turkey"})
        # A nation nobody controls gives no orders: its units hold (civil disorder).
        assert not any("austria" in p for p in given.values())


class TestRule7StrictOrders:
    def test_a_faulty_military_order_is_void_never_interpreted(self) -> None:
        position = spring_1901()
        problem = check_order(position, "france", "A par - mun")
        assert problem is not None
        assert problem.outcome is Outcome.VOID
        after = resolve(position, {"france": ["A par - mun"]})
        assert after.position.unit_in("par") is not None  # held: not read as something else


class TestRule8TheEnd:
    def test_victory_points_are_centers_per_100_units(self) -> None:
        points = victory_points(
            {I1: {"russia": 250, "italy": 100}, I2: {"russia": 0, "italy": 400}},
            {"russia": 8, "italy": 4},
        )
        # 2.5 x 8 + 1 x 4 = 24; 4 x 4 = 16.
        assert points == {I1: Fraction(24), I2: Fraction(16)}

    def test_ties_share_the_win_there_are_no_draws(self) -> None:
        assert winners({I1: Fraction(10), I2: Fraction(10), I3: Fraction(3)}) == (I1, I2)

    def test_the_game_ends_after_the_winter_of_the_last_year(self) -> None:
        variant = kap()
        position = with_exchange(
            spring_1901(),
            book=Book(
                holdings={I1: {"russia": 300, "austria": 0}, I2: {"russia": 100, "austria": 0}},
                cash={I1: 0, I2: 0},
                rates={**dict.fromkeys(NATIONS, 100)},
            ).to_json(),
            missed={I1: 0, I2: 0},
        )
        position = replace(
            position.with_changes(phase=Phase.parse("F1902M")),
            options=freeze({**position.options, "last_year": 1902}),
        )
        position, _ = variant.events_opening_phase(position, 0)
        # Both give exchange orders (selling Austrian crowns they do not hold), so
        # neither sells 500 of everything.
        keep = {I1: ["sell 1 austria"], I2: ["sell 1 austria"]}
        after = resolve(position, keep).position
        assert variant.finished(after)
        # 3 x 4 russian centers = 12 against 4.
        assert variant.winners_of(after) == (I1,)
        assert variant.winner(after) == I1
        assert not variant.finished(
            resolve(position.with_changes(phase=Phase.parse("F1901M")), keep).position
        )

    def test_a_nation_with_18_centers_after_a_winter_ends_it(self) -> None:
        variant = kap()
        position = spring_1901().with_changes(phase=Phase.parse("F1905M"))
        # Turkey alone keeps units, and owns 18 centers (its three and 15 others).
        turks = tuple(u for u in position.units if u.power == "turkey")
        ownership = dict(position.ownership)
        others = sorted(c for c in variant.map.supply_centers if ownership.get(c) != "turkey")
        for center in others[:15]:
            ownership[center] = "turkey"
        position = position.with_changes(units=turks, ownership=ownership)
        position, _ = variant.events_opening_phase(position, 0)
        fall = resolve(position, {}).position
        assert str(fall.phase) == "W1905A"
        assert not variant.finished(fall)  # the winter is not over yet
        after = resolve(fall, {}).position
        assert variant.finished(after)


class TestMissedOrders331:
    def test_no_exchange_orders_sells_500_of_every_currency_and_keeps_the_cash(self) -> None:
        after = resolve(opening(), {I1: ["buy 1 russia"]})
        book = book_of(after.position)
        assert book.holdings[I2] == dict.fromkeys(NATIONS, 500)
        assert book.cash[I2] == 7 * 500 * 100
        auto = [r for r in after.results if r.power == I2]
        assert {r.reason.value for r in auto} == {"sold_without_orders"}
        assert len(auto) == 7

    def test_three_turns_in_a_row_without_exchange_orders_excludes_announced(self) -> None:
        position = opening()
        for turn in range(3):
            orders = {I1: ["sell 10 italy"]} if turn != 1 else {}
            after = resolve(position, {**orders, I2: ["sell 1 italy"]} if turn == 0 else orders)
            position = after.position
        state = kap().state(position)
        # Investor 3 missed all three; investor 2 only the last two; investor 1 none in
        # a row (he missed the second only).
        assert I3 in state["excluded"]
        assert I2 not in state["excluded"]
        assert state["missed"][I1] == 0
        announced = [
            r
            for r in after.results
            if r.reason is not None and r.reason.value == "investor_excluded"
        ]
        assert I3 in {r.power for r in announced}

    def test_an_excluded_investor_keeps_selling_and_counts_no_more_for_control(self) -> None:
        position = spring_1901(
            book=ITALY_BOOK,
            missed={I1: 3, I2: 0},
            excluded=[I1],
        )
        after = resolve(position, {I1: ["buy 100 italy"], I2: ["sell 1 austria"]})
        book = book_of(after.position)
        assert book.holdings[I1]["italy"] == 1500  # his orders are not taken: he sold 500
        assert kap().controllers(after.position)["italy"] == I2  # 10 against an excluded 1,500
        assert I1 not in kap().orders_given_by(after.position)


class TestMissedOrders332AndExclusion333:
    """3.3.2: a turn waits for a nation's military orders (the host's replacement search),
    never for exchange orders; 3.3.3: whom the host says nobody plays is excluded, and
    one who has a player again counts again."""

    def test_the_exchange_turn_awaits_no_orders_and_a_movement_turn_awaits_the_nations(
        self,
    ) -> None:
        assert kap().orders_awaited(opening()) == frozenset()
        assert kap().orders_due(opening())  # investors may still say they are ready
        spring = spring_1901()
        assert kap().orders_awaited(spring) == frozenset(NATIONS)
        assert not kap().orders_awaited(spring) & set(kap().investors(spring))

    def test_an_investor_the_host_says_has_left_is_excluded_at_once_and_keeps_selling(
        self,
    ) -> None:
        position = spring_1901(
            book=ITALY_BOOK,
            missed={I1: 0, I2: 0},
            excluded=[],
        )
        position = position.with_changes(extras={**position.extras, "absent": [I1]})
        assert kap().excluded(position) == {I1}
        assert I1 not in kap().orders_given_by(position)
        after = resolve(position, {I2: ["sell 1 austria"]})
        assert book_of(after.position).holdings[I1]["italy"] == 1500  # sold 500 by itself
        assert kap().controllers(after.position)["italy"] == I2
        assert kap().state(after.position)["excluded"] == [I1]
        [told] = [
            r
            for r in after.results
            if r.power == I1 and r.reason is not None and r.reason.value == "investor_absent"
        ]
        assert told.outcome is Outcome.OK

    def test_a_replaced_investor_counts_again_with_his_missed_turns_forgiven(self) -> None:
        position = spring_1901(
            book=ITALY_BOOK,
            missed={I1: 3, I2: 0},
            excluded=[I1],
        )
        position = position.with_changes(extras={**position.extras, "absent": []})
        after = resolve(position, {I1: ["buy 100 italy"], I2: ["sell 1 austria"]})
        assert book_of(after.position).holdings[I1]["italy"] == 2000  # his orders count
        assert kap().controllers(after.position)["italy"] == I1
        state = kap().state(after.position)
        assert state["excluded"] == []
        assert state["missed"][I1] == 0
        assert any(
            r.power == I1 and r.reason is not None and r.reason.value == "investor_back"
            for r in after.results
        )


class TestTheCommandLine:
    def test_a_position_resolves_through_python_m_adjudicator(self) -> None:
        data = position_to_json(opening())
        data["orders"] = {I1: ["sell 500 france", "buy 400 russia"]}
        done = subprocess.run(
            [sys.executable, "-m", "adjudicator", "resolve"],
            input=json.dumps(data),
            capture_output=True,
            text=True,
            check=True,
        )
        out = json.loads(done.stdout)
        assert (out["phase"], out["next_phase"]) == ("W1900X", "S1901M")
        exchange = out["extras"]["exchange"]
        assert exchange["book"]["holdings"][I1]["russia"] == 1400
        assert exchange["controllers"]["russia"] == I1
        assert thaw(exchange["rates_history"][0]["phase"]) == "W1900X"
