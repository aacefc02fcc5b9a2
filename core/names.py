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
