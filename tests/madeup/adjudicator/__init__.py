"""Comets: the standard game, with a comet over one sea (``options["comet"]``, the North Sea
by default) that strikes every unit standing under it after the moves: a layer, a reason and a page
of its own."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from adjudicator.board import FrozenMap, Phase, PhaseKind, Position, sort_units
from adjudicator.errors import PositionError
from adjudicator.results import OrderResult, Outcome, Reason
from adjudicator.shapes import PROVINCE, Id, extras
from adjudicator.variants.standard import Standard

#: A unit under the comet after the moves is destroyed.
COMET_STRUCK = Reason.declare("comet_struck", "a comet struck {unit}")


class Comets(Standard):
    """The standard game with a comet: the rules of the standard game are kept, so the
    variant adds only what differs."""

    id = "comets"
    name = "Comets"
    aliases = ()
    extras_shape = extras(
        {"comet": Id(PROVINCE)}, notes={"comet": "the province the comet hangs over"}
    )

    option_defaults = FrozenMap({"comet": "nth"})

    def check_option(self, name: str, value: Any, options: Mapping[str, Any]) -> None:
        if name == "comet" and value not in self.map.provinces:
            raise PositionError(f"no province {value!r} for the comet", "options.comet")

    def initial_position(self, options: Mapping[str, Any] | None = None) -> Position:
        start = super().initial_position(options)
        return start.with_changes(extras=FrozenMap({"comet": start.options["comet"]}))

    def after_phase(
        self, phase: Phase, position: Position, seed: int
    ) -> tuple[Position, tuple[OrderResult, ...]]:
        # After a movement only: a unit that retreats under the comet is struck next turn.
        comet = position.extras.get("comet")
        struck = [u for u in position.units if u.province == comet]
        if phase.kind is not PhaseKind.MOVEMENT or not struck:
            return position, ()
        results = tuple(
            OrderResult(
                u.power,
                "struck",
                Outcome.OK,
                COMET_STRUCK,
                FrozenMap({"unit": f"{u.kind.value} {u.location}", "province": comet}),
            )
            for u in struck
        )
        kept = sort_units([u for u in position.units if u not in struck])
        return position.with_changes(units=kept), results
