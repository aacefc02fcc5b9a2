"""A sandbox's phase as the adjudicator sees it: its position, and the powers whose
orders its owner gives (every power with orders to give or to make in the phase)."""

from __future__ import annotations

from adjudicator import Position, find_variant, legal_orders
from adjudicator.io import position_from_json
from adjudicator.variants import Variant
from sandbox.models import SandboxPhase
from variants.registry import offered


def sandbox_variants() -> list[Variant]:
    """The variants a sandbox may start from: every one the site offers, each at its own
    start with its default options (a set-up phase is ordered like any other: a
    nomination list, a placement, a draft pick, as text for the power on turn)."""
    return offered()


def phase_position(phase: SandboxPhase) -> Position:
    """The adjudicator's position of a sandbox's phase (going in)."""
    position, _orders = position_from_json(phase.position)
    return position


def ordering_powers(position: Position) -> list[str]:
    """The powers whose orders the sandbox's owner gives in ``position``: every power the
    variant waits for, and every other it lets order now (a Kapitalisten investor's
    exchange orders), if it has anything to order. The variant's powers come first, in
    its order, then the others by name."""
    variant = find_variant(position.variant)
    due = set(variant.orders_due(position))
    given = {p for powers in variant.orders_given_by(position).values() for p in powers}
    powers = due | {p for p in given if legal_orders(position, p)}
    rank = {p: n for n, p in enumerate(variant.powers)}
    return sorted(powers, key=lambda p: (rank.get(p, len(rank)), p))


def map_of(variant_id: str) -> str:
    """The map a sandbox of ``variant_id`` is drawn on."""
    return find_variant(variant_id).map_id


def branches_of(phase: SandboxPhase) -> list[SandboxPhase]:
    """The branches of ``phase``: every phase of its sandbox with the same position going
    in from the same phase before (itself included), oldest first."""
    return list(
        SandboxPhase.objects.filter(
            sandbox_id=phase.sandbox_id, parent_id=phase.parent_id, depth=phase.depth
        ).order_by("pk")
    )
