"""Kapitalisten's results read on the site exactly as the adjudicator words them in
English, and in German (the nations by their German names)."""

from __future__ import annotations

import re

import pytest
from django.utils import translation

from adjudicator import OrderResult, Outcome, Reason, find_variant
from adjudicator.board import FrozenMap
from adjudicator.wording import explain
from games import wording

find_variant("kapitalisten")  # declares its reasons
CODES = (
    "sale_limited",
    "sale_short",
    "purchase_short",
    "currency_worthless",
    "sold_without_orders",
    "investor_excluded",
    "investor_absent",
    "investor_back",
    "nation_controlled",
    "control_by_earlier_turn",
    "control_by_fewer_nations",
    "control_drawn",
    "nation_uncontrolled",
    "rate_winter",
    "nation_eliminated",
    "exchange_won",
    "not_an_investor",
)


@pytest.mark.parametrize("code", CODES)
def test_each_result_reads_as_the_adjudicator_says_it_and_in_german(code: str) -> None:
    reason = Reason(code)
    samples = {"nation": "russia", "investor": "investor-3", "done": "300", "units": "900"}
    params = {n: samples.get(n, "2") for n in re.findall(r"{(\w+)}", reason.wording)}
    result = OrderResult("russia", "control", Outcome.OK, reason, FrozenMap(params))
    english = explain(result, find_variant("kapitalisten").map)
    with translation.override("en"):
        assert wording.result_sentence(code, params, "standard") == english
    with translation.override("de"):
        german = wording.result_sentence(code, params, "standard")
    assert german
    assert german != english
    if "nation" in params:
        assert "Russland" in german


def test_control_without_a_second_holder_reads_without_against() -> None:
    params = {"nation": "russia", "investor": "investor-3", "units": "900"}
    with translation.override("en"):
        assert wording.result_sentence("nation_controlled", params, "standard") == (
            "Russia is controlled by Investor 3 with 900"
        )
