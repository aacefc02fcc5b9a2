from __future__ import annotations

from datetime import timedelta
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from adjudicator.variants import VARIANTS
from games.models import Game
from games.wording import POWER_NAMES


def _hours(
    label: str, default: float, help_text: Any = None, *, required: bool = True
) -> forms.FloatField:
    return forms.FloatField(
        label=label,
        required=required,
        initial=default,
        min_value=1 / 60,
        max_value=14 * 24,
        help_text=help_text or _("hours (a minute is 0.0167)"),
    )


def _all_powers() -> list[tuple[str, Any]]:
    seen: dict[str, Any] = {}
    for variant in VARIANTS.values():
        for p in variant.powers:
            seen.setdefault(p, POWER_NAMES.get(p, p.capitalize()))
    return list(seen.items())


def _variant_choices() -> list[tuple[str, str]]:
    out = []
    for v in VARIANTS.values():
        low, high = v.player_counts
        if low == high:
            players = _("%(n)d players") % {"n": low}  # every variant takes two or more
        else:
            players = _("%(low)d–%(high)d players") % {"low": low, "high": high}
        out.append((v.id, f"{v.name} ({players})"))
    return out


class GameCreateForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=100)
    variant = forms.ChoiceField(label=_("Variant"), choices=_variant_choices, initial="standard")
    movement_hours = _hours(_("Movement deadline"), 24)
    retreat_hours = _hours(_("Retreat deadline"), 12)
    adjustment_hours = _hours(_("Adjustment deadline"), 12)
    setup_hours = _hours(
        _("Set-up deadline"),
        2,
        _("hours for each set-up phase: a nomination, a placement, each draft pick"),
        required=False,  # only variants with set-up phases use it
    )
    assignment = forms.ChoiceField(
        label=_("Powers"), choices=Game.Assignment.choices, initial=Game.Assignment.RANDOM
    )
    power = forms.ChoiceField(
        label=_("Your power (if chosen)"), required=False, choices=[("", "—"), *_all_powers()]
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
            "setup_deadline": timedelta(hours=d["setup_hours"] or 2),
        }


# -- each variant's options ------------------------------------------------------------------


class VariantOptionsForm(forms.Form):
    """A variant's rule choices; ``options()`` gives them as the adjudicator reads them."""

    def options(self) -> dict[str, Any]:
        return {}

    def duel(self) -> bool:
        return False


class StandardOptionsForm(VariantOptionsForm):
    pass


class HighlanderOptionsForm(VariantOptionsForm):
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


class MultipleVoidOptionsForm(VariantOptionsForm):
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


OPTION_FORMS: dict[str, type[VariantOptionsForm]] = {
    "standard": StandardOptionsForm,
    "highlander": HighlanderOptionsForm,
    "multiple_void": MultipleVoidOptionsForm,
}


def option_forms(data: Any = None) -> dict[str, VariantOptionsForm]:
    """One options form per variant, each with the variant's id as its prefix."""
    return {vid: cls(data, prefix=vid) for vid, cls in OPTION_FORMS.items()}
