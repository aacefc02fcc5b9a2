"""The movement phases of each variant's examples, for properties that need real boards of
every variant that resolves through the core (geography, closed passages, strengths,
supports no order gives, creatures)."""

from __future__ import annotations

from adjudicator import PhaseKind, Position, find_variant, resolve
from adjudicator.io import position_from_json
from tests.adjudicator.test_extras_fuzz import inputs

#: The variants that resolve through the same core with hooks of their own.
VARIANTS = ("standard", "highlander", "multiple_void", "kapitalisten", "rather_silly")


def variant_movements(variant_id: str) -> list[tuple[Position, dict[str, list[str]]]]:
    """The movement phases of a variant's examples (docs/examples, the fuzzed inputs),
    each with the orders its example gives."""
    found = []
    for data in inputs(variant_id):
        position, orders = position_from_json(data)
        if position.phase.kind is PhaseKind.MOVEMENT:
            found.append((position, orders))
    if not found:
        # Examples of the set-up only (Highlander's nomination, Multiple Void's draft): the
        # set-up played with no orders, to the first movement phase.
        position = find_variant(variant_id).initial_position()
        for _ in range(200):
            if position.phase.kind is PhaseKind.MOVEMENT:
                found.append((position, {}))
                break
            position = resolve(position, {}).position
    return found
