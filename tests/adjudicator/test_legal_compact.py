"""The compact form of the legal orders (``legal_orders_compact``) stands for exactly the
orders ``legal_orders`` lists, in the same order, once expanded; and it is far smaller
where fleets at sea make chains (supports and convoys named once per unit concerned)."""

from __future__ import annotations

import json

from hypothesis import given, settings

from adjudicator import Phase, Position, Unit, UnitKind, find_variant, legal_orders, resolve
from adjudicator.legal import expand_legal, legal_orders_compact
from tests.adjudicator.test_properties import adjustment_positions, movement_positions

STANDARD = find_variant("standard")


def _same(position: Position, power: str | None = None) -> None:
    compact = legal_orders_compact(position, power)
    # What a client receives is JSON: the form survives it.
    compact = json.loads(json.dumps(compact))
    assert expand_legal(compact) == legal_orders(position, power)


@settings(max_examples=150, deadline=None)
@given(movement_positions())
def test_a_movement_position_expands_to_its_legal_orders(position: Position) -> None:
    _same(position)
    for power in {u.power for u in position.units}:
        _same(position, power)


@settings(max_examples=60, deadline=None)
@given(adjustment_positions())
def test_an_adjustment_position_lists_its_orders_as_text(position: Position) -> None:
    _same(position)
    for power in STANDARD.powers:
        _same(position, power)


def test_a_retreat_phase_lists_its_orders_as_text() -> None:
    start = STANDARD.initial_position()
    spring = resolve(start, {"germany": ["A mun - bur"], "france": ["A par - pic"]}).position
    fall = resolve(
        spring,
        {"france": ["A pic - bur", "A mar S A pic - bur"], "germany": ["A bur H"]},
    ).position
    assert str(fall.phase) == "F1901R"
    _same(fall)
    assert legal_orders_compact(fall, "germany")["units"]["bur"]["orders"][-1] == "A bur D"


def test_chains_of_fleets_are_named_once_per_unit() -> None:
    """Twelve fleets in one chain and 25 armies on its shores: the full list runs to
    some 12,800 orders (each support of each convoyed move, each convoy of each army),
    the compact form names each fact once and is a fraction of its size."""
    fleets = ["nao", "mao", "wes", "tys", "ion", "eas", "aeg", "adr", "lyo", "eng", "iri", "nth"]
    armies = ["lvp", "bre", "spa", "naf", "tun", "nap", "gre", "smy", "syr", "por", "wal"]
    armies += ["bel", "hol", "pic", "gas", "mar", "pie", "tus", "rom", "apu", "alb", "ven"]
    armies += ["tri", "con", "bul"]
    units = [Unit("england", UnitKind.FLEET, s) for s in fleets]
    units += [Unit("france", UnitKind.ARMY, a) for a in armies]
    position = Position("standard", Phase.parse("S1901M"), tuple(units))
    full = legal_orders(position)
    listed = sum(len(v) for v in full.values())
    assert listed > 10_000
    _same(position)
    full_size = len(json.dumps({k: [str(o) for o in v] for k, v in full.items()}))
    compact_size = len(json.dumps(legal_orders_compact(position)))
    assert compact_size * 5 < full_size
