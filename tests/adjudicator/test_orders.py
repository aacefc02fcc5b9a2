"""The order parser: ordinary notation in, canonical orders out, clear errors otherwise."""

from __future__ import annotations

import re

import pytest

from adjudicator import (
    Build,
    Convoy,
    Disband,
    DislodgedUnit,
    Hold,
    Move,
    ParseError,
    Phase,
    Position,
    Retreat,
    Support,
    Unit,
    UnitKind,
    UnitRef,
    Waive,
    check_order,
    find_variant,
    load_map,
    parse_order,
)
from adjudicator.wording import explain

MAP = load_map("standard")
START = find_variant("standard").initial_position()
A, F = UnitKind.ARMY, UnitKind.FLEET


def ref(text: str) -> UnitRef:
    kind, location = text.split()
    return UnitRef(UnitKind(kind), location)


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("F nth - pic", "F nth - pic"),
        ("f NTH-pic", "F nth - pic"),
        ("F North Sea - Picardy", "F nth - pic"),
        ("Fleet North Sea -> Picardy", "F nth - pic"),
        ("F nth to pic", "F nth - pic"),
        ("F mid - nat", "F mao - nao"),
        ("F ech-gob", "F eng - bot"),
        ("F nrg - gol", "F nwg - lyo"),
        ("F tyn - tys", "F tys - tys"),
        ("F St Petersburg(south coast) - Gulf of Bothnia", "F stp/sc - bot"),
        ("F stp (sc) - bot", "F stp/sc - bot"),
        ("F stp/sc-bot", "F stp/sc - bot"),
        ("F mao - spa(nc)", "F mao - spa/nc"),
        ("F mao - Spain (north coast)", "F mao - spa/nc"),
        ("A lon H", "A lon H"),
        ("A lon hold", "A lon H"),
        ("A London holds", "A lon H"),
        ("A lon", "A lon H"),
        ("A lon - nwy via convoy", "A lon - nwy via convoy"),
        ("A lon-nwy VIA", "A lon - nwy via convoy"),
        ("A lvp S A yor - yor", "A lvp S A yor - yor"),
        ("A wal SUPPORTS F lon-yor", "A wal S F lon - yor"),
        ("A wal supports F lon", "A wal S F lon"),
        ("A wal S F lon H", "A wal S F lon"),
        ("F nth C A lon - nwy", "F nth C A lon - nwy"),
        ("F nth convoys A yor - yor", "F nth C A yor - yor"),
        ("A bur R gas", "A bur R gas"),
        ("A bur retreats to gas", "A bur R gas"),
        ("Build A lon", "A lon B"),
        ("A lon B", "A lon B"),
        ("build fleet stp/nc", "F stp/nc B"),
        ("Remove A lon", "A lon D"),
        ("Disband F nth", "F nth D"),
        ("A lon D", "A lon D"),
        ("A war disband", "A war D"),
        ("WAIVE", "WAIVE"),
        ("waive", "WAIVE"),
    ],
)
def test_parse_reads_ordinary_notation(text: str, canonical: str) -> None:
    order = parse_order(text, MAP)
    assert str(order) == canonical
    assert parse_order(str(order), MAP) == order


def test_parse_gives_typed_values() -> None:
    assert parse_order("F nth - pic", MAP) == Move(ref("F nth"), "pic")
    assert parse_order("A lon - nwy via convoy", MAP) == Move(ref("A lon"), "nwy", True)
    assert parse_order("A lvp S A yor - yor", MAP) == Support(ref("A lvp"), ref("A yor"), "yor")
    assert parse_order("A lvp S F nth", MAP) == Support(ref("A lvp"), ref("F nth"), None)
    assert parse_order("F nth C A lon - nwy", MAP) == Convoy(ref("F nth"), ref("A lon"), "nwy")
    assert parse_order("A lon H", MAP) == Hold(ref("A lon"))
    assert parse_order("A bur R gas", MAP) == Retreat(ref("A bur"), "gas")
    assert parse_order("Build F lon", MAP) == Build(ref("F lon"))
    assert parse_order("Remove A lon", MAP) == Disband(ref("A lon"))
    assert parse_order("waive", MAP) == Waive()


def test_units_without_type_are_found_by_province() -> None:
    assert parse_order("lon - nth", MAP, position=START) == Move(ref("F lon"), "nth")
    assert parse_order("Liverpool S lon - yor", MAP, position=START) == Support(
        ref("A lvp"), ref("F lon"), "yor"
    )
    with pytest.raises(ParseError, match=r"army \(A\) or a fleet"):
        parse_order("lon - nth", MAP)


def test_a_move_in_a_retreat_phase_is_a_retreat() -> None:
    position = Position(
        "standard",
        Phase.parse("S1901R"),
        (),
        dislodged=(DislodgedUnit(Unit("france", A, "bur"), "mun"),),
    )
    assert parse_order("A bur - gas", MAP, position=position) == Retreat(ref("A bur"), "gas")
    assert parse_order("bur - gas", MAP, position=position) == Retreat(ref("A bur"), "gas")
    with pytest.raises(ParseError, match="no dislodged unit at Paris"):
        parse_order("A par - gas", MAP, position=position)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty"),
        ("   ", "empty"),
        ("A xyz - lon", "'xyz' is not a province"),
        ("A lon -", "ends where the destination should be"),
        ("A lon - nwy please", "did not understand 'please'"),
        ("A lon S", "ends where the supported unit should be"),
        ("F nth C A lon", "a convoy names the army"),
        ("A lon gas", "expected an order word"),
        ("A lon H via convoy", "only a move can go via convoy"),
        ("lon B", "army (A) or a fleet (F) in London"),
    ],
)
def test_unreadable_orders_raise_parse_error(text: str, message: str) -> None:
    with pytest.raises(ParseError, match=re.escape(message)):
        parse_order(text, MAP)


def test_no_unit_at_picardy() -> None:
    with pytest.raises(ParseError, match=r"^no unit at Picardy$"):
        parse_order("A pic - bel", MAP, position=START)


@pytest.mark.parametrize(
    ("power", "text", "explanation"),
    [
        ("england", "A lvp - tyr", "Tyrolia is not adjacent to Liverpool"),
        ("england", "F lon - wal", None),
        ("england", "F edi - lvp", "Liverpool is not adjacent to Edinburgh"),
        ("germany", "F kie - mun", "F Kiel cannot enter Munich"),
        ("england", "A lvp - nth", "A Liverpool cannot enter North Sea"),
        ("england", "F lon - lon", "F London cannot move to the province it is in"),
        (
            "england",
            "A lvp S F nap - ion",
            "A Liverpool could not move to Ionian Sea itself, so cannot support there",
        ),
        ("england", "A lvp S A yor", "no unit at Yorkshire to support"),
        ("england", "F edi C A lvp - nwy", "only a fleet at sea can convoy"),
        ("france", "A lvp - yor", "A Liverpool belongs to England"),
        ("england", "F lvp - yor", "the unit at Liverpool is an army, not a fleet"),
        ("england", "A lvp B", "build orders are not given in a movement phase"),
        ("england", "F lon S A lvp - wal", None),  # not yet matched: fine while typing
        (
            "england",
            "A lvp - nwy",
            "Norway is not adjacent to Liverpool, and no fleets could convoy there",
        ),
    ],
)
def test_check_order_explains_illegal_orders(
    power: str, text: str, explanation: str | None
) -> None:
    problem = check_order(START, power, text)
    if explanation is None:
        assert problem is None
    else:
        assert problem is not None
        assert explain(problem, MAP) == explanation


def test_a_fleet_must_say_which_coast_when_it_could_reach_both() -> None:
    position = START.with_changes(units=[Unit("france", F, "mao")])
    problem = check_order(position, "france", "F mao - spa")
    assert problem is not None
    assert explain(problem, MAP) == "say which coast of Spain"
    assert check_order(position, "france", "F mao - spa/sc") is None


def test_check_order_reports_unreadable_text() -> None:
    problem = check_order(START, "england", "A pic - bel")
    assert problem is not None
    assert problem.outcome.value == "illegal"
    assert explain(problem, MAP) == "no unit at Picardy"
    assert problem.params == {"problem": "no_unit", "province": "pic"}


def test_a_bare_unit_is_placed_in_a_placement_or_draft_phase() -> None:
    from adjudicator import Build, Hold, UnitRef, find_variant, parse_order
    from adjudicator.board import UnitKind

    void = find_variant("multiple_void").initial_position({"players": 2})
    game_map = find_variant("multiple_void").map
    assert parse_order("A boh", game_map, position=void) == Build(UnitRef(UnitKind.ARMY, "boh"))
    assert parse_order("F bul/ec", game_map, position=void) == Build(
        UnitRef(UnitKind.FLEET, "bul/ec")
    )
    standard = find_variant("standard").initial_position()
    assert parse_order("A vie", game_map, position=standard) == Hold(UnitRef(UnitKind.ARMY, "vie"))
