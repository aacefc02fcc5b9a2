"""Positions for the bots' tests: one written by hand, or one reached by play."""

from __future__ import annotations

import random
from typing import Any

from adjudicator import Position, Variant, find_variant, resolve
from adjudicator.io import position_from_json
from bots import random_orders

STANDARD = find_variant("standard")


def board(phase: str, units: dict[str, list[str]], **rest: Any) -> Position:
    """A standard position from its JSON form (``centers`` as at the start if not given)."""
    position, _orders = position_from_json({"phase": phase, "units": units, **rest})
    return position


def reached(seed: int, phases: int, variant: Variant = STANDARD) -> Position:
    """The position after ``phases`` phases of random orders for every power from the
    start, drawn from ``seed``: a position a game can reach."""
    position = variant.initial_position()
    for n in range(phases):
        if variant.finished(position):
            break
        orders = {
            power: random_orders(variant, position, power, random.Random(f"{seed}:{n}:{power}"))
            for power in sorted(variant.orders_due(position))
        }
        position = resolve(position, orders, seed=n, variant=variant).position
    return position
