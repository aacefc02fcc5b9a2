"""The registry of variants the adjudicator knows, and how to find one by name.

The registry is explicit: a variant is listed here, nothing registers itself
at import time.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator, MutableMapping

from adjudicator.errors import UnknownVariant
from adjudicator.results import Reason
from adjudicator.variants.base import DecisionRequest, ParadoxRule, Question, Variant
from adjudicator.variants.standard import Standard


def _highlander() -> Variant:
    from adjudicator.variants.highlander import Highlander

    return Highlander()


def _multiple_void() -> Variant:
    from adjudicator.variants.multiple_void import MultipleVoid

    return MultipleVoid()


def _kapitalisten() -> Variant:
    from adjudicator.variants.kapitalisten import Kapitalisten

    return Kapitalisten()


def _rather_silly() -> Variant:
    from adjudicator.variants.rather_silly import RatherSilly

    return RatherSilly()


class _Registry(MutableMapping[str, Variant]):
    """The variants by id, in the order listed; each is made (and its module imported)
    the first time it is asked for, so that a command line resolving standard positions
    does not start by importing every other variant's rules. A variant made elsewhere (a
    test's) may be put in and taken out like a dict's item."""

    def __init__(self, makers: dict[str, Callable[[], Variant]]) -> None:
        self._makers = makers
        self._made: dict[str, Variant] = {}

    def __getitem__(self, key: str) -> Variant:
        made = self._made.get(key)
        if made is None:
            made = self._makers[key]()
            assert made.id == key, f"variant {made.id!r} listed as {key!r}"
            self._made[key] = made
        return made

    def __setitem__(self, key: str, variant: Variant) -> None:
        self._makers[key] = lambda: variant
        self._made[key] = variant

    def __delitem__(self, key: str) -> None:
        del self._makers[key]
        self._made.pop(key, None)

    def __contains__(self, key: object) -> bool:
        return key in self._makers

    def __iter__(self) -> Iterator[str]:
        return iter(self._makers)

    def __len__(self) -> int:
        return len(self._makers)


VARIANTS: MutableMapping[str, Variant] = _Registry(
    {
        "standard": Standard,
        "highlander": _highlander,
        "multiple_void": _multiple_void,
        "kapitalisten": _kapitalisten,
        "rather_silly": _rather_silly,
    }
)


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


_SHIPPED = tuple(VARIANTS)


@functools.cache
def shipped_reasons() -> tuple[Reason, ...]:
    """Every reason of the core and of the variants the adjudicator ships, each worded by
    the site too (never one a test or another program declared). Variants declare theirs
    as their modules load, and the registry loads a variant when it is first asked for:
    this asks for each of them first."""
    for variant_id in _SHIPPED:
        VARIANTS[variant_id]
    return tuple(r for r in Reason.declared() if r.declared_in.startswith("adjudicator."))


__all__ = [
    "VARIANTS",
    "DecisionRequest",
    "ParadoxRule",
    "Question",
    "Variant",
    "find_variant",
    "shipped_reasons",
]
