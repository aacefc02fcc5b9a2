"""How the seats of a variant play: the orders a seat gives in a phase, and whether it
gives some it does not owe. A variant whose seats play otherwise than the standard game's
(each its own power's orders, by :func:`bots.strategy.bot_orders`) declares its own
:class:`SeatPlayer` in its bot module, and :mod:`bots.registry` lists it by the variant's
id; the code that plays a seat (:mod:`bots.seats`) asks the registry, never a variant by
name."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol

from adjudicator import Order, Position, Variant
from bots.strategy import bot_orders


class SeatOrders(Protocol):
    """The orders ``seat`` gives in ``position``'s phase, by the power they are for (its
    own and those it commands). ``legal``: the legal orders of some of those powers as a
    host lists them (each power's, by unit); the adjudicator's for the others."""

    def __call__(
        self,
        variant: Variant,
        position: Position,
        seat: str,
        rng: random.Random,
        *,
        legal: Mapping[str, Mapping[str, Sequence[Order]]] | None = None,
    ) -> dict[str, list[Order]]: ...


#: Does a seat (the third argument) give orders in a position's phase that are not due,
#: but that it loses by not giving?
GivesUnowed = Callable[[Variant, Position, str], bool]


def own_orders(
    variant: Variant,
    position: Position,
    seat: str,
    rng: random.Random,
    *,
    legal: Mapping[str, Mapping[str, Sequence[Order]]] | None = None,
) -> dict[str, list[Order]]:
    """The standard game's seat: its own power's orders, by the standard strategy."""
    return {seat: bot_orders(variant, position, seat, rng, legal=(legal or {}).get(seat))}


def owes_all(variant: Variant, position: Position, seat: str) -> bool:
    """The standard game's seat gives only the orders due."""
    return False


@dataclass(frozen=True, slots=True)
class SeatPlayer:
    """How a variant's seats play.

    ``orders`` gives a seat's orders in a phase; ``gives_unowed`` says whether a seat gives
    orders in a phase that are not due but that it loses by not giving (so a host gives
    them as it gives the orders due); ``unowed_seats`` says whether any seat of the variant
    ever does (so that a client looks at each of its games every turn, not only where the
    site says orders are due)."""

    variant_id: str
    orders: SeatOrders = own_orders
    gives_unowed: GivesUnowed = owes_all
    unowed_seats: bool = False


#: The seats of a variant that declares no player of its own: the standard game's.
STANDARD = SeatPlayer("standard")
