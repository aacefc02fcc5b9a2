"""Rather Silly (seven seats, or eleven with the four roles): its site side, the entry
players see and its options form."""

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
        "llamas, with a tunnel through the Alps, a hyperspace link the players vote for "
        "every season, birds, devil units, Amazons and Siamese twins; with eleven seats, "
        "the Fool, the Superbrain, the Doctor and the Fortune-teller. Every random event "
        "is drawn from a stored seed."
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
            "The Fool, the Superbrain, the Doctor and the Fortune-teller take seats (eleven "
            "in all), play their roles and vote for the hyperspace link. Without them the "
            "game has seven seats."
        ),
    )
    fifth_fleet = forms.BooleanField(
        label=_("The fifth fleet"),
        required=False,
        help_text=_(
            "Every fifth fleet a great power builds from Winter 1901 is immune to the "
            "Amazons and is attacked by other players' units next to it when it enters a "
            "coastal province (the game master may call the attack off). Off by default."
        ),
    )

    def options(self) -> dict[str, Any]:
        return {
            "roles": bool(self.cleaned_data.get("roles")),
            "fifth_fleet": bool(self.cleaned_data.get("fifth_fleet")),
        }
