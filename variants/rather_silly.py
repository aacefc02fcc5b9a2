"""Rather Silly (eleven seats: the seven great powers and four roles; part 1, the board's
creatures and links): its site side, the entry players see and its options form."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from variants.site import PhaseWords, VariantOptionsForm, site_entry

SITE = site_entry(
    "rather_silly",
    _("Rather Silly"),
    _(
        "The seven great powers against the Borg, sea and space monsters and exploding "
        "llamas, with a tunnel through the Alps and a hyperspace link the players vote "
        "for every season. Every random event is drawn from a stored seed."
    ),
    phase_words={
        "L": PhaseWords(
            pgettext_lazy("phase", "Llamas (Winter 1900)"),
            _("Llamas (Winter 1900), round %(n)s"),
        )
    },
)


class OptionsForm(VariantOptionsForm):
    roles = forms.BooleanField(
        label=_("Seats for the four roles"),
        required=False,
        help_text=_(
            "The Fool, the Superbrain, the Doctor and the Fortune-teller take seats and "
            "vote for the hyperspace link; their roles' powers come with the next part. "
            "Without them the game has seven seats."
        ),
    )

    def options(self) -> dict[str, Any]:
        return {"roles": bool(self.cleaned_data.get("roles"))}
