"""Multiple Void (two to six colours draft their units onto an empty board): its site side,
the entry players see and its options form."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from variants.multiple_void.demo import demo_games
from variants.multiple_void.panels import panels
from variants.multiple_void.words import WORDS
from variants.site import PhaseWords, VariantOptionsForm, site_entry

SITE = site_entry(
    "multiple_void",
    _("Multiple Void"),
    _(
        "Two to six players and no great powers: the colours draft their units "
        "onto an empty board, play a single Fall turn in 1900, and keep only the "
        "units that took a supply center."
    ),
    phase_words={
        "D": PhaseWords(
            pgettext_lazy("phase", "Draft"),
            _("Draft, pick %(n)s"),
            always_numbered=True,
            deadline_help=pgettext_lazy("set-up deadline", "each draft pick"),
        )
    },
    words=WORDS,
    panels=panels,
    script="js/variants/multiple_void.js",
    demo_games=demo_games,
)


class OptionsForm(VariantOptionsForm):
    players = forms.TypedChoiceField(
        label=_("Players"),
        coerce=int,
        choices=[
            (2, _("2 players, 12 units each")),
            (3, _("3 players, 8 units each")),
            (4, _("4 players, 6 units each")),
            (5, _("5 players, 5 units each")),
            (6, _("6 players, 4 units each")),
        ],
        initial=4,
    )

    def options(self) -> dict[str, Any]:
        return {"players": self.cleaned_data["players"]}
