"""Reading request text safely: whole numbers and JSON.

Python's own readers fail on hostile text in ways a view does not expect.
``str.isdigit()`` accepts "²", which ``int()`` then refuses, and "٣", which ``int()``
reads as 3. ``int()`` refuses more than 4,300 digits with a ValueError, and a number it
does read may still be too large for a database integer. ``json.loads`` raises
RecursionError, which is not a ValueError, on text nested a few thousand levels deep.
Every site view that turns request text into a number or a JSON value goes through
here. The API does the same with its serializers' ``IntegerField(max_value=MAX_ID)`` and
with core.api's JSON parser, which uses :func:`json_loads`' limits.

Some characters no text of the site may hold (:func:`storable`): PostgreSQL refuses a NUL
in text and in JSON, and a lone surrogate cannot be written in UTF-8 at all. A request
that carries one anywhere is refused before any view reads it (core.middleware).
"""

from __future__ import annotations

import json
import re
from typing import Any

from django.utils.translation import gettext as _

#: Database keys and indexes beyond this are not ours (and would overflow the database's
#: integers).
MAX_ID = 2**31 - 1

#: How deep JSON from a request may nest. Nothing the site reads needs more than a few
#: levels, and a limit far below the interpreter's recursion limit keeps every later step
#: (serializers, copying, saving) clear of it too.
MAX_JSON_DEPTH = 32


def ascii_digits(raw: str) -> bool:
    """Whether ``raw`` is one or more of the digits 0 to 9 and nothing else (no sign, no
    space, no underscore, no other script's digits, no superscript)."""
    return raw.isascii() and raw.isdigit()


def whole_number(raw: str | None, *, maximum: int = MAX_ID) -> int | None:
    """``raw`` read as a whole number from 0 to ``maximum`` written in :func:`ascii_digits`;
    None for anything else (nothing, a sign, other digits, too many digits, too large)."""
    if raw is None or not ascii_digits(raw) or len(raw) > len(str(maximum)):
        return None
    value = int(raw)
    return value if value <= maximum else None


class JsonTooDeep(ValueError):
    """JSON nested deeper than :data:`MAX_JSON_DEPTH`."""

    def __init__(self) -> None:
        super().__init__(_("it is nested more than %(n)d levels deep") % {"n": MAX_JSON_DEPTH})


def json_depth(value: Any) -> int:
    """How deep ``value`` (a parsed JSON value) nests: 0 for a scalar, 1 for a flat list
    or object. Counted without recursion, so any depth can be measured."""
    deepest = 0
    stack: list[tuple[Any, int]] = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            children: Any = item.values()
        elif isinstance(item, list):
            children = item
        else:
            deepest = max(deepest, depth)
            continue
        deepest = max(deepest, depth + 1)
        stack.extend((child, depth + 1) for child in children)
    return deepest


def check_json_depth(value: Any) -> Any:
    """``value`` itself, if it nests no deeper than :data:`MAX_JSON_DEPTH`.

    Raises:
        JsonTooDeep: if it nests deeper.
    """
    if json_depth(value) > MAX_JSON_DEPTH:
        raise JsonTooDeep
    return value


def json_loads(text: str | bytes) -> Any:
    """``json.loads(text)``, with every failure a ValueError.

    Raises:
        JsonTooDeep: if the value nests deeper than :data:`MAX_JSON_DEPTH` (also when it
            nests so deep that the parser itself gives up).
        UnstorableJson: if a string of it is not :func:`storable` (``"\\u0000"``).
        ValueError: if the text is not JSON.
    """
    try:
        value = json.loads(text)
    except RecursionError:
        raise JsonTooDeep from None
    return check_json_storable(check_json_depth(value))


#: What no stored text may hold: the NUL character (PostgreSQL's text and jsonb refuse it)
#: and the surrogates, which stand for nothing alone and have no UTF-8 form.
_UNSTORABLE = re.compile("[\x00\ud800-\udfff]")


def storable(text: str) -> bool:
    """Whether ``text`` could be kept in the database as it is: no NUL character, no lone
    surrogate."""
    return _UNSTORABLE.search(text) is None


class UnstorableJson(ValueError):
    """JSON with a string that is not :func:`storable`: its escapes write a NUL
    (``\\u0000``) or a lone surrogate (``\\ud800``), which no text of the site may hold."""

    def __init__(self) -> None:
        super().__init__(
            _("it holds a character that no text may contain (U+0000, or half of a surrogate pair)")
        )


def check_json_storable(value: Any) -> Any:
    """``value`` itself, if every string of it is :func:`storable`.

    Raises:
        UnstorableJson: if one is not.
    """
    if not storable_json(value):
        raise UnstorableJson
    return value


def storable_json(value: Any) -> bool:
    """Whether every string of ``value`` (a parsed JSON value), keys included, is
    :func:`storable`. Walked without recursion, as :func:`json_depth` is."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            if not storable(item):
                return False
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return True
