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
:func:`move_birds` runs, first of the variant's steps: scares, pick-ups, flights and
landings, flocks fleeing. The Borg's step eats flocks (:func:`flocks_eaten`), the llamas'
blows them up (:func:`flocks_blown`); at the adjustments :func:`adjust_birds` runs first
of the variant's steps. House rules (the rules page says them): see docs/rather_silly.md.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

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
from adjudicator.variants.rather_silly.creatures import amphibious
from adjudicator.wording import declare_problem, problem_words

#: The key of ``Position.extras`` that keeps the flocks.
BIRDS = "birds"
#: How far a flock flies in a season: alone, and carrying an army.
STEPS_ALONE, STEPS_CARRYING = 3, 2
#: The variant's marks kept on units by "power location" that follow a carried army to
#: where it lands (rules.py: the devil units, the special armies).
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
PICKED_UP = Reason.declare("picked_up", "{unit} ({owner}) is aboard the flock in {province}")
NOT_BOARDING = Reason.declare("not_boarding", "{unit} was not ordered to board")
NO_CARRIER = Reason.declare("no_carrier", "no flock in {province} was ordered to carry it")
PICKUP_FAILED = Reason.declare(
    "pickup_failed", "the pick-up in {province} failed: {unit} did not stay there"
)
PICKUP_SCARED = Reason.declare(
    "pickup_scared", "the pick-up in {province} failed: the birds were scared away"
)
TOO_BULKY = Reason.declare("too_bulky", "birds carry armies only: fleets are too bulky")
NOT_SAME_PROVINCE = Reason.declare(
    "not_same_province", "a flock picks up an army in its own province ({province})"
)
ALREADY_ABOARD = Reason.declare(
    "already_aboard", "an army is aboard the flock in {province} already"
)
NOT_ABOARD = Reason.declare("not_aboard", "{unit} is not aboard a flock")
FLEW = Reason.declare("flew", "the flock flew to {province}")
FLIGHT_STOPPED = Reason.declare(
    "flight_stopped", "the flight ended in {province}: birds are scared away from {dest}"
)
NOT_A_STEP = Reason.declare("not_a_step", "birds cannot fly from {source} to {dest}")
TOO_FAR = Reason.declare(
    "flight_too_far", "too far: a flock flies three provinces, two when it carries an army"
)
ROUTE_NOT_FLOWN = Reason.declare(
    "route_not_flown", "the flock in {province} did not fly this route: {unit} stays there"
)
LEFT_BEHIND = Reason.declare("left_behind", "{unit} got off its flock and stays in {province}")
LANDED = Reason.declare("landed", "{unit} landed in {province}")
DROPPED = Reason.declare("dropped", "{unit} could not land in {dest}: dropped in {province}")
DROWNED = Reason.declare("drowned", "{unit} ({owner}) was dropped over {province} and drowned")
SHOT_DOWN = Reason.declare(
    "shot_down", "{unit} ({owner}) was dropped onto the unit in {province} and shot down"
)
FELL_OFF = Reason.declare(
    "fell_off", "{unit} ({owner}) was dislodged and fell off the flock in {province}"
)
SCARING = Reason.declare("scaring", "birds are scared away from {province} and its neighbours")
SCARE_NOT_HOLDING = Reason.declare(
    "scare_not_holding", "only a unit that holds, and stays, scares birds"
)
FLOCK_FLED = Reason.declare("flock_fled", "the scared flock fled to {province}")
FLOCK_UNTOLD = Reason.declare(
    "flock_untold", "the flock in {province} was scared and not told where to go: it died"
)
FLOCK_FRIGHTENED = Reason.declare(
    "flock_frightened",
    "the flock in {province} could flee only to {dest}, where birds are scared too: it died "
    "of fright",
)
RETREAT_NOT_NEEDED = Reason.declare("flee_not_needed", "not needed: the flock was not scared away")
BORG_ATE_FLOCK = Reason.declare("borg_ate_flock", "the Borg ate the flock of {owner} in {province}")
FLOCK_BLOWN_UP = Reason.declare(
    "flock_blown_up", "the flock of {owner} in {province} was blown up by exploding llamas"
)
FLOCKS_JOINED = Reason.declare(
    "flocks_joined", "two flocks of {owner} met in {province} and joined into one"
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


def _carried(position: Position, flock: Flock) -> Unit | None:
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
        if f.carrying is not None and _carried(position, f) is None:
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
    location = game_map.lookup(token)
    if location is None:
        raise ParseError(
            problem_words("unknown_province", {"token": token}, game_map),
            text,
            "unknown_province",
            {"token": token},
        )
    return province_of(location)


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
        f.province: unit for f in flocks(position) if (unit := _carried(position, f)) is not None
    }
    if not aboard:
        return given, []
    results: list[OrderResult] = []
    out: dict[str, list[Order | str]] = {}
    for power, texts in given.items():
        kept: list[Order | str] = []
        for raw in texts:
            order = _read_quietly(variant, raw, position, power)
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


def _read_quietly(variant: Variant, raw: Order | str, position: Position, power: str) -> Any:
    if not isinstance(raw, str):
        return raw
    try:
        return variant.read_order(raw, position=position, power=power)
    except ParseError:
        return None


# -- step 1: the birds move ----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Landing:
    """A carried army's flight: who gave its order, the order, the army (where it took
    off), and the provinces its flock passed (the last is where it tries to land)."""

    power: str
    order: Ride
    army: Unit
    path: tuple[str, ...]


def move_birds(
    variant: Variant,
    position: Position,
    after: Position,
    orders: Mapping[str, Sequence[VariantOrder]],
    moves: Sequence[OrderResult],
) -> tuple[Position, list[OrderResult], tuple[Unit, ...]]:
    """Step 1's birds, after the core resolved the units' moves: the scares, an army
    dislodged while aboard falling off, the pick-ups, the flights and the carried armies'
    landings, the flocks that must flee, flocks of a power that meet joining. Returns the
    position, the results, and the carried armies that died (drowned, shot down) as they
    stood before: a devil unit among them still costs its owner a unit."""
    start = flocks(position)
    if not start and not any(
        isinstance(o, MOVEMENT_KINDS) for given in orders.values() for o in given
    ):
        return after, [], ()
    game_map = variant.map
    graph = flight_graph(game_map)
    results: list[OrderResult] = []
    held = {
        unit.province
        for unit, r in zip(position.units, moves, strict=False)
        if isinstance(r.order, Hold) and r.outcome is Outcome.OK
    }
    zone = _scared_zone(position, orders, held, graph, results)
    standing = {u.province: u for u in after.units}
    acts, flees, boards, rides = _sorted_orders(position, orders, start, results)

    # An army dislodged while aboard falls off its flock (before any flight).
    by_flock: dict[tuple[str, str], Flock] = {}
    for f in start:
        army = _carried(position, f)
        if army is not None and standing.get(f.province) != army:
            riding = rides.pop(f.province, None)
            results.append(
                make_result(
                    army.power,
                    riding[1] if riding is not None else "fell_off",
                    Outcome.DISLODGED if riding is not None else Outcome.OK,
                    FELL_OFF,
                    unit=army.text,
                    owner=army.power,
                    province=f.province,
                )
            )
            f = Flock(f.power, f.province, None)
        by_flock[(f.power, f.province)] = f

    ended: list[Flock] = []
    landings: list[_Landing] = []
    boarded: set[str] = set()
    for key, flock in sorted(by_flock.items()):
        act = acts.get(key)
        if isinstance(act, Carry):
            army = _pick_up(position, flock, act, boards, boarded, standing, zone, results)
            ended.append(flock if army is None else Flock(flock.power, flock.province, army.power))
            continue
        if act is None:
            ended.append(flock)
            continue
        flown = _fly(position, flock, act, rides, zone, graph, results)
        if flown is None:
            ended.append(flock)
            continue
        path, landing = flown
        if not path:
            ended.append(flock)  # it could not take off: it stays, carrying what it carried
            continue
        ended.append(Flock(flock.power, path[-1], None))
        army = _carried(position, flock)
        if landing is not None:
            landings.append(landing)
        elif army is not None:
            results.append(
                make_result(
                    army.power,
                    "left_behind",
                    Outcome.OK,
                    LEFT_BEHIND,
                    unit=army.text,
                    province=army.province,
                )
            )
    for province, (power, board) in sorted(boards.items()):
        if province not in boarded:
            results.append(make_result(power, board, Outcome.BOUNCE, NO_CARRIER, province=province))
    for province, (power, unflown) in sorted(rides.items()):
        results.append(
            make_result(
                power,
                unflown,
                Outcome.BOUNCE,
                ROUTE_NOT_FLOWN,
                province=province,
                unit=str(unflown.unit),
            )
        )
    after, fallen, moved = _land(game_map, after, landings, results)
    after = _relocated(after, moved)
    kept = _flee(after, ended, flees, zone, graph, results)
    return with_flocks(after, _merged(kept, results)), results, fallen


def _sorted_orders(
    position: Position,
    orders: Mapping[str, Sequence[VariantOrder]],
    start: Sequence[Flock],
    results: list[OrderResult],
) -> tuple[
    dict[tuple[str, str], Flight | Carry],
    dict[tuple[str, str], Flee],
    dict[str, tuple[str, Board]],
    dict[str, tuple[str, Ride]],
]:
    """The birds' orders by flock (power, province) and by the army's province, each
    checked alone (a later order for a flock replaces an earlier one of its kind); the
    results of those that cannot count go to ``results``."""
    here = {(f.power, f.province) for f in start}
    acts: dict[tuple[str, str], Flight | Carry] = {}
    flees: dict[tuple[str, str], Flee] = {}
    boards: dict[str, tuple[str, Board]] = {}
    rides: dict[str, tuple[str, Ride]] = {}
    for power, given in sorted(orders.items()):
        for order in given:
            if isinstance(order, (Flight, Carry, Flee)):
                key = (power, order.province)
                if key not in here:
                    results.append(
                        make_result(power, order, Outcome.VOID, NO_FLOCK, province=order.province)
                    )
                elif isinstance(order, Flee):
                    if key in flees:
                        results.append(
                            make_result(power, flees[key], Outcome.ILLEGAL, Reason.REPLACED)
                        )
                    flees[key] = order
                else:
                    if key in acts:
                        results.append(
                            make_result(power, acts[key], Outcome.ILLEGAL, Reason.REPLACED)
                        )
                    acts[key] = order
                continue
            if not isinstance(order, (Board, Ride)):
                continue
            problem = _unit_problem(position, power, order.unit)
            if problem is not None:
                results.append(problem(order))
                continue
            unit = position.unit_in(order.unit.province)
            assert unit is not None
            province = unit.province
            if isinstance(order, Board):
                if unit.kind is not UnitKind.ARMY:
                    results.append(make_result(power, order, Outcome.VOID, TOO_BULKY))
                elif is_aboard(position, unit):
                    results.append(
                        make_result(power, order, Outcome.VOID, ALREADY_ABOARD, province=province)
                    )
                else:
                    boards[province] = (power, order)
            elif not is_aboard(position, unit):
                results.append(make_result(power, order, Outcome.VOID, NOT_ABOARD, unit=unit.text))
            elif len(order.route) > STEPS_CARRYING:
                results.append(make_result(power, order, Outcome.VOID, TOO_FAR))
            else:
                rides[province] = (power, order)
    return acts, flees, boards, rides


def _unit_problem(
    position: Position, power: str, ref: UnitRef
) -> Callable[[Order], OrderResult] | None:
    """Why an order naming the unit ``ref`` of ``power`` cannot be attached (the core's
    reasons), as a maker of its result; None if it can."""
    unit = position.unit_in(ref.province)
    if unit is None:
        return lambda order: make_result(
            power, order, Outcome.ILLEGAL, Reason.NO_UNIT, location=ref.province
        )
    if unit.power != power:
        return lambda order: make_result(
            power, order, Outcome.ILLEGAL, Reason.NOT_YOUR_UNIT, unit=unit.text, owner=unit.power
        )
    if unit.kind is not ref.kind:
        return lambda order: make_result(
            power,
            order,
            Outcome.ILLEGAL,
            Reason.WRONG_UNIT_KIND,
            location=ref.province,
            actual=unit.kind.value,
            given=ref.kind.value,
        )
    return None


def _scared_zone(
    position: Position,
    orders: Mapping[str, Sequence[VariantOrder]],
    held: set[str],
    graph: Mapping[str, frozenset[str]],
    results: list[OrderResult],
) -> frozenset[str]:
    """Where birds may not land this season: each scaring unit's province and its
    neighbours. A unit scares if it held (no move, support or convoy) and was not
    dislodged."""
    zone: set[str] = set()
    for power, given in sorted(orders.items()):
        for order in given:
            if not isinstance(order, Scare):
                continue
            problem = _unit_problem(position, power, order.unit)
            if problem is not None:
                results.append(problem(order))
                continue
            province = order.unit.province
            if province not in held:
                results.append(make_result(power, order, Outcome.VOID, SCARE_NOT_HOLDING))
                continue
            zone |= {province} | set(graph.get(province, ()))
            results.append(make_result(power, order, Outcome.OK, SCARING, province=province))
    return frozenset(zone)


def _pick_up(
    position: Position,
    flock: Flock,
    order: Carry,
    boards: Mapping[str, tuple[str, Board]],
    boarded: set[str],
    standing: Mapping[str, Unit],
    zone: frozenset[str],
    results: list[OrderResult],
) -> Unit | None:
    """A flock's pick-up: the army it takes aboard, or None (said in the results)."""
    power, province = flock.power, flock.province

    def said(outcome: Outcome, reason: Reason, **params: str) -> None:
        results.append(make_result(power, order, outcome, reason, **params))

    if flock.carrying is not None or province in boarded:
        said(Outcome.VOID, ALREADY_ABOARD, province=province)
        return None
    if order.army.province != province:
        said(Outcome.VOID, NOT_SAME_PROVINCE, province=province)
        return None
    army = position.unit_in(province)
    if order.army.kind is not UnitKind.ARMY or (
        army is not None and army.kind is not UnitKind.ARMY
    ):
        said(Outcome.VOID, TOO_BULKY)
        return None
    if army is None:
        said(Outcome.VOID, Reason.NO_UNIT, location=province)
        return None
    board = boards.get(province)
    if board is None:
        said(Outcome.BOUNCE, NOT_BOARDING, unit=army.text)
        return None
    boarded.add(province)
    army_power, board_order = board

    def both(outcome: Outcome, reason: Reason, **params: str) -> None:
        said(outcome, reason, **params)
        results.append(make_result(army_power, board_order, outcome, reason, **params))

    if standing.get(province) != army:
        both(Outcome.BOUNCE, PICKUP_FAILED, province=province, unit=army.text)
        return None
    if province in zone:
        both(Outcome.BOUNCE, PICKUP_SCARED, province=province)
        return None
    both(Outcome.OK, PICKED_UP, unit=army.text, owner=army.power, province=province)
    return army


def _fly(
    position: Position,
    flock: Flock,
    order: Flight,
    rides: dict[str, tuple[str, Ride]],
    zone: frozenset[str],
    graph: Mapping[str, frozenset[str]],
    results: list[OrderResult],
) -> tuple[tuple[str, ...], _Landing | None] | None:
    """A flock's flight: the provinces it passed (the last is where it ends; none if it
    could not take off) and, if it took its army along, the landing to settle; None if the
    flight is void (it stays, carrying what it carried). The army's order is taken out of
    ``rides`` when the flight takes it along."""
    power, origin = flock.power, flock.province
    prev = origin
    for step in order.route:
        if step not in graph.get(prev, frozenset()):
            results.append(
                make_result(power, order, Outcome.VOID, NOT_A_STEP, source=prev, dest=step)
            )
            return None
        prev = step
    if len(order.route) > STEPS_ALONE:
        results.append(make_result(power, order, Outcome.VOID, TOO_FAR))
        return None
    army = _carried(position, flock)
    # A route of more than two steps for the army was refused as the orders were read.
    ride_entry = rides.get(origin) if army is not None else None
    laden = ride_entry is not None and ride_entry[1].route == order.route
    path: list[str] = []
    stopped: str | None = None
    for step in order.route:
        if step in zone:
            stopped = step
            break
        path.append(step)
    end = path[-1] if path else origin
    if stopped is None:
        results.append(make_result(power, order, Outcome.OK, FLEW, province=end))
    else:
        outcome = Outcome.OK if path else Outcome.BOUNCE
        results.append(
            make_result(power, order, outcome, FLIGHT_STOPPED, province=end, dest=stopped)
        )
    if not laden or army is None or ride_entry is None:
        return tuple(path), None
    del rides[origin]
    rider, ride = ride_entry
    if not path:
        results.append(
            make_result(
                rider, ride, Outcome.BOUNCE, FLIGHT_STOPPED, province=origin, dest=stopped or ""
            )
        )
        return (), None
    return tuple(path), _Landing(rider, ride, army, tuple(path))


def _land(
    game_map: GameMap,
    after: Position,
    landings: Sequence[_Landing],
    results: list[OrderResult],
) -> tuple[Position, tuple[Unit, ...], dict[str, str]]:
    """The carried armies land, all at once on the board as the movement left it (an army
    taking off still stands where it took off): where its flock ended if that is land,
    empty, no bounce left it empty and no other carried army lands there too. The others
    are dropped, one by one in order of where they took off, in the province their flock
    passed before: on free land they live, at sea they drown, onto a unit they are shot
    down (back where it took off, it simply stays). Returns the position, the armies that
    died, and the marks' keys moved ("power location")."""
    if not landings:
        return after, (), {}
    occupied = {u.province for u in after.units} | {d.unit.province for d in after.dislodged}
    aiming: dict[str, int] = {}
    for landing in landings:
        aiming[landing.path[-1]] = aiming.get(landing.path[-1], 0) + 1
    units = {u.province: u for u in after.units}
    moved: dict[str, str] = {}
    fallen: list[Unit] = []
    drops: list[_Landing] = []
    for landing in sorted(landings, key=lambda x: x.army.province):
        army, target = landing.army, landing.path[-1]
        if (
            target in occupied
            or target in after.standoffs
            or aiming[target] > 1
            or not game_map.provinces[target].is_land
        ):
            drops.append(landing)
            continue
        del units[army.province]
        units[target] = Unit(army.power, UnitKind.ARMY, target)
        moved[f"{army.power} {army.location}"] = f"{army.power} {target}"
        results.append(
            make_result(
                landing.power, landing.order, Outcome.OK, LANDED, unit=army.text, province=target
            )
        )
    for landing in drops:
        army, target = landing.army, landing.path[-1]
        drop = landing.path[-2] if len(landing.path) > 1 else army.province
        params = {"unit": army.text, "owner": army.power, "province": drop}
        if drop == army.province:
            results.append(
                make_result(
                    landing.power, landing.order, Outcome.BOUNCE, DROPPED, dest=target, **params
                )
            )
            continue
        del units[army.province]
        if not game_map.provinces[drop].is_land:
            fallen.append(army)
            results.append(
                make_result(landing.power, landing.order, Outcome.DISLODGED, DROWNED, **params)
            )
        elif drop in units:
            fallen.append(army)
            results.append(
                make_result(landing.power, landing.order, Outcome.DISLODGED, SHOT_DOWN, **params)
            )
        else:
            units[drop] = Unit(army.power, UnitKind.ARMY, drop)
            moved[f"{army.power} {army.location}"] = f"{army.power} {drop}"
            results.append(
                make_result(
                    landing.power, landing.order, Outcome.BOUNCE, DROPPED, dest=target, **params
                )
            )
    return after.with_changes(units=units.values()), tuple(fallen), moved


def _relocated(position: Position, moved: Mapping[str, str]) -> Position:
    """The position with the marks (:data:`MARKS`) of the armies that flew where they
    ended."""
    if not moved:
        return position
    extras = dict(position.extras)
    changed = False
    for name in MARKS:
        marks = extras.get(name)
        if not isinstance(marks, Mapping) or not marks:
            continue
        new = {moved.get(str(k), str(k)): v for k, v in marks.items()}
        if new != dict(marks):
            extras[name] = dict(sorted(new.items()))
            changed = True
    return position.with_changes(extras=extras) if changed else position


def _flee(
    after: Position,
    ended: Sequence[Flock],
    flees: Mapping[tuple[str, str], Flee],
    zone: frozenset[str],
    graph: Mapping[str, frozenset[str]],
    results: list[OrderResult],
) -> list[Flock]:
    """The flocks in a scared zone after the flights must leave, by their ``R`` order: one
    step to a province outside the zone. Without one (or with one that is no step) the
    flock dies, not told where to go; with one into the zone, of fright. A scared flock
    leaves its army behind, standing where it is. The flee orders of flocks not scared
    were not needed. (A flight never ends in the zone, so a scared flock is one that
    stayed where the season began: its flee order names it there.)"""
    out: list[Flock] = []
    used: set[tuple[str, str]] = set()
    for flock in ended:
        if flock.province not in zone:
            out.append(flock)
            continue
        key = (flock.power, flock.province)
        order = flees.get(key)
        used.add(key)
        army = after.unit_in(flock.province) if flock.carrying is not None else None
        if army is not None:
            results.append(
                make_result(
                    army.power,
                    "left_behind",
                    Outcome.OK,
                    LEFT_BEHIND,
                    unit=army.text,
                    province=flock.province,
                )
            )
        if order is not None and order.dest not in graph.get(flock.province, frozenset()):
            results.append(
                make_result(
                    flock.power,
                    order,
                    Outcome.VOID,
                    NOT_A_STEP,
                    source=flock.province,
                    dest=order.dest,
                )
            )
            order = None
        if order is None:
            results.append(
                make_result(
                    flock.power, "scared", Outcome.OK, FLOCK_UNTOLD, province=flock.province
                )
            )
        elif order.dest in zone:
            results.append(
                make_result(
                    flock.power,
                    order,
                    Outcome.DISLODGED,
                    FLOCK_FRIGHTENED,
                    province=flock.province,
                    dest=order.dest,
                )
            )
        else:
            results.append(
                make_result(flock.power, order, Outcome.OK, FLOCK_FLED, province=order.dest)
            )
            out.append(Flock(flock.power, order.dest, None))
    for key, order in sorted(flees.items()):
        if key not in used:
            results.append(make_result(key[0], order, Outcome.OK, RETREAT_NOT_NEEDED))
    return out


def _merged(kept: Sequence[Flock], results: list[OrderResult]) -> list[Flock]:
    """Flocks of one power in one province join into one (carrying the army one of them
    carried)."""
    out: dict[tuple[str, str], Flock] = {}
    for flock in kept:
        key = (flock.power, flock.province)
        there = out.get(key)
        if there is None:
            out[key] = flock
            continue
        out[key] = Flock(flock.power, flock.province, there.carrying or flock.carrying)
        results.append(
            make_result(
                flock.power,
                "joined",
                Outcome.OK,
                FLOCKS_JOINED,
                owner=flock.power,
                province=flock.province,
            )
        )
    return list(out.values())


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


def adjust_birds(
    variant: Variant,
    position: Position,
    after: Position,
    orders: Mapping[str, Sequence[VariantOrder]],
    units_delta: Callable[[Position, str], int],
) -> tuple[Position, list[OrderResult]]:
    """The adjustments' flocks, after the core's builds and disbands: ``birds lon`` builds
    one with a build left over (the core's builds counted first), in a free center where
    the power may build and it has no flock yet; flocks due to go are disbanded, by
    ``disband birds lon`` or, for those not named, the farthest from home first (their
    steps to the nearest home center, then by province). A flock whose army was disbanded
    carries nothing."""
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
        far = _distances(graph, variant.map.home_centers(power) or tuple(after.centers_of(power)))
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


def _distances(graph: Mapping[str, frozenset[str]], homes: Iterable[str]) -> dict[str, int]:
    """Each province's steps to the nearest of ``homes`` by a flock's steps."""
    distance = dict.fromkeys(homes, 0)
    frontier = list(distance)
    while frontier:
        nxt: list[str] = []
        for p in frontier:
            for n in graph.get(p, ()):
                if n not in distance:
                    distance[n] = distance[p] + 1
                    nxt.append(n)
        frontier = nxt
    return distance


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
        carried = {f.province for f in here if _carried(position, f) is not None}
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
