"""The JSON form of positions and results (``spec/adjudicator-cli.md``), stdlib only.

:func:`position_from_json` reads a position (and its orders) and raises
:class:`PositionError` with a path such as ``units.england[2]`` for anything
it cannot read; :func:`resolution_to_json` writes the answer, with every list
sorted so that equal inputs give byte-identical output.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from adjudicator.board import (
    DislodgedUnit,
    FrozenMap,
    Phase,
    PhaseKind,
    Position,
    Unit,
    UnitKind,
    freeze,
    province_of,
    sort_units,
    thaw,
)
from adjudicator.errors import AdjudicatorError, PositionError
from adjudicator.game import Resolution, resolve
from adjudicator.kept import KeptPer
from adjudicator.maps import GameMap, Terrain
from adjudicator.variants import Variant, find_variant
from adjudicator.wording import explain

_UNIT_RE = re.compile(r"^\s*([AaFf])\s+([A-Za-z.]+(?:/[A-Za-z]+)?)\s*$")

Json = dict[str, Any]

#: Objects and lists nested deeper than this are refused. A position needs five levels
#: (``options.fixed_setup.units.red[0]``); the limit keeps reading, freezing and writing
#: back a variant's ``options`` and ``extras`` far from Python's recursion limit.
MAX_DEPTH = 32
#: Whole numbers longer than this are refused: no rule counts that far (a seed is below
#: 2**63, 19 digits), and it keeps every number far from Python's limit on converting
#: integers to and from text (4,300 digits), also after a variant adds one to it.
MAX_DIGITS = 100
_MAX_BITS = math.ceil(MAX_DIGITS * math.log2(10))
#: A UTF-16 surrogate on its own: a JSON ``\ud800`` escape reads into one, and it is no
#: character at all, so no output can be written with it in.
_SURROGATE = re.compile("[\ud800-\udfff]")


@dataclass(frozen=True, slots=True)
class RefusedNumber:
    """A number in JSON text that :func:`load_json` did not turn into a Python value (too
    long a whole number, a NaN or an infinity), kept in its place so that reading the
    position refuses it with its path."""

    message: str


def _whole_number(text: str) -> int | RefusedNumber:
    digits = len(text) - text.startswith("-")
    if digits > MAX_DIGITS:
        # Never converted: int() itself refuses more than 4,300 digits with a ValueError.
        return RefusedNumber(f"a number of {digits} digits is too long (at most {MAX_DIGITS})")
    return int(text)


def _float(text: str) -> float | RefusedNumber:
    value = float(text)  # no digit limit: too long a number only rounds to an infinity
    if math.isfinite(value):
        return value
    shown = text if len(text) <= 30 else f"{text[:12]}...{text[-12:]}"
    return RefusedNumber(f"{shown} is not a finite number")


def _constant(text: str) -> RefusedNumber:
    # NaN, Infinity and -Infinity: Python's json reads them, but they are not JSON, and
    # echoed back in the extras they would make the output unreadable.
    return RefusedNumber(f"{text} is not a finite number")


def load_json(text: str | bytes) -> Any:
    """Read the command line's input: JSON text (UTF-8, UTF-16 or UTF-32 when bytes).

    Numbers that cannot be taken as they are (a whole number of more than
    :data:`MAX_DIGITS` digits, NaN, an infinity) are read as :class:`RefusedNumber`, which
    :func:`position_from_json` refuses with its path.

    Raises:
        PositionError: for text that is not JSON, or is nested too deeply to be read
            at all (path "": where is not known).
    """
    try:
        return json.loads(
            text, parse_int=_whole_number, parse_float=_float, parse_constant=_constant
        )
    except RecursionError:
        # The reader recurses once per level: 100,000 "[" exhaust the stack before it even
        # finds out whether they are closed.
        raise PositionError(
            f"the input is nested too deeply to read (at most {MAX_DEPTH} levels)", ""
        ) from None
    except json.JSONDecodeError as e:
        raise PositionError(f"the input is not JSON: {e}", "") from None
    except UnicodeDecodeError as e:
        raise PositionError(f"the input is not JSON: {e}", "") from None


def _printable(path: str) -> str:
    """A path as text any output can carry: a lone surrogate in a key becomes ``\\ud800``."""
    return path.encode("utf-8", "backslashreplace").decode("utf-8")


#: Where a value is, as the keys and indexes leading to it, innermost last: (outer, key).
#: The path is written out only for an error, not for every value checked.
_Trail = tuple[Any, str | int] | None


def _path(base: str, trail: _Trail) -> str:
    steps: list[str | int] = []
    while trail is not None:
        trail, step = trail
        steps.append(step)
    path = base
    for step in reversed(steps):
        if isinstance(step, int):
            path += f"[{step}]"
        else:
            path = f"{path}.{step}" if path else str(step)
    return _printable(path)


def _all_text(values: list[Any]) -> bool:
    # A loop, not all() over a generator: this runs for every list of every position.
    for value in values:  # noqa: SIM110
        if type(value) is not str:
            return False
    return True


def _has_surrogate(text: str) -> bool:
    return not text.isascii() and _SURROGATE.search(text) is not None


_NOT_UNICODE = "{} holds a lone surrogate (half of a UTF-16 pair): it is not Unicode"


def _leaf_problem(value: Any) -> str | None:
    """Why a value that is no object or list cannot be taken, or None."""
    if isinstance(value, str):
        return _NOT_UNICODE.format("the text") if _has_surrogate(value) else None
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, int):
        if value.bit_length() > _MAX_BITS:
            # Not str(value): that is what fails beyond 4,300 digits.
            digits = int(value.bit_length() * math.log10(2))
            return f"a number of about {digits} digits is too long (at most {MAX_DIGITS})"
        return None
    if isinstance(value, float):
        return None if math.isfinite(value) else f"{value!r} is not a finite number"
    if isinstance(value, RefusedNumber):
        return value.message
    return None  # anything else is for the reading itself to refuse


def check_json(value: Any, path: str = "") -> None:
    """Check that a JSON-like value can be read and written back: nested at most
    :data:`MAX_DEPTH` levels, whole numbers of at most :data:`MAX_DIGITS` digits, finite
    numbers, and text that is Unicode (no lone surrogate), in keys as in values. Walks
    the value without recursion, so that no depth breaks the check itself; ``path`` is
    where the value is (a prefix of every path reported).

    Raises:
        PositionError: for the first value found that breaks one, with its path
            (``orders.france[0]``).
    """
    stack: list[tuple[Any, _Trail, int]] = [(value, None, 1)]
    while stack:
        item, trail, depth = stack.pop()
        if isinstance(item, (Mapping, list, tuple)):
            if depth > MAX_DEPTH:
                raise PositionError(
                    f"the input is nested more than {MAX_DEPTH} levels deep", _path(path, trail)
                )
            steps: Any = item.items() if isinstance(item, Mapping) else enumerate(item)
            for step, child in steps:
                if isinstance(step, str) and _has_surrogate(step):
                    raise PositionError(_NOT_UNICODE.format("the name"), _path(path, (trail, step)))
                if type(child) is str:  # most values: checked here, not stacked
                    if _has_surrogate(child):
                        raise PositionError(
                            _NOT_UNICODE.format("the text"), _path(path, (trail, step))
                        )
                elif type(child) is list and depth < MAX_DEPTH and _all_text(child):
                    # A list of texts (units, orders, centers): checked here, not stacked.
                    if "".join(child).isascii():
                        continue
                    for n, text in enumerate(child):
                        if _has_surrogate(text):
                            raise PositionError(
                                _NOT_UNICODE.format("the text"), _path(path, ((trail, step), n))
                            )
                else:
                    stack.append((child, (trail, step), depth + 1))
        else:
            problem = _leaf_problem(item)
            if problem is not None:
                raise PositionError(problem, _path(path, trail))


def _expect_mapping(value: Any, path: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise PositionError(f"{path} must be an object", path)
    return value


def _expect_list(value: Any, path: str) -> list[Any]:
    if not isinstance(value, list):
        raise PositionError(f"{path} must be a list", path)
    return value


def _power(variant: Variant, power: Any, path: str) -> str:
    if type(power) is str and power in _powers_of(variant):
        return power  # the usual case: an id, as written
    if not isinstance(power, str) or power.lower() not in variant.powers:
        known = ", ".join(variant.powers)
        raise PositionError(f"unknown power {power!r} (known: {known})", path)
    return power.lower()


#: The powers whose units may stand on a board: the variant's, its creatures', and the
#: other seats' that may hold units (Rather Silly's Fortune-teller).
_powers_of: KeptPer[Variant, frozenset[str]] = KeptPer(
    lambda v: frozenset(v.powers) | frozenset(v.creatures) | frozenset(v.other_order_givers)
)


def read_unit(text: Any, power: str, game_map: GameMap, path: str) -> Unit:
    """Read ``"F stp/sc"`` as a unit of ``power``, checking it can stand there.

    Raises:
        PositionError: for a malformed unit, an unknown province, or a unit
            that cannot stand where it is said to be.
    """
    if not isinstance(text, str):
        raise PositionError(f'a unit must be a string like "A lon", not {text!r}', path)
    reading = _unit_readings(game_map).get(text) or _unit_reading(text, game_map)
    if isinstance(reading, str):
        raise PositionError(reading, path)
    return Unit(power, *reading)


#: Per map, the units read before, by their text: (kind, location), or why not. The same
#: few hundred texts ("A par", "F stp/sc") come again in every position of a batch.
_unit_readings: KeptPer[GameMap, dict[str, tuple[UnitKind, str] | str]] = KeptPer(lambda _map: {})
#: Texts kept per map before all are forgotten (a batch of made-up texts stays bounded).
_UNITS_KEPT = 1 << 14
#: Per map, the units made before, by power and text: a unit is an immutable value, so
#: one made for "A par" of France serves every position that has it.
_units_made: KeptPer[GameMap, dict[tuple[str, str], Unit]] = KeptPer(lambda _map: {})


def _unit_reading(text: str, game_map: GameMap) -> tuple[UnitKind, str] | str:
    """(kind, location) of a unit's text, or why it is no unit that can stand there; kept."""
    reading = _read_unit_text(text, game_map)
    readings = _unit_readings(game_map)
    if len(readings) >= _UNITS_KEPT:
        readings.clear()
    readings[text] = reading
    return reading


def _read_unit_text(text: str, game_map: GameMap) -> tuple[UnitKind, str] | str:
    match = _UNIT_RE.match(text)
    if match is None:
        return f'malformed unit {text!r}: write it like "A lon" or "F stp/sc"'
    kind = UnitKind(match[1].upper())
    found = game_map.lookup(match[2])  # ids, and aliases such as "mid" for "mao"
    if found is None:
        return f"unknown province {match[2]!r}"
    location = found
    province = game_map.provinces[province_of(location)]
    if province.terrain is Terrain.IMPASSABLE:
        return f"{province.name} is impassable"
    if kind is UnitKind.ARMY:
        if province.terrain is Terrain.SEA:
            return f"an army cannot stand in {province.name}"
        location = province.id
    else:
        if province.terrain is Terrain.LAND:
            return f"a fleet cannot stand in {province.name}"
        if province.coasts and "/" not in location:
            return (
                f"a fleet in {province.name} must say its coast "
                f"({', '.join(game_map.coasts_of(province.id))})"
            )
    return kind, location


def _location(game_map: GameMap, value: Any, path: str) -> str:
    found = game_map.lookup(value) if isinstance(value, str) else None
    if found is None:
        raise PositionError(f"unknown province {value!r}", path)
    return found


def _province(game_map: GameMap, value: Any, path: str) -> str:
    return province_of(_location(game_map, value, path))


def position_from_json(data: Any) -> tuple[Position, dict[str, list[str]]]:
    """Read a position and its orders from the CLI's input object.

    Raises:
        PositionError: if any part cannot be read; ``path`` says where.
    """
    # First, anywhere in the input, what no reading below could survive or write back.
    check_json(data)
    data = _expect_mapping(data, "")
    variant_name = data.get("variant", "standard")
    try:
        variant = find_variant(variant_name)
    except AdjudicatorError as e:
        raise PositionError(str(e), "variant") from None
    game_map = variant.map
    if "phase" not in data:
        raise PositionError('the position has no phase (such as "S1901M")', "phase")
    phase = Phase.parse(data["phase"])
    if not variant.knows_phase(phase):
        raise PositionError(f"{phase} is not a phase of {variant.name}", "phase")

    units: list[Unit] = []
    seen: dict[str, tuple[str, int]] = {}
    known = _unit_readings(game_map)
    made = _units_made(game_map)
    for power_key, texts in _expect_mapping(data.get("units", {}), "units").items():
        power = _power(variant, power_key, f"units.{power_key}")
        for n, text in enumerate(_expect_list(texts, f"units.{power_key}")):
            # A unit read before is taken as it was; a path is written only for an error.
            unit = made.get((power, text)) if type(text) is str else None
            if unit is None:
                reading = known.get(text) if type(text) is str else None
                if reading is None or type(reading) is str:
                    unit = read_unit(text, power, game_map, f"units.{power_key}[{n}]")
                else:
                    unit = Unit(power, *reading)
                if len(made) < _UNITS_KEPT:
                    made[(power, text)] = unit
            if unit.province in seen:
                first = "units.{}[{}]".format(*seen[unit.province])
                raise PositionError(
                    f"two units in {unit.province} ({first})", f"units.{power_key}[{n}]"
                )
            seen[unit.province] = (power_key, n)
            units.append(unit)

    dislodged: list[DislodgedUnit] = []
    taken: set[str] = set()  # one dislodged unit per province, whoever owns it
    raw_dislodged = data.get("dislodged") or {}
    if raw_dislodged and phase.kind is not PhaseKind.RETREATS:
        raise PositionError("dislodged units belong only to a retreat phase", "dislodged")
    for power_key, entries in _expect_mapping(raw_dislodged, "dislodged").items():
        power = _power(variant, power_key, f"dislodged.{power_key}")
        for n, entry in enumerate(_expect_list(entries, f"dislodged.{power_key}")):
            path = f"dislodged.{power_key}[{n}]"
            entry = _expect_mapping(entry, path)
            unit = read_unit(entry.get("unit"), power, game_map, f"{path}.unit")
            attacker = entry.get("attacker_from")
            if attacker is not None:
                attacker = _province(game_map, attacker, f"{path}.attacker_from")
            # Where the resolver said it may go, as the output gives it: read back, so that
            # a position is read as it was written (a variant's own retreats read them).
            retreats = tuple(
                _location(game_map, r, f"{path}.retreats[{k}]")
                for k, r in enumerate(_expect_list(entry.get("retreats") or [], f"{path}.retreats"))
            )
            if unit.province in taken:
                raise PositionError(f"two dislodged units in {unit.province}", path)
            taken.add(unit.province)
            dislodged.append(DislodgedUnit(unit, attacker, retreats))

    standoffs = [
        _province(game_map, s, f"standoffs[{n}]")
        for n, s in enumerate(_expect_list(data.get("standoffs") or [], "standoffs"))
    ]

    if data.get("centers") is None:
        ownership = variant.starting_ownership()
    else:
        ownership = {}
        centers = game_map.supply_centers
        for power_key, owned in _expect_mapping(data["centers"], "centers").items():
            power = _power(variant, power_key, f"centers.{power_key}")
            for n, c in enumerate(_expect_list(owned, f"centers.{power_key}")):
                if type(c) is str and c in centers and c not in ownership:  # an id: usually
                    ownership[c] = power
                    continue
                path = f"centers.{power_key}[{n}]"
                center = _province(game_map, c, path)
                if center not in centers:
                    raise PositionError(f"{center} is not a supply center", path)
                if center in ownership and ownership[center] != power:
                    raise PositionError(f"{center} is owned twice", path)
                ownership[center] = power

    orders: dict[str, list[str]] = {}
    for power_key, texts in _expect_mapping(data.get("orders") or {}, "orders").items():
        if isinstance(power_key, str) and power_key in variant.other_order_givers:
            power = power_key  # an investor's exchange orders, say
        else:
            power = _power(variant, power_key, f"orders.{power_key}")
        texts = _expect_list(texts, f"orders.{power_key}")
        if not _all_text(texts):
            n = next(n for n, text in enumerate(texts) if not isinstance(text, str))
            raise PositionError("an order must be a string", f"orders.{power_key}[{n}]")
        orders.setdefault(power, []).extend(texts)

    options = variant.check_options(_expect_mapping(data.get("options") or {}, "options"))
    raw_extras = _expect_mapping(data.get("extras") or {}, "extras")
    # The variant's own state, checked against the shape it declares before any of its
    # rules reads it: a bad value is refused here with its path, never met by a rule.
    variant.check_extras(raw_extras, options)
    extras = freeze(raw_extras)
    position = Position(
        variant=variant.id,
        phase=phase,
        units=sort_units(units),
        ownership=FrozenMap(ownership),
        dislodged=tuple(dislodged),
        standoffs=frozenset(standoffs),
        options=options,
        extras=extras,
    )
    return position, orders


def position_to_json(position: Position) -> Json:
    """A position as the CLI's input object, without orders."""
    units: dict[str, list[str]] = {}
    for u in position.units:
        texts = units.get(u.power)
        if texts is None:
            units[u.power] = [u.text]
        else:
            texts.append(u.text)
    dislodged: dict[str, list[Json]] = {}
    for d in sorted(position.dislodged, key=lambda d: (d.unit.power, d.unit.location)):
        dislodged.setdefault(d.unit.power, []).append(
            {"unit": str(d.unit), "attacker_from": d.attacker_from, "retreats": list(d.retreats)}
        )
    centers: dict[str, list[str]] = {}
    for center, owner in position.ownership.items():
        owned = centers.get(owner)
        if owned is None:
            centers[owner] = [center]
        else:
            owned.append(center)
    out: Json = {
        "variant": position.variant,
        "phase": str(position.phase),
        "units": {p: sorted(units[p]) for p in sorted(units)},
        "dislodged": {p: dislodged[p] for p in sorted(dislodged)},
        "standoffs": sorted(position.standoffs),
        "centers": {p: sorted(centers[p]) for p in sorted(centers)},
    }
    # A variant's rule choices and state travel with the position, so that the output of
    # one phase is the input of the next; the standard game has neither.
    if position.options:
        out["options"] = thaw(position.options)
    if position.extras:
        out["extras"] = thaw(position.extras)
    return out


def resolution_to_json(before: Position, resolution: Resolution) -> Json:
    """The CLI's output object for one resolved phase."""
    after = resolution.position
    variant = find_variant(after.variant)
    game_map = variant.map
    board = position_to_json(after)
    results: list[Json] = []
    append = results.append
    for r in resolution.results:
        # An outcome is a StrEnum: its text without the enum's slow value look-up.
        entry: Json = {"power": r.power, "order": str(r.order), "result": str.__str__(r.outcome)}
        reason = r.reason
        if reason is not None:
            entry["reason"] = explain(r, game_map)
            entry["reason_code"] = str.__str__(reason)
            if r.params:
                # The reason's parameters as ids ("dest": "spa/nc"), for programs that say
                # it in words of their own.
                entry["params"] = r.params.to_dict()
        append(entry)
    return {
        "variant": after.variant,
        "phase": str(before.phase),
        "results": results,
        "units": board["units"],
        "dislodged": board["dislodged"],
        "standoffs": board["standoffs"],
        "centers": board["centers"],
        **{key: board[key] for key in ("options", "extras") if key in board},
        "next_phase": str(after.phase),
        "winner": variant.winner(after),
    }


def resolve_json(data: Any) -> Json:
    """Resolve one CLI input object and return the output object.

    Besides the contract's fields the input may carry ``"seed"``, the whole number
    every random event of the phase is drawn from (a missed draft pick, a nomination
    completed at random); it is 0 when left out.

    Raises:
        PositionError: if the position cannot be read.
    """
    position, orders = position_from_json(data)
    seed = data.get("seed", 0)
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**63:
        raise PositionError("seed must be a whole number from 0 to 2**63 - 1", "seed")
    return resolution_to_json(position, resolve(position, orders, seed=seed))
