"""How a template names a member: ``{{ entry.user|name_shown }}``, through the one
function that shows a closed account as "a former player"."""

from __future__ import annotations

from typing import Any

from django import template

from accounts import selectors

register = template.Library()


@register.filter
def name_shown(user: Any) -> str:
    """The name ``user`` is shown under (``accounts.selectors.name_shown``)."""
    return selectors.name_shown(user)
