"""Template context: the unread count for the header (one query, signed-in users only)."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest

from notifications.services import unread_count


def unread(request: HttpRequest) -> dict[str, Any]:
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {}
    return {"notifications_unread": unread_count(user_id=user.pk)}
