"""Rules scenarios beyond the DATC: explained results, retreats, adjustments, centers, phases.

Each scenario is named after the rule it proves and is data: a position in the
command line's input shape, and what must come out.
"""

from __future__ import annotations

import io
import json
from dataclasses import dataclass, field
from typing import Any

import pytest

from adjudicator import OrderResult, Outcome, Reason, Variant, check_order, parse_order, resolve
from adjudicator.board import FrozenMap
from adjudicator.io import position_from_json, resolve_json
from adjudicator.variants import find_variant
from adjudicator.wording import explain

STANDARD = find_variant("standard")


@dataclass(frozen=True)
class Scenario:
    id: str
    phase: str
    units: dict[str, list[str]]
    orders: dict[str, list[str]] = field(default_factory=dict)
    centers: dict[str, list[str]] | None = None
    dislodged: dict[str, list[dict[str, Any]]] | None = None
    standoffs: list[str] | None = None
    #: order text (canonical) -> (result, reason words or None)
    results: dict[str, tuple[str, str | None]] = field(default_factory=dict)
    units_after: dict[str, list[str]] | None = None
    dislodged_after: dict[str, list[dict[str, Any]]] | None = None
    next_phase: str | None = None
    centers_after: dict[str, list[str]] | None = None
    winner: str | None = None

    def input(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "variant": "standard",
            "phase": self.phase,
            "units": self.units,
            "orders": self.orders,
        }
        if self.centers is not None:
            data["centers"] = self.centers
        if self.dislodged is not None:
            data["dislodged"] = self.dislodged
        if self.standoffs is not None:
            data["standoffs"] = self.standoffs
        return data


EXPLAINED = [
    Scenario(
        "explain_support_cut",
        "S1901M",
        {"austria": ["A boh"], "germany": ["A mun", "A ber"], "russia": ["A sil"]},
        {
            "austria": ["A boh - mun"],
            "germany": ["A mun S A ber - sil", "A ber - sil"],
            "russia": ["A sil H"],
        },
        results={
            "A mun S A ber - sil": ("cut", "support cut by A Bohemia"),
            "A ber - sil": ("bounce", "bounced off A Silesia (1 vs 1)"),
            "A boh - mun": ("bounce", "bounced off A Munich (1 vs 1)"),
        },
    ),
    Scenario(
        "explain_dislodged_with_strengths",
        "S1901M",
        {"austria": ["A gal", "A sil"], "russia": ["A war"]},
        {"austria": ["A gal - war", "A sil S A gal - war"]},
        results={"A war H": ("dislodged", "dislodged by A Galicia (2 vs 1)")},
    ),
    Scenario(
        "explain_convoy_disrupted",
        "S1901M",
        {"england": ["A lon", "F nth"], "germany": ["F hel", "F den"], "france": []},
        {
            "england": ["A lon - nwy", "F nth C A lon - nwy"],
            "germany": ["F hel - nth", "F den S F hel - nth"],
        },
        results={
            "A lon - nwy": ("disrupted", "convoy disrupted: F North Sea dislodged"),
            "F nth C A lon - nwy": ("dislodged", "dislodged by F Heligoland Bight (2 vs 1)"),
        },
    ),
    Scenario(
        "explain_cannot_dislodge_own_unit",
        "S1901M",
        {"germany": ["A mun", "A ber", "A sil"]},
        {"germany": ["A ber - mun", "A sil S A ber - mun"]},
        results={"A ber - mun": ("bounce", "cannot dislodge A Munich of the same power")},
    ),
    Scenario(
        "explain_lost_head_to_head",
        "S1901M",
        {"germany": ["A mun", "A ruh"], "france": ["A bur"]},
        {"germany": ["A mun - bur", "A ruh S A mun - bur"], "france": ["A bur - mun"]},
        results={
            "A bur - mun": ("dislodged", "dislodged by A Munich (2 vs 1)"),
            "A mun - bur": ("ok", None),
        },
    ),
    Scenario(
        "explain_bounce_names_the_strongest_rival",
        "S1901M",
        {"germany": ["A mun", "A ruh"], "france": ["A par", "A mar", "A gas"]},
        {
            "germany": ["A mun - bur", "A ruh S A mun - bur"],
            "france": ["A par - bur", "A mar S A par - bur"],
        },
        results={"A mun - bur": ("bounce", "bounced with A Paris (2 vs 2)")},
    ),
    Scenario(
        "explain_destroyed_without_retreat",
        "S1901M",
        {"germany": ["A ruh", "A mun", "A kie"], "france": ["A bel"], "england": ["A hol"]},
        {"germany": ["A ruh - hol", "A kie S A ruh - hol"], "france": ["A bel H"]},
        results={
            "A hol H": ("dislodged", "dislodged by A Ruhr with nowhere to retreat: destroyed")
        },
        dislodged_after={},
    ),
]

RETREATS = [
    Scenario(
        "retreat_never_to_the_attackers_province",
        "S1901M",
        {"germany": ["A mun", "A sil"], "austria": ["A boh"]},
        {"germany": ["A mun - boh", "A sil S A mun - boh"]},
        dislodged_after={
            "austria": [
                {"unit": "A boh", "attacker_from": "mun", "retreats": ["gal", "tyr", "vie"]}
            ]
        },
        next_phase="S1901R",
    ),
    Scenario(
        "retreat_convoy_exception_allows_the_attackers_province",
        "S1901M",
        {"england": ["A lon", "F nth", "F eng"], "france": ["A bel"]},
        {"england": ["A lon - bel", "F nth C A lon - bel", "F eng S A lon - bel"]},
        dislodged_after={
            "france": [
                {"unit": "A bel", "attacker_from": None, "retreats": ["bur", "hol", "pic", "ruh"]}
            ]
        },
    ),
    Scenario(
        "retreat_never_to_a_standoff",
        "S1901M",
        {
            "germany": ["A mun", "A sil"],
            "austria": ["A boh", "A vie"],
            "russia": ["A war"],
            "turkey": ["A bud"],
        },
        {
            "germany": ["A mun - boh", "A sil S A mun - boh"],
            "russia": ["A war - gal"],
            "turkey": ["A bud - gal"],
        },
        dislodged_after={
            "austria": [{"unit": "A boh", "attacker_from": "mun", "retreats": ["tyr"]}]
        },
    ),
    Scenario(
        "retreats_to_one_province_both_disband",
        "F1901R",
        {"germany": ["A mun", "A ber"]},
        {"austria": ["A boh - gal"], "russia": ["A war - gal"]},
        dislodged={
            "austria": [{"unit": "A boh", "attacker_from": "mun"}],
            "russia": [{"unit": "A war", "attacker_from": "pru"}],
        },
        centers={"germany": ["mun", "ber"], "russia": ["war"], "austria": ["vie"]},
        results={
            "A boh R gal": ("bounce", "bounced with A Warsaw in Galicia: both are disbanded"),
            "A war R gal": ("bounce", "bounced with A Bohemia in Galicia: both are disbanded"),
        },
        units_after={"germany": ["A ber", "A mun"]},
    ),
    Scenario(
        "retreat_to_an_illegal_province_disbands",
        "S1901R",
        {"germany": ["A boh"]},
        {"austria": ["A vie - boh"]},
        dislodged={"austria": [{"unit": "A vie", "attacker_from": "boh"}]},
        results={"A vie R boh": ("void", "A Vienna cannot retreat to Bohemia")},
        units_after={"germany": ["A boh"]},
        next_phase="F1901M",
    ),
    Scenario(
        "dislodged_unit_without_orders_disbands",
        "S1901R",
        {"germany": ["A boh"]},
        {},
        dislodged={"austria": [{"unit": "A vie", "attacker_from": "boh"}]},
        results={"A vie D": ("ok", "no retreat ordered: disbanded")},
        units_after={"germany": ["A boh"]},
    ),
    Scenario(
        "retreat_succeeds_and_fall_retreat_takes_the_center",
        "F1901R",
        {"germany": ["A mun"]},
        {"austria": ["A tyr - ven"]},
        dislodged={"austria": [{"unit": "A tyr", "attacker_from": "mun"}]},
        centers={"italy": ["ven"], "germany": ["mun"]},
        units_after={"austria": ["A ven"], "germany": ["A mun"]},
        centers_after={"austria": ["ven"], "germany": ["mun"]},
        next_phase="S1902M",  # one center and one unit each: nothing to adjust
    ),
]

ADJUSTMENTS = [
    Scenario(
        "build_in_a_vacant_owned_home_center",
        "W1901A",
        {"england": ["F nth"]},
        {"england": ["Build F lon", "Build A lvp"]},
        centers={"england": ["lon", "lvp", "edi"]},
        units_after={"england": ["A lvp", "F lon", "F nth"]},
        next_phase="S1902M",
    ),
    Scenario(
        "build_never_in_a_center_that_is_not_home",
        "W1901A",
        {"england": ["F nth"]},
        {"england": ["Build A bel"]},
        centers={"england": ["bel", "lon"]},
        results={"A bel B": ("void", "England may not build in Belgium")},
        units_after={"england": ["F nth"]},
    ),
    Scenario(
        "build_never_in_a_home_center_lost_to_another_power",
        "W1901A",
        {"england": ["F nth"]},
        {"england": ["Build A lon"]},
        centers={"england": ["bel", "edi"], "france": ["lon"]},
        results={"A lon B": ("void", "England may not build in London")},
    ),
    Scenario(
        "build_never_in_an_occupied_center",
        "W1901A",
        {"england": ["F lon"]},
        {"england": ["Build A lon"]},
        centers={"england": ["lon", "edi"]},
        results={"A lon B": ("void", "London is occupied")},
    ),
    Scenario(
        "build_a_fleet_only_on_a_coast",
        "W1901A",
        {"germany": []},
        {"germany": ["Build F mun"]},
        centers={"germany": ["mun"]},
        results={"F mun B": ("void", "a fleet cannot stand in Munich")},
    ),
    Scenario(
        "build_a_fleet_on_a_split_coast_names_the_coast",
        "W1901A",
        {"russia": []},
        {"russia": ["Build F stp", "Build F sev"]},
        centers={"russia": ["stp", "sev"]},
        results={"F stp B": ("void", "say which coast of St Petersburg"), "F sev B": ("ok", None)},
        units_after={"russia": ["F sev"]},
    ),
    Scenario(
        "build_no_more_than_the_centers_allow",
        "W1901A",
        {"france": ["A bur"]},
        {"france": ["Build A par", "Build F bre"]},
        centers={"france": ["par", "bre"]},
        results={"A par B": ("ok", None), "F bre B": ("void", "more orders than the 1 allowed")},
    ),
    Scenario(
        "waive_uses_up_a_build",
        "W1901A",
        {"france": ["A bur"]},
        {"france": ["WAIVE", "Build F bre"]},
        centers={"france": ["par", "bre"]},
        results={"WAIVE": ("ok", None), "F bre B": ("void", "more orders than the 1 allowed")},
        units_after={"france": ["A bur"]},
    ),
    Scenario(
        "disband_when_units_outnumber_centers",
        "W1901A",
        {"italy": ["A rom", "A ven", "F ion"]},
        {"italy": ["Disband F ion"]},
        centers={"italy": ["rom", "ven"]},
        units_after={"italy": ["A rom", "A ven"]},
    ),
    Scenario(
        "civil_disorder_disbands_the_unit_farthest_from_home",
        "W1901A",
        {"turkey": ["A con", "A smy", "A gre", "F tun"]},
        {},
        centers={"turkey": ["con", "smy"]},
        results={
            "F tun D": ("ok", "disbanded in civil disorder (farthest from home)"),
            "A gre D": ("ok", "disbanded in civil disorder (farthest from home)"),
        },
        units_after={"turkey": ["A con", "A smy"]},
    ),
    Scenario(
        "civil_disorder_fleets_before_armies_at_equal_distance",
        "W1901A",
        {"england": ["A lon", "A wal", "F nth"]},
        {},
        centers={"england": ["lon", "edi"]},
        units_after={"england": ["A lon", "A wal"]},
    ),
    Scenario(
        "civil_disorder_then_by_province_name",
        "W1901A",
        {"england": ["A lon", "A wal", "A yor"]},
        {},
        centers={"england": ["lon", "edi"]},
        # Wales and Yorkshire are one move from home: Wales goes first by name.
        units_after={"england": ["A lon", "A yor"]},
    ),
    Scenario(
        "adjustment_orders_for_a_power_with_none_due_are_void",
        "W1901A",
        {"france": ["A par"], "england": ["F lon", "F nth"]},
        {"france": ["Build A mar"]},
        centers={"france": ["par"], "england": ["lon", "edi", "lvp"]},
        results={"A mar B": ("void", "France has no builds due")},
    ),
]

PHASES = [
    Scenario(
        "a_quiet_spring_goes_straight_to_fall",
        "S1901M",
        {"france": ["A par"]},
        next_phase="F1901M",
    ),
    Scenario(
        "spring_never_changes_center_ownership",
        "S1901M",
        {"france": ["A bur"]},
        {"france": ["A bur - bel"]},
        centers={"france": ["par"]},
        centers_after={"france": ["par"]},
        next_phase="F1901M",
    ),
    Scenario(
        "fall_changes_ownership_and_empty_centers_keep_their_owner",
        "F1901M",
        {"france": ["A bur", "A par"]},
        {"france": ["A bur - bel", "A par - pic"]},
        centers={"france": ["par", "bre"]},
        centers_after={"france": ["bel", "bre", "par"]},
        next_phase="W1901A",  # three centers, two units, Paris vacant: a build is due
    ),
    Scenario(
        "fall_with_nothing_to_adjust_goes_to_spring",
        "F1901M",
        {"france": ["A par"]},
        centers={"france": ["par"]},
        next_phase="S1902M",
    ),
    Scenario(
        "builds_due_but_nowhere_to_build_skips_the_adjustments",
        "F1901M",
        {"france": ["A bel", "A par", "A mar", "A bre"]},
        centers={"france": ["par", "mar", "bre"]},
        centers_after={"france": ["bel", "bre", "mar", "par"]},
        next_phase="S1902M",
    ),
    Scenario(
        "victory_at_18_centers",
        "F1901M",
        {"russia": ["A nwy"]},
        {"russia": ["A nwy H"]},
        centers={
            "russia": [
                "stp",
                "mos",
                "war",
                "sev",
                "rum",
                "bul",
                "con",
                "ank",
                "smy",
                "ser",
                "bud",
                "vie",
                "tri",
                "gre",
                "swe",
                "den",
                "ber",
            ]
        },
        winner="russia",
    ),
    Scenario(
        "seventeen_centers_do_not_win",
        "F1901M",
        {"russia": ["A fin"]},
        centers={
            "russia": [
                "stp",
                "mos",
                "war",
                "sev",
                "rum",
                "bul",
                "con",
                "ank",
                "smy",
                "ser",
                "bud",
                "vie",
                "tri",
                "gre",
                "swe",
                "den",
                "ber",
            ]
        },
        winner=None,
    ),
]


def _check(s: Scenario) -> None:
    out = resolve_json(s.input())
    by_order = {r["order"]: r for r in out["results"]}
    for order, (result, reason) in s.results.items():
        assert order in by_order, (order, list(by_order))
        got = by_order[order]
        assert got["result"] == result, got
        assert got.get("reason") == reason, got
    for r in out["results"]:
        if r["result"] != "ok":
            assert r.get("reason"), r
    if s.units_after is not None:
        assert out["units"] == s.units_after
    if s.dislodged_after is not None:
        assert out["dislodged"] == s.dislodged_after
    if s.next_phase is not None:
        assert out["next_phase"] == s.next_phase
    if s.centers_after is not None:
        assert out["centers"] == s.centers_after
    assert out["winner"] == s.winner


@pytest.mark.parametrize("scenario", EXPLAINED, ids=lambda s: s.id)
def test_explained_results(scenario: Scenario) -> None:
    _check(scenario)


@pytest.mark.parametrize("scenario", RETREATS, ids=lambda s: s.id)
def test_retreats(scenario: Scenario) -> None:
    _check(scenario)


@pytest.mark.parametrize("scenario", ADJUSTMENTS, ids=lambda s: s.id)
def test_adjustments(scenario: Scenario) -> None:
    _check(scenario)


@pytest.mark.parametrize("scenario", PHASES, ids=lambda s: s.id)
def test_centers_phases_and_victory(scenario: Scenario) -> None:
    _check(scenario)


def test_a_movement_phase_is_never_skipped() -> None:
    """Even with no units at all, the next phase after winter is a spring movement."""
    out = resolve_json({"phase": "W1901A", "units": {}, "centers": {}})
    assert out["next_phase"] == "S1902M"
    out = resolve_json({"phase": "S1902M", "units": {}, "centers": {}})
    assert out["next_phase"] == "F1902M"


def test_one_powers_build_never_replaces_anothers_in_the_same_province() -> None:
    answer = resolve_json(
        {
            "phase": "W1901A",
            "units": {"france": ["A bre"], "germany": ["A kie"]},
            "centers": {"france": ["par", "bre"], "germany": ["kie", "ber"]},
            "orders": {"france": ["A par B"], "germany": ["A par B"]},
        }
    )
    by_power = {r["power"]: r for r in answer["results"]}
    assert by_power["france"]["result"] == "ok"
    assert by_power["germany"]["result"] == "void"
    assert by_power["germany"]["reason_code"] == "build_not_allowed"
    assert answer["units"]["france"] == ["A bre", "A par"]


def test_the_seed_of_a_phase_can_be_given_and_is_checked() -> None:
    from adjudicator.errors import PositionError

    start = {"variant": "multiple_void", "phase": "S1900D", "options": {"players": 2}}
    picks = {resolve_json({**start, "seed": seed})["units"]["red"][0] for seed in range(8)}
    assert len(picks) > 1  # a missed pick lands where the seed says
    with pytest.raises(PositionError, match="seed"):
        resolve_json({**start, "seed": "7"})


# -- phases the sequence never produces (issue 20) ---------------------------------------------


@pytest.mark.parametrize(
    "phase",
    ["S1900M", "F1900M", "S1900R", "W1900A", "S1899M", "S0M", "S1901D", "W1900N", "W1901P"],
)
def test_a_phase_the_standard_year_never_reaches_is_refused(phase: str) -> None:
    """The game begins in Spring 1901 and has no set-up phases: no year before it, and no
    nomination, placement or draft in any year."""
    from adjudicator.cli import main
    from adjudicator.errors import PositionError

    with pytest.raises(PositionError) as raised:
        resolve_json({"phase": phase, "units": {}})
    assert raised.value.path == "phase"
    out = io.StringIO()
    assert main(["resolve"], io.StringIO(json.dumps({"phase": phase})), out) == 2
    assert json.loads(out.getvalue()) == {
        "error": f"{phase} is not a phase of Standard",
        "path": "phase",
    }


@pytest.mark.parametrize("phase", ["S1901M", "S1901R", "F1901M", "F1901R", "W1901A", "S1950M"])
def test_every_phase_of_the_standard_year_from_1901_is_read(phase: str) -> None:
    position, _orders = position_from_json({"phase": phase, "units": {}})
    assert str(position.phase) == phase
    assert STANDARD.first_year == 1901
    assert str(STANDARD.initial_position().phase) == "S1901M"


# -- who plays which power ---------------------------------------------------------------------


def test_the_standard_game_does_not_declare_its_powers_drawn_by_lot() -> None:
    assert Variant.powers_by_lot is False
    assert STANDARD.powers_by_lot is False


# -- builds and disbands beyond what is due, refused at entry (issue 20) ------------------------

#: France builds 2 (Paris and Marseilles vacant), Germany disbands 2, Italy neither.
WINTER, _ = position_from_json(
    {
        "phase": "W1901A",
        "units": {"france": ["A bre"], "germany": ["A kie", "A ber", "A mun"], "italy": ["A ven"]},
        "centers": {"france": ["par", "bre", "mar"], "germany": ["kie"], "italy": ["ven"]},
    }
)


@pytest.mark.parametrize(
    ("power", "orders", "excess"),
    [
        ("france", ["A par B", "A mar B"], None),
        ("france", ["A par B", "WAIVE"], None),
        ("france", ["WAIVE", "WAIVE"], None),
        ("france", ["A par B"], None),
        ("france", [], None),
        ("france", ["A mar B", "F mar B"], None),  # one province: the later build replaces
        ("france", ["A par B", "A mar B", "WAIVE"], ("builds_excess", "2", "3")),
        ("france", ["A par B", "WAIVE", "WAIVE"], ("builds_excess", "2", "3")),
        ("france", ["WAIVE", "WAIVE", "WAIVE", "WAIVE"], ("builds_excess", "2", "4")),
        ("germany", ["A kie D", "A ber D"], None),
        ("germany", ["A mun D"], None),  # too few: civil disorder, not excess
        ("germany", ["A kie D", "A kie D"], None),
        ("germany", ["A kie D", "A ber D", "A mun D"], ("disbands_excess", "2", "3")),
        ("germany", ["A par B"], ("builds_excess", "0", "1")),
        ("italy", ["WAIVE"], ("builds_excess", "0", "1")),
        ("italy", ["A ven D"], ("disbands_excess", "0", "1")),
        ("italy", [], None),
    ],
)
def test_builds_and_disbands_beyond_what_is_due_are_excess(
    power: str, orders: list[str], excess: tuple[str, str, str] | None
) -> None:
    parsed = [parse_order(t, STANDARD.map, position=WINTER, power=power) for t in orders]
    found = STANDARD.order_set_excess(WINTER, power, parsed)
    if excess is None:
        assert found is None
    else:
        code, count, given = excess
        assert found == (Reason(code), {"count": count, "given": given})
    # On orders that are each legal, excess is exactly what the resolver voids as too many.
    if all(check_order(WINTER, power, o) is None for o in parsed):
        voided = resolve(WINTER, {power: parsed}).results
        assert (found is not None) == any(r.reason is Reason.TOO_MANY for r in voided)


def test_excess_is_said_in_words() -> None:
    orders = [
        parse_order(t, STANDARD.map, position=WINTER, power="france")
        for t in ("A par B", "A mar B", "WAIVE")
    ]
    found = STANDARD.order_set_excess(WINTER, "france", orders)
    assert found is not None
    reason, params = found
    said = explain(OrderResult("france", "", Outcome.VOID, reason, FrozenMap(params)), STANDARD.map)
    assert said == "more builds than allowed: 3 given (a waive counts as a build), 2 allowed"


def test_nothing_is_excess_outside_an_adjustment_phase() -> None:
    start = STANDARD.initial_position()
    orders = [
        parse_order(t, STANDARD.map, position=start, power="france")
        for t in ("A par - bur", "A mar - spa", "F bre - mao")
    ]
    assert STANDARD.order_set_excess(start, "france", orders) is None
