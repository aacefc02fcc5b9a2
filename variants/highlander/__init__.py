"""Highlander (two players, a secret nomination of centers, free placement, twin-board duels
by rule 7): its site side, the entry players see and its options form."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from variants.highlander.demo import demo_games
from variants.highlander.drawing import order_shapes
from variants.highlander.panels import panels
from variants.highlander.words import WORDS
from variants.site import PhaseWords, VariantOptionsForm, site_entry

SITE = site_entry(
    "highlander",
    _("Highlander"),
    _(
        "Diplomacy for two: both players choose their starting centers in secret, "
        "place their own units, and play one movement turn a year with builds in "
        "any center they own. Can be played as a duel on two boards."
    ),
    phase_words={
        "N": PhaseWords(
            pgettext_lazy("phase", "Nomination of centers"),
            _("Nomination of centers, round %(n)s"),
            deadline_help=pgettext_lazy("set-up deadline", "a nomination"),
        ),
        "P": PhaseWords(
            pgettext_lazy("phase", "Placement of units"),
            _("Placement of units (%(n)s)"),
            deadline_help=pgettext_lazy("set-up deadline", "a placement"),
        ),
    },
    words=WORDS,
    panels=panels,
    script="js/variants/highlander.js",
    stylesheet="css/variants/highlander.css",
    order_shapes=order_shapes,
    # Rule 7: two games can be played as a twin-board duel (adjudicator's highlander.duel).
    duel_boards=True,
    demo_games=demo_games,
)


class OptionsForm(VariantOptionsForm):
    game_fields = ("twin_boards",)

    nomination = forms.ChoiceField(
        label=_("Set-up"),
        choices=[
            ("free", _("Rule 3: each player nominates 15 centers in secret")),
            ("every_power", _("Rule 3A: as rule 3, with a center of every great power")),
            ("fixed", _("Rule 3B: the organiser fixes the set-up")),
        ],
        initial="free",
    )
    red_setup = forms.CharField(
        label=_("Red's set-up (rule 3B)"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 2}),
        help_text=_(
            'Units, separated by commas ("A vie, F lon, F spa/nc"), or only centers '
            '("vie, lon, spa"): then both players place their units themselves.'
        ),
    )
    blue_setup = forms.CharField(
        label=_("Blue's set-up (rule 3B)"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 2}),
    )
    twin_boards = forms.BooleanField(
        label=_("Twin-board duel (rule 7): a second board with the set-up inverted"),
        required=False,
    )

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        fixed = data.get("nomination") == "fixed"
        if fixed and not (data.get("red_setup", "").strip() and data.get("blue_setup", "").strip()):
            raise forms.ValidationError(_("Rule 3B needs a set-up for both colours."))
        if not fixed and (data.get("red_setup", "").strip() or data.get("blue_setup", "").strip()):
            raise forms.ValidationError(_("A set-up is only given with rule 3B."))
        if fixed:
            entries = {
                colour: [e.strip() for e in data[f"{colour}_setup"].split(",") if e.strip()]
                for colour in ("red", "blue")
            }
            with_kind = [e[:2].upper() in ("A ", "F ") for es in entries.values() for e in es]
            if any(with_kind) and not all(with_kind):
                raise forms.ValidationError(
                    _("Give either units for every center, or only centers.")
                )
            data["_entries"] = entries
            data["_units"] = all(with_kind)
        return data

    def options(self) -> dict[str, Any]:
        d = self.cleaned_data
        if d["nomination"] != "fixed":
            return {"nomination": d["nomination"]}
        entries: dict[str, list[str]] = d["_entries"]
        if d["_units"]:
            centers = {
                c: [e.split()[1].split("/")[0].lower() for e in es] for c, es in entries.items()
            }
            setup: dict[str, Any] = {"centers": centers, "units": entries}
        else:
            setup = {"centers": {c: [e.lower() for e in es] for c, es in entries.items()}}
        return {"nomination": "fixed", "fixed_setup": setup}

    def duel(self) -> bool:
        return bool(self.cleaned_data.get("twin_boards"))
