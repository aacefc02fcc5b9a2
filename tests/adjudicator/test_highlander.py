"""Highlander (Diplomacy for two), rule by rule, as the German text numbers them.

Most scenarios are data: a position in the command line's input shape, its
orders, and what must come out; each is named after the rule it proves. The
random parts (completing a short list) are tested by their properties, and the
duel (rule 7) through its pure functions. Everything is seeded: the tests are
deterministic.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import pytest

from adjudicator import (
    Build,
    Phase,
    PhaseKind,
    Position,
    PositionError,
    Reason,
    Unit,
    UnitKind,
    UnitRef,
    check_order,
    legal_orders,
    parse_order,
    resolve,
)
from adjudicator.board import DislodgedUnit, FrozenMap
from adjudicator.io import position_from_json, position_to_json, resolve_json
from adjudicator.orders import Nominate, Waive
from adjudicator.results import Outcome
from adjudicator.variants import find_variant
from adjudicator.variants.highlander import (
    DuelRule,
    DuelStage,
    DuelState,
    Highlander,
    board_winner,
    duel_after_movement_turn,
    invert_setup,
)

HL = find_variant("highlander")
MAP = HL.map
A, F = UnitKind.ARMY, UnitKind.FLEET

# Two lists of 15 that share nothing, and the 4 centers neither names.
RED15 = ["lon", "edi", "lvp", "bre", "par", "mar", "spa", "por", "bel", "hol", "den", "nwy",
         "swe", "kie", "ber"]  # fmt: skip
BLUE15 = ["mos", "stp", "war", "sev", "ank", "con", "smy", "bud", "vie", "tri", "ser", "rum",
          "bul", "gre", "mun"]  # fmt: skip
REST = ["nap", "rom", "ven", "tun"]
ROUND_1 = {"round": 1, "excluded": [], "count": 15}
ROUND_2 = {"round": 2, "excluded": sorted(RED15), "count": 10}


def nominate(centers: list[str]) -> list[str]:
    return [f"nominate {c}" for c in centers]


# -- scenarios through the command line's JSON -------------------------------------------

#: (power, order as the output writes it, result, reason code or None)
Expected = tuple[str, str, str, str | None]


@dataclass(frozen=True)
class Scenario:
    id: str
    phase: str
    orders: dict[str, list[str]] = field(default_factory=dict)
    units: dict[str, list[str]] = field(default_factory=dict)
    centers: dict[str, list[str]] | None = None
    dislodged: dict[str, list[dict[str, Any]]] | None = None
    options: dict[str, Any] | None = None
    extras: dict[str, Any] | None = None
    results: list[Expected] = field(default_factory=list)
    next_phase: str | None = None
    centers_after: dict[str, list[str]] | None = None
    units_after: dict[str, list[str]] | None = None
    #: The extras after the phase; {} when the output has none.
    extras_after: dict[str, Any] | None = None
    winner: str | None = None

    def input(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "variant": "highlander",
            "phase": self.phase,
            "units": self.units,
            "orders": self.orders,
        }
        for key in ("centers", "dislodged", "options", "extras"):
            value = getattr(self, key)
            if value is not None:
                data[key] = value
        return data


def by_power(centers: list[str]) -> list[str]:
    return sorted(centers)


SCENARIOS = [
    # 1. The 2000 rulebook holds, on the standard map.
    Scenario(
        "rule_1_the_2000_rules_hold_a_supported_attack_dislodges",
        "F1901M",
        orders={"red": ["A par - bur", "A mar S A par - bur"], "blue": ["A bur H"]},
        units={"red": ["A par", "A mar"], "blue": ["A bur", "A mun"]},
        centers={"red": ["par", "mar"], "blue": ["mun", "bel"]},
        results=[
            ("red", "A par - bur", "ok", None),
            ("red", "A mar S A par - bur", "ok", None),
            ("blue", "A bur H", "dislodged", "dislodged_by"),
        ],
        next_phase="F1901R",
        # Centers change hands after the retreats, not before.
        centers_after={"blue": ["bel", "mun"], "red": ["mar", "par"]},
    ),
    Scenario(
        "rule_1_the_2000_rules_hold_equal_attacks_bounce",
        "F1901M",
        orders={"red": ["A par - bur"], "blue": ["A mun - bur"]},
        units={"red": ["A par"], "blue": ["A mun"]},
        centers={"red": ["par"], "blue": ["mun"]},
        results=[
            ("red", "A par - bur", "bounce", "bounced"),
            ("blue", "A mun - bur", "bounce", "bounced"),
        ],
        next_phase="F1902M",
    ),
    # 3.1 Each player nominates 15 centers, home or neutral alike.
    Scenario(
        "rule_3_1_each_list_names_15_centers_a_16th_is_void",
        "W1900N",
        orders={"red": nominate([*RED15, "nap"]), "blue": nominate(BLUE15)},
        extras=ROUND_1,
        results=[("red", "nominate nap", "void", "too_many")],
        next_phase="W1900P",
        centers_after={"blue": by_power(BLUE15), "red": by_power(RED15)},
        units_after={},
        extras_after={},
    ),
    Scenario(
        "rule_3_1_what_is_not_a_center_or_named_twice_is_void",
        "W1900N",
        orders={
            "red": nominate(["bur", *RED15[:3], "lon", *RED15[3:]]),
            "blue": nominate(BLUE15),
        },
        results=[
            ("red", "nominate bur", "void", "not_a_center"),
            ("red", "nominate lon", "void", "nominated_twice"),
            ("red", "nominate lon", "ok", None),
        ],
        next_phase="W1900P",
        centers_after={"blue": by_power(BLUE15), "red": by_power(RED15)},
    ),
    # 3.2 A center on one list only is that player's: home centers and neutrals alike.
    Scenario(
        "rule_3_2_a_center_only_one_player_named_is_theirs",
        "W1900N",
        orders={"red": nominate(RED15), "blue": nominate(BLUE15)},
        extras=ROUND_1,
        results=[
            ("red", "nominate lon", "ok", None),
            ("red", "nominate spa", "ok", None),
            ("blue", "nominate mos", "ok", None),
            ("blue", "nominate gre", "ok", None),
        ],
        next_phase="W1900P",
        centers_after={"blue": by_power(BLUE15), "red": by_power(RED15)},
        extras_after={},
    ),
    # 3.4 A center on both lists stays neutral.
    Scenario(
        "rule_3_4_a_center_on_both_lists_stays_neutral",
        "W1900N",
        orders={"red": nominate([*RED15[:-1], "mun"]), "blue": nominate(BLUE15)},
        extras=ROUND_1,
        results=[
            ("red", "nominate mun", "bounce", "nomination_contested"),
            ("blue", "nominate mun", "bounce", "nomination_contested"),
            ("red", "nominate kie", "ok", None),
        ],
        next_phase="W1900P",
        centers_after={"blue": by_power(BLUE15[:-1]), "red": by_power(RED15[:-1])},
    ),
    # 3.5 Identical lists give nothing: a second round of 10, none named before.
    Scenario(
        "rule_3_5_identical_lists_give_nothing_and_both_nominate_again",
        "W1900N",
        orders={"red": nominate(RED15), "blue": nominate(list(reversed(RED15)))},
        extras=ROUND_1,
        results=[
            ("red", "nominate lon", "bounce", "lists_identical"),
            ("blue", "nominate lon", "bounce", "lists_identical"),
            ("blue", "nominate ber", "bounce", "lists_identical"),
        ],
        next_phase="W1900N",
        centers_after={},
        extras_after=ROUND_2,
    ),
    Scenario(
        "rule_3_5_the_second_list_names_10_centers_not_named_before",
        "W1900N",
        orders={
            "red": nominate(["lon", *BLUE15[:10], "nap"]),
            "blue": nominate([*BLUE15[10:], *REST, "ank"]),
        },
        extras=ROUND_2,
        results=[
            ("red", "nominate lon", "void", "nomination_excluded"),
            ("red", "nominate nap", "void", "too_many"),
            ("red", "nominate ank", "bounce", "nomination_contested"),
            ("blue", "nominate ank", "bounce", "nomination_contested"),
            ("blue", "nominate nap", "ok", None),
        ],
        next_phase="W1900P",
        centers_after={
            "blue": by_power([*BLUE15[10:], *REST]),
            "red": by_power([c for c in BLUE15[:10] if c != "ank"]),
        },
        extras_after={},
    ),
    # House rule: identical again, another round, shrinking to one fewer than what is left.
    Scenario(
        "rule_3_5_house_rule_identical_again_a_third_round_of_what_is_left_less_one",
        "W1900N",
        orders={"red": nominate(BLUE15[:10]), "blue": nominate(BLUE15[:10])},
        extras=ROUND_2,
        results=[("red", "nominate mos", "bounce", "lists_identical")],
        next_phase="W1900N",
        centers_after={},
        extras_after={"round": 3, "excluded": sorted(RED15 + BLUE15[:10]), "count": 8},
    ),
    Scenario(
        "rule_3_5_house_rule_nothing_left_to_name_starts_nomination_over",
        "W1900N",
        orders={
            "red": nominate([*BLUE15[10:], *REST[:3]]),
            "blue": nominate([*BLUE15[10:], *REST[:3]]),
        },
        extras={"round": 3, "excluded": sorted(RED15 + BLUE15[:10]), "count": 8},
        next_phase="W1900N",
        centers_after={},
        extras_after={"round": 4, "excluded": [], "count": 15},
    ),
    Scenario(
        "rule_3_5_house_rule_a_third_round_can_still_give_out_centers",
        "W1900N",
        orders={
            "red": nominate([*BLUE15[10:], *REST[:3]]),
            "blue": nominate([*BLUE15[11:], *REST]),
        },
        extras={"round": 3, "excluded": sorted(RED15 + BLUE15[:10]), "count": 8},
        results=[("red", "nominate ser", "ok", None), ("blue", "nominate tun", "ok", None)],
        next_phase="W1900P",
        centers_after={"blue": ["tun"], "red": ["ser"]},
    ),
    # 3B: a set-up fixed by the organiser with centers only goes to placement.
    Scenario(
        "rule_3B_a_fixed_set_up_of_centers_is_placed_by_the_players",
        "W1900P",
        orders={"red": ["A vie B"], "blue": ["F stp/sc B"]},
        centers={"red": ["vie", "bud"], "blue": ["stp"]},
        options={
            "nomination": "fixed",
            "fixed_setup": {"centers": {"red": ["vie", "bud"], "blue": ["stp"]}},
        },
        results=[
            ("red", "A vie B", "ok", None),
            ("red", "A bud B", "ok", "placed_by_default"),
            ("blue", "F stp/sc B", "ok", None),
        ],
        next_phase="F1901M",
        units_after={"blue": ["F stp/sc"], "red": ["A bud", "A vie"]},
    ),
    # 4.1, 4.2 One unit on each own center; a later order for a center replaces an earlier.
    Scenario(
        "rule_4_1_each_player_places_a_unit_on_each_own_center",
        "W1900P",
        orders={
            "red": ["A vie B", "F spa/sc B", "F stp/nc B", "F bul/ec B", "A par B", "F lon B"],
            "blue": ["A mos B", "F tri B"],
        },
        centers={"red": ["vie", "spa", "stp", "bul", "par", "lon"], "blue": ["mos", "tri"]},
        results=[
            ("red", "A vie B", "ok", None),
            ("red", "F spa/sc B", "ok", None),
            ("red", "F lon B", "ok", None),
            ("blue", "F tri B", "ok", None),
        ],
        next_phase="F1901M",
        units_after={
            "blue": ["A mos", "F tri"],
            "red": ["A par", "A vie", "F bul/ec", "F lon", "F spa/sc", "F stp/nc"],
        },
        centers_after={
            "blue": ["mos", "tri"],
            "red": ["bul", "lon", "par", "spa", "stp", "vie"],
        },
    ),
    Scenario(
        "rule_4_2_one_unit_per_center_a_later_order_replaces_an_earlier",
        "W1900P",
        orders={"red": ["A spa B", "F spa/nc B", "A mos B"], "blue": ["A mos B"]},
        centers={"red": ["spa"], "blue": ["mos"]},
        results=[
            ("red", "A spa B", "illegal", "replaced"),
            ("red", "F spa/nc B", "ok", None),
            ("red", "A mos B", "void", "placement_not_own"),
            ("blue", "A mos B", "ok", None),
        ],
        next_phase="F1901M",
        units_after={"blue": ["A mos"], "red": ["F spa/nc"]},
    ),
    # 4.3 Armies only in Bud, Mos, Mun, Par, Ser, Vie, War.
    Scenario(
        "rule_4_3_inland_centers_take_armies_only",
        "W1900P",
        orders={"red": ["F vie B", "F par B", "A war B"], "blue": ["F mun B", "F ser B"]},
        centers={"red": ["vie", "par", "war"], "blue": ["mun", "ser", "bud"]},
        results=[
            ("red", "F vie B", "void", "build_terrain"),
            ("red", "F par B", "void", "build_terrain"),
            ("red", "A war B", "ok", None),
            ("red", "A vie B", "ok", "placed_by_default"),
            ("blue", "F mun B", "void", "build_terrain"),
        ],
        next_phase="F1901M",
        units_after={"blue": ["A bud", "A mun", "A ser"], "red": ["A par", "A vie", "A war"]},
    ),
    # 4.4 A fleet in Spa, StP or Bul names its coast.
    Scenario(
        "rule_4_4_a_fleet_on_two_coasts_must_name_one",
        "W1900P",
        orders={"red": ["F spa B", "F stp/nc B", "F bul/sc B"], "blue": ["F bul B"]},
        centers={"red": ["spa", "stp", "bul"], "blue": ["con"]},
        results=[
            ("red", "F spa B", "void", "coast_needed"),
            ("red", "F stp/nc B", "ok", None),
            ("red", "F bul/sc B", "ok", None),
            ("red", "A spa B", "ok", "placed_by_default"),
            ("blue", "F bul B", "void", "placement_not_own"),
            ("blue", "A con B", "ok", "placed_by_default"),
        ],
        next_phase="F1901M",
        units_after={"blue": ["A con"], "red": ["A spa", "F bul/sc", "F stp/nc"]},
    ),
    # 5. One movement turn a year; centers change hands after every one.
    Scenario(
        "rule_5_centers_change_hands_after_every_movement_turn",
        "F1901M",
        orders={"red": ["A kie - hol"]},
        units={"red": ["A kie"], "blue": ["A mos"]},
        centers={"red": ["kie"], "blue": ["mos"]},
        results=[("red", "A kie - hol", "ok", None)],
        next_phase="W1901A",
        centers_after={"blue": ["mos"], "red": ["hol", "kie"]},
    ),
    Scenario(
        "rule_5_with_nothing_to_adjust_the_next_year_follows",
        "F1903M",
        units={"red": ["A kie"], "blue": ["A mos"]},
        centers={"red": ["kie"], "blue": ["mos"]},
        next_phase="F1904M",
    ),
    Scenario(
        "rule_5_after_the_retreats_centers_change_hands",
        "F1901R",
        orders={"blue": ["A bur R pic"]},
        units={"red": ["A bur", "A mar"], "blue": ["A mun"]},
        dislodged={"blue": [{"unit": "A bur", "attacker_from": "par"}]},
        centers={"red": ["par", "mar"], "blue": ["mun", "bel"]},
        results=[("blue", "A bur R pic", "ok", None)],
        next_phase="F1902M",
        centers_after={"blue": ["bel", "mun"], "red": ["mar", "par"]},
    ),
    Scenario(
        "rule_5_1_builds_go_in_any_vacant_own_center",
        "W1901A",
        orders={"red": ["A par B", "A mos B"]},
        units={"red": ["A par", "A mar"], "blue": ["A war"]},
        centers={"red": ["par", "mar", "mos"], "blue": ["war"]},
        results=[("red", "A par B", "void", "build_occupied"), ("red", "A mos B", "ok", None)],
        next_phase="F1902M",
        units_after={"blue": ["A war"], "red": ["A mar", "A mos", "A par"]},
    ),
    Scenario(
        "rule_5_civil_disorder_disbands_the_unit_farthest_from_own_centers",
        "W1901A",
        units={"red": ["A par", "A mos"], "blue": ["A war"]},
        centers={"red": ["par"], "blue": ["war", "sev"]},
        results=[("red", "A mos D", "ok", "civil_disorder")],
        next_phase="F1902M",
        units_after={"blue": ["A war"], "red": ["A par"]},
    ),
    # 6. 18 centers after a movement turn win.
    Scenario(
        "rule_6_18_centers_after_a_movement_turn_win",
        "F1905M",
        orders={"red": ["A kie - hol"]},
        units={"red": ["A kie"], "blue": ["A mos"]},
        centers={
            "red": [*[c for c in RED15 if c != "hol"], "mun", "ven", "rom"],
            "blue": ["mos"],
        },
        next_phase="W1905A",
        winner="red",
    ),
    Scenario(
        "rule_6_17_centers_do_not_win",
        "F1905M",
        orders={"red": ["A kie - hol"]},
        units={"red": ["A kie"], "blue": ["A mos"]},
        centers={"red": [*[c for c in RED15 if c != "hol"], "mun", "ven"], "blue": ["mos"]},
        next_phase="W1905A",
        winner=None,
    ),
    Scenario(
        "rule_6_a_player_with_no_unit_and_no_center_has_lost",
        "F1905M",
        orders={"red": ["A kie - hol"]},
        units={"red": ["A kie"]},
        centers={"red": ["kie"], "blue": ["hol"]},
        next_phase="W1905A",
        centers_after={"red": ["hol", "kie"]},
        winner="red",
    ),
]


def _results(answer: dict[str, Any]) -> list[Expected]:
    return [(r["power"], r["order"], r["result"], r.get("reason_code")) for r in answer["results"]]


@pytest.mark.parametrize("case", SCENARIOS, ids=lambda c: c.id)
def test_highlander_rules(case: Scenario) -> None:
    answer = resolve_json(case.input())
    missing = Counter(case.results) - Counter(_results(answer))
    assert not missing, f"expected results missing: {sorted(missing)}; got {_results(answer)}"
    if case.next_phase is not None:
        assert answer["next_phase"] == case.next_phase
    if case.centers_after is not None:
        assert answer["centers"] == case.centers_after
    if case.units_after is not None:
        assert answer["units"] == case.units_after
    if case.extras_after is not None:
        assert answer.get("extras", {}) == case.extras_after
    assert answer["winner"] == case.winner


@pytest.mark.parametrize(
    "case",
    [c for c in SCENARIOS if c.phase.endswith("N")],
    ids=lambda c: c.id,
)
def test_every_nomination_is_answered_once_per_list_entry(case: Scenario) -> None:
    """Every order gets a result, and each list (completed if short) has the round's size."""
    answer = resolve_json(case.input())
    for power in ("red", "blue"):
        given = case.orders.get(power, [])
        mine = [r for r in answer["results"] if r["power"] == power]
        on_list = [r for r in mine if r["result"] in ("ok", "bounce")]
        count = (case.extras or ROUND_1)["count"]
        assert len(on_list) == count
        assert len({r["order"] for r in on_list}) == count
        # Each given order is answered; the rest are completions.
        assert len(mine) == len(given) + sum(
            1 for r in mine if r.get("reason_code") == "nominated_at_random"
        )


# -- rule 2: two players ------------------------------------------------------------------


def test_rule_2_two_players_red_and_blue() -> None:
    assert HL.powers == ("red", "blue")
    assert HL.player_counts == (2, 2)
    assert HL.seats(HL.check_options(None)) == ("red", "blue")
    assert HL.map_id == "standard"
    with pytest.raises(PositionError) as e:
        resolve_json({"variant": "highlander", "phase": "F1901M", "units": {"france": ["A par"]}})
    assert e.value.path == "units.france"


def test_rule_1_and_5_a_year_is_one_fall_movement_its_retreats_and_adjustments() -> None:
    assert HL.phase_sequence == (
        (Phase.parse("F1901M").season, PhaseKind.MOVEMENT),
        (Phase.parse("F1901R").season, PhaseKind.RETREATS),
        (Phase.parse("W1901A").season, PhaseKind.ADJUSTMENTS),
    )
    assert HL.knows_phase(Phase.parse("W1900N"))
    assert HL.knows_phase(Phase.parse("W1900P"))
    assert not HL.knows_phase(Phase.parse("S1901M"))
    assert HL.rules_text
    assert HL.created_by


# -- rule 3: the start --------------------------------------------------------------------


def test_rule_3_the_board_starts_empty_at_nomination() -> None:
    start = HL.initial_position()
    assert str(start.phase) == "W1900N"
    assert start.units == ()
    assert dict(start.ownership) == {}
    assert dict(start.extras) == {"round": 1, "excluded": (), "count": 15}
    assert HL.orders_due(start) == {"red", "blue"}
    assert HL.winner(start) is None


def test_rule_3_1_a_missing_list_is_completed_at_random() -> None:
    start = HL.initial_position()
    after = resolve(start, {"red": RED15[:10]}, seed=7)
    red = [r for r in after.results if r.power == "red"]
    blue = [r for r in after.results if r.power == "blue"]
    assert len(red) == 15
    assert len(blue) == 15
    assert {str(r.order) for r in red} >= {f"nominate {c}" for c in RED15[:10]}
    randoms = [r for r in red if r.reason is Reason.NOMINATED_AT_RANDOM]
    assert all(r.outcome is Outcome.OK for r in randoms)
    # The same seed, the same lists; another seed, (here) other lists.
    again = resolve(start, {"red": RED15[:10]}, seed=7)
    assert again == after
    assert resolve(start, {"red": RED15[:10]}, seed=8).position != after.position


def test_rule_3_1_the_site_is_told_a_list_is_not_whole() -> None:
    start = HL.initial_position()
    orders = [Nominate(c) for c in RED15[:14]] + [Nominate("lon"), Nominate("bur")]
    assert HL.order_set_problem(start, "red", orders) == (
        Reason.NOMINATION_COUNT,
        {"count": "15", "given": "14"},
    )
    assert HL.order_set_problem(start, "red", [Nominate(c) for c in RED15]) is None
    sixteen = [Nominate(c) for c in [*RED15, "nap"]]
    assert HL.order_set_problem(start, "red", sixteen) == (
        Reason.NOMINATION_COUNT,
        {"count": "15", "given": "16"},
    )


def test_rule_3_1_legal_orders_are_the_centers_that_may_be_named() -> None:
    start = HL.initial_position()
    legal = legal_orders(start, "red")
    assert sorted(legal) == sorted(MAP.supply_centers)
    assert legal["lon"] == (Nominate("lon"),)
    for orders in legal.values():
        for order in orders:
            assert parse_order(str(order), MAP, position=start, power="red") == order


def test_rule_3_5_later_rounds_may_not_name_earlier_centers() -> None:
    round_2 = HL.initial_position().with_changes(extras=ROUND_2)
    legal = HL.setup_legal_orders(round_2, "blue")
    assert sorted(legal) == sorted(BLUE15 + REST)
    assert HL.order_set_problem(round_2, "red", [Nominate(c) for c in BLUE15[:10]]) is None
    with_excluded = [Nominate(c) for c in ["lon", *BLUE15[:9]]]
    assert HL.order_set_problem(round_2, "red", with_excluded) == (
        Reason.NOMINATION_COUNT,
        {"count": "10", "given": "9"},
    )


def test_rule_3_5_nomination_state_in_extras_is_checked() -> None:
    start = HL.initial_position()
    cases: list[tuple[dict[str, Any], str]] = [
        ({"round": 0}, "extras.round"),
        ({"excluded": ["bur"]}, "extras.excluded[0]"),
        ({"count": 35}, "extras.count"),
        ({"excluded": sorted(RED15), "count": 20}, "extras.count"),
    ]
    for extras, path in cases:
        with pytest.raises(PositionError) as e:
            resolve(start.with_changes(extras=extras), {})
        assert e.value.path == path, extras


# -- rule 3A: every great power on every list ---------------------------------------------

EVERY_POWER = {"nomination": "every_power"}
#: 15 centers with a home center of each great power.
BLUE_3A = ["lon", "par", "rom", "mos", "stp", "war", "sev", "ank", "con", "smy", "bud", "vie",
           "tri", "mun", "ser"]  # fmt: skip
HOMES = {p: set(MAP.home_centers(p)) for p in MAP.power_ids}


def test_rule_3A_a_list_must_name_a_home_center_of_every_great_power() -> None:
    start = HL.initial_position(EVERY_POWER)
    assert HL.order_set_problem(start, "blue", [Nominate(c) for c in BLUE_3A]) is None
    # RED15 names England, France, Germany and neutrals: Austria comes first of the missing.
    assert HL.order_set_problem(start, "red", [Nominate(c) for c in RED15]) == (
        Reason.NOMINATION_MISSING_POWER,
        {"power": "austria"},
    )


def test_rule_3A_in_a_later_round_only_powers_with_a_home_center_left_count() -> None:
    # RED15 excluded England's and France's home centers, and Kiel and Berlin.
    round_2 = HL.initial_position(EVERY_POWER).with_changes(extras=ROUND_2)
    ten = ["mos", "ank", "bud", "rom", "mun", "ser", "rum", "bul", "gre", "tun"]
    assert HL.order_set_problem(round_2, "red", [Nominate(c) for c in ten]) is None
    without_germany = [Nominate(c) for c in [*ten[:4], "nap", *ten[5:]]]
    assert HL.order_set_problem(round_2, "red", without_germany) == (
        Reason.NOMINATION_MISSING_POWER,
        {"power": "germany"},
    )


def test_rule_3A_a_full_list_missing_great_powers_makes_room_for_them() -> None:
    start = HL.initial_position(EVERY_POWER)
    after = resolve(start, {"red": nominate(RED15), "blue": nominate(BLUE_3A)}, seed=3)
    red = [r for r in after.results if r.power == "red"]
    dropped = [
        (str(r.order), r.params["power"]) for r in red if r.reason is Reason.NOMINATION_DROPPED
    ]
    # The last-given centers whose power (or neutrality) is otherwise on the list make room:
    # Berlin (Kiel stays for Germany), then Sweden, Norway, Denmark (neutrals).
    assert dropped == [
        ("nominate ber", "austria"),
        ("nominate den", "turkey"),
        ("nominate nwy", "russia"),
        ("nominate swe", "italy"),
    ]
    on_list = {r.order.center for r in red if isinstance(r.order, Nominate)} - {
        "ber",
        "swe",
        "nwy",
        "den",
    }
    assert len(on_list) == 15
    for power, homes in HOMES.items():
        assert on_list & homes, power
    added = on_list - set(RED15)
    assert len(added) == 4
    for r in red:
        if isinstance(r.order, Nominate) and r.order.center in added:
            assert r.reason in (Reason.NOMINATED_AT_RANDOM, Reason.NOMINATION_CONTESTED)


def test_rule_3A_a_missing_list_names_every_great_power() -> None:
    start = HL.initial_position(EVERY_POWER)
    for seed in range(20):
        after = resolve(start, {}, seed=seed)
        for power in ("red", "blue"):
            named = {
                r.order.center
                for r in after.results
                if r.power == power and isinstance(r.order, Nominate)
            }
            assert len(named) == 15
            assert all(named & homes for homes in HOMES.values()), (seed, power)


# -- rule 3B: a set-up fixed by the organiser ---------------------------------------------

FIXED_CENTERS = {"red": ["vie", "bud", "tri", "spa"], "blue": ["mos", "stp", "war", "sev"]}
FIXED_UNITS = {"red": ["A vie", "A bud", "F tri", "F spa/nc"], "blue": ["A mos", "F stp/sc"]}


def test_rule_3B_a_fixed_set_up_with_units_starts_at_the_first_movement() -> None:
    options = {
        "nomination": "fixed",
        "fixed_setup": {"centers": FIXED_CENTERS, "units": FIXED_UNITS},
    }
    start = HL.initial_position(options)
    assert str(start.phase) == "F1901M"
    assert sorted(str(u) for u in start.units_of("red")) == sorted(FIXED_UNITS["red"])
    assert start.centers_of("blue") == set(FIXED_CENTERS["blue"])
    # It runs: blue builds in its two empty centers after the first turn.
    after = resolve(start, {})
    assert str(after.position.phase) == "W1901A"
    assert HL.build_sites(after.position, "blue") == ("sev", "war")


def test_rule_3B_a_fixed_set_up_of_centers_starts_at_placement() -> None:
    start = HL.initial_position({"nomination": "fixed", "fixed_setup": {"centers": FIXED_CENTERS}})
    assert str(start.phase) == "W1900P"
    assert start.units == ()
    assert dict(start.ownership) == {c: p for p, cs in FIXED_CENTERS.items() for c in cs}
    assert HL.orders_due(start) == {"red", "blue"}
    # Names and aliases are read as the command line reads them.
    named = HL.initial_position(
        {
            "nomination": "fixed",
            "fixed_setup": {"centers": {"red": ["Vienna"], "blue": ["St Petersburg"]}},
        }
    )
    assert dict(named.ownership) == {"vie": "red", "stp": "blue"}


def test_rule_3B_there_is_no_nomination_with_a_fixed_set_up() -> None:
    data = {
        "variant": "highlander",
        "phase": "W1900N",
        "options": {"nomination": "fixed", "fixed_setup": {"centers": FIXED_CENTERS}},
    }
    with pytest.raises(PositionError) as e:
        resolve_json(data)
    assert e.value.path == "phase"


def _fixed(centers: Any = None, units: Any = None, **more: Any) -> dict[str, Any]:
    setup: dict[str, Any] = {"centers": FIXED_CENTERS if centers is None else centers}
    if units is not None:
        setup["units"] = units
    setup.update(more)
    return {"nomination": "fixed", "fixed_setup": setup}


@pytest.mark.parametrize(
    ("options", "path"),
    [
        ({"nomination": "auction"}, "options.nomination"),
        ({"nomination": "fixed"}, "options.fixed_setup"),
        ({"fixed_setup": {"centers": FIXED_CENTERS}}, "options.fixed_setup"),
        ({"players": 3}, "options.players"),
        ({"nomination": "fixed", "fixed_setup": ["vie"]}, "options.fixed_setup"),
        (_fixed(neutral=["nap"]), "options.fixed_setup.neutral"),
        (_fixed({"red": ["vie", "bur"], "blue": ["mos"]}), "options.fixed_setup.centers.red[1]"),
        (_fixed({"red": ["vie", "xyz"], "blue": ["mos"]}), "options.fixed_setup.centers.red[1]"),
        (_fixed({"red": ["vie"], "blue": ["mos", "vie"]}), "options.fixed_setup.centers.blue[1]"),
        (_fixed({"red": "vie", "blue": ["mos"]}), "options.fixed_setup.centers.red"),
        (_fixed({"red": ["vie"], "green": ["mos"]}), "options.fixed_setup.centers.green"),
        (_fixed({"red": ["vie"]}), "options.fixed_setup.centers.blue"),
        (
            _fixed({"red": sorted(MAP.supply_centers)[:18], "blue": ["war"]}),
            "options.fixed_setup.centers.red",
        ),
        (_fixed(units={"red": ["A mos"]}), "options.fixed_setup.units.red[0]"),
        (_fixed(units={"red": ["A vie", "A vie"]}), "options.fixed_setup.units.red[1]"),
        (_fixed(units={"red": ["A spa", "F spa/sc"]}), "options.fixed_setup.units.red[1]"),
        (_fixed(units={"red": ["F vie"]}), "options.fixed_setup.units.red[0]"),
        (_fixed(units={"red": ["F spa"]}), "options.fixed_setup.units.red[0]"),
        (_fixed(units={"red": ["vie"]}), "options.fixed_setup.units.red[0]"),
        (_fixed(units={"blue": ["A xyz"]}), "options.fixed_setup.units.blue[0]"),
    ],
    ids=[
        "unknown_rule",
        "fixed_without_set_up",
        "set_up_without_fixed",
        "unknown_option",
        "set_up_not_an_object",
        "unknown_key",
        "not_a_center",
        "unknown_province",
        "owned_twice",
        "centers_not_a_list",
        "unknown_power",
        "a_player_without_centers",
        "won_before_the_first_move",
        "unit_on_the_others_center",
        "two_units_in_a_center",
        "army_and_fleet_in_a_center",
        "fleet_inland",
        "fleet_without_coast",
        "unit_without_kind",
        "unit_unknown_province",
    ],
)
def test_rule_3B_a_fixed_set_up_that_is_not_sound_is_refused(options: Any, path: str) -> None:
    with pytest.raises(PositionError) as e:
        HL.initial_position(options)
    assert e.value.path == path
    with pytest.raises(PositionError) as e:
        resolve_json({"variant": "highlander", "phase": "W1900P", "options": options})
    assert e.value.path == path


# -- rule 4: placement --------------------------------------------------------------------


def _placement(centers: dict[str, list[str]]) -> Position:
    ownership = {c: p for p, cs in centers.items() for c in cs}
    return Position("highlander", Phase.parse("W1900P"), (), FrozenMap(ownership))


def test_rule_4_1_the_site_is_told_which_centers_have_no_unit_yet() -> None:
    position = _placement({"red": ["vie", "spa"], "blue": ["mos"]})
    assert HL.orders_due(position) == {"red", "blue"}
    ok = [Build(UnitRef(A, "vie")), Build(UnitRef(F, "spa/nc"))]
    assert HL.order_set_problem(position, "red", ok) is None
    # A void placement does not count.
    void = [Build(UnitRef(F, "vie")), Build(UnitRef(F, "spa/nc"))]
    assert HL.order_set_problem(position, "red", void) == (
        Reason.PLACEMENT_MISSING,
        {"location": "vie"},
    )
    assert HL.order_set_problem(position, "blue", []) == (
        Reason.PLACEMENT_MISSING,
        {"location": "mos"},
    )


def test_rule_4_3_and_4_4_legal_placements_follow_terrain_and_coasts() -> None:
    position = _placement({"red": ["vie", "spa", "lon"], "blue": ["mos"]})
    legal = legal_orders(position, "red")
    assert {k: [str(o) for o in v] for k, v in legal.items()} == {
        "lon": ["A lon B", "F lon B"],
        "spa": ["A spa B", "F spa/nc B", "F spa/sc B"],
        "vie": ["A vie B"],
    }
    for orders in legal.values():
        for order in orders:
            assert parse_order(str(order), MAP, position=position, power="red") == order
            assert check_order(position, "red", order) is None
    assert sorted(HL.setup_legal_orders(position, None)) == ["lon", "mos", "spa", "vie"]


# -- property: randomised nominations ------------------------------------------------------


@pytest.mark.parametrize("nomination", ["free", "every_power"])
def test_randomised_nominations_give_each_player_the_centers_only_they_named(
    nomination: str,
) -> None:
    start = HL.initial_position({"nomination": nomination})
    centers = sorted(MAP.supply_centers)
    for seed in range(60):
        rng = random.Random(seed)
        orders = {}
        for power in ("red", "blue"):
            size = rng.randrange(0, 18)
            picks = [rng.choice([*centers, "bur", "nth"]) for _ in range(size)]
            orders[power] = [f"nominate {c}" for c in picks]
        after = resolve(start, orders, seed=seed)
        named = {
            power: {
                r.order.center
                for r in after.results
                if r.power == power
                and isinstance(r.order, Nominate)
                and r.outcome in (Outcome.OK, Outcome.BOUNCE)
            }
            for power in ("red", "blue")
        }
        assert len(named["red"]) == len(named["blue"]) == 15, seed
        if named["red"] == named["blue"]:
            assert not after.position.ownership
            continue
        for power, other in (("red", "blue"), ("blue", "red")):
            assert after.position.centers_of(power) == named[power] - named[other], seed
        neutral = MAP.supply_centers - set(after.position.ownership)
        assert named["red"] & named["blue"] <= neutral
        if nomination == "every_power":
            for power in ("red", "blue"):
                assert all(named[power] & homes for homes in HOMES.values()), (seed, power)
        # The same seed gives the same answer.
        assert resolve(start, orders, seed=seed) == after


# -- a whole game through the command line's JSON ------------------------------------------


def _next_input(answer: dict[str, Any], orders: dict[str, list[str]]) -> dict[str, Any]:
    data: dict[str, Any] = {
        key: answer[key]
        for key in ("variant", "units", "centers", "standoffs", "options", "extras")
        if key in answer
    }
    data["phase"] = answer["next_phase"]
    data["dislodged"] = {
        p: [{"unit": d["unit"], "attacker_from": d["attacker_from"]} for d in ds]
        for p, ds in answer["dislodged"].items()
    }
    data["orders"] = orders
    return data


def test_a_whole_game_runs_through_the_command_line() -> None:
    first = position_to_json(HL.initial_position())
    assert first["phase"] == "W1900N"
    assert first["extras"] == ROUND_1
    # W1900N: identical lists (3.5).
    answer = resolve_json({**first, "orders": {"red": nominate(RED15), "blue": nominate(RED15)}})
    assert answer["next_phase"] == "W1900N"
    assert answer["extras"] == ROUND_2
    # W1900N again: 10 centers each, Naples contested.
    red10 = ["mos", "stp", "war", "sev", "ank", "con", "smy", "nap", "rom", "ven"]
    blue10 = ["bud", "vie", "tri", "ser", "rum", "bul", "gre", "mun", "tun", "nap"]
    answer = resolve_json(_next_input(answer, {"red": nominate(red10), "blue": nominate(blue10)}))
    assert answer["next_phase"] == "W1900P"
    assert answer["centers"] == {
        "blue": sorted(blue10[:-1]),
        "red": sorted([*red10[:-3], "rom", "ven"]),
    }
    assert "extras" not in answer
    assert answer["options"] == {"fixed_setup": None, "nomination": "free"}
    # W1900P: a few placements, the rest armies by default.
    answer = resolve_json(
        _next_input(
            answer,
            {"red": ["F stp/nc B", "F sev B", "F rom B"], "blue": ["F bul/sc B", "F gre B"]},
        )
    )
    assert answer["next_phase"] == "F1901M"
    assert "F stp/nc" in answer["units"]["red"]
    assert "A mos" in answer["units"]["red"]
    assert len(answer["units"]["red"]) == 9
    assert len(answer["units"]["blue"]) == 9
    # F1901M: blue takes Berlin, red takes Naples; a red fleet sails into the Black Sea.
    answer = resolve_json(
        _next_input(answer, {"red": ["F rom - nap", "F sev - bla"], "blue": ["A mun - ber"]})
    )
    assert answer["next_phase"] == "W1901A"
    assert "nap" in answer["centers"]["red"]
    assert "ber" in answer["centers"]["blue"]
    # W1901A: builds in any vacant own center (5.1).
    answer = resolve_json(_next_input(answer, {"red": ["F rom B"], "blue": ["A mun B"]}))
    assert answer["next_phase"] == "F1902M"
    assert "F rom" in answer["units"]["red"]
    assert "A mun" in answer["units"]["blue"]
    # F1902M: red takes Bulgaria with support; the blue fleet there must retreat.
    answer = resolve_json(
        _next_input(answer, {"red": ["A con - bul", "F bla S A con - bul"], "blue": []})
    )
    assert answer["next_phase"] == "F1902R"
    assert answer["dislodged"]["blue"][0]["unit"] == "F bul/sc"
    assert "bul" in answer["centers"]["blue"]  # centers change after the retreats
    # F1902R: the fleet retreats; now Bulgaria is red's.
    answer = resolve_json(_next_input(answer, {"blue": ["F bul/sc R aeg"]}))
    assert answer["next_phase"] == "W1902A"
    assert "bul" in answer["centers"]["red"]
    assert "F aeg" in answer["units"]["blue"]
    # W1902A: red builds in Constantinople; blue, one center short, disbands in civil
    # disorder the unit farthest from its centers.
    answer = resolve_json(_next_input(answer, {"red": ["A con B"]}))
    assert answer["next_phase"] == "F1903M"
    assert len(answer["units"]["red"]) == len(answer["centers"]["red"]) == 11
    assert len(answer["units"]["blue"]) == len(answer["centers"]["blue"]) == 9
    disbanded = [r for r in answer["results"] if r.get("reason_code") == "civil_disorder"]
    assert [r["power"] for r in disbanded] == ["blue"]
    assert answer["winner"] is None


# -- rule 7: duels on twin boards ---------------------------------------------------------


def _placed_board(seed: int = 0) -> Position:
    """Board A after nomination and placement, from random (seeded) lists."""
    start = HL.initial_position()
    nominated = resolve(start, {}, seed=seed).position
    return resolve(nominated, {"red": ["F spa/nc B"], "blue": ["F stp/sc B"]}, seed=seed).position


def test_rule_7_1_board_b_is_board_a_after_placement_exactly_inverted() -> None:
    for seed in range(5):
        board_a = _placed_board(seed)
        assert str(board_a.phase) == "F1901M"
        board_b = invert_setup(board_a)
        other = {"red": "blue", "blue": "red"}
        assert str(board_b.phase) == "F1901M"
        assert len(board_b.units) == len(board_a.units)
        for unit in board_a.units:
            assert Unit(other[unit.power], unit.kind, unit.location) in board_b.units
        assert dict(board_b.ownership) == {c: other[p] for c, p in board_a.ownership.items()}
        for power in ("red", "blue"):
            assert board_b.centers_of(power) == board_a.centers_of(other[power])
            assert {(u.kind, u.location) for u in board_b.units_of(power)} == {
                (u.kind, u.location) for u in board_a.units_of(other[power])
            }
        assert invert_setup(board_b) == board_a


def test_rule_7_2_player_1s_army_in_vienna_on_a_is_player_2s_on_b() -> None:
    board_a = Position(
        "highlander",
        Phase.parse("F1903R"),
        (Unit("red", A, "vie"), Unit("blue", F, "stp/sc")),
        FrozenMap({"vie": "red", "stp": "blue", "mos": "blue"}),
        dislodged=(DislodgedUnit(Unit("red", F, "bla"), "ank", ("rum",)),),
    )
    board_b = invert_setup(board_a)
    assert board_b.unit_in("vie") == Unit("blue", A, "vie")
    assert board_b.unit_in("stp") == Unit("red", F, "stp/sc")
    assert board_b.dislodged == (DislodgedUnit(Unit("blue", F, "bla"), "ank", ("rum",)),)
    assert dict(board_b.ownership) == {"vie": "blue", "stp": "red", "mos": "red"}


#: Supply centers and land provinces to fill boards with, in a fixed order.
CENTERS = sorted(MAP.supply_centers)
LAND = sorted(p for p in MAP.land_provinces if p not in MAP.supply_centers) + CENTERS


def board(red: tuple[int, int], blue: tuple[int, int], dislodged: int = 0) -> Position:
    """A board in play where red and blue have (centers, units); ``dislodged`` more red
    units stand dislodged."""
    (red_centers, red_units), (blue_centers, blue_units) = red, blue
    ownership = dict.fromkeys(CENTERS[:red_centers], "red")
    ownership.update(dict.fromkeys(CENTERS[len(CENTERS) - blue_centers :], "blue"))
    places = iter(LAND)
    units = [Unit("red", A, next(places)) for _ in range(red_units)]
    units += [Unit("blue", A, next(places)) for _ in range(blue_units)]
    gone = tuple(DislodgedUnit(Unit("red", A, next(places)), None) for _ in range(dislodged))
    return Position("highlander", Phase.parse("F1905M"), tuple(units), FrozenMap(ownership), gone)


UNDECIDED = board((10, 10), (10, 10))
RUNNING = DuelState()


def test_rule_7_3_the_boards_play_on_while_neither_is_decided() -> None:
    assert board_winner(UNDECIDED) is None
    assert duel_after_movement_turn(RUNNING, UNDECIDED, UNDECIDED) == RUNNING
    assert duel_after_movement_turn(RUNNING, UNDECIDED, board((17, 17), (3, 3))) == RUNNING


@pytest.mark.parametrize(
    ("board_a", "board_b", "winner"),
    [
        (board((18, 18), (3, 3)), UNDECIDED, "red"),
        (UNDECIDED, board((3, 3), (18, 18)), "blue"),
        (board((18, 5), (3, 20)), board((18, 18), (3, 3)), "red"),
        # A player left alone on a board has decided it.
        (board((2, 2), (0, 0)), UNDECIDED, "red"),
    ],
    ids=["red_on_a", "blue_on_b", "red_on_both", "sole_survivor"],
)
def test_rule_7_4_the_first_to_decide_a_board_wins_the_duel(
    board_a: Position, board_b: Position, winner: str
) -> None:
    assert duel_after_movement_turn(RUNNING, board_a, board_b) == DuelState(
        DuelStage.WON, winner, DuelRule.FIRST_BOARD
    )


def test_rule_7_5_both_boards_decided_more_units_over_both_wins() -> None:
    # Red: 18 + 5 units; blue: 10 + 16.
    board_a, board_b = board((18, 18), (10, 10)), board((5, 5), (18, 16))
    assert duel_after_movement_turn(RUNNING, board_a, board_b) == DuelState(
        DuelStage.WON, "blue", DuelRule.MORE_UNITS
    )
    # Dislodged units count: four dislodged red units make it 27 against 26.
    board_a = board((18, 18), (10, 10), dislodged=4)
    assert duel_after_movement_turn(RUNNING, board_a, board_b) == DuelState(
        DuelStage.WON, "red", DuelRule.MORE_UNITS
    )


def test_rule_7_6_units_level_more_units_on_ones_own_winning_board_wins() -> None:
    # 18 + 6 = 24 each; red has 18 on its board A, blue 16 on its board B.
    board_a, board_b = board((18, 18), (8, 8)), board((6, 6), (18, 16))
    assert duel_after_movement_turn(RUNNING, board_a, board_b) == DuelState(
        DuelStage.WON, "red", DuelRule.UNITS_ON_WINNING_BOARD
    )
    # The same with red winning board B and blue board A.
    assert duel_after_movement_turn(RUNNING, board_b, board_a) == DuelState(
        DuelStage.WON, "red", DuelRule.UNITS_ON_WINNING_BOARD
    )


LEVEL_A, LEVEL_B = board((18, 17), (8, 8)), board((8, 8), (18, 17))


def test_rule_7_7_level_on_every_count_goes_to_sudden_death() -> None:
    state = duel_after_movement_turn(RUNNING, LEVEL_A, LEVEL_B)
    assert state == DuelState(DuelStage.SUDDEN_DEATH, sudden_death_rounds=0)
    # After the next turn, more units over both boards wins.
    after = duel_after_movement_turn(state, board((16, 18), (8, 8)), board((9, 8), (18, 17)))
    assert after == DuelState(DuelStage.WON, "red", DuelRule.SUDDEN_DEATH, 1)


def test_rule_7_7_sudden_death_lasts_until_someone_has_more_centers() -> None:
    state = duel_after_movement_turn(RUNNING, LEVEL_A, LEVEL_B)
    # Round 1: units level (25 each), though red has more centers: units decide here.
    state = duel_after_movement_turn(state, board((19, 17), (8, 8)), board((8, 8), (18, 17)))
    assert state == DuelState(DuelStage.SUDDEN_DEATH, sudden_death_rounds=1)
    # Round 2: centers level (26 each), though blue has more units: centers decide now.
    state = duel_after_movement_turn(state, board((18, 17), (8, 9)), board((8, 8), (18, 17)))
    assert state == DuelState(DuelStage.SUDDEN_DEATH, sudden_death_rounds=2)
    # Round 3: blue holds one center more.
    state = duel_after_movement_turn(state, board((18, 17), (9, 8)), board((8, 8), (18, 17)))
    assert state == DuelState(DuelStage.WON, "blue", DuelRule.SUDDEN_DEATH, 3)
    # A decided duel stays decided.
    assert duel_after_movement_turn(state, LEVEL_A, board((0, 0), (30, 30))) == state


def test_duel_state_round_trips_through_json() -> None:
    for state in (
        RUNNING,
        DuelState(DuelStage.SUDDEN_DEATH, sudden_death_rounds=2),
        DuelState(DuelStage.WON, "blue", DuelRule.SUDDEN_DEATH, 3),
        DuelState(DuelStage.WON, "red", DuelRule.FIRST_BOARD),
    ):
        assert DuelState.from_json(state.to_json()) == state
    assert DuelState(DuelStage.WON, "red", DuelRule.MORE_UNITS).to_json() == {
        "stage": "won",
        "winner": "red",
        "rule": "7.5",
        "sudden_death_rounds": 0,
    }
    for data, path in [
        ({"stage": "over"}, "stage"),
        ({"stage": "won", "winner": "green", "rule": "7.4"}, "winner"),
        ({"stage": "won", "winner": "red", "rule": "7.8"}, "rule"),
        ({"stage": "won"}, "stage"),
        ({"stage": "running", "winner": "red", "rule": "7.4"}, "stage"),
        ({"sudden_death_rounds": -1}, "sudden_death_rounds"),
    ]:
        with pytest.raises(PositionError) as e:
            DuelState.from_json(data)
        assert e.value.path == path, data


def test_the_registry_has_highlander() -> None:
    assert isinstance(HL, Highlander)
    assert find_variant("Highlander") is HL


# -- phases the sequence never produces, and who plays which colour (issue 20) --------------------


@pytest.mark.parametrize(
    "phase", ["W1901N", "W1901P", "W1899N", "F1900M", "F1900R", "W1900A", "S1900D", "S1901M"]
)
def test_rules_3_to_5_a_phase_highlander_never_reaches_is_refused(phase: str) -> None:
    """Nomination and placement come once, in 1900 before play; play (a fall movement, its
    retreats, the adjustments) begins in 1901."""
    with pytest.raises(PositionError) as raised:
        resolve_json({"variant": "highlander", "phase": phase})
    assert raised.value.path == "phase"


@pytest.mark.parametrize("phase", ["W1900N", "W1900P", "F1901M", "F1901R", "W1901A", "F1950M"])
def test_rules_3_to_5_every_phase_highlander_reaches_is_known(phase: str) -> None:
    assert HL.knows_phase(Phase.parse(phase))


def test_rules_2_and_7_2_the_colours_are_not_drawn_by_lot() -> None:
    assert HL.powers_by_lot is False


# -- what an order set gives more of than the rules allow (issue 20) ------------------------------


def test_rule_3_1_a_list_longer_than_15_is_excess_a_shorter_one_is_not() -> None:
    start = HL.initial_position()
    sixteen = [Nominate(c) for c in [*RED15, "nap"]]
    assert HL.order_set_excess(start, "red", sixteen) == (
        Reason.NOMINATIONS_EXCESS,
        {"count": "15", "given": "16"},
    )
    assert HL.order_set_excess(start, "red", [Nominate(c) for c in RED15]) is None
    assert HL.order_set_excess(start, "red", [Nominate(c) for c in RED15[:3]]) is None
    # Only what may be on the list counts, each center once.
    again = [*(Nominate(c) for c in RED15), Nominate("lon"), Nominate("bur")]
    assert HL.order_set_excess(start, "red", again) is None


def test_rule_3_5_a_later_list_holds_10() -> None:
    round_2 = HL.initial_position().with_changes(extras=ROUND_2)
    eleven = [Nominate(c) for c in BLUE15[:11]]
    assert HL.order_set_excess(round_2, "red", eleven) == (
        Reason.NOMINATIONS_EXCESS,
        {"count": "10", "given": "11"},
    )
    # Centers named in round 1 cannot be on the list, so they are not counted.
    assert HL.order_set_excess(round_2, "red", [*eleven[:10], Nominate(RED15[0])]) is None


def test_rule_4_2_placements_are_never_in_excess() -> None:
    """One unit per own center: a second placement on a center replaces the first (house
    rule), and a placement elsewhere is not allowed at all (check_order says so)."""
    position = _placement({"red": ["vie", "spa"], "blue": ["mos"]})
    twice = [Build(UnitRef(F, "spa/nc")), Build(UnitRef(F, "spa/sc")), Build(UnitRef(A, "vie"))]
    assert HL.order_set_excess(position, "red", twice) is None
    assert check_order(position, "red", Build(UnitRef(A, "mos"))) is not None


def test_rule_5_1_builds_beyond_the_allowance_are_excess() -> None:
    winter, _ = position_from_json(
        {
            "variant": "highlander",
            "phase": "W1901A",
            "units": {"red": ["A vie"], "blue": ["A mos"]},
            "centers": {"red": ["vie", "bud", "tri"], "blue": ["mos"]},
        }
    )
    two = [Build(UnitRef(A, "bud")), Build(UnitRef(F, "tri"))]
    assert HL.order_set_excess(winter, "red", two) is None
    assert HL.order_set_excess(winter, "red", [*two, Waive()]) == (
        Reason.BUILDS_EXCESS,
        {"count": "2", "given": "3"},
    )
    assert HL.order_set_excess(winter, "blue", [Waive()]) == (
        Reason.BUILDS_EXCESS,
        {"count": "0", "given": "1"},
    )
