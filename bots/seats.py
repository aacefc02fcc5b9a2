"""A seat's orders in one phase, whatever the variant. The site's demo bot and the API
client ask these functions; each asks the variant's own seat player
(:func:`bots.registry.player_for`): in most variants a seat gives its own power's orders
only (:func:`bots.strategy.bot_orders`); a variant whose seats command other powers, or
give orders they do not owe, declares how in its own bot module."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from adjudicator import Order, Position, Variant
from bots.registry import player_for, player_for_id


def seat_orders(
    variant: Variant,
    position: Position,
    seat: str,
    rng: random.Random,
    *,
    legal: Mapping[str, Mapping[str, Sequence[Order]]] | None = None,
) -> dict[str, list[Order]]:
    """The orders ``seat`` gives in ``position``'s phase, by the power they are for (its
    own and those it commands). ``legal``: the legal orders of some of those powers as a
    host lists them (each power's, by unit); the adjudicator's for the others."""
    return player_for(variant).orders(variant, position, seat, rng, legal=legal)


def gives_unowed(variant: Variant, position: Position, power: str) -> bool:
    """Does ``power`` give orders in ``position``'s phase that are not due, but that it
    loses by not giving (or plays a part of the game with)? A host that plays a seat gives
    them as it gives the orders due; and since the phase does not wait for them, it saves
    every seat's orders before it marks any ready."""
    return player_for(variant).gives_unowed(variant, position, power)


def gives_unowed_in(variant_id: str) -> bool:
    """May seats of this variant give orders they do not owe, so that a client must look
    at each of its games every turn, not only where the site says orders are due?"""
    return player_for_id(variant_id).unowed_seats


#: The names a bot plays under where a game's players play under pseudonyms: its own, never
#: its account's. Words of the trade, so that none is a power's name or a seat's id.
PSEUDONYMS = (
    "Blue Chip",
    "Bull Market",
    "Bear Market",
    "Hedge Fund",
    "Hard Currency",
    "Gold Standard",
    "Safe Haven",
    "Short Seller",
    "Junk Bond",
    "Cash Cow",
    "Penny Stock",
    "Ticker Tape",
    "Dark Pool",
    "Free Float",
    "Golden Parachute",
    "Silent Money",
    "Margin Call",
    "Dead Cat Bounce",
)


def pseudonyms(rng: random.Random) -> list[str]:
    """The pseudonyms a bot would join under, in the order it would try them (a host
    refuses one taken or one that is a member's user name), drawn from ``rng``."""
    names = list(PSEUDONYMS)
    rng.shuffle(names)
    return names
