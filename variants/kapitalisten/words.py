"""Kapitalisten's own words: its investors' seats, the sentences of the exchange's reasons
and of an exchange order that cannot be read. ``games.wording`` merges them with the
core's through ``variants.registry.words``."""

from __future__ import annotations

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from variants.site import VariantWords

#: One sentence per reason code; the English is the adjudicator's own wording.
REASONS: dict[str, Promise] = {
    "sale_limited": _("sold %(done)s: at most 500 of a currency are sold in a turn"),
    "sale_short": _("sold %(done)s: only %(done)s were held"),
    "purchase_short": _("bought %(done)s: the cash ran out (no debt, orders in the order written)"),
    "currency_worthless": _(
        "the currency of %(nation)s is worth nothing: %(nation)s is eliminated"
    ),
    "sold_without_orders": _("no exchange orders: %(done)s sold automatically"),
    "investor_excluded": _("excluded after three turns in a row without exchange orders"),
    "investor_absent": _(
        "excluded and not replaced: no longer counts for control (keeps selling automatically)"
    ),
    "investor_back": _("has a player again and counts for control"),
    "nation_controlled": _(
        "%(nation)s is controlled by %(investor)s with %(units)s against %(second)s"
    ),
    "control_by_earlier_turn": _(
        "%(nation)s is controlled by %(investor)s: level with %(tied)s at %(units)s, "
        "and more %(turns_back)s turns before"
    ),
    "control_by_fewer_nations": _(
        "%(nation)s is controlled by %(investor)s: level with %(tied)s at %(units)s, "
        "and given fewer nations"
    ),
    "control_drawn": _(
        "%(nation)s is controlled by %(investor)s: level with %(tied)s at %(units)s, "
        "and drawn by lot"
    ),
    "nation_uncontrolled": _("%(nation)s has no controller: nobody holds its currency"),
    "rate_winter": _("the rate of %(nation)s moves %(change)s centers x 5 %% to %(rate)s"),
    "nation_eliminated": _("%(nation)s is eliminated: its currency is worth nothing"),
    "exchange_won": _("%(investor)s wins with %(points)s victory points"),
    "not_an_investor": _("only an investor trades currency"),
}

#: The parser's problems with the variant's own orders (adjudicator ParseError codes).
PROBLEMS: dict[str, Promise] = {
    "exchange_shape": _("an exchange order reads: buy 300 russia, sell 500 rouble"),
}

#: Control of a nation nobody else holds any of its currency: no "against".
_CONTROLLED_ALONE = _("%(nation)s is controlled by %(investor)s with %(units)s")

WORDS = VariantWords(
    reasons=REASONS,
    problems=PROBLEMS,
    # An investor's seat ("investor-3") away from his game's pages, where his pseudonym
    # is not known: "Investor 3".
    numbered_seats={"investor": _("Investor %(n)s")},
    reasons_without={"nation_controlled": {"second": _CONTROLLED_ALONE}},
)
