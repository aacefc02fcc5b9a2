"""Rather Silly's Doctor and his TARDIS (rules: "Doktor, Tardis"), as pure steps over a
position.

The TARDIS is no unit of the core: it shares its province with any unit, can be neither
dislodged, eaten by the Borg nor blown up by llamas, and needs no supply center. So it is
kept in the position's extras, like the Borg: ``extras["tardis"]`` is
``{"province": "yor" | None, "points": 3}`` (``province`` None: in hyperspace, off the
board; no key at all: it has not yet come). The Doctor's other units, built in his own
free centers, are ordinary units of the power ``"doctor"``.

House rules (where the text is silent; shown on the rules page):

- It comes onto the board along the first hyperspace link (and back from hyperspace along
  the next one): ``T - yor`` names the end it makes for (without an order, the link's first
  end). Half the time (a seeded draw) it lands somewhere else, any province a unit could
  stand in; a landing at sea ends on the nearest land (level: the first by name).
- On the board it moves only with the unit it shares a province with, when the Doctor gives
  it the same move as that unit and the unit's move succeeds; or through the hyperspace
  link in force, from one end to the other, alone.
- ``T escape``: should the unit it shares a province with be dislodged this season, it
  escapes into hyperspace (otherwise it stays and befriends the newcomer).
- ``T destroy bre`` (also ``T destroy sea monster in bre``): every monster sharing its
  province once the season's moves are done is destroyed, a victory point each.
- A devil unit sharing its province as the season's moves end is exorcised (step 3): its
  strength is normal again at once, without the loss of a unit, and the Doctor has a point.
- It takes a supply center standing there alone when the centers change hands after the
  fall; the Doctor builds in any free center he owns.
- He wins when his centers and points make 30, after any phase.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from adjudicator.board import FrozenMap, PhaseKind, Position, Unit, province_of
from adjudicator.chance import chance
from adjudicator.errors import ParseError
from adjudicator.maps import GameMap, Terrain
from adjudicator.orders import Move, VariantOrder
from adjudicator.results import OrderResult, Outcome, Reason
from adjudicator.variants.rather_silly.hyperspace import link_in_force
from adjudicator.variants.rather_silly.marks import devils_of, located, with_devils
from adjudicator.wording import declare_problem, problem_words

if TYPE_CHECKING:
    from adjudicator.variants.rather_silly.season import Given, SeasonSoFar

DOCTOR = "doctor"
#: The Doctor wins when his supply centers and victory points make this many.
DOCTOR_POINTS_TO_WIN = 30
#: The chance the TARDIS's random generator fails as it lands.
ASTRAY_CHANCE = 0.5

TARDIS_ARRIVED = Reason.declare("tardis_arrived", "the TARDIS came out of hyperspace in {province}")
TARDIS_ASTRAY = Reason.declare(
    "tardis_astray",
    "the TARDIS's random generator failed: it came out of hyperspace in {province}",
)
TARDIS_SWAM = Reason.declare(
    "tardis_swam", "the TARDIS landed at sea in {sea} and rode a dolphin to {province}"
)
TARDIS_WAITS = Reason.declare(
    "tardis_waits", "no hyperspace link this season: the TARDIS waits in hyperspace"
)
TARDIS_NOT_AN_END = Reason.declare(
    "tardis_not_an_end", "the TARDIS comes out at an end of the link ({source} or {dest})"
)
TARDIS_MOVED = Reason.declare("tardis_moved", "the TARDIS moved with its unit to {province}")
TARDIS_THROUGH = Reason.declare(
    "tardis_through_hyperspace", "the TARDIS went through hyperspace to {province}"
)
TARDIS_STAYED = Reason.declare(
    "tardis_stayed",
    "the TARDIS stays in {province}: it moves only with a unit given the same move that "
    "succeeds, or through hyperspace",
)
TARDIS_ESCAPED = Reason.declare(
    "tardis_escaped", "its unit was dislodged: the TARDIS escaped into hyperspace"
)
TARDIS_NO_ESCAPE = Reason.declare(
    "tardis_no_escape", "its unit was not dislodged: the TARDIS stays in {province}"
)
MONSTER_DESTROYED = Reason.declare(
    "monster_destroyed", "the Doctor destroyed the monster in {province}: a victory point"
)
NO_MONSTER_THERE = Reason.declare(
    "no_monster_there", "the TARDIS is not in {province} with a monster"
)
EXORCISED = Reason.declare("exorcised", "the Doctor exorcised {unit} ({owner}): a victory point")
ONLY_THE_DOCTOR = Reason.declare("only_the_doctor", "only the Doctor commands the TARDIS")
declare_problem("tardis_shape", "the TARDIS's orders read: T - yor, T destroy bre, T escape")


def _tardis_words(text: str) -> list[str] | None:
    words = text.lower().replace("-", " - ").split()
    if not words or words[0] not in ("t", "tardis"):
        return None
    return words[1:]


def _shape(text: str, game_map: GameMap) -> ParseError:
    return ParseError(problem_words("tardis_shape", {}, game_map), text, "tardis_shape")


def _province(token: str, text: str, game_map: GameMap) -> str:
    return province_of(located(token, text, game_map))


@dataclass(frozen=True, slots=True)
class TardisMove(VariantOrder):
    """``T - yor``: with its unit's same move, through the link, or out of hyperspace."""

    replaces: ClassVar[str] = "season"

    province: str
    phase_kinds = frozenset({PhaseKind.MOVEMENT})

    @classmethod
    def read(
        cls, text: str, game_map: GameMap, position: Position | None, power: str | None
    ) -> TardisMove | None:
        words = _tardis_words(text)
        if words is None or not words or words[0] != "-":
            return None
        if len(words) != 2:
            raise _shape(text, game_map)
        return cls(_province(words[1], text, game_map))

    def __str__(self) -> str:
        return f"T - {self.province}"

    @property
    def where(self) -> str:
        return self.province


@dataclass(frozen=True, slots=True)
class Destroy(VariantOrder):
    """``T destroy bre`` (``T destroy sea monster in bre`` reads the same)."""

    province: str
    phase_kinds = frozenset({PhaseKind.MOVEMENT})

    @classmethod
    def read(
        cls, text: str, game_map: GameMap, position: Position | None, power: str | None
    ) -> Destroy | None:
        words = _tardis_words(text)
        if words is None or not words or words[0] != "destroy":
            return None
        rest = [w for w in words[1:] if w not in ("sea", "space", "monster", "monsters", "in")]
        if len(rest) != 1:
            raise _shape(text, game_map)
        return cls(_province(rest[0], text, game_map))

    def __str__(self) -> str:
        return f"T destroy {self.province}"

    @property
    def where(self) -> str:
        return self.province


@dataclass(frozen=True, slots=True)
class Escape(VariantOrder):
    """``T escape``: into hyperspace, should its unit be dislodged this season."""

    replaces: ClassVar[str] = "season"

    phase_kinds = frozenset({PhaseKind.MOVEMENT})

    @classmethod
    def read(
        cls, text: str, game_map: GameMap, position: Position | None, power: str | None
    ) -> Escape | None:
        words = _tardis_words(text)
        if words is None or not words or words[0] != "escape":
            return None
        if len(words) != 1:
            raise _shape(text, game_map)
        return cls()

    def __str__(self) -> str:
        return "T escape"


TARDIS_ORDERS = (TardisMove, Destroy, Escape)


@dataclass(frozen=True, slots=True)
class Tardis:
    """Where the TARDIS is (None: in hyperspace) and the Doctor's victory points."""

    province: str | None
    points: int
    came: bool

    @classmethod
    def of(cls, position: Position) -> Tardis:
        kept = position.extras.get("tardis")
        if not kept:
            return cls(None, 0, False)
        province = kept.get("province")
        return cls(str(province) if province else None, int(kept.get("points") or 0), True)

    def kept(self) -> dict[str, Any]:
        return {"province": self.province, "points": self.points}


def with_tardis(position: Position, tardis: Tardis) -> Position:
    kept = tardis.kept()
    if position.extras.get("tardis") == kept:
        return position  # as it was: no new position to make
    return position.with_changes(extras={**position.extras, "tardis": kept})


def nearest_land(game_map: GameMap, province: str) -> str:
    """The land nearest ``province`` by amphibious steps (level: the first by name)."""
    seen = {province}
    frontier = [province]
    while frontier:
        land = sorted(p for p in frontier if _landable(game_map, p))
        if land:
            return land[0]
        nxt: set[str] = set()
        for p in frontier:
            near = game_map.army_neighbours(p) | game_map.fleet_province_neighbours(p)
            nxt |= {n for n in near if n not in seen and n not in game_map.closed}
        seen |= nxt
        frontier = sorted(nxt)
    return province


def _landable(game_map: GameMap, province: str) -> bool:
    p = game_map.provinces[province]
    return p.is_land and p.terrain is not Terrain.IMPASSABLE and province not in game_map.closed


def _anywhere(game_map: GameMap) -> list[str]:
    return sorted(
        p
        for p, prov in game_map.provinces.items()
        if prov.terrain is not Terrain.IMPASSABLE and p not in game_map.closed
    )


def _landing(
    game_map: GameMap, aimed: str, rng: random.Random
) -> tuple[str, list[tuple[Reason, FrozenMap[str, str]]]]:
    """Where the TARDIS comes out when it makes for ``aimed``: half the time elsewhere; a
    sea landing ends on the nearest land."""
    said: list[tuple[Reason, FrozenMap[str, str]]] = []
    province = aimed
    reason = TARDIS_ARRIVED
    if rng.random() < ASTRAY_CHANCE:
        province = rng.choice(_anywhere(game_map))
        reason = TARDIS_ASTRAY
    said.append((reason, FrozenMap({"province": province})))
    if not _landable(game_map, province):
        land = nearest_land(game_map, province)
        said.append((TARDIS_SWAM, FrozenMap({"sea": province, "province": land})))
        province = land
    return province, said


def tardis_moves(
    game_map: GameMap,
    position: Position,
    after: Position,
    orders: Given,
    moves: Sequence[OrderResult],
    link: tuple[str, str] | None,
    rng: random.Random,
) -> tuple[Position, list[OrderResult]]:
    """Step 1 for the TARDIS: it comes out of hyperspace, follows its unit, goes through the
    link or escapes; then destroys the monsters it was told to where it ended. ``orders``:
    the season's TARDIS orders, with their powers (:meth:`.season.SeasonSoFar.given`)."""
    results: list[OrderResult] = [
        OrderResult(power, o, Outcome.VOID, ONLY_THE_DOCTOR)
        for power, o in orders
        if power != DOCTOR
    ]
    given = [o for power, o in orders if power == DOCTOR]
    tardis = Tardis.of(position)
    steps = [o for o in given if isinstance(o, TardisMove)]
    step = steps[-1] if steps else None
    escape = next((o for o in given if isinstance(o, Escape)), None)
    province = tardis.province
    if province is None:
        if link is None:
            if step is not None:
                results.append(OrderResult(DOCTOR, step, Outcome.VOID, TARDIS_WAITS))
        else:
            aimed = link[0]
            if step is not None and step.province in link:
                aimed = step.province
            elif step is not None:
                ends = FrozenMap({"source": link[0], "dest": link[1]})
                results.append(OrderResult(DOCTOR, step, Outcome.VOID, TARDIS_NOT_AN_END, ends))
            province, said = _landing(game_map, aimed, rng)
            order: VariantOrder | str = step if step is not None and step.province in link else "T"
            results.extend(OrderResult(DOCTOR, order, Outcome.OK, r, p) for r, p in said)
        tardis = Tardis(province, tardis.points, True)
    else:
        host = position.unit_in(province)
        went = _moved_to(host, position, moves) if host is not None else None
        if step is not None and link is not None and province in link and step.province in link:
            there = step.province if step.province != province else None
            if there is not None:
                province = there
                results.append(
                    OrderResult(
                        DOCTOR, step, Outcome.OK, TARDIS_THROUGH, FrozenMap({"province": there})
                    )
                )
                step = None
        if step is not None:
            if went is not None and province_of(went) == step.province:
                province = step.province
                results.append(
                    OrderResult(
                        DOCTOR, step, Outcome.OK, TARDIS_MOVED, FrozenMap({"province": province})
                    )
                )
            else:
                results.append(
                    # Failed, as a bounced move: whether its unit goes there is settled by
                    # the others' orders too (so the site takes the order as it is typed).
                    OrderResult(
                        DOCTOR,
                        step,
                        Outcome.BOUNCE,
                        TARDIS_STAYED,
                        FrozenMap({"province": province}),
                    )
                )
        if escape is not None:
            dislodged = host is not None and any(d.unit == host for d in after.dislodged)
            if dislodged and province == tardis.province:
                results.append(OrderResult(DOCTOR, escape, Outcome.OK, TARDIS_ESCAPED))
                province = None
            else:
                # Not needed rather than wrong: the escape waits on the others' orders.
                results.append(
                    OrderResult(
                        DOCTOR,
                        escape,
                        Outcome.OK,
                        TARDIS_NO_ESCAPE,
                        FrozenMap({"province": province or "-"}),
                    )
                )
        tardis = Tardis(province, tardis.points, True)
    if not tardis.came:
        return after, results
    after, tardis, destroyed = _destroys(
        after, tardis, [o for o in given if isinstance(o, Destroy)]
    )
    return with_tardis(after, tardis), [*results, *destroyed]


def _moved_to(unit: Unit, position: Position, moves: Sequence[OrderResult]) -> str | None:
    """Where ``unit`` moved this season, if its move succeeded."""
    for u, r in zip(position.units, moves, strict=False):
        # The location first: a unit's (a dataclass's) equality costs a call per unit.
        if u.location == unit.location and u == unit:
            return r.order.dest if isinstance(r.order, Move) and r.outcome is Outcome.OK else None
    return None


def _destroys(
    after: Position, tardis: Tardis, destroys: Sequence[Destroy]
) -> tuple[Position, Tardis, list[OrderResult]]:
    results: list[OrderResult] = []
    points = tardis.points
    for order in destroys:
        place = FrozenMap({"province": order.province})
        if tardis.province != order.province:
            # Failed rather than wrong: its unit may have been meant to carry it there.
            results.append(OrderResult(DOCTOR, order, Outcome.BOUNCE, NO_MONSTER_THERE, place))
            continue
        standing = [u for u in after.units if u.power == "monster" and u.province == order.province]
        fled = [
            d
            for d in after.dislodged
            if d.unit.power == "monster" and d.unit.province == order.province
        ]
        if not standing and not fled:
            results.append(OrderResult(DOCTOR, order, Outcome.BOUNCE, NO_MONSTER_THERE, place))
            continue
        after = after.with_changes(
            units=[u for u in after.units if u not in standing],
            dislodged=[d for d in after.dislodged if d not in fled],
        )
        for _ in [*standing, *fled]:
            points += 1
            results.append(OrderResult(DOCTOR, order, Outcome.OK, MONSTER_DESTROYED, place))
    return after, Tardis(tardis.province, points, tardis.came), results


def exorcisms(
    after: Position, devils: Mapping[str, int]
) -> tuple[Position, dict[str, int], list[OrderResult]]:
    """Step 3 for the TARDIS: a devil unit (``devils`` by ``"power location"``) sharing its
    province as the season's moves end is itself again, a point for the Doctor."""
    tardis = Tardis.of(after)
    if tardis.province is None or not devils:
        return after, dict(devils), []
    kept = dict(devils)
    results: list[OrderResult] = []
    here = [u for u in after.units if u.province == tardis.province] + [
        d.unit for d in after.dislodged if d.unit.province == tardis.province
    ]
    points = tardis.points
    for unit in sorted(here, key=lambda u: (u.power, u.location)):
        key = f"{unit.power} {unit.location}"
        if key not in kept:
            continue
        del kept[key]
        points += 1
        results.append(
            OrderResult(
                DOCTOR,
                "exorcism",
                Outcome.OK,
                EXORCISED,
                FrozenMap({"unit": f"{unit.kind.value} {unit.location}", "owner": unit.power}),
            )
        )
    if not results:
        return after, kept, []
    return with_tardis(after, Tardis(tardis.province, points, True)), kept, results


def tardis_center(position: Position, ownership: dict[str, str], centers: frozenset[str]) -> None:
    """A supply center where the TARDIS stands alone as the centers change hands is the
    Doctor's."""
    tardis = Tardis.of(position)
    if tardis.province in centers and position.unit_in(tardis.province) is None:
        ownership[tardis.province] = DOCTOR


def doctor_score(position: Position) -> int:
    """The Doctor's supply centers and victory points together."""
    centers = sum(1 for owner in position.ownership.values() if owner == DOCTOR)
    return centers + Tardis.of(position).points


def tardis_legal_orders(
    position: Position, link: tuple[str, str] | None
) -> dict[str, tuple[VariantOrder, ...]]:
    """The TARDIS orders that could do something now, keyed by the place they name."""
    tardis = Tardis.of(position)
    out: dict[str, tuple[VariantOrder, ...]] = {}
    if tardis.province is None:
        for end in link or ():
            out[f"T - {end}"] = (TardisMove(end),)
        return out
    host = position.unit_in(tardis.province)
    if host is not None:
        out["T escape"] = (Escape(),)
        if host.power == "monster":
            out[f"T destroy {tardis.province}"] = (Destroy(tardis.province),)
    if link is not None and tardis.province in link:
        other = link[1] if link[0] == tardis.province else link[0]
        out[f"T - {other}"] = (TardisMove(other),)
    return out


def tardis_travels(season: SeasonSoFar) -> tuple[Position, list[OrderResult]]:
    """Step 1 for the TARDIS, with the option ``roles``: its moves (:func:`tardis_moves`),
    through the hyperspace link in force too."""
    if not season.position.options.get("roles"):
        return season.after, []
    return tardis_moves(
        season.variant.map,
        season.position,
        season.after,
        season.given(TARDIS_ORDERS),
        season.moves,
        link_in_force(season.position),
        chance(season.seed, "tardis"),
    )


def exorcise(season: SeasonSoFar) -> tuple[Position, list[OrderResult]]:
    """Step 3's first part: the devil units in the TARDIS's province exorcised
    (:func:`exorcisms`), before the others normalise."""
    after, kept, results = exorcisms(season.after, devils_of(season.after))
    return with_devils(after, kept), results
