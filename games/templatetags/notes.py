"""Template tags that word a phase's notes in the reader's language, as games.notes
declares them."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django import template
from django.template.loader import render_to_string
from django.utils.html import format_html
from django.utils.safestring import SafeString

from games import notes, wording

register = template.Library()


def _power(code: str) -> str:
    """A seat's name as the page's ``power_name`` filter gives it."""
    return wording.power_name(code) if code else ""


@register.filter
def notes_among(phase_notes: Sequence[Any] | None, group: str) -> list[Mapping[str, Any]]:
    """``{% for note in state.phase.notes|notes_among:"play" %}``: the notes of a phase
    shown in one group of its history (games.notes.PLAY or MODERATION), in their order."""
    shown: list[Mapping[str, Any]] = []
    for n in phase_notes or []:
        kind = notes.kind_of(n)
        if kind is not None and kind.among == group:
            shown.append(n)
    return shown


@register.simple_tag
def note_words(note: Mapping[str, Any], variant: str, phase_status: str) -> SafeString | str:
    """``{% note_words note game.variant state.phase.status %}``: the note's paragraph, or
    "" for a note the history does not show (a kind said elsewhere on the page, a question
    no longer waiting, a kind no longer known)."""
    kind = notes.kind_of(note)
    if kind is None or kind.silent:
        return ""
    reading = notes.NoteReading(
        variant=str(variant), phase_open=phase_status == "open", power=_power
    )
    if kind.template:
        return SafeString(
            render_to_string(kind.template, {"note": note, "reading": reading}).strip()
        )
    words = notes.worded(note, reading)
    if not words:
        return ""
    css = f"note {kind.css}" if kind.css else "note"
    return format_html('<p class="{}">{}</p>', css, words)
