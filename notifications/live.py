"""Telling a signed-in user's open pages that their inbox changed.

The signal goes to the user's own group (``user-<id>``) and carries only the unread
count, which is theirs to see; the page shows it in the header. A lost signal is caught
up by the consumer's periodic check, so a broker being away is only logged.
"""

from __future__ import annotations

from core.live import group_publish, user_group_name


def inbox_changed_publish(*, user_id: int, unread: int) -> None:
    # A broker being away must not undo a notification: group_publish only logs it.
    group_publish(user_group_name(user_id), {"type": "inbox.changed", "unread": unread})
