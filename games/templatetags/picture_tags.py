"""The supply-center chart of the game page, drawn on the server (games/pictures.py)."""

from __future__ import annotations

from django import template
from django.utils.safestring import SafeString, mark_safe

from games import pictures
from games.models import Game

register = template.Library()


@register.simple_tag
def center_chart(game: Game) -> SafeString:
    """The chart as inline SVG; every text in it is escaped where it is drawn. Center
    ownership is public to whoever may watch the game (the page has checked that)."""
    return mark_safe(pictures.center_chart_svg(game=game))
