"""Kapitalisten's template filters: amounts of Kujambel as the reader's language writes
them (``{% load kapitalisten %}`` in templates/variants/kapitalisten/)."""

from __future__ import annotations

from typing import Any

from django import template

from variants.kapitalisten.exchange import kj as words

register = template.Library()


@register.filter
def kj(cents: Any) -> str:
    """``{{ 12345|kj }}``: 123.45, an amount of Kujambel kept in hundredths."""
    try:
        return words(int(cents))
    except (TypeError, ValueError):
        return ""


@register.filter
def times_rate(units: Any, rate_cents: Any) -> str:
    """``{{ held|times_rate:n.rate_cents }}``: what ``units`` of a currency are worth, in Kj."""
    try:
        return words(int(units) * int(rate_cents))
    except (TypeError, ValueError):
        return ""
