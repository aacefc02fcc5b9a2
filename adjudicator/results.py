"""What happened to each order, and why, in words a player understands.

An :class:`OrderResult` carries an :class:`Outcome` (the contract's wire
values) and, when the outcome is not ``ok``, a :class:`Reason` code with its
parameters. The wording is derived from the code, so the site can translate
it and tests can assert on codes, not prose.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import ClassVar, cast

from adjudicator.board import DeclaredCode, FrozenMap, slot_setters
from adjudicator.orders import Order


class Outcome(StrEnum):
    """The result of one order, exactly the contract's values."""

    OK = "ok"
    BOUNCE = "bounce"
    CUT = "cut"
    DISLODGED = "dislodged"
    #: Readable but without effect by the rules: illegal, or not matched.
    VOID = "void"
    NO_CONVOY = "no_convoy"
    DISRUPTED = "disrupted"
    #: Cannot be attached to the position at all: unreadable text, no such
    #: unit, another power's unit, or an order of the wrong phase.
    ILLEGAL = "illegal"


class Reason(DeclaredCode):
    """Why an order did not simply succeed: a stable code (its value on the wire) with its
    English wording, a template over the result's parameters.

    The set is open, as phase kinds are: the core declares the codes of the standard game
    and the variants it ships, and a variant declares its own (a storm sank a fleet, the
    Borg ate a unit) with :meth:`declare`. A code is its text: it compares, hashes and
    serialises as the text, and the same text always gives the same object.

    >>> Reason("bounced") is Reason.BOUNCED, Reason.BOUNCED == "bounced"
    (True, True)
    """

    #: The English sentence, a ``str.format`` template over the result's parameters
    #: (:mod:`adjudicator.wording` puts their ids in words).
    wording: str
    #: Other sentences for when a parameter is left out, by its name (a support to hold
    #: names no destination).
    without: Mapping[str, str]
    #: The module that declared it (``adjudicator.variants.rather_silly.rules``).
    declared_in: str
    UNREADABLE: ClassVar[Reason]
    NO_UNIT: ClassVar[Reason]
    NOT_YOUR_UNIT: ClassVar[Reason]
    WRONG_UNIT_KIND: ClassVar[Reason]
    WRONG_PHASE: ClassVar[Reason]
    REPLACED: ClassVar[Reason]
    SAME_PROVINCE: ClassVar[Reason]
    NOT_ADJACENT: ClassVar[Reason]
    CANNOT_ENTER: ClassVar[Reason]
    COAST_NEEDED: ClassVar[Reason]
    SUPPORT_UNREACHABLE: ClassVar[Reason]
    SUPPORT_SELF: ClassVar[Reason]
    NO_SUPPORTED_UNIT: ClassVar[Reason]
    SUPPORT_NOT_MATCHED: ClassVar[Reason]
    CONVOY_NOT_AT_SEA: ClassVar[Reason]
    CONVOY_NO_ARMY: ClassVar[Reason]
    CONVOY_NOT_MATCHED: ClassVar[Reason]
    CONVOY_NOT_USED: ClassVar[Reason]
    CONVOY_OFF_ROUTE: ClassVar[Reason]
    BOUNCED: ClassVar[Reason]
    BOUNCED_OFF: ClassVar[Reason]
    OWN_UNIT: ClassVar[Reason]
    LOST_HEAD_TO_HEAD: ClassVar[Reason]
    NO_CONVOY_ROUTE: ClassVar[Reason]
    NO_POSSIBLE_CONVOY: ClassVar[Reason]
    CONVOY_DISRUPTED: ClassVar[Reason]
    CONVOY_PARADOX: ClassVar[Reason]
    PARADOX_HOLD: ClassVar[Reason]
    MOVE_FAILED: ClassVar[Reason]
    SUPPORT_CUT: ClassVar[Reason]
    IMPLICIT_SUPPORT: ClassVar[Reason]
    DISLODGED_BY: ClassVar[Reason]
    DESTROYED: ClassVar[Reason]
    RETREAT_NOT_ALLOWED: ClassVar[Reason]
    RETREAT_BOUNCED: ClassVar[Reason]
    NO_ORDER_DISBANDED: ClassVar[Reason]
    NO_BUILDS_DUE: ClassVar[Reason]
    NO_DISBANDS_DUE: ClassVar[Reason]
    BUILD_NOT_ALLOWED: ClassVar[Reason]
    BUILD_OCCUPIED: ClassVar[Reason]
    BUILD_TWICE: ClassVar[Reason]
    BUILD_TERRAIN: ClassVar[Reason]
    TOO_MANY: ClassVar[Reason]
    CIVIL_DISORDER: ClassVar[Reason]
    BUILDS_EXCESS: ClassVar[Reason]
    DISBANDS_EXCESS: ClassVar[Reason]
    NOMINATIONS_EXCESS: ClassVar[Reason]
    PICKS_EXCESS: ClassVar[Reason]
    NOT_A_CENTER: ClassVar[Reason]
    NOMINATED_TWICE: ClassVar[Reason]
    NOMINATION_EXCLUDED: ClassVar[Reason]
    NOMINATION_CONTESTED: ClassVar[Reason]
    LISTS_IDENTICAL: ClassVar[Reason]
    NOMINATION_COUNT: ClassVar[Reason]
    NOMINATION_MISSING_POWER: ClassVar[Reason]
    NOMINATED_AT_RANDOM: ClassVar[Reason]
    NOMINATION_DROPPED: ClassVar[Reason]
    PLACEMENT_NOT_OWN: ClassVar[Reason]
    PLACEMENT_MISSING: ClassVar[Reason]
    PLACED_BY_DEFAULT: ClassVar[Reason]
    NOT_YOUR_PICK: ClassVar[Reason]
    NOT_A_DRAFT_SPACE: ClassVar[Reason]
    PICKED_AT_RANDOM: ClassVar[Reason]
    REMOVED_NO_CENTER: ClassVar[Reason]

    what = "reason"

    @classmethod
    def declare(
        cls, code: str, wording: str, *, without: Mapping[str, str] | None = None
    ) -> Reason:
        """The reason ``code`` with its English ``wording`` (and the sentences ``without``
        a parameter), declared once; declaring it again with the same wording is harmless,
        with another it is refused.

        Raises:
            ValueError: for a code that is not lower-case words joined by "_", or a
                conflict.
        """
        if not code or not all(c.islower() or c == "_" for c in code):
            raise ValueError(f"a reason code is lower-case words joined by '_', not {code!r}")
        known = cls._known(code)
        if known is not None:
            if known.wording != wording:
                raise ValueError(f"reason {code!r} is already declared with other words")
            return known
        reason = cls._add(code)
        reason.wording = wording
        reason.without = dict(without or {})
        # Which module declared it: the adjudicator's own reasons are the ones the site
        # must word (adjudicator.variants.shipped_reasons), a test's made-up ones are not.
        reason.declared_in = str(sys._getframe(1).f_globals.get("__name__", ""))
        return reason

    def template_for(self, params: Mapping[str, object]) -> str:
        """The sentence for these parameters: the first ``without`` one whose parameter
        is missing, else :attr:`wording`."""
        for name, sentence in self.without.items():
            if name not in params:
                return sentence
        return self.wording


# unreadable or unattachable
#: ``problem`` is the reader's code (:data:`adjudicator.wording.PROBLEMS`), with its params.
Reason.UNREADABLE = Reason.declare("unreadable", "{message}")
Reason.NO_UNIT = Reason.declare("no_unit", "no unit at {location}")
Reason.NOT_YOUR_UNIT = Reason.declare("not_your_unit", "{unit} belongs to {owner}")
Reason.WRONG_UNIT_KIND = Reason.declare(
    "wrong_unit_kind", "the unit at {location} is {actual}, not {given}"
)
Reason.WRONG_PHASE = Reason.declare("wrong_phase", "{kind} orders are not given in a {phase} phase")
Reason.REPLACED = Reason.declare("replaced", "replaced by a later order for the same unit")
# illegal by the rules (void)
Reason.SAME_PROVINCE = Reason.declare(
    "same_province", "{unit} cannot move to the province it is in"
)
Reason.NOT_ADJACENT = Reason.declare("not_adjacent", "{dest} is not adjacent to {source}")
Reason.CANNOT_ENTER = Reason.declare("cannot_enter", "{unit} cannot enter {dest}")
Reason.COAST_NEEDED = Reason.declare("coast_needed", "say which coast of {dest}")
Reason.SUPPORT_UNREACHABLE = Reason.declare(
    "support_unreachable", "{unit} could not move to {dest} itself, so cannot support there"
)
Reason.SUPPORT_SELF = Reason.declare("support_self", "a unit cannot support itself")
Reason.NO_SUPPORTED_UNIT = Reason.declare("no_supported_unit", "no unit at {location} to support")
Reason.SUPPORT_NOT_MATCHED = Reason.declare(
    "support_not_matched",
    "{supported} was not ordered to {dest}",
    without={"dest": "{supported} was not ordered to hold"},
)
Reason.CONVOY_NOT_AT_SEA = Reason.declare("convoy_not_at_sea", "only a fleet at sea can convoy")
Reason.CONVOY_NO_ARMY = Reason.declare("convoy_no_army", "no army at {location} to convoy")
Reason.CONVOY_NOT_MATCHED = Reason.declare(
    "convoy_not_matched", "{army} was not ordered to move to {dest}"
)
Reason.CONVOY_NOT_USED = Reason.declare("convoy_not_used", "{army} went over land, not by convoy")
Reason.CONVOY_OFF_ROUTE = Reason.declare(
    "convoy_off_route", "{unit} cannot be part of any convoy route from {source} to {dest}"
)
# movement outcomes
Reason.BOUNCED = Reason.declare("bounced", "bounced with {other} ({strength} vs {other_strength})")
Reason.BOUNCED_OFF = Reason.declare(
    "bounced_off", "bounced off {other} ({strength} vs {other_strength})"
)
Reason.OWN_UNIT = Reason.declare("own_unit", "cannot dislodge {other} of the same power")
Reason.LOST_HEAD_TO_HEAD = Reason.declare(
    "lost_head_to_head",
    "lost the head-to-head battle with {other} ({strength} vs {other_strength})",
)
Reason.NO_CONVOY_ROUTE = Reason.declare(
    "no_convoy_route", "no convoy route from {source} to {dest}"
)
Reason.NO_POSSIBLE_CONVOY = Reason.declare(
    "no_possible_convoy", "{dest} is not adjacent to {source}, and no fleets could convoy there"
)
Reason.CONVOY_DISRUPTED = Reason.declare(
    "convoy_disrupted",
    "convoy disrupted: {fleets} dislodged",
    without={"fleets": "convoy disrupted: the convoy dislodged"},
)
Reason.CONVOY_PARADOX = Reason.declare(
    "convoy_paradox", "convoy paradox: the convoy fails (Szykman rule)"
)
Reason.PARADOX_HOLD = Reason.declare(
    "paradox_hold", "part of a convoy paradox: every unit in it holds"
)
Reason.MOVE_FAILED = Reason.declare("move_failed", "the move failed")
Reason.SUPPORT_CUT = Reason.declare("support_cut", "support cut by {other}")
#: A support no order gave, given (``Variant.implicit_supports``: Rather Silly's twins).
Reason.IMPLICIT_SUPPORT = Reason.declare(
    "implicit_support", "support given without an order, by the variant's rules"
)
Reason.DISLODGED_BY = Reason.declare(
    # The attacker's unit names where it came from ("A Galicia"); its ``source`` stays a
    # parameter for whoever reads the results as data.
    "dislodged_by",
    "dislodged by {other} ({strength} vs {other_strength})",
)
Reason.DESTROYED = Reason.declare(
    "destroyed", "dislodged by {other} with nowhere to retreat: destroyed"
)
# retreats
Reason.RETREAT_NOT_ALLOWED = Reason.declare(
    "retreat_not_allowed", "{unit} cannot retreat to {dest}"
)
Reason.RETREAT_BOUNCED = Reason.declare(
    "retreat_bounced", "bounced with {other} in {dest}: both are disbanded"
)
Reason.NO_ORDER_DISBANDED = Reason.declare("no_order_disbanded", "no retreat ordered: disbanded")
# adjustments
Reason.NO_BUILDS_DUE = Reason.declare("no_builds_due", "{power} has no builds due")
Reason.NO_DISBANDS_DUE = Reason.declare("no_disbands_due", "{power} has no disbands due")
Reason.BUILD_NOT_ALLOWED = Reason.declare(
    "build_not_allowed", "{power} may not build in {location}"
)
Reason.BUILD_OCCUPIED = Reason.declare("build_occupied", "{location} is occupied")
Reason.BUILD_TWICE = Reason.declare("build_twice", "a unit is already being built in {location}")
Reason.BUILD_TERRAIN = Reason.declare("build_terrain", "{unit} cannot stand in {location}")
Reason.TOO_MANY = Reason.declare("too_many", "more orders than the {count} allowed")
Reason.CIVIL_DISORDER = Reason.declare(
    "civil_disorder", "disbanded in civil disorder (farthest from home)"
)
# an order set with more of something than the rules allow (refused at entry)
Reason.BUILDS_EXCESS = Reason.declare(
    "builds_excess",
    "more builds than allowed: {given} given (a waive counts as a build), {count} allowed",
)
Reason.DISBANDS_EXCESS = Reason.declare(
    "disbands_excess", "more disbands than due: {given} given, {count} due"
)
Reason.NOMINATIONS_EXCESS = Reason.declare(
    "nominations_excess", "more centers than the list holds: {given} given, {count} allowed"
)
Reason.PICKS_EXCESS = Reason.declare(
    "picks_excess", "more picks than allowed: {given} given, {count} allowed"
)
# setting a game up: nomination (Highlander)
Reason.NOT_A_CENTER = Reason.declare("not_a_center", "{location} is not a supply center")
Reason.NOMINATED_TWICE = Reason.declare("nominated_twice", "{location} is already on the list")
Reason.NOMINATION_EXCLUDED = Reason.declare(
    "nomination_excluded", "{location} was named in an earlier round and may not be named again"
)
Reason.NOMINATION_CONTESTED = Reason.declare(
    "nomination_contested", "{location} was nominated by both players and stays neutral"
)
Reason.LISTS_IDENTICAL = Reason.declare(
    "lists_identical", "both lists were the same: both players nominate again"
)
Reason.NOMINATION_COUNT = Reason.declare(
    "nomination_count", "the list must name exactly {count} centers, not {given}"
)
Reason.NOMINATION_MISSING_POWER = Reason.declare(
    "nomination_missing_power", "the list must name a home center of {power}"
)
Reason.NOMINATED_AT_RANDOM = Reason.declare(
    "nominated_at_random", "chosen at random to complete the list"
)
Reason.NOMINATION_DROPPED = Reason.declare(
    "nomination_dropped", "dropped to make room for a home center of {power}"
)
# placement (Highlander)
Reason.PLACEMENT_NOT_OWN = Reason.declare(
    "placement_not_own", "{location} is not one of your centers"
)
Reason.PLACEMENT_MISSING = Reason.declare(
    "placement_missing", "no unit is placed in {location} yet"
)
Reason.PLACED_BY_DEFAULT = Reason.declare(
    "placed_by_default", "no unit was placed here: an army stands in {location}"
)
# the draft (Multiple Void)
Reason.NOT_YOUR_PICK = Reason.declare("not_your_pick", "it is {power}'s pick, not yours")
Reason.NOT_A_DRAFT_SPACE = Reason.declare(
    "not_a_draft_space", "{location} is not one of the draft's spaces"
)
Reason.PICKED_AT_RANDOM = Reason.declare("picked_at_random", "no pick in time: placed at random")
Reason.REMOVED_NO_CENTER = Reason.declare(
    "removed_no_center", "{unit} took no supply center in 1900 and is removed"
)


_NO_PARAMS: FrozenMap[str, str] = FrozenMap()


@dataclass(frozen=True, slots=True)
class OrderResult:
    """One order's result. ``order`` is the text as given when it could not be read."""

    power: str
    order: Order | str
    outcome: Outcome
    reason: Reason | None = None
    params: FrozenMap[str, str] = _NO_PARAMS

    def __str__(self) -> str:
        """The result for a log or a test's message (the English sentence is
        :func:`adjudicator.wording.explain`'s, with the map's names)."""
        tail = ""
        if self.reason is not None:
            given = ", ".join(f"{k}={v}" for k, v in self.params.items())
            tail = f" ({self.reason.value}{': ' + given if given else ''})"
        return f"{self.power}: {self.order} -> {self.outcome.value}{tail}"


def make_result(
    power: str,
    order: Order | str,
    outcome: Outcome,
    reason: Reason | None = None,
    /,
    **params: object,
) -> OrderResult:
    """``OrderResult(power, order, outcome, reason, FrozenMap(params as text))``, made faster
    (see :func:`adjudicator.board.slot_setters`): the resolver makes one per unit per phase.

    >>> from adjudicator.orders import Hold, UnitRef
    >>> from adjudicator.board import UnitKind
    >>> hold = Hold(UnitRef(UnitKind.ARMY, "par"))
    >>> bounce = Outcome.BOUNCE, Reason.BOUNCED
    >>> made = make_result("france", hold, *bounce, other="A bur", strength=2)
    >>> made == OrderResult(
    ...     "france", hold, *bounce, FrozenMap({"other": "A bur", "strength": "2"})
    ... )
    True
    >>> make_result("france", hold, Outcome.OK) == OrderResult("france", hold, Outcome.OK)
    True
    """
    if params:
        # ``params`` is this call's own dict: its values are made text in place.
        for key, value in params.items():
            if type(value) is not str:
                params[key] = str(value)
        words = FrozenMap.owning(cast("dict[str, str]", params))
    else:
        words = _NO_PARAMS  # shared, like the field's default
    result = _new(OrderResult)
    _set_power(result, power)
    _set_order(result, order)
    _set_outcome(result, outcome)
    _set_reason(result, reason)
    _set_params(result, words)
    return result


_new = object.__new__
_set_power, _set_order, _set_outcome, _set_reason, _set_params = slot_setters(
    OrderResult, "power", "order", "outcome", "reason", "params"
)
_OK = Outcome.OK


def ok_result(power: str, order: Order) -> OrderResult:
    """``OrderResult(power, order, Outcome.OK)``, made faster (see :func:`make_result`).

    >>> from adjudicator.orders import Hold, UnitRef
    >>> from adjudicator.board import UnitKind
    >>> hold = Hold(UnitRef(UnitKind.ARMY, "par"))
    >>> ok_result("france", hold) == OrderResult("france", hold, Outcome.OK)
    True
    """
    result = _new(OrderResult)
    _set_power(result, power)
    _set_order(result, order)
    _set_outcome(result, _OK)
    _set_reason(result, None)
    _set_params(result, _NO_PARAMS)
    return result


class ResultsWhenRead:
    """Results as given, or made by a function the first time they are read and kept from
    then on (what the function held may then go): a resolver words its results only when
    somebody reads them (a searching bot reads few of the many order sets it resolves)."""

    __slots__ = ("_made", "_make")

    def __init__(
        self, results: tuple[OrderResult, ...] | Callable[[], tuple[OrderResult, ...]]
    ) -> None:
        self._made: tuple[OrderResult, ...] | None
        self._make: Callable[[], tuple[OrderResult, ...]] | None
        if isinstance(results, tuple):
            self._made, self._make = results, None
        else:
            self._made, self._make = None, results

    @property
    def results(self) -> tuple[OrderResult, ...]:
        made = self._made
        if made is None:
            assert self._make is not None
            made = self._made = self._make()
            self._make = None
        return made
