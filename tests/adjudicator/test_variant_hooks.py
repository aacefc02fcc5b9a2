"""Every hook a variant plugs into, proved with a small made-up variant.

"Tunnels and Giants" is not a real variant: it exists so that the resolver's
named hook points are exercised without forking the resolver. It has a
channel tunnel (an army edge London-Picardy), Turkish giants of strength 2,
Italian supports that count double, fleets that may convoy from Denmark,
a Highlander-like year (one movement, its retreats, one adjustment), centers
changing hands after every movement, builds in any owned vacant center,
victory at 10, the 1982 all-hold paradox rule, and a seeded storm that
sinks one fleet as each movement phase starts.
"""

from __future__ import annotations

import random

from adjudicator import (
    Phase,
    PhaseKind,
    Position,
    Season,
    Unit,
    UnitKind,
    legal_orders,
    resolve,
)
from adjudicator.board import FrozenMap
from adjudicator.maps import GameMap
from adjudicator.orders import Move, UnitRef
from adjudicator.variants import VARIANTS, ParadoxRule, Variant, find_variant

A, F = UnitKind.ARMY, UnitKind.FLEET


class TunnelsAndGiants(Variant):
    id = "tunnels_and_giants"
    name = "Tunnels and Giants"
    aliases = ()
    phase_sequence = (
        (Season.FALL, PhaseKind.MOVEMENT),
        (Season.FALL, PhaseKind.RETREATS),
        (Season.WINTER, PhaseKind.ADJUSTMENTS),
    )
    ownership_seasons = frozenset({Season.FALL})
    victory_centers = 10
    paradox_rule = ParadoxRule.ALL_HOLD

    def __init__(self, storms: bool = False) -> None:
        self.storms = storms
        self._geo: GameMap | None = None

    def geography(self, position: Position) -> GameMap:
        if self._geo is None:
            self._geo = self.map.with_edges(army=[("lon", "pic")], convoy_coasts=["den"])
        return self._geo

    def unit_strength(self, unit: Unit, position: Position) -> int:
        return 2 if unit.power == "turkey" else 1

    def support_strength(self, unit: Unit, position: Position) -> int:
        return 2 if unit.power == "italy" else 1

    def build_sites(self, position: Position, power: str) -> tuple[str, ...]:
        return tuple(
            sorted(
                c
                for c, p in position.ownership.items()
                if p == power and position.unit_in(c) is None
            )
        )

    def before_phase(self, position: Position, seed: int) -> Position:
        if not self.storms or position.phase.kind is not PhaseKind.MOVEMENT:
            return position
        fleets = [u for u in position.units if u.kind is F]
        if not fleets:
            return position
        sunk = random.Random(seed).choice(fleets)
        return position.with_changes(units=[u for u in position.units if u != sunk])


VARIANT = TunnelsAndGiants()


def position(
    phase: str, units: dict[str, list[str]], centers: dict[str, list[str]] | None = None
) -> Position:
    placed = []
    for power, texts in units.items():
        for text in texts:
            kind, location = text.split()
            placed.append(Unit(power, UnitKind(kind), location))
    ownership = {c: p for p, cs in (centers or {}).items() for c in cs}
    return Position(VARIANT.id, Phase.parse(phase), tuple(placed), FrozenMap(ownership))


def outcome(result_list: tuple[object, ...], text: str) -> str:
    for r in result_list:
        if str(r.order) == text:  # type: ignore[attr-defined]
            return str(r.outcome.value)  # type: ignore[attr-defined]
    raise AssertionError(f"no result for {text}")


def test_the_test_variant_is_not_registered() -> None:
    """Nothing registers itself: the registry lists only real variants."""
    assert VARIANT.id not in VARIANTS
    assert find_variant("standard").id == "standard"


def test_geography_hook_adds_a_tunnel() -> None:
    start = position("F1901M", {"england": ["A lon"]})
    after = resolve(start, {"england": ["A lon - pic"]}, variant=VARIANT)
    assert after.position.unit_in("pic") == Unit("england", A, "pic")
    moves = legal_orders(start, variant=VARIANT)["lon"]
    assert Move(UnitRef(A, "lon"), "pic") in moves
    # The standard game has no tunnel.
    standard = Position("standard", Phase.parse("S1901M"), (Unit("england", A, "lon"),))
    alone = resolve(standard, {"england": ["A lon - pic"]}).results
    assert outcome(alone, "A lon - pic") == "no_convoy"


def test_unit_strength_hook_makes_a_giant() -> None:
    start = position("F1901M", {"turkey": ["A bul"], "austria": ["A ser"]})
    after = resolve(start, {"turkey": ["A bul - ser"]}, variant=VARIANT)
    assert after.position.unit_in("ser") == Unit("turkey", A, "ser")
    assert [d.unit for d in after.position.dislodged] == [Unit("austria", A, "ser")]


def test_support_strength_hook_doubles_a_support() -> None:
    start = position(
        "F1901M",
        {"italy": ["A ven", "A tyr"], "austria": ["A tri", "A vie", "A bud"]},
    )
    orders = {
        "italy": ["A ven - tri", "A tyr S A ven - tri"],  # 1 + 2 = 3
        "austria": ["A tri H", "A vie S A tri", "A bud S A tri"],  # 1 + 1 + 1 = 3
    }
    after = resolve(start, orders, variant=VARIANT)
    assert outcome(after.results, "A ven - tri") == "bounce"
    start = position("F1901M", {"italy": ["A ven", "A tyr"], "austria": ["A tri", "A vie"]})
    after = resolve(start, {"italy": ["A ven - tri", "A tyr S A ven - tri"]}, variant=VARIANT)
    assert outcome(after.results, "A ven - tri") == "ok"


def test_geography_hook_lets_a_coastal_fleet_convoy() -> None:
    start = position("F1901M", {"germany": ["A kie", "F den"]})
    orders = {"germany": ["A kie - swe", "F den C A kie - swe"]}
    after = resolve(start, orders, variant=VARIANT)
    assert after.position.unit_in("swe") == Unit("germany", A, "swe")
    standard = Position("standard", Phase.parse("S1901M"), start.units)
    assert resolve(standard, orders).position.unit_in("swe") is None


def test_paradox_rule_hook_all_hold() -> None:
    """DATC 6.F.14 (simple convoy paradox): Szykman dislodges F eng, all-hold does not."""
    units = {"england": ["F lon", "F wal"], "france": ["A bre", "F eng"]}
    orders = {
        "england": ["F lon S F wal - eng", "F wal - eng"],
        "france": ["A bre - lon", "F eng C A bre - lon"],
    }
    all_hold = resolve(position("F1901M", units), orders, variant=VARIANT)
    assert all_hold.position.unit_in("eng") == Unit("france", F, "eng")
    assert all_hold.position.dislodged == ()
    szykman = resolve(
        Position("standard", Phase.parse("S1901M"), position("F1901M", units).units), orders
    )
    assert szykman.position.unit_in("eng") == Unit("england", F, "eng")
    assert outcome(szykman.results, "A bre - lon") == "disrupted"


def test_phase_sequence_and_ownership_every_movement() -> None:
    start = position("F1901M", {"england": ["A lon"]}, {"england": ["lon"]})
    after = resolve(start, {"england": ["A lon - pic"]}, variant=VARIANT)
    assert str(after.position.phase) == "F1902M"  # no adjustments due: straight on
    start = position("F1901M", {"england": ["A yor"]}, {"england": ["lon"]})
    after = resolve(start, {"england": ["A yor - edi"]}, variant=VARIANT)
    assert after.position.ownership == {"lon": "england", "edi": "england"}
    assert str(after.position.phase) == "W1901A"
    built = resolve(after.position, {"england": ["Build F lon"]}, variant=VARIANT)
    assert str(built.position.phase) == "F1902M"
    assert Unit("england", F, "lon") in built.position.units


def test_build_sites_hook_builds_in_any_owned_center() -> None:
    start = position("W1901A", {"england": ["F nth"]}, {"england": ["bel", "hol"]})
    after = resolve(start, {"england": ["Build A bel"]}, variant=VARIANT)
    assert Unit("england", A, "bel") in after.position.units


def test_victory_hook() -> None:
    ten = ["lon", "edi", "lvp", "bel", "hol", "den", "nwy", "swe", "bre", "par"]
    start = position("F1901M", {"england": ["F nth"]}, {"england": ten})
    after = resolve(start, {}, variant=VARIANT)
    assert VARIANT.winner(after.position) == "england"
    assert find_variant("standard").winner(after.position) is None


def test_seeded_events_are_replayable() -> None:
    stormy = TunnelsAndGiants(storms=True)
    start = position("F1901M", {"england": ["F nth", "F eng", "F iri", "F nao", "F nwg"]})
    runs = {
        seed: [resolve(start, {}, seed=seed, variant=stormy).position for _ in range(3)]
        for seed in range(6)
    }
    for seed, positions in runs.items():
        assert len(set(positions)) == 1, f"seed {seed} gave different boards"
        assert len(positions[0].units) == 4
    assert len({runs[s][0] for s in runs}) > 1, "different seeds never sank different fleets"
