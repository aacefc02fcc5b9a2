"""Names people choose (user names, pseudonyms, signatures), as shown and as compared.

Two names are the same name when a reader cannot tell them apart. Unicode lets the same
look be written many ways: full-width letters (``ＴＹＣＯＯＮ``), ligatures, characters that
show nothing at all (a zero-width space, a soft hyphen, a joiner), letters in another case.
Every check that refuses "the same name" (a pseudonym taken in a game, a signature that
is another player's pseudonym, a pseudonym that is a member's user name) compares
:func:`name_key` values, never the raw text; and a name is stored as :func:`shown_name`
leaves it, so what is kept is what every reader sees.
"""

from __future__ import annotations

import functools
import unicodedata

#: Characters that show nothing in a name, outside the format category ``Cf`` (which
#: :func:`_shows` drops whole): the Hangul fillers and the combining grapheme joiner,
#: which Unicode lists as default-ignorable, and the variation selectors.
_INVISIBLE = frozenset(
    {"\u034f", "\u115f", "\u1160", "\u3164", "\uffa0", "\u180b", "\u180c", "\u180d", "\u180f"}
    | {chr(c) for c in range(0xFE00, 0xFE10)}
    | {chr(c) for c in range(0xE0100, 0xE01F0)}
)


def _shows(char: str) -> bool:
    """Whether ``char`` draws something or is a space between words: not a format
    character (zero-width space and joiners, soft hyphen, direction marks), not a control
    character, not another invisible one."""
    if char in _INVISIBLE:
        return False
    return unicodedata.category(char) not in ("Cf", "Cc", "Cs", "Co", "Cn")


def shown_name(text: str) -> str:
    """``text`` as a name is kept and shown: in Unicode's compatibility form (NFKC: the
    full-width ``Ａ`` is ``A``), without characters that show nothing, and with runs of
    white space made one space, none at either end."""
    visible = "".join(c for c in unicodedata.normalize("NFKC", text) if _shows(c))
    return " ".join(visible.split())


def name_key(text: str) -> str:
    """What two names are compared by: :func:`shown_name`, case folded (``ß`` and ``ss``,
    ``K`` and ``k`` alike). Names with the same key look the same to a reader."""
    # Folding can undo the normal form (e.g. it splits some ligatures), so normalise again.
    return unicodedata.normalize("NFKC", shown_name(text).casefold())


#: Marks of writing direction the look-alike table carries around some characters of
#: right-to-left scripts: they show nothing, and are no part of the character.
_DIRECTION_MARKS = "\u200e\u200f"


@functools.cache
def _latin_lookalikes() -> dict[str, str]:
    """Each character of another script (or a non-ASCII sign) that a reader takes for
    basic Latin, with the Latin text it is taken for: Cyrillic ``а`` for ``a``, Greek
    ``Ο`` for ``O``, Cherokee ``Ꭰ`` for ``D``. From Unicode's table of confusables
    (UTS #39), as the ``confusable_homoglyphs`` package keeps it (the one django-registration
    checks user names with). Read once, on first use: the table is large. ASCII itself is
    left alone: ``l`` and ``1``, ``O`` and ``0`` are told apart on this site's pages, and
    refusing ``player1`` because ``playerl`` exists would surprise everyone."""
    # Imported here, not at the top, though it breaks no cycle: importing it loads the
    # whole table, which most processes never need.
    from confusable_homoglyphs.confusables import confusables_data

    table: dict[str, str] = {}
    for char, glyphs in confusables_data.items():
        char = char.strip(_DIRECTION_MARKS)
        if len(char) != 1 or char.isascii():
            continue
        for glyph in glyphs:
            latin = str(glyph["c"]).strip(_DIRECTION_MARKS)
            if latin and latin.isascii():
                # One Latin reading per character: the table has no character read as two
                # different Latin letters (``I``/``i`` aside, which folding makes one).
                table[char] = latin
                break
    return table


def _as_latin(text: str) -> str:
    table = _latin_lookalikes()
    return "".join(table.get(c, c) for c in text)


def lookalike_key(text: str) -> str:
    """What user names are compared by: :func:`name_key`, and a letter of another script
    that looks like a Latin one counted as that Latin letter (``hоuse-bot-6`` with a
    Cyrillic ``о`` is ``house-bot-6``). Two user names with the same key would pass for
    each other on a page, so only one of them may be registered.

    Read as Latin before case is folded (a Cyrillic ``Н`` looks like ``H``, its small
    ``н`` like no Latin letter) and again after (folding makes new small letters)."""
    latin = _as_latin(shown_name(text))
    return _as_latin(unicodedata.normalize("NFKC", latin.casefold()))
