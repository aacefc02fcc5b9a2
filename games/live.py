"""Telling watchers that a game changed. Messages carry no secrets: only the version."""

from __future__ import annotations

import logging

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

log = logging.getLogger(__name__)


def group_name(game_id: int) -> str:
    return f"game-{game_id}"


def game_changed_publish(*, game_id: int, version: int) -> None:
    """Tell everyone watching a game that it is now at ``version`` (after commit).

    A lost message is not a lost update: clients re-fetch on any newer
    version they see, and consumers also check the version periodically.
    """
    layer = get_channel_layer()
    if layer is None:
        return
    try:
        async_to_sync(layer.group_send)(
            group_name(game_id), {"type": "game.changed", "version": version}
        )
    except Exception:  # the broker being away must not undo a committed phase
        log.warning("could not publish game %s version %s", game_id, version, exc_info=True)
