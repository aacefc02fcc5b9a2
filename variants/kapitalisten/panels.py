"""Kapitalisten's parts of the game page and its own page of a game, the exchange: who
commands each nation this turn and at what rates, where an investor gives his exchange
orders, and rule 3.3.1's warning beside his Ready button."""

from __future__ import annotations

from collections.abc import Sequence

from django.http import Http404
from django.utils.translation import gettext as _

from variants.kapitalisten.exchange import exchange_summary
from variants.site import Page, Panel, PanelInput

#: The templates' folder.
HERE = "variants/kapitalisten"


def panels(shown: PanelInput) -> Sequence[Panel]:
    """The exchange below the phase's notes, the investor's own orders section while he
    acts as himself (not as a nation he controls), and the warning beside Ready."""
    exchange = exchange_summary(shown)
    if exchange is None:
        return ()
    context = {"exchange": exchange}
    found = [
        Panel("phase", f"{HERE}/_exchange.html", context),
        Panel("ready_note", f"{HERE}/_exchange_ready_note.html", context),
    ]
    me, phase = shown.state.get("me"), shown.state.get("phase") or {}
    if me and phase.get("is_current") and me.get("acting") == me.get("power"):
        found.append(Panel("orders", f"{HERE}/_orders.html", context))
    return found


def exchange_page(shown: PanelInput) -> Page:
    """The exchange: who controls each nation, the rates over the turns, every investor's
    holdings and cash, and the viewer's exchange orders (an investor's own).

    Raises:
        Http404: where the game keeps no exchange.
    """
    exchange = exchange_summary(shown)
    if exchange is None:
        raise Http404(_("This game has no exchange."))
    return Page(f"{HERE}/exchange.html", {"exchange": exchange})
