"""What is worked out once per map (or per variant) and kept while that lives: a map's
spellings, the orders read on it, its legal-order tables, the sentences said of it.

Maps and variants are immutable and long-lived, and the same one is asked for again and
again (every order of every phase of a batch): the one asked last is at hand without even
the weak dictionary's look-up.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable
from typing import Generic, TypeVar

K = TypeVar("K")
V = TypeVar("V")


class KeptPer(Generic[K, V]):
    """``kept(key)``: the value made by ``make(key)`` the first time ``key`` is asked for,
    kept as long as ``key`` lives (weakly: a map that goes, goes with what it kept)."""

    __slots__ = ("_kept", "_last", "_make")

    def __init__(self, make: Callable[[K], V]) -> None:
        self._make = make
        self._kept: weakref.WeakKeyDictionary[K, V] = weakref.WeakKeyDictionary()
        self._last: tuple[weakref.ref[K], V] | None = None

    def __call__(self, key: K) -> V:
        last = self._last
        if last is not None and last[0]() is key:
            return last[1]
        value = self._kept.get(key)
        if value is None:
            value = self._kept[key] = self._make(key)
        self._last = (weakref.ref(key), value)
        return value

    def values(self) -> list[V]:
        """Everything kept now."""
        return list(self._kept.values())
