"""What Kapitalisten keeps in a position's extras (docs/kapitalisten.md): the exchange, and
the host's word on who has left. Money is in whole hundredths of a Kujambel; every
mapping is keyed by the game's investors (``investor-1`` to ``investor-<players>``) or its
nations (the great powers)."""

from __future__ import annotations

from adjudicator.shapes import (
    PHASE,
    POWER,
    Id,
    IdKind,
    ListOf,
    MapOf,
    Nullable,
    Pattern,
    Record,
    Whole,
    extras,
)

#: The investors of the game: ``investor-1`` to ``investor-<players>`` (the option).
INVESTOR = IdKind("investor", "one of the game's investors, investor-1 to investor-<players>")
#: The nations are the variant's powers, the great powers.
NATION = POWER

#: Units of a currency, or hundredths of a Kujambel: a whole number from 0.
_AMOUNT = Whole(0)
#: Each investor's holdings: nation -> units held.
_HOLDINGS = MapOf(Id(INVESTOR), MapOf(Id(NATION), _AMOUNT))
#: A nation's center count (the standard map has 34 centers).
_CENTERS = Whole(0, 34)

EXCHANGE = Record(
    required={
        "book": Record(
            required={
                # Every investor of the game holds his place in the book from the opening
                # on, and every nation has a rate (0 once it is eliminated): the trading
                # reads them all.
                "holdings": MapOf(Id(INVESTOR), MapOf(Id(NATION), _AMOUNT), every=True),
                "cash": MapOf(Id(INVESTOR), _AMOUNT, every=True),
                "rates": MapOf(Id(NATION), _AMOUNT, every=True),
            }
        ),
    },
    optional={
        "controllers": MapOf(Id(NATION), Nullable(Id(INVESTOR))),
        "missed": MapOf(Id(INVESTOR), _AMOUNT),
        "excluded": ListOf(Id(INVESTOR)),
        "rates_history": ListOf(
            Record(required={"phase": PHASE, "rates": MapOf(Id(NATION), _AMOUNT)})
        ),
        "holdings_history": ListOf(_HOLDINGS),
        "centers_before": MapOf(Id(NATION), _CENTERS),
        "final": Record(
            required={
                "points": MapOf(
                    Id(INVESTOR), Pattern(r"[0-9]{1,9}\.[0-9]{2}", "Kujambel as text (12.50)")
                ),
                "winners": ListOf(Id(INVESTOR)),
            }
        ),
    },
)

EXTRAS = extras(
    {"absent": ListOf(Id(INVESTOR))},
    required={"exchange": EXCHANGE},
    notes={
        "exchange": "the exchange (docs/kapitalisten.md)",
        "exchange.book": "the book",
        "exchange.book.holdings": "investor → nation → units held",
        "exchange.book.cash": "investor → Kujambel held, in hundredths",
        "exchange.book.rates": "nation → its currency's rate, in hundredths; 0 once the "
        "nation is eliminated",
        "exchange.controllers": "nation → the investor who gives its orders now, or null "
        "(civil disorder)",
        "exchange.missed": "investor → turns in a row without exchange orders",
        "exchange.excluded": "the investors excluded",
        "exchange.rates_history": "after each exchange, its phase and the rates, oldest first",
        "exchange.holdings_history": "after each exchange, the holdings, newest first",
        "exchange.centers_before": "while a fall is played: each nation's centers as it began",
        "exchange.final": "once the game has ended: the victory points and the winners",
        "absent": "the host's word on who has left: the investors nobody plays now (rule 3.3.3)",
    },
)
