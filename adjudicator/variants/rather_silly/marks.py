"""The small helpers Rather Silly's steps share (:mod:`.rules`, :mod:`.fool`,
:mod:`.fortune_teller`, :mod:`.superbrain`, :mod:`.devils`, :mod:`.specials`).

Marks kept on units in the position's extras, each keyed by the unit's power and location
(:func:`unit_key`): ``"devils"``, the devil units with the seasons of double strength they
have left (:mod:`.devils`); ``"kinds"``, the marked units (an Amazon or a dirtbag army,
:mod:`.specials`; a Superbrain's extra unit, :mod:`.superbrain`; a fifth fleet,
:mod:`.fifth_fleet`). A mark follows its unit's move or retreat, and goes when the unit
does. Besides them: a season's code, reading a province or an order quietly, a unit's text.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from adjudicator.board import Phase, Position, Season, Unit
from adjudicator.errors import ParseError
from adjudicator.maps import GameMap
from adjudicator.orders import Move, Order, Retreat
from adjudicator.results import OrderResult, Outcome
from adjudicator.variants.base import Variant
from adjudicator.wording import problem_words

if TYPE_CHECKING:
    from adjudicator.variants.rather_silly.season import SeasonSoFar

#: The marked units that need no supply center (and sell no soul): the special armies and
#: the Superbrain's extra units.
NO_CENTER_NEEDED = ("amazon", "dirtbag", "extra")

#: House rule (the rules page's "who passes the tunnel"): the units that are not
#: conventional are those the rules set apart as selling no soul ("Die durch
#: Superhirnfragen oder den Einfluss des Wahrsagers entstandenen Einheiten ..., ebenso wie
#: die A®MAZONEN und DRECKSACKARMEEN"), and the monsters: an Amazon, a dirtbag army, an
#: extra unit bought with the Superbrain's shares (marked ``kinds``), and every unit of the
#: Superbrain, the Fortune-teller and the monsters. A devil unit is a conventional unit that
#: sold its soul, an army the birds carried lands as the army it was, and the Doctor's built
#: units are a player's units like any: all conventional.
UNCONVENTIONAL_KINDS = frozenset({"amazon", "dirtbag", "extra"})
UNCONVENTIONAL_POWERS = frozenset({"monster", "superbrain", "fortune_teller"})


def conventional(position: Position, unit: Unit) -> bool:
    """Is ``unit`` a conventional army or fleet (:data:`UNCONVENTIONAL_KINDS`,
    :data:`UNCONVENTIONAL_POWERS`): one that passes the Mont Blanc tunnel (an army) and may
    sell its soul."""
    if unit.power in UNCONVENTIONAL_POWERS:
        return False
    kinds = position.extras.get("kinds") or {}  # read where kept, not copied for one unit
    return kinds.get(unit_key(unit.power, unit.location)) not in UNCONVENTIONAL_KINDS


def season_code(phase: Phase) -> str:
    """A season's code: ``S1901`` for Spring 1901's phases."""
    return f"{phase.season.value}{phase.year}"


def next_season_code(phase: Phase) -> str:
    """The season after ``phase``'s, whose link its votes choose (winter has none)."""
    if phase.season is Season.SPRING:
        return f"F{phase.year}"
    return f"S{phase.year + 1}"


def located(token: str, text: str, game_map: GameMap, *, coast_ok: bool = True) -> str:
    """The location ``token`` names on the map (never a coast, unless ``coast_ok``).

    Raises:
        ParseError: ``unknown_province``, as the core's reader says it.
    """
    location = game_map.lookup(token)
    if location is None or (not coast_ok and "/" in location):
        raise ParseError(
            problem_words("unknown_province", {"token": token}, game_map),
            text,
            "unknown_province",
            {"token": token},
        )
    return location


def unit_text(unit: Unit) -> str:
    """A unit in the core's notation, as results name it: ``A par``, ``F stp/sc`` (made
    once with the unit: an enum's value costs a call to read)."""
    return unit.text


def unit_province(
    variant: Variant, text: Order | str, position: Position, power: str
) -> str | None:
    """The province of the unit an order is for, if it reads as a unit's order."""
    try:
        order = (
            variant.read_order(text, position=position, power=power)
            if isinstance(text, str)
            else text
        )
    except ParseError:
        return None
    unit = getattr(order, "unit", None)
    return unit.province if unit is not None else None


def read_quietly(variant: Variant, raw: Order | str, position: Position, power: str) -> Any:
    """``raw`` read as an order, or None if it cannot be (the core reports it later)."""
    if not isinstance(raw, str):
        return raw
    try:
        return variant.read_order(raw, position=position, power=power)
    except ParseError:
        return None


def unit_key(power: str, location: str) -> str:
    """A devil unit's key: its power and location (``france bur``): a unit dislodged by an
    attacker shares its location until it retreats, never its power."""
    return f"{power} {location}"


def devils_of(position: Position) -> dict[str, int]:
    """The devil units by ``power location``, with the seasons of double strength left."""
    return {str(k): int(v) for k, v in (position.extras.get("devils") or {}).items()}


def with_devils(position: Position, devils: Mapping[str, int]) -> Position:
    """The position keeping ``devils`` (no key at all while there are none)."""
    return with_marks(position, "devils", devils)


def marks_of(position: Position, name: str) -> dict[str, Any]:
    """A mark kept on units by ``power location`` (``"kinds"``: the Amazons and dirtbag
    armies)."""
    return {str(k): v for k, v in (position.extras.get(name) or {}).items()}


def with_marks(position: Position, name: str, marks: Mapping[str, Any]) -> Position:
    """The position keeping ``marks`` under ``name`` (no key at all while there are none)."""
    # Only this mark can differ: compared alone (the steps hand on the position when
    # nothing changed, several times a season), not the whole extras.
    if (position.extras.get(name) == marks) if marks else (name not in position.extras):
        return position
    extras = {k: v for k, v in position.extras.items() if k != name}
    if marks:
        extras[name] = dict(sorted(marks.items()))
    return position.with_changes(extras=extras)


def marks_moved(
    devils: Mapping[str, Any], units: Sequence[Unit], moves: Sequence[OrderResult]
) -> dict[str, Any]:
    """``devils`` (by location as a phase began) where their units are after its moves: a
    successful move takes the entry along; anything else leaves it where it was."""
    out: dict[str, Any] = {}
    for unit, r in zip(units, moves, strict=False):
        key = unit_key(unit.power, unit.location)
        if key not in devils:
            continue
        if isinstance(r.order, Move) and r.outcome is Outcome.OK:
            out[unit_key(unit.power, r.order.dest)] = devils[key]
        else:
            out[key] = devils[key]
    return out


def marks_retreated(
    marks: Mapping[str, Any], position: Position, moves: Sequence[OrderResult]
) -> dict[str, Any]:
    """``marks`` after a retreat phase: a dislodged unit's mark goes where it retreated."""
    out = dict(marks)
    for r in moves:
        if isinstance(r.order, Retreat) and r.outcome is Outcome.OK:
            key = unit_key(r.power, str(r.order.unit.location))
            if key in out:
                out[unit_key(r.power, r.order.dest)] = out.pop(key)
    return out


def kept_present(position: Position) -> Position:
    """The position without the marks of units no longer on the board (eaten, blown up,
    merged, disbanded)."""
    here = {unit_key(u.power, u.location) for u in position.units} | {
        unit_key(d.unit.power, d.unit.location) for d in position.dislodged
    }
    out = position
    for name in ("kinds",):
        marks = marks_of(out, name)
        kept = {k: v for k, v in marks.items() if k in here}
        if kept != marks:
            out = with_marks(out, name, kept)
    return out


def marks_follow_moves(season: SeasonSoFar) -> tuple[Position, list[OrderResult]]:
    """Step 1 for the marked units: the devil units and the special armies follow their
    moves first, so that the steps after find them where they are."""
    position, moves = season.position, season.moves
    after = with_devils(season.after, marks_moved(devils_of(position), position.units, moves))
    kinds = marks_moved(marks_of(position, "kinds"), position.units, moves)
    return with_marks(after, "kinds", kinds), []


def marks_follow_retreats(season: SeasonSoFar) -> tuple[Position, list[OrderResult]]:
    """A retreat phase's marks: a dislodged unit's mark goes where it retreated."""
    kinds = marks_retreated(marks_of(season.position, "kinds"), season.position, season.moves)
    return with_marks(season.after, "kinds", kinds), []


def marks_of_the_gone_dropped(season: SeasonSoFar) -> tuple[Position, list[OrderResult]]:
    """The marks of units no longer on the board dropped (:func:`kept_present`)."""
    return kept_present(season.after), []


def as_share(value: Any) -> Fraction:
    """A share kept in the extras (``"1/3"``, ``"3/2"``), as a fraction.

    Read some twenty times a season (each seat's, by several steps), and reading a fraction
    from text costs: each text's is kept (a fraction never changes).

    Raises:
        ValueError: if ``value`` is no fraction (ZeroDivisionError: one over nothing).
    """
    text = str(value)
    known = _SHARES.get(text)
    if known is None:
        known = Fraction(text)
        if len(_SHARES) >= 4096:
            _SHARES.clear()
        _SHARES[text] = known
    return known


_SHARES: dict[str, Fraction] = {}
