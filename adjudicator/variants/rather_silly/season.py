"""What a phase's steps are given, and what they leave for those that follow.

Each of Rather Silly's steps after the core's moves (the rules' "Spielablauf": see
:data:`.rules.SEASON_STEPS`) is a function of one signature, :data:`Step`: given the
:class:`Season` so far, it returns the position after it and its results. The variant's
:meth:`~.rules.RatherSilly.steps_after_moves` runs the list in order and nothing else.

A step finds its own kinds of orders with :meth:`SeasonSoFar.given` (gone through once a
season for all the steps), and hands on the position it was given when it changes nothing
(a new one costs freezing the whole extras again).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, TypeVar, overload

from adjudicator.board import Position, Unit
from adjudicator.orders import VariantOrder, class_of_kinds
from adjudicator.results import OrderResult
from adjudicator.variants.rather_silly.marks import unit_key

if TYPE_CHECKING:
    from adjudicator.variants.rather_silly.rules import RatherSilly

T = TypeVar("T", bound=VariantOrder)
#: The season's orders with their powers, by power, each power's in the order given.
Given = tuple[tuple[str, VariantOrder], ...]


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
    #: The position before the Borg and the llamas: a devil unit they take costs its owner
    #: another unit (:meth:`present`). Left by the Borg's step.
    before_takings: Position | None = None
    #: Every order of :attr:`orders` as :meth:`given` lists them, and by its class; what
    #: :meth:`given` found, by the kinds asked for.
    _every: Given = field(default=(), init=False, repr=False)
    _by_class: dict[type, list[tuple[str, VariantOrder]]] | None = field(
        default=None, init=False, repr=False
    )
    _found: dict[type | tuple[type, ...], Given] = field(
        default_factory=dict, init=False, repr=False
    )

    def present(self) -> dict[str, Unit]:
        """Who stood where before the Borg and the llamas, by ``"power location"``: the
        units standing and dislodged, and the armies the birds dropped. Worked out when a
        devil unit is missing, not for every season."""
        before = self.before_takings
        if before is None:
            return {}
        present = {unit_key(u.power, u.location): u for u in before.units} | {
            unit_key(d.unit.power, d.unit.location): d.unit for d in before.dislodged
        }
        present |= {unit_key(u.power, u.location): u for u in self.fallen}
        return present

    @overload
    def given(self, kinds: type[T]) -> tuple[tuple[str, T], ...]: ...

    @overload
    def given(self, kinds: tuple[type[VariantOrder], ...]) -> Given: ...

    def given(self, kinds: type | tuple[type, ...]) -> Given:
        """The season's orders of ``kinds`` (a class or a tuple of them, subclasses
        included), each with its power: by power, each power's in the order given.

        Each step asks for its own kinds: the orders are gone through once a season for
        all of them, by their classes (asking each order ``isinstance`` of every step's
        kinds went through the order classes' ABC each time)."""
        found = self._found.get(kinds)
        if found is not None:
            return found
        by_class = self._by_class
        if by_class is None:
            by_class = self._by_class = {}
            self._every = tuple(
                (power, order) for power, given in sorted(self.orders.items()) for order in given
            )
            for power_order in self._every:
                by_class.setdefault(type(power_order[1]), []).append(power_order)
        wanted = [c for c in by_class if class_of_kinds(c, kinds)]
        if not wanted:
            found = ()
        elif len(wanted) == 1:
            found = tuple(by_class[wanted[0]])
        else:
            classes = frozenset(wanted)
            found = tuple(po for po in self._every if type(po[1]) in classes)
        self._found[kinds] = found
        return found


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
