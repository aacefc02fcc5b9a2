"""Every hook a variant plugs into, proved with a small made-up variant.

"Tunnels and Giants" is not a real variant: it exists so that the resolver's
named hook points are exercised without forking the resolver. It has a
channel tunnel (an army edge London-Picardy), Turkish giants of strength 2,
Italian supports that count double, fleets that may convoy from Denmark,
a Highlander-like year (one movement, its retreats, one adjustment), centers
changing hands after every movement, builds in any owned vacant center,
victory at 10, the 1982 all-hold paradox rule, and a seeded storm that
sinks one fleet as each movement phase opens.

With ``digging``, it declares what the core does not know: a phase kind of its own
(winter tunnelling, after the adjustments), two order kinds of its own (``dig lon pic``
in that phase, a vote for where the next tunnel goes; ``A bul smash`` in movement, a
Turkish giant that smashes itself and every unit beside it), and who orders for what (a
power holding two home centers of another gives that power's orders).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import pytest

from adjudicator import (
    OrderResult,
    Outcome,
    Phase,
    PhaseKind,
    Position,
    Reason,
    Season,
    Unit,
    UnitKind,
    check_order,
    legal_orders,
    resolve,
    start,
)
from adjudicator.board import FrozenMap, province_of
from adjudicator.chance import chance
from adjudicator.errors import ParseError
from adjudicator.maps import GameMap
from adjudicator.orders import Hold, Move, Order, UnitRef, VariantOrder
from adjudicator.variants import VARIANTS, ParadoxRule, Variant, find_variant
from adjudicator.wording import declare_problem, explain, problem_words, unit_words

A, F = UnitKind.ARMY, UnitKind.FLEET
STORM = Reason.declare("sunk_by_storm", "{unit} was sunk by a storm")
TUNNELLING = PhaseKind.declare("U", "tunnelling")
OUTVOTED = Reason.declare("tunnel_outvoted", "the tunnel goes from {source} to {dest}")
SMASHED = Reason.declare("smashed_by_giant", "smashed by the giant in {location}")
NOT_A_GIANT = Reason.declare("not_a_giant", "only a Turkish army is a giant")
declare_problem("dig_shape", "a dig names two provinces")
declare_problem("smash_shape", "a smash names a unit: A bul smash")


@dataclass(frozen=True, slots=True)
class Dig(VariantOrder):
    """A vote for the next tunnel: ``dig lon pic``."""

    source: str
    dest: str
    phase_kinds = frozenset({TUNNELLING})

    @classmethod
    def read(
        cls, text: str, game_map: GameMap, position: Position | None, power: str | None
    ) -> Dig | None:
        words = text.lower().split()
        if not words or words[0] != "dig":
            return None
        if len(words) != 3:
            raise ParseError(problem_words("dig_shape", {}, game_map), text, "dig_shape")
        places = [game_map.lookup(w) for w in words[1:]]
        for word, place in zip(words[1:], places, strict=True):
            if place is None or "/" in place:
                params = {"token": word}
                words = problem_words("unknown_province", params, game_map)
                raise ParseError(words, text, "unknown_province", params)
        return cls(str(places[0]), str(places[1]))

    @property
    def where(self) -> str:
        return self.source

    def __str__(self) -> str:
        return f"dig {self.source} {self.dest}"


@dataclass(frozen=True, slots=True)
class Smash(VariantOrder):
    """A giant smashes itself and everything beside it: ``A bul smash``."""

    unit: UnitRef
    phase_kinds = frozenset({PhaseKind.MOVEMENT})

    @classmethod
    def read(
        cls, text: str, game_map: GameMap, position: Position | None, power: str | None
    ) -> Smash | None:
        words = text.split()
        if len(words) != 3 or words[2].lower() != "smash":
            return None
        location = game_map.lookup(words[1])
        if words[0].upper() not in ("A", "F") or location is None:
            raise ParseError(problem_words("smash_shape", {}, game_map), text, "smash_shape")
        return cls(UnitRef(UnitKind(words[0].upper()), location))

    @property
    def where(self) -> str:
        return self.unit.location

    def __str__(self) -> str:
        return f"{self.unit} smash"


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

    def __init__(self, storms: bool = False, digging: bool = False) -> None:
        self.storms = storms
        self._geo: dict[tuple[str, str], GameMap] = {}
        if digging:
            self.phase_kinds = (TUNNELLING,)
            self.order_kinds = (Dig, Smash)
            self.phase_sequence = (*self.phase_sequence, (Season.WINTER, TUNNELLING))

    def geography(self, position: Position) -> GameMap:
        tunnel = position.extras.get("tunnel") or ("lon", "pic")
        key = (str(tunnel[0]), str(tunnel[1]))
        if key not in self._geo:
            self._geo[key] = self.map.with_edges(army=[key], convoy_coasts=["den"])
        return self._geo[key]

    # -- what the core does not know: its own phase and orders ---------------------------

    def orders_due(self, position: Position) -> frozenset[str]:
        if position.phase.kind is TUNNELLING:
            return frozenset(position.ownership.values())
        return super().orders_due(position)

    def orders_given_by(self, position: Position) -> dict[str, frozenset[str]]:
        """A power holding two or more home centers of another gives its orders too."""
        given = super().orders_given_by(position)
        for vassal in list(given):
            homes = self.map.home_centers(vassal)
            holders = [position.ownership.get(c) for c in homes]
            for lord in set(holders) - {vassal, None}:
                if lord is not None and holders.count(lord) >= 2 and lord in given:
                    given[lord] = given[lord] | given.pop(vassal)
                    break
        return given

    def resolve_own_phase(
        self, position: Position, orders: Mapping[str, Sequence[Order]], seed: int
    ) -> tuple[Position, list[OrderResult]]:
        """The tunnel most voted for is dug; a tie is drawn from the seed."""
        votes: dict[tuple[str, str], list[tuple[str, Dig]]] = {}
        for power in sorted(orders):
            for order in orders[power][-1:]:  # a later dig replaces an earlier one
                assert isinstance(order, Dig)
                votes.setdefault((order.source, order.dest), []).append((power, order))
        if not votes:
            return position, []
        most = max(len(v) for v in votes.values())
        tied = sorted(k for k, v in votes.items() if len(v) == most)
        won = tied[0] if len(tied) == 1 else chance(seed, "tunnel").choice(tied)
        results = [
            OrderResult(power, order, Outcome.OK)
            if key == won
            else OrderResult(
                power,
                order,
                Outcome.VOID,
                OUTVOTED,
                FrozenMap({"source": won[0], "dest": won[1]}),
            )
            for key, cast in votes.items()
            for power, order in cast
        ]
        extras = {**position.extras, "tunnel": won}
        return position.with_changes(extras=extras), results

    def steps_after_moves(
        self,
        position: Position,
        after: Position,
        orders: Mapping[str, Sequence[VariantOrder]],
        seed: int,
        *,
        moves: Sequence[OrderResult] = (),
    ) -> tuple[Position, tuple[OrderResult, ...]]:
        """Giants smash after the units moved: a Turkish army still where it stood goes,
        and every unit beside it with it."""
        results: list[OrderResult] = []
        units = list(after.units)
        geo = self.geography(after)
        for power in sorted(orders):
            for order in orders[power]:
                assert isinstance(order, Smash)
                giant = after.unit_in(order.unit.location)
                if giant is None or giant.power != "turkey" or giant.kind is not A:
                    results.append(OrderResult(power, order, Outcome.VOID, NOT_A_GIANT))
                    continue
                results.append(OrderResult(power, order, Outcome.OK))
                near = set(geo.army_neighbours(giant.province))
                for unit in [u for u in units if province_of(u.location) in near]:
                    units.remove(unit)
                    results.append(
                        OrderResult(
                            unit.power,
                            Hold(UnitRef(unit.kind, unit.location)),
                            Outcome.DISLODGED,
                            SMASHED,
                            FrozenMap({"location": giant.province}),
                        )
                    )
                units.remove(giant)
        return after.with_changes(units=units), tuple(results)

    def own_legal_orders(
        self, position: Position, power: str | None
    ) -> dict[str, tuple[Order, ...]]:
        if position.phase.kind is PhaseKind.MOVEMENT:
            return {
                u.province: (Smash(UnitRef(u.kind, u.location)),)
                for u in position.units
                if u.power == "turkey" and u.kind is A and power in (None, "turkey")
            }
        if position.phase.kind is TUNNELLING:
            return {"dig": (Dig("lon", "pic"), Dig("lon", "bel"))}
        return {}

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

    def events_opening_phase(
        self, position: Position, seed: int
    ) -> tuple[Position, tuple[OrderResult, ...]]:
        if not self.storms or position.phase.kind is not PhaseKind.MOVEMENT:
            return position, ()
        fleets = [u for u in position.units if u.kind is F]
        if not fleets:
            return position, ()
        sunk = chance(seed, "storm").choice(fleets)
        text = f"{sunk.kind} {sunk.location}"
        lost = OrderResult(sunk.power, text, Outcome.VOID, STORM, FrozenMap({"unit": text}))
        return position.with_changes(units=[u for u in position.units if u != sunk]), (lost,)


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


FIVE_FLEETS = ["F nth", "F eng", "F iri", "F nao", "F nwg"]
FIVE_CENTERS = ["lon", "edi", "lvp", "nwy", "bre"]


def test_the_event_that_opens_a_phase_is_in_its_position_and_replayable() -> None:
    """The storm strikes as a movement phase opens: resolving the winter gives a fall
    position one fleet short, with the sinking among the results, the same for a seed
    every time and not the same for every seed."""
    stormy = TunnelsAndGiants(storms=True)
    winter = position("W1901A", {"england": FIVE_FLEETS}, {"england": FIVE_CENTERS})
    runs = {
        seed: [resolve(winter, {}, seed=seed, variant=stormy) for _ in range(3)]
        for seed in range(6)
    }
    for seed, resolutions in runs.items():
        assert len({r.position for r in resolutions}) == 1, f"seed {seed} gave different boards"
        after = resolutions[0]
        assert str(after.position.phase) == "F1902M"
        assert len(after.position.units) == 4
        (sunk,) = [r for r in after.results if r.reason is STORM]
        assert after.position.unit_in(str(sunk.order).split()[1]) is None
        assert sunk.params == {"unit": str(sunk.order)}
        assert (
            explain(sunk, stormy.map)
            == f"{unit_words(str(sunk.order), stormy.map)} was sunk by a storm"
        )
    assert len({runs[s][0].position for s in runs}) > 1, (
        "different seeds never sank different fleets"
    )


def test_checking_an_order_runs_no_event() -> None:
    """A player orders against the board he sees: checking an order (or listing the
    legal ones) in an open movement phase neither sinks a fleet nor moves on."""
    stormy = TunnelsAndGiants(storms=True)
    # Six centers for five fleets: a build is due, so the winter is played.
    fall = position("F1902M", {"england": FIVE_FLEETS}, {"england": [*FIVE_CENTERS, "bel"]})
    for fleet in FIVE_FLEETS:
        assert check_order(fall, "england", f"{fleet} H", variant=stormy) is None
    assert len(legal_orders(fall, "england", variant=stormy)) == 5
    # Resolving the fall itself moves on to the winter: no storm opens an adjustment.
    after = resolve(fall, {}, seed=3, variant=stormy)
    assert len(after.position.units) == 5
    assert not [r for r in after.results if r.reason is STORM]


def test_a_game_starts_with_the_events_of_its_first_phase() -> None:
    stormy = TunnelsAndGiants(storms=True)
    first = start(stormy, seed=5)
    assert len(first.units) == len(stormy.initial_position().units) - 1
    assert first == start(stormy, seed=5)


# -- what a variant declares: phase kinds, order kinds, who orders for what ----------------

DIGGING = TunnelsAndGiants(digging=True)


def test_a_variant_declares_a_phase_kind_of_its_own() -> None:
    """Winter tunnelling follows the adjustments, is written with its own letter, sorts
    after them, and is played whether or not anyone builds."""
    phase = Phase.parse("W1901U")
    assert phase.kind is TUNNELLING
    assert phase.name == "Winter 1901 tunnelling"
    assert not phase.is_setup
    assert Phase.parse("W1901A").sort_key < phase.sort_key < Phase.parse("F1902M").sort_key
    assert DIGGING.knows_phase(phase)
    assert not VARIANT.knows_phase(phase)
    fall = position("F1901M", {"england": ["A lon"]}, {"england": ["lon"]})
    assert str(resolve(fall, {}, variant=DIGGING).position.phase) == "W1901U"
    assert str(resolve(fall, {}, variant=VARIANT).position.phase) == "F1902M"
    # The standard codes are as they were on the wire; one letter is never read two ways.
    assert [str(k) for k in (PhaseKind.MOVEMENT, PhaseKind.RETREATS)] == ["M", "R"]
    assert PhaseKind.declare("U", "tunnelling") is TUNNELLING
    with pytest.raises(ValueError, match="already declared"):
        PhaseKind.declare("U", "underwater basket weaving")


def test_a_variant_declares_an_order_kind_with_its_notation_and_phase() -> None:
    winter = position("W1901U", {"england": ["A lon"], "france": ["A par"]})
    dig = DIGGING.read_order("Dig London Belgium", position=winter, power="england")
    assert dig == Dig("lon", "bel")
    assert DIGGING.read_order(str(dig)) == dig
    with pytest.raises(ParseError) as refused:
        DIGGING.read_order("dig lon", position=winter, power="england")
    assert refused.value.code == "dig_shape"
    # In a movement phase a dig is of the wrong phase; a standard game cannot read one.
    fall = position("F1901M", {"england": ["A lon"]})
    (wrong,) = resolve(fall, {"england": ["dig lon bel"]}, variant=DIGGING).results[:1]
    assert (wrong.outcome, wrong.reason) == (Outcome.ILLEGAL, Reason.WRONG_PHASE)
    assert wrong.params["kind"] == "dig"
    standard = Position("standard", Phase.parse("S1901M"), fall.units)
    (unread,) = [
        r
        for r in resolve(standard, {"england": ["dig lon bel"]}).results
        if r.order == "dig lon bel"
    ]
    assert unread.reason is Reason.UNREADABLE


def test_the_variant_resolves_its_own_phase_and_the_board_follows() -> None:
    """Two votes for Belgium against one for Picardy: the tunnel goes to Belgium, and the
    next movement an army walks through it; a tie is drawn from the seed, replayably."""
    winter = position(
        "W1901U",
        {"england": ["A lon"], "france": ["A par"], "germany": ["A kie"]},
        {"england": ["lon"], "france": ["par"], "germany": ["kie"]},
    )
    votes = {"england": ["dig lon bel"], "france": ["dig lon bel"], "germany": ["dig lon pic"]}
    after = resolve(winter, votes, variant=DIGGING)
    assert after.position.extras["tunnel"] == ("lon", "bel")
    assert str(after.position.phase) == "F1902M"
    (lost,) = [r for r in after.results if r.power == "germany"]
    assert (lost.outcome, lost.reason) == (Outcome.VOID, OUTVOTED)
    assert lost.params == {"source": "lon", "dest": "bel"}
    assert explain(lost, DIGGING.map) == "the tunnel goes from London to Belgium"
    walked = resolve(after.position, {"england": ["A lon - bel"]}, variant=DIGGING)
    assert walked.position.unit_in("bel") == Unit("england", A, "bel")
    tie = {"england": ["dig lon bel"], "germany": ["dig lon pic"]}
    drawn = {
        str(resolve(winter, tie, seed=s, variant=DIGGING).position.extras["tunnel"])
        for s in range(12)
    }
    assert drawn == {"('lon', 'bel')", "('lon', 'pic')"}
    assert resolve(winter, tie, seed=4, variant=DIGGING) == resolve(
        winter, tie, seed=4, variant=DIGGING
    )


def test_an_order_kind_of_its_own_in_movement_is_a_step_after_the_core() -> None:
    """The giant in Bulgaria holds while the others move, then smashes itself and every
    unit beside it; an Austrian army cannot smash."""
    fall = position(
        "F1901M",
        {
            "turkey": ["A bul"],
            "russia": ["F rum"],
            "austria": ["A ser", "A gre"],
            "italy": ["A alb"],
        },
    )
    orders = {"turkey": ["A bul smash"], "austria": ["A gre smash"], "italy": ["A alb - tri"]}
    after = resolve(fall, orders, variant=DIGGING)
    assert [(u.power, u.location) for u in after.position.units] == [("italy", "tri")]
    smashed = {(r.power, str(r.order)) for r in after.results if r.reason is SMASHED}
    assert smashed == {("russia", "F rum H"), ("austria", "A ser H"), ("austria", "A gre H")}
    assert outcome(after.results, "A gre smash") == "void"
    assert ("bul", (Smash(UnitRef(A, "bul")),)) in [
        (k, v[-1:]) for k, v in legal_orders(fall, "turkey", variant=DIGGING).items()
    ]


def test_who_orders_for_what_is_the_variants_answer() -> None:
    """England holds two French home centers: England's player gives France's orders."""
    fall = position(
        "F1901M",
        {"england": ["A par", "A bre"], "france": ["A mar"], "germany": ["A mun"]},
        {"england": ["par", "bre"], "france": ["mar"], "germany": ["mun"]},
    )
    assert DIGGING.orders_given_by(fall) == {
        "england": frozenset({"england", "france"}),
        "germany": frozenset({"germany"}),
    }
    standard = find_variant("standard")
    assert standard.orders_given_by(fall) == {
        p: frozenset({p}) for p in ("england", "france", "germany")
    }
