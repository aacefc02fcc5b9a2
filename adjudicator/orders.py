"""Orders: small typed values with a canonical, round-trippable notation.

``str(order)`` gives the canonical notation (``F nth - pic``, ``A lvp S A yor - yor``,
``F nth C A lon - nwy``, ``A bur R gas``, ``F lon B``, ``A war D``, ``WAIVE``,
``nominate lon``) and
``parse_order(str(order), game_map) == order`` for every order.

:func:`parse_order` reads the ordinary notation players write, in either
word order and with ids, aliases or full names. It raises :class:`ParseError`
for text it cannot read; whether a readable order is *legal* is the
resolver's business (an illegal order is adjudicated and reported ``void``).
"""

from __future__ import annotations

import re
from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, ClassVar, TypeGuard

from adjudicator.board import PhaseKind, Position, UnitKind, province_of
from adjudicator.errors import ParseError
from adjudicator.kept import KeptPer
from adjudicator.wording import problem_words

if TYPE_CHECKING:
    from adjudicator.maps import GameMap


@dataclass(frozen=True, slots=True)
class UnitRef:
    """A unit as an order names it: its kind and where it stands (``A lon``)."""

    kind: UnitKind
    location: str
    #: The province of ``location``, worked out once (see :class:`adjudicator.board.Unit`).
    province: str = field(init=False, repr=False, compare=False, hash=False)
    #: The unit as written (``F stp/sc``), worked out once: every order's text and every
    #: result written out begins with it.
    text: str = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "province", province_of(self.location))
        # str.__str__ of a StrEnum is its letter, without the enum's slow formatting.
        object.__setattr__(self, "text", f"{str.__str__(self.kind)} {self.location}")

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True, slots=True)
class Hold:
    unit: UnitRef

    def __str__(self) -> str:
        return f"{self.unit.text} H"


@dataclass(frozen=True, slots=True)
class Move:
    unit: UnitRef
    dest: str
    via_convoy: bool = False

    def __str__(self) -> str:
        return f"{self.unit.text} - {self.dest}" + (" via convoy" if self.via_convoy else "")


@dataclass(frozen=True, slots=True)
class Support:
    """Support to hold (``dest`` is None) or to move to ``dest``."""

    unit: UnitRef
    supported: UnitRef
    dest: str | None = None

    def __str__(self) -> str:
        if self.dest is None:
            return f"{self.unit.text} S {self.supported.text}"
        return f"{self.unit.text} S {self.supported.text} - {self.dest}"


@dataclass(frozen=True, slots=True)
class Convoy:
    unit: UnitRef
    army: UnitRef
    dest: str

    def __str__(self) -> str:
        return f"{self.unit.text} C {self.army.text} - {self.dest}"


@dataclass(frozen=True, slots=True)
class Retreat:
    unit: UnitRef
    dest: str

    def __str__(self) -> str:
        return f"{self.unit.text} R {self.dest}"


@dataclass(frozen=True, slots=True)
class Disband:
    unit: UnitRef

    def __str__(self) -> str:
        return f"{self.unit.text} D"


@dataclass(frozen=True, slots=True)
class Build:
    unit: UnitRef

    def __str__(self) -> str:
        return f"{self.unit.text} B"


@dataclass(frozen=True, slots=True)
class Nominate:
    """Name a supply center one wants to own (Highlander's secret nomination)."""

    center: str

    def __str__(self) -> str:
        return f"nominate {self.center}"


@dataclass(frozen=True, slots=True)
class Waive:
    """Give up one build."""

    def __str__(self) -> str:
        return "WAIVE"


class VariantOrder(ABC):
    """An order kind a variant declares (a vote for a link, a purchase of currency, a
    llama told to explode): subclass it as a frozen dataclass, give it its notation as
    ``__str__`` and a reader, say in which phase kinds it is given, and list it in the
    variant's ``order_kinds``. The core reads it through :meth:`read`, checks its phase,
    and hands it to the variant's hooks: in a phase of the variant's own kind to
    ``resolve_own_phase``; in movement, retreats or adjustments to ``steps_after_moves``, after
    the core's resolution (a unit it names holds meanwhile).

    ``str(order)`` must read back as the same order through :meth:`read`.
    """

    __slots__ = ()

    #: The phase kinds in which it is given.
    phase_kinds: frozenset[PhaseKind] = frozenset()
    #: Which earlier order of the same power a later one of this kind replaces, as a host
    #: keeps a power's list while its player types (:func:`order_slot`): ``"kind"``, this
    #: kind's order about the same place; ``"unit"``, the order of the unit in the
    #: province it names (it is that unit's order, as a move is); ``"season"``, this kind's
    #: order, one a season whatever it names; ``"none"``, no other (several stand side by
    #: side: two herds of llamas settled in one province).
    replaces: ClassVar[str] = "kind"
    #: The name of the orders that replace one another (default: the class's), so that
    #: related kinds share a slot (a flock of birds' flight and its pick-up).
    slot_name: ClassVar[str] = ""

    @classmethod
    @abstractmethod
    def read(
        cls, text: str, game_map: GameMap, position: Position | None, power: str | None
    ) -> VariantOrder | None:
        """The order ``text`` is, if it is one of this kind; None if it is not this kind at
        all (another reader is asked).

        Raises:
            ParseError: for text of this kind that is not right (a code and parameters,
                as the core's own reader gives them).
        """

    @property
    def where(self) -> str:
        """Where it is drawn and keyed among a power's orders: a province, or "" for an
        order about no place."""
        return ""


Order = Hold | Move | Support | Convoy | Retreat | Disband | Build | Waive | Nominate | VariantOrder


#: Whether each class of order is of some kinds, by the kinds (a class or a tuple of them)
#: and the class. The variants' kinds are ABCs, whose ``isinstance`` is slow in Python
#: 3.11, and the core and the variants ask it of every order they read, attach, sort and
#: hand to a step (a Rather Silly season holds some seventy); the classes are few.
_OF_KINDS: dict[type | tuple[type, ...], dict[type, bool]] = {}


def class_of_kinds(cls: type, kinds: type | tuple[type, ...]) -> bool:
    """``issubclass(cls, kinds)``, asked once per class and kinds."""
    known = _OF_KINDS.get(kinds)
    if known is None:
        known = _OF_KINDS[kinds] = {}
    answer = known.get(cls)
    if answer is None:
        answer = known[cls] = issubclass(cls, kinds)
    return answer


_VARIANT_KINDS = _OF_KINDS.setdefault(VariantOrder, {})


def is_variant_order(order: object) -> TypeGuard[VariantOrder]:
    """``isinstance(order, VariantOrder)``, asked of the ABC once per class."""
    known = _VARIANT_KINDS.get(type(order))
    return class_of_kinds(type(order), VariantOrder) if known is None else known


def order_slot(order: Order) -> str | None:
    """The place an order takes among a power's orders: a later order with the same slot
    replaces the earlier one (a unit's new order its old one; a build site's build; a
    variant's order of the same kind about the same place, :attr:`VariantOrder.replaces`);
    None for an order that stands beside any other (a waived build, a purchase).

    >>> from adjudicator.maps import load_map
    >>> m = load_map("standard")
    >>> order_slot(parse_order("A par - bur", m)) == order_slot(parse_order("A par H", m))
    True
    >>> order_slot(parse_order("WAIVE", m)) is None
    True
    """
    if isinstance(order, Waive):
        return None
    if isinstance(order, Nominate):
        return f"nominate {order.center}"
    if is_variant_order(order):
        name = order.slot_name or type(order).__name__
        if order.replaces == "none":
            return None
        if order.replaces == "season":
            return name
        if not order.where:
            return None
        if order.replaces == "unit":
            return f"unit {province_of(order.where)}"
        return f"{name} {province_of(order.where)}"
    # A TypeGuard does not narrow the other way: mypy still counts a variant's kind here.
    return f"unit {order.unit.province}"  # type: ignore[union-attr]


MovementOrder = Hold | Move | Support | Convoy

#: Which order kinds belong to which phase kind. A placement (Highlander) or a draft pick
#: (Multiple Void) puts a unit on the board, so it is written as a build.
PHASE_ORDER_KINDS: dict[PhaseKind, tuple[type, ...]] = {
    PhaseKind.MOVEMENT: (Hold, Move, Support, Convoy),
    PhaseKind.RETREATS: (Retreat, Disband),
    PhaseKind.ADJUSTMENTS: (Build, Disband, Waive),
    PhaseKind.NOMINATION: (Nominate,),
    PhaseKind.PLACEMENT: (Build,),
    PhaseKind.DRAFT: (Build,),
}


# -- parsing -------------------------------------------------------------------

_WORDS = {
    "h": "H",
    "hold": "H",
    "holds": "H",
    "stand": "H",
    "stands": "H",
    "-": "-",
    "->": "-",
    "=>": "-",
    "to": "-",
    "move": "-",
    "moves": "-",
    "m": "-",
    "s": "S",
    "support": "S",
    "supports": "S",
    "c": "C",
    "convoy": "C",
    "convoys": "C",
    "r": "R",
    "retreat": "R",
    "retreats": "R",
    "d": "D",
    "disband": "D",
    "disbands": "D",
    "remove": "D",
    "removes": "D",
    "b": "B",
    "build": "B",
    "builds": "B",
    "waive": "WAIVE",
    "waives": "WAIVE",
    "nominate": "N",
    "nominates": "N",
    "nomination": "N",
    "a": "A",
    "army": "A",
    "f": "F",
    "fleet": "F",
}
_VIA = re.compile(r"\b(via\s+convoy|by\s+convoy|via)\s*$")
_ARROW = re.compile(r"\s*(->|=>|—|–)\s*")


#: Characters that keep a phrase from being looked up as it is: GameMap.lookup reads dots and
#: underscores as spaces, and _lookup closes the spaces around brackets and slashes.
_NOT_PLAIN = frozenset("./()_")
#: Order texts whose tokens (and readings) are kept, per map, before all are forgotten:
#: the same orders are read again and again (a player's orders on every check and save, a
#: batch's standard openings). Some 10 MB at most.
_TOKENS_KEPT = 1 << 16


class _Names:
    """A map's spellings as the tokenizer asks them, and the tokens of texts read before."""

    __slots__ = ("__weakref__", "names", "readings", "starts", "tokens")

    def __init__(self, game_map: GameMap) -> None:
        self.names: Mapping[str, str] = game_map.names
        #: For each word a plain spelling begins with, the most words such a spelling has:
        #: a plain phrase that begins otherwise, or has more words, names nothing.
        self.starts: dict[str, int] = {}
        for spelling in self.names:
            if _NOT_PLAIN.isdisjoint(spelling):
                words = spelling.split(" ")
                self.starts[words[0]] = max(self.starts.get(words[0], 0), len(words))
        self.tokens: dict[str, tuple[str, ...]] = {}
        #: Readings that did not look at the units on the board, by text and phase kind,
        #: with the text the reader read (the order less "via convoy").
        self.readings: dict[tuple[str, PhaseKind | None], tuple[Order, str]] = {}


_names_of: KeptPer[GameMap, _Names] = KeptPer(_Names)


def readings_of(game_map: GameMap) -> Mapping[tuple[str, PhaseKind | None], tuple[Order, str]]:
    """The orders read before on this map without looking at the board, by text and phase
    kind, each with the text read: what :func:`parse_order` would read again (it still
    checks the unit is there, which a caller holding the board may check itself)."""
    return _names_of(game_map).readings


def readings_forget() -> None:
    """Forget the tokens kept of texts read before (so that a measurement reads cold)."""
    for names in _names_of.values():
        names.tokens.clear()
        names.readings.clear()


def _tokens(text: str, game_map: GameMap) -> tuple[str, ...]:
    """Split an order into keywords and location ids, reading multi-word names first."""
    names = _names_of(game_map)
    kept = names.tokens.get(text)
    if kept is None:
        kept = _read_tokens(text, game_map, names)
        if len(names.tokens) >= _TOKENS_KEPT:
            names.tokens.clear()
        names.tokens[text] = kept
    return kept


def _read_tokens(text: str, game_map: GameMap, names: _Names) -> tuple[str, ...]:
    s = " " + text.strip().lower() + " "
    s = _ARROW.sub(" - ", s)
    s = s.replace(",", " ").replace(":", " ")
    words = s.split()
    out: list[str] = []
    i = 0
    # Longest-match lookup of names (they may contain spaces, dashes and brackets).
    while i < len(words):
        matched = False
        top = min(len(words), i + 6)
        # Phrases from words[i] to words[plain_to - 1] hold no dot, underscore, bracket or
        # slash: lower case and single spaces already, the form names are kept in. Of
        # those, only phrases no longer than a spelling beginning with words[i] are asked.
        plain_to = i
        while plain_to < top and _NOT_PLAIN.isdisjoint(words[plain_to]):
            plain_to += 1
        ends = [*range(top, plain_to, -1)]
        ends += range(min(plain_to, i + names.starts.get(words[i], 0)), i, -1)
        for j in ends:
            phrase = " ".join(words[i:j])
            loc = names.names.get(phrase) if j <= plain_to else _lookup(phrase, game_map)
            if loc is not None and not (j == i + 1 and phrase in _WORDS):
                out.append(loc)
                i = j
                matched = True
                break
        if matched:
            continue
        word = words[i]
        if "-" in word and word not in _WORDS:
            # "nth-pic" and "lon-" written without spaces.
            parts = [p for p in re.split(r"(-)", word) if p]
            if len(parts) > 1:
                words[i : i + 1] = parts
                continue
        out.append(word)
        i += 1
    return tuple(out)


def _lookup(phrase: str, game_map: GameMap) -> str | None:
    loc = game_map.lookup(phrase)
    if loc is not None:
        return loc
    # "stp/sc" and "spa(nc)" glued to brackets or slashes in odd ways.
    compact = re.sub(r"\s*([/()])\s*", r"\1", phrase)
    if compact != phrase:
        return game_map.lookup(compact)
    return None


class _Reader:
    def __init__(
        self, text: str, game_map: GameMap, position: Position | None, power: str | None
    ) -> None:
        self.text = text
        self.map = game_map
        self.position = position
        self.power = power
        self.tokens = _tokens(text, game_map)
        self.i = 0
        #: Whether the reading looked at the units on the board (a unit named without
        #: its kind): such a reading holds for this position alone.
        self.used_units = False

    def fail(self, code: str, **params: str) -> ParseError:
        """The problem ``code`` with its parameters (ids), worded in English."""
        return ParseError(problem_words(code, params, self.map), self.text, code, params)

    def peek(self) -> str | None:
        return self.tokens[self.i] if self.i < len(self.tokens) else None

    def keyword(self) -> str | None:
        tok = self.peek()
        if tok is None or tok in self.map.locations:
            return None
        return _WORDS.get(tok)

    def take(self) -> str:
        tok = self.tokens[self.i]
        self.i += 1
        return tok

    def is_location(self, tok: str | None) -> bool:
        return tok is not None and tok in self.map.locations

    def location(self, what: str) -> str:
        tok = self.peek()
        if tok is None:
            raise self.fail("ends_early", what=what)
        if not self.is_location(tok):
            raise self.fail("unknown_province", token=tok)
        return self.take()

    def unit(self, what: str, *, need_unit: bool = True) -> UnitRef:
        kind: UnitKind | None = None
        word = self.keyword()
        if word in ("A", "F"):
            self.take()
            kind = UnitKind(word)
        location = self.location(what)
        if kind is None:
            kind = self._kind_at(location, need_unit)
        return UnitRef(kind, location)

    def _kind_at(self, location: str, need_unit: bool) -> UnitKind:
        self.used_units = True
        if self.position is None and not need_unit:
            raise self.fail("build_needs_kind", province=location)
        if self.position is None:
            raise self.fail("unit_needs_kind", province=location)
        unit = self.position.unit_in(location)
        if unit is None and self.position.phase.kind is PhaseKind.RETREATS:
            for d in self.position.dislodged:
                if d.unit.province == province_of(location):
                    unit = d.unit
        if unit is None:
            if need_unit:
                raise self.fail("no_unit", province=location)
            raise self.fail("build_needs_kind", province=location)
        return unit.kind

    def at_end(self) -> bool:
        tok = self.peek()
        return tok is None

    def expect_end(self) -> None:
        if not self.at_end():
            rest = " ".join(self.tokens[self.i :])
            raise self.fail("trailing", rest=rest)


def parse_order(
    text: str,
    game_map: GameMap,
    *,
    position: Position | None = None,
    power: str | None = None,
) -> Order:
    """Read one order in ordinary notation.

    ``position`` lets a unit be named without its kind (``lon - nth``), makes
    ``A bur - gas`` a retreat in a retreat phase, and reports "no unit at ..."
    for an order to an empty province.

    >>> from adjudicator.maps import load_map
    >>> str(parse_order("Fleet North Sea -> Picardy", load_map("standard")))
    'F nth - pic'

    Raises:
        ParseError: if the text is not an order that can be read.
    """
    if not isinstance(text, str):
        raise ParseError(problem_words("not_text", {}, None), repr(text), "not_text")
    names = _names_of(game_map)
    key = (text, None if position is None else position.phase.kind)
    kept = names.readings.get(key)
    if kept is None:
        kept = _canonical(text, game_map.locations, key[1])
        if kept is not None:
            if len(names.readings) >= _TOKENS_KEPT:
                names.readings.clear()
            names.readings[key] = kept
    if kept is not None:
        order, body = kept
    else:
        order, body, anywhere = _read(text, game_map, position, power)
        if anywhere:
            if len(names.readings) >= _TOKENS_KEPT:
                names.readings.clear()
            names.readings[key] = (order, body)
    if position is not None:
        _check_unit_exists(order, position, game_map, body)
    return order


_UNIT_KINDS = {"A": UnitKind.ARMY, "F": UnitKind.FLEET}


def _canonical(
    text: str, locations: frozenset[str] | set[str], kind: PhaseKind | None
) -> tuple[Order, str] | None:
    """The order ``text`` is when written exactly in canonical notation (``str(order)``,
    as programs and the site's own pages send it), with the text less "via convoy"; None
    for anything else, which the full reader reads. No regex and no name look-up: split
    on spaces, and ids checked against the map's locations."""
    t = text.split(" ")
    n = len(t)
    if n < 3:
        if n == 1 and text == "WAIVE":
            return Waive(), text
        if n == 2 and t[0] == "nominate" and t[1] in locations:
            return Nominate(province_of(t[1])), text
        return None
    unit_kind = _UNIT_KINDS.get(t[0])
    if unit_kind is None or t[1] not in locations:
        return None
    unit = UnitRef(unit_kind, t[1])
    word = t[2]
    if n == 3:
        if word == "H":
            return Hold(unit), text
        if word == "B":
            return Build(unit), text
        if word == "D":
            return Disband(unit), text
        return None
    if word == "-" and t[3] in locations:
        if n == 4:
            if kind is PhaseKind.RETREATS:
                return Retreat(unit, t[3]), text
            return Move(unit, t[3]), text
        if n == 6 and t[4] == "via" and t[5] == "convoy" and kind is not PhaseKind.RETREATS:
            return Move(unit, t[3], True), text[: -len(" via convoy")]
        return None
    if word == "R" and n == 4 and t[3] in locations:
        return Retreat(unit, t[3]), text
    if n in (5, 7) and t[4] in locations and t[3] in _UNIT_KINDS:
        other = UnitRef(_UNIT_KINDS[t[3]], t[4])
        if word == "S":
            if n == 5:
                return Support(unit, other, None), text
            if t[5] == "-" and t[6] in locations:
                return Support(unit, other, t[6]), text
        elif word == "C" and n == 7 and t[3] == "A" and t[5] == "-" and t[6] in locations:
            return Convoy(unit, other, t[6]), text
    return None


def _read(
    text: str, game_map: GameMap, position: Position | None, power: str | None
) -> tuple[Order, str, bool]:
    """The order ``text`` reads as, the text the reader read, and whether the reading
    holds in any position of the phase's kind (it did not look at the units)."""
    body = text.strip()
    if not body:
        raise ParseError(problem_words("empty", {}, None), text, "empty")
    via = False
    lowered = body.lower()
    match = _VIA.search(lowered)
    if match is not None:
        via = True
        body = body[: match.start()]
    reader = _Reader(body, game_map, position, power)
    if not reader.tokens:
        raise reader.fail("empty")
    order = _parse(reader)
    if via and not isinstance(order, Move):
        raise reader.fail("via_only_moves")
    if via and isinstance(order, Move):
        order = Move(order.unit, order.dest, True)
    return order, body, not reader.used_units


def _parse(r: _Reader) -> Order:
    first = r.keyword()
    if first == "N" or (
        first is None
        and len(r.tokens) == 1
        and r.position is not None
        and r.position.phase.kind is PhaseKind.NOMINATION
    ):
        # "nominate lon", or in a nomination phase just "lon".
        if first == "N":
            r.take()
        center = province_of(r.location("center"))
        r.expect_end()
        return Nominate(center)
    if first == "WAIVE":
        r.take()
        r.expect_end()
        return Waive()
    if first in ("B", "D"):
        # "Build A lon", "Remove A lon", "Disband F nth".
        r.take()
        unit = r.unit("unit", need_unit=first == "D")
        r.expect_end()
        return Build(unit) if first == "B" else Disband(unit)
    if first == "R":
        r.take()
    placing = _in_placement(r)
    unit = r.unit("unit", need_unit=not (placing or _is_build(r)))
    word = r.keyword()
    if word is None and r.at_end():
        # "A vie" places a unit when the game is being set up, and holds otherwise.
        return Build(unit) if placing else Hold(unit)
    if word is None:
        # "A bur gas" is not a thing anyone means; say what is wrong.
        raise r.fail("expected_order_word", unit=str(unit))
    r.take()
    if word == "H":
        r.expect_end()
        return Hold(unit)
    if word in ("-", "R"):
        if r.keyword() == "-":
            r.take()  # "retreats to", "moves to"
        dest = r.location("destination")
        r.expect_end()
        if word == "R" or _in_retreats(r):
            return Retreat(unit, dest)
        return Move(unit, dest)
    if word == "S":
        supported = r.unit("supported_unit")
        if r.at_end():
            return Support(unit, supported, None)
        nxt = r.keyword()
        if nxt == "H":
            r.take()
            r.expect_end()
            return Support(unit, supported, None)
        if nxt != "-":
            raise r.fail("support_shape")
        r.take()
        dest = r.location("supported_destination")
        r.expect_end()
        return Support(unit, supported, dest)
    if word == "C":
        army = r.unit("convoyed_army")
        if r.keyword() != "-":
            raise r.fail("convoy_shape")
        r.take()
        dest = r.location("convoy_destination")
        r.expect_end()
        return Convoy(unit, UnitRef(UnitKind.ARMY, army.location), dest)
    if word == "B":
        r.expect_end()
        return Build(unit)
    if word == "D":
        r.expect_end()
        return Disband(unit)
    raise r.fail("unknown_order_word", unit=str(unit))


def _is_build(r: _Reader) -> bool:
    """Does the order end in B (``lon B`` names no unit that is on the board yet)?"""
    return bool(r.tokens) and _WORDS.get(r.tokens[-1]) == "B"


def _in_placement(r: _Reader) -> bool:
    """Is this a phase whose orders put units on the board (placement, a draft pick)?"""
    return r.position is not None and r.position.phase.kind in (
        PhaseKind.PLACEMENT,
        PhaseKind.DRAFT,
    )


def _in_retreats(r: _Reader) -> bool:
    return r.position is not None and r.position.phase.kind is PhaseKind.RETREATS


def _check_unit_exists(order: Order, position: Position, game_map: GameMap, text: str) -> None:
    if isinstance(order, (Waive, Build, Nominate)) or is_variant_order(order):
        return
    location = order.unit.location  # type: ignore[union-attr]  # (see order_slot)
    if position.phase.kind is PhaseKind.RETREATS and isinstance(order, (Retreat, Disband)):
        if not any(d.unit.province == province_of(location) for d in position.dislodged):
            raise _problem("no_dislodged_unit", text, game_map, province=location)
        return
    if position.unit_in(location) is None:
        raise _problem("no_unit", text, game_map, province=location)


def _problem(code: str, text: str, game_map: GameMap, **params: str) -> ParseError:
    return ParseError(problem_words(code, params, game_map), text, code, params)
