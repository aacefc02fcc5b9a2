"""System checks of notifications: Web Push's keys (run with the database's checks, by
``migrate`` and ``manage.py check --database default``)."""

from __future__ import annotations

from typing import Any

from django.core.checks import CheckMessage, Error, Tags, Warning, register
from django.core.exceptions import ImproperlyConfigured
from django.db import DatabaseError

from notifications import push


@register(Tags.database)
def push_keys_check(
    app_configs: Any = None, databases: Any = None, **kwargs: Any
) -> list[CheckMessage]:
    """The VAPID keys can be read, and no device was subscribed with other keys: its
    push service refuses every push until its player subscribes again, which an
    operator who changed the keys should know rather than find out from players."""
    if not databases:
        return []
    try:
        orphaned = push.orphaned_subscriptions()
    except ImproperlyConfigured as e:
        return [Error(str(e), hint="See docs/site.md, Pushes.", id="notifications.E001")]
    except DatabaseError:
        return []  # not migrated yet: nobody has subscribed
    if not orphaned:
        return []
    return [
        Warning(
            f"{orphaned} push subscriptions were made with another VAPID key than the "
            "site's now: their devices get no pushes until their players open the "
            "notifications page again (which subscribes them anew).",
            hint="Keep VAPID_PRIVATE_KEY as it was, or tell the players; see docs/site.md.",
            id="notifications.W001",
        )
    ]
