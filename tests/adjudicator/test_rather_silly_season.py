"""Rather Silly's season as its steps see it (issue 40: a season of the largest position in
under a millisecond): the orders grouped by kind once for every step, a step that changes
nothing keeping the position it was given, and what is worked out once (a position's
strengths, a map's graphs) answering as if worked out again."""

from __future__ import annotations

import random
from typing import Any

import pytest

from adjudicator import resolve
from adjudicator.board import Position, Unit, UnitKind
from adjudicator.orders import UnitRef, VariantOrder
from adjudicator.results import OrderResult
from adjudicator.variants.common import KeptByIdentity
from adjudicator.variants.rather_silly import SEASON_STEPS, Explode, Vote, creatures
from adjudicator.variants.rather_silly import rules as rules_module
from adjudicator.variants.rather_silly.creatures import monster_move
from adjudicator.variants.rather_silly.season import SeasonSoFar
from adjudicator.variants.rather_silly.superbrain import Extra, Place, Reply
from tests.adjudicator.rather_silly import board, role_board, rs


def _season(orders: dict[str, list[VariantOrder]], position: Position | None = None) -> Any:
    position = position or board({"austria": ["A boh"]})
    return SeasonSoFar(rs(), position, orders, (), 1, position)


class TestTheOrdersByKind:
    def test_each_kind_by_power_then_in_the_order_given(self) -> None:
        season = _season(
            {
                "germany": [Vote("mun", "par"), Explode("boh"), Vote("ber", "war")],
                "austria": [Explode("tyr"), Vote("vie", "rom")],
            }
        )
        assert season.given(Vote) == (
            ("austria", Vote("vie", "rom")),
            ("germany", Vote("mun", "par")),
            ("germany", Vote("ber", "war")),
        )
        assert season.given(Explode) == (("austria", Explode("tyr")), ("germany", Explode("boh")))

    def test_a_kind_takes_its_subclasses_and_kinds_asked_together_keep_the_given_order(
        self,
    ) -> None:
        """``place`` is a kind of ``extra`` order; asked together, the kinds come as given,
        not one kind after the other."""
        extra = Extra(UnitRef(UnitKind.ARMY, "vie"))
        place = Place(UnitRef(UnitKind.FLEET, "ice"))
        season = _season({"superbrain": [place, Reply("yes"), extra, Vote("a", "b")]})
        assert season.given(Extra) == (("superbrain", place), ("superbrain", extra))
        assert season.given((Reply, Place)) == (("superbrain", place), ("superbrain", Reply("yes")))
        assert season.given(Explode) == ()

    def test_the_orders_are_gone_through_once_for_every_step(self) -> None:
        """A kind asked again is the answer found the first time (every step asks: the
        orders are not scanned again)."""
        season = _season({"austria": [Vote("vie", "rom")]})
        assert season.given(Vote) is season.given(Vote)


class TestAStepThatChangesNothingKeepsThePosition:
    """A new position costs freezing the whole extras again: a step with nothing to change
    hands on the one it was given."""

    @pytest.mark.parametrize(
        "step", ["tardis_travels", "fortune_teller_merges", "devils_lost", "twins_parted"]
    )
    def test_a_quiet_season(self, step: str) -> None:
        position = role_board(
            {"austria": ["A boh", "A vie"], "germany": ["A mun"]},
            tardis="bur",
            extras={"devils": {"austria vie": 2}, "twins": {"austria": ["boh", "vie"]}},
        )
        kept: dict[str, tuple[Position, Position]] = {}

        def watched(name: str, run: Any) -> Any:
            def watch(season: SeasonSoFar) -> tuple[Position, list[OrderResult]]:
                before = season.after
                after, results = run(season)
                kept[name] = (before, after)
                return after, results

            return watch

        steps = tuple((name, watched(name, run)) for name, run in SEASON_STEPS)
        with pytest.MonkeyPatch.context() as patch:
            patch.setitem(rules_module._STEPS, rules_module.PhaseKind.MOVEMENT, steps)
            done = resolve(
                position,
                {"germany": ["A mun - bur"], "fortune_teller": ["predict pic"]},
                seed=1,
            )
        before, after = kept[step]
        assert after is before
        assert (done.position.extras.get("tardis") or {}).get("province") == "bur"


class TestWhatIsWorkedOutOnce:
    def test_each_units_strength_as_asked_alone(self) -> None:
        """The strengths kept for a position are the ones worked out unit by unit: an
        army aboard a flock 0, an Amazon and a dirtbag army 0, a devil unit 2, a monster
        2, any other 1; a unit that is not one of the position's own (an equal one made
        again) too."""
        position = board(
            {
                "austria": ["A boh", "A vie", "A bud"],
                "germany": ["A mun", "A ber"],
                "monster": ["F nth"],
            },
            extras={
                "birds": [{"power": "austria", "province": "boh", "carrying": "austria"}],
                "kinds": {"austria vie": "amazon", "austria bud": "dirtbag"},
                "devils": {"germany mun": 2},
            },
        )
        variant = rs()
        expected = {"boh": 0, "vie": 0, "bud": 0, "mun": 2, "ber": 1, "nth": 2}
        for unit in position.units:
            assert variant.unit_strength(unit, position) == expected[unit.province]
            again = Unit(unit.power, unit.kind, unit.location)
            assert variant.unit_strength(again, position) == expected[unit.province]
        supports = {u.province: variant.support_strength(u, position) for u in position.units}
        assert supports == {**expected, "nth": 1}

    def test_a_kept_value_answers_only_for_the_object_it_was_made_from(self) -> None:
        """Kept by identity: an equal object made again is asked afresh (its identity may
        be an old one's, gone); past its size, everything kept goes."""
        kept: KeptByIdentity[list[str], str] = KeptByIdentity(2)
        first, equal = ["par"], ["par"]
        assert kept.keep(first, "made") == "made"
        assert kept.get(first) == "made"
        assert kept.get(equal) is None
        assert kept.get(first, "coast") is None
        kept.keep(first, "with a part", "coast")
        assert kept.get(first, "coast") == "with a part"
        kept.keep(equal, "third")
        assert kept.get(first) is None
        assert kept.get(equal) == "third"

    def test_a_monster_moves_as_its_graph_made_again_would_have_it(self) -> None:
        """The monsters' graphs and distances are made once a map: a monster far from any
        center steps toward the nearest, as the first time it was asked."""
        geo = rs().map
        unit = Unit("monster", UnitKind.FLEET, "mao")
        chosen = [monster_move(geo, unit, frozenset({"mao"}), random.Random(7)) for _ in range(2)]
        creatures._KIND_GRAPHS._kept.clear()
        assert monster_move(geo, unit, frozenset({"mao"}), random.Random(7)) == chosen[0]
        assert chosen[0] == chosen[1]
