"""The variants whose seats play otherwise than the standard game's, each by the
:class:`~bots.player.SeatPlayer` its own bot module declares, by the variant's id. The
modules are listed here, explicitly; nothing registers itself. A variant that declares none
is played as the standard game is (:data:`bots.player.STANDARD`)."""

from __future__ import annotations

from adjudicator import UnknownVariant, Variant, find_variant
from bots import kapitalisten, rather_silly
from bots.player import STANDARD, SeatPlayer

#: Each variant's own seat player, by the variant's id.
PLAYERS: dict[str, SeatPlayer] = {
    p.variant_id: p for p in (kapitalisten.PLAYER, rather_silly.PLAYER)
}


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
