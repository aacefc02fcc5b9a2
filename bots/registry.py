"""The variants the bots know, by id: those whose seats play otherwise than the standard
game's, each by the :class:`~bots.player.SeatPlayer` its own bot module declares, and those
played as the standard game is (:data:`bots.player.STANDARD`). The modules and ids are
listed here, explicitly; nothing registers itself. This is the one module of the bots'
shared code that names a variant: the rest asks it."""

from __future__ import annotations

from adjudicator import UnknownVariant, Variant, find_variant
from bots import kapitalisten, rather_silly
from bots.player import STANDARD, SeatPlayer

#: Each variant's own seat player, by the variant's id.
PLAYERS: dict[str, SeatPlayer] = {
    p.variant_id: p for p in (kapitalisten.PLAYER, rather_silly.PLAYER)
}

#: The variants whose seats the standard game's player plays well: each seat gives its own
#: power's orders (:func:`bots.strategy.bot_orders`, which plays their set-up phases too).
PLAYED_AS_STANDARD: frozenset[str] = frozenset({"standard", "highlander", "multiple_void"})

#: The variants whose rules the bots know: they play their every phase, through
#: :func:`bots.seats.seat_orders`.
KNOWN_VARIANTS: frozenset[str] = PLAYED_AS_STANDARD | frozenset(PLAYERS)


def knows_variant(variant_id: str) -> bool:
    """Do the bots know this variant's rules well enough to fill a seat in it?"""
    return variant_id in KNOWN_VARIANTS


def player_for(variant: Variant) -> SeatPlayer:
    """How ``variant``'s seats play: its own player, else the standard game's."""
    return PLAYERS.get(variant.id, STANDARD)


def player_for_id(variant_id: str) -> SeatPlayer:
    """How the seats of the variant of this id (or alias) play; the standard game's for an
    id no variant has."""
    try:
        return player_for(find_variant(variant_id))
    except UnknownVariant:
        return STANDARD
