"""Typed read models: frozen dataclasses (and TypedDicts for what they pass through) that
say once what a view holds. :func:`as_dict` renders one as the JSON the page and the
API send, and ``core.api.serializer_for`` derives the API's serializer (and so the
OpenAPI schema) from the same type hints, so a field is declared in one place.

What a type hint cannot say (help for the schema, the values allowed, that a None is
a key left out rather than a null) is said beside it: ``Annotated[T, Doc(...)]``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Annotated, Any, NewType, get_args, get_origin, get_type_hints

#: A moment written in ISO 8601, as the state sends deadlines (a date-time in the schema).
IsoTime = NewType("IsoTime", str)


@dataclass(frozen=True, slots=True)
class Doc:
    """What the API says of a field besides its type.

    ``omitted``: a None is no value at all, and the key is left out (a phase's results
    before it is adjudicated), where a plain ``T | None`` is sent as null.
    ``json``: any JSON (the schema names no shape). ``blank``: may be an empty string.
    ``choices``: the values a string (or each string of a list) may take.
    """

    help_text: str = ""
    choices: tuple[tuple[str, str], ...] | None = None
    omitted: bool = False
    json: bool = False
    blank: bool = False


NO_DOC = Doc()


def doc_of(hint: Any) -> tuple[Any, Doc]:
    """The type of a hint and what its ``Annotated`` says of it (:data:`NO_DOC` if nothing)."""
    if get_origin(hint) is Annotated:
        inner, *extras = get_args(hint)
        return inner, next((e for e in extras if isinstance(e, Doc)), NO_DOC)
    return hint, NO_DOC


@cache
def omitted_fields(cls: type) -> frozenset[str]:
    """The fields of a view class whose None leaves its key out."""
    hints = get_type_hints(cls, include_extras=True)
    return frozenset(name for name, hint in hints.items() if doc_of(hint)[1].omitted)


def as_dict(view: Any) -> Any:
    """``view`` as plain JSON values, its fields in their declared order (the order the
    page's ``#game-state`` has always had), tuples as lists, an omitted None left out."""
    if dataclasses.is_dataclass(view) and not isinstance(view, type):
        left_out = omitted_fields(type(view))
        out: dict[str, Any] = {}
        for f in dataclasses.fields(view):
            value = getattr(view, f.name)
            if value is None and f.name in left_out:
                continue
            out[f.name] = as_dict(value)
        return out
    if isinstance(view, list | tuple):
        return [as_dict(v) for v in view]
    if isinstance(view, Mapping):
        return {k: as_dict(v) for k, v in view.items()}
    return view
