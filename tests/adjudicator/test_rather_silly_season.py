"""Rather Silly's season as its steps see it (issue 40: a season of the largest position in
under a millisecond): the orders grouped by kind once for every step, a step that changes
nothing keeping the position it was given, and what is worked out once (a position's
strengths, a map's graphs) answering as if worked out again."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from adjudicator import legal_orders, resolve
from adjudicator.board import Position, Unit, UnitKind
from adjudicator.errors import ParseError
from adjudicator.orders import UnitRef, VariantOrder
from adjudicator.results import OrderResult
from adjudicator.variants import Variant
from adjudicator.variants.common import KeptByIdentity
from adjudicator.variants.rather_silly import SEASON_STEPS, Explode, Vote, creatures
from adjudicator.variants.rather_silly import rules as rules_module
from adjudicator.variants.rather_silly.creatures import monster_move
from adjudicator.variants.rather_silly.season import SeasonSoFar
from adjudicator.variants.rather_silly.superbrain import Extra, Place, Reply
from tests.adjudicator.rather_silly import board, role_board, rs

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples" / "rather_silly"


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


def _texts() -> list[str]:
    """Texts of every kind, as players type them and mistype them: the docs' examples'
    orders, every legal order of a bird-and-role board, each kind's word in odd company."""
    texts: set[str] = set()
    for path in sorted(EXAMPLES.glob("*.input.json")):
        for given in json.loads(path.read_text()).get("orders", {}).values():
            texts.update(str(t) for t in given)
    for power in ("austria", "germany", "doctor"):
        for options in legal_orders(_bird_board(), power).values():
            texts.update(str(o) for o in options)
    words = [
        "herd boh",
        "explode boh",
        "vote mun - par",
        "vote-mun-par",
        "vote mun",
        "VOTE mun - par",
        "override A vie - tri",
        "override",
        "predict bur F",
        "predict",
        "sell A vie",
        "sell",
        "amazon vie",
        "dirtbag vie",
        "rogue vie",
        "amazon",
        "A vie seduce A mun",
        "A vie seduce all fleets",
        "A vie  seduce",
        "A vie distract",
        "F vie distract",
        "ask who?",
        "answer yes",
        "reply  no",
        "ask",
        "asked x",
        "extra A vie",
        "place F ice",
        "extra",
        "T - par",
        "t-par",
        "tardis destroy monster in nth",
        "tardis escape",
        "T",
        "twins A vie F tri",
        "twins",
        "birds boh",
        "birds boh - mun - ber",
        "birds boh carry A boh",
        "birds boh flee sil",
        "disband birds boh",
        "disband birds",
        "Birds",
        "A boh board",
        "A boh scare",
        "A boh - mun - ber",
        "A boh - mun",
        "F tri - adr",
        "A vie H",
        "A vie S A boh - mun",
        "",
        "   ",
        "\tvote mun - par",
        "  herd  boh ",
        "heRD boh",
        "asK x",
        "hold",
        "A",
        "- par",
        "xyz",
        "A xyz seduce A mun",
        "birds xyz",
        "predict xyz",
    ]
    texts.update(words)
    return sorted(texts)


def _bird_board() -> Position:
    return role_board(
        {"austria": ["A boh", "A vie", "F tri"], "germany": ["A mun", "A ber"]},
        tardis="bur",
        extras={"birds": [{"power": "austria", "province": "boh", "carrying": "austria"}]},
    )


def _reading(read: Any, text: str, position: Position | None, power: str | None) -> tuple[str, Any]:
    try:
        return "order", read(text, position=position, power=power)
    except ParseError as e:
        return "refused", (str(e), e.code, dict(e.params))


class TestReadingAnOrder:
    @pytest.mark.parametrize("power", ["austria", "germany", "doctor", None])
    def test_every_text_reads_as_every_reader_asked_in_turn_would_read_it(
        self, power: str | None
    ) -> None:
        """Only the readers whose word a text begins with (or holds) are asked: the same
        order, or the same refusal, as asking every one of the variant's readers in turn
        and then the core's notation (the base class's reading)."""
        variant = rs()
        for position in (_bird_board(), board({"austria": ["A vie"]}), None):
            for text in _texts():
                fast = _reading(variant.read_order, text, position, power)

                def every_reader(text: str, **at: Any) -> Any:
                    return Variant.read_order(variant, text, **at)

                assert fast == _reading(every_reader, text, position, power), text

    def test_every_kind_says_what_its_reader_needs_or_is_always_asked(self) -> None:
        """A kind added without its word would be asked always (right, only slower): the
        list names every kind but the one that asks the board."""
        from adjudicator.variants.rather_silly.birds import Ride

        assert set(rs().order_kinds) - set(rules_module._READ_ONLY_IF) == {Ride}
