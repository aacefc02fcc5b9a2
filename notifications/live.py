"""Telling a signed-in user's open pages that their inbox changed.

The signal goes to the user's own group (``user-<id>``) and carries only the unread
count, which is theirs to see; the page shows it in the header. A lost signal is caught
up by the consumer's periodic check, so a broker being away is only logged.
"""

from __future__ import annotations

import logging

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

from core.live import user_group_name

log = logging.getLogger(__name__)


def inbox_changed_publish(*, user_id: int, unread: int) -> None:
    layer = get_channel_layer()
    if layer is None:
        return
    try:
        async_to_sync(layer.group_send)(
            user_group_name(user_id), {"type": "inbox.changed", "unread": unread}
        )
    except Exception:  # the broker being away must not undo a notification
        log.warning("could not tell user %s of their inbox", user_id, exc_info=True)
