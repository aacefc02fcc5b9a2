"""Rather Silly's special armies, the Amazons and the dirtbag (rogue) armies (rules:
"Amazonen", "Lumpenarmeen"), as functions the variant's hooks call
(:class:`~adjudicator.variants.rather_silly.rules.RatherSilly`).

A great power raises one Amazon and one dirtbag army per five supply centers, in its free
home centers at the adjustments (``amazon par``, ``rogue mun``); they need no center, have
no strength, and the last ones go when the centers no longer allow them. An Amazon seduces
an army or fleet next to her (``A par seduce A bur``: it moves to her, whatever it was
ordered), or in Denmark all the armies or all the fleets, as she chooses ("wahlweise":
``A den seduce all armies``, ``A den seduce all fleets``: one step toward Denmark each); a
dirtbag army's ``A ruh distract`` cancels the seductions of every Amazon next to it. Kept
in the position's extras as the mark ``"kinds"`` (:mod:`.marks`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from adjudicator.board import FrozenMap, PhaseKind, Position, Unit, UnitKind, province_of
from adjudicator.errors import ParseError
from adjudicator.maps import GameMap
from adjudicator.orders import Move, Order, Support, UnitRef, VariantOrder
from adjudicator.results import OrderResult, Outcome, Reason
from adjudicator.variants.base import Variant
from adjudicator.variants.rather_silly.creatures import amphibious
from adjudicator.variants.rather_silly.marks import (
    located,
    marks_of,
    read_quietly,
    unit_key,
    unit_province,
    unit_text,
    with_marks,
)
from adjudicator.wording import declare_problem, problem_words

if TYPE_CHECKING:
    from adjudicator.variants.rather_silly.season import SeasonSoFar

#: The special armies: an Amazon and a dirtbag army per five supply centers, each.
AMAZON, DIRTBAG = "amazon", "dirtbag"
CENTERS_PER_SPECIAL = 5
#: Where an Amazon's "seduce all" pulls every other army and fleet.
COPENHAGEN = "den"
#: The marked units no Amazon seduces: the special armies and the fifth fleet.
SEDUCTION_PROOF = ("amazon", "dirtbag", "fifth_fleet")

SPECIAL_RAISED = Reason.declare("special_raised", "{unit} raised ({kind})")
SPECIAL_NOT_DUE = Reason.declare(
    "special_not_due", "one {kind} per five supply centers: none is due now"
)
SPECIAL_NO_SITE = Reason.declare("special_no_site", "{province} is not a free home center of yours")
SPECIAL_DISBANDED = Reason.declare(
    "special_disbanded", "{unit} disbanded: one {kind} per five supply centers"
)
SEDUCED = Reason.declare("seduced", "{unit} ({owner}) is seduced and moves to her")
SEDUCED_AWAY = Reason.declare("seduced_away", "overridden: the unit was seduced")
#: Kept for results stored before she had to choose (she pulled both kinds then).
COPENHAGEN_EFFECT = Reason.declare(
    "copenhagen", "every other army and fleet moves one step toward Denmark"
)
COPENHAGEN_ARMIES = Reason.declare(
    "copenhagen_armies", "every other army moves one step toward Denmark"
)
COPENHAGEN_FLEETS = Reason.declare(
    "copenhagen_fleets", "every other fleet moves one step toward Denmark"
)
SEDUCE_CANCELLED = Reason.declare(
    "seduce_cancelled", "cancelled: a rogue army next to her distracts her"
)
NOT_IN_DENMARK = Reason.declare("not_in_denmark", "only an Amazon in Denmark seduces all")
NOT_SEDUCIBLE = Reason.declare(
    "not_seducible", "no army or fleet there that could move to her province"
)
NOT_AN_AMAZON = Reason.declare("not_an_amazon", "only an Amazon seduces")
AMAZON_NO_SUPPORT = Reason.declare(
    "amazon_no_support", "an Amazon is given no support order ({unit} holds)"
)
NOT_A_DIRTBAG = Reason.declare("not_a_dirtbag", "only a rogue army distracts")
DISTRACTING = Reason.declare("distracting", "the Amazons next to it are distracted")
declare_problem("special_shape", "a special army is raised so: amazon par, rogue mun")
declare_problem(
    "seduce_shape",
    "a seduction reads: A par seduce A bur (or in Denmark A den seduce all armies, or all fleets)",
)
#: How "seduce all" names the kind she chooses.
_ALL_KINDS = {"armies": UnitKind.ARMY, "army": UnitKind.ARMY, "a": UnitKind.ARMY}
_ALL_KINDS |= {"fleets": UnitKind.FLEET, "fleet": UnitKind.FLEET, "f": UnitKind.FLEET}


@dataclass(frozen=True, slots=True)
class Raise(VariantOrder):
    """Raise an Amazon or a dirtbag army in a free home center at the adjustments:
    ``amazon par``, ``dirtbag mun`` (one of each per five supply centers)."""

    slot_name: ClassVar[str] = "raise"

    kind: str
    province: str
    phase_kinds = frozenset({PhaseKind.ADJUSTMENTS})

    @classmethod
    def read(
        cls, text: str, game_map: GameMap, position: Position | None, power: str | None
    ) -> Raise | None:
        words = text.lower().split()
        if not words or words[0] not in (AMAZON, DIRTBAG, "rogue"):
            return None
        if len(words) != 2:
            raise ParseError(problem_words("special_shape", {}, game_map), text, "special_shape")
        province = located(words[1], text, game_map, coast_ok=False)
        return cls(DIRTBAG if words[0] == "rogue" else words[0], province)

    def __str__(self) -> str:
        return f"{'rogue' if self.kind == DIRTBAG else self.kind} {self.province}"

    @property
    def where(self) -> str:
        return self.province


@dataclass(frozen=True, slots=True)
class Seduce(VariantOrder):
    """An Amazon's order: ``A par seduce A bur`` (the unit moves to Paris, whatever it was
    ordered), or in Denmark ``A den seduce all armies`` / ``all fleets`` (``all_of``)."""

    replaces: ClassVar[str] = "unit"  # the Amazon's order

    amazon: UnitRef
    target: UnitRef | None
    all_of: UnitKind | None = None
    phase_kinds = frozenset({PhaseKind.MOVEMENT})

    @classmethod
    def read(
        cls, text: str, game_map: GameMap, position: Position | None, power: str | None
    ) -> Seduce | None:
        words = text.split()
        if len(words) < 3 or words[2].lower() != "seduce":
            return None

        def unit(kind: str, where: str) -> UnitRef:
            location = game_map.lookup(where)
            if kind.upper() not in ("A", "F") or location is None:
                raise ParseError(problem_words("seduce_shape", {}, game_map), text, "seduce_shape")
            return UnitRef(UnitKind(kind.upper()), location)

        amazon = unit(words[0], words[1])
        if words[3:4] and words[3].lower() == "all":
            chosen = _ALL_KINDS.get(words[4].lower()) if len(words) == 5 else None
            if chosen is None:
                raise ParseError(problem_words("seduce_shape", {}, game_map), text, "seduce_shape")
            return cls(amazon, None, chosen)
        if len(words) != 5:
            raise ParseError(problem_words("seduce_shape", {}, game_map), text, "seduce_shape")
        return cls(amazon, unit(words[3], words[4]))

    def __str__(self) -> str:
        if self.target is not None:
            return f"{self.amazon} seduce {self.target}"
        return f"{self.amazon} seduce all {'fleets' if self.all_of is UnitKind.FLEET else 'armies'}"

    @property
    def where(self) -> str:
        return self.amazon.province


@dataclass(frozen=True, slots=True)
class Distract(VariantOrder):
    """A dirtbag army's order: ``A ruh distract``: every Amazon next to it is distracted,
    and her seduce order cancelled."""

    replaces: ClassVar[str] = "unit"

    unit: UnitRef
    phase_kinds = frozenset({PhaseKind.MOVEMENT})

    @classmethod
    def read(
        cls, text: str, game_map: GameMap, position: Position | None, power: str | None
    ) -> Distract | None:
        words = text.split()
        if len(words) != 3 or words[2].lower() != "distract":
            return None
        location = game_map.lookup(words[1])
        if words[0].upper() != "A" or location is None:
            raise ParseError(problem_words("seduce_shape", {}, game_map), text, "seduce_shape")
        return cls(UnitRef(UnitKind.ARMY, location))

    def __str__(self) -> str:
        return f"{self.unit} distract"

    @property
    def where(self) -> str:
        return self.unit.province


def specials_of(position: Position, power: str, kind: str) -> list[str]:
    """Where ``power``'s Amazons (or dirtbag armies) stand."""
    prefix = f"{power} "
    return sorted(
        k[len(prefix) :]
        for k, v in marks_of(position, "kinds").items()
        if k.startswith(prefix) and v == kind
    )


def specials_due(variant: Variant, position: Position, power: str, kind: str) -> int:
    """How many more Amazons (or dirtbag armies) ``power`` may raise now: one per five
    supply centers, less those it has (negative: too many, the last ones go). Every player
    ("kann ein Spieler eine weibliche Armee bauen"): a great power, and a role seat with
    centers of its own (the Doctor, the Fortune-teller)."""
    if power not in variant.adjustment_seats(position):
        return 0
    allowed = len(position.centers_of(power)) // CENTERS_PER_SPECIAL
    return allowed - len(specials_of(position, power, kind))


def seductions(
    variant: Variant, position: Position, given: dict[str, list[Order | str]]
) -> tuple[dict[str, list[Order | str]], list[OrderResult]]:
    """The Amazons' seduce orders (house rules on the rules page): a seduced army or
    fleet moves to the Amazon's province whatever it was ordered; an Amazon in Denmark
    seducing "all armies" (or "all fleets") pulls every other army (or fleet) one step
    toward Denmark; a dirtbag
    army's distraction cancels the seduce orders of every Amazon next to it."""
    kinds = marks_of(position, "kinds")
    if not kinds or not any(
        isinstance(raw, str) or type(raw) is Seduce or type(raw) is Distract
        for texts in given.values()
        for raw in texts
    ):
        return given, []  # no seduce order, nor a text that could be one
    seduces: list[tuple[str, Seduce]] = []
    distracting: set[str] = set()
    results: list[OrderResult] = []
    for power, texts in sorted(given.items()):
        kept: list[Order | str] = []
        for raw in texts:
            order = read_quietly(variant, raw, position, power)
            # By class (neither has a subclass): isinstance of a variant's order kind goes
            # through the ABC, for every order of the season.
            kind = type(order)
            if kind is Seduce:
                if kinds.get(unit_key(power, order.amazon.location)) != AMAZON:
                    results.append(OrderResult(power, order, Outcome.VOID, NOT_AN_AMAZON))
                else:
                    seduces.append((power, order))
                continue
            if kind is Distract:
                if kinds.get(unit_key(power, order.unit.location)) != DIRTBAG:
                    results.append(OrderResult(power, order, Outcome.VOID, NOT_A_DIRTBAG))
                else:
                    distracting.add(order.unit.province)
                    results.append(OrderResult(power, order, Outcome.OK, DISTRACTING))
                continue
            kept.append(raw)
        given[power] = kept
    graph = amphibious(variant.map)
    forced: dict[str, tuple[Unit, Move]] = {}
    for power, order in sorted(seduces, key=lambda x: x[1].amazon.location):
        amazon = order.amazon.province
        if graph.get(amazon, frozenset()) & distracting:
            results.append(OrderResult(power, order, Outcome.VOID, SEDUCE_CANCELLED))
            continue
        if order.target is None:
            if amazon != COPENHAGEN:
                results.append(OrderResult(power, order, Outcome.VOID, NOT_IN_DENMARK))
                continue
            for unit in position.units:
                if unit.province == amazon or unit.kind is not order.all_of:
                    continue
                if not _conventional(variant, unit, kinds):
                    continue
                step = _step_toward(variant.map, unit, amazon)
                if step is not None and unit.province not in forced:
                    forced[unit.province] = (
                        unit,
                        Move(UnitRef(unit.kind, unit.location), step),
                    )
            pulled = COPENHAGEN_FLEETS if order.all_of is UnitKind.FLEET else COPENHAGEN_ARMIES
            results.append(OrderResult(power, order, Outcome.OK, pulled))
            continue
        target = position.unit_in(order.target.province)
        if target is None or not _conventional(variant, target, kinds):
            results.append(OrderResult(power, order, Outcome.VOID, NOT_SEDUCIBLE))
            continue
        dest = _entry(variant.map, target, amazon)
        if dest is None:
            results.append(OrderResult(power, order, Outcome.VOID, NOT_SEDUCIBLE))
            continue
        if target.province not in forced:
            forced[target.province] = (
                target,
                Move(UnitRef(target.kind, target.location), dest),
            )
        results.append(
            OrderResult(
                power,
                order,
                Outcome.OK,
                SEDUCED,
                FrozenMap({"unit": unit_text(target), "owner": target.power}),
            )
        )
    for province, (unit, move) in sorted(forced.items()):
        mine: list[Order | str] = []
        for t in given.get(unit.power, []):
            if unit_province(variant, t, position, unit.power) == province:
                results.append(OrderResult(unit.power, t, Outcome.VOID, SEDUCED_AWAY))
            else:
                mine.append(t)
        given[unit.power] = [*mine, move]
    return given, results


def amazon_supports(
    variant: Variant, position: Position, given: dict[str, list[Order | str]]
) -> tuple[dict[str, list[Order | str]], list[OrderResult]]:
    """ "Man kann den A®MAZONEN zwar keinen Unterstützungsbefehl geben": a support order
    given to an Amazon is void, and she holds."""
    kinds = marks_of(position, "kinds")
    if AMAZON not in kinds.values():
        return given, []
    results: list[OrderResult] = []
    for power, texts in sorted(given.items()):
        kept: list[Order | str] = []
        for raw in texts:
            order = read_quietly(variant, raw, position, power)
            if isinstance(order, Support) and (
                kinds.get(unit_key(power, order.unit.location)) == AMAZON
            ):
                unit = FrozenMap({"unit": f"{order.unit.kind.value} {order.unit.location}"})
                results.append(OrderResult(power, raw, Outcome.VOID, AMAZON_NO_SUPPORT, unit))
                continue
            kept.append(raw)
        given[power] = kept
    return given, results


def specials_adjusted(season: SeasonSoFar) -> tuple[Position, list[OrderResult]]:
    """At the adjustments: each ``amazon``/``dirtbag`` order raises one in a free home
    center, as many as are due; a power with more than its centers allow loses the
    ones farthest from home."""
    variant, after = season.variant, season.after
    results: list[OrderResult] = []
    kinds = dict(marks_of(after, "kinds"))
    units = list(after.units)
    for power, order in season.given(Raise):
        now = after.with_changes(units=units, extras={**after.extras, "kinds": kinds})
        label = FrozenMap({"kind": order.kind})
        if specials_due(variant, now, power, order.kind) <= 0:
            results.append(OrderResult(power, order, Outcome.VOID, SPECIAL_NOT_DUE, label))
            continue
        if order.province not in variant.build_sites(now, power):
            results.append(
                OrderResult(
                    power,
                    order,
                    Outcome.VOID,
                    SPECIAL_NO_SITE,
                    FrozenMap({"province": order.province}),
                )
            )
            continue
        unit = Unit(power, UnitKind.ARMY, order.province)
        units.append(unit)
        kinds[unit_key(power, order.province)] = order.kind
        results.append(
            OrderResult(
                power,
                order,
                Outcome.OK,
                SPECIAL_RAISED,
                FrozenMap({"unit": unit_text(unit), "kind": order.kind}),
            )
        )
    for power in variant.adjustment_seats(after):
        for kind in (AMAZON, DIRTBAG):
            now = after.with_changes(units=units, extras={**after.extras, "kinds": kinds})
            excess = -specials_due(variant, now, power, kind)
            if excess <= 0:
                continue
            far = variant.civil_disorder_distances(now, power)
            mine = specials_of(now, power, kind)
            for location in sorted(mine, key=lambda loc: (-far.get(loc, 0), loc))[:excess]:
                units = [u for u in units if not (u.power == power and u.location == location)]
                del kinds[unit_key(power, location)]
                results.append(
                    OrderResult(
                        power,
                        "disband",
                        Outcome.OK,
                        SPECIAL_DISBANDED,
                        FrozenMap({"unit": f"A {location}", "kind": kind}),
                    )
                )
    return with_marks(after.with_changes(units=units), "kinds", kinds), results


def _conventional(variant: Variant, unit: Unit, kinds: Mapping[str, str]) -> bool:
    """An army or fleet of a player that an Amazon seduces: not a monster, an Amazon, a
    dirtbag army or a fifth fleet."""
    mark = kinds.get(unit_key(unit.power, unit.location))
    return unit.power not in variant.creatures and mark not in SEDUCTION_PROOF


def _entry(game_map: GameMap, unit: Unit, province: str) -> str | None:
    """Where ``unit`` moves to enter ``province`` (a coast for a fleet), or None."""
    geo = game_map
    if unit.kind is UnitKind.ARMY:
        ok = province in geo.army_neighbours(unit.province) and province in geo.land_provinces
        return province if ok else None
    reach = [loc for loc in geo.fleet_neighbours(unit.location) if province_of(loc) == province]
    return sorted(reach)[0] if reach else None


def _step_toward(game_map: GameMap, unit: Unit, province: str) -> str | None:
    """The move that brings ``unit`` one step nearer ``province`` (into it, when next to
    it), by its own kind's edges; None if no step brings it nearer. Level steps: the
    first by location (house rule)."""
    geo = game_map
    entry = _entry(game_map, unit, province)
    if entry is not None:
        return entry
    if unit.kind is UnitKind.ARMY:
        graph = {
            p: frozenset(n for n in geo.army_neighbours(p) if n in geo.land_provinces)
            for p in geo.land_provinces
        }
        steps = sorted(graph.get(unit.province, frozenset()))
    else:
        graph = {p: geo.fleet_province_neighbours(p) for p in geo.provinces}
        steps = sorted(geo.fleet_neighbours(unit.location))
    distance = {province: 0}
    frontier = [province]
    while frontier:
        nxt = []
        for p in frontier:
            for q in graph.get(p, ()):
                if q not in distance:
                    distance[q] = distance[p] + 1
                    nxt.append(q)
        frontier = nxt
    here = distance.get(unit.province)
    closer = [
        s
        for s in steps
        if distance.get(province_of(s), 10_000) < (here if here is not None else 10_000)
    ]
    return closer[0] if closer else None
