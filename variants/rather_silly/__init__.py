"""Rather Silly (seven seats, or eleven with the four roles): its site side, the entry
players see and its options form."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from variants.rather_silly.colours import COLOURS
from variants.rather_silly.demo import demo_games
from variants.rather_silly.layers import layers, marks_drawn, order_shapes
from variants.rather_silly.panels import panels
from variants.rather_silly.words import WORDS
from variants.site import PhaseWords, SeatWords, VariantOptionsForm, site_entry

#: The llamas' winter for a role seat: no herds, a vote.
_ROLE_WINTER = _(
    "Winter 1900: you settle no llamas, but you may vote for the first hyperspace link, with "
    "the form below or as an order: “vote lon - par”."
)
_ROLE_NO_VOTE = _("No vote yet: the link is chosen by the others' votes.")
#: A role seat's builds, in any free center he owns (rules 8 and 12).
_ROLE_BUILDS = _("You build in any free supply center you own: “A par B” or “F bre B”.")

#: What each role seat reads of its orders (variants.site.SeatWords), by phase kind.
SEAT_WORDS = {
    "fool": SeatWords(
        syntax={
            "M": _(
                "Each season you give one unit of a great power its order, whatever its "
                "owner ordered: “override A par - bur”. You may also vote for the next "
                "hyperspace link."
            ),
            "L": _ROLE_WINTER,
        },
        no_orders={
            "M": _("No orders yet: you override no unit this season."),
            "L": _ROLE_NO_VOTE,
        },
    ),
    "superbrain": SeatWords(
        syntax={
            "M": _(
                "Each season you ask a question and give its answer, which only the game "
                "master reads until he judges the replies next season: “ask How many legs "
                "has a llama?” and “answer four”. When nobody answered right, you place a "
                "unit of your own in Iceland or Crete: “place F ice”. A whole share of an "
                "extra unit buys one: “extra A par”. You may also vote for the next "
                "hyperspace link."
            ),
            "A": _(
                "A whole share of an extra unit buys one, where a unit may stand, no center "
                "needed: “extra A par”."
            ),
            "L": _ROLE_WINTER,
        },
        no_orders={
            "M": _(
                "No orders yet: without a question this season, every other seat gets a "
                "share of an extra unit."
            ),
            "A": _("No orders yet: an extra unit you do not place now is kept for later."),
            "L": _ROLE_NO_VOTE,
        },
    ),
    "doctor": SeatWords(
        syntax={
            "M": _(
                "The TARDIS comes onto the board along a hyperspace link, to the end you "
                "name: “T - yor”. On the board it moves with the unit it shares a province "
                "with, given the same move (“T - bur”), or alone through the link in force; "
                "“T destroy bre” destroys the monsters in its province, and “T escape” takes "
                "it into hyperspace should that unit be dislodged. Your units take the usual "
                "orders. You may also vote for the next hyperspace link."
            ),
            "A": _ROLE_BUILDS,
            "L": _ROLE_WINTER,
        },
        no_orders={
            "M": _(
                "No orders yet: the TARDIS stays where it is (or comes in at the link's "
                "first end), and your units hold."
            ),
            "L": _ROLE_NO_VOTE,
        },
    ),
    "fortune_teller": SeatWords(
        syntax={
            "M": _(
                "Foretell two bounces a season (three after a right reply to the "
                "Superbrain's question): “predict bur”. The units of a bounce foretold right "
                "merge into one unit of yours, a fleet where as many armies as fleets merge "
                "if you say so: “predict bur F”. Your units take the usual orders. You may "
                "also vote for the next hyperspace link."
            ),
            "A": _ROLE_BUILDS,
            "L": _ROLE_WINTER,
        },
        no_orders={
            "M": _("No orders yet: you foretell no bounce this season, and your units hold."),
            "L": _ROLE_NO_VOTE,
        },
    ),
}

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
    seat_words=SEAT_WORDS,
    words=WORDS,
    # A great power's empty list in the llamas' winter.
    kind_words=SeatWords(
        no_orders={"L": _("No herds yet: a power without herd orders settles none.")}
    ),
    panels=panels,
    script="js/variants/rather_silly.js",
    colours=COLOURS,
    stylesheet="css/variants/rather_silly.css",
    layers=layers,
    marks_drawn=marks_drawn,
    order_shapes=order_shapes,
    demo_games=demo_games,
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
