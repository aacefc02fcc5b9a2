"""How Kapitalisten words the notes of a game's history its own way: an investor commands
no nation, so an excluded one is neither a power nor in civil disorder; her seat keeps
selling and no longer counts for control (rules 3.3.1-4)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.safestring import SafeString
from django.utils.translation import gettext as _

from variants.notes import NoteReading, Words, said


def excluded(note: Mapping[str, Any], reading: NoteReading) -> SafeString:
    """The site's ``excluded`` note, of an investor."""
    power = reading.power(str(note.get("power", "")))
    if note.get("by") == "moderator":
        return said(
            _(
                "A moderator excluded %(power)s: until a replacement takes the seat over, the "
                "investor sells 500 of every currency each turn and no longer counts for "
                "control of any nation (rules 3.3.3 and 3.3.4)."
            ),
            power=power,
        )
    return said(
        _(
            "%(power)s gave no exchange orders for %(n)s turns in a row and is excluded "
            "(rule 3.3.1): until a replacement takes the seat over, the investor sells 500 "
            "of every currency each turn and no longer counts for control of any nation "
            "(rules 3.3.3 and 3.3.4)."
        ),
        power=power,
        n=note.get("misses", ""),
    )


#: The site's note kinds Kapitalisten words its own way.
NOTE_WORDS: dict[str, Words] = {"excluded": excluded}
