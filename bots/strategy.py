"""The bot's play: orders for one power in one phase, every one taken from the
adjudicator's legal orders, every choice drawn from an explicit ``random.Random``.

Movement, in a few passes over the power's units (each unit is given one order):

1. **Keep what it stands on.** A unit on a supply center its power does not own yet holds
   (it takes the center when the season ends, if still there); in a season after which
   centers change hands, a unit on one of its own centers that an enemy could enter holds.
2. **Attack where it can win.** Each center it does not own within one move is valued (an
   enemy's more than a neutral one) and weighed: the defender's strength (the unit there
   and every unit of its power that could support it to hold), and the strongest other
   power that could move in too. It sends one unit and as many supports as it takes to
   beat both; a defended center it cannot beat is left alone, an empty one is tried
   with what it has. At most one of its units moves into any province (no self-bounce),
   never into a province one of its units holds.
3. **Defend.** A unit holding a center that enemies could attack gets support to hold
   from its neighbours, up to the strongest power that could attack it; before attacks in
   a season after which centers change hands, after them otherwise.
4. **By sea.** An army is carried by one of its fleets that lies next to both shores:
   onto an empty center to take, or, where no land route leads to one (an island), to an
   empty shore nearer one. Chains of several fleets it leaves alone.
5. **Advance.** Every other unit steps toward the nearest center its power does not own,
   into a province no other power's unit stands in and none of its own units holds or
   enters (nor swaps with one); or else supports an attack or a threatened hold of its
   own; or else attacks a neighbouring enemy unit (a center's first) to cut its support or
   take its place if it leaves; or holds.

It supports only its own units, so it never helps dislodge one of them. Retreats go to
a center it may take, else one of its own centers, else toward the nearest center to
take; builds go first where a home center is threatened, then where a unit is nearest to
a center to take (a fleet where a fleet is nearer); disbands take the units farthest
from the power's centers.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from adjudicator import (
    Build,
    Convoy,
    Disband,
    GameMap,
    Hold,
    Move,
    Order,
    PhaseKind,
    Position,
    Retreat,
    Support,
    Unit,
    UnitKind,
    UnitRef,
    Variant,
    legal_orders,
)
from adjudicator.board import province_of
from bots import setup

#: What a center is worth to take: an enemy's counts twice (one more for us, one fewer
#: for them), a neutral one once, one of our own that is empty and threatened (moving back
#: in keeps it) a little less.
ENEMY_CENTER = 2.0
NEUTRAL_CENTER = 1.0
OWN_CENTER = 0.9
FAR = setup.FAR


def bot_orders(
    variant: Variant,
    position: Position,
    power: str,
    rng: random.Random,
    *,
    legal: Mapping[str, Sequence[Order]] | None = None,
) -> list[Order]:
    """Orders for ``power`` in ``position``'s phase: a whole set, each taken from
    ``legal`` (by default the adjudicator's legal orders for the power; a client passes
    those the site lists, which know what a position read from the API may not, such as
    the provinces a standoff left empty).

    >>> from adjudicator import find_variant
    >>> standard = find_variant("standard")
    >>> orders = bot_orders(standard, standard.initial_position(), "italy", random.Random(1))
    >>> len(orders)
    3
    """
    if legal is None:
        legal = legal_orders(position, power, variant=variant)
    kind = position.phase.kind
    if kind is PhaseKind.MOVEMENT:
        return _Movement(variant, position, power, legal, rng).orders()
    if kind is PhaseKind.RETREATS:
        return retreats(variant, position, power, legal)
    if kind is PhaseKind.ADJUSTMENTS:
        return adjustments(variant, position, power, legal, rng)
    if kind.setup:
        return setup.setup_orders(variant, position, power, legal, rng)
    return []


# -- what a power sees ---------------------------------------------------------------------


def reachable(geo: GameMap, unit: Unit) -> frozenset[str]:
    """The provinces ``unit`` could move into without a convoy (and so support into)."""
    if unit.kind is UnitKind.ARMY:
        return geo.army_adjacency.get(unit.province, frozenset()) & geo.land_provinces
    return frozenset(province_of(x) for x in geo.fleet_adjacency.get(unit.location, ()))


def reach_by_power(
    geo: GameMap, units: Iterable[Unit], strength: Callable[[Unit], int] | None = None
) -> dict[str, dict[str, int]]:
    """Per province, per power: the strength of that power's units that could move into
    it, each counting ``strength`` (by default 1: the standard game's). One of them moving
    in with the others supporting is the strongest attack the power has."""
    out: dict[str, dict[str, int]] = {}
    for unit in units:
        counts = 1 if strength is None else strength(unit)
        for province in reachable(geo, unit):
            per_power = out.setdefault(province, {})
            per_power[unit.power] = per_power.get(unit.power, 0) + counts
    return out


def distances(geo: GameMap, targets: Iterable[str]) -> dict[UnitKind, dict[str, int]]:
    """Moves from each place to the nearest of ``targets`` (provinces), by unit kind: an
    army's keyed by province, a fleet's by location (a coast of its own)."""
    goal = set(targets)
    out: dict[UnitKind, dict[str, int]] = {}
    graphs: tuple[tuple[UnitKind, Mapping[str, frozenset[str]]], ...] = (
        (UnitKind.ARMY, geo.army_adjacency),
        (UnitKind.FLEET, geo.fleet_adjacency),
    )
    for kind, graph in graphs:
        depth = {place: 0 for place in graph if province_of(place) in goal}
        queue = deque(sorted(depth))
        while queue:
            here = queue.popleft()
            for there in sorted(graph.get(here, ())):
                if there not in depth:
                    depth[there] = depth[here] + 1
                    queue.append(there)
        out[kind] = depth
    return out


def distance_of(depth: Mapping[UnitKind, Mapping[str, int]], kind: UnitKind, place: str) -> int:
    """How far a unit of ``kind`` at ``place`` (a location) is from the nearest target."""
    key = province_of(place) if kind is UnitKind.ARMY else place
    return depth[kind].get(key, FAR)


def strongest_attack(reach: Mapping[str, Mapping[str, int]], province: str, me: str) -> int:
    """The strongest attack any other power could make on ``province``."""
    return max((n for p, n in reach.get(province, {}).items() if p != me), default=0)


# -- movement ------------------------------------------------------------------------------


@dataclass
class _Unit:
    """One of the power's units and the orders it may be given, indexed for planning."""

    unit: Unit
    hold: Order | None
    #: Its moves without a convoy, by the province they enter.
    moves: dict[str, Move] = field(default_factory=dict)
    #: Its supports, by (the supported unit's province, the province supported into; None
    #: for a support to hold).
    supports: dict[tuple[str, str | None], Support] = field(default_factory=dict)
    #: An army's moves by convoy, by the province they land in.
    by_sea: dict[str, Move] = field(default_factory=dict)
    #: A fleet's convoys, by (the army's province, the province it lands in).
    convoys: dict[tuple[str, str], Convoy] = field(default_factory=dict)


class _Movement:
    """The plan of one power's movement phase (see the module's docstring)."""

    def __init__(
        self,
        variant: Variant,
        position: Position,
        power: str,
        legal: Mapping[str, Sequence[Order]],
        rng: random.Random,
    ) -> None:
        self.position = position
        self.power = power
        self.rng = rng
        self.geo = geo = variant.geography(position)
        self.decisive = position.phase.season in variant.ownership_seasons
        # What each unit brings to a move or hold, and to a support, as the variant counts
        # it (1 each in the standard game; a variant's stronger or weaker units otherwise).
        self.strength: Callable[[Unit], int] = lambda u: variant.unit_strength(u, position)
        self.support: Callable[[Unit], int] = lambda u: variant.support_strength(u, position)
        self.reach = reach_by_power(
            geo, position.units, lambda u: max(self.strength(u), self.support(u))
        )
        owned = position.ownership
        self.mine = {u.province: u for u in position.units_of(power)}
        centers = geo.supply_centers
        self.to_take = {c for c in centers if owned.get(c) != power}
        self.depth = distances(geo, self.to_take - set(self.mine))
        self.units: dict[str, _Unit] = {}
        for province, unit in sorted(self.mine.items()):
            self.units[province] = self._index(unit, legal.get(province, ()))
        self.plan: dict[str, Order] = {}
        #: Provinces one of our units moves into.
        self.entering: set[str] = set()

    def _index(self, unit: Unit, options: Iterable[Order]) -> _Unit:
        near = reachable(self.geo, unit)
        hold: Order | None = None
        moves: dict[str, Move] = {}
        supports: dict[tuple[str, str | None], Support] = {}
        by_sea: dict[str, Move] = {}
        convoys: dict[tuple[str, str], Convoy] = {}
        for order in options:
            if isinstance(order, Hold):
                hold = order
            elif isinstance(order, Convoy):
                convoys[(order.army.province, province_of(order.dest))] = order
            elif isinstance(order, Move):
                into = province_of(order.dest)
                if order.via_convoy or into not in near:
                    by_sea[into] = order
                    continue
                known = moves.get(into)
                # Of two coasts, the one nearer a center to take.
                if known is None or self._far(unit.kind, order.dest) < self._far(
                    unit.kind, known.dest
                ):
                    moves[into] = order
            elif isinstance(order, Support):
                dest = None if order.dest is None else province_of(order.dest)
                supports[(order.supported.province, dest)] = order
        return _Unit(unit, hold, moves, supports, by_sea, convoys)

    def _far(self, kind: UnitKind, place: str) -> int:
        return distance_of(self.depth, kind, place)

    def free(self) -> list[_Unit]:
        """The units without an order yet, in an order drawn from the seed."""
        out = [u for p, u in sorted(self.units.items()) if p not in self.plan]
        self.rng.shuffle(out)
        return out

    def orders(self) -> list[Order]:
        self._keep()
        if self.decisive:
            self._defend()
            self._attack()
        else:
            self._attack()
            self._defend()
        self._convoy()
        self._advance()
        return [self.plan[p] for p in sorted(self.plan)]

    # 1. keep what it stands on
    def _keep(self) -> None:
        for province, mine in sorted(self.units.items()):
            if mine.hold is None:
                continue
            taking = province in self.to_take
            threatened = strongest_attack(self.reach, province, self.power) > 0
            own_center = province in self.geo.supply_centers and not taking
            if taking or (self.decisive and own_center and threatened):
                self.plan[province] = mine.hold

    # 2. attack where it can win
    def _attack(self) -> None:
        targets: list[tuple[int, float, float, str]] = []
        for province in sorted(self.geo.supply_centers):
            if province in self.mine:
                continue
            value = self._value(province)
            if value == 0:
                continue
            if not any(province in u.moves for u in self.units.values()):
                continue
            needed, _beatable = self._needed(province)
            targets.append((needed, -value, self.rng.random(), province))
        for _needed, _value, _draw, province in sorted(targets):
            self._attack_one(province)

    def _value(self, province: str) -> float:
        owner = self.position.ownership.get(province)
        standing = self.position.unit_in(province)
        if owner is None:
            return NEUTRAL_CENTER
        if owner != self.power or standing is not None:
            # An enemy's, or ours with an enemy on it (his, if he stays the season).
            return ENEMY_CENTER
        # Our own, empty: worth moving back into only where it could be lost now.
        threatened = strongest_attack(self.reach, province, self.power) > 0
        return OWN_CENTER if self.decisive and threatened else 0

    def _needed(self, province: str) -> tuple[int, bool]:
        """The strength an attack on ``province`` needs to succeed against the worst the
        others could do, and whether it must have it (a defended province: an attack
        short of it only bounces) or may try with less (an empty one)."""
        defender = self.position.unit_in(province)
        reach = self.reach.get(province, {})
        if defender is None:
            return 1 + strongest_attack(self.reach, province, self.power), False
        # The defender and every other unit of its power that could support it to hold.
        holding = self.strength(defender) + reach.get(defender.power, 0)
        others = max(
            (n for p, n in reach.items() if p not in (self.power, defender.power)), default=0
        )
        return 1 + max(holding, others), True

    def _attack_one(self, province: str) -> None:
        if province in self.entering:
            return
        needed, must = self._needed(province)
        free = self.free()
        best: tuple[int, _Unit, list[_Unit]] | None = None
        for attacker in free:
            move = attacker.moves.get(province)
            if move is None:
                continue
            helpers = [
                u
                for u in free
                if u is not attacker
                and (attacker.unit.province, province) in u.supports
                and self.support(u.unit) > 0
            ]
            # Strongest helpers first: the fewest units give the strength needed.
            helpers.sort(key=lambda u: -self.support(u.unit))
            total = self.strength(attacker.unit) + sum(self.support(u.unit) for u in helpers)
            # Of two as strong, the stronger mover: it needs the fewest supports.
            if best is None or (total, self.strength(attacker.unit)) > (
                best[0],
                self.strength(best[1].unit),
            ):
                best = (total, attacker, helpers)
        if best is None:
            return
        total, attacker, helpers = best
        if must and total < needed:
            return  # it would only bounce
        self.plan[attacker.unit.province] = attacker.moves[province]
        self.entering.add(province)
        strength = self.strength(attacker.unit)
        for helper in helpers:
            if strength >= needed:
                break
            self.plan[helper.unit.province] = helper.supports[(attacker.unit.province, province)]
            strength += self.support(helper.unit)

    # 3. defend
    def _defend(self) -> None:
        for province in sorted(self.plan):
            if not isinstance(self.plan[province], Hold):
                continue
            if province not in self.geo.supply_centers:
                continue
            attack = strongest_attack(self.reach, province, self.power)
            strength = self.strength(self.mine[province])
            for helper in self.free():
                if strength >= attack:
                    break  # a tie holds
                order = helper.supports.get((province, None))
                if order is not None and self.support(helper.unit) > 0:
                    self.plan[helper.unit.province] = order
                    strength += self.support(helper.unit)

    # 4. advance: by sea
    def _convoy(self) -> None:
        """An army carried by one fleet of ours next to both shores: onto an empty center
        to take, or, where no land route leads to one (an island), to a shore nearer one."""
        for army in self.free():
            if army.unit.kind is not UnitKind.ARMY or not army.by_sea:
                continue
            here = self._far(UnitKind.ARMY, army.unit.location)
            options: list[tuple[bool, int, float, Move, _Unit]] = []
            for into, move in sorted(army.by_sea.items()):
                if into in self.entering or self.position.unit_in(into) is not None:
                    continue
                taking = into in self.to_take
                far = self._far(UnitKind.ARMY, into)
                if not taking and (here < FAR or far >= FAR):
                    continue
                for fleet in self.free():
                    sea = self.geo.fleet_province_adjacency.get(fleet.unit.province, frozenset())
                    order = fleet.convoys.get((army.unit.province, into))
                    if order is not None and army.unit.province in sea and into in sea:
                        options.append((not taking, far, self.rng.random(), move, fleet))
                        break
            if options:
                _taking, _far, _draw, move, fleet = min(options, key=lambda o: o[:3])
                self.plan[army.unit.province] = move
                self.plan[fleet.unit.province] = fleet.convoys[
                    (army.unit.province, province_of(move.dest))
                ]
                self.entering.add(province_of(move.dest))

    # 5. advance
    def _advance(self) -> None:
        # Units that have found a step go first, so that the others may support them.
        waiting: list[_Unit] = []
        for mine in self.free():
            step = self._step(mine)
            if step is None:
                waiting.append(mine)
            else:
                self.plan[mine.unit.province] = step
                self.entering.add(province_of(step.dest))
        for mine in waiting:
            self.plan[mine.unit.province] = self._help(mine)

    def _step(self, mine: _Unit) -> Move | None:
        here = self._far(mine.unit.kind, mine.unit.location)
        steps: list[tuple[int, float, Move]] = []
        for into, move in sorted(mine.moves.items()):
            if into in self.entering or not self._may_enter(into, mine.unit.province):
                continue
            standing = self.position.unit_in(into)
            if standing is not None and standing.power != self.power:
                continue  # an attack alone only bounces: attacks are planned in _attack
            far = self._far(mine.unit.kind, move.dest)
            if far < here:
                steps.append((far, self.rng.random(), move))
        return min(steps, key=lambda s: s[:2])[2] if steps else None

    def _may_enter(self, into: str, leaving: str) -> bool:
        """May one of our units move into ``into`` from ``leaving``? Not where one of our
        units stays, nor where one moves out toward ``leaving`` (a swap only bounces)."""
        if into not in self.mine:
            return True
        planned = self.plan.get(into)
        return isinstance(planned, Move) and province_of(planned.dest) != leaving

    def _probe(self, mine: _Unit) -> Move | None:
        """A move against a neighbouring enemy unit, a center's first: alone it cannot
        dislodge a unit that holds, but it cuts that unit's support, takes the province if
        the unit moves away, and others of ours with nothing to do may support it."""
        probes: list[tuple[bool, float, Move]] = []
        for into, move in sorted(mine.moves.items()):
            standing = self.position.unit_in(into)
            if standing is None or standing.power == self.power or into in self.entering:
                continue
            probes.append((into not in self.geo.supply_centers, self.rng.random(), move))
        if not probes:
            return None
        move = min(probes, key=lambda p: p[:2])[2]
        self.entering.add(province_of(move.dest))
        return move

    def _worth(self, friend: str, dest: str) -> bool:
        """Is one more support for our move from ``friend`` into ``dest`` worth giving:
        is the attack then strong enough, or would it stay short (wasted either way)?"""
        given = sum(
            isinstance(o, Support) and o.supported.province == friend and o.dest == dest
            for o in self.plan.values()
        )
        needed, _must = self._needed(dest)
        return 2 + given >= needed

    def _help(self, mine: _Unit) -> Order:
        """A support for one of our planned attacks into a center (one it may win), else
        for a hold of a center under threat, else a probe, else its hold."""
        attacks: list[Support] = []
        holds: list[Support] = []
        for (friend, dest), support in sorted(mine.supports.items(), key=lambda kv: str(kv[1])):
            planned = self.plan.get(friend)
            if dest is not None:
                moving_there = isinstance(planned, Move) and province_of(planned.dest) == dest
                if moving_there and dest in self.geo.supply_centers and self._worth(friend, dest):
                    attacks.append(support)
            elif (
                isinstance(planned, Hold)
                and friend in self.geo.supply_centers
                and strongest_attack(self.reach, friend, self.power) > 0
            ):
                holds.append(support)
        if attacks:
            return self.rng.choice(attacks)
        if holds:
            return self.rng.choice(holds)
        probe = self._probe(mine)
        if probe is not None:
            return probe
        if mine.hold is not None:
            return mine.hold
        return Hold(UnitRef(mine.unit.kind, mine.unit.location))


# -- retreats ------------------------------------------------------------------------------


def retreats(
    variant: Variant, position: Position, power: str, legal: Mapping[str, Sequence[Order]]
) -> list[Order]:
    """Each dislodged unit retreats to a center it may take (in a season after which
    centers change hands, standing there takes it), else to one of its own empty centers,
    else toward the nearest center to take; never two to one province (both would be
    disbanded). It disbands only when it has nowhere to go."""
    geo = variant.geography(position)
    to_take = {c for c in geo.supply_centers if position.ownership.get(c) != power}
    depth = distances(geo, to_take)
    decisive = position.phase.season in variant.ownership_seasons
    taken: set[str] = set()
    out: list[Order] = []

    def rank(order: Retreat) -> tuple[int, int, str]:
        into = province_of(order.dest)
        if into in to_take and decisive:
            return (0, 0, order.dest)
        if into in geo.supply_centers and into not in to_take:
            return (1, 0, order.dest)
        return (2, distance_of(depth, order.unit.kind, order.dest), order.dest)

    for province in sorted(legal):
        options = legal[province]
        moves = [o for o in options if isinstance(o, Retreat) and province_of(o.dest) not in taken]
        if moves:
            best = min(moves, key=rank)
            taken.add(province_of(best.dest))
            out.append(best)
        else:
            out.extend(o for o in options if isinstance(o, Disband))
    return out


# -- adjustments ---------------------------------------------------------------------------


def adjustments(
    variant: Variant,
    position: Position,
    power: str,
    legal: Mapping[str, Sequence[Order]],
    rng: random.Random,
) -> list[Order]:
    """The builds due, or the disbands due.

    Builds go first to home centers an enemy could enter now (a unit there defends it),
    then to those nearest a center to take; on a coast, a fleet where a fleet would be
    nearer a center to take than an army. Disbands take the units farthest from the
    power's own centers (they are the least use in holding them)."""
    geo = variant.geography(position)
    due = variant.adjustment(position, power)
    if due > 0:
        reach = reach_by_power(geo, position.units)
        to_take = {c for c in geo.supply_centers if position.ownership.get(c) != power}
        depth = distances(geo, to_take)
        choices: list[tuple[int, int, float, Order]] = []
        for site in sorted(legal):
            builds = [o for o in legal[site] if isinstance(o, Build)]
            if not builds:
                continue  # the waive
            # Nearest first; an army on a tie (it can go inland, and be convoyed).
            build = min(
                builds,
                key=lambda b: (
                    distance_of(depth, b.unit.kind, b.unit.location),
                    b.unit.kind is not UnitKind.ARMY,
                    b.unit.location,
                ),
            )
            threat = strongest_attack(reach, site, power)
            far = distance_of(depth, build.unit.kind, build.unit.location)
            choices.append((-threat, far, rng.random(), build))
        choices.sort(key=lambda c: c[:3])
        return [c[3] for c in choices[:due]]
    if due < 0:
        own = position.centers_of(power) or frozenset(variant.map.home_centers(power))
        home = distances(geo, own)
        disbands = [o for options in legal.values() for o in options if isinstance(o, Disband)]
        disbands.sort(
            key=lambda o: (-distance_of(home, o.unit.kind, o.unit.location), o.unit.location)
        )
        return list(disbands[:-due])
    return []
