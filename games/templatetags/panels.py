"""``{% panel p %}``: one of a variant's panels (``variants.site.Panel``) in its place on the
game page, rendered with the page's context and the panel's own on top, as ``{% include %}``
would."""

from __future__ import annotations

from django import template
from django.utils.safestring import SafeString

from variants.registry import Panel

register = template.Library()


@register.simple_tag(takes_context=True)
def panel(context: template.Context, shown: Panel) -> SafeString:
    page = context.template
    assert page is not None  # a tag runs inside a template being rendered
    with context.push(**shown.context):
        return SafeString(page.engine.get_template(shown.template).render(context))
