"""One way to show a moment across the site: ``{% moment value %}`` (a datetime, or ISO
text) gives ``<time datetime="...">`` with the moment in UTC, said so, for a page read
without scripts; ``static/js/lib/moments.js`` rewrites it in the reader's own time zone and
language, in the one format every page uses (a medium date and a short time). A date
without a time (``{% moment value "date" %}``) is a day wherever one reads it."""

from __future__ import annotations

from datetime import UTC, date, datetime

from django import template
from django.utils.dateformat import format as date_format
from django.utils.dateparse import parse_datetime
from django.utils.html import format_html
from django.utils.safestring import SafeString

register = template.Library()


@register.simple_tag
def moment(
    value: datetime | date | str | None, style: str = "datetime", id: str = ""
) -> SafeString | str:
    """``{% moment value %}``; ``"date"`` for a day; ``id=`` for a page's script to find it."""
    if value is None or value == "":
        return ""
    if isinstance(value, str):
        parsed = parse_datetime(value)
        if parsed is None:
            return value
        value = parsed
    if style == "date" or not isinstance(value, datetime):
        day = value.date() if isinstance(value, datetime) else value
        return format_html(
            '<time datetime="{}" data-moment="date">{}</time>',
            day.isoformat(),
            date_format(day, "j M Y"),
        )
    utc = (value if value.tzinfo else value.replace(tzinfo=UTC)).astimezone(UTC)
    return format_html(
        '<time{} datetime="{}" data-moment="datetime">{} UTC</time>',
        format_html(' id="{}"', id) if id else "",
        utc.isoformat().replace("+00:00", "Z"),
        date_format(utc, "j M Y, H:i"),
    )
