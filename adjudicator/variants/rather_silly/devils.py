"""Rather Silly's devil units (rules: "Teufelseinheiten"), as functions the variant's
hooks call (:class:`~adjudicator.variants.rather_silly.rules.RatherSilly`).

A great power sells the soul of one of its own armies or fleets (``sell A par``, step 4
of a season): wherever the unit ends the season's moves, it has double strength (its
supports too, a house rule) for the next two seasons (step 3 counts them down). A devil
unit eaten by the Borg, blown up by llamas or disbanded in the retreats costs its owner
another unit. Kept in the position's extras as the mark ``"devils"`` (:mod:`.marks`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from adjudicator.board import FrozenMap, PhaseKind, Position, Unit, UnitKind
from adjudicator.errors import ParseError
from adjudicator.maps import GameMap
from adjudicator.orders import Move, Retreat, UnitRef, VariantOrder
from adjudicator.results import OrderResult, Outcome, Reason
from adjudicator.variants.base import Variant
from adjudicator.variants.rather_silly.marks import (
    conventional,
    devils_of,
    located,
    unit_key,
    unit_text,
    with_devils,
)
from adjudicator.wording import declare_problem, problem_words

if TYPE_CHECKING:
    from adjudicator.variants.rather_silly.season import SeasonSoFar

#: The seasons a devil unit keeps its double strength after the sale.
DEVIL_SEASONS = 2

SOUL_SOLD = Reason.declare(
    "soul_sold", "{unit} sold its soul: double strength for the next two seasons"
)
SOUL_NOT_FOR_SALE = Reason.declare(
    "soul_not_for_sale", "only a player's own conventional army or fleet can sell its soul"
)
DEVIL_NORMAL = Reason.declare("devil_normal", "{unit} is itself again: its two seasons are over")
DEVIL_LOST = Reason.declare(
    "devil_lost",
    "{unit} had sold its soul and is gone: {other} is disbanded to keep the soul",
)
declare_problem("sell_shape", "a sale of a soul reads: sell A par")


@dataclass(frozen=True, slots=True)
class SellSoul(VariantOrder):
    """Sell a unit's soul to the devil (step 4, after this season's moves): ``sell A par``
    names the unit where it stands as the season begins; wherever it ends the season, it
    has double strength for the next two."""

    unit: UnitRef
    phase_kinds = frozenset({PhaseKind.MOVEMENT})

    @classmethod
    def read(
        cls, text: str, game_map: GameMap, position: Position | None, power: str | None
    ) -> SellSoul | None:
        words = text.split()
        if not words or words[0].lower() != "sell":
            return None
        if len(words) != 3 or words[1].upper() not in ("A", "F"):
            raise ParseError(problem_words("sell_shape", {}, game_map), text, "sell_shape")
        location = located(words[2], text, game_map)
        return cls(UnitRef(UnitKind(words[1].upper()), location))

    def __str__(self) -> str:
        return f"sell {self.unit}"

    @property
    def where(self) -> str:
        return self.unit.province


def devil_units_normalise(season: SeasonSoFar) -> tuple[Position, list[OrderResult]]:
    """Step 3: each devil unit has spent one of its seasons; after the second it is
    itself again."""
    after = season.after
    devils = devils_of(after)
    if not devils:
        return after, []
    kept: dict[str, int] = {}
    results: list[OrderResult] = []
    units = {unit_key(u.power, u.location): u for u in after.units} | {
        unit_key(d.unit.power, d.unit.location): d.unit for d in after.dislodged
    }
    for key, left in sorted(devils.items()):
        if left - 1 > 0:
            kept[key] = left - 1
        elif key in units:
            unit = units[key]
            results.append(
                OrderResult(
                    unit.power,
                    "devil",
                    Outcome.OK,
                    DEVIL_NORMAL,
                    FrozenMap({"unit": unit_text(unit)}),
                )
            )
    return with_devils(after, kept), results


def souls_sold(season: SeasonSoFar) -> tuple[Position, list[OrderResult]]:
    """Step 4: "ein Spieler [kann] jeder konventionellen Einheit befehlen, ihre Seele an den
    Teufel zu verkaufen": a player sells the soul of one of his own conventional armies or
    fleets (:func:`.marks.conventional`: never a unit of the Superbrain, the Fortune-teller
    or the monsters, an Amazon, a dirtbag army or an extra unit; the Doctor's built units
    may): wherever the unit ended the season's moves, it has double strength for the next
    two seasons."""
    position, after, moves = season.position, season.after, season.moves
    sold = season.given(SellSoul)
    if not sold:
        return after, []
    results: list[OrderResult] = []
    devils = dict(devils_of(after))
    for power, order in sold:
        unit = position.unit_in(order.unit.province)
        if (
            unit is None
            or unit.power != power
            or unit.kind is not order.unit.kind
            or not conventional(position, unit)
        ):
            results.append(OrderResult(power, order, Outcome.VOID, SOUL_NOT_FOR_SALE))
            continue
        now = _ended_at(unit, position, moves)
        devils[unit_key(power, now)] = DEVIL_SEASONS
        results.append(
            OrderResult(
                power,
                order,
                Outcome.OK,
                SOUL_SOLD,
                FrozenMap({"unit": f"{unit.kind.value} {now}"}),
            )
        )
    return with_devils(after, devils), results


def devils_lost(season: SeasonSoFar) -> tuple[Position, list[OrderResult]]:
    """A devil unit eaten by the Borg or blown up by llamas still needs its center: its
    owner disbands another unit at once, the one farthest from home (house rule: the
    civil-disorder count)."""
    variant, position, after = season.variant, season.position, season.after
    devils = dict(devils_of(after))
    if not devils:
        return after, []
    still = {unit_key(u.power, u.location) for u in after.units} | {
        unit_key(d.unit.power, d.unit.location) for d in after.dislodged
    }
    results: list[OrderResult] = []
    units = list(after.units)
    present: dict[str, Unit] | None = None
    for key in sorted(devils):
        if key in still:
            continue
        if present is None:
            present = season.present()
        if key not in present:
            continue
        del devils[key]
        gone = present[key]
        owner = gone.power
        units, lost = _disband_one(variant, position, units, owner)
        results.append(
            OrderResult(
                owner,
                "devil",
                Outcome.OK,
                DEVIL_LOST,
                FrozenMap({"unit": unit_text(gone), "other": lost or "-"}),
            )
        )
    if not results:
        return after, results  # no devil unit lost: nothing changed
    return with_devils(after.with_changes(units=units), devils), results


def devils_retreat(season: SeasonSoFar) -> tuple[Position, tuple[OrderResult, ...]]:
    """A dislodged devil unit takes its soul along its retreat; one disbanded (no
    retreat, or none ordered) costs its owner another unit, as when it is eaten."""
    variant, position, after, moves = season.variant, season.position, season.after, season.moves
    devils = dict(devils_of(position))
    if not devils:
        return after, ()
    results: list[OrderResult] = []
    units = list(after.units)
    kept: dict[str, int] = {}
    retreated = {
        unit_key(r.power, str(r.order.unit.location)): unit_key(r.power, r.order.dest)
        for r in moves
        if isinstance(r.order, Retreat) and r.outcome is Outcome.OK
    }
    dislodged_at = {unit_key(d.unit.power, d.unit.location): d.unit for d in position.dislodged}
    for key, left in devils.items():
        if key not in dislodged_at:
            kept[key] = left  # it was not dislodged: it stays where it is
        elif key in retreated:
            kept[retreated[key]] = left
        else:
            unit = dislodged_at[key]
            units, lost = _disband_one(variant, position, units, unit.power)
            results.append(
                OrderResult(
                    unit.power,
                    "devil",
                    Outcome.OK,
                    DEVIL_LOST,
                    FrozenMap({"unit": unit_text(unit), "other": lost or "-"}),
                )
            )
    return with_devils(after.with_changes(units=units), kept), tuple(results)


def _disband_one(
    variant: Variant, position: Position, units: list[Unit], power: str | None
) -> tuple[list[Unit], str | None]:
    """``units`` without ``power``'s unit farthest from its home centers (ties: by
    location), and that unit's text; unchanged if it has none left."""
    mine = [u for u in units if u.power == power]
    if power is None or not mine:
        return units, None
    far = variant.civil_disorder_distances(position.with_changes(units=units), power)
    chosen = max(mine, key=lambda u: (far.get(u.location, far.get(u.province, 0)), u.location))
    return [u for u in units if u != chosen], unit_text(chosen)


def _ended_at(unit: Unit, position: Position, moves: Sequence[OrderResult]) -> str:
    """Where ``unit`` (as the phase began) ended its moves."""
    for u, r in zip(position.units, moves, strict=False):
        # The location first: a unit's (a dataclass's) equality costs a call per unit.
        if u.location == unit.location and u == unit:
            return (
                r.order.dest
                if isinstance(r.order, Move) and r.outcome is Outcome.OK
                else unit.location
            )
    return unit.location
