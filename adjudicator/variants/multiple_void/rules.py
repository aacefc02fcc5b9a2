"""Multiple Void's rules object: no great powers, a draft on an empty board, a short 1900.

Ulrich Degwitz's variant (tatz 01/2007) for two to six players on the standard
map. Players are colours; they draft their units one at a time onto the spaces
that are no supply center in 1900, play Fall 1900, lose every unit that took no
center, and from 1901 play the standard year with builds in any own center.
The German rule text is authoritative; where it is silent, the house rules are
marked "House rule" below.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
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
)
from adjudicator.errors import PositionError
from adjudicator.orders import Build, Disband, Order, UnitRef
from adjudicator.results import OrderResult, Outcome, Reason, make_result
from adjudicator.variants.base import Variant
from adjudicator.variants.common import (
    build_anywhere,
    distances_to_own_centers,
    sc_count_winner,
    sole_survivor,
)
from adjudicator.variants.multiple_void.draft import (
    LATE_CENTERS,
    DraftState,
    draft_spaces,
    random_pick,
    unit_choices,
)
from adjudicator.variants.multiple_void.shape import EXTRAS

#: The colours, in the order that is also round 1's turn order (rule 2 of the text).
COLOURS = ("red", "blue", "yellow", "green", "black", "grey")
#: Units each player drafts, by the number of players (rule 2).
UNITS_PER_PLAYER: Mapping[int, int] = FrozenMap({2: 12, 3: 8, 4: 6, 5: 5, 6: 4})
#: The year of the draft and of the single Fall turn before the standard years.
FIRST_YEAR = 1900

_DRAFT = Phase(Season.SPRING, FIRST_YEAR, PhaseKind.DRAFT)
_FALL_1900 = Phase(Season.FALL, FIRST_YEAR, PhaseKind.MOVEMENT)
_FALL_1900_RETREATS = Phase(Season.FALL, FIRST_YEAR, PhaseKind.RETREATS)
_SPRING_1901 = Phase(Season.SPRING, FIRST_YEAR + 1, PhaseKind.MOVEMENT)

RULES_TEXT = """\
Multiple Void, by Ulrich Degwitz (tatz 01/2007): Diplomacy for two to six players without
great powers, on the standard map, under the 2000 rulebook except as follows.

1. Players are colours, drawn by lot: red, blue, yellow, green, black, grey, in this order;
   a game of N players uses the first N colours.
2. Each player drafts 12 units (2 players), 8 (3), 6 (4), 5 (5) or 4 (6).
3. The board starts empty, and nobody owns a supply center. In the draft (phase S1900D, one
   pick at a time) the players place their units in rounds: round 1 in colour order, every
   later round in an order drawn anew by lot. A pick takes one of the 44 spaces that are no
   supply center in 1900 (the 41 non-center provinces, plus Budapest, Bulgaria and
   Portugal), one unit per province: an army on land, a fleet at sea, either on a coast; only
   armies in Bohemia, Budapest, Burgundy, Galicia, Ruhr, Silesia, Tyrolia and Ukraine; a
   fleet in Bulgaria names its coast. A placed unit is never moved or changed during the
   draft. House rules: only the colour on turn may pick; if it gives several valid picks,
   the last counts; a missed or wholly invalid pick is placed at random among the legal ones.
4. In 1900 Budapest, Bulgaria and Portugal are no supply centers (31 centers). Play begins
   with the Fall 1900 movement. After it and its retreats, every unit that does not stand on
   one of the 31 centers is removed (units in Budapest, Bulgaria and Portugal too). There
   are no builds in 1900.
5. From 1901 the standard year with all 34 centers. There are no home centers: a player
   builds in any vacant center he owns, and a player in civil disorder disbands the units
   farthest from his own centers. 18 centers win. House rule: from 1901, a colour left alone
   on the board (the others have no units and no centers) has won.
"""


class MultipleVoid(Variant):
    """Multiple Void: the colours draft their units onto an empty board, then play from
    Fall 1900; see :data:`RULES_TEXT`.

    Who plays which colour is drawn by lot, never chosen (:attr:`powers_by_lot`): the
    text's preamble, "Statt Großmächten werden unter den Spielern Farben ausgelost", and
    rule 4, "Die Spieler losen zunächst die Farben aus".
    """

    id = "multiple_void"
    name = "Multiple Void"
    aliases = ("multiple-void", "multiplevoid")
    created_by = "Ulrich Degwitz"
    rules_text = RULES_TEXT
    power_ids = COLOURS
    player_counts = (2, 6)
    option_defaults: Mapping[str, Any] = FrozenMap({"players": 6})
    setup_phases = ((Season.SPRING, PhaseKind.DRAFT),)
    #: Rule 5: the standard year from 1901; 1900 has the draft and the Fall moves only.
    first_year = FIRST_YEAR + 1
    #: The preamble and rule 4: the colours are drawn by lot ("Statt Großmächten werden
    #: unter den Spielern Farben ausgelost"; "Die Spieler losen zunächst die Farben aus").
    powers_by_lot = True
    #: The draft's record, declared in :mod:`.shape`.
    extras_shape = EXTRAS

    # -- options and seats -----------------------------------------------------

    def check_option(self, name: str, value: Any, options: Mapping[str, Any]) -> None:
        """``players`` is a whole number from 2 to 6 (``true`` is not a number here).

        Raises:
            PositionError: for any other value, with the path ``options.players``.
        """
        if name == "players":
            low, high = self.player_counts
            if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
                raise PositionError(
                    f"players must be a whole number from {low} to {high}, not {value!r}",
                    "options.players",
                )

    def players(self, options: Mapping[str, Any]) -> int:
        """The number of players in a game with these (checked) options."""
        value = options.get("players", self.option_defaults["players"])
        return int(value)

    def seats(self, options: Mapping[str, Any]) -> tuple[str, ...]:
        """The first N colours of a game of N players. The site draws which player gets
        which colour; that draw is also round 1's turn order."""
        return self.powers[: self.players(options)]

    def units_per_player(self, options: Mapping[str, Any]) -> int:
        """How many units each player drafts."""
        return UNITS_PER_PLAYER[self.players(options)]

    def draft_size(self, options: Mapping[str, Any]) -> int:
        """How many picks the whole draft has."""
        return self.players(options) * self.units_per_player(options)

    def initial_position(self, options: Mapping[str, Any] | None = None) -> Position:
        """The empty board of S1900D, nobody owning a center, round 1 of the draft about to
        begin with red.

        Raises:
            PositionError: if the options are not Multiple Void's.
        """
        checked = self.check_options(options)
        state = DraftState.first(self.seats(checked))
        return Position(
            self.id, _DRAFT, (), FrozenMap(), options=checked, extras=freeze(state.to_extras())
        )

    # -- the draft -------------------------------------------------------------

    def draft_state(self, position: Position) -> DraftState:
        """The state of the draft in a draft position, read from its extras. A position
        with an empty board and no extras is the draft's beginning.

        Raises:
            PositionError: if the extras are not a draft's state that fits the board.
        """
        seats = self.seats(position.options)
        if not position.extras and not position.units:
            return DraftState.first(seats)
        return DraftState.from_extras(
            position.extras, seats, len(position.units), self.draft_size(position.options)
        )

    def setup_progress(self, position: Position) -> tuple[int, int] | None:
        """(picks made, picks in the whole draft) during the draft."""
        if position.phase.kind is not PhaseKind.DRAFT:
            return None
        return len(position.units), self.draft_size(position.options)

    def orders_due(self, position: Position) -> frozenset[str]:
        """In the draft, only the colour on turn; otherwise as in the standard game."""
        if position.phase.kind is PhaseKind.DRAFT:
            on_turn = self.draft_state(position).on_turn
            return frozenset() if on_turn is None else frozenset({on_turn})
        return super().orders_due(position)

    def legal_picks(self, position: Position) -> dict[str, tuple[Build, ...]]:
        """Every pick the board allows now, keyed by province (sorted): each vacant draft
        space with the units its terrain takes (a fleet in Bulgaria on either coast)."""
        game_map = self.map
        out: dict[str, tuple[Build, ...]] = {}
        for province in sorted(draft_spaces(self.map_id)):
            if position.unit_in(province) is None:
                out[province] = tuple(
                    Build(UnitRef(UnitKind(kind), location))
                    for kind, location in unit_choices(game_map, province)
                )
        return out

    def setup_legal_orders(
        self, position: Position, power: str | None
    ) -> dict[str, tuple[Order, ...]]:
        """The picks of the colour on turn, keyed by province; nothing for anyone else.
        With no ``power``, the picks of whoever is on turn."""
        if position.phase.kind is not PhaseKind.DRAFT:
            return {}
        on_turn = self.draft_state(position).on_turn
        if on_turn is None or (power is not None and power != on_turn):
            return {}
        return dict(self.legal_picks(position))

    def resolve_setup(
        self, position: Position, orders: Mapping[str, Sequence[Order]], seed: int
    ) -> tuple[Position, list[OrderResult]]:
        """One pick of the draft.

        Orders from a colour not on turn are void (``not_your_pick``), as are picks of a
        province that is no draft space, is occupied, or whose terrain does not take the
        unit. House rules: of several valid picks by the colour on turn the last counts
        (earlier ones are ``replaced``); with no valid pick, a legal one is made at random
        from ``seed`` and reported ``ok`` with ``picked_at_random``. At the end of a round
        the next round's order is drawn by lot from ``seed`` and recorded in the extras.

        Raises:
            PositionError: outside the draft, or if the draft's extras are not readable.
        """
        if position.phase.kind is not PhaseKind.DRAFT:
            return super().resolve_setup(position, orders, seed)
        state = self.draft_state(position)
        on_turn = state.on_turn
        assert on_turn is not None  # a draft position that reads has someone on turn
        results: list[OrderResult] = []
        chosen: Build | None = None
        chosen_as_given: Build | None = None
        for power, given in orders.items():
            for order in given:
                if not isinstance(order, Build):
                    results.append(
                        make_result(
                            power,
                            order,
                            Outcome.ILLEGAL,
                            Reason.WRONG_PHASE,
                            kind=type(order).__name__.lower(),
                            phase="draft",
                        )
                    )
                    continue
                if power != on_turn:
                    results.append(
                        make_result(power, order, Outcome.VOID, Reason.NOT_YOUR_PICK, power=on_turn)
                    )
                    continue
                problem = self.pick_problem(position, order)
                if problem is not None:
                    reason, params = problem
                    results.append(make_result(power, order, Outcome.VOID, reason, **params))
                    continue
                if chosen_as_given is not None:
                    results.append(
                        make_result(power, chosen_as_given, Outcome.ILLEGAL, Reason.REPLACED)
                    )
                chosen_as_given = order
                chosen = _normalised(order)
        if chosen is not None:
            results.append(make_result(on_turn, chosen, Outcome.OK))
        else:
            choices = [
                (str(b.unit.kind), b.unit.location)
                for builds in self.legal_picks(position).values()
                for b in builds
            ]
            kind, location = random_pick(choices, state.picks, seed)
            chosen = Build(UnitRef(UnitKind(kind), location))
            results.append(make_result(on_turn, chosen, Outcome.OK, Reason.PICKED_AT_RANDOM))
        placed = Unit(on_turn, chosen.unit.kind, chosen.unit.location)
        after = state.after_pick(self.draft_size(position.options), seed)
        return (
            position.with_changes(units=(*position.units, placed), extras=after.to_extras()),
            results,
        )

    def order_set_excess(
        self, position: Position, power: str, orders: Sequence[Order]
    ) -> tuple[Reason, dict[str, str]] | None:
        """In the draft, more than one pick (rule 3: the players place one unit at a time)
        from the colour on turn, or any pick from another colour (``count`` 0); picks of
        one province count once. The resolver's house rule for several picks (the last
        valid one counts) is for orders that reach it anyway, through the command line.
        From 1901 the adjustments as in the standard game (rule 5)."""
        if position.phase.kind is not PhaseKind.DRAFT:
            return super().order_set_excess(position, power, orders)
        allowed = 1 if self.draft_state(position).on_turn == power else 0
        picks = {o.unit.province for o in orders if isinstance(o, Build)}
        if len(picks) > allowed:
            return Reason.PICKS_EXCESS, {"count": str(allowed), "given": str(len(picks))}
        return None

    def pick_problem(
        self, position: Position, order: Build
    ) -> tuple[Reason, dict[str, str]] | None:
        """Why a pick cannot be made (a void reason and its parameters), or None if it can.

        Checked in this order: the province is a draft space, it is vacant, and its
        terrain takes the unit (a fleet in Bulgaria must name its coast).
        """
        game_map = self.map
        location = order.unit.location
        province = province_of(location)
        name = province
        if province not in draft_spaces(self.map_id):
            return Reason.NOT_A_DRAFT_SPACE, {"location": name}
        if position.unit_in(province) is not None:
            return Reason.BUILD_OCCUPIED, {"location": name}
        choices = unit_choices(game_map, province)
        if order.unit.kind is UnitKind.ARMY:
            if ("A", province) not in choices:
                return Reason.BUILD_TERRAIN, {"unit": "A", "location": name}
            return None
        if ("F", location) in choices:
            return None
        if "/" not in location and any(k == "F" and "/" in loc for k, loc in choices):
            return Reason.COAST_NEEDED, {"dest": name}
        return Reason.BUILD_TERRAIN, {"unit": "F", "location": name}

    # -- 1900: three late centers, and the removal after Fall ----------------------

    def update_ownership(self, position: Position) -> FrozenMap[str, str]:
        """As in the standard game, except that in 1900 Budapest, Bulgaria and Portugal
        are no supply centers and nobody takes them."""
        if position.phase.year > FIRST_YEAR:
            return super().update_ownership(position)
        ownership = dict(position.ownership)
        centers = self.map.supply_centers
        for unit in position.units:
            if unit.province in centers and unit.province not in LATE_CENTERS:
                ownership[unit.province] = unit.power
        return FrozenMap(ownership)

    def after_phase(
        self, phase: Phase, position: Position, seed: int
    ) -> tuple[Position, tuple[OrderResult, ...]]:
        """When the centers have changed hands after Fall 1900 (after its retreats, if
        there were any), remove every unit that does not stand on one of the 31 centers
        of 1900, units in Budapest, Bulgaria and Portugal too. Each removal is reported
        as an ``ok`` disband with ``removed_no_center``."""
        if phase.year != FIRST_YEAR or phase.is_setup:
            return position, ()
        if not self.changes_ownership_after(phase, position):
            return position, ()
        centers = self.map.supply_centers - LATE_CENTERS
        kept = [u for u in position.units if u.province in centers]
        removed = tuple(
            make_result(
                u.power,
                Disband(UnitRef(u.kind, u.location)),
                Outcome.OK,
                Reason.REMOVED_NO_CENTER,
                unit=str(u),
            )
            for u in position.units
            if u.province not in centers
        )
        if not removed:
            return position, ()
        return position.with_changes(units=kept), removed

    def knows_phase(self, phase: Phase) -> bool:
        """Rules 4 and 5 (German text: "Nachdem alle Einheiten aufgestellt wurden, beginnt
        das Jahr 1900 mit den Herbstzügen ... Aufbauten sind in diesem Jahr noch nicht
        möglich. Ab 1901 wird im bekannten 5-Phasen-Rhythmus ... weitergespielt"): 1900 has
        the draft picks (S1900D), the Fall moves (F1900M) and their retreats (F1900R), and
        nothing else: no Spring, no adjustments. From 1901 the standard year."""
        if phase in (_FALL_1900, _FALL_1900_RETREATS):
            return True
        return super().knows_phase(phase)

    def phase_after(self, phase: Phase, position: Position) -> Phase:
        """After a pick, the next pick (S1900D again: the extras tell picks apart) or, once
        every unit is placed, Fall 1900. After Fall 1900 (and its retreats, if any) comes
        Spring 1901: no builds in 1900. Then the standard year."""
        if phase.kind is PhaseKind.DRAFT:
            if len(position.units) >= self.draft_size(position.options):
                return _FALL_1900
            return phase
        if phase.year == FIRST_YEAR and phase.season is Season.FALL:
            if phase.kind is PhaseKind.MOVEMENT and position.dislodged:
                return _FALL_1900_RETREATS
            return _SPRING_1901
        return super().phase_after(phase, position)

    # -- from 1901: no home centers ------------------------------------------------

    def build_sites(self, position: Position, power: str) -> tuple[str, ...]:
        """Any vacant supply center the colour owns: there are no home centers."""
        return build_anywhere(position, power)

    def civil_disorder_distances(self, position: Position, power: str) -> dict[str, int]:
        """Distance of each unit to the colour's nearest own center (no home centers)."""
        return distances_to_own_centers(self.geography(position), position, power)

    def winner(self, position: Position) -> str | None:
        """18 centers (and more than anyone else) win. House rule: from 1901, a colour
        left alone on the board has won too."""
        won = sc_count_winner(position, self.victory_centers)
        if won is None and position.phase.year > FIRST_YEAR:
            won = sole_survivor(position)
        return won


def _normalised(order: Build) -> Build:
    """The pick as placed: an army stands in the province, not on a coast."""
    ref = order.unit
    if ref.kind is UnitKind.ARMY and ref.location != ref.province:
        return Build(UnitRef(UnitKind.ARMY, ref.province))
    return order
