"""Kapitalisten, statement by statement (issue 34, "One table, rule by rule"): the statements
of chapter 3.3 (../shared/rules/kapitalisten-nmr.de.txt) and of the rules page's restated
rules and house rules (templates/variants/rules/kapitalisten.en.html) that no other
scenario proved, each as a scenario named after the rule it proves. docs/rules/kapitalisten.md
is the table that maps every checkable statement to its test, here, in test_kapitalisten.py
or in the site's tests; tests/adjudicator/test_rule_tables.py keeps that table honest."""

from __future__ import annotations

import pytest

from adjudicator import Outcome, Phase, check_order, resolve
from adjudicator.board import Unit, UnitKind
from adjudicator.errors import PositionError
from adjudicator.variants.kapitalisten.exchange import Book, rate_after_winter
from tests.adjudicator.test_kapitalisten import (
    I1,
    I2,
    NATIONS,
    book_of,
    kap,
    result_of,
    spring_1901,
    with_exchange,
)


def codes(results: object, power: str) -> list[str]:
    return [
        r.reason.value
        for r in results  # type: ignore[attr-defined]
        if r.power == power and r.reason is not None
    ]


class TestMissedExchangeOrders331:
    def test_331_an_investor_without_orders_sells_what_he_holds_when_it_is_less_than_500(
        self,
    ) -> None:
        # "dann versucht dieser Spieler automatisch, von jeder Währung 500
        # Währungseinheiten zu verkaufen": he tries; holding 120 lire, he sells those 120.
        position = spring_1901(
            book=Book(
                holdings={I1: {**dict.fromkeys(NATIONS, 1000), "italy": 120}, I2: {}},
                cash={I1: 0, I2: 0},
                rates=dict.fromkeys(NATIONS, 100),
            ).to_json(),
            missed={I1: 0, I2: 0},
        )
        after = resolve(position, {I2: ["sell 1 austria"]})
        book = book_of(after.position)
        assert book.holdings[I1]["italy"] == 0
        assert book.holdings[I1]["russia"] == 500
        sold = [r for r in after.results if r.power == I1 and r.params.get("nation") == "italy"]
        assert [(r.reason.value, r.params["done"]) for r in sold] == [
            ("sold_without_orders", "120")
        ]
        assert book.cash[I1] == (6 * 500 + 120) * 100


class TestMissedMilitaryOrders332:
    def test_332_a_nation_is_awaited_however_few_units_it_has_left(self) -> None:
        # "keine Befehle für eine noch existierende Nation ... (unabhängig davon, wie viele
        # Einheiten die Nation zu diesem Zeitpunkt noch besitzt)": Italy, down to one army,
        # is awaited as Russia with its four units is.
        position = spring_1901()
        italy = [u for u in position.units if u.power == "italy"][:1]
        position = position.with_changes(
            units=[u for u in position.units if u.power != "italy"] + italy
        )
        awaited = kap().orders_awaited(position)
        assert {"italy", "russia"} <= awaited


class TestExcludedInvestors333:
    def test_333_an_excluded_investors_automatic_sales_lower_the_rates(self) -> None:
        # "versucht dieser Spieler also weiterhin, 500 Währungseinheiten von jeder Währung
        # zu verkaufen und sorgt dabei für eine Reduzierung der entsprechenden Kurse":
        # nobody else trades; his 500 of each move every rate down 0.05 Kj.
        position = spring_1901(
            book=Book(
                holdings={I1: dict.fromkeys(NATIONS, 1000), I2: dict.fromkeys(NATIONS, 1000)},
                cash={I1: 0, I2: 0},
                rates=dict.fromkeys(NATIONS, 100),
            ).to_json(),
            missed={I1: 3, I2: 0},
            excluded=[I1],
        )
        after = resolve(position, {I1: ["buy 100 italy"], I2: ["sell 1 austria"]})
        rates = book_of(after.position).rates
        assert rates["italy"] == 95
        assert rates["russia"] == 95
        assert codes(after.results, I1).count("sold_without_orders") == 7


class TestTheRulesPage:
    """The rules the site's rules page restates (templates/variants/rules/kapitalisten.en.html,
    rules 1 to 8) where test_kapitalisten.py leaves a statement out."""

    def test_rule_3_a_currency_whose_nation_falls_in_the_turn_is_still_traded_in_it(
        self,
    ) -> None:
        # Italy has no unit left and only Venice, which Austria takes this fall: Italy falls
        # at the end of the turn, and investor 1's sale of lire in it is paid at 1.00 Kj.
        variant = kap()
        position = with_exchange(
            spring_1901(),
            book=Book(
                holdings={I1: dict.fromkeys(NATIONS, 1000)},
                cash={I1: 0},
                rates=dict.fromkeys(NATIONS, 100),
            ).to_json(),
            missed={I1: 0},
            controllers={**dict.fromkeys(NATIONS), "austria": I1},
        )
        ownership = {c: p for c, p in position.ownership.items() if p != "italy"}
        position = position.with_changes(
            phase=Phase.parse("F1901M"),
            units=[u for u in position.units if u.power != "italy"],
            ownership={**ownership, "ven": "italy"},
        )
        position, _ = variant.events_opening_phase(position, 0)
        after = resolve(
            position, {"austria": ["A vie - tyr", "F tri - ven"], I1: ["sell 100 italy"]}
        )
        sold = result_of(after.results, I1, "sell 100 italy")
        assert sold.outcome is Outcome.OK
        assert sold.reason is None  # all of it, at the turn's rate
        assert book_of(after.position).cash[I1] == 100 * 100
        assert "nation_eliminated" in codes(after.results, "italy")
        assert book_of(after.position).rates["italy"] == 0

    def test_rule_4_exchange_orders_are_never_conditional(self) -> None:
        # "Orders are never conditional": an exchange order with a condition is not read.
        position = spring_1901()
        problem = check_order(position, I1, "buy 300 russia if russia takes rumania")
        assert problem is not None
        assert problem.outcome is Outcome.ILLEGAL

    def test_rule_8_the_last_year_is_1910_or_1915_as_the_creator_chooses(self) -> None:
        # "after the winter of the last year (1910 by the German rules, 1915 by the
        # English; the game's creator chooses)"
        assert kap().option_defaults["last_year"] == 1910
        assert kap().check_options({"players": 8, "last_year": 1915})["last_year"] == 1915
        with pytest.raises(PositionError):
            kap().check_options({"players": 8, "last_year": 1899})


class TestTheHouseRules:
    @pytest.mark.parametrize(
        ("rate", "change", "after"),
        # 0.10 x 1.05 = 0.105 -> 0.11; 0.30 x 1.05 = 0.315 -> 0.32; 0.50 x 0.95 = 0.475 -> 0.48.
        [(10, 1, 11), (30, 1, 32), (50, -1, 48)],
    )
    def test_house_rule_the_winter_change_rounds_halves_up(
        self, rate: int, change: int, after: int
    ) -> None:
        assert rate_after_winter(rate, change) == after

    def test_house_rule_control_holds_from_the_next_phase_and_retreats_are_a_phase(
        self,
    ) -> None:
        # "Control worked out after a turn's exchange applies from the following phase, so
        # the spring retreats are ordered by whoever controls the nation after the spring
        # exchange"; "here they are short phases, ordered by whoever controls the nation
        # then": investor 1 commands Austria in the spring, investor 2 buys the most crowns
        # in it; Austria's army, driven out of Vienna that spring, retreats by investor 2's
        # order in a phase of its own.
        position = spring_1901(
            book=Book(
                holdings={
                    I1: {**dict.fromkeys(NATIONS, 0), "austria": 600},
                    I2: {**dict.fromkeys(NATIONS, 0), "austria": 500},
                },
                cash={I1: 0, I2: 100_000},
                rates=dict.fromkeys(NATIONS, 100),
            ).to_json(),
            missed={I1: 0, I2: 0},
            controllers={**dict.fromkeys(NATIONS), "austria": I1, "russia": I2},
        )
        austrian = [u for u in position.units if u.power == "austria" and u.location == "vie"]
        position = position.with_changes(
            units=[
                *austrian,
                Unit("russia", UnitKind.ARMY, "gal"),
                Unit("russia", UnitKind.ARMY, "boh"),
            ]
        )
        assert "austria" in kap().orders_given_by(position)[I1]
        after = resolve(
            position,
            {
                "russia": ["A gal - vie", "A boh S A gal - vie"],
                "austria": ["A vie H"],
                I1: ["sell 1 france"],
                I2: ["buy 300 austria"],
            },
        ).position
        assert str(after.phase) == "S1901R"
        assert [d.unit.power for d in after.dislodged] == ["austria"]
        assert kap().controllers(after)["austria"] == I2
        assert "austria" in kap().orders_given_by(after)[I2]
        assert "austria" not in kap().orders_given_by(after).get(I1, frozenset())
