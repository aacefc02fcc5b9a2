"""Highlander's rules object: Diplomacy for two on the standard map.

The rules (the German text, numbered as there):

1.-2. The 2000 rulebook, for two players: red (player 1) and blue.
3.    The board starts empty. Each player secretly nominates 15 supply centers
      (3.1); a center on one list only is that player's (3.2), a center on both
      lists stays neutral (3.4). Identical lists give nothing: both nominate
      again, 10 centers, none named before (3.5).
3A.   (option ``nomination: "every_power"``) each list names at least one home
      center of every great power.
3B.   (option ``nomination: "fixed"``) the organiser fixes the set-up
      (option ``fixed_setup``).
4.    Then each player places one unit on each own center (4.1, 4.2): armies
      only where fleets cannot stand (4.3), fleets on Spain, St Petersburg and
      Bulgaria name their coast (4.4).
5.    A year is one movement turn (a fall: centers change hands after every
      one) and one adjustment phase, with builds in any vacant own center (5.1).
6.    18 centers after a movement turn win.
7.    Tournament duels on twin boards: see :mod:`adjudicator.variants.highlander.duel`.

House rules where the text is silent (the rules page says so too):

* A missing or short nomination list is completed at random among the centers
  allowed (seeded, so a phase always resolves the same way). Under 3A a list
  that misses a great power first gets one of its home centers at random; if
  the list is full, the last-given center whose great power (or neutrality) is
  otherwise represented on the list makes room.
* A center chosen at random that the other player also named is contested like
  any other (``bounce``): the outcome says what happened, not how it was chosen.
* Identical lists again: another round, excluding everything named so far. Each
  later round asks for 10 centers, or for one fewer than the centers left to
  name when fewer than 11 are left (with exactly as many as are left, both lists
  would be the same by force). When fewer than two are left, nomination starts
  over from round 1 with nothing excluded.
* A placement order replaces an earlier valid one for the same center only if it
  is valid itself; an own center left without a unit gets an army (or, where an
  army cannot stand, the first unit that can).
* A fixed set-up gives each player at least one center and fewer than 18.
"""

from __future__ import annotations

import random
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from adjudicator.board import (
    FrozenMap,
    Phase,
    PhaseKind,
    Position,
    Season,
    Unit,
    UnitKind,
    freeze,
    province_of,
    sort_units,
)
from adjudicator.errors import PositionError
from adjudicator.orders import Build, Nominate, Order, UnitRef
from adjudicator.results import OrderResult, Outcome, Reason, make_result
from adjudicator.variants.base import Variant
from adjudicator.variants.common import (
    build_anywhere,
    distances_to_own_centers,
    sc_count_winner,
    sole_survivor,
)
from adjudicator.variants.highlander.shape import EXTRAS


class NominationRule(StrEnum):
    """How the starting centers are found (the option ``nomination``)."""

    #: Rule 3: any 15 centers.
    FREE = "free"
    #: Rule 3A: at least one home center of every great power on each list.
    EVERY_POWER = "every_power"
    #: Rule 3B: the organiser fixes the set-up (the option ``fixed_setup``).
    FIXED = "fixed"


#: Rule 3.1: the first list names 15 centers; rule 3.5: a later one 10.
FIRST_LIST = 15
LATER_LIST = 10

_NOMINATION = (Season.WINTER, PhaseKind.NOMINATION)
_PLACEMENT = (Season.WINTER, PhaseKind.PLACEMENT)
_UNIT_TEXT = re.compile(r"^\s*([AaFf])\s+(\S.*?)\s*$")

RULES_TEXT = """\
Highlander: Diplomacy for two (tatz., 2005). The 2000 rulebook, with these changes.
The board starts empty. Each player secretly nominates 15 supply centers; a center
named by one player only is that player's, a center named by both stays neutral.
If both lists are identical nobody gets anything and both nominate again: 10
centers, none named before. Option "every_power" (rule 3A): each list must name a
home center of every great power. Option "fixed" (rule 3B): the organiser sets the
starting centers (and units). Then each player places one unit on each own
center: armies only in Bud, Mos, Mun, Par, Ser, Vie and War; a fleet in Spa, StP or
Bul names its coast. A year is one movement turn (centers change hands after each)
and one adjustment phase; builds go in any vacant own center. 18 centers after a
movement turn win. Twin-board duels: board B starts with the colours of board A
swapped; the first to win a board wins the duel; boards won by both players in
the same turn go to the player with more units over both boards, then to the one
with more units on their winning board, then to sudden death.
House rules: a missing or short list is completed at random (with rule 3A, first
with a home center of each great power it lacks, dropping the last-named center
not needed for that if the list is full); identical lists again start yet another
round of 10 centers not named before, or one fewer than the centers left when
fewer than 11 remain, and nomination starts over when fewer than two remain; an
own center left without a unit gets an army.\
"""


@dataclass(frozen=True, slots=True)
class NominationState:
    """Where nomination stands: the round, the centers named in earlier rounds (rule
    3.5) and how many centers each list names this round. Kept in ``extras``."""

    round: int = 1
    excluded: frozenset[str] = frozenset()
    count: int = FIRST_LIST

    def to_extras(self) -> dict[str, Any]:
        return {"round": self.round, "excluded": sorted(self.excluded), "count": self.count}


@dataclass(slots=True)
class _Entry:
    """One center on a list being read: the order that named it, and whether it was
    chosen at random to complete the list."""

    center: str
    order: Nominate
    at_random: bool = False


class Highlander(Variant):
    """Two players, secret nomination of centers, free placement, one movement a year."""

    id = "highlander"
    name = "Highlander"
    aliases = ()
    map_id = "standard"
    created_by = "tatz., the German Diplomacy magazine (ludomaniac.de), April 2005"
    rules_text = RULES_TEXT
    power_ids = ("red", "blue")
    player_counts = (2, 2)
    #: Rule 5: one movement turn (a fall: centers change hands after it) and one
    #: adjustment phase a year.
    phase_sequence = (
        (Season.FALL, PhaseKind.MOVEMENT),
        (Season.FALL, PhaseKind.RETREATS),
        (Season.WINTER, PhaseKind.ADJUSTMENTS),
    )
    setup_phases = (_NOMINATION, _PLACEMENT)
    #: Nothing is drawn by lot: the text has "Spieler 1" and "Spieler 2" (rules 2 and 7.2),
    #: and the colours start alike (rule 3: both nominate in secret from an empty board).
    powers_by_lot = False
    option_defaults = FrozenMap({"nomination": NominationRule.FREE.value, "fixed_setup": None})
    #: Where the nomination stands (rule 3.5), declared in :mod:`.shape`.
    extras_shape = EXTRAS

    # -- options ---------------------------------------------------------------

    def check_option(self, name: str, value: Any, options: Mapping[str, Any]) -> None:
        """Check ``nomination`` and ``fixed_setup`` (see :meth:`read_fixed_setup`).

        Raises:
            PositionError: for an unknown nomination rule, "fixed" without a set-up, a
                set-up without "fixed", or a set-up that is not sound.
        """
        if name == "nomination":
            allowed = [r.value for r in NominationRule]
            if value not in allowed:
                raise PositionError(
                    f"nomination must be one of {', '.join(allowed)}, not {value!r}",
                    "options.nomination",
                )
            if value == NominationRule.FIXED and options.get("fixed_setup") is None:
                raise PositionError(
                    'nomination "fixed" needs the organiser\'s set-up in fixed_setup',
                    "options.fixed_setup",
                )
        elif name == "fixed_setup" and value is not None:
            if options.get("nomination") != NominationRule.FIXED:
                raise PositionError(
                    'fixed_setup is only used with nomination "fixed"', "options.fixed_setup"
                )
            self.read_fixed_setup(value)

    def read_fixed_setup(self, value: Any) -> tuple[dict[str, str], list[Unit] | None]:
        """Read rule 3B's set-up: ``{"centers": {"red": [...], "blue": [...]}, "units":
        {"red": ["A vie", "F spa/nc"], ...}}`` (units optional). Returns the ownership and
        the units (None when the set-up leaves placement to the players).

        Raises:
            PositionError: with a path under ``options.fixed_setup`` for anything that is
                not a supply center, a center owned twice, a player without centers or
                with 18 or more, or a unit that is not on one of its owner's centers,
                shares one, or cannot stand there.
        """
        path = "options.fixed_setup"
        setup = _mapping(value, path)
        for key in setup:
            if key not in ("centers", "units"):
                raise PositionError(
                    f"fixed_setup has centers and units, not {key!r}", f"{path}.{key}"
                )
        if "centers" not in setup:
            raise PositionError("fixed_setup must give each player's centers", f"{path}.centers")
        game_map = self.map
        supply_centers = game_map.supply_centers
        ownership: dict[str, str] = {}
        for power_key, listed in _mapping(setup["centers"], f"{path}.centers").items():
            here = f"{path}.centers.{power_key}"
            power = self._power(power_key, here)
            for n, name in enumerate(_sequence(listed, here)):
                at = f"{here}[{n}]"
                found = game_map.lookup(name) if isinstance(name, str) else None
                if found is None:
                    raise PositionError(f"unknown province {name!r}", at)
                center = province_of(found)
                if center not in supply_centers:
                    raise PositionError(
                        f"{game_map.location_name(center)} is not a supply center", at
                    )
                if center in ownership:
                    raise PositionError(f"{game_map.location_name(center)} is owned twice", at)
                ownership[center] = power
        for power in self.powers:
            owned = sum(1 for p in ownership.values() if p == power)
            if owned == 0:
                raise PositionError(f"{power} has no centers", f"{path}.centers.{power}")
            if owned >= self.victory_centers:
                raise PositionError(
                    f"{power} would start with {owned} centers and so have won already",
                    f"{path}.centers.{power}",
                )
        if setup.get("units") is None:
            return ownership, None
        units: list[Unit] = []
        taken: set[str] = set()
        for power_key, texts in _mapping(setup["units"], f"{path}.units").items():
            here = f"{path}.units.{power_key}"
            power = self._power(power_key, here)
            for n, text in enumerate(_sequence(texts, here)):
                unit = self._fixed_unit(text, power, ownership, f"{here}[{n}]")
                if unit.province in taken:
                    raise PositionError(
                        f"two units in {game_map.location_name(unit.province)}", f"{here}[{n}]"
                    )
                taken.add(unit.province)
                units.append(unit)
        return ownership, units

    def _power(self, key: Any, path: str) -> str:
        if not isinstance(key, str) or key.lower() not in self.powers:
            raise PositionError(f"unknown power {key!r} (known: {', '.join(self.powers)})", path)
        return key.lower()

    def _fixed_unit(self, text: Any, power: str, ownership: Mapping[str, str], path: str) -> Unit:
        game_map = self.map
        match = _UNIT_TEXT.match(text) if isinstance(text, str) else None
        if match is None:
            raise PositionError(f'a unit is written like "A vie" or "F spa/nc", not {text!r}', path)
        kind = UnitKind(match[1].upper())
        found = game_map.lookup(match[2])
        if found is None:
            raise PositionError(f"unknown province {match[2]!r}", path)
        province = province_of(found)
        name = game_map.location_name(province)
        if ownership.get(province) != power:
            raise PositionError(f"{text.strip()}: {name} is not one of {power}'s centers", path)
        kinds = self.buildable_kinds(province)
        if kind is UnitKind.ARMY:
            if f"A {province}" not in kinds:
                raise PositionError(f"an army cannot stand in {name}", path)
            return Unit(power, kind, province)
        if f"F {found}" in kinds:
            return Unit(power, kind, found)
        coasts = [k[2:] for k in kinds if k.startswith(f"F {province}/")]
        if coasts and "/" not in found:
            raise PositionError(f"a fleet in {name} must say its coast ({', '.join(coasts)})", path)
        raise PositionError(f"a fleet cannot stand in {name}", path)

    # -- the start ---------------------------------------------------------------

    def initial_position(self, options: Mapping[str, Any] | None = None) -> Position:
        """An empty board at nomination (W1900N); with a fixed set-up (rule 3B), its
        centers at placement (W1900P), or with its units too, the first movement (F1901M).

        Raises:
            PositionError: if the options are not Highlander's.
        """
        checked = self.check_options(options)
        first = Phase(Season.WINTER, 1900, PhaseKind.NOMINATION)
        if checked["nomination"] != NominationRule.FIXED:
            return Position(
                self.id, first, (), options=checked, extras=freeze(NominationState().to_extras())
            )
        ownership, units = self.read_fixed_setup(checked["fixed_setup"])
        if units is None:
            phase = Phase(Season.WINTER, 1900, PhaseKind.PLACEMENT)
            return Position(self.id, phase, (), FrozenMap(ownership), options=checked)
        phase = Phase(Season.FALL, 1901, PhaseKind.MOVEMENT)
        return Position(self.id, phase, sort_units(units), FrozenMap(ownership), options=checked)

    def phase_after(self, phase: Phase, position: Position) -> Phase:
        """Nomination again after identical lists (rule 3.5), else placement; the first
        movement (a fall) after placement; the year's phases as usual afterwards."""
        if phase.kind is PhaseKind.NOMINATION:
            if not position.ownership:
                return phase
            return Phase(Season.WINTER, phase.year, PhaseKind.PLACEMENT)
        if phase.kind is PhaseKind.PLACEMENT:
            return Phase(Season.FALL, phase.year + 1, PhaseKind.MOVEMENT)
        return super().phase_after(phase, position)

    def orders_due(self, position: Position) -> frozenset[str]:
        """Both players nominate; every player with a center places; play as usual."""
        kind = position.phase.kind
        if kind is PhaseKind.NOMINATION:
            return frozenset(self.powers)
        if kind is PhaseKind.PLACEMENT:
            return frozenset(position.ownership.values())
        return super().orders_due(position)

    def resolve_setup(
        self, position: Position, orders: Mapping[str, Sequence[Order]], seed: int
    ) -> tuple[Position, list[OrderResult]]:
        """Resolve a nomination (rule 3) or a placement (rule 4).

        Raises:
            PositionError: for orders of a power that is not red or blue, nomination
                under a fixed set-up, or nomination state in ``extras`` that is not sound.
        """
        for power in orders:
            if power not in self.powers:
                raise PositionError(
                    f"unknown power {power!r} (known: {', '.join(self.powers)})",
                    f"orders.{power}",
                )
        kind = position.phase.kind
        if kind is PhaseKind.NOMINATION:
            return self._resolve_nomination(position, orders, seed)
        if kind is PhaseKind.PLACEMENT:
            return self._resolve_placement(position, orders)
        return super().resolve_setup(position, orders, seed)

    # -- nomination (rule 3) ---------------------------------------------------------

    def nomination_state(self, position: Position) -> NominationState:
        """The nomination round in ``position.extras`` (round 1 when there is none).

        Raises:
            PositionError: for a round, an excluded center or a count that is not sound,
                or a nomination phase in a game with a fixed set-up.
        """
        if position.options.get("nomination") == NominationRule.FIXED:
            raise PositionError(
                'with nomination "fixed" the organiser sets the game up: there is no '
                "nomination phase",
                "phase",
            )
        extras = position.extras
        round_ = extras.get("round", 1)
        if not isinstance(round_, int) or isinstance(round_, bool) or round_ < 1:
            raise PositionError(
                f"round must be a whole number from 1, not {round_!r}", "extras.round"
            )
        supply_centers = self.map.supply_centers
        excluded: set[str] = set()
        for n, center in enumerate(_sequence(extras.get("excluded", ()), "extras.excluded")):
            if center not in supply_centers:
                raise PositionError(f"{center!r} is not a supply center", f"extras.excluded[{n}]")
            excluded.add(center)
        left = len(supply_centers) - len(excluded)
        count = extras.get("count", FIRST_LIST if not excluded else _later_count(left))
        if not isinstance(count, int) or isinstance(count, bool) or not 1 <= count <= left:
            raise PositionError(
                f"count must be a whole number from 1 to the {left} centers left to name, "
                f"not {count!r}",
                "extras.count",
            )
        return NominationState(round_, frozenset(excluded), count)

    def _allowed(self, state: NominationState) -> frozenset[str]:
        return self.map.supply_centers - state.excluded

    def _needed_powers(self, state: NominationState) -> tuple[str, ...]:
        """Rule 3A: the great powers a list must name a home center of (those with a home
        center not excluded by an earlier round)."""
        game_map = self.map
        return tuple(
            p
            for p in game_map.power_ids
            if any(c not in state.excluded for c in game_map.home_centers(p))
        )

    def _every_power(self, position: Position) -> bool:
        return position.options.get("nomination") == NominationRule.EVERY_POWER

    def _read_list(
        self, state: NominationState, power: str, given: Sequence[Order]
    ) -> tuple[list[_Entry], list[OrderResult]]:
        """A power's list as given, in order, and the void results of what cannot be on it."""
        game_map = self.map
        supply_centers = game_map.supply_centers
        entries: list[_Entry] = []
        named: set[str] = set()
        results: list[OrderResult] = []
        for order in given:
            assert isinstance(order, Nominate)  # the resolver passes a phase's own kinds
            center = province_of(order.center)
            location = center
            problem: tuple[Reason, dict[str, object]] | None = None
            if center not in supply_centers:
                problem = Reason.NOT_A_CENTER, {"location": location}
            elif center in named:
                problem = Reason.NOMINATED_TWICE, {"location": location}
            elif center in state.excluded:
                problem = Reason.NOMINATION_EXCLUDED, {"location": location}
            elif len(entries) >= state.count:
                problem = Reason.TOO_MANY, {"count": state.count}
            if problem is not None:
                reason, params = problem
                results.append(make_result(power, order, Outcome.VOID, reason, **params))
                continue
            named.add(center)
            entries.append(_Entry(center, Nominate(center)))
        return entries, results

    def _complete(
        self,
        state: NominationState,
        entries: list[_Entry],
        every_power: bool,
        rng: random.Random,
    ) -> list[tuple[_Entry, str]]:
        """Complete a list in place (house rule): rule 3A's missing great powers first,
        then random centers up to the round's count. Returns the entries dropped to make
        room, each with the great power it made room for."""
        game_map = self.map
        allowed = self._allowed(state)
        dropped: list[tuple[_Entry, str]] = []
        if every_power:
            home_of = {c: p for p in game_map.power_ids for c in game_map.home_centers(p)}
            for power in self._needed_powers(state):
                homes = game_map.home_centers(power)
                if any(e.center in homes for e in entries):
                    continue
                if len(entries) >= state.count:
                    victim = _last_droppable(entries, home_of)
                    if victim is None:
                        continue  # a list too short for every power (a count set by hand)
                    entries.remove(victim)
                    dropped.append((victim, power))
                choices = sorted(c for c in homes if c in allowed)
                pick = rng.choice(choices)
                entries.append(_Entry(pick, Nominate(pick), at_random=True))
        named = {e.center for e in entries}
        choices = sorted(allowed - named)
        while len(entries) < state.count and choices:
            pick = choices.pop(rng.randrange(len(choices)))
            entries.append(_Entry(pick, Nominate(pick), at_random=True))
        return dropped

    def _resolve_nomination(
        self, position: Position, orders: Mapping[str, Sequence[Order]], seed: int
    ) -> tuple[Position, list[OrderResult]]:
        state = self.nomination_state(position)
        every_power = self._every_power(position)
        results: list[OrderResult] = []
        lists: dict[str, list[_Entry]] = {}
        for power in self.powers:
            entries, void = self._read_list(state, power, orders.get(power, ()))
            results.extend(void)
            # Seeded per power and round: the same phase always resolves the same way,
            # and the two players' random picks are independent of each other.
            rng = random.Random(f"{seed}:{power}:{state.round}")
            for entry, needed in self._complete(state, entries, every_power, rng):
                results.append(
                    make_result(
                        power, entry.order, Outcome.VOID, Reason.NOMINATION_DROPPED, power=needed
                    )
                )
            lists[power] = entries
        chosen = {power: {e.center for e in entries} for power, entries in lists.items()}
        red_power, blue_power = self.powers
        red, blue = chosen[red_power], chosen[blue_power]
        if red == blue:
            # Rule 3.5: nothing can be given out; both nominate again.
            for power, entries in lists.items():
                results.extend(
                    make_result(power, e.order, Outcome.BOUNCE, Reason.LISTS_IDENTICAL)
                    for e in entries
                )
            return position.with_changes(extras=self._next_round(state, red).to_extras()), results
        ownership: dict[str, str] = {}
        for power, entries in lists.items():
            others = blue if power == red_power else red
            for e in entries:
                if e.center in others:
                    # Rule 3.4: named by both, the center stays neutral.
                    results.append(
                        make_result(
                            power,
                            e.order,
                            Outcome.BOUNCE,
                            Reason.NOMINATION_CONTESTED,
                            location=e.center,
                        )
                    )
                    continue
                # Rule 3.2: named by one player only, the center is that player's.
                ownership[e.center] = power
                if e.at_random:
                    results.append(
                        make_result(power, e.order, Outcome.OK, Reason.NOMINATED_AT_RANDOM)
                    )
                else:
                    results.append(make_result(power, e.order, Outcome.OK))
        return position.with_changes(ownership=ownership, extras={}), results

    def _next_round(
        self, state: NominationState, named: frozenset[str] | set[str]
    ) -> NominationState:
        """The round after identical lists (rule 3.5, and the house rules beyond it)."""
        excluded = state.excluded | named
        left = len(self.map.supply_centers) - len(excluded)
        if left < 2:
            return NominationState(state.round + 1)
        return NominationState(state.round + 1, frozenset(excluded), _later_count(left))

    # -- placement (rule 4) ----------------------------------------------------------

    def _placement_problem(
        self, position: Position, power: str, order: Build
    ) -> tuple[Reason, dict[str, object]] | None:
        """Why a placement is void: not an own center, occupied, or the wrong terrain or
        no coast named (rules 4.2-4.4); None if it may stand."""
        location = order.unit.location
        province = province_of(location)
        name = province
        if position.ownership.get(province) != power:
            return Reason.PLACEMENT_NOT_OWN, {"location": name}
        if position.unit_in(province) is not None:
            return Reason.BUILD_OCCUPIED, {"location": name}
        kinds = self.buildable_kinds(province)
        if order.unit.kind is UnitKind.ARMY:
            if f"A {province}" in kinds:
                return None
            return Reason.BUILD_TERRAIN, {"unit": "A", "location": name}
        if f"F {location}" in kinds:
            return None
        if "/" not in location and any(k.startswith(f"F {province}/") for k in kinds):
            return Reason.COAST_NEEDED, {"dest": name}
        return Reason.BUILD_TERRAIN, {"unit": "F", "location": name}

    def _placements(
        self, position: Position, power: str, given: Sequence[Order]
    ) -> tuple[dict[str, Build], list[OrderResult]]:
        """A power's valid placements by center (a later one replaces an earlier one), and
        the results of the orders that do not stand."""
        placed: dict[str, Build] = {}
        results: list[OrderResult] = []
        for order in given:
            assert isinstance(order, Build)  # the resolver passes a phase's own kinds
            problem = self._placement_problem(position, power, order)
            if problem is not None:
                reason, params = problem
                results.append(make_result(power, order, Outcome.VOID, reason, **params))
                continue
            unit = order.unit
            if unit.kind is UnitKind.ARMY and unit.location != unit.province:
                order = Build(UnitRef(UnitKind.ARMY, unit.province))
            province = order.unit.province
            if province in placed:
                results.append(
                    make_result(power, placed[province], Outcome.ILLEGAL, Reason.REPLACED)
                )
            placed[province] = order
        return placed, results

    def _resolve_placement(
        self, position: Position, orders: Mapping[str, Sequence[Order]]
    ) -> tuple[Position, list[OrderResult]]:
        units = list(position.units)
        results: list[OrderResult] = []
        for power in self.powers:
            placed, void = self._placements(position, power, orders.get(power, ()))
            results.extend(void)
            for order in placed.values():
                units.append(Unit(power, order.unit.kind, order.unit.location))
                results.append(make_result(power, order, Outcome.OK))
            # House rule: an own center left without a unit gets an army.
            for center in sorted(position.centers_of(power)):
                if center in placed or position.unit_in(center) is not None:
                    continue
                kinds = self.buildable_kinds(center)
                if not kinds:
                    continue
                text = f"A {center}" if f"A {center}" in kinds else kinds[0]
                ref = _unit_ref(text)
                units.append(Unit(power, ref.kind, ref.location))
                results.append(
                    make_result(
                        power,
                        Build(ref),
                        Outcome.OK,
                        Reason.PLACED_BY_DEFAULT,
                        location=center,
                    )
                )
        return position.with_changes(units=units, extras={}), results

    # -- what the site asks before a player is ready -----------------------------------

    def order_set_problem(
        self, position: Position, power: str, orders: Sequence[Order]
    ) -> tuple[Reason, dict[str, str]] | None:
        """A nomination list of the wrong length or (rule 3A) missing a great power; an
        own center without a placement. Only valid orders count."""
        kind = position.phase.kind
        if kind is PhaseKind.NOMINATION:
            state = self.nomination_state(position)
            nominations = [o for o in orders if isinstance(o, Nominate)]
            unlimited = NominationState(state.round, state.excluded, len(nominations) + 1)
            entries, _ = self._read_list(unlimited, power, nominations)
            if len(entries) != state.count:
                return Reason.NOMINATION_COUNT, {
                    "count": str(state.count),
                    "given": str(len(entries)),
                }
            if self._every_power(position):
                named = {e.center for e in entries}
                for great_power in self._needed_powers(state):
                    if not named.intersection(self.map.home_centers(great_power)):
                        return Reason.NOMINATION_MISSING_POWER, {"power": great_power}
            return None
        if kind is PhaseKind.PLACEMENT:
            builds = [o for o in orders if isinstance(o, Build)]
            placed, _ = self._placements(position, power, builds)
            for center in sorted(position.centers_of(power)):
                if center not in placed and position.unit_in(center) is None:
                    return Reason.PLACEMENT_MISSING, {"location": center}
            return None
        return None

    def order_set_excess(
        self, position: Position, power: str, orders: Sequence[Order]
    ) -> tuple[Reason, dict[str, str]] | None:
        """A nomination list naming more centers than the round's list holds (rule 3.1: 15;
        rule 3.5: 10), counting the centers that may be on it, each once; adjustments as in
        the standard game (builds in any own center, rule 5.1).

        Placement gives nothing in excess: a placement goes on an own vacant center or is
        not allowed at all (rules 4.1, 4.2: that is :func:`~adjudicator.check_order`'s
        answer), and a second one on the same center replaces the first (house rule), so
        there are never more placements than vacant centers.
        """
        kind = position.phase.kind
        if kind is PhaseKind.NOMINATION:
            state = self.nomination_state(position)
            nominations = [o for o in orders if isinstance(o, Nominate)]
            unlimited = NominationState(state.round, state.excluded, len(nominations) + 1)
            entries, _ = self._read_list(unlimited, power, nominations)
            if len(entries) > state.count:
                return Reason.NOMINATIONS_EXCESS, {
                    "count": str(state.count),
                    "given": str(len(entries)),
                }
            return None
        if kind is PhaseKind.PLACEMENT:
            return None
        return super().order_set_excess(position, power, orders)

    def setup_legal_orders(
        self, position: Position, power: str | None
    ) -> dict[str, tuple[Order, ...]]:
        """Nomination: every center that may be named now. Placement: the units each own
        vacant center may take (all players' when ``power`` is None)."""
        kind = position.phase.kind
        if kind is PhaseKind.NOMINATION:
            allowed = self._allowed(self.nomination_state(position))
            return {c: (Nominate(c),) for c in sorted(allowed)}
        if kind is PhaseKind.PLACEMENT:
            out: dict[str, tuple[Order, ...]] = {}
            for center, owner in sorted(position.ownership.items()):
                if (power is not None and owner != power) or position.unit_in(center):
                    continue
                out[center] = tuple(Build(_unit_ref(k)) for k in self.buildable_kinds(center))
            return out
        return {}

    # -- play (rules 5 and 6) -------------------------------------------------------

    def build_sites(self, position: Position, power: str) -> tuple[str, ...]:
        """Rule 5.1: any vacant center the player owns."""
        return build_anywhere(position, power)

    def civil_disorder_distances(self, position: Position, power: str) -> dict[str, int]:
        """No home centers: units farthest from the player's own centers go first."""
        return distances_to_own_centers(self.geography(position), position, power)

    def winner(self, position: Position) -> str | None:
        """Rule 6: 18 centers (centers change hands only after a movement turn); or the
        other player has neither units nor centers left. Nobody wins during set-up."""
        if position.phase.is_setup:
            return None
        return sc_count_winner(position, self.victory_centers) or sole_survivor(position)


def _later_count(left: int) -> int:
    """A later round's list (rule 3.5: 10), shrunk to one fewer than the centers left
    when fewer than 11 remain (house rule)."""
    return min(LATER_LIST, left - 1)


def _last_droppable(entries: list[_Entry], home_of: Mapping[str, str]) -> _Entry | None:
    """Rule 3A house rule: the last-given center on a full list whose great power is
    represented on the list by another center as well (a neutral center always is)."""
    for entry in reversed(entries):
        owner = home_of.get(entry.center)
        if owner is None:
            return entry
        if sum(1 for e in entries if home_of.get(e.center) == owner) > 1:
            return entry
    return None


def _unit_ref(text: str) -> UnitRef:
    """``"F spa/nc"`` as a unit reference."""
    kind, _, location = text.partition(" ")
    return UnitRef(UnitKind(kind), location)


def _mapping(value: Any, path: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise PositionError(f"{path} must be an object", path)
    return value


def _sequence(value: Any, path: str) -> Sequence[Any]:
    if isinstance(value, str) or not isinstance(value, Sequence):
        raise PositionError(f"{path} must be a list", path)
    return value
