"""Telling watchers that a game changed. Messages carry no secrets: only the version.

New press goes to each reader's own group (``user-<id>``), never to the game's: the
signal names only the conversation, and the client re-fetches what it may read.
"""

from __future__ import annotations

import logging

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

log = logging.getLogger(__name__)


def group_name(game_id: int) -> str:
    return f"game-{game_id}"


def user_group_name(user_id: int) -> str:
    return f"user-{user_id}"


def _publish(group: str, event: dict[str, object]) -> None:
    """Send ``event`` to ``group`` (after commit). The broker being away must not undo
    what committed: a lost message is only logged, and caught up by the client's next
    fetch or the consumer's own check."""
    layer = get_channel_layer()
    if layer is None:
        return
    try:
        async_to_sync(layer.group_send)(group, event)
    except Exception:
        log.warning("could not publish %s to %s", event, group, exc_info=True)


def game_changed_publish(*, game_id: int, version: int) -> None:
    """Tell everyone watching a game that it is now at ``version`` (after commit).

    A lost message is not a lost update: clients re-fetch on any newer
    version they see, and consumers also check the version periodically.
    """
    _publish(group_name(game_id), {"type": "game.changed", "version": version})


def press_new_publish(*, game_id: int, user_ids: list[int], conversation: str) -> None:
    """Tell each of ``user_ids`` (after commit) that ``conversation`` of a game has a new
    message. Their game pages re-fetch the press; a lost signal is caught up on the next
    fetch, so a broker being away is only logged."""
    event: dict[str, object] = {"type": "press.new", "game": game_id, "conversation": conversation}
    for user_id in user_ids:
        _publish(user_group_name(user_id), event)


def tournament_group_name(tournament_id: int) -> str:
    return f"tournament-{tournament_id}"


def tournament_changed_publish(*, tournament_id: int, version: int) -> None:
    """Tell everyone watching a tournament's page that it is now at ``version`` (after
    commit); as for games, a lost message is caught up by the page's own check."""
    _publish(
        tournament_group_name(tournament_id), {"type": "tournament.changed", "version": version}
    )
