"""Rather Silly's Fortune-teller (rules: "Wahrsager"), as functions the variant's hooks
call (:class:`~adjudicator.variants.rather_silly.rules.RatherSilly`).

The seat ``fortune_teller`` foretells bounces (``predict bur``, two a season; three the
season after a right reply to the Superbrain's question, :mod:`.superbrain`): each one
foretold right merges the units in it into one unit of his own there (step 2 of a season).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from adjudicator.board import FrozenMap, PhaseKind, Position, Unit, UnitKind, province_of
from adjudicator.errors import ParseError
from adjudicator.maps import GameMap, Terrain
from adjudicator.orders import Move, VariantOrder
from adjudicator.results import OrderResult, Outcome, Reason
from adjudicator.variants.rather_silly.marks import (
    devils_of,
    located,
    season_code,
    unit_key,
    unit_text,
    with_devils,
)
from adjudicator.wording import declare_problem, problem_words

if TYPE_CHECKING:
    from adjudicator.variants.rather_silly.season import SeasonSoFar

FORTUNE_TELLER = "fortune_teller"
#: Bounces the Fortune-teller predicts a season (three after a correct Superbrain
#: answer).
PREDICTIONS_EACH = 2

PREDICTION_RIGHT = Reason.declare(
    "prediction_right", "the bounce in {province} was foretold: the units there merge into {unit}"
)
PREDICTION_MISSED = Reason.declare("prediction_missed", "no bounce in {province}")
PREDICTION_LIMIT = Reason.declare(
    "prediction_limit", "the Fortune-teller foretells two bounces a season"
)
MERGED = Reason.declare(
    "merged_by_fortune_teller",
    "{unit} ({owner}) merged into the Fortune-teller's unit in {province}",
)
declare_problem("predict_shape", "a prediction reads: predict bur (or predict bur F)")


@dataclass(frozen=True, slots=True)
class Predict(VariantOrder):
    """The Fortune-teller's prediction of a bounce between units: ``predict bur``; with
    ``predict bur F``, the merged unit is a fleet when armies and fleets are level."""

    province: str
    kind: str = "A"
    phase_kinds = frozenset({PhaseKind.MOVEMENT})

    @classmethod
    def read(
        cls, text: str, game_map: GameMap, position: Position | None, power: str | None
    ) -> Predict | None:
        words = text.split()
        if not words or words[0].lower() != "predict":
            return None
        if len(words) not in (2, 3) or (len(words) == 3 and words[2].upper() not in "AF"):
            raise ParseError(problem_words("predict_shape", {}, game_map), text, "predict_shape")
        province = province_of(located(words[1], text, game_map))
        return cls(province, words[2].upper() if len(words) == 3 else "A")

    def __str__(self) -> str:
        return f"predict {self.province}" + (" F" if self.kind == "F" else "")

    @property
    def where(self) -> str:
        return self.province


def fortune_teller_merges(season: SeasonSoFar) -> tuple[Position, list[OrderResult]]:
    """Step 2: each bounce the Fortune-teller foretold (two a season) merges the units
    in it (those whose moves there bounced, and the unit they bounced off, monsters
    never) into one unit there of the kind most of them were, his own."""
    variant, position, after, moves = (
        season.variant,
        season.position,
        season.after,
        season.moves,
    )
    predictions = [o for power, o in season.given(Predict) if power == FORTUNE_TELLER]
    if not predictions:
        return after, []
    results: list[OrderResult] = []
    counted: list[Predict] = []
    # A right reply to the Superbrain earns him a third prediction the next season.
    third = position.extras.get("third_prediction") == season_code(position.phase)
    allowed = PREDICTIONS_EACH + (1 if third else 0)
    for prediction in predictions:
        if len(counted) >= allowed or prediction.province in {p.province for p in counted}:
            results.append(OrderResult(FORTUNE_TELLER, prediction, Outcome.VOID, PREDICTION_LIMIT))
        else:
            counted.append(prediction)
    standing = {u.province: u for u in after.units}
    before = {u.province: u for u in position.units}
    units = list(after.units)
    for prediction in counted:
        province = prediction.province
        bounced = [
            unit
            for unit, r in zip(position.units, moves, strict=False)
            if r.outcome is Outcome.BOUNCE
            and isinstance(r.order, Move)
            and r.order.dest.split("/")[0] == province
            and unit.power not in variant.creatures
        ]
        holder = standing.get(province)
        held = (
            holder is not None
            and holder.power not in variant.creatures
            and before.get(province) == holder
        )
        merging = [*bounced, *([holder] if held and holder is not None else [])]
        place = FrozenMap({"province": province})
        # A stronger move that won the province left no standoff there to foretell.
        won = holder is not None and not held
        if not bounced or len(merging) < 2 or won:
            results.append(
                OrderResult(FORTUNE_TELLER, prediction, Outcome.OK, PREDICTION_MISSED, place)
            )
            continue
        merged = _merged_unit(variant.map, province, merging, prediction.kind)
        gone = set(merging)
        # By province first: a unit's (a dataclass's) hash costs a call per unit.
        where = {u.province for u in gone}
        units = [u for u in units if u.province not in where or u not in gone]
        units.append(merged)
        # Merged units that had sold their souls are exorcised by it (the rules).
        exorcised = {unit_key(u.power, u.location) for u in merging} & set(devils_of(after))
        if exorcised:
            after = with_devils(
                after, {k: v for k, v in devils_of(after).items() if k not in exorcised}
            )
        results.append(
            OrderResult(
                FORTUNE_TELLER,
                prediction,
                Outcome.OK,
                PREDICTION_RIGHT,
                FrozenMap({"province": province, "unit": unit_text(merged)}),
            )
        )
        for unit in sorted(merging, key=lambda u: (u.power, u.location)):
            results.append(
                OrderResult(
                    unit.power,
                    "merged",
                    Outcome.OK,
                    MERGED,
                    FrozenMap({"unit": unit_text(unit), "owner": unit.power, "province": province}),
                )
            )
    if units == list(after.units):
        return after, results  # nothing merged
    return after.with_changes(units=units), results


def _merged_unit(game_map: GameMap, province: str, merging: Sequence[Unit], level: str) -> Unit:
    """The Fortune-teller's new unit: the kind most of ``merging`` were (``level`` when
    as many armies as fleets), that can stand in ``province``; a fleet on the first of
    its coasts."""
    armies = sum(1 for u in merging if u.kind is UnitKind.ARMY)
    fleets = len(merging) - armies
    kind = UnitKind.ARMY if armies > fleets else UnitKind.FLEET
    if armies == fleets:
        kind = UnitKind(level)
    p = game_map.provinces[province]
    if kind is UnitKind.FLEET and p.terrain is Terrain.LAND:
        kind = UnitKind.ARMY
    if kind is UnitKind.ARMY and p.is_sea:
        kind = UnitKind.FLEET
    location = province
    if kind is UnitKind.FLEET and p.coasts:
        location = game_map.coasts_of(province)[0]
    return Unit(FORTUNE_TELLER, kind, location)
