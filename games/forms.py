from __future__ import annotations

from datetime import timedelta

from django import forms
from django.utils.translation import gettext_lazy as _

from adjudicator.variants import VARIANTS
from games.models import Game
from games.wording import POWER_NAMES


def _hours(label: str, default: float) -> forms.FloatField:
    return forms.FloatField(
        label=label,
        initial=default,
        min_value=1 / 60,
        max_value=14 * 24,
        help_text=_("hours (a minute is 0.0167)"),
    )


class GameCreateForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=100)
    variant = forms.ChoiceField(
        label=_("Variant"), choices=[(v.id, v.name) for v in VARIANTS.values()], initial="standard"
    )
    movement_hours = _hours(_("Movement deadline"), 24)
    retreat_hours = _hours(_("Retreat deadline"), 12)
    adjustment_hours = _hours(_("Adjustment deadline"), 12)
    assignment = forms.ChoiceField(
        label=_("Powers"), choices=Game.Assignment.choices, initial=Game.Assignment.RANDOM
    )
    power = forms.ChoiceField(
        label=_("Your power (if chosen)"),
        required=False,
        choices=[("", "—")]
        + [(p, POWER_NAMES.get(p, p.capitalize())) for p in VARIANTS["standard"].powers],
    )
    start_when_full = forms.BooleanField(label=_("Start when full"), required=False, initial=True)
    private = forms.BooleanField(label=_("Private (join by invite link)"), required=False)
    anonymous = forms.BooleanField(label=_("Anonymous seats"), required=False)

    def deadlines(self) -> dict[str, timedelta]:
        d = self.cleaned_data
        return {
            "movement_deadline": timedelta(hours=d["movement_hours"]),
            "retreat_deadline": timedelta(hours=d["retreat_hours"]),
            "adjustment_deadline": timedelta(hours=d["adjustment_hours"]),
        }
