"""The values a game is made of: units, phases and positions.

Everything here is immutable. A :class:`Position` is a snapshot of the board
at the start of a phase; resolving orders never changes it but returns a new
one (see :func:`adjudicator.resolve`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, ItemsView, Iterable, Iterator, KeysView, Mapping, ValuesView
from dataclasses import dataclass, field
from enum import StrEnum
from operator import attrgetter
from typing import Any, ClassVar, Self, TypeVar, cast, overload

from adjudicator.errors import PositionError

K = TypeVar("K")
V = TypeVar("V")
T = TypeVar("T")


class FrozenMap(Mapping[K, V]):
    """A read-only, hashable mapping, so that positions can be compared and hashed."""

    __slots__ = ("_data", "_deep", "_hash")

    def __init__(self, data: Mapping[K, V] | Iterable[tuple[K, V]] = ()) -> None:
        self._data: dict[K, V] = dict(data)
        self._hash: int | None = None
        #: Made by :func:`freeze`: every value in it is frozen too, so freezing it again
        #: is itself (a position's extras are frozen again each time one part changes).
        self._deep = False

    @classmethod
    def owning(cls, data: dict[K, V]) -> FrozenMap[K, V]:
        """A FrozenMap over ``data`` itself, not a copy of it: for a dict made for it alone,
        which nobody changes afterwards."""
        new = object.__new__(cls)
        new._data = data
        new._hash = None
        new._deep = False
        return new

    def __getitem__(self, key: K) -> V:
        return self._data[key]

    def __iter__(self) -> Iterator[K]:
        return iter(self._data)

    def __len__(self) -> int:
        return len(self._data)

    # The dict's own methods, not Mapping's mixins written in Python: positions' ownership
    # and results' parameters are read this way on every phase.
    def __contains__(self, key: object) -> bool:
        return key in self._data

    @overload
    def get(self, key: K, /) -> V | None: ...

    @overload
    def get(self, key: K, default: V | T, /) -> V | T: ...

    def get(self, key: K, default: Any = None, /) -> Any:
        return self._data.get(key, default)

    def keys(self) -> KeysView[K]:
        return self._data.keys()

    def values(self) -> ValuesView[V]:
        return self._data.values()

    def items(self) -> ItemsView[K, V]:
        return self._data.items()

    def to_dict(self) -> dict[K, V]:
        """A plain dict with the same items (a copy)."""
        return self._data.copy()

    def __hash__(self) -> int:
        if self._hash is None:
            self._hash = hash(frozenset(self._data.items()))
        return self._hash

    def __eq__(self, other: object) -> bool:
        if isinstance(other, FrozenMap):
            return self._data == other._data
        if isinstance(other, Mapping):
            return self._data == dict(other)
        return NotImplemented

    def __repr__(self) -> str:
        return f"FrozenMap({self._data!r})"


_PROVINCE = attrgetter("province")


class UnitKind(StrEnum):
    """The kind of a unit; the value is its letter in order notation."""

    ARMY = "A"
    FLEET = "F"


class Season(StrEnum):
    SPRING = "S"
    FALL = "F"
    WINTER = "W"


class DeclaredCode(str):
    """A code of an open set that variants add to (phase kinds, reasons): the code is its
    text (it compares, hashes and serialises as the text), each is declared once, and the
    same text always gives the same object, so codes compare with ``is``. A subclass
    names what it is in ``what`` and declares its codes through :meth:`_add`."""

    #: What a code of this set is, in "'Q' is not a phase kind any variant declares".
    what: ClassVar[str] = "code"
    _declared: ClassVar[dict[str, Any]]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._declared = {}

    def __new__(cls, code: str) -> Self:
        known = cls._declared.get(code)
        if known is None:
            raise ValueError(f"{code!r} is not a {cls.what} any variant declares")
        return cast(Self, known)

    @classmethod
    def _known(cls, code: str) -> Self | None:
        return cast("Self | None", cls._declared.get(code))

    @classmethod
    def _add(cls, code: str) -> Self:
        """A new code, kept: the subclass's ``declare`` fills in its attributes."""
        made = str.__new__(cls, code)
        cls._declared[code] = made
        return made

    @classmethod
    def declared(cls) -> tuple[Self, ...]:
        """Every code declared so far, in the order declared."""
        return tuple(cls._declared.values())

    @property
    def value(self) -> str:
        """The code's text."""
        return str.__str__(self)

    def __str__(self) -> str:
        return str.__str__(self)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({str.__str__(self)!r})"

    def __copy__(self) -> Self:
        return self

    def __deepcopy__(self, memo: object) -> Self:
        return self

    def __reduce__(self) -> tuple[type[Self], tuple[str]]:
        return type(self), (str.__str__(self),)


class PhaseKind(DeclaredCode):
    """A kind of phase: one capital letter in a phase code (``M`` in ``S1901M``).

    The set is open. The core knows movement, retreats and adjustments, and the set-up
    kinds of the variants it ships (nomination, placement, the draft); a variant declares
    its own with :meth:`declare` (as godip's variants declare their phase types) and puts
    them in its sequence. A kind is its letter: it compares, hashes and serialises as the
    letter, and the same letter always gives the same object (``PhaseKind("M") is
    PhaseKind.MOVEMENT``), so kinds compare with ``is``.

    >>> PhaseKind("R") is PhaseKind.RETREATS, PhaseKind.RETREATS == "R"
    (True, True)
    >>> PhaseKind("Q")
    Traceback (most recent call last):
    ...
    ValueError: 'Q' is not a phase kind any variant declares
    """

    #: In words, as the English phase name says it ("movement", "draft").
    words: str
    #: Does it set a game up (before its first year) rather than play it? A variant
    #: resolves its own kinds; the core resolves movement, retreats and adjustments.
    setup: bool
    #: Where it sorts among the phases of one season: in the order kinds were declared.
    rank: int

    MOVEMENT: ClassVar[PhaseKind]
    RETREATS: ClassVar[PhaseKind]
    ADJUSTMENTS: ClassVar[PhaseKind]
    NOMINATION: ClassVar[PhaseKind]
    PLACEMENT: ClassVar[PhaseKind]
    DRAFT: ClassVar[PhaseKind]

    what = "phase kind"

    @classmethod
    def declare(cls, code: str, words: str, *, setup: bool = False) -> PhaseKind:
        """The kind written ``code``, declared once: declaring it again with the same
        words and setting is harmless; with others it is refused, for two variants may
        not read one letter two ways.

        Raises:
            ValueError: for a code that is not one capital letter, or a conflict.
        """
        if len(code) != 1 or not ("A" <= code <= "Z"):
            raise ValueError(f"a phase kind is one capital letter, not {code!r}")
        known = cls._known(code)
        if known is not None:
            if (known.words, known.setup) != (words, setup):
                raise ValueError(f"phase kind {code!r} is already declared as {known.words!r}")
            return known
        rank = len(cls._declared)
        kind = cls._add(code)
        kind.words = words
        kind.setup = setup
        kind.rank = rank
        return kind


PhaseKind.MOVEMENT = PhaseKind.declare("M", "movement")
PhaseKind.RETREATS = PhaseKind.declare("R", "retreats")
PhaseKind.ADJUSTMENTS = PhaseKind.declare("A", "adjustments")
#: Setting up a game before its first movement: Highlander's secret nomination of centers
#: and placement of units, Multiple Void's draft.
PhaseKind.NOMINATION = PhaseKind.declare("N", "nomination", setup=True)
PhaseKind.PLACEMENT = PhaseKind.declare("P", "placement", setup=True)
PhaseKind.DRAFT = PhaseKind.declare("D", "draft", setup=True)


_SEASON_ORDER = {Season.SPRING: 0, Season.FALL: 1, Season.WINTER: 2}
_PHASE_RE = re.compile(r"^([SFW])(\d{1,5})([A-Z])$")


@dataclass(frozen=True, slots=True, order=False)
class Phase:
    """A phase of the game, written like ``S1901M`` (season, year, kind)."""

    season: Season
    year: int
    kind: PhaseKind

    @classmethod
    def parse(cls, code: str) -> Phase:
        """Read a phase code such as ``F1901R``.

        Raises:
            PositionError: if the code is not a season letter, a year and a kind letter.
        """
        match = _PHASE_RE.match(code.strip().upper()) if isinstance(code, str) else None
        kind = None if match is None else PhaseKind._known(match[3])
        if match is None or kind is None:
            raise PositionError(
                f"phase {code!r} is not a phase code such as S1901M, F1901R or W1901A", "phase"
            )
        return cls(Season(match[1]), int(match[2]), kind)

    @property
    def sort_key(self) -> tuple[int, int, int]:
        return (self.year, _SEASON_ORDER[self.season], self.kind.rank)

    def __str__(self) -> str:
        return f"{self.season.value}{self.year}{self.kind.value}"

    @property
    def name(self) -> str:
        """The phase in words, as players say it: "Spring 1901 movement"."""
        season = {"S": "Spring", "F": "Fall", "W": "Winter"}[self.season.value]
        return f"{season} {self.year} {self.kind.words}"

    @property
    def is_setup(self) -> bool:
        """A phase that sets the game up (nomination, placement, draft), not one of play."""
        return self.kind.setup


JsonValue = Any


def freeze(value: JsonValue) -> Any:
    """A JSON-like value made immutable and hashable: objects become FrozenMaps, lists
    tuples. Variants keep their own state (a draft's turn order, a nomination round) in
    a position's ``extras`` this way.

    >>> freeze({"order": ["red", "blue"], "round": 2})
    FrozenMap({'order': ('red', 'blue'), 'round': 2})
    """
    kind = type(value)
    if kind in _PLAIN:
        return value
    if kind is FrozenMap and value._deep:
        return value  # frozen through already: no walk, no copy
    if kind is dict or isinstance(value, Mapping):  # a dict without the ABC's slow check
        frozen: FrozenMap[str, Any] = FrozenMap.owning(
            {str(k): freeze(v) for k, v in value.items()}
        )
        frozen._deep = True
        return frozen
    if isinstance(value, (list, tuple)):
        return tuple([freeze(v) for v in value])
    if isinstance(value, (str, int, float, bool)):
        return value
    raise PositionError(f"{value!r} is not a JSON value", "extras")


def _refreeze(extras: Mapping[str, Any], before: Mapping[str, Any]) -> Any:
    """``freeze(extras)`` for extras made from a position's own with a part or two changed
    (``{**position.extras, "borg": "par"}``): a part that is the very object ``before``
    holds is frozen through already, and taken as it is instead of being asked again. A
    variant that keeps much state changes it several times a phase (a dozen in a Rather
    Silly season), one part at a time."""
    if type(extras) is not dict or type(before) is not FrozenMap or not before._deep:
        return freeze(extras)
    kept = before._data
    made: dict[str, Any] = {}
    for key, value in extras.items():
        if type(key) is not str:
            return freeze(extras)  # freeze() makes every key text
        made[key] = value if kept.get(key, _ABSENT) is value else freeze(value)
    frozen: FrozenMap[str, Any] = FrozenMap.owning(made)
    frozen._deep = True
    return frozen


_ABSENT = object()
#: The JSON scalars' own types (their subclasses are asked the longer way).
_PLAIN = frozenset({str, int, float, bool, type(None)})


def thaw(value: Any) -> JsonValue:
    """The JSON form of a :func:`freeze`-d value (objects with sorted keys).

    >>> thaw(freeze({"b": [1, 2], "a": None}))
    {'a': None, 'b': [1, 2]}
    """
    kind = type(value)
    if kind in _PLAIN:
        return value
    if kind is FrozenMap or isinstance(value, Mapping):
        return {k: thaw(value[k]) for k in sorted(value)}
    if kind is tuple or isinstance(value, tuple):
        return [thaw(v) for v in value]
    return value


def province_of(location: str) -> str:
    """The province of a location: ``stp/sc`` -> ``stp``."""
    slash = location.find("/")
    return location if slash < 0 else location[:slash]


@dataclass(frozen=True, slots=True)
class Unit:
    """A unit on the board: whose it is, army or fleet, and where (coast included)."""

    power: str
    kind: UnitKind
    location: str
    #: The province of ``location`` (``stp/sc`` -> ``stp``). Derived, not an argument: it is
    #: read far more often than units are made, so it is worked out once, here. It takes no
    #: part in equality, hashing or the repr.
    province: str = field(init=False, repr=False, compare=False, hash=False)
    #: The unit as it is written (``F stp/sc``): made once, written out on every phase.
    text: str = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "province", province_of(self.location))
        object.__setattr__(self, "text", f"{self.kind.value} {self.location}")

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True, slots=True)
class DislodgedUnit:
    """A unit that must retreat, and where its attacker came from.

    ``attacker_from`` is ``None`` when the attacker came by convoy: then the
    unit may retreat to the attacker's province (the convoy exception).
    ``retreats`` lists where it may go; it is filled in by the resolver.
    """

    unit: Unit
    attacker_from: str | None
    retreats: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Position:
    """The board at the start of a phase.

    ``ownership`` maps each owned supply center to its owner; ``standoffs``
    are the provinces left vacant by a standoff in the movement just played
    (nobody may retreat there). ``options`` are the rule choices the game was
    set up with (a variant's ``option_defaults`` filled in); ``extras`` is a
    variant's own state, as frozen JSON (see :func:`freeze`): a draft's turn
    order, a nomination round. The standard game has neither.
    """

    variant: str
    phase: Phase
    units: tuple[Unit, ...]
    ownership: FrozenMap[str, str] = field(default_factory=FrozenMap)
    dislodged: tuple[DislodgedUnit, ...] = ()
    standoffs: frozenset[str] = frozenset()
    options: FrozenMap[str, Any] = field(default_factory=FrozenMap)
    extras: FrozenMap[str, Any] = field(default_factory=FrozenMap)
    _by_province: dict[str, Unit] = field(
        init=False, repr=False, compare=False, hash=False, default_factory=dict
    )

    def __post_init__(self) -> None:
        by_province = self._by_province
        by_province.update(zip(map(_PROVINCE, self.units), self.units, strict=True))
        if len(by_province) != len(self.units):
            # Two units share a province: find the first pair, for the message.
            seen: dict[str, Unit] = {}
            for unit in self.units:
                province = unit.province
                if province in seen:
                    raise PositionError(
                        f"two units in {province}: {seen[province]} and {unit}", "units"
                    )
                seen[province] = unit

    def unit_in(self, province: str) -> Unit | None:
        """The unit standing in a province (any coast), or None."""
        unit = self._by_province.get(province)
        if unit is None and "/" in province:
            # A coast: the index is by province (its keys never hold a "/").
            unit = self._by_province.get(province_of(province))
        return unit

    def units_of(self, power: str) -> tuple[Unit, ...]:
        return tuple(u for u in self.units if u.power == power)

    def centers_of(self, power: str) -> frozenset[str]:
        return frozenset(c for c, p in self.ownership.items() if p == power)

    @property
    def powers_on_board(self) -> frozenset[str]:
        """Powers that still hold a unit or a supply center."""
        return frozenset(u.power for u in self.units) | frozenset(self.ownership.values())

    def with_changes(
        self,
        *,
        phase: Phase | None = None,
        units: Iterable[Unit] | None = None,
        ownership: Mapping[str, str] | None = None,
        dislodged: Iterable[DislodgedUnit] | None = None,
        standoffs: Iterable[str] | None = None,
        extras: Mapping[str, Any] | None = None,
    ) -> Position:
        """A new position with the given parts replaced (units are kept sorted)."""
        phase = self.phase if phase is None else phase
        ownership = self.ownership if ownership is None else FrozenMap(ownership)
        dislodged = self.dislodged if dislodged is None else tuple(dislodged)
        standoffs = self.standoffs if standoffs is None else frozenset(standoffs)
        new_extras = self.extras if extras is None else _refreeze(extras, self.extras)
        if units is not None:
            return Position(
                self.variant,
                phase,
                sort_units(units),
                ownership,
                dislodged,
                standoffs,
                self.options,
                new_extras,
            )
        # The same units: the new position shares this one's index of them (built once,
        # never changed) instead of checking and indexing them again.
        (
            set_variant,
            set_phase,
            set_units,
            set_ownership,
            set_dislodged,
            set_standoffs,
            set_options,
            set_extras,
            set_index,
        ) = _SET_POSITION
        new = _new(Position)
        set_variant(new, self.variant)
        set_phase(new, phase)
        set_units(new, self.units)
        set_ownership(new, ownership)
        set_dislodged(new, dislodged)
        set_standoffs(new, standoffs)
        set_options(new, self.options)
        set_extras(new, new_extras)
        set_index(new, self._by_province)
        return new


def slot_setters(cls: type, *names: str) -> tuple[Callable[[Any, Any], None], ...]:
    """Setters for the named slots of a frozen dataclass, bypassing its frozen __setattr__.

    Only for building new values: a frozen dataclass's generated __init__ sets each field
    through ``object.__setattr__``, which costs several times more than setting the slot
    itself. The resolver makes a result per unit and a unit per move each phase, through
    the helpers below; everyone else calls the constructors.
    """
    return tuple(cast(Any, cls.__dict__[name]).__set__ for name in names)


_new = object.__new__
_SET_UNIT = slot_setters(Unit, "power", "kind", "location", "province", "text")
_SET_POSITION = slot_setters(
    Position,
    "variant",
    "phase",
    "units",
    "ownership",
    "dislodged",
    "standoffs",
    "options",
    "extras",
    "_by_province",
)


def moved_unit(unit: Unit, location: str, province: str) -> Unit:
    """``Unit(unit.power, unit.kind, location)``, made faster (see :func:`slot_setters`).

    ``province`` is the province of ``location``, which the caller knows already.
    """
    set_power, set_kind, set_location, set_province, set_text = _SET_UNIT
    moved = _new(Unit)
    set_power(moved, unit.power)
    set_kind(moved, unit.kind)
    set_location(moved, location)
    set_province(moved, province)
    set_text(moved, f"{unit.kind} {location}")  # a StrEnum formats as its value; .value is slow
    return moved


def sort_units(units: Iterable[Unit]) -> tuple[Unit, ...]:
    """Units in a canonical order (by power, then location), for stable output."""
    return tuple(sorted(units, key=_UNIT_SORT_KEY))


# (power, location, kind): a UnitKind is a StrEnum, so it sorts as its letter.
_UNIT_SORT_KEY = attrgetter("power", "location", "kind")
