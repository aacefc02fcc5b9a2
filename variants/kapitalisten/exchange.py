"""Kapitalisten's exchange as a viewer may see it: the rates and their history, who
controls each nation, every investor's holdings and cash (published after each turn, as
the game master's report did), and the viewer's own exchange orders and what they leave.

It reads the exchange the position keeps (``extras.exchange``, documented in
docs/kapitalisten.md) from the game's state as games built it for the viewer: other
investors' exchange orders of an open phase never come in here: they are orders, and
``games.visibility`` keeps them to their giver.
"""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from typing import Any

from django.utils.formats import number_format
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from adjudicator import find_variant
from adjudicator.variants.kapitalisten.exchange import CURRENCIES, SELL_LIMIT, amount_text
from variants.site import PanelInput

#: The chart's drawing box, in its own units (the page scales it).
CHART_WIDTH, CHART_HEIGHT = 600, 220


#: Kapitalisten's currencies (``adjudicator.variants.kapitalisten.exchange.CURRENCIES``),
#: as a sum of them is read: "3,120 roubles".
CURRENCY_NAMES: dict[str, Promise] = {
    "crown": _("crowns"),
    "pound": _("pounds"),
    "franc": _("francs"),
    "mark": _("marks"),
    "lira": _("lire"),
    "rouble": _("roubles"),
    "piastre": _("piastres"),
}


def currency_name(currency: str) -> str:
    """A currency as a sum of it is read, in the reader's language (``rouble`` ->
    ``roubles`` / ``Rubel``)."""
    name = CURRENCY_NAMES.get(currency)
    return str(name) if name is not None else currency


def kj(cents: int) -> str:
    """Hundredths of a Kujambel as the reader's language writes them: ``516500`` ->
    ``5,165.00`` in English, ``5.165,00`` in German. The adjudicator writes the amount
    (its results' "5165.00"); this only localises it."""
    return str(number_format(Decimal(amount_text(int(cents))), decimal_pos=2, force_grouping=True))


def exchange_summary(shown: PanelInput) -> dict[str, Any] | None:
    """The exchange of the phase ``shown.state`` shows (``games.selectors.game_state``'s
    answer for one viewer), or None where the game keeps none.

    An investor the rules (or a moderator) excluded holds no seat while nobody plays
    hers, so the state has no ``me`` for her: ``shown.left_seat`` names it, and her own
    account is still hers to read (what it holds is published to all anyway), without
    the order form, until a replacement takes the seat over."""
    state = shown.state
    power_name = shown.power_name
    phase = state.get("phase")
    if not phase:
        return None
    kept = (phase.get("extras") or {}).get("exchange")
    if not isinstance(kept, Mapping):
        return None
    variant = find_variant(shown.variant)
    book = kept.get("book") or {}
    rates: dict[str, int] = dict(book.get("rates") or {})
    holdings: dict[str, dict[str, int]] = dict(book.get("holdings") or {})
    cash: dict[str, int] = dict(book.get("cash") or {})
    controllers: dict[str, str | None] = dict(kept.get("controllers") or {})
    excluded = set(kept.get("excluded") or ())
    history = list(kept.get("rates_history") or [])
    before = history[-2]["rates"] if len(history) >= 2 else {}
    nations = []
    for nation in variant.powers:
        rate = int(rates.get(nation, 0))
        holder = controllers.get(nation)
        others = [int(h.get(nation, 0)) for i, h in holdings.items() if i != holder]
        nations.append(
            {
                "nation": nation,
                "name": power_name(nation),
                "currency": currency_name(CURRENCIES.get(nation, nation)),
                "rate": kj(rate),
                "rate_cents": rate,
                "change": kj(rate - int(before[nation])) if nation in before else None,
                "change_cents": rate - int(before[nation]) if nation in before else 0,
                "worthless": rate == 0,
                "controller": holder,
                "controller_name": power_name(holder) if holder else "",
                "units": int(holdings.get(holder, {}).get(nation, 0)) if holder else 0,
                "second": max(others) if holder and others else None,
                "centers": len((phase.get("centers") or {}).get(nation, [])),
            }
        )
    investors = []
    for investor in sorted(holdings, key=_investor_number):
        held = holdings[investor]
        worth = int(cash.get(investor, 0)) + sum(
            int(units) * int(rates.get(n, 0)) for n, units in held.items()
        )
        investors.append(
            {
                "investor": investor,
                "name": power_name(investor),
                "cash": kj(int(cash.get(investor, 0))),
                "holdings": [int(held.get(n, 0)) for n in variant.powers],
                "worth": kj(worth),
                "controls": [n for n, c in controllers.items() if c == investor],
                "excluded": investor in excluded,
            }
        )
    me = state.get("me")
    if not me and shown.left_seat is not None:
        me = {"power": shown.left_seat, "gives": []}
    mine = None
    if me and me.get("power") in holdings:
        investor = me["power"]
        gives = {g["power"]: g for g in me.get("gives") or []}
        own = gives.get(investor)
        mine = {
            "investor": investor,
            "cash_cents": int(cash.get(investor, 0)),
            "held": {n: int(holdings[investor].get(n, 0)) for n in variant.powers},
            "orders": list(own["orders"]) if own else [],
            "can_order": own is not None and phase.get("is_current", False),
            # His exchange orders are due (the opening exchange, Winter 1900, where
            # nothing else is): the turn waits for his ready mark or its deadline.
            "must_order": bool(own and own["must_order"]) and phase.get("is_current", False),
            "ready": bool(own and own["ready"]),
            "excluded": investor in excluded,
        }
        # What the order form's script reckons with as the player types.
        mine["script"] = {
            "cash": mine["cash_cents"],
            "held": mine["held"],
            "rates": {n: int(rates.get(n, 0)) for n in variant.powers},
            "limit": SELL_LIMIT,
            "names": {n["nation"]: n["name"] for n in nations},
            "currencies": {n["nation"]: n["currency"] for n in nations},
            "orders": mine["orders"],
        }
    return {
        "phase": phase.get("code"),
        "nations": nations,
        "investors": investors,
        "chart": rates_chart(history, variant.powers, shown),
        "sale_limit": SELL_LIMIT,
        "me": mine,
        "final": kept.get("final"),
    }


def rates_chart(
    history: list[Mapping[str, Any]], nations: tuple[str, ...], shown: PanelInput
) -> dict[str, Any]:
    """Each nation's rate over the turns as a polyline in a ``CHART_WIDTH`` x
    ``CHART_HEIGHT`` box (1.00 Kj is where every rate began), drawn by the template as
    SVG, so it needs no script."""
    points = [{"phase": "", "rates": dict.fromkeys(nations, 100)}, *history]
    top = max([100, *(int(r) for p in points for r in (p.get("rates") or {}).values())])
    step = CHART_WIDTH / max(len(points) - 1, 1)

    def y(cents: int) -> float:
        return round(CHART_HEIGHT - cents / top * (CHART_HEIGHT - 10), 1)

    lines = []
    for nation in nations:
        coords = [
            f"{round(i * step, 1)},{y(int((p.get('rates') or {}).get(nation, 0)))}"
            for i, p in enumerate(points)
        ]
        last = points[-1].get("rates") or {}
        lines.append(
            {
                "nation": nation,
                "name": shown.power_name(nation),
                "points": " ".join(coords),
                "last": kj(int(last.get(nation, 0))),
            }
        )
    # Coordinates as strings, never localised: a German page would write "110,5".
    ticks = [{"y": str(y(cents)), "label": kj(cents)} for cents in sorted({0, 100, top})]
    return {
        "width": CHART_WIDTH,
        "height": CHART_HEIGHT,
        "lines": lines,
        "ticks": ticks,
        "phases": [shown.phase_name(str(p["phase"])) for p in points[1:] if p.get("phase")],
        "turns": len(points) - 1,
    }


def _investor_number(investor: str) -> int:
    tail = investor.rsplit("-", 1)[-1]
    return int(tail) if tail.isdigit() else 0
