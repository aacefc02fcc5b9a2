"""What happened to each order, and why, in words a player understands.

An :class:`OrderResult` carries an :class:`Outcome` (the contract's wire
values) and, when the outcome is not ``ok``, a :class:`Reason` code with its
parameters. The wording is derived from the code, so the site can translate
it and tests can assert on codes, not prose.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from adjudicator.board import FrozenMap, slot_setters
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


class Reason(StrEnum):
    """Why an order did not simply succeed. Values are stable codes."""

    # unreadable or unattachable
    UNREADABLE = "unreadable"
    NO_UNIT = "no_unit"
    NOT_YOUR_UNIT = "not_your_unit"
    WRONG_UNIT_KIND = "wrong_unit_kind"
    WRONG_PHASE = "wrong_phase"
    REPLACED = "replaced"
    # illegal by the rules (void)
    SAME_PROVINCE = "same_province"
    NOT_ADJACENT = "not_adjacent"
    CANNOT_ENTER = "cannot_enter"
    COAST_NEEDED = "coast_needed"
    SUPPORT_UNREACHABLE = "support_unreachable"
    SUPPORT_SELF = "support_self"
    NO_SUPPORTED_UNIT = "no_supported_unit"
    SUPPORT_NOT_MATCHED = "support_not_matched"
    CONVOY_NOT_AT_SEA = "convoy_not_at_sea"
    CONVOY_NO_ARMY = "convoy_no_army"
    CONVOY_NOT_MATCHED = "convoy_not_matched"
    CONVOY_NOT_USED = "convoy_not_used"
    CONVOY_OFF_ROUTE = "convoy_off_route"
    # movement outcomes
    BOUNCED = "bounced"
    BOUNCED_OFF = "bounced_off"
    OWN_UNIT = "own_unit"
    LOST_HEAD_TO_HEAD = "lost_head_to_head"
    NO_CONVOY_ROUTE = "no_convoy_route"
    NO_POSSIBLE_CONVOY = "no_possible_convoy"
    CONVOY_DISRUPTED = "convoy_disrupted"
    CONVOY_PARADOX = "convoy_paradox"
    PARADOX_HOLD = "paradox_hold"
    MOVE_FAILED = "move_failed"
    SUPPORT_CUT = "support_cut"
    DISLODGED_BY = "dislodged_by"
    DESTROYED = "destroyed"
    # retreats
    RETREAT_NOT_ALLOWED = "retreat_not_allowed"
    RETREAT_BOUNCED = "retreat_bounced"
    NO_ORDER_DISBANDED = "no_order_disbanded"
    # adjustments
    NO_BUILDS_DUE = "no_builds_due"
    NO_DISBANDS_DUE = "no_disbands_due"
    BUILD_NOT_ALLOWED = "build_not_allowed"
    BUILD_OCCUPIED = "build_occupied"
    BUILD_TWICE = "build_twice"
    BUILD_TERRAIN = "build_terrain"
    TOO_MANY = "too_many"
    CIVIL_DISORDER = "civil_disorder"
    # an order set with more of something than the rules allow (refused at entry)
    BUILDS_EXCESS = "builds_excess"
    DISBANDS_EXCESS = "disbands_excess"
    NOMINATIONS_EXCESS = "nominations_excess"
    PICKS_EXCESS = "picks_excess"
    # setting a game up: nomination (Highlander)
    NOT_A_CENTER = "not_a_center"
    NOMINATED_TWICE = "nominated_twice"
    NOMINATION_EXCLUDED = "nomination_excluded"
    NOMINATION_CONTESTED = "nomination_contested"
    LISTS_IDENTICAL = "lists_identical"
    NOMINATION_COUNT = "nomination_count"
    NOMINATION_MISSING_POWER = "nomination_missing_power"
    NOMINATED_AT_RANDOM = "nominated_at_random"
    NOMINATION_DROPPED = "nomination_dropped"
    # placement (Highlander)
    PLACEMENT_NOT_OWN = "placement_not_own"
    PLACEMENT_MISSING = "placement_missing"
    PLACED_BY_DEFAULT = "placed_by_default"
    # the draft (Multiple Void)
    NOT_YOUR_PICK = "not_your_pick"
    NOT_A_DRAFT_SPACE = "not_a_draft_space"
    PICKED_AT_RANDOM = "picked_at_random"
    REMOVED_NO_CENTER = "removed_no_center"


_WORDING: dict[Reason, str] = {
    Reason.UNREADABLE: "{message}",
    Reason.NO_UNIT: "no unit at {location}",
    Reason.NOT_YOUR_UNIT: "{unit} belongs to {owner}",
    Reason.WRONG_UNIT_KIND: "the unit at {location} is {actual}, not {given}",
    Reason.WRONG_PHASE: "{kind} orders are not given in a {phase} phase",
    Reason.REPLACED: "replaced by a later order for the same unit",
    Reason.SAME_PROVINCE: "{unit} cannot move to the province it is in",
    Reason.NOT_ADJACENT: "{dest} is not adjacent to {source}",
    Reason.CANNOT_ENTER: "{unit} cannot enter {dest}",
    Reason.COAST_NEEDED: "say which coast of {dest}",
    Reason.SUPPORT_UNREACHABLE: "{unit} could not move to {dest} itself, so cannot support there",
    Reason.SUPPORT_SELF: "a unit cannot support itself",
    Reason.NO_SUPPORTED_UNIT: "no unit at {location} to support",
    Reason.SUPPORT_NOT_MATCHED: "{supported} was not ordered {what}",
    Reason.CONVOY_NOT_AT_SEA: "only a fleet at sea can convoy",
    Reason.CONVOY_NO_ARMY: "no army at {location} to convoy",
    Reason.CONVOY_NOT_MATCHED: "{army} was not ordered to {dest}",
    Reason.CONVOY_NOT_USED: "{army} went over land, not by convoy",
    Reason.CONVOY_OFF_ROUTE: "{unit} cannot be part of any convoy route from {source} to {dest}",
    Reason.BOUNCED: "bounced with {other} ({strength} vs {other_strength})",
    Reason.BOUNCED_OFF: "bounced off {other} ({strength} vs {other_strength})",
    Reason.OWN_UNIT: "cannot dislodge {other} of the same power",
    Reason.LOST_HEAD_TO_HEAD: "lost the head-to-head battle with {other} "
    "({strength} vs {other_strength})",
    Reason.NO_CONVOY_ROUTE: "no convoy route from {source} to {dest}",
    Reason.NO_POSSIBLE_CONVOY: "{dest} is not adjacent to {source}, and no fleets could "
    "convoy there",
    Reason.CONVOY_DISRUPTED: "convoy disrupted: {fleets} dislodged",
    Reason.CONVOY_PARADOX: "convoy paradox: the convoy fails (Szykman rule)",
    Reason.PARADOX_HOLD: "part of a convoy paradox: every unit in it holds",
    Reason.MOVE_FAILED: "the move failed",
    Reason.SUPPORT_CUT: "support cut by {other}",
    Reason.DISLODGED_BY: "dislodged by {other} from {source} ({strength} vs {other_strength})",
    Reason.DESTROYED: "dislodged by {other} with nowhere to retreat: destroyed",
    Reason.RETREAT_NOT_ALLOWED: "{unit} cannot retreat to {dest}",
    Reason.RETREAT_BOUNCED: "bounced with {other} in {dest}: both are disbanded",
    Reason.NO_ORDER_DISBANDED: "no retreat ordered: disbanded",
    Reason.NO_BUILDS_DUE: "{power} has no builds due",
    Reason.NO_DISBANDS_DUE: "{power} has no disbands due",
    Reason.BUILD_NOT_ALLOWED: "{power} may not build in {location}",
    Reason.BUILD_OCCUPIED: "{location} is occupied",
    Reason.BUILD_TWICE: "a unit is already being built in {location}",
    Reason.BUILD_TERRAIN: "{unit} cannot stand in {location}",
    Reason.TOO_MANY: "more orders than the {count} allowed",
    Reason.CIVIL_DISORDER: "disbanded in civil disorder (farthest from home)",
    Reason.BUILDS_EXCESS: "more builds than allowed: {given} given (a waive counts as a "
    "build), {count} allowed",
    Reason.DISBANDS_EXCESS: "more disbands than due: {given} given, {count} due",
    Reason.NOMINATIONS_EXCESS: "more centers than the list holds: {given} given, {count} allowed",
    Reason.PICKS_EXCESS: "more picks than allowed: {given} given, {count} allowed",
    Reason.NOT_A_CENTER: "{location} is not a supply center",
    Reason.NOMINATED_TWICE: "{location} is already on the list",
    Reason.NOMINATION_EXCLUDED: "{location} was named in an earlier round and may not be "
    "named again",
    Reason.NOMINATION_CONTESTED: "{location} was nominated by both players and stays neutral",
    Reason.LISTS_IDENTICAL: "both lists were the same: both players nominate again",
    Reason.NOMINATION_COUNT: "the list must name exactly {count} centers, not {given}",
    Reason.NOMINATION_MISSING_POWER: "the list must name a home center of {power}",
    Reason.NOMINATED_AT_RANDOM: "chosen at random to complete the list",
    Reason.NOMINATION_DROPPED: "dropped to make room for a home center of {power}",
    Reason.PLACEMENT_NOT_OWN: "{location} is not one of your centers",
    Reason.PLACEMENT_MISSING: "no unit is placed in {location} yet",
    Reason.PLACED_BY_DEFAULT: "no unit was placed here: an army stands in {location}",
    Reason.NOT_YOUR_PICK: "it is {power}'s pick, not yours",
    Reason.NOT_A_DRAFT_SPACE: "{location} is not one of the draft's spaces",
    Reason.PICKED_AT_RANDOM: "no pick in time: placed at random",
    Reason.REMOVED_NO_CENTER: "{unit} took no supply center in 1900 and is removed",
}


_NO_PARAMS: FrozenMap[str, str] = FrozenMap()


@dataclass(frozen=True, slots=True)
class OrderResult:
    """One order's result. ``order`` is the text as given when it could not be read."""

    power: str
    order: Order | str
    outcome: Outcome
    reason: Reason | None = None
    params: FrozenMap[str, str] = _NO_PARAMS

    @property
    def explanation(self) -> str:
        """The reason in words, or "" when the order simply succeeded."""
        if self.reason is None:
            return ""
        try:
            return _WORDING[self.reason].format_map(dict(self.params))
        except KeyError:
            return self.reason.value.replace("_", " ")

    def __str__(self) -> str:
        tail = f" ({self.explanation})" if self.reason is not None else ""
        return f"{self.power}: {self.order} -> {self.outcome.value}{tail}"


def unit_name(text: str) -> str:
    """A unit the way players write it in a result: ``A Mun``, ``F Stp/sc``."""
    kind, _, location = text.partition(" ")
    return f"{kind} {location[:1].upper()}{location[1:]}"


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
    >>> made = make_result("france", hold, *bounce, other="A Bur", strength=2)
    >>> made == OrderResult(
    ...     "france", hold, *bounce, FrozenMap({"other": "A Bur", "strength": "2"})
    ... )
    True
    >>> make_result("france", hold, Outcome.OK) == OrderResult("france", hold, Outcome.OK)
    True
    """
    if params:
        text = {k: v if isinstance(v, str) else str(v) for k, v in params.items()}
        words = FrozenMap.owning(text)
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
