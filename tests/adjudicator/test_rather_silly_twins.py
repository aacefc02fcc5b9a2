"""Rather Silly's Siamese twins (issue 16; rules: "Siamesische Zwillinge"): each house rule
on the rules page as a named scenario (adjudicator/variants/rather_silly/twins.py)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from adjudicator import Position, Unit, check_order, legal_orders, resolve
from adjudicator.io import position_from_json
from adjudicator.orders import Build, MovementOrder
from adjudicator.variants.base import Variant
from adjudicator.variants.rather_silly.twins import Twins
from tests.adjudicator.rather_silly import board, reasons, result, rs

#: France's twins in Burgundy and the Ruhr, as most scenarios below have them.
TWINS = {"twins": {"france": ["bur", "ruh"]}, "twins_built": ["france"]}


def twins_board(
    units: dict[str, list[str]], *, extras: dict[str, Any] | None = None, **kwargs: Any
) -> Position:
    france = ["A bur", "A ruh", *units.pop("france", [])]
    return board({"france": france, **units}, extras={**TWINS, **(extras or {})}, **kwargs)


def where(position: Position, power: str) -> list[str]:
    return sorted(u.location for u in position.units if u.power == power)


def given(results: Any) -> list[str]:
    """The supports the twins gave without an order, given."""
    return [str(r.order) for r in results if r.reason == "implicit_support"]


def cut(results: Any) -> list[str]:
    """The supports cut, ordered or not."""
    return [str(r.order) for r in results if r.reason == "support_cut"]


class TestBuildingTwins:
    def test_twins_are_built_once_in_a_free_home_center_and_next_to_it(self) -> None:
        winter = board(
            {"france": ["A mar"]},
            phase="W1901A",
            centers={"france": ["par", "mar", "bre", "spa"]},
        )
        after = resolve(winter, {"france": ["twins A par A bur", "F bre B"]}, seed=1)
        raised = result(after.results, "twins_raised")
        assert (raised.params["unit"], raised.params["other"]) == ("A par", "A bur")
        assert where(after.position, "france") == ["bre", "bur", "mar", "par"]
        assert dict(after.position.extras["twins"]) == {"france": ("par", "bur")}
        assert list(after.position.extras["twins_built"]) == ["france"]

    def test_twins_take_one_build_and_count_as_one_unit_for_supply(self) -> None:
        winter = board({"france": ["A mar"]}, phase="W1901A", centers={"france": ["par", "mar"]})
        assert rs().adjustment(winter, "france") == 1
        after = resolve(winter, {"france": ["twins A par A bur"]}, seed=1)
        assert "twins_raised" in reasons(after.results, "france")
        # Three units, two centers: the pair counts as one, so nothing is owed.
        assert rs().adjustment(after.position, "france") == 0

    def test_twins_need_a_build_left_after_the_normal_builds(self) -> None:
        winter = board(
            {"france": ["A mar"]}, phase="W1901A", centers={"france": ["par", "mar", "bre"]}
        )
        after = resolve(winter, {"france": ["A par B", "twins F bre A gas"]}, seed=1)
        assert "twins_raised" in reasons(after.results, "france")
        both = resolve(winter, {"france": ["A par B", "F bre B", "twins A mar A bur"]}, seed=1)
        assert "twins_no_build" in reasons(both.results, "france")

    def test_the_site_counts_a_twins_order_as_one_build(self) -> None:
        winter = board({"france": ["A mar"]}, phase="W1901A", centers={"france": ["par", "mar"]})
        twins = rs().read_order("twins A par A bur")
        assert isinstance(twins, Twins)
        assert rs().order_set_excess(winter, "france", [twins]) is None
        excess = rs().order_set_excess(winter, "france", [twins, Build(twins.second)])
        assert excess is not None
        assert excess[0].value == "builds_excess"

    def test_twins_are_built_once_a_game_by_a_great_power(self) -> None:
        winter = board(
            {"france": ["A mar"]},
            phase="W1903A",
            centers={"france": ["par", "mar", "bre"]},
            extras={"twins_built": ["france"]},
        )
        after = resolve(winter, {"france": ["twins A par A bur"]}, seed=1)
        assert "twins_once" in reasons(after.results, "france")
        fresh = board(
            {"france": ["A mar"]}, phase="W1903A", centers={"france": ["par", "mar", "bre"]}
        )
        again = resolve(fresh, {"france": ["twins A par A bur", "twins F bre F eng"]}, seed=1)
        assert reasons(again.results, "france").count("twins_raised") == 1
        assert "twins_once" in reasons(again.results, "france")

    def test_the_second_twin_stands_free_next_to_the_first_on_a_named_coast(self) -> None:
        winter = board(
            {"france": ["A mar"], "germany": ["A bur"]},
            phase="W1901A",
            centers={"france": ["par", "mar", "bre"], "germany": ["mun"]},
        )
        for order, wrong in (
            ("twins A par A mun", "A mun"),  # not next to Paris
            ("twins A par A bur", "A bur"),  # not free
            ("twins A mar A par", "A mar"),  # Marseilles is not free
            ("twins F bre F spa", "F spa"),  # not next to Brest, and no coast named
            ("twins F par A gas", "F par"),  # no fleet stands inland
        ):
            after = resolve(winter, {"france": [order]}, seed=1)
            problem = result(after.results, "twins_site")
            assert problem.params["unit"] == wrong, order
        ok = resolve(winter, {"france": ["twins F bre F mao"]}, seed=1)
        assert "twins_raised" in reasons(ok.results, "france")

    def test_legal_orders_list_the_twins_a_power_may_build(self) -> None:
        winter = board(
            {"france": ["A mar"]}, phase="W1901A", centers={"france": ["par", "mar", "bre"]}
        )
        listed = legal_orders(winter, "france")
        twins = [o for orders in listed.values() for o in orders if isinstance(o, Twins)]
        assert "twins A par A bur" in {str(o) for o in twins}
        assert "twins F bre F mao" in {str(o) for o in twins}
        for order in twins[:12]:
            assert check_order(winter, "france", str(order)) is None, order
        used = board(
            {"france": ["A mar"]},
            phase="W1901A",
            centers={"france": ["par", "mar", "bre"]},
            extras={"twins_built": ["france"]},
        )
        assert not any(
            isinstance(o, Twins) for orders in legal_orders(used, "france").values() for o in orders
        )


class TestTwinsSupportEachOther:
    def test_a_holding_twin_has_the_support_of_the_other(self) -> None:
        position = twins_board({"germany": ["A mun", "A pic"]})
        after = resolve(position, {"germany": ["A mun - bur", "A pic S A mun - bur"]}, seed=1)
        # 2 against Burgundy's 1 and the Ruhr's support: a bounce, not a dislodgement.
        assert where(after.position, "france") == ["bur", "ruh"]
        bounce = result(after.results, "bounced_off")
        assert (bounce.params["strength"], bounce.params["other_strength"]) == ("2", "2")
        # The attack on Burgundy has strength 2: it cuts Burgundy's support of the Ruhr.
        assert given(after.results) == ["A ruh S A bur"]
        assert cut(after.results) == ["A bur S A ruh"]

    def test_twins_holding_together_have_two_supports_each(self) -> None:
        position = twins_board({"germany": ["A mun", "A pic", "A bel"]})
        after = resolve(
            position,
            {
                "france": ["A bur S A ruh", "A ruh S A bur"],
                "germany": ["A mun - bur", "A pic S A mun - bur", "A bel S A mun - bur"],
            },
            seed=1,
        )
        bounce = result(after.results, "bounced_off")
        assert (bounce.params["strength"], bounce.params["other_strength"]) == ("3", "3")
        assert where(after.position, "france") == ["bur", "ruh"]

    def test_a_moving_twin_is_supported_by_the_other(self) -> None:
        position = twins_board({"germany": ["A mun"]})
        after = resolve(position, {"france": ["A bur - mun"]}, seed=1)
        assert [d.unit.location for d in after.position.dislodged] == ["mun"]
        assert given(after.results) == [
            "A bur S A ruh",
            "A ruh S A bur - mun",
        ]

    def test_a_twin_moving_away_still_supports_the_other(self) -> None:
        position = twins_board({"germany": ["A mun"]})
        after = resolve(position, {"france": ["A bur - mun", "A ruh - kie"]}, seed=1)
        assert [d.unit.location for d in after.position.dislodged] == ["mun"]
        assert where(after.position, "france") == ["kie", "mun"]

    def test_a_twin_gives_no_support_where_it_could_not_by_an_order(self) -> None:
        position = twins_board({"england": ["F eng"]})
        after = resolve(position, {"france": ["A bur - par"], "england": ["F eng - bre"]}, seed=1)
        # The Ruhr does not reach Paris: Burgundy's move has no support from it.
        assert given(after.results) == ["A bur S A ruh"]

    def test_an_illegal_order_makes_both_twins_hold(self) -> None:
        position = twins_board({"germany": ["A mun"]})
        after = resolve(position, {"france": ["A bur - mun", "A ruh - lon"]}, seed=1)
        assert where(after.position, "france") == ["bur", "ruh"]
        assert not after.position.dislodged
        assert result(after.results, "twins_hold").params["other"] == "A ruh"
        assert "not_adjacent" in reasons(after.results, "france")
        assert "implicit_support" not in reasons(after.results)

    def test_an_unreadable_order_for_a_twin_makes_both_hold(self) -> None:
        position = twins_board({"germany": ["A mun"]})
        after = resolve(position, {"france": ["A bur - mun", "A ruh - xyz"]}, seed=1)
        assert not after.position.dislodged
        assert "twins_hold" in reasons(after.results, "france")
        assert "unreadable" in reasons(after.results, "france")
        # An order for the wrong kind of unit too.
        wrong = resolve(position, {"france": ["A bur - mun", "F ruh H"]}, seed=1)
        assert not wrong.position.dislodged
        assert "wrong_unit_kind" in reasons(wrong.results, "france")

    def test_a_twins_order_checked_alone_is_judged_as_any(self) -> None:
        position = twins_board({})
        problem = check_order(position, "france", "A ruh - lon")
        assert problem is not None
        assert problem.reason == "not_adjacent"
        assert check_order(position, "france", "A bur - mun") is None
        # An unmatched support is legal: the twins still support each other.
        after = resolve(position, {"france": ["A bur S A mar"]}, seed=1)
        assert "twins_hold" not in reasons(after.results)

    def test_a_twins_order_is_judged_alone_whatever_the_other_twin_orders(self) -> None:
        """Legal alone, legal beside its twin's order: a support of the twin's move (which
        alone would support a unit holding) is no illegal order; a support of a move the
        twin does not make is merely unmatched."""
        position = twins_board({"germany": ["A mun"]})
        after = resolve(position, {"france": ["A bur - mun", "A ruh S A bur - mun"]}, seed=1)
        assert "twins_hold" not in reasons(after.results)
        assert [d.unit.location for d in after.position.dislodged] == ["mun"]
        unmatched = resolve(position, {"france": ["A bur H", "A ruh S A bur - mun"]}, seed=1)
        assert "twins_hold" not in reasons(unmatched.results)

    def test_one_pairs_illegal_order_holds_that_pair_alone(self) -> None:
        """Two powers' twins read together: Germany's illegal order holds Germany's pair;
        France's legal orders stand, and the reason is Germany's own."""
        position = board(
            {"france": ["A bur", "A ruh"], "germany": ["A mun", "A kie"], "italy": ["A tyr"]},
            extras={
                "twins": {"france": ["bur", "ruh"], "germany": ["kie", "mun"]},
                "twins_built": ["france", "germany"],
            },
        )
        after = resolve(
            position,
            {
                "france": ["A bur - bel", "A ruh - hol"],
                "germany": ["A mun - lon", "A kie - den"],
                "italy": ["A tyr H"],
            },
            seed=1,
        )
        assert where(after.position, "france") == ["bel", "hol"]
        assert where(after.position, "germany") == ["kie", "mun"]
        assert set(reasons(after.results, "germany")) >= {"not_adjacent", "twins_hold"}
        assert "twins_hold" not in reasons(after.results, "france")


class TestCuttingTheSupportOfATwin:
    def test_one_attack_cuts_a_twins_support_of_a_third_unit_not_of_its_twin(self) -> None:
        position = twins_board(
            {"france": ["A bel"], "germany": ["A hol", "A kie", "A mun", "A pic"]}
        )
        after = resolve(
            position,
            {
                "france": ["A ruh S A bel - hol", "A bel - hol"],
                "germany": ["A kie - ruh", "A mun - bur", "A pic S A mun - bur"],
            },
            seed=1,
        )
        # The Ruhr keeps its support of Burgundy (Burgundy's of the Ruhr falls to the
        # attack of strength 2 on it).
        assert cut(after.results) == ["A bur S A ruh", "A ruh S A bel - hol"]
        assert given(after.results) == ["A ruh S A bur"]
        assert "hol" in where(after.position, "germany")  # Belgium's move lost its support
        assert where(after.position, "france") == ["bel", "bur", "ruh"]  # 2 against 2

    def test_two_attacks_cut_the_support_of_a_twin(self) -> None:
        position = twins_board({"germany": ["A hol", "A kie", "A mun", "A pic"]})
        after = resolve(
            position,
            {"germany": ["A kie - ruh", "A hol - ruh", "A mun - bur", "A pic S A mun - bur"]},
            seed=1,
        )
        assert cut(after.results) == ["A bur S A ruh", "A ruh S A bur"]
        # Burgundy falls; the two attacks on the Ruhr stand each other off.
        assert [d.unit.location for d in after.position.dislodged] == ["bur"]

    def test_an_attack_of_strength_two_cuts_the_support_of_a_twin(self) -> None:
        position = twins_board({"germany": ["A hol", "A kie", "A mun", "A pic"]})
        after = resolve(
            position,
            {
                "germany": [
                    "A kie - ruh",
                    "A hol S A kie - ruh",
                    "A mun - bur",
                    "A pic S A mun - bur",
                ]
            },
            seed=1,
        )
        assert cut(after.results) == ["A bur S A ruh", "A ruh S A bur"]
        # Each twin is left to its own strength of 1: both are dislodged.
        assert [d.unit.location for d in after.position.dislodged] == ["bur", "ruh"]

    def test_a_devil_units_attack_alone_cuts_the_support_of_a_twin(self) -> None:
        position = twins_board(
            {"germany": ["A kie", "A mun", "A pic"]}, extras={"devils": {"germany kie": 2}}
        )
        after = resolve(
            position,
            {"germany": ["A kie - ruh", "A mun - bur", "A pic S A mun - bur"]},
            seed=1,
        )
        assert cut(after.results) == ["A bur S A ruh", "A ruh S A bur"]
        # Each twin is left to its own strength of 1: both are dislodged.
        assert [d.unit.location for d in after.position.dislodged] == ["bur", "ruh"]

    def test_an_ordered_support_between_twins_also_takes_two_attacks_to_cut(self) -> None:
        position = twins_board({"germany": ["A kie", "A mun", "A pic", "A bel"]})
        after = resolve(
            position,
            {
                "france": ["A ruh S A bur"],
                "germany": [
                    "A kie - ruh",
                    "A mun - bur",
                    "A pic S A mun - bur",
                    "A bel S A mun - bur",
                ],
            },
            seed=1,
        )
        # One attack on the Ruhr cuts neither of its supports: 3 against 3.
        assert cut(after.results) == ["A bur S A ruh"]
        assert given(after.results) == ["A ruh S A bur"]
        assert not after.position.dislodged

    def test_an_attack_from_where_a_twin_supports_the_other_into_does_not_cut_it(self) -> None:
        """A support is never cut by the unit it supports a move against, whatever that
        unit's strength: twins.py's "not from where the support is aimed". Munich attacks
        the Ruhr with strength 2, enough to cut a twin's support, but the Ruhr supports
        Burgundy into Munich, so that support stands and Burgundy dislodges Munich."""
        position = twins_board({"germany": ["A mun", "A kie"]})
        after = resolve(
            position,
            {"france": ["A bur - mun"], "germany": ["A mun - ruh", "A kie S A mun - ruh"]},
            seed=1,
        )
        assert cut(after.results) == []
        assert given(after.results) == ["A bur S A ruh", "A ruh S A bur - mun"]
        dislodged = result(after.results, "dislodged_by")
        assert (dislodged.params["other"], dislodged.params["strength"]) == ("A bur", "2")
        assert [d.unit.location for d in after.position.dislodged] == ["mun"]
        assert where(after.position, "france") == ["mun", "ruh"]

    def test_twins_supports_that_cut_each_other_in_a_circle_stand(self) -> None:
        """Burgundy's support of the Ruhr into Munich is cut only if the Tyrolian attack on
        Burgundy has strength 2, which it has only if Munich's support of it is given,
        which is cut only if the Ruhr's attack has strength 2, thanks to Burgundy: a
        circle both ways. The supports in it stand (house rule); both attacks bounce."""
        position = board(
            {"france": ["A ruh", "A bur"], "germany": ["A tyr", "A mun"]},
            extras={
                "twins": {"france": ["ruh", "bur"], "germany": ["tyr", "mun"]},
                "twins_built": ["france", "germany"],
            },
        )
        after = resolve(position, {"france": ["A ruh - mun"], "germany": ["A tyr - bur"]}, seed=1)
        assert given(after.results) == [
            "A bur S A ruh - mun",
            "A ruh S A bur",
            "A mun S A tyr - bur",
            "A tyr S A mun",
        ]
        bounces = [r for r in after.results if r.reason == "bounced_off"]
        assert [(r.params["strength"], r.params["other_strength"]) for r in bounces] == [
            ("2", "2"),
            ("2", "2"),
        ]
        assert not after.position.dislodged


class TestSeparatedTwinsDie:
    def test_twins_parted_by_the_moves_both_die(self) -> None:
        position = twins_board({})
        after = resolve(position, {"france": ["A ruh - kie"]}, seed=1)
        parted = [r for r in after.results if r.reason == "twins_separated"]
        assert sorted((r.params["unit"], r.params["other"]) for r in parted) == [
            ("A bur", "A kie"),
            ("A kie", "A bur"),
        ]
        assert where(after.position, "france") == []
        assert "twins" not in after.position.extras
        assert list(after.position.extras["twins_built"]) == ["france"]

    def test_twins_that_move_together_live_on(self) -> None:
        position = twins_board({})
        after = resolve(position, {"france": ["A bur - mun", "A ruh - kie"]}, seed=1)
        assert where(after.position, "france") == ["kie", "mun"]
        assert dict(after.position.extras["twins"]) == {"france": ("mun", "kie")}

    def test_a_twin_blown_up_takes_the_other_with_it(self) -> None:
        position = twins_board({}, extras={"llamas": {"france": ["bur"]}})
        after = resolve(position, {"france": ["explode bur"]}, seed=1)
        lost = result(after.results, "twin_lost")
        assert (lost.params["unit"], lost.params["other"]) == ("A ruh", "A bur")
        assert where(after.position, "france") == []

    def test_a_dislodged_twin_is_judged_after_its_retreat(self) -> None:
        position = twins_board({"germany": ["A mun", "A pic", "A kie", "A hol"]})
        after = resolve(
            position,
            {"germany": ["A kie - ruh", "A hol - ruh", "A mun - bur", "A pic S A mun - bur"]},
            seed=1,
        )
        assert [d.unit.location for d in after.position.dislodged] == ["bur"]
        assert dict(after.position.extras["twins"]) == {"france": ("bur", "ruh")}
        # It retreats next to the Ruhr: both live on.
        kept = resolve(after.position, {"france": ["A bur R bel"]}, seed=1)
        assert where(kept.position, "france") == ["bel", "ruh"]
        assert dict(kept.position.extras["twins"]) == {"france": ("bel", "ruh")}
        # It retreats away from the Ruhr: both die.
        away = resolve(after.position, {"france": ["A bur R gas"]}, seed=1)
        assert "twins_separated" in reasons(away.results, "france")
        assert where(away.position, "france") == []
        # No retreat: disbanded, and the Ruhr dies with it.
        gone = resolve(after.position, {}, seed=1)
        assert result(gone.results, "twin_lost").params["unit"] == "A ruh"
        assert where(gone.position, "france") == []

    def test_disbanding_one_twin_disbands_both(self) -> None:
        winter = twins_board(
            {"france": ["A mar", "A par"]}, phase="W1902A", centers={"france": ["mar", "par"]}
        )
        assert rs().adjustment(winter, "france") == -1  # four units, the twins as one: three
        after = resolve(winter, {"france": ["A bur D"]}, seed=1)
        assert result(after.results, "twin_lost").params["unit"] == "A ruh"
        assert where(after.position, "france") == ["mar", "par"]
        assert "twins" not in after.position.extras


class _Sworn(Variant):
    """A made-up variant: Berlin supports Munich in whatever it does, and that support
    takes two attacks to cut."""

    id = "sworn"

    def implicit_supports(
        self, position: Position, orders: Mapping[str, MovementOrder]
    ) -> tuple[tuple[str, str], ...]:
        return (("ber", "mun"),)

    def support_toughness(self, supporter: Unit, supported: Unit, position: Position) -> int:
        return 2 if (supporter.province, supported.province) == ("ber", "mun") else 1


def test_the_hooks_are_the_resolvers_not_rather_sillys() -> None:
    position, _ = position_from_json(
        {
            "variant": "standard",
            "phase": "S1901M",
            "units": {
                "germany": ["A mun", "A ber"],
                "france": ["A bur", "A ruh"],
                "russia": ["A sil", "A pru"],
            },
        }
    )
    orders = {
        "france": ["A bur - mun", "A ruh S A bur - mun"],
        "russia": ["A sil - ber"],
    }
    plain = resolve(position, orders)
    assert [d.unit.location for d in plain.position.dislodged] == ["mun"]
    sworn = resolve(position, orders, variant=_Sworn())
    assert not sworn.position.dislodged  # one attack on Berlin does not cut it: 2 against 2
    assert given(sworn.results) == ["A ber S A mun"]
    both = {**orders, "russia": ["A sil - ber", "A pru - ber"]}
    cut_twice = resolve(position, both, variant=_Sworn())
    assert cut(cut_twice.results) == ["A ber S A mun"]
    assert [d.unit.location for d in cut_twice.position.dislodged] == ["mun"]


def test_other_variants_give_no_implicit_support_and_cut_supports_with_one_attack() -> None:
    standard = Variant()
    position = standard.initial_position()
    assert standard.implicit_supports(position, {}) == ()
    unit = position.units[0]
    assert standard.support_toughness(unit, position.units[1], position) == 1


def test_a_flock_built_takes_the_build_the_twins_would_need() -> None:
    """A flock of birds is built instead of a unit: it takes a build, so with one build
    left France cannot have both the flock and the twins."""
    position, _ = position_from_json(
        {
            "variant": "rather_silly",
            "phase": "W1902A",
            "units": {"france": ["A mar", "A pic", "A bur"]},
            "centers": {"france": ["par", "mar", "bre", "spa"]},
            "extras": {"llamas": {}, "borg": "syr"},
        }
    )
    after = resolve(position, {"france": ["birds par", "twins A bre F gas"]}, seed=1)
    codes = [r.reason.value for r in after.results if r.reason is not None]
    assert "birds_built" in codes
    assert "twins_no_build" in codes


# -- the twins' orders read in one pass, as each alone ----------------------------------------

from hypothesis import given as given_examples  # noqa: E402
from hypothesis import settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from adjudicator.orders import Convoy, Hold, Move, Order, Support, UnitRef  # noqa: E402
from adjudicator.resolution import resolve_movement  # noqa: E402
from adjudicator.results import OrderResult, Outcome, Reason  # noqa: E402
from adjudicator.variants.rather_silly import twins as twins_module  # noqa: E402

#: Where each power's twins may stand, next to each other, and the units around them.
PAIRS = {
    "france": ("bur", "ruh"),
    "germany": ("kie", "ber"),
    "italy": ("ven", "tyr"),
    "england": ("lon", "nth"),
}
OTHERS = {"austria": ["A vie", "A boh"], "russia": ["A war", "A sil"], "turkey": ["F aeg"]}


def _one_at_a_time(variant: Variant, position: Position, unit: Unit, order: Order) -> Any:
    """The verdict on one twin's order by resolving the season with that order alone (as
    check_order's full path does): the reference the one-pass reading is held to."""
    alone = resolve_movement(position, variant, {unit.province: order})  # type: ignore[dict-item]
    result: OrderResult = alone.results[position.units.index(unit)]
    if result.outcome is Outcome.OK or result.reason in twins_module._MATCHING:
        return None
    if (
        result.outcome in (Outcome.VOID, Outcome.ILLEGAL)
        or result.reason is Reason.NO_POSSIBLE_CONVOY
    ):
        return result
    return None


@st.composite
def twins_and_orders(draw: Any) -> tuple[Position, dict[str, list[Order]]]:
    powers = draw(st.lists(st.sampled_from(sorted(PAIRS)), min_size=1, max_size=4, unique=True))
    # England's pair an army and a fleet at sea, which may convoy it.
    units = {p: [f"A {a}", f"{'F' if b == 'nth' else 'A'} {b}"] for p, (a, b) in PAIRS.items()}
    units = {p: units[p] for p in powers}
    position = board(
        {**units, **OTHERS},
        extras={"twins": {p: list(PAIRS[p]) for p in powers}, "twins_built": sorted(powers)},
    )
    provinces = sorted({u.province for u in position.units} | {"mun", "par", "lon", "hol", "bel"})
    orders: dict[str, list[Order]] = {}
    for power in powers:
        for location in PAIRS[power]:
            standing = next(u for u in position.units if u.location == location)
            unit = UnitRef(standing.kind, location)
            kind = draw(st.sampled_from(["hold", "move", "support", "support_move", "convoy"]))
            there = draw(st.sampled_from(provinces))
            other = draw(st.sampled_from([u for u in position.units if u.location != location]))
            ref = UnitRef(other.kind, other.location)
            order: Order = {
                "hold": Hold(unit),
                "move": Move(unit, there),
                "support": Support(unit, ref, None),
                "support_move": Support(unit, ref, there),
                "convoy": Convoy(unit, ref, there),
            }[kind]
            orders.setdefault(power, []).append(order)
    return position, orders


@settings(max_examples=120, deadline=None)
@given_examples(twins_and_orders())
def test_every_twins_order_read_in_one_pass_is_judged_as_alone(
    case: tuple[Position, dict[str, list[Order]]],
) -> None:
    position, orders = case
    variant = rs()
    held, results = twins_module.twins_held(variant, position, dict(orders))  # type: ignore[arg-type]
    expected_held: set[str] = set()
    for power, given_orders in orders.items():
        verdicts = []
        for order in given_orders:
            unit = next(u for u in position.units if u.location == order.unit.location)
            verdicts.append(_one_at_a_time(variant, position, unit, order))
        if any(v is not None for v in verdicts):
            expected_held.add(power)
            for v in verdicts:
                if v is not None:
                    assert v in results
    # A pair whose orders stand gives no result here; one held, a result for each order.
    assert {r.power for r in results} == expected_held
    assert {p for p, kept in held.items() if kept != orders.get(p)} == expected_held
