"""The shape of a variant's ``extras``, declared as data and checked as the core parts of a
position are.

A variant keeps its own state in ``Position.extras`` (Rather Silly's herds and hyperspace
link, Kapitalisten's exchange, Multiple Void's draft). Its rules read that state as they
wrote it; a position written by hand, by another program or by an old bug may hold
anything there. So each variant declares the shape of its extras in its own folder
(``adjudicator/variants/<id>/shape.py``) out of the few kinds of value below, and the
reader (:func:`adjudicator.io.position_from_json`) checks the extras against it before
any rule runs: what does not fit is refused with a :class:`PositionError` naming the path
of the bad value (``extras.llamas.england``), and the command line exits 2, never with a
traceback.

Ids are checked too: a shape names the kind of id a value is (:class:`IdKind`: a power, a
province, an investor) and the variant says which ids of each kind exist in a game with
given options (:meth:`~adjudicator.variants.Variant.extras_ids`), so no rule meets a
province its map does not have.

What a shape checks is the shape: types, the keys an object must or may have, whole
numbers in their range, ids that exist, lengths of lists. What depends on the board (a
draft's counts against the units placed, a nomination count against the centers left) is
still the variant's own reading to check, with the same error.

Keys of the extras a variant does not declare are carried through as they came, read by
no rule (a host may keep notes of its own there); inside a declared value, every key is
declared.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from adjudicator.errors import PositionError

#: Where a value is: the keys and indexes leading to it, innermost last, as (outer, step)
#: pairs. A path is written out only for an error, not for every value checked.
Trail = tuple[Any, str | int] | None

#: The ids of each kind (:attr:`IdKind.name`) that exist in one game.
IdSets = Mapping[str, frozenset[str]]


def path_of(trail: Trail, base: str = "extras") -> str:
    """The path a trail leads to, as errors name it: ``extras.llamas.england[2]``."""
    steps: list[str | int] = []
    while trail is not None:
        trail, step = trail
        steps.append(step)
    path = base
    for step in reversed(steps):
        path += f"[{step}]" if isinstance(step, int) else f".{step}"
    # A lone surrogate in a key was refused before (io.check_json); this only keeps a
    # path writable whatever it holds.
    return path.encode("utf-8", "backslashreplace").decode("utf-8")


def _shown(value: Any) -> str:
    """A value as an error quotes it: its JSON, cut short."""
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= 40 else f"{text[:37]}..."


def _type_name(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true or false"
    if isinstance(value, str):
        return "text"
    if isinstance(value, (int, float)):
        return "a number"
    if isinstance(value, Mapping):
        return "an object"
    if isinstance(value, (list, tuple)):
        return "a list"
    return type(value).__name__


def _article(word: str) -> str:
    return "an" if word[:1] in "aeiou" else "a"


def _misfit(value: Any, trail: Trail, expected: str) -> PositionError:
    path = path_of(trail)
    return PositionError(f"{path} must be {expected}, not {_shown(value)}", path)


@dataclass(frozen=True, slots=True)
class IdKind:
    """A kind of id a variant's extras name: ``province``, ``power``, ``investor``. The
    variant gives the ids of each kind that exist in a game
    (:meth:`~adjudicator.variants.Variant.extras_ids`)."""

    #: The key in :data:`IdSets`, and the word in an error ("unknown province 'xyz'").
    name: str
    #: What it is, for the documentation ("a province of the map, no coast").
    words: str


#: Ids every variant gives (:meth:`adjudicator.variants.Variant.extras_ids`).
POWER = IdKind("power", "one of the variant's powers (its great powers, colours or nations)")
PROVINCE = IdKind("province", "a province of the map a unit can stand in, without a coast")
LOCATION = IdKind("location", "a province or a coast of the map a unit can stand in (stp/sc)")
CENTER = IdKind("center", "a supply center of the map")


class Shape:
    """One kind of value. :meth:`check` raises :class:`PositionError` for a value that
    is not of the shape (with the path of the first bad part); :meth:`words` says the
    shape in the notation the documentation uses; :meth:`expected` in an error's words."""

    __slots__ = ()

    def check(self, value: Any, trail: Trail, ids: IdSets) -> None:
        """Refuse ``value`` (at ``trail``) unless it is of this shape.

        Raises:
            PositionError: naming the path of the first part that is not.
        """
        raise NotImplementedError

    def words(self) -> str:
        """The shape in the documentation's notation: ``{power: [province, …]}``."""
        raise NotImplementedError

    def expected(self) -> str:
        """What a value must be, as an error says it: "a whole number from 0"."""
        return self.words()

    def id_kinds(self) -> frozenset[IdKind]:
        """The kinds of id the shape names anywhere (the variant must give each)."""
        return frozenset()


@dataclass(frozen=True, slots=True)
class Text(Shape):
    """Text, as long as it likes (a question, an answer)."""

    def check(self, value: Any, trail: Trail, ids: IdSets) -> None:
        if type(value) is not str:
            raise _misfit(value, trail, "text")

    def words(self) -> str:
        return "text"


@dataclass(frozen=True, slots=True)
class Whole(Shape):
    """A whole number (``true`` is none), from ``low`` and to ``high`` where given."""

    low: int | None = None
    high: int | None = None

    def check(self, value: Any, trail: Trail, ids: IdSets) -> None:
        if (
            type(value) is not int
            or (self.low is not None and value < self.low)
            or (self.high is not None and value > self.high)
        ):
            raise _misfit(value, trail, self.expected())

    def checks_all(self, values: Any) -> bool:
        """Are all of ``values`` (a collection) of this shape? Asked of the long lists of
        numbers Kapitalisten keeps, each number at C speed rather than one call each."""
        if not values:
            return True
        if set(map(type, values)) != {int}:
            return False
        return (self.low is None or min(values) >= self.low) and (
            self.high is None or max(values) <= self.high
        )

    def words(self) -> str:
        if self.low is not None and self.high is not None:
            return f"whole number from {self.low} to {self.high}"
        if self.low is not None:
            return f"whole number from {self.low}"
        if self.high is not None:
            return f"whole number up to {self.high}"
        return "whole number"

    def expected(self) -> str:
        return f"a {self.words()}"


@dataclass(frozen=True, slots=True)
class Choice(Shape):
    """One of a few words (a unit's mark: ``"amazon"``, ``"dirtbag"``)."""

    values: tuple[str, ...]

    def check(self, value: Any, trail: Trail, ids: IdSets) -> None:
        if type(value) is not str or value not in self.values:
            raise _misfit(value, trail, self.expected())

    def words(self) -> str:
        return " | ".join(f'"{v}"' for v in self.values)

    def expected(self) -> str:
        return "one of " + ", ".join(f'"{v}"' for v in self.values)


@dataclass(frozen=True, slots=True)
class Pattern(Shape):
    """Text of a given form (a season's code ``S1901``, a fraction ``1/2``)."""

    regex: str
    #: What it is, with an example: "a season's code (S1901)".
    what: str
    compiled: re.Pattern[str] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "compiled", re.compile(self.regex))

    def check(self, value: Any, trail: Trail, ids: IdSets) -> None:
        if type(value) is not str or self.compiled.fullmatch(value) is None:
            raise _misfit(value, trail, self.what)

    def words(self) -> str:
        return self.what


@dataclass(frozen=True, slots=True)
class Id(Shape):
    """An id of ``kind`` that exists in the game (a province of the map, a power)."""

    kind: IdKind

    def check(self, value: Any, trail: Trail, ids: IdSets) -> None:
        if type(value) is not str:
            raise _misfit(value, trail, self.expected())
        if value not in ids[self.kind.name]:
            raise unknown(self.kind, value, trail, ids)

    def words(self) -> str:
        return self.kind.name

    def expected(self) -> str:
        return f"{_article(self.kind.name)} {self.kind.name} id"

    def id_kinds(self) -> frozenset[IdKind]:
        return frozenset({self.kind})


def unknown(kind: IdKind, value: str, trail: Trail, ids: IdSets) -> PositionError:
    """The error for an id of ``kind`` that does not exist: the known ones are listed
    where they are few (powers, investors), as the core's reader lists the powers."""
    known = ids[kind.name]
    listed = f" (known: {', '.join(sorted(known))})" if len(known) <= 16 else ""
    return PositionError(f"unknown {kind.name} {value!r}{listed}", path_of(trail))


@dataclass(frozen=True, slots=True)
class UnitKey(Shape):
    """A unit by its power and location, a space between: ``"france bur"`` (Rather Silly
    keeps marks on units so, :mod:`adjudicator.variants.rather_silly.marks`)."""

    power: IdKind
    location: IdKind = LOCATION

    def check(self, value: Any, trail: Trail, ids: IdSets) -> None:
        if type(value) is not str:
            raise _misfit(value, trail, self.expected())
        power, space, location = value.partition(" ")
        if not space:
            raise _misfit(value, trail, self.expected())
        if power not in ids[self.power.name]:
            raise unknown(self.power, power, trail, ids)
        if location not in ids[self.location.name]:
            raise unknown(self.location, location, trail, ids)

    def words(self) -> str:
        return f'"{self.power.name} {self.location.name}"'

    def expected(self) -> str:
        return f'a unit\'s {self.power.name} and {self.location.name} ("france bur")'

    def id_kinds(self) -> frozenset[IdKind]:
        return frozenset({self.power, self.location})


@dataclass(frozen=True, slots=True)
class Nullable(Shape):
    """``shape``, or ``null``."""

    shape: Shape

    def check(self, value: Any, trail: Trail, ids: IdSets) -> None:
        if value is not None:
            self.shape.check(value, trail, ids)

    def words(self) -> str:
        return f"{self.shape.words()} or null"

    def expected(self) -> str:
        return f"{self.shape.expected()} or null"

    def id_kinds(self) -> frozenset[IdKind]:
        return self.shape.id_kinds()


@dataclass(frozen=True, slots=True)
class ListOf(Shape):
    """A list of ``item``, ``low`` to ``high`` long (any length where not given)."""

    item: Shape
    low: int = 0
    high: int | None = None

    def check(self, value: Any, trail: Trail, ids: IdSets) -> None:
        if type(value) is not list and not isinstance(value, (list, tuple)):
            raise _misfit(value, trail, self.expected())
        if len(value) < self.low or (self.high is not None and len(value) > self.high):
            path = path_of(trail)
            raise PositionError(
                f"{path} must hold {self._length()}, not {len(value)}: {_shown(value)}", path
            )
        item = self.item
        if isinstance(item, Id) and _all_ids(value, ids[item.kind.name]):
            return  # herds, lists of investors: every one known, checked at C speed
        if isinstance(item, Whole) and item.checks_all(value):
            return
        fits = item.fits if isinstance(item, MapOf) else None
        for n, entry in enumerate(value):
            if fits is None or not fits(entry, ids):
                item.check(entry, (trail, n), ids)

    def _length(self) -> str:
        item = self.item.words()
        if self.high == self.low:
            return f"exactly {self.low} ({item})"
        if self.high is None:
            return f"at least {self.low} ({item})"
        return f"{self.low} to {self.high} ({item})"

    def words(self) -> str:
        inner = self.item.words()
        if self.high is not None and self.high == self.low and self.low <= 3:
            return "[" + ", ".join([inner] * self.low) + "]"
        out = f"[{inner}, …]"
        if self.high is not None:
            out += f" (at most {self.high})" if self.low == 0 else f" ({self.low} to {self.high})"
        elif self.low:
            out += f" (at least {self.low})"
        return out

    def expected(self) -> str:
        return "a list"

    def id_kinds(self) -> frozenset[IdKind]:
        return self.item.id_kinds()


def _all_ids(values: Any, known: frozenset[str]) -> bool:
    """Are all of ``values`` (a collection) texts among ``known``?"""
    return not values or (set(map(type, values)) == {str} and known.issuperset(values))


@dataclass(frozen=True, slots=True)
class MapOf(Shape):
    """An object keyed by ids of ``key`` (or any key of a :class:`Pattern` or
    :class:`UnitKey`), each value of shape ``value``; with ``every``, each id of the kind
    there (a rate for every nation)."""

    key: Id | Pattern | UnitKey | Text
    value: Shape
    every: bool = False

    def check(self, value: Any, trail: Trail, ids: IdSets) -> None:
        if type(value) is not dict and not isinstance(value, Mapping):
            raise _misfit(value, trail, self.expected())
        key = self.key
        if isinstance(key, Id):
            known = ids[key.kind.name]
            if not known.issuperset(value):
                for k in value:
                    key.check(k, (trail, k), ids)
            if self.every and len(value) < len(known):
                missing = sorted(known.difference(value))[0]
                path = path_of((trail, missing))
                raise PositionError(
                    f"{path_of(trail)} must give every {key.kind.name}: {missing!r} is missing",
                    path,
                )
        else:
            for k in value:
                key.check(k, (trail, k), ids)
        shape = self.value
        if isinstance(shape, Whole) and shape.checks_all(value.values()):
            return
        fits = shape.fits if isinstance(shape, MapOf) else None
        for k, entry in value.items():
            if fits is None or not fits(entry, ids):
                shape.check(entry, (trail, k), ids)

    def fits(self, value: Any, ids: IdSets) -> bool:
        """Does ``value`` fit at a glance, all at C speed? True only for an object of
        known ids to whole numbers in range (Kapitalisten's holdings, forty turns of them
        kept); False means "check it", for the error and its path."""
        key, shape = self.key, self.value
        return (
            type(value) is dict
            and isinstance(key, Id)
            and isinstance(shape, Whole)
            and ids[key.kind.name].issuperset(value)
            and (not self.every or len(value) == len(ids[key.kind.name]))
            and shape.checks_all(value.values())
        )

    def words(self) -> str:
        out = f"{{{self.key.words()}: {self.value.words()}, …}}"
        return f"{out} (every {self.key.words()})" if self.every else out

    def expected(self) -> str:
        return "an object"

    def id_kinds(self) -> frozenset[IdKind]:
        return self.key.id_kinds() | self.value.id_kinds()


@dataclass(frozen=True, slots=True)
class Record(Shape):
    """An object with named keys: each of ``required`` there, each of ``optional`` there
    or not, and no other."""

    required: Mapping[str, Shape] = field(default_factory=dict)
    optional: Mapping[str, Shape] = field(default_factory=dict)

    def check(self, value: Any, trail: Trail, ids: IdSets) -> None:
        if type(value) is not dict and not isinstance(value, Mapping):
            raise _misfit(value, trail, self.expected())
        for name, shape in self.required.items():
            if name not in value:
                path = path_of((trail, name))
                raise PositionError(f"{path_of(trail)} has no {name!r}", path)
            shape.check(value[name], (trail, name), ids)
        optional = self.optional
        for name, entry in value.items():
            if name in self.required:
                continue
            found = optional.get(name)
            if found is None:
                self.other(name, entry, trail, ids)
            else:
                found.check(entry, (trail, name), ids)

    def other(self, name: str, value: Any, trail: Trail, ids: IdSets) -> None:
        """A key that is neither required nor optional: refused."""
        keys = ", ".join(sorted({*self.required, *self.optional})) or "none"
        path = path_of((trail, name))
        raise PositionError(f"{path_of(trail)} has no key {name!r} (its keys: {keys})", path)

    def fields(self) -> list[tuple[str, Shape, bool]]:
        """Each key with its shape and whether it is required, required ones first."""
        return [(k, s, True) for k, s in self.required.items()] + [
            (k, s, False) for k, s in self.optional.items()
        ]

    def words(self) -> str:
        parts = [f'"{k}"{"" if req else "?"}: {s.words()}' for k, s, req in self.fields()]
        return "{" + ", ".join(parts) + "}"

    def expected(self) -> str:
        return "an object"

    def id_kinds(self) -> frozenset[IdKind]:
        out: frozenset[IdKind] = frozenset()
        for _name, shape, _req in self.fields():
            out |= shape.id_kinds()
        return out


@dataclass(frozen=True, slots=True)
class Extras(Record):
    """A variant's whole ``extras``: its declared keys checked, any other key carried
    through as it came (no rule of the variant reads it)."""

    #: What each key is, in words, for the documentation (docs/extras.md).
    notes: Mapping[str, str] = field(default_factory=dict)

    def other(self, name: str, value: Any, trail: Trail, ids: IdSets) -> None:
        return None

    def check_extras(self, value: Any, ids: IdSets) -> None:
        """Check a position's whole ``extras``.

        Raises:
            PositionError: with a path under ``extras`` for the first bad value.
        """
        if not value:
            return  # the standard game's, and many a position's: nothing to check
        self.check(value, None, ids)

    def expected(self) -> str:
        return "an object"


#: A season's code, as Rather Silly keys the seasons of its links and questions.
SEASON = Pattern(r"[SFW][0-9]{1,5}", "a season's code (S1901)")
#: A phase's code (the CLI's ``phase``).
PHASE = Pattern(r"[SFW][0-9]{1,5}[A-Z]", "a phase's code (S1901M)")

#: What the host keeps in the extras of every variant: the game master's answers to the
#: questions the rules left to him (:class:`~adjudicator.variants.base.DecisionRequest`),
#: by the question's key.
HOST_KEYS: Mapping[str, Shape] = {"decisions": MapOf(Text(), Text())}
HOST_NOTES: Mapping[str, str] = {
    "decisions": "the game master's answers to the questions the rules left to him, by the "
    "question's key (the host adds them as it resolves the phase)",
}


def extras(
    optional: Mapping[str, Shape] | None = None,
    *,
    required: Mapping[str, Shape] | None = None,
    notes: Mapping[str, str] | None = None,
) -> Extras:
    """A variant's extras: its own keys (``required`` ones must be there) beside the
    host's every variant takes (:data:`HOST_KEYS`), each with its note in words."""
    return Extras(
        required=dict(required or {}),
        optional={**HOST_KEYS, **(optional or {})},
        notes={**HOST_NOTES, **(notes or {})},
    )
