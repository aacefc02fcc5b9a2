"""Resolving a phase: ``resolve(position, orders) -> Resolution(position, results)``.

This module attaches each order to its unit (reporting orders that cannot be
attached), hands movement to :mod:`adjudicator.resolution`, resolves retreats
and adjustments itself, moves supply centers when the variant says, and
finds the next phase that has something to do.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from operator import itemgetter
from typing import cast

from adjudicator.board import (
    PhaseKind,
    Position,
    Unit,
    UnitKind,
    province_of,
)
from adjudicator.errors import ParseError
from adjudicator.orders import (
    Build,
    Convoy,
    Disband,
    Hold,
    Move,
    MovementOrder,
    Nominate,
    Order,
    Retreat,
    Support,
    UnitRef,
    VariantOrder,
    Waive,
    class_of_kinds,
    is_variant_order,
    parse_order,
    readings_of,
)
from adjudicator.resolution import (
    MovementResult,
    movement_voids,
    resolve_movement,
    retreats_for,
)
from adjudicator.results import OrderResult, Outcome, Reason, ResultsWhenRead, make_result
from adjudicator.variants import Variant, find_variant

# Reading an enum member through its class is slow in Python 3.11 (the metaclass has a
# __getattr__): the phase kinds resolve() and _attach() compare against every call.
_MOVEMENT, _RETREATS, _ADJUSTMENTS = PhaseKind.MOVEMENT, PhaseKind.RETREATS, PhaseKind.ADJUSTMENTS
#: The core's orders given to a unit, or to a province for a build (see _attach).
_UnitOrder = Hold | Move | Support | Convoy | Retreat | Disband | Build
#: The core's orders given to a unit that stands on the board (see _attach).
_UNIT_ORDER_KINDS: frozenset[type] = frozenset({Hold, Move, Support, Convoy, Retreat, Disband})


class Resolution(ResultsWhenRead):
    """What resolving a phase gives: the next position and every order's result.

    The results of a movement phase are worded only when first read (``results``): the
    command line and the site read them all, but a searching bot resolves many candidate
    order sets and reads the position of most, the results of few. Otherwise a value like
    the pair it was (unpacked, indexed, compared, hashed as ``(position, results)``).
    """

    __slots__ = ("position",)

    def __init__(
        self,
        position: Position,
        results: tuple[OrderResult, ...] | Callable[[], tuple[OrderResult, ...]],
    ) -> None:
        super().__init__(results)
        self.position = position

    def _pair(self) -> tuple[Position, tuple[OrderResult, ...]]:
        return (self.position, self.results)

    def __iter__(self) -> Iterator[Position | tuple[OrderResult, ...]]:
        return iter(self._pair())

    def __len__(self) -> int:
        return 2

    def __getitem__(self, index: int) -> Position | tuple[OrderResult, ...]:
        return self._pair()[index]

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Resolution):
            return self._pair() == other._pair()
        if isinstance(other, tuple):
            return self._pair() == other
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._pair())

    def __repr__(self) -> str:
        return f"Resolution(position={self.position!r}, results={self.results!r})"

    def __reduce__(self) -> tuple[type[Resolution], tuple[Position, tuple[OrderResult, ...]]]:
        # Pickled or copied as the pair, results worded: the resolver's state stays behind.
        return (Resolution, self._pair())


OrdersIn = Mapping[str, Iterable[Order | str]]


def resolve(
    position: Position,
    orders: OrdersIn,
    *,
    seed: int = 0,
    variant: Variant | None = None,
) -> Resolution:
    """Resolve one phase and return the position of the next phase with the results.

    ``orders`` maps each power to its orders, as values or as text in ordinary
    notation. Orders that cannot be read or attached to a unit are reported
    ``illegal``; orders that break the rules are adjudicated and reported
    ``void``. Units without orders hold, dislodged units without orders
    disband, and missing disbands are chosen by the civil-disorder rule.
    ``seed`` feeds any random event a variant has (the standard game has none), the
    events that open the next phase included (:meth:`Variant.events_opening_phase`): the position
    returned already shows them, and their results follow the orders'.
    ``variant`` overrides the registry lookup of ``position.variant`` (for
    variants defined outside the registry, such as the tests' made-up one).
    The game master's answers a host put under ``extras["decisions"]`` are for this phase
    alone: the position returned no longer carries them.

    >>> from adjudicator.variants import find_variant
    >>> start = find_variant("standard").initial_position()
    >>> after = resolve(start, {"germany": ["A mun - bur"], "france": ["A par - bur"]})
    >>> [(str(r.order), r.outcome.value) for r in after.results if r.power == "france"][:2]
    [('F bre H', 'ok'), ('A mar H', 'ok')]
    >>> str(after.position.phase), after.position.unit_in("bur") is None
    ('F1901M', True)

    Raises:
        UnknownVariant: if the position names a variant nobody knows.
    """
    if variant is None:
        variant = find_variant(position.variant)
    done = _resolve(position, orders, seed, variant, opening=True)
    after = done.position
    if "decisions" in after.extras:
        after = after.with_changes(
            extras={k: v for k, v in after.extras.items() if k != "decisions"}
        )
        return Resolution(after, done.results)
    return done


def start(
    variant: Variant, options: Mapping[str, object] | None = None, *, seed: int = 0
) -> Position:
    """The position of a new game's first phase: the variant's set-up with these options
    and the events that open that phase (:meth:`Variant.events_opening_phase`, drawn from ``seed``).

    >>> from adjudicator.variants import find_variant
    >>> str(start(find_variant("standard")).phase)
    'S1901M'

    Raises:
        PositionError: if the options are not the variant's.
    """
    position, _events = variant.events_opening_phase(variant.initial_position(options), seed)
    return position


def _resolve(
    position: Position, orders: OrdersIn, seed: int, variant: Variant, *, opening: bool
) -> Resolution:
    """:func:`resolve`; with ``opening``, the events that open the next phase run too (a
    check of one order asks for none)."""
    kind = position.phase.kind
    if kind is not _MOVEMENT and kind is not _RETREATS and kind is not _ADJUSTMENTS:
        return _resolve_own_kind(position, variant, orders, seed, opening=opening)
    own: dict[str, list[VariantOrder]] = {}
    rewritten: list[OrderResult] = []
    if kind is _MOVEMENT and type(variant).orders_in_force is not Variant.orders_in_force:
        # Only a variant that rewrites orders needs them copied first (the base hook
        # gives them back as given, and _attach only reads them).
        orders, rewritten = variant.orders_in_force(
            position, {p: list(o) for p, o in orders.items()}, seed
        )
    if variant.creatures and (kind is _MOVEMENT or kind is _RETREATS):
        # The creatures' orders are the variant's to give, whatever came keyed by them.
        standing = variant.standing_orders(position, seed)
        orders = {
            **{p: o for p, o in orders.items() if p not in variant.creatures},
            **{p: list(o) for p, o in standing.items()},
        }
    attached, results = _attach(position, variant, orders, own)
    results.extend(rewritten)
    # Results are listed by power, then by where the unit stands (a stable sort).
    keyed = [(_result_key(r), r) for r in results]
    # The movement resolver's answer while its results are in order and unread: they
    # are worded only if read (see Resolution), or when another result joins them.
    ordered: MovementResult | None = None
    outcome: MovementResult | None = None
    moved: tuple[OrderResult, ...] = ()
    if kind is _MOVEMENT:
        # _attach keeps only the order kinds of the phase.
        movement_orders = cast(
            "dict[str, MovementOrder]",
            {province: order for province, (_, order) in attached.items()},
        )
        outcome = resolve_movement(position, variant, movement_orders)
        # One result per unit, in the order of the position's units.
        keys = [(u.power, u.location) for u in position.units]
        if not keyed and not outcome.implicit and keys == sorted(keys):
            ordered = outcome  # in order already (units are usually kept sorted)
        else:
            keyed.extend(zip(keys, outcome.results, strict=True))
            # Supports no order gave (a variant's), each after its giver's own order.
            keyed.extend((_result_key(r), r) for r in outcome.implicit)
        after = position.with_changes(
            units=outcome.units, dislodged=outcome.dislodged, standoffs=outcome.standoffs
        )
    else:
        if kind is _RETREATS:
            after = _resolve_retreats(position, variant, attached, results)
            moved = tuple(results)
        else:
            after = _resolve_adjustments(position, variant, attached, results)
        keyed.extend((_result_key(r), r) for r in results[len(keyed) :])
    if own or variant.order_kinds:
        # The variant's own orders of the phase, as a step after the core's (llamas
        # explode after the units moved): always asked, for "no such order" may matter.
        if outcome is not None:
            moved = outcome.results
        after, stepped = variant.steps_after_moves(position, after, own, seed, moves=moved)
        if stepped:
            if ordered is not None:
                keyed = [(_result_key(r), r) for r in ordered.results]
                ordered = None
            keyed.extend((_result_key(r), r) for r in stepped)
    if variant.changes_ownership_after(position.phase, after):
        after = after.with_changes(ownership=variant.update_ownership(after))
    after, events = variant.after_phase(position.phase, after, seed)
    if events:
        if ordered is not None:
            keyed = [(_result_key(r), r) for r in ordered.results]
            ordered = None
        keyed.extend((_result_key(r), r) for r in events)
    next_phase = variant.phase_after(position.phase, after)
    if next_phase.kind is _RETREATS:
        after = after.with_changes(phase=next_phase)
    else:
        after = after.with_changes(phase=next_phase, dislodged=(), standoffs=())
    if opening:
        after, opened = variant.events_opening_phase(after, seed)
        if opened:
            if ordered is not None:
                keyed = [(_result_key(r), r) for r in ordered.results]
                ordered = None
            keyed.extend((_result_key(r), r) for r in opened)
    if ordered is not None:
        return Resolution(after, _read_later(ordered))
    keyed.sort(key=itemgetter(0))  # stable: equal keys keep the order they came in
    return Resolution(after, tuple([r for _, r in keyed]))


#: Void reasons that only say another unit's order did not match: not a problem
#: with the order itself.
_MATCHING_REASONS = frozenset(
    {Reason.SUPPORT_NOT_MATCHED, Reason.CONVOY_NOT_MATCHED, Reason.CONVOY_NOT_USED}
)


def check_order(
    position: Position, power: str, order: Order | str, *, variant: Variant | None = None
) -> OrderResult | None:
    """Is this order legal for ``power`` now? ``None`` if so, else the result saying why.

    This is the check the site runs as a player types: it resolves the order
    alone, so the reason is the resolver's own (a code with its parameters, which
    :func:`adjudicator.wording.explain` words). A support or convoy that no other order
    matches yet is fine. In a movement phase where nothing but the order itself can
    find fault with it (no hook of the variant's moves a unit or reports on orders), the
    resolution stops once the orders are read: the deciding that follows gives no such
    verdict.

    >>> from adjudicator.variants import find_variant
    >>> start = find_variant("standard").initial_position()
    >>> problem = check_order(start, "england", "A lvp - tyr")
    >>> problem.reason.value, dict(problem.params)
    ('not_adjacent', {'dest': 'tyr', 'source': 'lvp'})
    >>> check_order(start, "england", "F lon - nth") is None
    True
    """
    if variant is None:
        variant = find_variant(position.variant)
    phase = position.phase
    if phase.kind is _MOVEMENT and _reading_decides(variant) and variant.knows_phase(phase):
        own: dict[str, list[VariantOrder]] = {}
        attached, results = _attach(position, variant, {power: [order]}, own)
        if not own:
            # _attach keeps only the order kinds of the phase.
            movement_orders = cast(
                "dict[str, MovementOrder]",
                {province: given for province, (_, given) in attached.items()},
            )
            results.extend(movement_voids(position, variant, movement_orders))
            results.sort(key=_result_key)  # stable, as _resolve lists them
            return _problem(results, power, order)
    return _check_by_resolving(position, power, order, variant)


def _reading_decides(variant: Variant) -> bool:
    """Is a movement order's verdict decided once the orders are read, in this variant?

    The rest of the phase can change it only through a unit that moves and dislodges
    the ordered one, or a result of its own: with one order given, only a variant's
    hooks bring either (orders rewritten or given to its creatures, its own order
    kinds and events). Where it has none, :func:`check_order` stops after reading; a
    variant may phrase its events as problems, so any hook of those keeps the full path.
    (So does a phase the variant does not have: resolving it refuses the position.)
    """
    hooks = type(variant)
    return (
        not variant.creatures
        and not variant.order_kinds
        and hooks.orders_in_force is Variant.orders_in_force
        and hooks.after_phase is Variant.after_phase
    )


def _check_by_resolving(
    position: Position, power: str, order: Order | str, variant: Variant
) -> OrderResult | None:
    """:func:`check_order` by resolving the whole phase with the one order (every other
    unit holds): right for every phase and variant, and the measure of the quicker way."""
    results = _resolve(position, {power: [order]}, 0, variant, opening=False).results
    return _problem(results, power, order)


def _problem(results: Iterable[OrderResult], power: str, order: Order | str) -> OrderResult | None:
    """The first result in ``results`` that finds fault with ``power``'s ``order``."""
    text = order if isinstance(order, str) else str(order)
    for r in results:
        if r.power != power or r.outcome is Outcome.OK:
            continue
        if isinstance(r.order, str) and r.order != text:
            continue
        if r.outcome is Outcome.ILLEGAL or r.reason is Reason.NO_POSSIBLE_CONVOY:
            return r
        if r.outcome is Outcome.VOID and r.reason not in _MATCHING_REASONS:
            return r
    return None


def _result_key(r: OrderResult) -> tuple[str, str]:
    order = r.order
    if isinstance(order, Nominate):
        return (r.power, order.center)
    if is_variant_order(order):
        return (r.power, order.where or "~")
    # A TypeGuard does not narrow the other way: mypy still counts a variant's kind here.
    where = order.unit.location if not isinstance(order, (str, Waive)) else "~"  # type: ignore[union-attr]
    return (r.power, where)


def _resolve_own_kind(
    position: Position, variant: Variant, orders: OrdersIn, seed: int, *, opening: bool
) -> Resolution:
    """A phase of a kind the variant declares (a set-up phase: nomination, placement, a
    draft pick; or one of play, such as an exchange): read the orders of the kinds the
    phase takes, let the variant resolve them, and move on to the phase it says is next."""
    allowed = variant.phase_order_kinds(position.phase.kind)
    readable: dict[str, list[Order]] = {}
    results: list[OrderResult] = []
    for power in sorted(orders):
        mine = readable.setdefault(power, [])
        for given in orders[power]:
            order = _read(given, power, position, variant, allowed, results)
            if order is not None:
                mine.append(order)
    after, resolved = variant.resolve_own_phase(position, readable, seed)
    results.extend(resolved)
    after, events = variant.after_phase(position.phase, after, seed)
    results.extend(events)
    next_phase = variant.phase_after(position.phase, after)
    after = after.with_changes(phase=next_phase, dislodged=(), standoffs=())
    if opening:
        after, opened = variant.events_opening_phase(after, seed)
        results.extend(opened)
    keyed = sorted(((_result_key(r), n), r) for n, r in enumerate(results))
    return Resolution(after, tuple(r for _, r in keyed))


def _read_later(outcome: MovementResult) -> Callable[[], tuple[OrderResult, ...]]:
    """The movement resolver's results, worded when first read (see Resolution)."""
    return lambda: outcome.results


def _attach(
    position: Position,
    variant: Variant,
    orders: OrdersIn,
    own: dict[str, list[VariantOrder]],
) -> tuple[dict[str, tuple[str, Order]], list[OrderResult]]:
    """Give each unit (or build site) the order meant for it; report the rest.

    A later order for the same unit replaces an earlier one. Returns the
    orders keyed by province (waives keyed ``waive#n``) and the results of
    the orders that could not be attached. Orders of kinds the variant declares go
    to ``own``, by power, for its :meth:`Variant.steps_after_moves`.
    """
    kind = position.phase.kind
    allowed = variant.phase_order_kinds(kind)
    attached: dict[str, tuple[str, Order]] = {}
    results: list[OrderResult] = []
    waives = 0
    adjustments = kind is _ADJUSTMENTS
    find_unit: Callable[[str], Unit | None]
    if kind is _RETREATS:
        find_unit = {d.unit.province: d.unit for d in position.dislodged}.get
    else:
        find_unit = position.unit_in
    # The core's orders of a unit, given as values of a kind the phase takes (a bot's, the
    # site's): nothing to read, and none is the variant's, a waive, a nomination or a
    # build, so they go straight to their unit (isinstance against the variant's ABC
    # costs more than the rest of the attaching).
    plain = _UNIT_ORDER_KINDS.intersection(allowed)
    # Texts of the core's notation read before in a movement phase (a batch's, a player's
    # saved orders): the order read is taken as it was when its unit stands there, as
    # reading it again would give it; anything else is read in full below, and so gets
    # the reader's own words for what is wrong (an empty province, say).
    known = readings_of(variant.map) if kind is _MOVEMENT and not variant.order_kinds else None
    order: _UnitOrder
    unit: Unit | None
    for power in sorted(orders):
        for given in orders[power]:
            unit = None
            if type(given) in plain:
                # mypy reads no type from a membership test; cast() would cost a call.
                order = given  # type: ignore[assignment]
            elif (
                known is not None
                and type(given) is str
                and (kept := known.get((given, kind))) is not None
                and type(kept[0]) in plain
                and (unit := find_unit(kept[0].unit.province)) is not None  # type: ignore[union-attr]
            ):
                order = kept[0]  # type: ignore[assignment]
            else:
                read = _read(given, power, position, variant, allowed, results)
                if read is None:
                    continue
                if is_variant_order(read):
                    own.setdefault(power, []).append(read)
                    continue
                if isinstance(read, Waive):  # only an adjustment phase lets one this far
                    waives += 1
                    attached[f"waive#{waives}"] = (power, read)
                    continue
                assert not isinstance(read, Nominate)  # only a nomination phase has those
                if adjustments and isinstance(read, Build):
                    # Keyed by power too: one power's build never replaces another's.
                    key = f"{power}:{read.unit.province}"
                    if key in attached:
                        results.append(_replaced(attached[key]))
                    attached[key] = (power, read)
                    continue
                order = read  # type: ignore[assignment]  # not a variant's (see _result_key)
            ref = order.unit
            province = ref.province
            if unit is None:
                unit = find_unit(province)
            if unit is None:
                results.append(
                    make_result(
                        power,
                        order,
                        Outcome.ILLEGAL,
                        Reason.NO_UNIT,
                        location=province,
                    )
                )
                continue
            if unit.power != power:
                results.append(
                    make_result(
                        power,
                        order,
                        Outcome.ILLEGAL,
                        Reason.NOT_YOUR_UNIT,
                        unit=str(unit),
                        owner=unit.power,
                    )
                )
                continue
            if unit.kind is not ref.kind:
                results.append(
                    make_result(
                        power,
                        order,
                        Outcome.ILLEGAL,
                        Reason.WRONG_UNIT_KIND,
                        location=province,
                        actual=unit.kind.value,
                        given=ref.kind.value,
                    )
                )
                continue
            if ref.location != unit.location:
                # The coast a unit is on is known: "F spa/nc - lyo" orders F spa/sc (DATC 6.B.10).
                order = _with_location(order, unit.location)
            if province in attached:
                results.append(_replaced(attached[province]))
            attached[province] = (power, order)
    return attached, results


def _read(
    given: Order | str,
    power: str,
    position: Position,
    variant: Variant,
    allowed: tuple[type, ...],
    results: list[OrderResult],
) -> Order | None:
    """An order as given (text is read by the variant), if it is of a kind the phase
    takes; else None, with a result saying why added to ``results``."""
    if isinstance(given, str):
        try:
            if variant.order_kinds:
                order = variant.read_order(given, position=position, power=power)
            else:  # the core's notation alone: no reader of the variant's to ask first
                order = parse_order(given, variant.map, position=position, power=power)
        except ParseError as e:
            results.append(
                make_result(
                    power, given, Outcome.ILLEGAL, Reason.UNREADABLE, problem=e.code, **e.params
                )
            )
            return None
    else:
        order = given
    if not class_of_kinds(type(order), allowed):
        results.append(
            make_result(
                power,
                order,
                Outcome.ILLEGAL,
                Reason.WRONG_PHASE,
                kind=type(order).__name__.lower(),
                phase=position.phase.kind.words,
            )
        )
        return None
    return order


def _replaced(entry: tuple[str, Order]) -> OrderResult:
    power, order = entry
    return make_result(power, order, Outcome.ILLEGAL, Reason.REPLACED)


def _with_location(order: _UnitOrder, location: str) -> _UnitOrder:
    from dataclasses import replace

    return replace(order, unit=UnitRef(order.unit.kind, location))


# -- retreats --------------------------------------------------------------------


def _resolve_retreats(
    position: Position,
    variant: Variant,
    attached: dict[str, tuple[str, Order]],
    results: list[OrderResult],
) -> Position:
    geo = variant.geography(position)
    occupied = {u.province for u in position.units}
    wanted: dict[str, list[tuple[Unit, Retreat]]] = {}
    for d in position.dislodged:
        unit = d.unit
        entry = attached.get(unit.province)
        if entry is None:
            ref = UnitRef(unit.kind, unit.location)
            results.append(
                make_result(unit.power, Disband(ref), Outcome.OK, Reason.NO_ORDER_DISBANDED)
            )
            continue
        power, order = entry
        if isinstance(order, Disband):
            results.append(make_result(power, order, Outcome.OK))
            continue
        assert isinstance(order, Retreat)
        options = retreats_for(geo, unit, d.attacker_from, occupied, position.standoffs)
        dest = order.dest
        if unit.kind is UnitKind.ARMY:
            dest = province_of(dest)
        elif "/" not in dest:
            coasts = [o for o in options if province_of(o) == dest]
            if len(coasts) == 1:
                dest = coasts[0]
        closed = variant.closed_passages(unit, position)
        if closed is not None and dest in options:
            own = retreats_for(closed.map, unit, d.attacker_from, occupied, position.standoffs)
            if dest not in own:
                results.append(
                    make_result(
                        power, order, Outcome.VOID, closed.reason, unit=str(unit), dest=dest
                    )
                )
                continue
        if dest not in options:
            results.append(
                make_result(
                    power,
                    order,
                    Outcome.VOID,
                    Reason.RETREAT_NOT_ALLOWED,
                    unit=str(unit),
                    dest=order.dest,
                )
            )
            continue
        wanted.setdefault(province_of(dest), []).append((unit, Retreat(order.unit, dest)))
    units = list(position.units)
    for province, movers in wanted.items():
        if len(movers) == 1:
            unit, order = movers[0]
            units.append(Unit(unit.power, unit.kind, order.dest))
            results.append(make_result(unit.power, order, Outcome.OK))
            continue
        for unit, order in movers:
            others = ", ".join(str(u) for u, _ in movers if u is not unit)
            results.append(
                make_result(
                    unit.power,
                    order,
                    Outcome.BOUNCE,
                    Reason.RETREAT_BOUNCED,
                    other=others,
                    dest=province,
                )
            )
    return position.with_changes(units=units, dislodged=(), standoffs=())


# -- adjustments -----------------------------------------------------------------


def _resolve_adjustments(
    position: Position,
    variant: Variant,
    attached: dict[str, tuple[str, Order]],
    results: list[OrderResult],
) -> Position:
    game_map = variant.map
    units = list(position.units)
    by_power: dict[str, list[Order]] = {}
    for _key, (power, order) in attached.items():
        by_power.setdefault(power, []).append(order)
    # The powers, and any other seat that holds units or centers (Rather Silly's Doctor
    # and Fortune-teller): each adjusts by the same rules.
    for power in variant.adjustment_seats(position):
        delta = variant.adjustment(position, power)
        given = by_power.get(power, [])
        if delta >= 0:
            sites = set(variant.build_sites(position, power))
            used = 0
            for order in given:
                if isinstance(order, Disband):
                    results.append(
                        make_result(
                            power,
                            order,
                            Outcome.VOID,
                            Reason.NO_DISBANDS_DUE,
                            power=power,
                        )
                    )
                    continue
                if delta == 0:
                    results.append(
                        make_result(
                            power,
                            order,
                            Outcome.VOID,
                            Reason.NO_BUILDS_DUE,
                            power=power,
                        )
                    )
                    continue
                if used >= delta:
                    results.append(
                        make_result(power, order, Outcome.VOID, Reason.TOO_MANY, count=delta)
                    )
                    continue
                if isinstance(order, Waive):
                    used += 1
                    results.append(make_result(power, order, Outcome.OK))
                    continue
                assert isinstance(order, Build)
                problem = _build_problem(position, variant, power, order, sites)
                if problem is not None:
                    reason, params = problem
                    results.append(make_result(power, order, Outcome.VOID, reason, **params))
                    continue
                location = order.unit.location
                if order.unit.kind is UnitKind.ARMY:
                    location = province_of(location)
                sites.discard(province_of(location))
                used += 1
                units.append(Unit(power, order.unit.kind, location))
                results.append(
                    make_result(power, Build(UnitRef(order.unit.kind, location)), Outcome.OK)
                )
            continue
        # Disbands due.
        need = -delta
        removed: set[str] = set()
        for order in given:
            if not isinstance(order, Disband):
                results.append(
                    make_result(power, order, Outcome.VOID, Reason.NO_BUILDS_DUE, power=power)
                )
                continue
            if len(removed) >= need:
                results.append(make_result(power, order, Outcome.VOID, Reason.TOO_MANY, count=need))
                continue
            removed.add(order.unit.province)
            results.append(make_result(power, order, Outcome.OK))
        if len(removed) < need:
            distances = variant.civil_disorder_distances(position, power)
            remaining = [u for u in position.units_of(power) if u.province not in removed]
            # Farthest first; fleets before armies; then by the province's name.
            remaining.sort(
                key=lambda u: (
                    -distances[u.location],
                    0 if u.kind is UnitKind.FLEET else 1,
                    game_map.provinces[u.province].name.lower(),
                )
            )
            for u in remaining[: need - len(removed)]:
                removed.add(u.province)
                results.append(
                    make_result(
                        power,
                        Disband(UnitRef(u.kind, u.location)),
                        Outcome.OK,
                        Reason.CIVIL_DISORDER,
                    )
                )
        units = [u for u in units if not (u.power == power and u.province in removed)]
    return position.with_changes(units=units, dislodged=(), standoffs=())


def _build_problem(
    position: Position, variant: Variant, power: str, order: Build, sites: set[str]
) -> tuple[Reason, dict[str, str]] | None:
    location = order.unit.location
    province = province_of(location)
    if position.unit_in(province) is not None:
        return Reason.BUILD_OCCUPIED, {"location": province}
    if province not in variant.build_sites(position, power):
        return Reason.BUILD_NOT_ALLOWED, {"power": power, "location": province}
    if province not in sites:
        return Reason.BUILD_TWICE, {"location": province}
    allowed = variant.buildable_kinds(province)
    kind = order.unit.kind
    if kind is UnitKind.ARMY:
        if f"A {province}" not in allowed:
            return Reason.BUILD_TERRAIN, {"unit": "A", "location": province}
        return None
    if f"F {location}" in allowed:
        return None
    if "/" not in location and any(a.startswith(f"F {province}/") for a in allowed):
        return Reason.COAST_NEEDED, {"dest": province}
    return Reason.BUILD_TERRAIN, {"unit": "F", "location": province}
