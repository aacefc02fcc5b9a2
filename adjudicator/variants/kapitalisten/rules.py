"""Kapitalisten-Diplomacy's rules object: 8 to 12 investors who own no nation trade the
seven nations' currencies, and whoever holds most of a nation's currency gives its orders.

Dave Tant's game (German versions by Bernhard Kopp 1982 and Michael Schröpl 1997), on the
standard map under the 2000 rulebook. The arithmetic is :mod:`.exchange`; this module
puts it into the year:

- Turn 1, Winter 1900 (phase ``W1900X``), is an exchange turn only: it fixes who controls
  each nation for 1901.
- Then every movement phase is a turn of both: the investors' exchange orders are given
  with the nations' military orders; the military part is resolved first, then the
  exchange (at the rates the turn began with). Retreats and the winter adjustments are
  short phases of their own, ordered by the controllers (house rule, shown: the site
  plays them as phases, where the post game folded them into the fall turn).
- Control is worked out after every exchange and holds from the next phase on (house
  rule, shown: so the spring retreats are ordered by whoever controls the nation after
  the spring exchange).
- A nation with no units and no centers is eliminated: its currency is worth nothing
  from the end of that turn (it is still traded in the turn it fell).
- The game ends when a nation holds 18 centers after a winter, or after the winter of
  the last year (option ``last_year``, 1910; the English version played to 1915). The
  investor with most victory points wins; ties share the win; there are no draws.

The exchange is kept in the position's extras under ``"exchange"`` (documented in
docs/kapitalisten.md with an example per phase kind): the book (holdings, cash, rates),
each investor's turns in a row without exchange orders, who is excluded, who controls
each nation, the rates and holdings of every turn, and the end's points.

Who has left the game is the host's to say (rule 3.3.3): a host that runs the missed-orders
rules itself (the site: a search for a replacement when a nation's military orders are
missing, 3.3.2 and 3.3.4) lists the investors nobody plays under the position's
``"absent"`` extra. Then exactly those are excluded as the turn begins, a replaced or
reinstated investor counts again with his count of missed turns cleared, and three turns
without exchange orders still exclude (the host then stops playing the seat). Without the
key, the kept list stands.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from adjudicator.board import FrozenMap, Phase, PhaseKind, Position, Season, thaw
from adjudicator.chance import chance
from adjudicator.errors import ParseError, PositionError
from adjudicator.maps import GameMap
from adjudicator.orders import Order, VariantOrder
from adjudicator.results import OrderResult, Outcome, Reason
from adjudicator.shapes import IdSets
from adjudicator.variants.base import Variant
from adjudicator.variants.common import KeptByIdentity
from adjudicator.variants.kapitalisten.exchange import (
    CURRENCIES,
    EXCLUDED_AFTER,
    Book,
    Control,
    ControlBy,
    Settled,
    Shortfall,
    Side,
    Trade,
    amount_text,
    control,
    rate_after_winter,
    trade,
    victory_points,
    winners,
)
from adjudicator.variants.kapitalisten.shape import EXTRAS, INVESTOR
from adjudicator.wording import declare_problem, problem_words

EXCHANGE = PhaseKind.declare("X", "exchange")
#: The most investors a game takes; ids are ``investor-1`` ... (the site gives each a
#: pseudonym and never shows who is behind one).
MOST_INVESTORS = 12
INVESTORS = tuple(f"investor-{n}" for n in range(1, MOST_INVESTORS + 1))
#: Holdings of the turns before kept for the control tie-break (rule 6).
HISTORY_KEPT = 40

SOLD_LIMITED = Reason.declare(
    "sale_limited",
    "sold {done}: at most 500 of a currency are sold in a turn",
)
SOLD_SHORT = Reason.declare("sale_short", "sold {done}: only {done} were held")
BOUGHT_SHORT = Reason.declare(
    "purchase_short", "bought {done}: the cash ran out (no debt, orders in the order written)"
)
WORTHLESS = Reason.declare(
    "currency_worthless", "the currency of {nation} is worth nothing: {nation} is eliminated"
)
SOLD_FOR_MISSING = Reason.declare(
    "sold_without_orders", "no exchange orders: {done} sold automatically"
)
EXCLUDED = Reason.declare(
    "investor_excluded",
    "excluded after three turns in a row without exchange orders",
)
ABSENT = Reason.declare(
    "investor_absent",
    "excluded and not replaced: no longer counts for control (keeps selling automatically)",
)
BACK = Reason.declare("investor_back", "has a player again and counts for control")
CONTROLLED = Reason.declare(
    "nation_controlled",
    "{nation} is controlled by {investor} with {units} against {second}",
    without={"second": "{nation} is controlled by {investor} with {units}"},
)
CONTROL_EARLIER = Reason.declare(
    "control_by_earlier_turn",
    "{nation} is controlled by {investor}: level with {tied} at {units}, "
    "and more {turns_back} turns before",
)
CONTROL_FEWER = Reason.declare(
    "control_by_fewer_nations",
    "{nation} is controlled by {investor}: level with {tied} at {units}, and given fewer nations",
)
CONTROL_DRAWN = Reason.declare(
    "control_drawn",
    "{nation} is controlled by {investor}: level with {tied} at {units}, and drawn by lot",
)
NO_CONTROLLER = Reason.declare(
    "nation_uncontrolled", "{nation} has no controller: nobody holds its currency"
)
RATE_WINTER = Reason.declare(
    "rate_winter", "the rate of {nation} moves {change} centers x 5 % to {rate}"
)
NATION_FELL = Reason.declare(
    "nation_eliminated", "{nation} is eliminated: its currency is worth nothing"
)
GAME_WON = Reason.declare("exchange_won", "{investor} wins with {points} victory points")
NOT_AN_INVESTOR = Reason.declare("not_an_investor", "only an investor trades currency")
declare_problem("exchange_shape", "an exchange order reads: buy 300 russia, sell 500 rouble")


@dataclass(frozen=True, slots=True)
class ExchangeOrder(VariantOrder):
    """Rule 4: buy or sell ``units`` of ``nation``'s currency (``buy 300 russia``,
    ``sell 500 rouble``): :class:`Buy` and :class:`Sell` say which."""

    nation: str
    units: int
    phase_kinds = frozenset({EXCHANGE, PhaseKind.MOVEMENT})
    side: ClassVar[Side]

    @classmethod
    def read(
        cls, text: str, game_map: GameMap, position: Position | None, power: str | None
    ) -> ExchangeOrder | None:
        found = _read_trade(text, cls.side.value, game_map)
        return cls(*found) if found is not None else None

    def __str__(self) -> str:
        return f"{self.side.value} {self.units} {self.nation}"

    @property
    def trade(self) -> Trade:
        return Trade(self.side, self.nation, self.units)


@dataclass(frozen=True, slots=True)
class Buy(ExchangeOrder):
    side = Side.BUY


@dataclass(frozen=True, slots=True)
class Sell(ExchangeOrder):
    side = Side.SELL


_BY_CURRENCY = {c: n for n, c in CURRENCIES.items()}


def _read_trade(text: str, verb: str, game_map: GameMap) -> tuple[str, int] | None:
    """``buy 300 russia`` (a nation or its currency: ``rouble``, ``roubles``); None if
    the text does not start with ``verb``.

    Raises:
        ParseError: for an order of this verb that is not right.
    """
    words = text.lower().replace(",", " ").split()
    if not words or words[0] != verb:
        return None

    def refuse() -> ParseError:
        return ParseError(problem_words("exchange_shape", {}, game_map), text, "exchange_shape")

    if len(words) != 3 or not words[1].isascii() or not words[1].isdigit():
        raise refuse()
    units = int(words[1])
    name = words[2]
    nation = name if name in CURRENCIES else _BY_CURRENCY.get(name.removesuffix("s"))
    if units <= 0 or units > 10**9 or nation is None:
        raise refuse()
    return nation, units


class Kapitalisten(Variant):
    id = "kapitalisten"
    name = "Kapitalisten"
    aliases = ("capitalists", "kapitalisten-diplomacy")
    created_by = "Dave Tant; German versions by Bernhard Kopp (1982) and Michael Schröpl (1997)"
    rules_text = __doc__ or ""
    player_counts = (8, 12)
    option_defaults = FrozenMap({"players": 9, "last_year": 1910})
    setup_phases = ((Season.WINTER, EXCHANGE),)
    phase_kinds = (EXCHANGE,)
    order_kinds = (Buy, Sell)
    #: Who gives orders besides the nations (the investors' exchange orders).
    other_order_givers = INVESTORS
    #: Rule 8: victory points decide, ties share; there are no draws.
    draws = False
    #: The exchange and the host's word on who has left, declared in :mod:`.shape`.
    extras_shape = EXTRAS

    # -- options and seats -----------------------------------------------------------------

    def check_option(self, name: str, value: Any, options: Mapping[str, Any]) -> None:
        low, high = self.player_counts
        if name == "players" and (
            isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high
        ):
            raise PositionError(f"players must be {low} to {high}", "options.players")
        if name == "last_year" and (
            isinstance(value, bool) or not isinstance(value, int) or not 1902 <= value <= 1950
        ):
            raise PositionError("last_year must be a year from 1902 to 1950", "options.last_year")

    def seats(self, options: Mapping[str, Any]) -> tuple[str, ...]:
        return INVESTORS[: int(options.get("players", 9))]

    def extras_ids(self, options: Mapping[str, Any]) -> IdSets:
        """The map's ids and the nations, and the game's investors (as many as players)."""
        return _ids_with_investors(super().extras_ids(options), self.seats(options))

    # -- the exchange in the position -------------------------------------------------------

    def state(self, position: Position) -> dict[str, Any]:
        """The exchange kept in ``position`` (plain JSON values)."""
        out = thaw(self._kept(position))
        assert isinstance(out, dict)
        return out

    def _kept(self, position: Position) -> Mapping[str, Any]:
        """The exchange as ``position`` keeps it (frozen). Its parts are read one at a time:
        the rates' history grows every turn, and nothing but the site's pages reads it."""
        kept = position.extras.get("exchange")
        if not isinstance(kept, Mapping):
            raise PositionError("a Kapitalisten position keeps its exchange", "extras.exchange")
        return kept

    def book(self, position: Position) -> Book:
        try:
            kept = self._kept(position)["book"]
            if type(kept) is not FrozenMap:  # a mapping that may yet change: read anew
                return Book.from_json(kept)
            book = _BOOKS.get(kept)
            if book is None:
                # Read once per kept book: a turn asks for it three times and more (the
                # trades, the rates after them, the investors), and it is a value.
                book = _BOOKS.keep(kept, Book.from_json(kept))
            return book
        except (KeyError, ValueError) as e:
            raise PositionError(f"the exchange's book: {e}", "extras.exchange.book") from None

    def controllers(self, position: Position) -> dict[str, str | None]:
        """Who gives each nation's orders now (None: civil disorder)."""
        kept = self._kept(position).get("controllers") or {}
        return {n: kept.get(n) for n in self.powers}

    def excluded(self, position: Position) -> frozenset[str]:
        """Who is excluded as this phase is played: the host's word where it gives one
        (``"absent"``), else the kept list."""
        if "absent" in position.extras:
            return frozenset(position.extras.get("absent") or ())
        return frozenset(self._kept(position).get("excluded") or ())

    def investors(self, position: Position) -> tuple[str, ...]:
        return tuple(sorted(self.book(position).holdings, key=INVESTORS.index))

    def initial_position(self, options: Mapping[str, Any] | None = None) -> Position:
        """Rule 2 and 3: the standard board at Winter 1900, the exchange turn; every
        investor with 1,000 of each currency, every rate 1.00 Kj, nobody in control."""
        standard = super().initial_position(options)
        investors = self.seats(standard.options)
        book = Book.opening(investors, self.powers)
        exchange = {
            "book": book.to_json(),
            "missed": dict.fromkeys(investors, 0),
            "excluded": [],
            "controllers": dict.fromkeys(self.powers),
            "rates_history": [],
            "holdings_history": [],
        }
        return standard.with_changes(
            phase=Phase(Season.WINTER, self.first_year - 1, EXCHANGE),
            extras={**standard.extras, "exchange": exchange},
        )

    # -- who orders ------------------------------------------------------------------------

    def orders_due(self, position: Position) -> frozenset[str]:
        """Military orders are due from the nations (as in the standard game); exchange
        orders are never waited for (3.3.1), so investors are due only in the exchange
        turn, where nothing else is."""
        if position.phase.kind is EXCHANGE:
            return frozenset(self.investors(position)) - self.excluded(position)
        return super().orders_due(position)

    def orders_awaited(self, position: Position) -> frozenset[str]:
        """A turn waits for the nations' military orders (3.3.2), never for exchange
        orders (3.3.1): an investor without them sells 500 of each currency."""
        if position.phase.kind is EXCHANGE:
            return frozenset()
        return super().orders_due(position)

    def orders_welcome(self, position: Position) -> frozenset[str]:
        """In a movement turn every investor not excluded may trade without owing it
        (3.3.1). House rule: a turn that ends before its deadline waits for them too, or
        an investor who commands no nation would lose his turn to trade whenever the
        controllers were quicker (and be excluded after three)."""
        if position.phase.kind is PhaseKind.MOVEMENT:
            return frozenset(self.investors(position)) - self.excluded(position)
        return frozenset()

    def orders_given_by(self, position: Position) -> dict[str, frozenset[str]]:
        """Each investor not excluded gives his own exchange orders (in an exchange or a
        movement phase) and the orders of every nation he controls that has orders due.
        A nation nobody controls gives none (civil disorder)."""
        excluded = self.excluded(position)
        kind = position.phase.kind
        out: dict[str, set[str]] = {}
        if kind is EXCHANGE or kind is PhaseKind.MOVEMENT:
            for investor in self.investors(position):
                if investor not in excluded:
                    out[investor] = {investor}
        if kind is not EXCHANGE:
            due = super().orders_due(position)
            for nation, controller in self.controllers(position).items():
                if controller is not None and nation in due and controller not in excluded:
                    out.setdefault(controller, set()).add(nation)
        return {seat: frozenset(powers) for seat, powers in out.items()}

    # -- the phases ------------------------------------------------------------------------

    def phase_after(self, phase: Phase, position: Position) -> Phase:
        if phase.kind is EXCHANGE:
            return Phase(Season.SPRING, self.first_year, PhaseKind.MOVEMENT)
        return super().phase_after(phase, position)

    def resolve_own_phase(
        self, position: Position, orders: Mapping[str, Sequence[Order]], seed: int
    ) -> tuple[Position, list[OrderResult]]:
        """Turn 1 (Winter 1900): the exchange alone, then control for 1901."""
        own = {p: [o for o in given if isinstance(o, ExchangeOrder)] for p, given in orders.items()}
        return self._exchange(position, position, own, seed)

    def steps_after_moves(
        self,
        position: Position,
        after: Position,
        orders: Mapping[str, Sequence[VariantOrder]],
        seed: int,
        *,
        moves: Sequence[OrderResult] = (),
    ) -> tuple[Position, tuple[OrderResult, ...]]:
        """A movement turn's exchange, after its military part."""
        if position.phase.kind is not PhaseKind.MOVEMENT:
            return after, ()
        trades = {
            p: [o for o in given if isinstance(o, ExchangeOrder)] for p, given in orders.items()
        }
        moved, results = self._exchange(position, after, trades, seed)
        return moved, tuple(results)

    def _exchange(
        self,
        position: Position,
        after: Position,
        orders: Mapping[str, Sequence[ExchangeOrder]],
        seed: int,
    ) -> tuple[Position, list[OrderResult]]:
        """Settle the turn's trading, move the rates, count missed turns, exclude, and
        work out control; keep it all in ``after``'s extras."""
        kept_state = self._kept(position)
        book = self.book(position)
        investors = self.investors(position)
        excluded = set(kept_state.get("excluded") or ())
        missed = {i: int((kept_state.get("missed") or {}).get(i, 0)) for i in investors}
        results: list[OrderResult] = []
        if "absent" in position.extras:
            excluded = self._absent(position, excluded, missed, results)
        given: dict[str, list[Trade]] = {}
        kept: dict[str, list[ExchangeOrder]] = {}
        for who, trades in orders.items():
            if who not in investors:
                results.extend(
                    OrderResult(who, o, Outcome.ILLEGAL, NOT_AN_INVESTOR) for o in trades
                )
                continue
            if who in excluded or not trades:
                continue
            given[who] = [o.trade for o in trades]
            kept[who] = list(trades)
        automatic = [i for i in investors if i not in given]
        worthless = [n for n, r in book.rates.items() if r == 0]
        turn = trade(book, given, automatic=automatic, worthless=worthless)
        for s in turn.settled:
            order = kept[s.investor][s.index] if s.index >= 0 else _automatic(s)
            results.append(_settled_result(s, order))
        for investor in investors:
            if investor in given:
                missed[investor] = 0
                continue
            missed[investor] += 1
            if investor not in excluded and missed[investor] >= EXCLUDED_AFTER:
                excluded.add(investor)
                results.append(
                    OrderResult(
                        investor,
                        "excluded",
                        Outcome.OK,
                        EXCLUDED,
                        FrozenMap({"turns": str(missed[investor])}),
                    )
                )
        alive = [n for n in self.powers if turn.book.rates.get(n, 0) > 0]
        history = list(kept_state.get("holdings_history") or [])
        found = control(
            turn.book.holdings,
            alive,
            earlier=history,
            excluded=excluded,
            rng=chance(seed, "control"),
        )
        results.extend(_control_result(c, turn.book) for c in found.values())
        controllers: dict[str, str | None] = dict.fromkeys(self.powers)
        controllers.update({n: c.investor for n, c in found.items()})
        # The parts kept as they were stay frozen (the rates' history is only added to).
        state = {
            **kept_state,
            "book": turn.book.to_json(),
            "missed": missed,
            "excluded": sorted(excluded, key=INVESTORS.index),
            "controllers": controllers,
            "rates_history": (
                *(kept_state.get("rates_history") or ()),
                {"phase": str(position.phase), "rates": dict(turn.book.rates)},
            ),
            "holdings_history": [turn.book.to_json()["holdings"], *history][:HISTORY_KEPT],
        }
        return after.with_changes(extras={**after.extras, "exchange": state}), results

    def _absent(
        self,
        position: Position,
        excluded: set[str],
        missed: dict[str, int],
        results: list[OrderResult],
    ) -> set[str]:
        """The host's word on who has left (rule 3.3.3): the investors nobody plays are
        excluded from now on; one who has a player again counts again, his missed turns
        forgiven (a replacement, or late orders a moderator accepted)."""
        investors = self.investors(position)
        absent = {i for i in position.extras.get("absent") or () if i in investors}
        for investor in sorted(absent - excluded, key=INVESTORS.index):
            results.append(OrderResult(investor, "excluded", Outcome.OK, ABSENT))
        for investor in sorted(excluded - absent, key=INVESTORS.index):
            missed[investor] = 0
            results.append(OrderResult(investor, "excluded", Outcome.OK, BACK))
        return absent

    def events_opening_phase(
        self, position: Position, seed: int
    ) -> tuple[Position, tuple[OrderResult, ...]]:
        """As a fall movement opens, keep each nation's center count: the winter's rate
        change counts the centers won or lost since."""
        if position.phase.kind is PhaseKind.MOVEMENT and position.phase.season is Season.FALL:
            state = {
                **self._kept(position),
                "centers_before": {n: len(position.centers_of(n)) for n in self.powers},
            }
            return position.with_changes(extras={**position.extras, "exchange": state}), ()
        return position, ()

    def after_phase(
        self, phase: Phase, position: Position, seed: int
    ) -> tuple[Position, tuple[OrderResult, ...]]:
        """At the end of a turn: nations with nothing left fall and their currency is
        worth nothing; once the year's centers have changed hands, each rate moves 5 % per
        center won or lost; after a winter, the end (18 centers, or the last year)."""
        if phase.kind is EXCHANGE:
            return position, ()
        state = dict(self._kept(position))  # the parts changed below are replaced whole
        book = self.book(position)
        rates = dict(book.rates)
        results: list[OrderResult] = []
        for nation in self.powers:
            if (
                rates.get(nation, 0)
                and not position.units_of(nation)
                and not position.centers_of(nation)
            ):
                rates[nation] = 0
                state["controllers"] = {**(state.get("controllers") or {}), nation: None}
                results.append(
                    OrderResult(
                        nation, "eliminated", Outcome.OK, NATION_FELL, FrozenMap({"nation": nation})
                    )
                )
        winter = (
            self.changes_ownership_after(phase, position) or phase.kind is PhaseKind.ADJUSTMENTS
        )
        if self.changes_ownership_after(phase, position):
            before = state.pop("centers_before", None) or {}
            for nation in self.powers:
                if not rates.get(nation) or nation not in before:
                    continue
                change = len(position.centers_of(nation)) - int(before[nation])
                if change:
                    rates[nation] = rate_after_winter(rates[nation], change)
                    results.append(
                        OrderResult(
                            nation,
                            "rate",
                            Outcome.OK,
                            RATE_WINTER,
                            FrozenMap(
                                {
                                    "nation": nation,
                                    "change": f"{change:+d}",
                                    "rate": amount_text(rates[nation]),
                                }
                            ),
                        )
                    )
        state["book"] = Book(book.holdings, book.cash, rates).to_json()
        if winter and not self._more_adjustments(phase, position):
            ended = self._the_end(phase, position, state)
            results.extend(ended)
        return position.with_changes(extras={**position.extras, "exchange": state}), tuple(results)

    def _more_adjustments(self, phase: Phase, position: Position) -> bool:
        """Is a winter adjustment phase still to come this year?"""
        return phase.kind is not PhaseKind.ADJUSTMENTS and self.adjustments_needed(position)

    def _the_end(
        self, phase: Phase, position: Position, state: dict[str, Any]
    ) -> list[OrderResult]:
        """Rule 8: a nation with 18 centers after a winter, or the last year's winter,
        ends the game: victory points decide (ties share)."""
        last = int(position.options.get("last_year", 1910))
        centers = {n: len(position.centers_of(n)) for n in self.powers}
        if max(centers.values()) < self.victory_centers and phase.year < last:
            return []
        book = Book.from_json(state["book"])
        points = victory_points(book.holdings, centers)
        won = winners(points)
        state["final"] = {
            "points": {i: _kj_fraction(p) for i, p in points.items()},
            "winners": list(won),
        }
        return [
            OrderResult(
                investor,
                "victory",
                Outcome.OK,
                GAME_WON,
                FrozenMap({"investor": investor, "points": _kj_fraction(points[investor])}),
            )
            for investor in won
        ]

    def finished(self, position: Position) -> bool:
        """Has the game ended (rule 8)? Then :meth:`winners_of` says who won."""
        return "final" in (position.extras.get("exchange") or {})

    def winners_of(self, position: Position) -> tuple[str, ...]:
        final = (position.extras.get("exchange") or {}).get("final") or {}
        return tuple(final.get("winners") or ())

    def winner(self, position: Position) -> str | None:
        """The investor who won alone; None while the game goes on or the win is shared
        (:meth:`winners_of` then names them all). A nation's 18 centers win nothing by
        themselves: they end the game."""
        won = self.winners_of(position)
        return won[0] if len(won) == 1 else None

    def own_legal_orders(
        self, position: Position, power: str | None
    ) -> dict[str, tuple[Order, ...]]:
        """For an investor: selling up to 500 of each currency he holds (the purchases
        are any amount the cash allows, so they are not listed)."""
        if power not in INVESTORS or position.phase.kind not in (EXCHANGE, PhaseKind.MOVEMENT):
            return {}
        book = self.book(position)
        out: dict[str, tuple[Order, ...]] = {}
        for nation in self.powers:
            held = book.held(power, nation)
            if held and book.rates.get(nation, 0):
                out[f"sell {nation}"] = (Sell(nation, min(held, 500)),)
        return out


#: The books read from positions' extras, by the kept (frozen) book they were read from.
_BOOKS: KeptByIdentity[FrozenMap[str, Any], Book] = KeptByIdentity(64)
#: The ids of a game's extras, by its investors (the map's are the same in every game).
_WITH_INVESTORS: dict[tuple[str, ...], IdSets] = {}


def _ids_with_investors(of_map: IdSets, investors: tuple[str, ...]) -> IdSets:
    made = _WITH_INVESTORS.get(investors)
    if made is None:
        made = _WITH_INVESTORS[investors] = {**of_map, INVESTOR.name: frozenset(investors)}
    return made


def _kj_fraction(value: Any) -> str:
    hundredths = round(value * 100)
    return f"{hundredths // 100}.{hundredths % 100:02d}"


def _automatic(s: Settled) -> Sell:
    return Sell(s.trade.nation, s.trade.units)


def _settled_result(s: Settled, order: ExchangeOrder) -> OrderResult:
    params = {
        "nation": s.trade.nation,
        "done": str(s.done),
        "asked": str(s.trade.units),
        "rate": amount_text(s.rate),
    }
    if s.shortfall is Shortfall.WORTHLESS:
        return OrderResult(s.investor, order, Outcome.VOID, WORTHLESS, FrozenMap(params))
    if s.automatic:
        return OrderResult(s.investor, order, Outcome.OK, SOLD_FOR_MISSING, FrozenMap(params))
    reason = {
        Shortfall.LIMIT: SOLD_LIMITED,
        Shortfall.HOLDING: SOLD_SHORT,
        Shortfall.CASH: BOUGHT_SHORT,
        None: None,
    }[s.shortfall]
    return OrderResult(s.investor, order, Outcome.OK, reason, FrozenMap(params))


def _control_result(c: Control, book: Book) -> OrderResult:
    if c.investor is None:
        return OrderResult(
            c.nation, "control", Outcome.OK, NO_CONTROLLER, FrozenMap({"nation": c.nation})
        )
    units = book.held(c.investor, c.nation)
    if c.by is ControlBy.MAJORITY:
        others = sorted(
            (book.held(i, c.nation) for i in book.holdings if i != c.investor), reverse=True
        )
        params = {"nation": c.nation, "investor": c.investor, "units": str(units)}
        if others:
            params["second"] = str(others[0])
        return OrderResult(c.nation, "control", Outcome.OK, CONTROLLED, FrozenMap(params))
    params = {
        "nation": c.nation,
        "investor": c.investor,
        "units": str(units),
        "tied": ", ".join(i for i in c.tied if i != c.investor),
    }
    if c.by is ControlBy.EARLIER_TURN:
        params["turns_back"] = str(c.turns_back)
        reason = CONTROL_EARLIER
    else:
        reason = CONTROL_FEWER if c.by is ControlBy.FEWER_CONTROLS else CONTROL_DRAWN
    return OrderResult(c.nation, "control", Outcome.OK, reason, FrozenMap(params))
