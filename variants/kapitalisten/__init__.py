"""Kapitalisten (8 to 12 investors trade the seven nations' currencies; whoever holds most
of one commands that nation): its site side, the entry players see and its options form.

The rules fix some of a game's terms whatever its creator chose: the investors are
anonymous and play under pseudonyms, press is published press only (signed with any name
but another player's pseudonym), and missed military orders start a search for a
replacement (rule 3.3.2; the exchange never waits, 3.3.1), with no exclusion by the
site's own count (three turns without exchange orders exclude, rule 3.3.1). Orders are
read strictly (rule 7): a faulty order is saved as written and void when adjudicated."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from variants.kapitalisten.demo import demo_games
from variants.kapitalisten.notes import NOTE_WORDS
from variants.kapitalisten.panels import exchange_page, panels
from variants.kapitalisten.words import WORDS
from variants.site import (
    ExclusionWords,
    FormingWords,
    PhaseWords,
    VariantOptionsForm,
    site_entry,
)

SITE = site_entry(
    "kapitalisten",
    _("Kapitalisten"),
    _(
        "Eight to twelve anonymous investors own no nation: they trade the currencies "
        "of the seven great powers, and whoever holds most of a currency gives the orders "
        "of its nation. The richest in victory points wins."
    ),
    phase_words={
        "X": PhaseWords(
            pgettext_lazy("phase", "Opening exchange (Winter 1900)"),
            _("Opening exchange (Winter 1900), round %(n)s"),
        )
    },
    pseudonyms=True,
    strict_orders=True,
    # Rule 3.3.3: who has left is the host's to say; 3.3.1 excludes by its own count.
    reads_absent=True,
    excluding_reasons=frozenset({"investor_excluded"}),
    # An investor commands no nation: excluded, she is neither a power nor in civil
    # disorder; her seat keeps selling and no longer counts for control (rules 3.3.1-4).
    note_words=NOTE_WORDS,
    exclusion=ExclusionWords(
        tag=pgettext_lazy("investor", "excluded"),
    ),
    seats_heading=_("Investors"),
    forming=FormingWords(
        seats=_(
            "Investors own no nation: each plays under the pseudonym chosen on joining, and "
            "the opening exchange (Winter 1900) decides who commands each nation from "
            "Spring 1901."
        ),
        my_seat=_(
            "You have a seat under the pseudonym %(name)s. You own no nation: what you buy "
            "in the opening exchange decides which nations you command."
        ),
    ),
    fixed_terms={
        "anonymous": True,
        "press": "public",
        "nmr_policy": "replacement",
        "exclude_after": None,
    },
    words=WORDS,
    panels=panels,
    pages={"exchange": exchange_page},
    demo_games=demo_games,
)


class OptionsForm(VariantOptionsForm):
    game_fields = ("pseudonym",)

    players = forms.TypedChoiceField(
        label=_("Investors"),
        coerce=int,
        choices=[(n, str(n)) for n in range(8, 13)],
        initial=9,
    )
    last_year = forms.TypedChoiceField(
        label=_("Last year"),
        coerce=int,
        choices=[
            (1910, _("1910 (the German rules)")),
            (1915, _("1915 (the English rules)")),
        ],
        initial=1910,
        help_text=_("The game also ends when a nation holds 18 supply centers after a winter."),
    )

    pseudonym = forms.CharField(
        label=_("Your pseudonym"),
        max_length=30,
        required=False,
        help_text=_(
            "The name you play under. The others never see who is behind a pseudonym, so do "
            "not choose your user name. Needed if you join your game."
        ),
    )

    def creator_pseudonym(self) -> str | None:
        return self.cleaned_data.get("pseudonym") or None

    def options(self) -> dict[str, Any]:
        d = self.cleaned_data
        return {"players": d["players"], "last_year": d["last_year"]}
