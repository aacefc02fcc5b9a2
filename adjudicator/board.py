"""The values a game is made of: units, phases and positions.

Everything here is immutable. A :class:`Position` is a snapshot of the board
at the start of a phase; resolving orders never changes it but returns a new
one (see :func:`adjudicator.resolve`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import TypeVar

from adjudicator.errors import PositionError

K = TypeVar("K")
V = TypeVar("V")


class FrozenMap(Mapping[K, V]):
    """A read-only, hashable mapping, so that positions can be compared and hashed."""

    __slots__ = ("_data", "_hash")

    def __init__(self, data: Mapping[K, V] | Iterable[tuple[K, V]] = ()) -> None:
        self._data: dict[K, V] = dict(data)
        self._hash: int | None = None

    def __getitem__(self, key: K) -> V:
        return self._data[key]

    def __iter__(self) -> Iterator[K]:
        return iter(self._data)

    def __len__(self) -> int:
        return len(self._data)

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


class UnitKind(StrEnum):
    """The kind of a unit; the value is its letter in order notation."""

    ARMY = "A"
    FLEET = "F"


class Season(StrEnum):
    SPRING = "S"
    FALL = "F"
    WINTER = "W"


class PhaseKind(StrEnum):
    MOVEMENT = "M"
    RETREATS = "R"
    ADJUSTMENTS = "A"


_SEASON_ORDER = {Season.SPRING: 0, Season.FALL: 1, Season.WINTER: 2}
_KIND_ORDER = {PhaseKind.MOVEMENT: 0, PhaseKind.RETREATS: 1, PhaseKind.ADJUSTMENTS: 2}
_PHASE_RE = re.compile(r"^([SFW])(\d{1,5})([MRA])$")


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
        if match is None:
            raise PositionError(
                f"phase {code!r} is not a phase code such as S1901M, F1901R or W1901A", "phase"
            )
        return cls(Season(match[1]), int(match[2]), PhaseKind(match[3]))

    @property
    def sort_key(self) -> tuple[int, int, int]:
        return (self.year, _SEASON_ORDER[self.season], _KIND_ORDER[self.kind])

    def __str__(self) -> str:
        return f"{self.season.value}{self.year}{self.kind.value}"

    @property
    def name(self) -> str:
        """The phase in words, as players say it: "Spring 1901 movement"."""
        season = {"S": "Spring", "F": "Fall", "W": "Winter"}[self.season.value]
        kind = {"M": "movement", "R": "retreats", "A": "adjustments"}[self.kind.value]
        return f"{season} {self.year} {kind}"


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

    @property
    def province(self) -> str:
        return province_of(self.location)

    def __str__(self) -> str:
        return f"{self.kind.value} {self.location}"


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
    (nobody may retreat there).
    """

    variant: str
    phase: Phase
    units: tuple[Unit, ...]
    ownership: FrozenMap[str, str] = field(default_factory=FrozenMap)
    dislodged: tuple[DislodgedUnit, ...] = ()
    standoffs: frozenset[str] = frozenset()
    _by_province: dict[str, Unit] = field(
        init=False, repr=False, compare=False, hash=False, default_factory=dict
    )

    def __post_init__(self) -> None:
        by_province = self._by_province
        for unit in self.units:
            province = unit.province
            if province in by_province:
                raise PositionError(
                    f"two units in {province}: {by_province[province]} and {unit}", "units"
                )
            by_province[province] = unit

    def unit_in(self, province: str) -> Unit | None:
        """The unit standing in a province (any coast), or None."""
        return self._by_province.get(province_of(province))

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
    ) -> Position:
        """A new position with the given parts replaced (units are kept sorted)."""
        return Position(
            variant=self.variant,
            phase=self.phase if phase is None else phase,
            units=self.units if units is None else sort_units(units),
            ownership=self.ownership if ownership is None else FrozenMap(ownership),
            dislodged=self.dislodged if dislodged is None else tuple(dislodged),
            standoffs=self.standoffs if standoffs is None else frozenset(standoffs),
        )


def sort_units(units: Iterable[Unit]) -> tuple[Unit, ...]:
    """Units in a canonical order (by power, then location), for stable output."""
    return tuple(sorted(units, key=lambda u: (u.power, u.location, u.kind.value)))
