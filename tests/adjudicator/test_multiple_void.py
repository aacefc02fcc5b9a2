"""Multiple Void (Ulrich Degwitz): every test is named after the rule it proves.

The rules are numbered as in the variant's rules text: 1 colours and seats, 2 units per
player, 3 the draft, 4 the year 1900, 5 from 1901 on. Draft scenarios are data: the picks
made before, the orders of one pick, and the results expected. Play scenarios are in the
command line's JSON shape, as in ``test_rules.py``.
"""

from __future__ import annotations

import io
import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import pytest

from adjudicator import (
    Build,
    Disband,
    Outcome,
    Phase,
    Position,
    PositionError,
    Reason,
    Unit,
    UnitKind,
    UnitRef,
    Waive,
    legal_orders,
    resolve,
)
from adjudicator.board import thaw
from adjudicator.io import position_from_json, position_to_json, resolve_json
from adjudicator.results import OrderResult
from adjudicator.variants import find_variant
from adjudicator.wording import explain

MV = find_variant("multiple_void")
COLOURS = ("red", "blue", "yellow", "green", "black", "grey")

# -- the map's draft spaces, written out -------------------------------------------------

ARMY_ONLY = ("boh", "bud", "bur", "gal", "ruh", "sil", "tyr", "ukr")
SEAS = (
    "adr", "aeg", "bal", "bar", "bla", "bot", "eas", "eng", "hel", "ion",
    "iri", "lyo", "mao", "nao", "nth", "nwg", "ska", "tys", "wes",
)  # fmt: skip
COASTS = (
    "alb", "apu", "arm", "cly", "fin", "gas", "lvn", "naf", "pic", "pie",
    "pru", "syr", "tus", "wal", "yor", "por",
)  # fmt: skip
BULGARIA = ("A bul B", "F bul/ec B", "F bul/sc B")
CENTERS_1900 = (
    "ank", "bel", "ber", "bre", "con", "den", "edi", "gre", "hol", "kie", "lon",
    "lvp", "mar", "mos", "mun", "nap", "nwy", "par", "rom", "rum", "ser", "sev",
    "smy", "spa", "stp", "swe", "tri", "tun", "ven", "vie", "war",
)  # fmt: skip


# -- helpers ----------------------------------------------------------------------------


def draft(players: int, picks: Sequence[str | None], seed0: int = 0) -> Position:
    """The draft after these picks, each made by whoever is on turn (None: missed).
    Pick n is resolved with seed ``seed0 + n``."""
    position = MV.initial_position({"players": players})
    for n, pick in enumerate(picks):
        (colour,) = MV.orders_due(position)
        orders = {colour: [pick]} if pick is not None else {}
        position = resolve(position, orders, seed=seed0 + n).position
    return position


def on_turn(position: Position) -> str:
    (colour,) = MV.orders_due(position)
    return colour


def result_rows(results: Sequence[OrderResult]) -> list[tuple[str, str, str, str | None]]:
    return sorted(
        (r.power, str(r.order), r.outcome.value, r.reason.value if r.reason else None)
        for r in results
    )


def units_of(position: Position) -> set[str]:
    return {f"{u.power} {u}" for u in position.units}


# -- rule 1: colours, not great powers ----------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_rule_1_a_game_of_n_players_seats_the_first_n_colours(players: int) -> None:
    options = MV.check_options({"players": players})
    assert MV.powers == COLOURS
    assert MV.seats(options) == COLOURS[:players]
    start = MV.initial_position({"players": players})
    # The draw of colours is also round 1's turn order.
    assert start.extras["order"] == COLOURS[:players]
    assert MV.orders_due(start) == {"red"}


def test_rule_1_the_variant_and_its_defaults() -> None:
    assert find_variant("Multiple-Void") is MV
    assert find_variant("multiplevoid") is MV
    assert MV.name == "Multiple Void"
    assert MV.created_by == "Ulrich Degwitz"
    assert MV.player_counts == (2, 6)
    assert "Bohemia, Budapest, Burgundy" in MV.rules_text
    start = MV.initial_position()
    assert start.options == {"players": 6}
    assert str(start.phase) == "S1900D"
    assert start.units == ()
    assert start.ownership == {}
    assert thaw(start.extras) == {
        "round": 1,
        "turn": 0,
        "order": list(COLOURS),
        "rounds": [list(COLOURS)],
        "picks": 0,
    }
    assert MV.winner(start) is None


@pytest.mark.parametrize(
    ("options", "path"),
    [
        ({"players": 1}, "options.players"),
        ({"players": 7}, "options.players"),
        ({"players": "4"}, "options.players"),
        ({"players": True}, "options.players"),
        ({"players": 4.0}, "options.players"),
        ({"players": None}, "options.players"),
        ({"colours": 4}, "options.colours"),
    ],
    ids=lambda v: repr(v) if isinstance(v, dict) else str(v),
)
def test_rule_1_players_is_a_whole_number_from_2_to_6(options: dict[str, Any], path: str) -> None:
    with pytest.raises(PositionError) as raised:
        MV.initial_position(options)
    assert raised.value.path == path
    # The command line reads options the same way.
    with pytest.raises(PositionError) as raised:
        position_from_json({"variant": "multiple_void", "phase": "S1900D", "options": options})
    assert raised.value.path == path


# -- rule 2: units per player ---------------------------------------------------------------


@pytest.mark.parametrize(("players", "each"), [(2, 12), (3, 8), (4, 6), (5, 5), (6, 4)])
def test_rule_2_units_per_player(players: int, each: int) -> None:
    """A whole draft of missed picks: every unit is placed at random, each colour gets its
    share, and Fall 1900 follows the last pick and no earlier one."""
    position = MV.initial_position({"players": players})
    for n in range(players * each):
        assert str(position.phase) == "S1900D"
        assert len(position.units) == n
        position = resolve(position, {}, seed=n).position
    assert str(position.phase) == "F1900M"
    counts = {c: len(position.units_of(c)) for c in COLOURS}
    assert counts == {c: each if c in COLOURS[:players] else 0 for c in COLOURS}
    assert position.extras["picks"] == players * each
    # Every unit was placed where the draft allows one.
    assert all(u.province in (*ARMY_ONLY, *SEAS, *COASTS, "bul") for u in position.units)
    assert not any(u.kind is UnitKind.FLEET and u.province in ARMY_ONLY for u in position.units)


# -- rule 3: the draft ------------------------------------------------------------------------


def test_rule_3_the_44_draft_spaces_and_what_each_takes() -> None:
    picks = legal_orders(MV.initial_position(), "red")
    assert len(picks) == 44
    assert set(picks) == {*ARMY_ONLY, *SEAS, *COASTS, "bul"}
    assert "swi" not in picks
    for province in ARMY_ONLY:
        assert [str(o) for o in picks[province]] == [f"A {province} B"]
    for province in SEAS:
        assert [str(o) for o in picks[province]] == [f"F {province} B"]
    for province in COASTS:
        assert [str(o) for o in picks[province]] == [f"A {province} B", f"F {province} B"]
    assert [str(o) for o in picks["bul"]] == list(BULGARIA)
    assert sum(len(v) for v in picks.values()) == 8 + 19 + 2 * 16 + 3


@pytest.mark.parametrize("center", CENTERS_1900)
def test_rule_3_the_31_centers_of_1900_are_no_draft_spaces(center: str) -> None:
    results = resolve(MV.initial_position(), {"red": [f"A {center} B"]}, seed=1).results
    (refused,) = [r for r in results if str(r.order) == f"A {center} B"]
    assert (refused.outcome, refused.reason) == (Outcome.VOID, Reason.NOT_A_DRAFT_SPACE)
    assert refused.params == {"location": center}
    assert explain(refused, MV.map).endswith("is not one of the draft's spaces")


@dataclass(frozen=True)
class Pick:
    """One pick of a 6-player draft (2-player if said): the picks before it, made in
    turn order (round 1: red, blue, yellow, ...), the orders given, and every result as
    (power, order, result, reason code); order "?" is the unit placed at random."""

    id: str
    orders: dict[str, list[str]]
    results: list[tuple[str, str, str, str | None]]
    before: tuple[str, ...] = ()
    players: int = 6
    #: The unit the colour on turn has afterwards at the pick's province ("red F nth").
    placed: str | None = None


RANDOM = ("?", "ok", "picked_at_random")

PICKS = [
    Pick(
        "rule_3_a_pick_places_a_unit_on_a_draft_space",
        {"red": ["F nth B"]},
        [("red", "F nth B", "ok", None)],
        placed="red F nth",
    ),
    Pick(
        "rule_3_budapest_is_a_draft_space",
        {"red": ["A bud B"]},
        [("red", "A bud B", "ok", None)],
        placed="red A bud",
    ),
    Pick(
        "rule_3_portugal_is_a_draft_space",
        {"red": ["F por B"]},
        [("red", "F por B", "ok", None)],
        placed="red F por",
    ),
    Pick(
        "rule_3_bulgaria_is_a_draft_space",
        {"red": ["F bul/ec B"]},
        [("red", "F bul/ec B", "ok", None)],
        placed="red F bul/ec",
    ),
    Pick(
        "rule_3_a_fleet_in_bulgaria_names_its_coast",
        {"red": ["F bul B"]},
        [("red", "F bul B", "void", "coast_needed"), ("red", *RANDOM)],
    ),
    Pick(
        "rule_3_an_army_in_bulgaria_needs_no_coast",
        {"red": ["A bul/sc B"]},
        [("red", "A bul B", "ok", None)],
        placed="red A bul",
    ),
    Pick(
        "rule_3_a_center_is_no_draft_space",
        {"red": ["A par B"]},
        [("red", "A par B", "void", "not_a_draft_space"), ("red", *RANDOM)],
    ),
    Pick(
        "rule_3_a_coast_of_a_center_is_no_draft_space",
        {"red": ["F spa/sc B"]},
        [("red", "F spa/sc B", "void", "not_a_draft_space"), ("red", *RANDOM)],
    ),
    Pick(
        "rule_3_switzerland_is_not_a_space_at_all",
        {"red": ["A swi B"]},
        [("red", "A swi B", "illegal", "unreadable"), ("red", *RANDOM)],
    ),
    Pick(
        "rule_3_one_unit_per_province",
        {"blue": ["A boh B"]},
        [("blue", "A boh B", "void", "build_occupied"), ("blue", *RANDOM)],
        before=("A boh",),
    ),
    Pick(
        "rule_3_one_unit_per_province_whatever_the_coast",
        {"blue": ["F bul/sc B"]},
        [("blue", "F bul/sc B", "void", "build_occupied"), ("blue", *RANDOM)],
        before=("F bul/ec",),
    ),
    Pick(
        "rule_3_one_unit_per_province_own_units_too",
        {"yellow": ["F nth B"]},
        [("yellow", "F nth B", "void", "build_occupied"), ("yellow", *RANDOM)],
        before=("A pic", "F nth"),
    ),
    Pick(
        "rule_3_a_coast_takes_an_army",
        {"red": ["A pic B"]},
        [("red", "A pic B", "ok", None)],
        placed="red A pic",
    ),
    Pick(
        "rule_3_a_coast_takes_a_fleet",
        {"red": ["F pic B"]},
        [("red", "F pic B", "ok", None)],
        placed="red F pic",
    ),
    Pick(
        "rule_3_a_sea_takes_only_fleets",
        {"red": ["A nth B"]},
        [("red", "A nth B", "void", "build_terrain"), ("red", *RANDOM)],
    ),
    *(
        Pick(
            f"rule_3_only_armies_on_the_eight_inland_spaces[{province}]",
            {"red": [f"F {province} B"]},
            [("red", f"F {province} B", "void", "build_terrain"), ("red", *RANDOM)],
        )
        for province in ARMY_ONLY
    ),
    Pick(
        "rule_3_only_the_colour_on_turn_picks",
        {"blue": ["F nth B"], "red": ["F nwg B"]},
        [("blue", "F nth B", "void", "not_your_pick"), ("red", "F nwg B", "ok", None)],
        placed="red F nwg",
    ),
    Pick(
        "rule_3_an_unseated_colour_does_not_pick",
        {"grey": ["F nth B"]},
        [("grey", "F nth B", "void", "not_your_pick"), ("red", *RANDOM)],
        players=2,
    ),
    Pick(
        "rule_3_the_last_valid_pick_counts",
        {"red": ["F nth B", "A par B", "F nwg B"]},
        [
            ("red", "A par B", "void", "not_a_draft_space"),
            ("red", "F nth B", "illegal", "replaced"),
            ("red", "F nwg B", "ok", None),
        ],
        placed="red F nwg",
    ),
    Pick(
        "rule_3_an_invalid_later_pick_replaces_nothing",
        {"red": ["F nth B", "F boh B"]},
        [("red", "F boh B", "void", "build_terrain"), ("red", "F nth B", "ok", None)],
        placed="red F nth",
    ),
    Pick(
        "rule_3_a_placed_unit_is_never_moved_or_changed",
        {"red": ["F nth - nwy", "A nth B"], "blue": ["F nth D", "F nwg B"]},
        [
            ("blue", "F nth D", "illegal", "wrong_phase"),
            ("blue", "F nwg B", "ok", None),
            ("red", "A nth B", "void", "not_your_pick"),
            ("red", "F nth - nwy", "illegal", "wrong_phase"),
        ],
        before=("F nth",),
        placed="blue F nwg",
    ),
]


@pytest.mark.parametrize("case", PICKS, ids=lambda c: c.id)
def test_draft_pick(case: Pick) -> None:
    before = draft(case.players, [f"{unit} B" for unit in case.before])
    colour = COLOURS[len(case.before)]
    assert on_turn(before) == colour
    after = resolve(before, case.orders, seed=7)
    actual = result_rows(after.results)
    expected = [row for row in case.results if row[1] != "?"]
    randoms = [row for row in case.results if row[1] == "?"]
    for row in randoms:
        (match,) = [a for a in actual if (a[0], *a[2:]) == (row[0], *row[2:])]
        actual.remove(match)
        assert match[1] in {str(o) for os in legal_orders(before).values() for o in os}
    assert actual == sorted(expected)
    # Exactly one unit more, the colour on turn's; the units placed before are unchanged.
    new = units_of(after.position) - units_of(before)
    assert len(new) == 1
    assert units_of(before) <= units_of(after.position)
    assert next(iter(new)).startswith(colour + " ")
    if case.placed is not None:
        assert new == {case.placed}


def test_rule_3_only_the_colour_on_turn_has_legal_picks() -> None:
    start = MV.initial_position({"players": 3})
    assert MV.orders_due(start) == {"red"}
    assert legal_orders(start, "blue") == {}
    assert legal_orders(start) == legal_orders(start, "red")
    after = resolve(start, {"red": ["F nth B"]}).position
    assert MV.orders_due(after) == {"blue"}
    assert legal_orders(after, "red") == {}
    assert "nth" not in legal_orders(after, "blue")
    assert len(legal_orders(after, "blue")) == 43


def test_rule_3_round_1_in_colour_order_later_rounds_drawn_by_lot() -> None:
    """Round 1 goes red, blue, yellow; each later round's order is drawn from the seed of
    the pick that ends the round before, recorded in the extras, and the same seeds give
    the same draft."""
    players, total = 3, 24
    position = MV.initial_position({"players": players})
    turns: list[str] = []
    for n in range(total):
        turns.append(on_turn(position))
        position = resolve(position, {}, seed=100 + n).position
    rounds = [tuple(r) for r in position.extras["rounds"]]
    assert len(rounds) == total // players == position.extras["round"]
    assert rounds[0] == ("red", "blue", "yellow")
    assert all(sorted(r) == ["blue", "red", "yellow"] for r in rounds)
    # Who was on turn is exactly the recorded orders, one round after the other.
    assert turns == [c for r in rounds for c in r]
    # The later rounds were really drawn: not all in colour order, and not all the same.
    assert len(set(rounds[1:])) > 1
    # Replaying with the same seeds gives the same draft; other seeds another draw.
    assert draft(players, [None] * total, seed0=100) == position
    other = draft(players, [None] * total, seed0=200)
    assert [tuple(r) for r in other.extras["rounds"]] != rounds
    assert other.extras["rounds"][0] == rounds[0]


def test_rule_3_the_next_rounds_order_comes_from_the_seed_of_the_rounds_last_pick() -> None:
    before_last = draft(2, ["F nth B"])  # blue's pick ends round 1
    drawn = {
        seed: resolve(before_last, {"blue": ["F nwg B"]}, seed=seed).position.extras["order"]
        for seed in range(12)
    }
    assert set(drawn.values()) == {("red", "blue"), ("blue", "red")}
    for seed, order in drawn.items():
        again = resolve(before_last, {"blue": ["F nwg B"]}, seed=seed).position
        assert again.extras["order"] == order
        assert again.extras["rounds"] == (("red", "blue"), order)
        assert on_turn(again) == order[0]


def test_rule_3_a_missed_pick_is_placed_at_random_from_the_seed() -> None:
    start = MV.initial_position({"players": 4})
    legal = {str(o) for os in legal_orders(start, "red").values() for o in os}
    placed: dict[int, str] = {}
    for seed in range(16):
        after = resolve(start, {}, seed=seed)
        (result,) = after.results
        assert (result.power, result.outcome, result.reason) == (
            "red",
            Outcome.OK,
            Reason.PICKED_AT_RANDOM,
        )
        assert isinstance(result.order, Build)
        assert str(result.order) in legal
        # The result records the unit that was placed.
        assert after.position.units == (
            Unit("red", result.order.unit.kind, result.order.unit.location),
        )
        assert resolve(start, {}, seed=seed).results == after.results
        placed[seed] = str(result.order)
    assert len(set(placed.values())) > 1


@pytest.mark.parametrize(
    ("change", "path"),
    [
        ({"picks": 2}, "extras.picks"),
        ({"turn": 5}, "extras.turn"),
        ({"turn": True}, "extras.turn"),
        ({"round": 2}, "extras.round"),
        ({"order": ["blue", "red"]}, "extras.order"),
        ({"rounds": [["blue", "red"]], "order": ["blue", "red"]}, "extras.rounds[0]"),
        ({"rounds": [["red", "red"]]}, "extras.rounds[0]"),
        ({"rounds": "red"}, "extras.rounds"),
    ],
)
def test_rule_3_the_draft_state_in_the_extras_is_checked(change: dict[str, Any], path: str) -> None:
    data = position_to_json(draft(2, ["F nth B"]))
    data["extras"] = {**data["extras"], **change}
    data["orders"] = {"blue": ["F nwg B"]}
    with pytest.raises(PositionError) as raised:
        resolve_json(data)
    assert raised.value.path == path


def test_rule_3_a_draft_given_without_extras_starts_at_round_1() -> None:
    out = resolve_json(
        {
            "variant": "multiple_void",
            "phase": "S1900D",
            "options": {"players": 2},
            "orders": {"red": ["A boh B"]},
        }
    )
    assert out["units"] == {"red": ["A boh"]}
    assert out["extras"]["turn"] == 1
    assert out["next_phase"] == "S1900D"


# -- rules 4 and 5: play, in the command line's shape -------------------------------------


@dataclass(frozen=True)
class Scenario:
    id: str
    phase: str
    units: dict[str, list[str]]
    orders: dict[str, list[str]] = field(default_factory=dict)
    centers: dict[str, list[str]] | None = None
    dislodged: dict[str, list[dict[str, Any]]] | None = None
    #: "power: order" -> (result, reason code or None); only these are checked.
    results: dict[str, tuple[str, str | None]] = field(default_factory=dict)
    #: Every unit removed for taking no center in 1900 ("red A bud"); checked exactly.
    removed: tuple[str, ...] = ()
    units_after: dict[str, list[str]] | None = None
    dislodged_after: dict[str, list[str]] | None = None
    centers_after: dict[str, list[str]] | None = None
    next_phase: str | None = None
    winner: str | None = None
    players: int = 2

    def input(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "variant": "multiple_void",
            "phase": self.phase,
            "options": {"players": self.players},
            "units": self.units,
            "orders": self.orders,
        }
        if self.centers is not None:
            data["centers"] = self.centers
        if self.dislodged is not None:
            data["dislodged"] = self.dislodged
        return data


#: Sixteen centers of red's, for the victory scenarios.
RED_16 = [
    "ank", "ber", "bre", "bud", "bul", "con", "den", "edi",
    "gre", "hol", "kie", "lon", "lvp", "mar", "nap", "nwy",
]  # fmt: skip

SCENARIOS = [
    Scenario(
        "rule_4_bud_bul_por_are_no_centers_in_1900",
        "F1900M",
        {"red": ["A gal", "F bla", "F mao", "A bur"], "blue": ["A bud", "F bul/sc", "A por"]},
        {
            "red": ["A gal - bud", "F bla - bul/ec", "F mao - por", "A bur - par"],
            "blue": ["A bud - ser", "F bul/sc - gre", "A por - spa"],
        },
        results={
            "red: A gal - bud": ("ok", None),
            "red: A bud D": ("ok", "removed_no_center"),
            "blue: A bud - ser": ("ok", None),
        },
        removed=("red A bud", "red F bul/ec", "red F por"),
        units_after={"blue": ["A ser", "A spa", "F gre"], "red": ["A par"]},
        centers_after={"blue": ["gre", "ser", "spa"], "red": ["par"]},
        next_phase="S1901M",
    ),
    Scenario(
        "rule_4_units_standing_on_bud_bul_por_are_removed",
        "F1900M",
        {"red": ["A bud", "A bul", "F por", "F nth"], "blue": ["A ukr"]},
        {"red": ["F nth - nwy"], "blue": ["A ukr - sev"]},
        removed=("red A bud", "red A bul", "red F por"),
        units_after={"blue": ["A sev"], "red": ["F nwy"]},
        centers_after={"blue": ["sev"], "red": ["nwy"]},
        next_phase="S1901M",
    ),
    Scenario(
        "rule_4_units_that_take_no_center_are_removed",
        "F1900M",
        {"red": ["A ruh", "F nth", "F hel"], "blue": ["A boh", "F ska", "A sil"]},
        {
            "red": ["A ruh - mun", "F nth - nwy", "F hel - kie"],
            "blue": ["A boh - mun", "A sil - ber"],
        },
        results={
            "red: A ruh - mun": ("bounce", "bounced"),
            "blue: A boh - mun": ("bounce", "bounced"),
            "red: A ruh D": ("ok", "removed_no_center"),
            "blue: F ska H": ("ok", None),
            "blue: F ska D": ("ok", "removed_no_center"),
        },
        removed=("red A ruh", "blue A boh", "blue F ska"),
        units_after={"blue": ["A ber"], "red": ["F kie", "F nwy"]},
        centers_after={"blue": ["ber"], "red": ["kie", "nwy"]},
        next_phase="S1901M",
    ),
    Scenario(
        "rule_4_the_removal_waits_for_the_fall_1900_retreats",
        "F1900M",
        {"red": ["A sil", "A boh", "F hel"], "blue": ["A gal", "F nth"]},
        {"red": ["A sil - gal", "A boh S A sil - gal", "F hel - hol"], "blue": ["F nth - nwy"]},
        results={"blue: A gal H": ("dislodged", "dislodged_by")},
        units_after={"blue": ["F nwy"], "red": ["A boh", "A gal", "F hol"]},
        dislodged_after={"blue": ["A gal"]},
        centers_after={},
        next_phase="F1900R",
    ),
    Scenario(
        "rule_4_a_retreat_into_a_center_in_f1900r_keeps_the_unit",
        "F1900R",
        {"red": ["A boh", "A gal", "F hol"], "blue": ["F nwy"]},
        {"blue": ["A gal R war"]},
        dislodged={"blue": [{"unit": "A gal", "attacker_from": "sil"}]},
        results={"blue: A gal R war": ("ok", None)},
        removed=("red A boh", "red A gal"),
        units_after={"blue": ["A war", "F nwy"], "red": ["F hol"]},
        centers_after={"blue": ["nwy", "war"], "red": ["hol"]},
        next_phase="S1901M",
    ),
    Scenario(
        "rule_4_a_retreat_into_budapest_in_f1900r_does_not_save_the_unit",
        "F1900R",
        {"red": ["A boh", "A gal", "F hol"], "blue": ["F nwy"]},
        {"blue": ["A gal R bud"]},
        dislodged={"blue": [{"unit": "A gal", "attacker_from": "sil"}]},
        results={"blue: A gal R bud": ("ok", None), "blue: A bud D": ("ok", "removed_no_center")},
        removed=("red A boh", "red A gal", "blue A bud"),
        units_after={"blue": ["F nwy"], "red": ["F hol"]},
        centers_after={"blue": ["nwy"], "red": ["hol"]},
        next_phase="S1901M",
    ),
    Scenario(
        "rule_4_no_builds_in_1900",
        "F1900M",
        {"red": ["A bur", "F nth"], "blue": ["A ukr"]},
        {"red": ["F nth - nwy"], "blue": ["A ukr - sev"]},
        centers={"red": ["par"]},  # a build would be due in the standard year
        removed=("red A bur",),
        units_after={"blue": ["A sev"], "red": ["F nwy"]},
        centers_after={"blue": ["sev"], "red": ["nwy", "par"]},
        next_phase="S1901M",
    ),
    Scenario(
        "rule_5_bud_bul_por_are_centers_from_1901",
        "F1901M",
        {"red": ["A bud", "F bul/sc"], "blue": ["F por", "A spa"]},
        centers={"red": ["vie"], "blue": ["spa"]},
        units_after={"blue": ["A spa", "F por"], "red": ["A bud", "F bul/sc"]},
        centers_after={"blue": ["por", "spa"], "red": ["bud", "bul", "vie"]},
        next_phase="W1901A",
    ),
    Scenario(
        "rule_5_builds_in_any_own_vacant_center",
        "W1901A",
        {"red": ["A vie"], "blue": ["A par"]},
        {"red": ["A bud B", "F por B", "F mar B"], "blue": ["A tri B", "F bre B"]},
        centers={"red": ["bud", "mar", "por", "tri", "vie"], "blue": ["bre", "par"]},
        results={
            "red: A bud B": ("ok", None),
            "red: F por B": ("ok", None),
            "red: F mar B": ("ok", None),
            "blue: A tri B": ("void", "build_not_allowed"),
            "blue: F bre B": ("ok", None),
        },
        units_after={"blue": ["A par", "F bre"], "red": ["A bud", "A vie", "F mar", "F por"]},
        next_phase="S1902M",
    ),
    Scenario(
        "rule_5_civil_disorder_disbands_the_units_farthest_from_own_centers",
        "W1901A",
        {"red": ["A vie"], "blue": ["A ber", "A mun", "F nao"]},
        centers={"red": ["vie"], "blue": ["ber"]},
        results={
            "blue: F nao D": ("ok", "civil_disorder"),
            "blue: A mun D": ("ok", "civil_disorder"),
        },
        units_after={"blue": ["A ber"], "red": ["A vie"]},
        next_phase="S1902M",
    ),
    Scenario(
        "rule_5_eighteen_centers_win",
        "F1905M",
        {"red": ["A bur"], "blue": ["A mun"]},
        {"red": ["A bur - bel"]},
        centers={
            "red": [*RED_16, "par"],
            "blue": ["mun", "rom", "ven"],
        },
        next_phase="W1905A",
        winner="red",
    ),
    Scenario(
        "rule_5_seventeen_centers_do_not_win",
        "F1905M",
        {"red": ["A bur"], "blue": ["A mun"]},
        {"red": ["A bur - bel"], "blue": ["A mun - bur"]},
        centers={
            "red": RED_16,
            "blue": ["mun", "rom", "ven"],
        },
        centers_after={
            "red": sorted([*RED_16, "bel"]),
            "blue": ["mun", "rom", "ven"],
        },
        next_phase="W1905A",
        winner=None,
    ),
    Scenario(
        "rule_5_house_rule_a_colour_alone_after_1900_has_won",
        "F1900M",
        {"red": ["A bur"], "blue": ["F nth"]},
        {"red": ["A bur - par"]},
        removed=("blue F nth",),
        units_after={"red": ["A par"]},
        centers_after={"red": ["par"]},
        next_phase="S1901M",
        winner="red",
    ),
    Scenario(
        "rule_5_house_rule_a_colour_alone_on_the_board_wins",
        "F1903M",
        {"red": ["A bur", "A pic", "F eng", "A ruh", "F hol"], "blue": ["A bel"]},
        {"red": ["A pic - bel", "A bur S A pic - bel", "F eng S A pic - bel"]},
        centers={"red": ["par", "bre", "mar", "hol"], "blue": ["bel"]},
        results={"blue: A bel H": ("dislodged", "destroyed")},
        units_after={"red": ["A bel", "A bur", "A ruh", "F eng", "F hol"]},
        centers_after={"red": ["bel", "bre", "hol", "mar", "par"]},
        next_phase="S1904M",
        winner="red",
    ),
    Scenario(
        "rule_5_two_colours_on_the_board_no_winner",
        "F1903M",
        {"red": ["A bur"], "blue": ["F nth"]},
        centers={"red": ["par"]},
        next_phase="W1903A",  # blue disbands its fleet
        winner=None,
    ),
]


@pytest.mark.parametrize("case", SCENARIOS, ids=lambda c: c.id)
def test_play(case: Scenario) -> None:
    out = resolve_json(case.input())
    got = {
        f"{r['power']}: {r['order']}": (r["result"], r.get("reason_code")) for r in out["results"]
    }
    for key, want in case.results.items():
        assert got.get(key) == want, key
    removed = sorted(
        f"{r['power']} {r['order'][:-2]}"
        for r in out["results"]
        if r.get("reason_code") == "removed_no_center"
    )
    assert removed == sorted(case.removed)
    for r in out["results"]:
        if r.get("reason_code") == "removed_no_center":
            assert r["result"] == "ok"
            assert r["reason"].endswith("took no supply center in 1900 and is removed")
    if case.units_after is not None:
        assert out["units"] == case.units_after
    if case.dislodged_after is not None:
        assert {p: [d["unit"] for d in ds] for p, ds in out["dislodged"].items()} == (
            case.dislodged_after
        )
    if case.centers_after is not None:
        assert out["centers"] == case.centers_after
    if case.next_phase is not None:
        assert out["next_phase"] == case.next_phase
    assert out["winner"] == case.winner


def test_rule_4_only_31_centers_can_change_hands_in_1900() -> None:
    units = tuple(Unit("red", UnitKind.ARMY, c) for c in (*CENTERS_1900, "bud", "bul", "por"))
    fall = Position("multiple_void", Phase.parse("F1900M"), units)
    assert sorted(MV.update_ownership(fall)) == sorted(CENTERS_1900)
    fall_1901 = Position("multiple_void", Phase.parse("F1901M"), units)
    assert len(MV.update_ownership(fall_1901)) == 34


def test_rule_5_house_rule_is_not_checked_in_1900() -> None:
    alone = (Unit("red", UnitKind.FLEET, "nth"),)
    assert MV.winner(Position("multiple_void", Phase.parse("F1900M"), alone)) is None
    assert MV.winner(Position("multiple_void", Phase.parse("S1901M"), alone)) == "red"


# -- whole games ---------------------------------------------------------------------------------

#: A 2-player draft, each colour's picks in the order it makes them.
RED_PICKS = [
    "F nwg", "F nth", "F hel", "F eng", "F mao", "A bur",
    "A ruh", "A tyr", "A boh", "A sil", "A ukr", "F nao",
]  # fmt: skip
BLUE_PICKS = [
    "A bud", "F bul/ec", "A por", "F bla", "F aeg", "F ion",
    "F tys", "A apu", "A pic", "A yor", "A fin", "F bar",
]  # fmt: skip
RED_FALL_1900 = [
    "F nwg - nwy", "F nth - den", "F hel - hol", "F eng - lon", "F mao - bre", "A bur - par",
    "A ruh - kie", "A tyr - ven", "A boh - vie", "A sil - ber", "A ukr - sev",
]  # fmt: skip
#: Red's units after Fall 1900 in both games below: all but the one bounced from London.
RED_AFTER_1900 = [
    "A ber", "A kie", "A par", "A sev", "A ven", "A vie", "F bre", "F den", "F hol", "F nwy",
]  # fmt: skip


def test_rules_3_and_4_a_two_player_draft_and_fall_1900_through_the_cli_json() -> None:
    """Each output, with its options and extras, is the next input. The last pick is
    missed (whoever makes it loses the last unit on their list to a random one)."""
    data: dict[str, Any] = position_to_json(MV.initial_position({"players": 2}))
    queues = {"red": list(RED_PICKS), "blue": list(BLUE_PICKS)}
    turns: list[str] = []
    missed: str | None = None
    for n in range(24):
        extras = data["extras"]
        colour = extras["order"][extras["turn"]]
        turns.append(colour)
        pick = queues[colour].pop(0)
        if n == 23:
            missed = f"{colour} {pick}"
            data["orders"] = {}
        else:
            data["orders"] = {colour: [f"{pick} B"]}
        out = resolve_json(data)
        assert out["phase"] == "S1900D"
        assert out["options"] == {"players": 2}
        (result,) = out["results"]
        assert result["power"] == colour
        assert result["result"] == "ok"
        if n == 23:
            assert result["reason_code"] == "picked_at_random"
        data = {k: v for k, v in out.items() if k not in ("results", "next_phase", "winner")}
        data["phase"] = out["next_phase"]
    assert data["phase"] == "F1900M"
    rounds = data["extras"]["rounds"]
    assert len(rounds) == 12
    assert rounds[0] == ["red", "blue"]
    assert turns == [c for r in rounds for c in r]
    units = {f"{p} {u}" for p, us in data["units"].items() for u in us}
    assert len(units) == 24
    assert len(data["units"]["red"]) == len(data["units"]["blue"]) == 12
    assert missed is not None
    assert missed not in units
    drafted = {f"red {u}" for u in RED_PICKS} | {f"blue {u}" for u in BLUE_PICKS}
    assert drafted - units == {missed}

    # Fall 1900: blue bounces red out of London and takes seven centers; the rest hold.
    data["orders"] = {
        "red": RED_FALL_1900,
        "blue": [
            *("F bla - ank", "F aeg - smy", "F ion - tun", "F tys - rom", "A apu - nap"),
            *("A pic - bel", "A yor - lon", "A fin - stp", "A bud H", "F bul/ec H", "A por H"),
        ],
    }
    out = resolve_json(data)
    assert out["phase"] == "F1900M"
    assert out["next_phase"] == "S1901M"
    assert out["centers"] == {
        "blue": ["ank", "bel", "nap", "rom", "smy", "stp", "tun"],
        "red": ["ber", "bre", "den", "hol", "kie", "nwy", "par", "sev", "ven", "vie"],
    }
    assert out["units"] == {
        "blue": ["A bel", "A nap", "A stp", "F ank", "F rom", "F smy", "F tun"],
        "red": RED_AFTER_1900,
    }
    removed = {
        f"{r['power']} {r['order'][:-2]}"
        for r in out["results"]
        if r.get("reason_code") == "removed_no_center"
    }
    assert {"red F eng", "blue A yor", "blue A bud", "blue F bul/ec", "blue A por"} <= removed
    assert len(removed) == 24 - 17
    assert out["winner"] is None
    assert out["extras"]["picks"] == 24  # the draft's record stays with the game


def test_a_two_player_game_played_to_the_end() -> None:
    """Red drafts well, blue badly: after 1900 blue keeps Belgium alone, loses it in
    Fall 1901, retreats, and is disbanded in civil disorder in the winter, which leaves
    red alone on the board (the house rule of rule 5)."""
    position = MV.initial_position({"players": 2})
    queues = {"red": list(RED_PICKS), "blue": list(BLUE_PICKS)}
    for n in range(24):
        colour = on_turn(position)
        position = resolve(position, {colour: [f"{queues[colour].pop(0)} B"]}, seed=n).position
    assert str(position.phase) == "F1900M"
    assert len(position.units_of("red")) == len(position.units_of("blue")) == 12

    def play(orders: dict[str, list[str]]) -> tuple[Position, tuple[OrderResult, ...]]:
        after = resolve(position, orders, seed=99)
        return after.position, after.results

    # F1900M: red takes ten centers (London bounces); blue only Belgium.
    position, results = play({"red": RED_FALL_1900, "blue": ["A pic - bel", "A yor - lon"]})
    assert str(position.phase) == "S1901M"
    assert position.centers_of("blue") == {"bel"}
    assert len(position.centers_of("red")) == 10
    assert units_of(position) == {"blue A bel"} | {f"red {u}" for u in RED_AFTER_1900}
    assert sum(r.reason is Reason.REMOVED_NO_CENTER for r in results) == 24 - 11
    assert MV.winner(position) is None

    # S1901M: red closes in on Belgium.
    position, _ = play({"red": ["A par - pic", "F bre - eng"], "blue": ["A bel H"]})
    assert str(position.phase) == "F1901M"

    # F1901M: three against one; blue is dislodged and must retreat.
    position, results = play(
        {"red": ["A pic - bel", "F hol S A pic - bel", "F eng S A pic - bel"], "blue": ["A bel H"]}
    )
    assert str(position.phase) == "F1901R"
    assert [d.unit for d in position.dislodged] == [Unit("blue", UnitKind.ARMY, "bel")]

    # F1901R: blue retreats to Burgundy; Belgium is red's, blue has a unit and no center.
    position, _ = play({"blue": ["A bel R bur"]})
    assert str(position.phase) == "W1901A"
    assert position.centers_of("blue") == frozenset()
    assert len(position.centers_of("red")) == 11
    assert MV.winner(position) is None
    assert MV.orders_due(position) == {"red", "blue"}
    assert MV.build_sites(position, "red") == ("bre", "par")

    # W1901A: red builds in Paris; blue gives no order and its last unit is disbanded in
    # civil disorder.
    position, results = play({"red": ["A par B"]})
    assert ("blue", "A bur D", Outcome.OK, Reason.CIVIL_DISORDER) in {
        (r.power, str(r.order), r.outcome, r.reason) for r in results
    }
    assert ("red", "A par B", Outcome.OK, None) in {
        (r.power, str(r.order), r.outcome, r.reason) for r in results
    }
    assert str(position.phase) == "S1902M"
    assert position.powers_on_board == {"red"}
    assert MV.winner(position) == "red"


def test_draft_pick_results_name_build_orders() -> None:
    """A draft pick is a Build order; the placed unit is what the result names."""
    start = MV.initial_position({"players": 2})
    after = resolve(start, {"red": [Build(UnitRef(UnitKind.FLEET, "bul/sc"))]})
    assert after.results[0].order == Build(UnitRef(UnitKind.FLEET, "bul/sc"))
    assert after.position.units == (Unit("red", UnitKind.FLEET, "bul/sc"),)


# -- rules 4 and 5: the phases of 1900 (issue 20) ---------------------------------------------


@pytest.mark.parametrize(
    "phase",
    [
        "S1900M", "S1900R", "W1900A", "F1900A", "F1900D", "W1900D",
        "S1901D", "S1902D", "S1899D", "F1899M", "W1899A",
    ],
)  # fmt: skip
def test_rules_4_and_5_1900_has_only_the_draft_and_the_fall_moves(phase: str) -> None:
    """Rule 5: "Nachdem alle Einheiten aufgestellt wurden, beginnt das Jahr 1900 mit den
    Herbstzügen ... Aufbauten sind in diesem Jahr noch nicht möglich. Ab 1901 ..." No
    spring and no adjustments in 1900, no draft after it, nothing before it."""
    from adjudicator.cli import main

    with pytest.raises(PositionError) as raised:
        resolve_json({"variant": "multiple_void", "phase": phase, "options": {"players": 2}})
    assert raised.value.path == "phase"
    out = io.StringIO()
    data = {"variant": "multiple_void", "phase": phase}
    assert main(["resolve"], io.StringIO(json.dumps(data)), out) == 2
    assert json.loads(out.getvalue()) == {
        "error": f"{phase} is not a phase of Multiple Void",
        "path": "phase",
    }


@pytest.mark.parametrize(
    "phase", ["S1900D", "F1900M", "F1900R", "S1901M", "S1901R", "F1901M", "F1901R", "W1901A"]
)
def test_rules_4_and_5_every_phase_the_game_reaches_is_known(phase: str) -> None:
    assert MV.knows_phase(Phase.parse(phase))


def test_rule_5_fall_1900_and_its_retreats_lead_to_spring_1901() -> None:
    """What the code does after F1900M: its retreats if a unit was dislodged, then (no
    builds in 1900) Spring 1901."""
    fall = {
        "variant": "multiple_void",
        "phase": "F1900M",
        "options": {"players": 2},
        "units": {"red": ["A bur", "A ruh"], "blue": ["A pic"]},
        "orders": {"red": ["A bur - par"]},
    }
    assert resolve_json(fall)["next_phase"] == "S1901M"
    attacked = {
        **fall,
        "units": {"red": ["A bur", "A ruh"], "blue": ["A mun"]},
        "orders": {"red": ["A ruh - mun", "A bur S A ruh - mun"]},
    }
    out = resolve_json(attacked)
    assert out["next_phase"] == "F1900R"
    out = resolve_json({**out, "phase": out["next_phase"], "orders": {}})
    assert out["next_phase"] == "S1901M"


# -- rule 1: the colours are drawn by lot (issue 20) --------------------------------------------


def test_rule_1_the_colours_are_drawn_by_lot_not_chosen() -> None:
    assert MV.powers_by_lot is True


# -- what an order set gives more of than the rules allow (issue 20) -----------------------------


def test_rule_3_a_turn_of_the_draft_is_one_pick() -> None:
    start = MV.initial_position({"players": 2})
    bur, nth = Build(UnitRef(UnitKind.ARMY, "bur")), Build(UnitRef(UnitKind.FLEET, "nth"))
    assert MV.order_set_excess(start, "red", [bur]) is None
    assert MV.order_set_excess(start, "red", []) is None
    assert MV.order_set_excess(start, "red", [bur, nth]) == (
        Reason.PICKS_EXCESS,
        {"count": "1", "given": "2"},
    )
    # Two ways to name one space are one pick (the later replaces the earlier).
    bulgaria = [Build(UnitRef(UnitKind.ARMY, "bul")), Build(UnitRef(UnitKind.FLEET, "bul/ec"))]
    assert MV.order_set_excess(start, "red", bulgaria) is None
    # Not blue's turn: no pick at all.
    assert MV.order_set_excess(start, "blue", [nth]) == (
        Reason.PICKS_EXCESS,
        {"count": "0", "given": "1"},
    )


def test_rule_5_builds_beyond_the_allowance_are_excess_from_1901() -> None:
    winter, _ = position_from_json(
        {
            "variant": "multiple_void",
            "phase": "W1901A",
            "options": {"players": 2},
            "units": {"red": ["A par"], "blue": ["A mos", "A war"]},
            "centers": {"red": ["par", "bre", "mar"], "blue": ["mos"]},
        }
    )
    two = [Build(UnitRef(UnitKind.FLEET, "bre")), Build(UnitRef(UnitKind.ARMY, "mar"))]
    assert MV.order_set_excess(winter, "red", two) is None
    assert MV.order_set_excess(winter, "red", [*two, Waive()]) == (
        Reason.BUILDS_EXCESS,
        {"count": "2", "given": "3"},
    )
    disbands = [Disband(UnitRef(UnitKind.ARMY, "mos")), Disband(UnitRef(UnitKind.ARMY, "war"))]
    assert MV.order_set_excess(winter, "blue", disbands[1:]) is None
    assert MV.order_set_excess(winter, "blue", disbands) == (
        Reason.DISBANDS_EXCESS,
        {"count": "1", "given": "2"},
    )
