"""The organiser's forms: a new tournament, and the set-up a round's duels start from."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from games.models import Game
from tournaments.duels import fixed_setup
from tournaments.groups import TieBreak
from tournaments.models import Tournament
from tournaments.wording import SCORING_NAMES

TIE_BREAK_NAMES = {
    TieBreak.HEAD_TO_HEAD: _("head-to-head among those level"),
    TieBreak.BOARDS_WON: _("boards won per duel"),
    TieBreak.CENTRES: _("centers per duel"),
    TieBreak.SEED: _("the better seed"),
    TieBreak.PLAYOFF: _("a play-off duel"),
}


def _hours(label: Any, default: float) -> forms.FloatField:
    return forms.FloatField(
        label=label, initial=default, min_value=1 / 60, max_value=14 * 24, help_text=_("hours")
    )


class TournamentForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=100)
    format = forms.ChoiceField(label=_("Format"), choices=Tournament.Format.choices)
    description = forms.CharField(label=_("Description"), widget=forms.Textarea, required=False)
    rules_text = forms.CharField(
        label=_("Rules"),
        widget=forms.Textarea,
        required=False,
        help_text=_("Shown on the tournament's page, with the site's own rules for its format."),
    )
    private = forms.BooleanField(label=_("Private (enter by invite link)"), required=False)
    registration_closes = forms.DateTimeField(
        label=_("Registration closes (UTC)"),
        required=False,
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}),
    )
    max_players = forms.IntegerField(label=_("Most players"), min_value=2, required=False)
    min_reliability = forms.IntegerField(
        label=_("Minimum reliability (%)"), min_value=0, max_value=100, initial=0
    )
    min_rating = forms.IntegerField(
        label=_("Minimum rating"),
        required=False,
        min_value=0,
        help_text=_(
            "The duel rating for a tournament of duels, the multiplayer rating for rounds of "
            "standard games."
        ),
    )
    bots_allowed = forms.BooleanField(
        label=_("Bots may enter"),
        required=False,
        help_text=_("Accounts marked as bots, which play through the API. Off: bots are refused."),
    )
    check_in_required = forms.BooleanField(
        label=_("Players check in before the draw"), required=False, initial=True
    )
    seeding = forms.ChoiceField(label=_("Seeding"), choices=Tournament.Seeding.choices)
    reseed = forms.BooleanField(label=_("Reseed between rounds"), required=False)
    third_place = forms.BooleanField(label=_("Play a match for third place"), required=False)
    group_count = forms.IntegerField(label=_("Groups"), min_value=1, max_value=32, initial=2)
    advance_per_group = forms.IntegerField(
        label=_("Players through from each group"), min_value=1, max_value=16, initial=2
    )
    tie_breaks = forms.MultipleChoiceField(
        label=_("Tie-breaks after wins"),
        required=False,
        choices=[(t.value, TIE_BREAK_NAMES[t]) for t in TieBreak],
        initial=[TieBreak.HEAD_TO_HEAD.value, TieBreak.BOARDS_WON.value, TieBreak.CENTRES.value],
        widget=forms.CheckboxSelectMultiple,
        help_text=_("Applied in the order listed; the better seed or a play-off ends the ladder."),
    )
    rounds_planned = forms.IntegerField(
        label=_("Rounds of standard games"), min_value=1, max_value=20, initial=3, required=False
    )
    scoring = forms.ChoiceField(
        label=_("Boards scored by"),
        choices=list(SCORING_NAMES.items()),
        initial="sum_of_squares",
        required=False,
    )
    combine = forms.ChoiceField(
        label=_("Rounds combined by"),
        choices=Tournament.Combine.choices,
        initial=Tournament.Combine.SUM,
        required=False,
        help_text=_(
            "Rounds scored by different systems cannot be summed raw: choose rank points "
            "or scaled scores for them."
        ),
    )
    last_year = forms.IntegerField(
        label=_("Games end after the year"),
        min_value=1901,
        max_value=2100,
        required=False,
        help_text=_(
            "After that year's winter each game stops by time, its powers ranked by "
            "centers (the World Diplomacy Championship plays seven years: 1907). Each "
            "round may set its own. Empty: games play to a solo or a draw."
        ),
    )
    best_rounds = forms.IntegerField(
        label=_("Rounds counted (best)"),
        min_value=1,
        max_value=20,
        required=False,
        help_text=_("Leave empty to count every round."),
    )
    sit_out_points = forms.FloatField(
        label=_("Points for sitting out a round"),
        min_value=0,
        max_value=10000,
        required=False,
        help_text=_(
            "What a player scores for a round he sits out to make the boards whole, in "
            "the round's system's points. Empty: nothing."
        ),
    )
    top_board = forms.BooleanField(
        label=_("The last round puts the best seven on a top board"), required=False
    )
    top_board_multiplier = forms.DecimalField(
        label=_("Top board scores count"),
        min_value=Decimal("0.1"),
        max_value=10,
        initial=1,
        decimal_places=2,
        required=False,
        help_text=_("times"),
    )
    movement_hours = _hours(_("Movement deadline"), 24)
    retreat_hours = _hours(_("Retreat deadline"), 12)
    adjustment_hours = _hours(_("Adjustment deadline"), 12)
    setup_hours = _hours(_("Set-up deadline (nomination, placement)"), 12)
    press = forms.ChoiceField(label=_("Press"), choices=Game.Press.choices)
    nmr_policy = forms.ChoiceField(
        label=_("Missed orders"), choices=Game.NmrPolicy.choices, initial=Game.NmrPolicy.GRACE
    )
    grace_hours = forms.FloatField(
        label=_("Grace period"),
        min_value=0,
        max_value=7 * 24,
        initial=12,
        help_text=_("hours a missed deadline is extended before the miss counts"),
    )

    #: The form's parts, each with the formats it is for: the page shows those of the
    #: chosen format alone (a plain knock-out has no groups, scoring or rounds to fill
    #: in). Without script every part is shown, each legend saying what it is for, and
    #: the fields of other formats keep their defaults.
    PARTS: tuple[tuple[Any, tuple[str, ...], tuple[Any, ...]], ...] = (
        (None, ("name", "format", "description", "rules_text"), ()),
        (
            _("Entry and the draw"),
            (
                "private",
                "registration_closes",
                "max_players",
                "min_reliability",
                "min_rating",
                "bots_allowed",
                "check_in_required",
                "seeding",
            ),
            (),
        ),
        (
            _("Highlander duels"),
            ("reseed", "third_place", "setup_hours"),
            (Tournament.Format.KNOCKOUT, Tournament.Format.GROUPS),
        ),
        (
            _("Groups"),
            ("group_count", "advance_per_group", "tie_breaks"),
            (Tournament.Format.GROUPS,),
        ),
        (
            _("Rounds of standard games"),
            (
                "rounds_planned",
                "scoring",
                "combine",
                "last_year",
                "best_rounds",
                "top_board",
                "top_board_multiplier",
            ),
            (Tournament.Format.ROUNDS,),
        ),
        (
            _("Games"),
            (
                "movement_hours",
                "retreat_hours",
                "adjustment_hours",
                "press",
                "nmr_policy",
                "grace_hours",
            ),
            (),
        ),
    )

    def parts(self) -> list[dict[str, Any]]:
        """The form's parts as the page lays them out: a legend, the formats a part is
        for ("" for every format) and its bound fields."""
        return [
            {
                "legend": legend,
                "formats": " ".join(str(f) for f in formats),
                "fields": [self[name] for name in names],
            }
            for legend, names, formats in self.PARTS
        ]

    def settings(self) -> dict[str, Any]:
        """The form as tournament_create's settings."""
        d = self.cleaned_data
        ladder = [t.value for t in TieBreak if t.value in d["tie_breaks"]]
        return {
            "description": d["description"],
            "rules_text": d["rules_text"],
            "private": d["private"],
            "registration_closes": d["registration_closes"],
            "max_players": d["max_players"],
            "min_reliability": d["min_reliability"] or 0,
            "min_rating": d["min_rating"],
            "bots_allowed": d["bots_allowed"],
            "check_in_required": d["check_in_required"],
            "seeding": d["seeding"],
            "reseed": d["reseed"],
            "third_place": d["third_place"],
            "group_count": d["group_count"] or 1,
            "advance_per_group": d["advance_per_group"] or 1,
            "tie_breaks": ladder,
            "movement_deadline": timedelta(hours=d["movement_hours"]),
            "retreat_deadline": timedelta(hours=d["retreat_hours"]),
            "adjustment_deadline": timedelta(hours=d["adjustment_hours"]),
            "setup_deadline": timedelta(hours=d["setup_hours"]),
            "press": d["press"],
            "nmr_policy": d["nmr_policy"],
            "grace_period": timedelta(hours=d["grace_hours"]),
            "rounds_planned": d["rounds_planned"] or 3,
            "scoring": d["scoring"] or "sum_of_squares",
            "combine": d["combine"] or Tournament.Combine.SUM,
            "last_year": d["last_year"],
            "best_rounds": d["best_rounds"],
            "sit_out_points": d["sit_out_points"],
            "top_board": d["top_board"],
            "top_board_multiplier": d["top_board_multiplier"] or Decimal(1),
        }


class SetupForm(forms.Form):
    """Rule 3B: each colour's units (one per center), as "A par, F bre"; empty lets the
    players nominate."""

    red = forms.CharField(
        label=_("Red's units"), required=False, widget=forms.Textarea(attrs={"rows": 2})
    )
    movement_hours = forms.FloatField(
        label=_("This round's movement deadline (hours)"),
        required=False,
        min_value=1 / 60,
        max_value=14 * 24,
        help_text=_("Leave empty for the tournament's."),
    )
    blue = forms.CharField(
        label=_("Blue's units"), required=False, widget=forms.Textarea(attrs={"rows": 2})
    )
    third_place_hours = forms.FloatField(
        label=_("The match for third place's movement deadline (hours)"),
        required=False,
        min_value=1 / 60,
        max_value=14 * 24,
        help_text=_("Leave empty for the tournament's (not the final's)."),
    )

    def __init__(self, *args: Any, third_place: bool = True, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # Only the final round of a knock-out with a match for third place holds one.
        if not third_place:
            del self.fields["third_place_hours"]

    def setup(self) -> dict[str, Any]:
        d = self.cleaned_data
        return fixed_setup(
            {colour: d[colour].replace("\n", ",").split(",") for colour in ("red", "blue")}
        )

    def movement_deadline(self) -> timedelta | None:
        hours = self.cleaned_data.get("movement_hours")
        return timedelta(hours=hours) if hours else None

    def third_place_movement_deadline(self) -> timedelta | None:
        hours = self.cleaned_data.get("third_place_hours")
        return timedelta(hours=hours) if hours else None

    @staticmethod
    def initial_of(
        setup: dict[str, Any],
        movement: timedelta | None = None,
        third_place: timedelta | None = None,
    ) -> dict[str, Any]:
        units = (setup or {}).get("fixed_setup", {}).get("units", {})
        out: dict[str, Any] = {c: ", ".join(units.get(c, [])) for c in ("red", "blue")}
        if movement is not None:
            out["movement_hours"] = movement.total_seconds() / 3600
        if third_place is not None:
            out["third_place_hours"] = third_place.total_seconds() / 3600
        return out
