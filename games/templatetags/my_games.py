"""Template filters for a player's list of his games (games.selectors.mine)."""

from __future__ import annotations

from datetime import datetime, timedelta

from django import template
from django.utils import timezone
from django.utils.timesince import timeuntil
from django.utils.translation import gettext as _

register = template.Library()


@register.filter
def deadline_relative(deadline: datetime | None, now: datetime | None = None) -> str:
    """``{{ row.deadline|deadline_relative }}``: "in 3 hours", "in 2 days"; the absolute
    time beside it is shown by ``{% moment %}`` in the reader's own time zone."""
    if deadline is None:
        return ""
    now = now or timezone.now()
    left = deadline - now
    if left <= timedelta(0):
        # Past its deadline, the phase is adjudicated within the sweep's few seconds.
        return _("deadline passed")
    if left < timedelta(minutes=1):
        return _("in less than a minute")
    return _("in %(time)s") % {"time": timeuntil(deadline, now, depth=1)}
