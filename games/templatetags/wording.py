"""Template filters that show game words in the reader's language (see games/wording.py)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django import template

from games import wording

register = template.Library()


@register.filter
def power_name(power: str) -> str:
    """``{{ seat.power|power_name }}``: Germany, or Deutschland."""
    return wording.power_name(power) if power else ""


@register.filter
def variant_name(variant_id: str) -> str:
    """``{{ game.variant|variant_name }}``: Multiple Void, not multiple_void."""
    from adjudicator.variants import VARIANTS

    variant = VARIANTS.get(variant_id)
    return variant.name if variant is not None else variant_id


@register.filter
def outcome_name(outcome: str) -> str:
    """``{{ r.result|outcome_name }}``: bounce, or Patt."""
    return wording.outcome_name(outcome)


@register.filter
def result_reason(result: Mapping[str, Any]) -> str:
    """``{{ r|result_reason }}``: why an order failed, translated when its parameters are known."""
    return wording.result_reason(result)
