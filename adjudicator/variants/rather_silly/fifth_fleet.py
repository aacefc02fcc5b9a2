"""Rather Silly's fifth fleet (a game option, off by default; rules: the special fleet).

From the adjustments of Winter 1901 every fifth fleet a great power builds is its fifth
fleet: no Amazon seduces it, and when it enters a coastal province, the units of other
players next to it attack it at once. The rules let the game master "correct" the orders
so that the attack succeeds; here the game master is asked before the movement is
resolved (a decision per fifth fleet ordered into a coastal province, default: the attack
succeeds), and a fleet so attacked is destroyed.

House rules (on the rules page): the builds are counted per power from Winter 1901 in
``extras["fleets_built"]`` (power -> count); the fifth, tenth, ... fleet built is marked
``"fifth_fleet"`` in ``extras["kinds"]`` (several in one winter: by location); the
attackers are the armies and fleets of other great powers and roles next to the coastal
province it ends its move in (monsters, Amazons and rogue armies never attack); with none
next to it, nothing happens.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from adjudicator.board import FrozenMap, Position, Unit, UnitKind, province_of
from adjudicator.maps import GameMap, Terrain
from adjudicator.orders import Move, Order
from adjudicator.results import OrderResult, Outcome, Reason
from adjudicator.variants.base import DecisionRequest, Question
from adjudicator.variants.rather_silly.marks import marks_of, season_code, with_marks

if TYPE_CHECKING:
    from adjudicator.variants.rather_silly.season import SeasonSoFar

FIFTH_FLEET = "fifth_fleet"
EVERY = 5
#: The first winter whose builds count (the rules: from the adjustments of 1901).
FIRST_YEAR = 1901

FIFTH_FLEET_BUILT = Reason.declare(
    "fifth_fleet_built",
    "{unit} is the fifth fleet: no Amazon seduces it, and other players' units attack it "
    "when it enters a coastal province",
)
FIFTH_FLEET_DESTROYED = Reason.declare(
    "fifth_fleet_destroyed",
    "the fifth fleet {unit} ({owner}) entered a coastal province and was destroyed by {attackers}",
)
FIFTH_FLEET_SPARED = Reason.declare(
    "fifth_fleet_spared",
    "the fifth fleet {unit} ({owner}) entered a coastal province; the game master let the "
    "attack by {attackers} fail",
)

#: The game master says whether the attack on a fifth fleet succeeds (default: it does).
ATTACK_ASKED = Question.declare(
    "fifth_fleet_attack",
    "The fifth fleet {unit} ({power}) is ordered to {dest}, a coastal province. If it gets"
    " there, the units of other players next to it attack it. Does the attack succeed (the"
    " fleet is destroyed)?",
)
ATTACK_BY_DEFAULT = Question.declare(
    "fifth_fleet_attack_succeeds", "The attack succeeds, as the rules intend."
)


def decision_key(season: str, location: str) -> str:
    return f"fifth fleet {season} {province_of(location)}"


def counted_builds(
    position: Position,
    after: Position,
    powers: Sequence[str],
    kinds: dict[str, str],
) -> tuple[dict[str, int], list[OrderResult]]:
    """The fleets each player built this winter counted ("jede 5. von einem Spieler gebaute
    Flotte": a role seat's too); each fifth one marked in
    ``kinds`` (by ``"power location"``). Returns the new counts and a result per mark."""
    counts = {str(k): int(v) for k, v in (position.extras.get("fleets_built") or {}).items()}
    if position.phase.year < FIRST_YEAR:
        return counts, []
    results: list[OrderResult] = []
    before = set(position.units)
    for power in powers:
        built = sorted(
            (u for u in after.units_of(power) if u.kind is UnitKind.FLEET and u not in before),
            key=lambda u: u.location,
        )
        for fleet in built:
            counts[power] = counts.get(power, 0) + 1
            if counts[power] % EVERY == 0:
                kinds[f"{power} {fleet.location}"] = FIFTH_FLEET
                results.append(
                    OrderResult(
                        power,
                        "fifth fleet",
                        Outcome.OK,
                        FIFTH_FLEET_BUILT,
                        FrozenMap({"unit": f"F {fleet.location}"}),
                    )
                )
    return counts, results


def _coastal(game_map: GameMap, province: str) -> bool:
    p = game_map.provinces.get(province)
    return p is not None and p.terrain is Terrain.COAST


def requests(
    game_map: GameMap,
    position: Position,
    season: str,
    fifth_fleets: Sequence[Unit],
    ordered: Mapping[str, Order],
) -> tuple[DecisionRequest, ...]:
    """A decision for each fifth fleet ordered into a coastal province this season
    (``ordered``: the fleets' orders by location)."""
    out = []
    for fleet in fifth_fleets:
        order = ordered.get(fleet.location)
        if not isinstance(order, Move) or not _coastal(game_map, province_of(order.dest)):
            continue
        dest = province_of(order.dest)
        out.append(
            DecisionRequest(
                key=decision_key(season, fleet.location),
                question=ATTACK_ASKED,
                params=FrozenMap(
                    {"unit": f"F {fleet.location}", "power": fleet.power, "dest": dest}
                ),
                choices=("yes", "no"),
                default="yes",
                default_means=ATTACK_BY_DEFAULT,
            )
        )
    return tuple(out)


def attacks(
    game_map: GameMap,
    position: Position,
    after: Position,
    moves: Sequence[OrderResult],
    kinds: Mapping[str, str],
    attacking: Sequence[str],
    answer: Mapping[str, str | None],
) -> tuple[Position, list[OrderResult]]:
    """Step 1 for the fifth fleets: each that moved into a coastal province is attacked by
    the units of other seats (``attacking``: the powers whose units may attack) next to it,
    and destroyed unless the game master said no (``answer`` by location before the move:
    his word, or None for the default)."""
    results: list[OrderResult] = []
    gone: set[Unit] = set()
    for unit, r in zip(position.units, moves, strict=False):
        if kinds.get(f"{unit.power} {unit.location}") != FIFTH_FLEET:
            continue
        if not isinstance(r.order, Move) or r.outcome is not Outcome.OK:
            continue
        dest = province_of(r.order.dest)
        if not _coastal(game_map, dest):
            continue
        near = game_map.army_neighbours(dest) | game_map.fleet_province_neighbours(dest)
        attackers = sorted(
            (
                u
                for u in after.units
                if u.province in near
                and u.power != unit.power
                and u.power in attacking
                and kinds.get(f"{u.power} {u.location}") in (None, "extra")
            ),
            key=lambda u: (u.power, u.location),
        )
        if not attackers:
            continue
        moved = Unit(unit.power, unit.kind, r.order.dest)
        params = FrozenMap(
            {
                "unit": f"F {r.order.dest}",
                "owner": unit.power,
                "attackers": ", ".join(f"{u.kind.value} {u.location}" for u in attackers),
            }
        )
        if (answer.get(unit.location) or "yes").strip().lower() == "no":
            results.append(
                OrderResult(unit.power, "attacked", Outcome.OK, FIFTH_FLEET_SPARED, params)
            )
            continue
        gone.add(moved)
        results.append(
            OrderResult(unit.power, "attacked", Outcome.OK, FIFTH_FLEET_DESTROYED, params)
        )
    if not gone:
        return after, results
    return after.with_changes(units=[u for u in after.units if u not in gone]), results


def fifth_fleets_attacked(season: SeasonSoFar) -> tuple[Position, list[OrderResult]]:
    """Step 1 for the fifth fleets: the attacks on those that moved into a coastal
    province (:func:`attacks`), each as the game master said (his answer by the fleet's
    location before the move; the default without it)."""
    position, variant = season.position, season.variant
    kinds = marks_of(position, "kinds")
    if FIFTH_FLEET not in kinds.values():
        return season.after, []
    code = season_code(position.phase)
    answer = {
        u.location: variant.decision(position, decision_key(code, u.location))
        for u in position.units
    }
    return attacks(
        variant.geography(position),
        position,
        season.after,
        season.moves,
        kinds,
        (*variant.powers, *variant.other_order_givers),
        answer,
    )


def fifth_fleets_counted(season: SeasonSoFar) -> tuple[Position, list[OrderResult]]:
    """With the option ``fifth_fleet``: the fleets built this winter counted, each fifth
    one marked (:func:`counted_builds`)."""
    position, after = season.position, season.after
    if not position.options.get("fifth_fleet"):
        return after, []
    kinds = dict(marks_of(after, "kinds"))
    counts, results = counted_builds(
        position, after, season.variant.adjustment_seats(position), kinds
    )
    after = with_marks(after, "kinds", kinds)
    if counts:
        after = after.with_changes(extras={**after.extras, "fleets_built": counts})
    return after, results
