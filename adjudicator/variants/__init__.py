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
    does not start by importing every other variant's rules. Each is listed with the
    other names it answers to, so that finding one by alias makes none of the others. A
    variant made elsewhere (a test's) may be put in and taken out like a dict's item."""

    def __init__(self, listed: dict[str, tuple[Callable[[], Variant], tuple[str, ...]]]) -> None:
        self._makers = {key: make for key, (make, _) in listed.items()}
        self._names = {key: names for key, (_, names) in listed.items()}
        self._made: dict[str, Variant] = {}

    def __getitem__(self, key: str) -> Variant:
        made = self._made.get(key)
        if made is None:
            made = self._makers[key]()
            assert made.id == key, f"variant {made.id!r} listed as {key!r}"
            # The names listed here are the ones find_variant answers to before it is made.
            assert _names_of(made) == frozenset(self._names[key]), (
                f"variant {key!r} listed with names {self._names[key]!r}, "
                f"but answers to {sorted(_names_of(made))!r}"
            )
            self._made[key] = made
        return made

    def __setitem__(self, key: str, variant: Variant) -> None:
        self._makers[key] = lambda: variant
        self._names[key] = tuple(sorted(_names_of(variant)))
        self._made[key] = variant

    def __delitem__(self, key: str) -> None:
        del self._makers[key]
        del self._names[key]
        self._made.pop(key, None)

    def __contains__(self, key: object) -> bool:
        return key in self._makers

    def __iter__(self) -> Iterator[str]:
        return iter(self._makers)

    def __len__(self) -> int:
        return len(self._makers)

    def answering(self, name: str) -> str | None:
        """The id of the variant that answers to ``name`` (lower case) as an alias or by
        its name, without making any variant; None if none does."""
        for key, names in self._names.items():
            if name in names:
                return key
        return None


def _names_of(variant: Variant) -> frozenset[str]:
    """The names a variant answers to besides its id: its aliases and its name, lower case."""
    return frozenset({*variant.aliases, variant.name.lower()})


VARIANTS = _Registry(
    {
        "standard": (Standard, ("classical", "diplomacy", "standard")),
        "highlander": (_highlander, ("highlander",)),
        "multiple_void": (_multiple_void, ("multiple-void", "multiplevoid", "multiple void")),
        "kapitalisten": (_kapitalisten, ("capitalists", "kapitalisten-diplomacy", "kapitalisten")),
        "rather_silly": (_rather_silly, ("rather-silly", "rathersilly", "rs", "rather silly")),
    }
)


def find_variant(name: str) -> Variant:
    """The variant with this id or alias, in any case; only that variant is made.

    Raises:
        UnknownVariant: if no variant answers to that name.
    """
    key = name.strip().lower() if isinstance(name, str) else ""
    if key in VARIANTS:
        return VARIANTS[key]
    found = VARIANTS.answering(key)
    if found is not None:
        return VARIANTS[found]
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
