"""The rules object every variant is: a map plus named hooks into one resolver.

The standard game is this class with its defaults. A variant overrides only what differs
(strength of a unit, extra edges, its phase sequence, where it may build, its victory test)
and never forks the resolver: the resolver asks these hooks and nothing else. The class
body groups them in sections: set-up, geography, strength, orders, phase steps,
adjustments, the end, secrets.

The lifecycle: :func:`~adjudicator.start` and :func:`~adjudicator.resolve` ask the hooks in
this order (``position`` is the phase's, ``after`` the position being made; "core" is a
movement, retreat or adjustment phase, "own" a phase kind the variant declares):

    ============ ========================================================================
    when         hook (given) -> returns
    ============ ========================================================================
    start        initial_position(options) -> the first position (its options checked by
                 check_options and check_option)
    start        events_opening_phase(position, seed) -> position, results: the events
                 opening the first phase, in the position stored
    own kind     phase_order_kinds(kind), read_order(text, position=, power=) -> the
                 orders of the phase's kinds, read
    own kind     resolve_own_phase(position, orders, seed) -> after, results (a set-up
                 kind by resolve_setup)
    movement     orders_in_force(position, orders, seed) -> the orders resolved with,
                 results for those rewritten
    mvt, retr.   standing_orders(position, seed) -> the orders of the ``creatures``
    core kind    phase_order_kinds(kind), read_order(text, position=, power=) -> the
                 orders of the phase's kinds, read; ``order_kinds`` set aside for the
                 variant's steps
    movement     geography(position), closed_passages(unit, position) -> the map each
                 unit moves and supports on; unit_strength, support_strength(unit,
                 position), implicit_supports(position, orders), support_toughness(
                 supporter, supported, position) -> strengths; ``paradox_rule``
    retreats     geography, closed_passages -> where each dislodged unit may retreat
    adjustments  adjustment_seats(position), adjustment(position, seat), build_sites,
                 buildable_kinds(province), civil_disorder_distances -> builds and
                 disbands due, where, of what, and who disbands in civil disorder
    core kind    steps_after_moves(position, after, orders, seed, moves=) -> after,
                 results: the variant's own orders and steps after the core's
    core kind    changes_ownership_after(phase, after) -> do centers change hands now
                 (``ownership_seasons``)? then update_ownership(after) -> the owners
    every phase  after_phase(phase, after, seed) -> after, results
    every phase  phase_after(phase, after) -> the next phase played: phase_due(candidate,
                 previous, after) skips one (adjustments_needed, adjusts)
    every phase  events_opening_phase(after, seed) -> after, results: the events opening
                 the next phase; then the game master's "decisions" are dropped
    ============ ========================================================================

A host asks the rest between phases: who orders (``seats``, ``orders_due``,
``orders_awaited``, ``orders_welcome``, ``orders_given_by``), what may be ordered
(``own_legal_orders``, ``setup_legal_orders``, ``order_set_problem``, ``order_set_excess``),
what the game master must decide (``decisions_needed``; answers read by ``decision``),
how far a set-up is (``setup_progress``), whether the game is over (``finished``,
``winners_of``, ``winner``; ``draws``), and what stays a power's secret (``owned_extras``,
``secret_orders``, ``secret_reasons``, ``private_extras``). The reader of positions asks
``knows_phase``, ``check_extras`` (``extras_ids``, ``extras_shape``) and
``starting_ownership``. What only the site needs (twin-board duels, the seats that have
left, the reasons that exclude a player) is the site's (``variants/<id>/``), not here.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from adjudicator.board import (
    DeclaredCode,
    FrozenMap,
    Phase,
    PhaseKind,
    Position,
    Season,
    Unit,
    UnitKind,
    freeze,
    sort_units,
)
from adjudicator.errors import PositionError
from adjudicator.kept import KeptPer
from adjudicator.maps import GameMap, Terrain, load_map
from adjudicator.orders import (
    PHASE_ORDER_KINDS,
    Build,
    Disband,
    MovementOrder,
    Order,
    VariantOrder,
    Waive,
    parse_order,
)
from adjudicator.results import OrderResult, Reason
from adjudicator.shapes import CENTER, LOCATION, POWER, PROVINCE, Extras, IdSets, extras
from adjudicator.variants.common import distances_to, sc_count_winner


@dataclass(frozen=True, slots=True)
class ClosedPassages:
    """Passages of a variant's geography closed to one unit (Rather Silly's Mont Blanc
    tunnel, open to conventional armies only): the map that unit moves, supports and
    retreats on, and the reason an order of it through a closed passage is void (said with
    ``unit`` and ``dest``)."""

    map: GameMap
    reason: Reason


class ParadoxRule(StrEnum):
    """How a convoy paradox is broken (DATC 4.A.2)."""

    #: The convoyed armies of the paradox do not move and cut no support (DATC preference).
    SZYKMAN = "szykman"
    #: Every unit in the paradox holds (the 1982 rulebook).
    ALL_HOLD = "all_hold"


STANDARD_SEQUENCE: tuple[tuple[Season, PhaseKind], ...] = (
    (Season.SPRING, PhaseKind.MOVEMENT),
    (Season.SPRING, PhaseKind.RETREATS),
    (Season.FALL, PhaseKind.MOVEMENT),
    (Season.FALL, PhaseKind.RETREATS),
    (Season.WINTER, PhaseKind.ADJUSTMENTS),
)


class Question(DeclaredCode):
    """A sentence of a question the rules leave to the game master
    (:class:`DecisionRequest`): the question itself, or what its default means. A stable
    code (its value when stored) with its English wording, a ``str.format`` template over
    the request's parameters; a host says the same from the code in its readers'
    languages, as it does results (:class:`~adjudicator.results.Reason`). Never prose:
    a question may name a power's secret, which only a host that knows the viewer can
    leave out (:attr:`DecisionRequest.owned`). A code is its text, as a reason's is.
    """

    #: The English sentence (:func:`adjudicator.wording.question_words` puts its
    #: parameters in words).
    wording: str

    what = "question"

    @classmethod
    def declare(cls, code: str, wording: str) -> Question:
        """The question ``code`` with its English ``wording``, declared once; declaring it
        again with the same wording is harmless, with another it is refused.

        Raises:
            ValueError: for a code that is not lower-case words joined by "_", or a
                conflict.
        """
        if not code or not all(c.islower() or c == "_" for c in code):
            raise ValueError(f"a question code is lower-case words joined by '_', not {code!r}")
        known = cls._known(code)
        if known is not None:
            if known.wording != wording:
                raise ValueError(f"question {code!r} is already declared with other words")
            return known
        question = cls._add(code)
        question.wording = wording
        return question


#: A question's parameter: an id or words as given (``"F eng"``, ``"france"``, the words
#: of a question), or words by seat (the replies to the Superbrain's question).
QuestionParam = str | FrozenMap[str, str]
_NO_PARAMS: FrozenMap[str, QuestionParam] = FrozenMap()
_NOT_OWNED: FrozenMap[str, str] = FrozenMap()


@dataclass(frozen=True, slots=True)
class DecisionRequest:
    """Something the rules leave to the game master before a phase can be resolved (a tie
    to break, an answer to judge).

    The site asks the game's moderators, with a deadline; without an answer in time the
    ``default`` applies, and ``default_means`` says in words what that means. Answers come
    back in the position's extras, under ``"decisions"`` (see :meth:`Variant.decision`).

    The question is a code with parameters, as a result is, never prose: a parameter may
    be a power's secret (the Superbrain's answer, which the game master needs to judge the
    replies), and a host shows each viewer only what he may see of it.
    """

    key: str
    question: Question
    #: The question's parameters, as a result's are (ids, counts, words as given: see
    #: :mod:`adjudicator.wording`).
    params: FrozenMap[str, QuestionParam] = _NO_PARAMS
    #: The parameters that are a power's secret, by name, each with the power whose it is:
    #: a host shows them to that power, to those who judge the question and, once the game
    #: is over, to everyone (as :attr:`Variant.owned_extras`).
    owned: FrozenMap[str, str] = _NOT_OWNED
    #: The answers allowed; empty for a free answer.
    choices: tuple[str, ...] = ()
    #: The answer names any of ``choices``, none included (the seats that answered the
    #: Superbrain right): their ids, sorted, joined by commas; ``""`` is none of them.
    many: bool = False
    default: str = ""
    #: What the default means, in a sentence of its own (a question without parameters).
    default_means: Question | None = None


class Variant:
    """A variant's rules. Subclass and override hooks; never branch on ``id``."""

    # -- who it is and how a game is set up: options, seats, extras, the first position -------

    id: str = "standard"
    name: str = "Standard"
    aliases: tuple[str, ...] = ("classical", "diplomacy")
    map_id: str = "standard"
    created_by: str = "Allan B. Calhamer"
    rules_text: str = "The 2000 rulebook, with the DATC's preferred choices."
    #: The powers, when they are not the map's (Highlander's two colours, Multiple Void's six).
    power_ids: tuple[str, ...] | None = None
    #: How many players a game of this variant takes: (fewest, most).
    player_counts: tuple[int, int] = (7, 7)
    #: Do the rules draw by lot who plays which power (Multiple Void's colours)? Then a game
    #: may not let its players choose their powers.
    powers_by_lot: bool = False
    #: Option names this variant accepts in the CLI's ``options`` object, with defaults.
    option_defaults: Mapping[str, Any] = FrozenMap()
    #: The shape of what the variant keeps in ``Position.extras``, declared in its own
    #: folder (``shape.py``, :mod:`adjudicator.shapes`): the reader refuses a position
    #: whose extras do not fit it, with the path of the bad value, before a rule reads
    #: them. Standard: only the host's keys (the game master's answers).
    extras_shape: Extras = extras()

    @property
    def powers(self) -> tuple[str, ...]:
        return self.power_ids if self.power_ids is not None else self.map.power_ids

    def check_options(self, options: Mapping[str, Any] | None) -> FrozenMap[str, Any]:
        """The game's rule choices, checked, with every default filled in.

        Raises:
            PositionError: for an option this variant does not have, or a value it
                does not accept (the path names the option: ``options.players``).
        """
        given = dict(options or {})
        unknown = sorted(set(given) - set(self.option_defaults))
        if unknown:
            known = ", ".join(sorted(self.option_defaults)) or "none"
            raise PositionError(
                f"{self.name} has no option {unknown[0]!r} (its options: {known})",
                f"options.{unknown[0]}",
            )
        merged = {**self.option_defaults, **given}
        for name, value in merged.items():
            self.check_option(name, value, merged)
        return freeze(merged)  # type: ignore[no-any-return]

    def check_option(self, name: str, value: Any, options: Mapping[str, Any]) -> None:
        """Raise :class:`PositionError` (path ``options.<name>``) for a value not allowed."""

    def seats(self, options: Mapping[str, Any]) -> tuple[str, ...]:
        """The powers players take in a game with these (checked) options."""
        return self.powers

    def extras_ids(self, options: Mapping[str, Any]) -> IdSets:
        """The ids of each kind the shape of the extras names (:class:`~adjudicator.shapes.IdKind`)
        that exist in a game with these (checked) options: the variant's powers, the map's
        provinces and locations a unit can stand in, its supply centers. A variant whose
        extras name ids of its own (investors, roles) adds them."""
        return _map_ids(self)

    def check_extras(self, extras: Mapping[str, Any], options: Mapping[str, Any]) -> None:
        """Refuse extras that do not fit the variant's :attr:`extras_shape` (with these
        checked options), before any rule reads them.

        Raises:
            PositionError: naming the path of the first bad value (``extras.llamas.england``).
        """
        if extras:
            self.extras_shape.check_extras(extras, self.extras_ids(options))

    def initial_position(self, options: Mapping[str, Any] | None = None) -> Position:
        """The board at the start of a game with these options (defaults if None).

        Raises:
            PositionError: if the options are not the variant's.
        """
        checked = self.check_options(options)
        start = self.map.start
        phase = Phase.parse(start.get("phase", "S1901M"))
        units = []
        for power, texts in start.get("units", {}).items():
            for text in texts:
                kind, _, location = text.partition(" ")
                units.append(Unit(power, UnitKind(kind), location))
        ownership = {c: p for p, cs in start.get("centers", {}).items() for c in cs}
        return Position(self.id, phase, sort_units(units), FrozenMap(ownership), options=checked)

    def starting_ownership(self) -> dict[str, str]:
        """Who owns which center when a position leaves ``centers`` out."""
        if self.power_ids is not None:
            return {}
        return {c: p for p, cs in self.map.start.get("centers", {}).items() for c in cs}

    # -- geography: the map in force, and the passages closed to a unit -----------------------

    @functools.cached_property
    def map(self) -> GameMap:
        # Kept on the variant: asked for every order read and every phase resolved.
        return load_map(self.map_id)

    def geography(self, position: Position) -> GameMap:
        """The map in force for a position; variants add edges here (tunnels, links)
        and coasts from which fleets may convoy (:meth:`GameMap.with_edges`)."""
        return self.map

    def closed_passages(self, unit: Unit, position: Position) -> ClosedPassages | None:
        """The passages of :meth:`geography` closed to ``unit`` (Rather Silly's tunnel, to
        all but conventional armies), or None (the default): every passage is open to it.
        The resolver, the retreats and the legal orders then read ``unit``'s moves,
        supports and retreats on the map this gives."""
        return None

    # -- strength: what a unit brings to a move, a hold or a support (the resolver asks) ------

    paradox_rule: ParadoxRule = ParadoxRule.SZYKMAN

    def unit_strength(self, unit: Unit, position: Position) -> int:
        """The strength a unit brings to its own move or hold (a monster: 2, a bird: 0)."""
        return 1

    def support_strength(self, unit: Unit, position: Position) -> int:
        """What one support by this unit adds (a devil unit might add 2)."""
        return 1

    def implicit_supports(
        self, position: Position, orders: Mapping[str, MovementOrder]
    ) -> tuple[tuple[str, str], ...]:
        """Supports that no order gives, as ``(supporter, supported)`` pairs of provinces
        (Rather Silly's Siamese twins support each other): besides its own order, the unit
        in the first province supports the unit in the second in whatever that unit does
        as the resolver reads its order (``orders``, by province, as given to it): its move,
        or else its hold. Such a support is given only where an ordered one could be (the
        supporter reaches the province, never its own), counts its
        :meth:`support_strength`, is cut (:meth:`support_toughness`) and lost to
        dislodgement like an ordered one, and has a result of its own (``implicit_support``,
        or ``support_cut``). A supporter that moves away still gives it; it fails only if
        the supporter is dislodged. Standard: none."""
        return ()

    def support_toughness(self, supporter: Unit, supported: Unit, position: Position) -> int:
        """How hard a support by ``supporter`` of ``supported`` (ordered or implicit) is to
        cut. Standard: 1, any one attack cuts it (from another power, not from the province
        the support is aimed at, a convoyed attack only if its convoy gets through). With
        ``n`` above 1, it is cut by such attacks from ``n`` provinces or more, or by one of
        them whose attack strength is ``n`` or more. Dislodgement ends a support whatever
        its toughness."""
        return 1

    # -- orders: who gives which, how they read, which are allowed, what the master decides --

    #: The order kinds this variant declares (:class:`~adjudicator.orders.VariantOrder`).
    order_kinds: tuple[type[VariantOrder], ...] = ()
    #: Who gives orders besides the powers, by the ids orders are keyed by (Kapitalisten's
    #: investors give exchange orders). Standard: nobody.
    other_order_givers: tuple[str, ...] = ()
    #: The powers of units no player commands (Rather Silly's monsters): their units stand
    #: on the board, owe no orders, and the variant gives theirs (:meth:`standing_orders`).
    creatures: tuple[str, ...] = ()

    def read_order(
        self, text: str, *, position: Position | None = None, power: str | None = None
    ) -> Order:
        """Read one order: the variant's own kinds first (each reader says whether the
        text is its kind), then the core's notation (:func:`parse_order`).

        Raises:
            ParseError: if the text is not an order that can be read.
        """
        game_map = self.map
        for kind in self.order_kinds:
            order = kind.read(text, game_map, position, power)
            if order is not None:
                return order
        return parse_order(text, game_map, position=position, power=power)

    def phase_order_kinds(self, kind: PhaseKind) -> tuple[type, ...]:
        """The order kinds given in a phase of ``kind``: the core's for its kinds, and
        the variant's own declared for it."""
        core = PHASE_ORDER_KINDS.get(kind, ())
        own = tuple(k for k in self.order_kinds if kind in k.phase_kinds)
        return core + own if own else core

    def own_legal_orders(
        self, position: Position, power: str | None
    ) -> dict[str, tuple[Order, ...]]:
        """The variant's own orders a power may give now, keyed by province (or by a word
        for orders about no place), added to the core's list. Standard: none."""
        return {}

    def setup_legal_orders(
        self, position: Position, power: str | None
    ) -> dict[str, tuple[Order, ...]]:
        """The orders a power may give in a setup phase, keyed by province."""
        return {}

    def orders_due(self, position: Position) -> frozenset[str]:
        """Powers that have orders to give in this position."""
        kind = position.phase.kind
        if kind is PhaseKind.MOVEMENT:
            return frozenset(u.power for u in position.units) - frozenset(self.creatures)
        if kind is PhaseKind.RETREATS:
            return frozenset(d.unit.power for d in position.dislodged) - frozenset(self.creatures)
        if kind is PhaseKind.ADJUSTMENTS:
            return self.adjusting(position)
        raise PositionError(f"{self.name} has no {position.phase.name} phase", "phase")

    def orders_awaited(self, position: Position) -> frozenset[str]:
        """The powers whose missing orders hold the phase up under a host's missed-orders
        policy (a grace period, a search for a replacement). Standard: every power with
        orders due. Kapitalisten waits for the nations' military orders, never for an
        investor's exchange orders (rule 3.3.1)."""
        return self.orders_due(position)

    def orders_welcome(self, position: Position) -> frozenset[str]:
        """Seats that may give orders in this position without owing any (Rather Silly's
        roles: the Fool's override, a prediction, a question, a vote for the link). A host
        offers them the order box and a ready mark, and ends the phase before its
        deadline only once they too are ready; their missing orders are no miss
        (:meth:`orders_awaited` leaves them out). Standard: nobody."""
        return frozenset()

    def orders_given_by(self, position: Position) -> dict[str, frozenset[str]]:
        """Who orders for what this phase: for each seat (one of :meth:`seats`) that gives
        orders now, the powers whose orders it gives. The site lets a seat give exactly
        those; :func:`~adjudicator.resolve` takes orders by power, whoever gave them.

        Standard: each power with orders due (:meth:`orders_due`) gives its own. A
        variant answers otherwise where a player is not a power (Kapitalisten: whoever
        holds most of a nation's currency commands it) or orders for another's
        (a vassal, a fool).
        """
        return {power: frozenset({power}) for power in self.orders_due(position)}

    def order_set_problem(
        self, position: Position, power: str, orders: Sequence[Order]
    ) -> tuple[Reason, dict[str, str]] | None:
        """Why a power's orders, taken together, are not yet a whole answer (a nomination
        list that is short), or None. The site asks before a player marks ready; the
        resolver itself completes or corrects what is missing."""
        return None

    def order_set_excess(
        self, position: Position, power: str, orders: Sequence[Order]
    ) -> tuple[Reason, dict[str, str]] | None:
        """What a power's orders, taken together, give more of than the rules allow (a
        reason, with ``count`` allowed and ``given``), or None. The site asks when a player
        saves a whole order set and refuses the set; the resolver itself voids the excess.

        Whether each order is allowed alone is :func:`~adjudicator.check_order`'s question;
        this counts. In an adjustment phase: builds beyond the builds due
        (:meth:`adjustment`), a waive counting as a build not made and builds in one
        province once (a later one replaces an earlier one, as in the resolver); disbands
        beyond the disbands due, each unit once. On legal orders it is excess exactly when
        the resolver would void an order as ``too_many``.
        """
        if position.phase.kind is not PhaseKind.ADJUSTMENTS:
            return None
        return _adjustment_excess(self.adjustment(position, power), orders)

    def decisions_needed(
        self, position: Position, orders: Mapping[str, Sequence[str]]
    ) -> tuple[DecisionRequest, ...]:
        """What the game master must decide before this phase can be resolved with these
        orders, not counting what is answered already (:meth:`decision`). Standard: nothing."""
        return ()

    def decision(self, position: Position, key: str) -> str | None:
        """The game master's answer to the request ``key``, if the position carries one."""
        answers = position.extras.get("decisions")
        if isinstance(answers, Mapping):
            answer = answers.get(key)
            return answer if isinstance(answer, str) else None
        return None

    # -- phase steps: the sequence, and what resolve() runs around the core (the table) -----

    #: The phases of one year, in order; retreats and adjustments are skipped when empty.
    phase_sequence: tuple[tuple[Season, PhaseKind], ...] = STANDARD_SEQUENCE
    #: Phases before the first year that set the game up (nomination, placement, draft).
    setup_phases: tuple[tuple[Season, PhaseKind], ...] = ()
    #: The phase kinds this variant declares beyond the core's (:meth:`PhaseKind.declare`),
    #: each in ``phase_sequence`` or ``setup_phases``.
    phase_kinds: tuple[PhaseKind, ...] = ()
    #: The first year played by ``phase_sequence``; the setup phases, if any, are in the
    #: year before it, and no phase is earlier.
    first_year: int = 1901
    #: Seasons after whose movement (and retreats) supply centers change hands.
    ownership_seasons: frozenset[Season] = frozenset({Season.FALL})

    def knows_phase(self, phase: Phase) -> bool:
        """Can the variant's sequence produce this phase: one of its year's phases from
        ``first_year`` on, or one of its setup phases in the year before? (A standard
        S1900M, or a setup phase in the middle of the game, is none.)"""
        key = (phase.season, phase.kind)
        if phase.year < self.first_year:
            return phase.year == self.first_year - 1 and key in self.setup_phases
        return key in self.phase_sequence

    def orders_in_force(
        self, position: Position, orders: Mapping[str, Sequence[Order | str]], seed: int
    ) -> tuple[dict[str, list[Order | str]], list[OrderResult]]:
        """The orders a movement phase is resolved with, from those given: a variant whose
        rules let someone change another's orders (Rather Silly's Fool) rewrites them here,
        before the core reads them, and says what it did in results. Standard: as given."""
        return {p: list(o) for p, o in orders.items()}, []

    def standing_orders(self, position: Position, seed: int) -> Mapping[str, Sequence[str]]:
        """The orders of the units no player commands (:attr:`creatures`), by their power,
        given with the players' in a movement or retreat phase (whatever is keyed by a
        creature's power otherwise is set aside). Standard: none."""
        return {}

    def resolve_own_phase(
        self, position: Position, orders: Mapping[str, Sequence[Order]], seed: int
    ) -> tuple[Position, list[OrderResult]]:
        """Resolve a phase of a kind this variant declares (see :class:`PhaseKind`): the
        set-up kinds by :meth:`resolve_setup`; a kind of play (an exchange, a vote) by the
        variant's override of this hook. Same contract as :meth:`resolve_setup`."""
        if position.phase.kind.setup:
            return self.resolve_setup(position, orders, seed)
        raise PositionError(f"{self.name} has no {position.phase.name} phase", "phase")

    def resolve_setup(
        self, position: Position, orders: Mapping[str, Sequence[Order]], seed: int
    ) -> tuple[Position, list[OrderResult]]:
        """Resolve a setup phase (nomination, placement, a draft pick).

        ``orders`` are each power's readable orders of the phase's kinds, in the
        order given. Returns the position after the phase (still at ``position``'s
        phase: :meth:`phase_after` says what comes next) and a result per order,
        plus results for anything done in a player's stead (a missed pick).
        """
        raise PositionError(f"{self.name} has no {position.phase.name} phase", "phase")

    def setup_progress(self, position: Position) -> tuple[int, int] | None:
        """How far the set-up is, as (steps done, steps in all), for the set-up phases made
        of many small steps (Multiple Void's draft picks); None where that means nothing."""
        return None

    def steps_after_moves(
        self,
        position: Position,
        after: Position,
        orders: Mapping[str, Sequence[VariantOrder]],
        seed: int,
        *,
        moves: Sequence[OrderResult] = (),
    ) -> tuple[Position, tuple[OrderResult, ...]]:
        """The variant's own orders given in a movement, retreat or adjustment phase, as a
        step after the core resolved the rest: ``position`` is the phase's, ``after`` what
        the core made of it, ``moves`` the movement's result per unit (a movement phase:
        which moves bounced where). Returns the position and a result per order (and per
        unit the step touched). Standard: no such orders."""
        return after, ()

    def changes_ownership_after(self, phase: Phase, position: Position) -> bool:
        """Do supply centers change hands now that ``phase`` is over?

        Ownership changes at the end of an ownership season: after its
        retreats, or after its movement when there is nothing to retreat.
        """
        if phase.season not in self.ownership_seasons:
            return False
        if phase.kind is PhaseKind.RETREATS:
            return True
        return phase.kind is PhaseKind.MOVEMENT and not position.dislodged

    def update_ownership(self, position: Position) -> FrozenMap[str, str]:
        """A center belongs to the power whose unit stands on it; empty ones keep their owner."""
        ownership = dict(position.ownership)
        centers = self.map.supply_centers
        for unit in position.units:
            if unit.province in centers:
                ownership[unit.province] = unit.power
        return FrozenMap(ownership)

    def after_phase(
        self, phase: Phase, position: Position, seed: int
    ) -> tuple[Position, tuple[OrderResult, ...]]:
        """Events at the end of a phase, after centers changed hands (Multiple Void removes
        the units that took no center in 1900). Returns the position and a result for each
        unit the event touched."""
        return position, ()

    def phase_after(self, phase: Phase, position: Position) -> Phase:
        """The next phase with something to do, after ``phase`` produced ``position``.

        A retreat phase comes only when units were dislodged; an adjustment
        phase only when some power must build or disband; a movement phase is
        never skipped.
        """
        seq = self.phase_sequence
        if phase.is_setup:
            raise PositionError(f"{self.name} has no {phase.name} phase", "phase")
        try:
            index = seq.index((phase.season, phase.kind))
        except ValueError:
            raise PositionError(f"{phase} is not a phase of {self.name}", "phase") from None
        year = phase.year
        for _ in range(2 * len(seq)):
            index += 1
            if index == len(seq):
                index = 0
                year += 1
            season, kind = seq[index]
            candidate = Phase(season, year, kind)
            if self.phase_due(candidate, phase, position):
                return candidate
        raise PositionError(f"{self.name} has no movement phase", "phase")

    def phase_due(self, candidate: Phase, previous: Phase, position: Position) -> bool:
        """Is ``candidate`` played, after ``previous`` produced ``position``, or skipped?

        A movement phase is never skipped; a retreat phase comes only when a movement
        dislodged units; an adjustment phase only when some power must build or disband.
        A kind the variant declares is played every time unless it says otherwise.
        """
        kind = candidate.kind
        if kind is PhaseKind.MOVEMENT:
            return True
        if kind is PhaseKind.RETREATS:
            return bool(position.dislodged) and previous.kind is PhaseKind.MOVEMENT
        if kind is PhaseKind.ADJUSTMENTS:
            return self.adjustments_needed(position)
        return True

    def events_opening_phase(
        self, position: Position, seed: int
    ) -> tuple[Position, tuple[OrderResult, ...]]:
        """Events that open a phase (a monster appears, the Borg moves, a new hyperspace
        link), and a result for each unit or thing they touched. They run once, as the
        phase opens: :func:`~adjudicator.resolve` runs them for the phase it moves on to
        (with the seed of the phase it resolved) and :func:`~adjudicator.start` for a
        game's first; the position then stored shows them, so players order against the
        board they see. :func:`~adjudicator.check_order` and
        :func:`~adjudicator.legal_orders` never run them. Draw from
        :func:`adjudicator.chance.chance` with the event's name. Standard: none."""
        return position, ()

    # -- adjustments: who builds or disbands, where, and who goes in civil disorder -----------

    def adjustment(self, position: Position, power: str) -> int:
        """Builds due (positive) or disbands due (negative) for a power."""
        return len(position.centers_of(power)) - len(position.units_of(power))

    def build_sites(self, position: Position, power: str) -> tuple[str, ...]:
        """Provinces where ``power`` may build now: owned, vacant home centers."""
        return tuple(
            c
            for c in self.map.home_centers(power)
            if position.ownership.get(c) == power and position.unit_in(c) is None
        )

    def buildable_kinds(self, province: str) -> tuple[str, ...]:
        """Locations and unit kinds a build in ``province`` may name."""
        out: list[str] = []
        p = self.map.provinces[province]
        if p.terrain in (Terrain.LAND, Terrain.COAST):
            out.append(f"A {province}")
        if p.terrain is Terrain.COAST:
            if p.coasts:
                out.extend(f"F {loc}" for loc in self.map.coasts_of(province))
            else:
                out.append(f"F {province}")
        return tuple(out)

    def adjustment_seats(self, position: Position) -> tuple[str, ...]:
        """Whose units and centers the adjustments count: the powers, then any other order
        giver that holds units or centers (Rather Silly's Doctor and Fortune-teller)."""
        if not self.other_order_givers:
            return self.powers
        holders = {u.power for u in position.units} | set(position.ownership.values())
        others = sorted((holders & set(self.other_order_givers)) - set(self.powers))
        return (*self.powers, *others)

    def adjusts(self, position: Position, seat: str) -> bool:
        """Does ``seat`` build or disband at these adjustments: a build due that it has a
        site for, or a disband due. Every seat answers this one question, so that neither
        the winter's opening nor the orders it waits for can leave a seat's adjustment out."""
        delta = self.adjustment(position, seat)
        return delta < 0 or (delta > 0 and bool(self.build_sites(position, seat)))

    def adjusting(self, position: Position) -> frozenset[str]:
        """The seats that build or disband at these adjustments (:meth:`adjusts`)."""
        return frozenset(s for s in self.adjustment_seats(position) if self.adjusts(position, s))

    def adjustments_needed(self, position: Position) -> bool:
        """Does an adjustment phase open: does any seat build or disband?"""
        return any(self.adjusts(position, s) for s in self.adjustment_seats(position))

    def civil_disorder_distances(self, position: Position, power: str) -> dict[str, int]:
        """Distance of each of the power's units to its nearest home center.

        The rulebook counts moves through any provinces, land or sea, as if
        the unit could go anywhere; units farthest away are disbanded first.
        """
        homes = sorted(self.map.home_centers(power))
        return distances_to(self.geography(position), position, power, homes)

    # -- the end: who has won, and whether a draw may be agreed -------------------------------

    #: Supply centers needed to win.
    victory_centers: int = 18
    #: May the players agree a draw? (Kapitalisten: no; victory points decide, ties share.)
    draws: bool = True

    def winner(self, position: Position) -> str | None:
        """The power that has won, if any: ``victory_centers`` or more centers."""
        return sc_count_winner(position, self.victory_centers)

    def finished(self, position: Position) -> bool:
        """Has the game ended with this position? Standard: when someone has won."""
        return self.winner(position) is not None

    def winners_of(self, position: Position) -> tuple[str, ...]:
        """Who won, once :meth:`finished`: one power, or (where the rules let a win be
        shared, Kapitalisten's investors level on victory points) several."""
        winner = self.winner(position)
        return (winner,) if winner is not None else ()

    # -- secrets: what a host shows each power alone (games.visibility reads these) -----------

    #: Keys of ``Position.extras`` that map each power to something of its own that the
    #: other players never see (Rather Silly's llama herds): a host shows each its own.
    owned_extras: frozenset[str] = frozenset()
    #: Order kinds whose orders only their giver ever reads, before and after adjudication
    #: (settling a herd), and the reasons of results only their power reads.
    secret_orders: tuple[type[VariantOrder], ...] = ()
    secret_reasons: frozenset[str] = frozenset()
    #: Keys of ``Position.extras`` players may not see before the phase is adjudicated.
    private_extras: frozenset[str] = frozenset()

    def __repr__(self) -> str:
        return f"<Variant {self.id}>"


def _ids_of_map(variant: Variant) -> IdSets:
    game_map = variant.map
    provinces = frozenset(
        p.id for p in game_map.provinces.values() if p.terrain is not Terrain.IMPASSABLE
    )
    return {
        POWER.name: frozenset(variant.powers),
        PROVINCE.name: provinces,
        LOCATION.name: frozenset(
            loc for loc in game_map.locations if loc.split("/")[0] in provinces
        ),
        CENTER.name: game_map.supply_centers,
    }


#: Per variant, the ids of its map and powers (:meth:`Variant.extras_ids`): made once.
_map_ids: KeptPer[Variant, IdSets] = KeptPer(_ids_of_map)


def _adjustment_excess(delta: int, orders: Sequence[Order]) -> tuple[Reason, dict[str, str]] | None:
    """Builds and waives beyond ``delta`` builds due, or disbands beyond ``-delta`` disbands
    due (see :meth:`Variant.order_set_excess`); None when neither is in excess."""
    builds = {o.unit.province for o in orders if isinstance(o, Build)}
    waives = sum(1 for o in orders if isinstance(o, Waive))
    allowed = max(delta, 0)
    if len(builds) + waives > allowed:
        return Reason.BUILDS_EXCESS, {"count": str(allowed), "given": str(len(builds) + waives)}
    disbands = {o.unit.province for o in orders if isinstance(o, Disband)}
    due = max(-delta, 0)
    if len(disbands) > due:
        return Reason.DISBANDS_EXCESS, {"count": str(due), "given": str(len(disbands))}
    return None
