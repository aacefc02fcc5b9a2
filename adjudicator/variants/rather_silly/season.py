"""What a phase's steps are given, and what they leave for those that follow.

Each of Rather Silly's steps after the core's moves (the rules' "Spielablauf": see
:data:`.rules.SEASON_STEPS`) is a function of one signature, :data:`Step`: given the
:class:`Season` so far, it returns the position after it and its results. The variant's
:meth:`~.rules.RatherSilly.steps_after_moves` runs the list in order and nothing else.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from adjudicator.board import Position, Unit
from adjudicator.orders import VariantOrder
from adjudicator.results import OrderResult

if TYPE_CHECKING:
    from adjudicator.variants.rather_silly.rules import RatherSilly


@dataclass(slots=True)
class SeasonSoFar:
    """One phase's steps under way: what the phase was given, and where its steps have got."""

    variant: RatherSilly
    #: The phase's position, as the players ordered against it.
    position: Position
    #: The variant's own orders of the phase, by power (the core read the others).
    orders: Mapping[str, Sequence[VariantOrder]]
    #: The core's result per unit of the phase (which moves bounced where, who retreated).
    moves: Sequence[OrderResult]
    seed: int
    #: The position as the steps so far left it.
    after: Position
    #: Armies carried by a flock of birds that died with it (drowned, shot down), as they
    #: stood before: left by the birds' flight for the devil units' count.
    fallen: tuple[Unit, ...] = ()
    #: Who stood where before the Borg and the llamas, by ``"power location"``: a devil
    #: unit they take costs its owner another unit. Left by the Borg's step.
    present: Mapping[str, Unit] = field(default_factory=dict)


#: A step: the season so far in, the position after the step and its results out.
Step = Callable[[SeasonSoFar], tuple[Position, Sequence[OrderResult]]]


def run_steps(
    steps: Sequence[tuple[str, Step]], season: SeasonSoFar
) -> tuple[Position, tuple[OrderResult, ...]]:
    """Run ``steps`` in order, each on the position the one before left; every result
    in the order the steps gave them."""
    results: list[OrderResult] = []
    for _name, step in steps:
        season.after, done = step(season)
        results.extend(done)
    return season.after, tuple(results)
