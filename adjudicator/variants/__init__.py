"""The registry of variants the adjudicator knows, and how to find one by name.

The registry is explicit: a variant is listed here, nothing registers itself
at import time.
"""

from __future__ import annotations

from adjudicator.errors import UnknownVariant
from adjudicator.variants.base import DecisionRequest, ParadoxRule, Variant
from adjudicator.variants.highlander import Highlander
from adjudicator.variants.multiple_void import MultipleVoid
from adjudicator.variants.standard import Standard

VARIANTS: dict[str, Variant] = {v.id: v for v in (Standard(), Highlander(), MultipleVoid())}


def find_variant(name: str) -> Variant:
    """The variant with this id or alias, in any case.

    Raises:
        UnknownVariant: if no variant answers to that name.
    """
    key = name.strip().lower() if isinstance(name, str) else ""
    if key in VARIANTS:
        return VARIANTS[key]
    for variant in VARIANTS.values():
        if key in variant.aliases or key == variant.name.lower():
            return variant
    raise UnknownVariant(str(name))


__all__ = ["VARIANTS", "DecisionRequest", "ParadoxRule", "Variant", "find_variant"]
