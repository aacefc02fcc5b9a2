"""Rather Silly's birds (rule "Vögel"): flocks that fly over the board, carry an army, and
flee from units that scare them.

A flock is no unit of the core: it shares provinces with any unit and with other flocks,
has strength 0 everywhere and never holds or takes a province or a supply center. The
position keeps the flocks in ``extras["birds"]``, a list sorted by province, then power,
one entry a flock::

    {"power": "england", "province": "lon", "carrying": null}

``carrying`` is the power of the army aboard it (that army stands in the same province),
or null. A power has at most one flock in a province: two of its flocks that meet join.
Without flocks there is no ``"birds"`` key at all.

The orders (the variant's own kinds, :data:`ORDER_KINDS`):

- adjustments: ``birds lon`` builds a flock in a free center where the power may build,
  using one build; ``disband birds lon`` disbands one when flocks must go;
- movement, for a flock: ``birds lon carry A lon`` picks up the army in its province (the
  army's owner, any power, gives ``A lon board``: both are needed);
  ``birds lon - nth - den`` flies that route, each step to a neighbouring province
  (amphibious, coasts merged, never into Switzerland, Iceland or Crete), three steps at
  most, two with an army; ``birds lon R wal`` is where it flees should it be scared;
- movement, for a unit: ``A lon - nth - den`` is the flight of an army aboard a flock (read
  so only for such an army: it must name its flock's route); ``A par scare`` (any unit, the
  order is its hold) closes its province and the neighbours to birds this season.

When (step 1 of the season, "movement": birds move at once with the units): the core
resolves the units' moves first, an army aboard a flock holding its province with strength
0 (:func:`aboard_orders` sets its other orders aside, and supports to hold it); then
:func:`.flight.move_birds` runs, first of the variant's steps: scares, pick-ups, flights
and landings, flocks fleeing. The Borg's step eats flocks (:func:`flocks_eaten`), the llamas'
blows them up (:func:`flocks_blown`); at the adjustments :func:`adjust_birds` runs first
of the variant's steps. House rules (the rules page says them): see docs/rather_silly.md.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from adjudicator.board import FrozenMap, PhaseKind, Position, Unit, UnitKind, province_of
from adjudicator.errors import ParseError
from adjudicator.maps import GameMap
from adjudicator.orders import (
    Build,
    Convoy,
    Hold,
    Move,
    Order,
    Support,
    UnitRef,
    VariantOrder,
    Waive,
)
from adjudicator.results import OrderResult, Outcome, Reason, make_result
from adjudicator.variants.base import Variant
from adjudicator.variants.rather_silly.creatures import amphibious, distances_to
from adjudicator.variants.rather_silly.marks import located, read_quietly
from adjudicator.wording import declare_problem, problem_words

if TYPE_CHECKING:
    from adjudicator.variants.rather_silly.season import SeasonSoFar

#: The key of ``Position.extras`` that keeps the flocks.
BIRDS = "birds"
#: The variant's marks kept on units by "power location" that follow a carried army to
#: where it lands (:mod:`.marks`: the devil units, the special armies).
MARKS = ("devils", "kinds")

BIRDS_BUILT = Reason.declare("birds_built", "a flock of birds was built in {province}")
BIRDS_NO_SITE = Reason.declare(
    "birds_no_site", "{province} is not a free center where you may build"
)
BIRDS_NO_BUILD = Reason.declare("birds_no_build", "no build is left for a flock of birds")
BIRDS_THERE = Reason.declare("birds_there", "you have a flock in {province} already")
BIRDS_DISBANDED = Reason.declare("birds_disbanded", "the flock in {province} was disbanded")
BIRDS_DISBANDED_FAR = Reason.declare(
    "birds_disbanded_far", "the flock in {province} was disbanded (farthest from home)"
)
BIRDS_NOT_DUE = Reason.declare("birds_not_due", "no more of your flocks need to be disbanded")
NO_FLOCK = Reason.declare("no_flock", "you have no flock in {province}")
BORG_ATE_FLOCK = Reason.declare("borg_ate_flock", "the Borg ate the flock of {owner} in {province}")
FLOCK_BLOWN_UP = Reason.declare(
    "flock_blown_up", "the flock of {owner} in {province} was blown up by exploding llamas"
)
ABOARD_HOLDS = Reason.declare("aboard_holds", "{unit} is aboard a flock: it holds or flies with it")
ABOARD_NO_SUPPORT = Reason.declare(
    "aboard_no_support", "{supported} is aboard a flock: it cannot be supported"
)
declare_problem(
    "birds_shape",
    "a flock's order reads: birds lon - nth - den, birds lon carry A lon, birds lon R wal "
    "(birds lon builds one, disband birds lon disbands it)",
)


# -- the flocks in the position ------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Flock:
    """A flock of birds: whose, where, and the power of the army aboard it (or None)."""

    power: str
    province: str
    carrying: str | None = None


def flocks(position: Position) -> tuple[Flock, ...]:
    """The flocks on the board, as the position keeps them."""
    out = []
    for entry in position.extras.get(BIRDS) or ():
        carrying = entry.get("carrying")
        out.append(
            Flock(str(entry["power"]), str(entry["province"]), str(carrying) if carrying else None)
        )
    return tuple(out)


def with_flocks(position: Position, kept: Iterable[Flock]) -> Position:
    """The position keeping ``kept`` (no ``"birds"`` key while there are none)."""
    ordered = tuple(sorted(kept, key=lambda f: (f.province, f.power)))
    if ordered == flocks(position):
        return position
    extras = {k: v for k, v in position.extras.items() if k != BIRDS}
    if ordered:
        extras[BIRDS] = [
            {"power": f.power, "province": f.province, "carrying": f.carrying} for f in ordered
        ]
    return position.with_changes(extras=extras)


def flock_powers(position: Position) -> frozenset[str]:
    """The powers with a flock on the board."""
    return frozenset(f.power for f in flocks(position))


def is_aboard(position: Position, unit: Unit) -> bool:
    """Is ``unit`` an army aboard a flock (strength 0, it holds or flies with it)?"""
    raw = position.extras.get(BIRDS)
    if not raw or unit.kind is not UnitKind.ARMY:
        return False
    return any(f.get("carrying") == unit.power and f.get("province") == unit.province for f in raw)


def army_aboard(position: Position, flock: Flock) -> Unit | None:
    """The army aboard ``flock``, standing in its province; None if none."""
    if flock.carrying is None:
        return None
    unit = position.unit_in(flock.province)
    if unit is None or unit.power != flock.carrying or unit.kind is not UnitKind.ARMY:
        return None
    return unit


def _still_carrying(position: Position, kept: Iterable[Flock]) -> list[Flock]:
    """``kept``, each flock whose army is no longer standing in its province (eaten, blown
    up, merged, disbanded) carrying nothing."""
    out = []
    for f in kept:
        if f.carrying is not None and army_aboard(position, f) is None:
            f = Flock(f.power, f.province, None)
        out.append(f)
    return out


_GRAPHS: dict[str, Mapping[str, frozenset[str]]] = {}


def flight_graph(game_map: GameMap) -> Mapping[str, frozenset[str]]:
    """A flock's steps: to any neighbouring province by an army's or a fleet's edge, coasts
    merged; never into an impassable or closed province (Switzerland, Iceland, Crete). Not
    through the Mont Blanc tunnel nor the hyperspace link (they are for units)."""
    made = _GRAPHS.get(game_map.id)
    if made is None:
        made = amphibious(game_map)
        _GRAPHS[game_map.id] = made
    return made


# -- the orders ----------------------------------------------------------------------------


def _bad(text: str, game_map: GameMap) -> ParseError:
    return ParseError(problem_words("birds_shape", {}, game_map), text, "birds_shape")


def _province(token: str, text: str, game_map: GameMap) -> str:
    """The province ``token`` names (a coast names its province)."""
    return province_of(located(token, text, game_map))


def _route(rest: Sequence[str], text: str, game_map: GameMap) -> tuple[str, ...]:
    """``- nth - den`` read to ``("nth", "den")``."""
    if not rest or len(rest) % 2 or any(w != "-" for w in rest[0::2]):
        raise _bad(text, game_map)
    return tuple(_province(w, text, game_map) for w in rest[1::2])


def _flock_order(text: str, game_map: GameMap) -> VariantOrder | None:
    """A flock's order, of whichever kind; None if ``text`` is no flock's order."""
    words = text.replace("-", " - ").split()
    if not words:
        return None
    head = words[0].lower()
    if head == "disband" and len(words) > 1 and words[1].lower() == BIRDS:
        if len(words) != 3:
            raise _bad(text, game_map)
        return DisbandBirds(_province(words[2], text, game_map))
    if head != BIRDS:
        return None
    if len(words) < 2:
        raise _bad(text, game_map)
    province = _province(words[1], text, game_map)
    rest = words[2:]
    if not rest:
        return Birds(province)
    verb = rest[0].lower()
    if verb == "-":
        return Flight(province, _route(rest, text, game_map))
    if verb == "carry" and len(rest) == 3 and rest[1].upper() in ("A", "F"):
        location = game_map.lookup(rest[2])
        if location is None:
            _province(rest[2], text, game_map)  # raises: say which word is no province
            raise _bad(text, game_map)
        return Carry(province, UnitRef(UnitKind(rest[1].upper()), location))
    if verb in ("r", "retreat", "flee") and len(rest) == 2:
        return Flee(province, _province(rest[1], text, game_map))
    raise _bad(text, game_map)


def _unit_word(text: str, game_map: GameMap, word: str) -> UnitRef | None:
    """``A par <word>`` read to the unit; None if ``text`` is another order."""
    words = text.split()
    if len(words) != 3 or words[2].lower() != word or words[0].upper() not in ("A", "F"):
        return None
    location = game_map.lookup(words[1])
    if location is None:
        _province(words[1], text, game_map)  # raises
        return None
    return UnitRef(UnitKind(words[0].upper()), location)


class _FlockOrder(VariantOrder):
    """An order for a flock, named by its province: read by :func:`_flock_order`."""

    slot_name: ClassVar[str] = "flock"

    __slots__ = ()
    province: str

    @classmethod
    def read(
        cls, text: str, game_map: GameMap, position: Position | None, power: str | None
    ) -> VariantOrder | None:
        order = _flock_order(text, game_map)
        return order if isinstance(order, cls) else None

    @property
    def where(self) -> str:
        return self.province


@dataclass(frozen=True, slots=True)
class Birds(_FlockOrder):
    """Build a flock instead of a unit (adjustments): ``birds lon``."""

    province: str
    phase_kinds = frozenset({PhaseKind.ADJUSTMENTS})

    def __str__(self) -> str:
        return f"birds {self.province}"


@dataclass(frozen=True, slots=True)
class DisbandBirds(_FlockOrder):
    """Disband a flock when flocks must go (adjustments): ``disband birds lon``."""

    province: str
    phase_kinds = frozenset({PhaseKind.ADJUSTMENTS})

    def __str__(self) -> str:
        return f"disband birds {self.province}"


@dataclass(frozen=True, slots=True)
class Flight(_FlockOrder):
    """A flock's flight, its route named step by step: ``birds lon - nth - den``."""

    province: str
    route: tuple[str, ...]
    phase_kinds = frozenset({PhaseKind.MOVEMENT})

    def __str__(self) -> str:
        return f"birds {self.province} - " + " - ".join(self.route)


@dataclass(frozen=True, slots=True)
class Carry(_FlockOrder):
    """A flock picks up the army in its province: ``birds lon carry A lon``."""

    province: str
    army: UnitRef
    phase_kinds = frozenset({PhaseKind.MOVEMENT})

    def __str__(self) -> str:
        return f"birds {self.province} carry {self.army}"


@dataclass(frozen=True, slots=True)
class Flee(_FlockOrder):
    """Where a flock flees should a unit scare it this season: ``birds lon R wal``."""

    slot_name: ClassVar[str] = "flee"

    province: str
    dest: str
    phase_kinds = frozenset({PhaseKind.MOVEMENT})

    def __str__(self) -> str:
        return f"birds {self.province} R {self.dest}"


class _UnitWord(VariantOrder):
    """An order of a unit written ``A par <word>``."""

    replaces: ClassVar[str] = "unit"  # the unit's order

    __slots__ = ()
    word: ClassVar[str] = ""
    unit: UnitRef

    @classmethod
    def read(
        cls, text: str, game_map: GameMap, position: Position | None, power: str | None
    ) -> VariantOrder | None:
        unit = _unit_word(text, game_map, cls.word)
        return cls(unit) if unit is not None else None  # type: ignore[call-arg]

    def __str__(self) -> str:
        return f"{self.unit} {self.word}"

    @property
    def where(self) -> str:
        return self.unit.province


@dataclass(frozen=True, slots=True)
class Board(_UnitWord):
    """An army boards the flock that picks it up: ``A lon board`` (its hold)."""

    unit: UnitRef
    word: ClassVar[str] = "board"
    phase_kinds = frozenset({PhaseKind.MOVEMENT})


@dataclass(frozen=True, slots=True)
class Scare(_UnitWord):
    """A unit holds and scares birds away from its province and the neighbours:
    ``A par scare``."""

    unit: UnitRef
    word: ClassVar[str] = "scare"
    phase_kinds = frozenset({PhaseKind.MOVEMENT})


@dataclass(frozen=True, slots=True)
class Ride(VariantOrder):
    """The flight of an army aboard a flock, its flock's route: ``A lon - nth - den``. Read
    so only for an army of the power aboard a flock in a movement phase (otherwise the
    text is the core's move)."""

    replaces: ClassVar[str] = "unit"  # the carried army's order

    unit: UnitRef
    route: tuple[str, ...]
    phase_kinds = frozenset({PhaseKind.MOVEMENT})

    @classmethod
    def read(
        cls, text: str, game_map: GameMap, position: Position | None, power: str | None
    ) -> Ride | None:
        if position is None or power is None or position.phase.kind is not PhaseKind.MOVEMENT:
            return None
        if not position.extras.get(BIRDS):
            return None
        words = text.replace("-", " - ").split()
        if len(words) < 4 or words[0].upper() != "A" or words[2] != "-":
            return None
        location = game_map.lookup(words[1])
        unit = position.unit_in(location) if location is not None else None
        if unit is None or unit.power != power or not is_aboard(position, unit):
            return None
        rest = words[2:]
        if len(rest) % 2 or any(w != "-" for w in rest[0::2]):
            return None
        route = [game_map.lookup(w) for w in rest[1::2]]
        if any(r is None for r in route):
            return None
        return cls(
            UnitRef(UnitKind.ARMY, unit.location),
            tuple(province_of(r) for r in route if r is not None),
        )

    def __str__(self) -> str:
        return f"{self.unit} - " + " - ".join(self.route)

    @property
    def where(self) -> str:
        return self.unit.province


#: The order kinds of the birds, for the variant's ``order_kinds`` (the flock's readers
#: first: ``birds …`` and ``disband birds …`` are theirs alone).
ORDER_KINDS: tuple[type[VariantOrder], ...] = (
    Birds,
    DisbandBirds,
    Flight,
    Carry,
    Flee,
    Board,
    Scare,
    Ride,
)
#: Those of a flock, named by its province (read by one reader, :func:`_flock_order`).
FLOCK_KINDS = (Birds, DisbandBirds, Flight, Carry, Flee)
#: Those given in a movement phase.
MOVEMENT_KINDS = (Flight, Carry, Flee, Board, Scare, Ride)


# -- before the core: an army aboard holds -------------------------------------------------


def aboard_orders(
    variant: Variant, position: Position, given: dict[str, list[Order | str]]
) -> tuple[dict[str, list[Order | str]], list[OrderResult]]:
    """The orders in force for the armies aboard a flock: each holds its province with
    strength 0 (it flies with its flock after the movement, or stays aboard), so a move,
    support or convoy of one is set aside for its hold (``aboard_holds``, even one the Fool
    or an Amazon gave it); a support to hold one is set aside too (``aboard_no_support``),
    its giver holding instead."""
    aboard = {
        f.province: unit for f in flocks(position) if (unit := army_aboard(position, f)) is not None
    }
    if not aboard:
        return given, []
    results: list[OrderResult] = []
    out: dict[str, list[Order | str]] = {}
    for power, texts in given.items():
        kept: list[Order | str] = []
        for raw in texts:
            order = read_quietly(variant, raw, position, power)
            if isinstance(order, (Move, Support, Convoy)):
                army = aboard.get(order.unit.province)
                if army is not None and army.power == power:
                    results.append(
                        make_result(power, raw, Outcome.VOID, ABOARD_HOLDS, unit=army.text)
                    )
                    kept.append(Hold(UnitRef(army.kind, army.location)))
                    continue
            if isinstance(order, Support) and order.dest is None:
                army = aboard.get(order.supported.province)
                mine = position.unit_in(order.unit.province)
                if army is not None and mine is not None and mine.power == power:
                    results.append(
                        make_result(
                            power, raw, Outcome.VOID, ABOARD_NO_SUPPORT, supported=army.text
                        )
                    )
                    kept.append(Hold(UnitRef(mine.kind, mine.location)))
                    continue
            kept.append(raw)
        out[power] = kept
    return out, results


# -- the Borg and the llamas ---------------------------------------------------------------


def flocks_eaten(
    after: Position, graph: Mapping[str, frozenset[str]]
) -> tuple[Position, list[OrderResult]]:
    """After the Borg's step: it eats every flock in its province and next to it (by its
    own steps); an army aboard stays standing where it is. Flocks never draw the Borg."""
    now = flocks(after)
    borg = after.extras.get("borg")
    if not now:
        return after, []
    near = {borg} | set(graph.get(borg, ())) if isinstance(borg, str) else set()
    results = [
        OrderResult(
            f.power,
            "eaten",
            Outcome.OK,
            BORG_ATE_FLOCK,
            FrozenMap({"owner": f.power, "province": f.province}),
        )
        for f in now
        if f.province in near
    ]
    kept = _still_carrying(after, [f for f in now if f.province not in near])
    return with_flocks(after, kept), results


def flocks_blown(
    after: Position, exploded: Sequence[OrderResult]
) -> tuple[Position, list[OrderResult]]:
    """After the llamas' step: every flock in a province where llamas exploded (said by
    ``exploded``, that step's results) is blown up with them."""
    now = flocks(after)
    if not now:
        return after, []
    blown = {
        str(r.params.get("province"))
        for r in exploded
        if r.reason is not None and r.reason.value == "llamas_exploded"
    }
    results = [
        OrderResult(
            f.power,
            "blown_up",
            Outcome.OK,
            FLOCK_BLOWN_UP,
            FrozenMap({"owner": f.power, "province": f.province}),
        )
        for f in now
        if f.province in blown
    ]
    kept = _still_carrying(after, [f for f in now if f.province not in blown])
    return with_flocks(after, kept), results


# -- the adjustments -----------------------------------------------------------------------


def flocks_counted(position: Position, power: str, units_delta: int) -> int:
    """Builds due (positive) or disbands of units due (negative) for ``power``, its flocks
    counted: ``units_delta`` is its centers less its units (those that need a center).

    A flock needs a center like a unit. A power with more units and flocks than centers
    loses flocks first: its units go only where they alone are more than its centers
    (:func:`flocks_over` says how many flocks go)."""
    delta = units_delta - sum(1 for f in flocks(position) if f.power == power)
    return delta if delta >= 0 else min(units_delta, 0)


def flocks_over(position: Position, power: str, units_delta: int) -> int:
    """How many of ``power``'s flocks must be disbanded at these adjustments."""
    mine = sum(1 for f in flocks(position) if f.power == power)
    return max(0, mine - max(units_delta, 0))


def adjust_birds(season: SeasonSoFar) -> tuple[Position, list[OrderResult]]:
    """The adjustments' flocks, after the core's builds and disbands: ``birds lon`` builds
    one with a build left over (the core's builds counted first), in a free center where
    the power may build and it has no flock yet; flocks due to go are disbanded, by
    ``disband birds lon`` or, for those not named, the farthest from home first (their
    steps to the nearest home center, then by province). A flock whose army was disbanded
    carries nothing."""
    variant, position, after, orders, units_delta = (
        season.variant,
        season.position,
        season.after,
        season.orders,
        season.variant.units_adjustment,
    )
    start = flocks(position)
    now = {(f.power, f.province): f for f in _still_carrying(after, start)}
    results: list[OrderResult] = []
    for power, given in sorted(orders.items()):
        wanted = [o for o in given if isinstance(o, Birds)]
        if not wanted:
            continue
        built = max(0, len(after.units_of(power)) - len(position.units_of(power)))
        left = variant.adjustment(position, power) - built
        for order in wanted:
            if left <= 0:
                results.append(make_result(power, order, Outcome.VOID, BIRDS_NO_BUILD))
                continue
            if (power, order.province) in now:
                results.append(
                    make_result(power, order, Outcome.VOID, BIRDS_THERE, province=order.province)
                )
                continue
            if order.province not in variant.build_sites(after, power):
                results.append(
                    make_result(power, order, Outcome.VOID, BIRDS_NO_SITE, province=order.province)
                )
                continue
            left -= 1
            now[(power, order.province)] = Flock(power, order.province)
            results.append(
                make_result(power, order, Outcome.OK, BIRDS_BUILT, province=order.province)
            )
    graph = flight_graph(variant.map)
    for power in sorted({f.power for f in start} | set(orders)):
        due = flocks_over(position, power, units_delta(position, power))
        gone = 0
        for disband in [o for o in orders.get(power, ()) if isinstance(o, DisbandBirds)]:
            key = (power, disband.province)
            if key not in now:
                results.append(
                    make_result(power, disband, Outcome.VOID, NO_FLOCK, province=disband.province)
                )
                continue
            if gone >= due:
                results.append(make_result(power, disband, Outcome.VOID, BIRDS_NOT_DUE))
                continue
            gone += 1
            del now[key]
            results.append(
                make_result(power, disband, Outcome.OK, BIRDS_DISBANDED, province=disband.province)
            )
        if gone >= due:
            continue
        homes = variant.map.home_centers(power) or tuple(after.centers_of(power))
        far = distances_to(graph, frozenset(homes))
        mine = sorted(
            (f for f in now.values() if f.power == power),
            key=lambda f: (-far.get(f.province, len(graph)), f.province),
        )
        for f in mine[: due - gone]:
            del now[(f.power, f.province)]
            results.append(
                OrderResult(
                    power,
                    "disband",
                    Outcome.OK,
                    BIRDS_DISBANDED_FAR,
                    FrozenMap({"province": f.province}),
                )
            )
    return with_flocks(after, now.values()), results


def flock_excess(
    position: Position,
    orders: Sequence[Order],
    builds_due: int,
    flocks_due: int,
) -> tuple[Reason, dict[str, str]] | None:
    """A power's adjustment orders that build more than its builds due, flocks counted
    with the units (a waive counts as a build), or disband more flocks than due; None if
    neither (:meth:`~adjudicator.variants.base.Variant.order_set_excess`)."""
    if position.phase.kind is not PhaseKind.ADJUSTMENTS:
        return None
    builds = {o.unit.province for o in orders if isinstance(o, Build)}
    birds = {o.province for o in orders if isinstance(o, Birds)}
    waives = sum(1 for o in orders if isinstance(o, Waive))
    allowed = max(builds_due, 0)
    given = len(builds) + len(birds) + waives
    if birds and given > allowed:
        return Reason.BUILDS_EXCESS, {"count": str(allowed), "given": str(given)}
    gone = {o.province for o in orders if isinstance(o, DisbandBirds)}
    if len(gone) > flocks_due:
        return Reason.DISBANDS_EXCESS, {"count": str(flocks_due), "given": str(len(gone))}
    return None


# -- the orders a power may give -----------------------------------------------------------


def birds_legal_orders(
    variant: Variant, position: Position, power: str, flocks_due: int
) -> dict[str, tuple[Order, ...]]:
    """The birds' orders ``power`` may give now, keyed by province: in a movement phase
    each flock's one-step flights and flights, its pick-up of an army in its province, a
    board order for an army a flock there could carry, an army aboard's one-step flights,
    and a scare for every unit (longer routes are typed); at the adjustments a flock's
    build in each build site, and a flock's disband when flocks are due to go."""
    out: dict[str, list[Order]] = {}
    kind = position.phase.kind
    graph = flight_graph(variant.map)
    here = flocks(position)
    if kind is PhaseKind.MOVEMENT:
        carried = {f.province for f in here if army_aboard(position, f) is not None}
        for f in here:
            if f.power != power:
                continue
            steps = sorted(graph.get(f.province, ()))
            mine = out.setdefault(f.province, [])
            mine.extend(Flight(f.province, (s,)) for s in steps)
            army = position.unit_in(f.province)
            if army is not None and army.kind is UnitKind.ARMY and f.province not in carried:
                mine.append(Carry(f.province, UnitRef(army.kind, army.location)))
            mine.extend(Flee(f.province, s) for s in steps)
        for unit in position.units_of(power):
            mine = out.setdefault(unit.province, [])
            ref = UnitRef(unit.kind, unit.location)
            if unit.province in carried:
                steps = sorted(graph.get(unit.province, ()))
                mine.extend(Ride(ref, (s,)) for s in steps)
            elif unit.kind is UnitKind.ARMY and any(f.province == unit.province for f in here):
                mine.append(Board(ref))
            mine.append(Scare(ref))
    elif kind is PhaseKind.ADJUSTMENTS:
        if variant.adjustment(position, power) > 0:
            own = {f.province for f in here if f.power == power}
            for site in variant.build_sites(position, power):
                if site not in own:
                    out.setdefault(site, []).append(Birds(site))
        if flocks_due > 0:
            for f in here:
                if f.power == power:
                    out.setdefault(f.province, []).append(DisbandBirds(f.province))
    return {k: tuple(v) for k, v in out.items() if v}
