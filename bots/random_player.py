"""The random-orders player: the baseline the strategy is measured against
(``bench/bots_vs_random.py``). Every order is drawn from the adjudicator's legal orders."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from adjudicator import (
    Build,
    Disband,
    Order,
    PhaseKind,
    Position,
    Variant,
    Waive,
    legal_orders,
)


def random_orders(
    variant: Variant,
    position: Position,
    power: str,
    rng: random.Random,
    *,
    legal: Mapping[str, Sequence[Order]] | None = None,
) -> list[Order]:
    """A legal order drawn at random for each unit of ``power`` (any legal order: a hold,
    a move, a support or a convoy alike); in a retreat phase a retreat or a disband drawn
    for each dislodged unit; in an adjustment phase the builds due on sites drawn at
    random (each of a kind drawn at random), or the disbands due of units drawn at random.
    Set-up phases are not its business: it gives no orders there."""
    if legal is None:
        legal = legal_orders(position, power, variant=variant)
    kind = position.phase.kind
    if kind is PhaseKind.MOVEMENT or kind is PhaseKind.RETREATS:
        return [rng.choice(legal[where]) for where in sorted(legal) if legal[where]]
    if kind is PhaseKind.ADJUSTMENTS:
        due = variant.adjustment(position, power)
        if due > 0:
            sites = sorted(w for w, options in legal.items() if any(_is_build(o) for o in options))
            chosen = rng.sample(sites, min(due, len(sites)))
            return [rng.choice([o for o in legal[s] if _is_build(o)]) for s in chosen]
        if due < 0:
            disbands = sorted(
                (o for options in legal.values() for o in options if isinstance(o, Disband)),
                key=str,
            )
            return list(rng.sample(disbands, min(-due, len(disbands))))
    return []


def _is_build(order: Order) -> bool:
    return isinstance(order, Build) and not isinstance(order, Waive)
