"""What a note in a phase's history is: its kind, declared once with the parameters it
carries and how it is worded. A note stores its kind and its parameters (powers, ids,
counts), never a sentence; the sentence is made when a page shows it, in the reader's
language. The site's kinds are declared in ``games.notes``; the type lives here, below the
games app, so a variant could declare a kind of its own beside its other words."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe

#: Where a page shows a note: with what the players did and decided (missed orders,
#: votes), or with what the site and its moderators did (rulings, exclusions, deadlines
#: moved). The game page lists the first group before the second.
PLAY = "play"
MODERATION = "moderation"


@dataclass(frozen=True, slots=True)
class NoteReading:
    """What a note's words may ask of the page showing it: plain values, so a declaration
    needs nothing of the games app."""

    #: The game's variant ("kapitalisten" words an exclusion its own way).
    variant: str
    #: The phase the note is in is still open (a question asked is said while it waits).
    phase_open: bool
    #: A seat's name as the page shows it, in the reader's language.
    power: Callable[[str], str]

    def powers(self, codes: Sequence[str]) -> str:
        """Seats' names, as a list reads ("England, France")."""
        return ", ".join(self.power(str(c)) for c in codes)


#: A note's words, as the page shows them ("" where it says nothing of this note).
Words = Callable[[Mapping[str, Any], NoteReading], SafeString | str]


def said(sentence: object, **values: object) -> SafeString:
    """``sentence`` (translated) with its ``%(name)s`` placeholders filled: the values
    escaped, the sentence not, as a template's ``blocktranslate`` does."""
    text = str(sentence)
    if values:
        text = text % {name: conditional_escape(value) for name, value in values.items()}
    # The sentence is the site's own, from its catalogue: markup-free, like a template's.
    return mark_safe(text)


@dataclass(frozen=True, slots=True)
class NoteKind:
    """One kind of note, declared once."""

    #: What the note stores as its ``kind``.
    code: str
    #: Its parameters, every note of the kind has each.
    params: tuple[str, ...] = ()
    #: Its parameters that only some notes of the kind have.
    optional: tuple[str, ...] = ()
    #: Its words; or :attr:`template` where its display has markup; or neither where
    #: :attr:`silent` says why the history shows nothing of it.
    words: Words | None = None
    #: A partial template showing it, given ``note`` and ``reading``.
    template: str = ""
    #: The classes of its paragraph beside ``note``.
    css: str = ""
    #: Which group of the history it is shown in (:data:`PLAY` or :data:`MODERATION`).
    among: str = MODERATION
    #: Why a kind has no words in the history (another part of the page says it).
    silent: str = ""

    def __post_init__(self) -> None:
        if not self.code or not all(c.islower() or c == "_" for c in self.code):
            raise ValueError(f"a note kind is lower-case words joined by '_', not {self.code!r}")
        if sum(bool(x) for x in (self.words, self.template, self.silent)) != 1:
            raise ValueError(f"note kind {self.code!r}: give it words, a template, or why not")
        if self.among not in (PLAY, MODERATION):
            raise ValueError(f"note kind {self.code!r}: shown among {PLAY!r} or {MODERATION!r}")

    def checked(self, params: Mapping[str, Any]) -> dict[str, Any]:
        """A note of this kind with ``params``, as stored.

        Raises:
            ValueError: for a parameter missing or not declared.
        """
        missing = [p for p in self.params if p not in params]
        unknown = [p for p in params if p not in self.params and p not in self.optional]
        if missing or unknown:
            raise ValueError(
                f"note {self.code!r}: missing {missing or 'nothing'}, "
                f"undeclared {unknown or 'none'}"
            )
        return {"kind": self.code, **params}
