"""The variants' own stylesheets (``SiteVariant.stylesheet``), linked from every page's
head (templates/base.html): a variant's seats, creatures and panels may show on any page
that names a game or a board of it (the game page and its replay, the sandbox, a
tournament's boards), and each sheet only styles the variant's own classes."""

from __future__ import annotations

from django import template
from django.templatetags.static import static
from django.utils.html import format_html_join
from django.utils.safestring import SafeString

from variants.registry import stylesheets

register = template.Library()


@register.simple_tag
def variant_stylesheets() -> SafeString:
    """``{% variant_stylesheets %}``: a ``<link rel="stylesheet">`` for each variant's."""
    return format_html_join(
        "\n  ", '<link rel="stylesheet" href="{}">', ((static(s),) for s in stylesheets())
    )
