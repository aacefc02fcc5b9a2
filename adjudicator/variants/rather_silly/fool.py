"""Rather Silly's Fool (rules: "Narr"), as functions the variant's hooks call
(:class:`~adjudicator.variants.rather_silly.rules.RatherSilly`).

The seat ``fool`` gives one unit of a great power its order each season
(``override A par - bur``), whatever its owner ordered it; each whole share of the
Superbrain's he holds lets him command one more unit, of another power than his first, and
is spent so. He wins if the game reaches 1921 with nobody else having won.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from adjudicator.board import FrozenMap, PhaseKind, Position
from adjudicator.errors import ParseError
from adjudicator.maps import GameMap
from adjudicator.orders import (
    Convoy,
    Hold,
    Move,
    Order,
    Support,
    VariantOrder,
    parse_order,
)
from adjudicator.results import OrderResult, Outcome, Reason
from adjudicator.variants.base import Variant
from adjudicator.variants.rather_silly.marks import as_share, unit_province, unit_text
from adjudicator.wording import declare_problem, problem_words

if TYPE_CHECKING:
    from adjudicator.variants.rather_silly.season import SeasonSoFar

#: The Fool wins if the game reaches this year.
FOOL_YEAR = 1921

FOOL_OVERRIDE = Reason.declare(
    "fool_override", "the Fool gave {unit} ({owner}) its order this season"
)
OVERRIDDEN = Reason.declare("overridden_by_fool", "overridden by the Fool")
FOOL_ONCE = Reason.declare(
    "fool_once", "the Fool commands one unit a season (more with the Superbrain's shares)"
)
FOOL_NO_UNIT = Reason.declare("fool_no_unit", "no unit of a great power at {province}")
FOOL_OTHER_POWER = Reason.declare(
    "fool_other_power", "the Fool's further units belong to other powers than his first"
)
declare_problem("override_shape", "the Fool's order reads: override A par - bur")


@dataclass(frozen=True, slots=True)
class Override(VariantOrder):
    """The Fool's order for another power's unit this season: ``override A par - bur``
    (any movement order for the unit standing there, in the core's notation)."""

    order: Hold | Move | Support | Convoy
    phase_kinds = frozenset({PhaseKind.MOVEMENT})

    @classmethod
    def read(
        cls, text: str, game_map: GameMap, position: Position | None, power: str | None
    ) -> Override | None:
        words = text.split(None, 1)
        if not words or words[0].lower() != "override":
            return None
        if len(words) != 2:
            raise ParseError(problem_words("override_shape", {}, game_map), text, "override_shape")
        # Read without the board: whether a unit stands there is the Fool's step's to say.
        inner = parse_order(words[1], game_map)
        if not isinstance(inner, (Hold, Move, Support, Convoy)):
            raise ParseError(problem_words("override_shape", {}, game_map), text, "override_shape")
        return cls(inner)

    def __str__(self) -> str:
        return f"override {self.order}"

    @property
    def where(self) -> str:
        return self.order.unit.province


def fool_overrides(
    variant: Variant, position: Position, orders: Mapping[str, Sequence[Order | str]]
) -> tuple[dict[str, list[Order | str]], list[OrderResult]]:
    """The Fool's override: each season he gives one unit of a great power its order,
    whatever its owner gave it (the owner's order for it is set aside, said so); each
    whole share of the Superbrain's he holds lets him command one more, of another
    power than the first (the shares are spent in :func:`fool_spends`, which finds the
    overrides that stood kept under his key)."""
    given = {p: list(o) for p, o in orders.items() if p != "fool"}
    fools = list(orders.get("fool") or ())
    if not fools:
        return given, []
    results: list[OrderResult] = []
    shares = as_share((position.extras.get("shares") or {}).get("fool", "0"))
    allowed = 1 + int(shares)
    first: str | None = None
    for raw in fools:
        try:
            order = (
                raw
                if not isinstance(raw, str)
                else variant.read_order(raw, position=position, power="fool")
            )
        except ParseError:
            given.setdefault("fool", []).append(raw)  # the core says why it is unreadable
            continue
        if not isinstance(order, Override):
            given.setdefault("fool", []).append(raw)  # a vote: read as usual
            continue
        province = order.where
        unit = position.unit_in(province)
        if unit is None or unit.power not in variant.powers:
            results.append(
                OrderResult(
                    "fool",
                    order,
                    Outcome.VOID,
                    FOOL_NO_UNIT,
                    FrozenMap({"province": province}),
                )
            )
            continue
        if allowed == 0:
            results.append(OrderResult("fool", order, Outcome.VOID, FOOL_ONCE))
            continue
        if first is not None and unit.power == first:
            results.append(OrderResult("fool", order, Outcome.VOID, FOOL_OTHER_POWER))
            continue
        first = first or unit.power
        allowed -= 1
        # Kept under his key: fool_spends spends a share for each beyond the first.
        given.setdefault("fool", []).append(order)
        mine = given.get(unit.power, [])
        kept: list[Order | str] = []
        for text in mine:
            if unit_province(variant, text, position, unit.power) == unit.province:
                results.append(OrderResult(unit.power, text, Outcome.VOID, OVERRIDDEN))
            else:
                kept.append(text)
        kept.append(order.order)
        given[unit.power] = kept
        results.append(
            OrderResult(
                "fool",
                order,
                Outcome.OK,
                FOOL_OVERRIDE,
                FrozenMap({"unit": unit_text(unit), "owner": unit.power}),
            )
        )
    return given, results


def fool_spends(season: SeasonSoFar) -> tuple[Position, list[OrderResult]]:
    """A whole share of the Fool's for each override beyond his first this season."""
    after = season.after
    used = sum(1 for power, _o in season.given(Override) if power == "fool") - 1
    if used <= 0:
        return after, []
    shares = {str(k): as_share(v) for k, v in (after.extras.get("shares") or {}).items()}
    shares["fool"] = shares.get("fool", Fraction(0)) - used
    kept = {p: str(v) for p, v in sorted(shares.items()) if v}
    extras = {k: v for k, v in after.extras.items() if k != "shares"}
    if kept:
        extras["shares"] = kept
    return after.with_changes(extras=extras), []
