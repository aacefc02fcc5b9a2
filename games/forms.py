from __future__ import annotations

import json
from datetime import timedelta
from typing import Any
from zoneinfo import available_timezones

from django import forms
from django.utils.functional import lazy
from django.utils.text import get_text_list
from django.utils.translation import gettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from adjudicator.variants import find_variant
from bots import knows_variant
from bots.search import SEARCHED_VARIANTS
from games.models import Game, Seat
from games.terms import REMINDER_HOURS_MAX
from games.wording import power_word
from variants.registry import SITE_VARIANTS, offered


def _practice_help() -> str:
    """What a practice game is, naming the variants the bots know (the registry's order)."""
    known = [str(v.name) for v in SITE_VARIANTS if knows_variant(v.id)]
    return gettext(
        "The site's bots take every other seat at once and order within seconds of each "
        "phase; a phase ends when you are ready. %(variants)s."
    ) % {"variants": get_text_list(known, pgettext_lazy("list", "and"))}


def _setup_help() -> str:
    """What the set-up deadline lasts for, in the variants' words for their set-up phases
    (the registry's order)."""
    phases = [
        str(words.deadline_help)
        for v in SITE_VARIANTS
        for words in v.phase_words.values()
        if words.deadline_help
    ]
    return gettext("hours for each set-up phase: %(phases)s") % {"phases": ", ".join(phases)}


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


def time_zones() -> list[str]:
    zones = sorted(z for z in available_timezones() if "/" in z and not z.startswith("Etc/"))
    return ["UTC", *zones]


def _power_name(power: str) -> Any:
    name = power_word(power)
    return name if name is not None else power.capitalize()


def _powers_by_variant(*, searched: bool = False) -> list[tuple[str, Any]]:
    """The powers to choose from, grouped under each variant's name (as a page without
    script shows them; the page's script offers the chosen variant's alone); with
    ``searched``, only the variants the stronger bot plays."""
    return [
        (v.name, [(p, _power_name(p)) for p in v.powers])
        for v in offered()
        if not searched or v.id in SEARCHED_VARIANTS
    ]


def _strong_help() -> str:
    """What the stronger bot is, naming the variants it plays (the registry's order)."""
    known = [str(v.name) for v in SITE_VARIANTS if v.id in SEARCHED_VARIANTS]
    return gettext(
        "In a practice game: the bots of these powers search their moves (about two "
        "seconds a phase) and play better than the others. %(variants)s."
    ) % {"variants": get_text_list(known, pgettext_lazy("list", "and"))}


def _variant_choices() -> list[tuple[str, str]]:
    out = []
    for v in offered():
        low, high = v.player_counts
        if low == high:
            players = _("%(n)d players") % {"n": low}  # every variant takes two or more
        else:
            players = _("%(low)d–%(high)d players") % {"low": low, "high": high}
        out.append((v.id, f"{v.name} ({players})"))
    return out


def _or(value: int | None, default: int) -> int:
    """A number left empty takes its default (0 stays 0)."""
    return default if value is None else value


class GameCreateForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=100)
    variant = forms.ChoiceField(label=_("Variant"), choices=_variant_choices, initial="standard")
    practice_bots = forms.BooleanField(
        label=_("Practice against bots"),
        required=False,
        help_text=lazy(_practice_help, str)(),
    )
    practice_strong = forms.MultipleChoiceField(
        label=_("Powers the stronger bot plays"),
        required=False,
        choices=lambda: _powers_by_variant(searched=True),
        help_text=lazy(_strong_help, str)(),
    )
    movement_hours = _hours(_("Movement deadline"), 24)
    retreat_hours = _hours(_("Retreat deadline"), 12)
    adjustment_hours = _hours(_("Adjustment deadline"), 12)
    setup_hours = _hours(
        _("Set-up deadline"),
        2,
        lazy(_setup_help, str)(),
        required=False,  # only variants with set-up phases use it
    )
    deadline_time = forms.TimeField(
        label=_("Deadlines at (time of day)"),
        required=False,
        help_text=_("Leave empty to let each phase last its hours."),
        widget=forms.TimeInput(attrs={"type": "time"}),
    )
    time_zone = forms.ChoiceField(
        label=_("Time zone"),
        choices=lambda: [(z, z) for z in time_zones()],
        initial="UTC",
        required=False,
    )
    days_off = forms.MultipleChoiceField(
        label=_("Days without deadlines"),
        required=False,
        choices=[
            ("0", _("Monday")),
            ("1", _("Tuesday")),
            ("2", _("Wednesday")),
            ("3", _("Thursday")),
            ("4", _("Friday")),
            ("5", _("Saturday")),
            ("6", _("Sunday")),
        ],
        widget=forms.CheckboxSelectMultiple,
    )
    nmr_policy = forms.ChoiceField(
        label=_("Missed orders"),
        choices=Game.NmrPolicy.choices,
        initial=Game.NmrPolicy.IMMEDIATE,
        required=False,
    )
    exclude_after = forms.IntegerField(
        label=_("Exclude a player after this many missed phases in a row"),
        required=False,
        min_value=1,
        max_value=20,
        help_text=_("Leave empty never to exclude."),
    )
    min_reliability = forms.IntegerField(
        label=_("Minimum reliability to join (%)"),
        initial=0,
        min_value=0,
        max_value=100,
        required=False,
    )
    vacation_handling = forms.ChoiceField(
        label=_("Vacations"),
        choices=Game.VacationHandling.choices,
        initial=Game.VacationHandling.EXTEND,
        required=False,
    )
    reminder_hours = forms.IntegerField(
        label=_("Remind players of missing orders (hours before a deadline)"),
        initial=6,
        min_value=0,
        max_value=REMINDER_HOURS_MAX,
        required=False,
        help_text=_("0 for no reminders; each player may choose their own hours."),
    )
    extensions_per_player = forms.IntegerField(
        label=_("Deadline extensions a player may ask for"),
        initial=1,
        min_value=0,
        max_value=30,
        required=False,
    )
    extensions_per_game = forms.IntegerField(
        label=_("Deadline extensions in the whole game"),
        initial=3,
        min_value=0,
        max_value=30,
        required=False,
    )
    assignment = forms.ChoiceField(
        label=_("Powers"), choices=Game.Assignment.choices, initial=Game.Assignment.RANDOM
    )
    power = forms.ChoiceField(
        label=_("Your power (if chosen)"),
        required=False,
        choices=lambda: [("", "—"), *_powers_by_variant()],
    )
    start_when_full = forms.BooleanField(label=_("Start when full"), required=False, initial=True)
    press = forms.ChoiceField(
        label=_("Press"), choices=Game.Press.choices, initial=Game.Press.FULL, required=False
    )
    private = forms.BooleanField(label=_("Private (join by invite link)"), required=False)
    anonymous = forms.BooleanField(label=_("Anonymous seats"), required=False)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # What the page's script needs to follow the chosen variant: each variant's own
        # powers (in the reader's language), and the variants whose powers are drawn by lot.
        powers = {v.id: [[p, str(_power_name(p))] for p in v.powers] for v in offered()}
        self.fields["power"].widget.attrs["data-powers"] = json.dumps(powers)
        searched = {v: p for v, p in powers.items() if v in SEARCHED_VARIANTS}
        self.fields["practice_strong"].widget.attrs["data-powers"] = json.dumps(searched)
        by_lot = [v for v in offered() if v.powers_by_lot]
        self.fields["assignment"].widget.attrs["data-by-lot"] = json.dumps([v.id for v in by_lot])
        if by_lot:
            self.fields["assignment"].help_text = _(
                "In %(variants)s the powers are always drawn by lot."
            ) % {"variants": ", ".join(v.name for v in by_lot)}

    def clean(self) -> dict[str, Any]:
        """The creator's power is one of the chosen variant's, and players choose powers
        only in a variant whose powers are not drawn by lot."""
        data = super().clean() or {}
        variant_id = data.get("variant")
        if not variant_id:
            return data
        variant = find_variant(variant_id)
        if variant.powers_by_lot and data.get("assignment") == Game.Assignment.CHOSEN:
            self.add_error(
                "assignment",
                _("In %(variant)s the powers are drawn by lot: players cannot choose them.")
                % {"variant": variant.name},
            )
        power = data.get("power")
        # With powers drawn by lot the creator's choice is not used, whatever it was.
        chosen = data.get("assignment") == Game.Assignment.CHOSEN
        if chosen and power and power not in variant.powers:
            self.add_error(
                "power",
                _("%(power)s is not a power of this game.") % {"power": _power_name(power)},
            )
        strong = [p for p in data.get("practice_strong") or () if p in variant.powers]
        if strong and variant.id not in SEARCHED_VARIANTS:
            self.add_error(
                "practice_strong",
                _("In %(variant)s the bots play at the standard level only.")
                % {"variant": variant.name},
            )
        elif strong and not data.get("practice_bots"):
            self.add_error("practice_strong", _("Bot levels are for a practice game with bots."))
        data["practice_strong"] = strong
        return data

    def bot_levels(self) -> dict[str, str]:
        """The level of each power's bot, as game_create takes them: the stronger bot's
        powers named, the others left to the standard level."""
        return dict.fromkeys(self.cleaned_data.get("practice_strong") or (), Seat.BotLevel.STRONG)

    def deadlines(self) -> dict[str, Any]:
        """The deadline and missed-order settings, as game_create takes them."""
        d = self.cleaned_data
        return {
            "movement_deadline": timedelta(hours=d["movement_hours"]),
            "retreat_deadline": timedelta(hours=d["retreat_hours"]),
            "adjustment_deadline": timedelta(hours=d["adjustment_hours"]),
            "setup_deadline": timedelta(hours=d["setup_hours"] or 2),
            "deadline_time": d.get("deadline_time"),
            "time_zone": d.get("time_zone") or "UTC",
            "days_off": [int(x) for x in d.get("days_off") or []],
            "nmr_policy": d.get("nmr_policy") or Game.NmrPolicy.IMMEDIATE,
            "exclude_after": d.get("exclude_after"),
            "min_reliability": d.get("min_reliability") or 0,
            "vacation_handling": d.get("vacation_handling") or Game.VacationHandling.EXTEND,
            "reminder_hours": _or(d.get("reminder_hours"), 6),
            "extensions_per_player": _or(d.get("extensions_per_player"), 1),
            "extensions_per_game": _or(d.get("extensions_per_game"), 3),
        }
