"""Rather Silly's Borg, step 5 of a season: it appears after Spring 1901's movement, then
moves (where most units are around, by the house rule's count: :func:`.creatures.borg_step`)
and eats what stands where it arrives, flocks of birds next to it too."""

from __future__ import annotations

from typing import TYPE_CHECKING

from adjudicator.board import FrozenMap, Position, Unit
from adjudicator.chance import chance
from adjudicator.results import OrderResult, Outcome, Reason
from adjudicator.variants.rather_silly import birds
from adjudicator.variants.rather_silly.creatures import BorgStep, borg_step
from adjudicator.variants.rather_silly.marks import unit_text

if TYPE_CHECKING:
    from adjudicator.variants.rather_silly.season import SeasonSoFar

BORG_APPEARED = Reason.declare("borg_appeared", "the Borg appeared in {province}")
BORG_MOVED = Reason.declare("borg_moved", "the Borg moved to {province}")
BORG_STAYED = Reason.declare("borg_stayed", "the Borg stayed in {province}")
BORG_DRAWN = Reason.declare(
    "borg_drawn", "the Borg went to {province}: level with others, drawn by lot"
)
# The unit names its province: ``province`` stays a parameter, not repeated in the words.
BORG_ATE = Reason.declare("borg_ate", "the Borg ate {unit} ({owner})")


def borg_moves(season: SeasonSoFar) -> tuple[Position, list[OrderResult]]:
    """Step 5: the Borg appears (after Spring 1901's movement) or moves, and eats; then
    the flocks of birds in its province and next to it (:func:`.birds.flocks_eaten`).
    First, who stands where now is kept for the devil units' count
    (:meth:`.season.SeasonSoFar.present`): one the Borg or the llamas take still costs its
    owner a unit."""
    after = season.before_takings = season.after
    after, moved = _borg_moves(season, after)
    after, flocks = birds.flocks_eaten(after, season.variant.borg_graph())
    return after, [*moved, *flocks]


def _borg_moves(season: SeasonSoFar, after: Position) -> tuple[Position, list[OrderResult]]:
    borg = after.extras.get("borg")
    dislodged: dict[str, list[Unit]] = {}
    for d in after.dislodged:
        dislodged.setdefault(d.unit.province, []).append(d.unit)
    step = borg_step(
        season.variant.borg_graph(),
        borg,
        after.units,
        dislodged,
        chance(season.seed, "borg"),
        unappealing=frozenset(season.variant.creatures),
    )
    if step is None:
        return after, []
    results = _borg_results(step)
    eaten = set(step.eaten)
    # By province first: a unit's (a dataclass's) hash costs a call per unit.
    gone = {u.province for u in eaten}
    after = after.with_changes(
        units=[u for u in after.units if u.province not in gone or u not in eaten],
        dislodged=[
            d for d in after.dislodged if d.unit.province not in gone or d.unit not in eaten
        ],
        extras={**after.extras, "borg": step.province},
    )
    return after, results


def _borg_results(step: BorgStep) -> list[OrderResult]:
    place = FrozenMap({"province": step.province})
    if step.came_from is None:
        first = BORG_APPEARED
    elif step.came_from == step.province:
        first = BORG_STAYED
    else:
        first = BORG_MOVED
    out = [OrderResult("borg", "step", Outcome.OK, BORG_DRAWN if step.drawn else first, place)]
    for unit in step.eaten:
        out.append(
            OrderResult(
                unit.power,
                "eaten",
                Outcome.OK,
                BORG_ATE,
                FrozenMap(
                    {"unit": unit_text(unit), "owner": unit.power, "province": step.province}
                ),
            )
        )
    return out
