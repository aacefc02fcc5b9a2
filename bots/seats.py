"""A seat's orders in one phase, whatever the variant: in most variants a seat gives its
own power's orders only (:func:`bots.strategy.bot_orders`); a Kapitalisten investor's seat
gives its exchange orders and the orders of every nation it controls
(:func:`bots.kapitalisten.investor_orders`). The site's demo bot and the API client ask
this one function; Rather Silly's seats (its great powers and its four roles) are played by
:func:`bots.rather_silly.seat_orders`."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from adjudicator import Order, Position, UnknownVariant, Variant, find_variant
from adjudicator.variants.kapitalisten.rules import Kapitalisten
from bots import rather_silly
from bots.kapitalisten import investor_orders, is_investor, trades_now, trades_unowed
from bots.strategy import bot_orders


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
    if isinstance(variant, Kapitalisten) and is_investor(variant, seat):
        return investor_orders(variant, position, seat, rng, legal=legal)
    if rather_silly.plays(variant):
        given = rather_silly.seat_orders(
            variant, position, seat, rng, legal=(legal or {}).get(seat)
        )
        return {seat: given}
    return {seat: bot_orders(variant, position, seat, rng, legal=(legal or {}).get(seat))}


def gives_unowed(variant: Variant, position: Position, power: str) -> bool:
    """Does ``power`` give orders in ``position``'s phase that are not due, but that it
    loses by not giving (a Kapitalisten investor's exchange orders in a movement phase:
    one who gives none sells 500 of every currency)? A host that plays a seat gives them
    as it gives the orders due; and since the phase does not wait for them, it saves every
    seat's orders before it marks any ready. A Rather Silly role seat's orders in a
    movement phase (his role and his vote) are welcome, never due: the same."""
    return trades_now(variant, position, power) or rather_silly.gives_unowed(
        variant, position, power
    )


def gives_unowed_in(variant_id: str) -> bool:
    """May seats of this variant give orders they do not owe (Kapitalisten's investors,
    Rather Silly's roles), so that a client must look at each of its games every turn,
    not only where the site says orders are due?"""
    try:
        variant = find_variant(variant_id)
    except UnknownVariant:
        return False
    return trades_unowed(variant_id) or rather_silly.gives_unowed_in(variant)


#: The names a bot plays under where players play under pseudonyms (Kapitalisten's
#: investors): its own, never its account's. Words of the trade, so that none is a power's
#: name or an investor's id.
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
