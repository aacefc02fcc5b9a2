"""Rather Silly's llamas: each great power settles three herds in secret in the winter
before the first year (phase ``W1900L``, in provinces without a supply center), and blows
one up with ``explode <province>`` in a movement phase, at step 6 of the season, after the
Borg's step: every unit in the province goes with it (the flocks of birds too)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from adjudicator.board import FrozenMap, PhaseKind, Position
from adjudicator.errors import ParseError
from adjudicator.maps import GameMap
from adjudicator.orders import VariantOrder
from adjudicator.results import OrderResult, Outcome, Reason
from adjudicator.variants.rather_silly import birds
from adjudicator.variants.rather_silly.marks import located, unit_text
from adjudicator.wording import declare_problem, problem_words

if TYPE_CHECKING:
    from adjudicator.variants.rather_silly.season import SeasonSoFar

LLAMAS = PhaseKind.declare("L", "llama placement")

HERD_SETTLED = Reason.declare("herd_settled", "a herd of llamas settled in {province}")
HERD_ON_CENTER = Reason.declare(
    "herd_on_center", "llamas never settle in a supply center ({province})"
)
HERD_TOO_MANY = Reason.declare("herd_too_many", "a great power settles three herds, no more")
HERD_NONE = Reason.declare("herd_none", "you have no herd of llamas in {province}")
LLAMAS_EXPLODED = Reason.declare("llamas_exploded", "the llamas in {province} exploded")
BLOWN_UP = Reason.declare(
    "blown_up_by_llamas", "{unit} ({owner}) was destroyed by exploding llamas"
)
declare_problem("herd_shape", "a llama order reads: herd boh, explode boh")


def _province_word(text: str, word: str, game_map: GameMap, problem: str) -> str | None:
    """``<word> <province>`` read to a province id; None if ``text`` is another order."""
    words = text.lower().split()
    if not words or words[0] != word:
        return None
    if len(words) != 2:
        raise ParseError(problem_words(problem, {}, game_map), text, problem)
    return located(words[1], text, game_map, coast_ok=False)


@dataclass(frozen=True, slots=True)
class ProvinceOrder(VariantOrder):
    """An order naming one province after its word (``herd boh``, ``explode boh``)."""

    word: ClassVar[str] = ""
    province: str

    @classmethod
    def read(
        cls, text: str, game_map: GameMap, position: Position | None, power: str | None
    ) -> ProvinceOrder | None:
        found = _province_word(text, cls.word, game_map, "herd_shape")
        return cls(found) if found is not None else None

    def __str__(self) -> str:
        return f"{self.word} {self.province}"

    @property
    def where(self) -> str:
        return self.province


@dataclass(frozen=True, slots=True)
class Herd(ProvinceOrder):
    """Settle a herd of llamas (Winter 1900): ``herd boh``."""

    replaces: ClassVar[str] = "none"  # two herds may settle in one province

    word: ClassVar[str] = "herd"
    phase_kinds = frozenset({LLAMAS})


@dataclass(frozen=True, slots=True)
class Explode(ProvinceOrder):
    """Blow up one of your herds after the Borg's step (rule: Lama): ``explode boh``."""

    replaces: ClassVar[str] = "none"

    word: ClassVar[str] = "explode"
    phase_kinds = frozenset({PhaseKind.MOVEMENT})


def llamas_explode(season: SeasonSoFar) -> tuple[Position, list[OrderResult]]:
    """Step 6: each explode order blows up one of its power's herds there, and every
    unit in that province (standing or dislodged), never the Borg; the flocks of birds
    where llamas exploded go with them (:func:`.birds.flocks_blown`)."""
    explode = season.given(Explode)
    if not explode:
        return season.after, []
    after, exploded = _explode(season.after, explode)
    after, flocks = birds.flocks_blown(after, exploded)
    return after, [*exploded, *flocks]


def _explode(
    after: Position, orders: Sequence[tuple[str, Explode]]
) -> tuple[Position, list[OrderResult]]:
    herds = {p: list(h) for p, h in (after.extras.get("llamas") or {}).items()}
    results: list[OrderResult] = []
    blown: set[str] = set()
    for power, order in orders:
        place = FrozenMap({"province": order.province})
        mine = herds.get(power, [])
        if order.province not in mine:
            results.append(OrderResult(power, order, Outcome.VOID, HERD_NONE, place))
            continue
        mine.remove(order.province)
        blown.add(order.province)
        results.append(OrderResult(power, order, Outcome.OK, LLAMAS_EXPLODED, place))
    if not blown:
        return after, results
    victims = [u for u in after.units if u.province in blown] + [
        d.unit for d in after.dislodged if d.unit.province in blown
    ]
    for unit in sorted(victims, key=lambda u: (u.power, u.location)):
        results.append(
            OrderResult(
                unit.power,
                "destroyed",
                Outcome.OK,
                BLOWN_UP,
                FrozenMap(
                    {
                        "unit": unit_text(unit),
                        "owner": unit.power,
                        "province": unit.province,
                    }
                ),
            )
        )
    after = after.with_changes(
        units=[u for u in after.units if u.province not in blown],
        dislodged=[d for d in after.dislodged if d.unit.province not in blown],
        extras={**after.extras, "llamas": {p: sorted(h) for p, h in herds.items() if h}},
    )
    return after, results
