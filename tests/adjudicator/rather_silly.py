"""Rather Silly's boards for the tests: a position set up from a few units (the Borg far off
in Syria, no llamas yet, unless a scenario says otherwise), a role game's with the Doctor's
TARDIS and the hyperspace link, and the reasons the adjudicator gave. Shared by the
adjudicator's Rather Silly scenarios and the bots' (tests/bots/test_rather_silly_units.py)."""

from __future__ import annotations

from typing import Any

from adjudicator import Position
from adjudicator.io import position_from_json
from adjudicator.variants import find_variant
from adjudicator.variants.rather_silly import RatherSilly


def rs() -> RatherSilly:
    variant = find_variant("rather_silly")
    assert isinstance(variant, RatherSilly)
    return variant


def board(
    units: dict[str, list[str]],
    *,
    phase: str = "S1902M",
    extras: dict[str, Any] | None = None,
    centers: dict[str, list[str]] | None = None,
    dislodged: dict[str, list[Any]] | None = None,
    options: dict[str, Any] | None = None,
) -> Position:
    """``units`` by power in ``phase``; the centers, the dislodged units and the game's
    options as the variant's defaults have them unless given."""
    data: dict[str, Any] = {
        "variant": "rather_silly",
        "phase": phase,
        "units": units,
        # The Borg waits far off in Syria unless a scenario puts it elsewhere.
        "extras": {"llamas": {}, "borg": "syr", **(extras or {})},
    }
    if centers is not None:
        data["centers"] = centers
    if dislodged is not None:
        data["dislodged"] = dislodged
    if options is not None:
        data["options"] = options
    position, _orders = position_from_json(data)
    return position


def role_board(
    units: dict[str, list[str]],
    *,
    tardis: str | bool | None = False,
    points: int = 0,
    phase: str = "S1902M",
    extras: dict[str, Any] | None = None,
    centers: dict[str, list[str]] | None = None,
    link: tuple[str, str] | None = None,
) -> Position:
    """A role game's board; ``tardis`` False: it has not come yet; None: in hyperspace."""
    kept: dict[str, Any] = dict(extras or {})
    if tardis is not False:
        kept["tardis"] = {"province": tardis, "points": points}
    if link is not None:
        kept["hyperspace"] = {"now": {"season": phase[:5], "link": list(link)}}
    return board(units, phase=phase, extras=kept, centers=centers, options={"roles": True})


def reasons(results: Any, power: str | None = None) -> list[str]:
    return [
        r.reason.value
        for r in results
        if r.reason is not None and (power is None or r.power == power)
    ]


def result(results: Any, code: str) -> Any:
    found = [r for r in results if r.reason is not None and r.reason.value == code]
    assert found, f"no {code} among {[str(r) for r in results]}"
    return found[0]
