"""The JSON form of positions and results (``spec/adjudicator-cli.md``), stdlib only.

:func:`position_from_json` reads a position (and its orders) and raises
:class:`PositionError` with a path such as ``units.england[2]`` for anything
it cannot read; :func:`resolution_to_json` writes the answer, with every list
sorted so that equal inputs give byte-identical output.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
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
from adjudicator.maps import GameMap, Terrain
from adjudicator.variants import Variant, find_variant

_UNIT_RE = re.compile(r"^\s*([AaFf])\s+([A-Za-z.]+(?:/[A-Za-z]+)?)\s*$")

Json = dict[str, Any]


def _expect_mapping(value: Any, path: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise PositionError(f"{path} must be an object", path)
    return value


def _expect_list(value: Any, path: str) -> list[Any]:
    if not isinstance(value, list):
        raise PositionError(f"{path} must be a list", path)
    return value


def _power(variant: Variant, power: Any, path: str) -> str:
    if not isinstance(power, str) or power.lower() not in variant.powers:
        known = ", ".join(variant.powers)
        raise PositionError(f"unknown power {power!r} (known: {known})", path)
    return power.lower()


def read_unit(text: Any, power: str, game_map: GameMap, path: str) -> Unit:
    """Read ``"F stp/sc"`` as a unit of ``power``, checking it can stand there.

    Raises:
        PositionError: for a malformed unit, an unknown province, or a unit
            that cannot stand where it is said to be.
    """
    if not isinstance(text, str):
        raise PositionError(f'a unit must be a string like "A lon", not {text!r}', path)
    match = _UNIT_RE.match(text)
    if match is None:
        raise PositionError(f'malformed unit {text!r}: write it like "A lon" or "F stp/sc"', path)
    kind = UnitKind(match[1].upper())
    found = game_map.lookup(match[2])  # ids, and aliases such as "mid" for "mao"
    if found is None:
        raise PositionError(f"unknown province {match[2]!r}", path)
    location = found
    province = game_map.provinces[province_of(location)]
    if province.terrain is Terrain.IMPASSABLE:
        raise PositionError(f"{province.name} is impassable", path)
    if kind is UnitKind.ARMY:
        if province.terrain is Terrain.SEA:
            raise PositionError(f"an army cannot stand in {province.name}", path)
        location = province.id
    else:
        if province.terrain is Terrain.LAND:
            raise PositionError(f"a fleet cannot stand in {province.name}", path)
        if province.coasts and "/" not in location:
            raise PositionError(
                f"a fleet in {province.name} must say its coast "
                f"({', '.join(game_map.coasts_of(province.id))})",
                path,
            )
    return Unit(power, kind, location)


def _province(game_map: GameMap, value: Any, path: str) -> str:
    found = game_map.lookup(value) if isinstance(value, str) else None
    if found is None:
        raise PositionError(f"unknown province {value!r}", path)
    return province_of(found)


def position_from_json(data: Any) -> tuple[Position, dict[str, list[str]]]:
    """Read a position and its orders from the CLI's input object.

    Raises:
        PositionError: if any part cannot be read; ``path`` says where.
    """
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
    seen: dict[str, str] = {}
    for power_key, texts in _expect_mapping(data.get("units", {}), "units").items():
        power = _power(variant, power_key, f"units.{power_key}")
        for n, text in enumerate(_expect_list(texts, f"units.{power_key}")):
            path = f"units.{power_key}[{n}]"
            unit = read_unit(text, power, game_map, path)
            if unit.province in seen:
                raise PositionError(f"two units in {unit.province} ({seen[unit.province]})", path)
            seen[unit.province] = path
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
            if unit.province in taken:
                raise PositionError(f"two dislodged units in {unit.province}", path)
            taken.add(unit.province)
            dislodged.append(DislodgedUnit(unit, attacker))

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
                path = f"centers.{power_key}[{n}]"
                center = _province(game_map, c, path)
                if center not in centers:
                    raise PositionError(f"{center} is not a supply center", path)
                if center in ownership and ownership[center] != power:
                    raise PositionError(f"{center} is owned twice", path)
                ownership[center] = power

    orders: dict[str, list[str]] = {}
    for power_key, texts in _expect_mapping(data.get("orders") or {}, "orders").items():
        power = _power(variant, power_key, f"orders.{power_key}")
        for n, text in enumerate(_expect_list(texts, f"orders.{power_key}")):
            if not isinstance(text, str):
                raise PositionError("an order must be a string", f"orders.{power_key}[{n}]")
        orders.setdefault(power, []).extend(texts)

    options = variant.check_options(_expect_mapping(data.get("options") or {}, "options"))
    extras = freeze(_expect_mapping(data.get("extras") or {}, "extras"))
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
        units.setdefault(u.power, []).append(str(u))
    dislodged: dict[str, list[Json]] = {}
    for d in sorted(position.dislodged, key=lambda d: (d.unit.power, d.unit.location)):
        dislodged.setdefault(d.unit.power, []).append(
            {"unit": str(d.unit), "attacker_from": d.attacker_from, "retreats": list(d.retreats)}
        )
    centers: dict[str, list[str]] = {}
    for center, owner in position.ownership.items():
        centers.setdefault(owner, []).append(center)
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
    board = position_to_json(after)
    results = []
    for r in resolution.results:
        entry: Json = {"power": r.power, "order": str(r.order), "result": r.outcome.value}
        if r.reason is not None:
            entry["reason"] = r.explanation
            entry["reason_code"] = r.reason.value
        results.append(entry)
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
