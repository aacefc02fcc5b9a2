"""Rather Silly in the adjudicator, part 1 (issue 15): each house rule on the rules page and
each step of the season ("Spielablauf") as a named scenario, a whole season where the Borg,
a monster and the llamas act in the same phase, and a stored season replayed from its seed
to the same bytes. ../shared/rules/rather-silly.de.txt is the authority."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

import pytest

from adjudicator import Outcome, Position, check_order, legal_orders, resolve, start
from adjudicator.board import FrozenMap, PhaseKind, Unit, UnitKind, province_of
from adjudicator.io import position_from_json, position_to_json
from adjudicator.legal import expand_legal, legal_orders_compact
from adjudicator.orders import Convoy, Move, Order, Retreat, Support
from adjudicator.variants import Variant
from adjudicator.variants.rather_silly import MONSTER, SEASON_STEPS
from adjudicator.variants.rather_silly import rules as rules_module
from adjudicator.variants.rather_silly.creatures import amphibious, units_around
from adjudicator.wording import explain, question_words
from tests.adjudicator.rather_silly import board, reasons, result, rs


class TestTheSeasonsOrder:
    def test_the_steps_are_named_in_the_rules_order(self) -> None:
        """The list the variant runs after the core's moves is the rules' "Spielablauf":
        1 (birds, TARDIS, fifth fleets), 2 merges, 3 exorcisms and devils, 4 souls, 5 the
        Borg, 6 the llamas, then the losses they cause, 10 the Superbrain, 11 the link."""
        assert [name for name, _ in SEASON_STEPS] == [
            "marks_follow_moves",
            "birds_fly",
            "tardis_travels",
            "fifth_fleets_attacked",
            "fortune_teller_merges",
            "exorcisms",
            "devil_units_normalise",
            "souls_sold",
            "borg",
            "llamas_explode",
            "devils_lost",
            "twins_parted",
            "marks_of_the_gone_dropped",
            "superbrain_answers",
            "extra_units",
            "fool_spends",
            "hyperspace_link",
        ]

    def test_the_season_runs_the_listed_steps_and_nothing_else(
        self, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """steps_after_moves runs the list, in its order: with the list changed, what runs
        changes (the list is the code, not a description of it)."""
        ran: list[str] = []

        def recorded(name: str, step: Any) -> Any:
            def run(season: Any) -> Any:
                ran.append(name)
                return step(season)

            return run

        steps = tuple((name, recorded(name, step)) for name, step in SEASON_STEPS)
        monkeypatch.setitem(rules_module._STEPS, PhaseKind.MOVEMENT, steps)
        position = board(
            {"austria": ["A boh"], "germany": ["A hol"]},
            extras={"borg": "sil", "llamas": {"austria": ["boh"]}},
        )
        resolve(position, {"austria": ["explode boh"]}, seed=1)
        assert ran == [name for name, _ in SEASON_STEPS]
        ran.clear()
        reversed_steps = tuple(reversed(steps))
        monkeypatch.setitem(rules_module._STEPS, PhaseKind.MOVEMENT, reversed_steps)
        resolve(position, {"austria": ["explode boh"]}, seed=1)
        assert ran == [name for name, _ in reversed(SEASON_STEPS)]

    def test_the_borg_eats_before_the_llamas_explode(self) -> None:
        """Step 5 before step 6: the Borg eats the unit in Bohemia, so the herd there
        blows up nothing."""
        position = board(
            {"austria": ["A boh"], "germany": ["A hol"]},
            extras={"borg": "sil", "llamas": {"austria": ["boh"]}},
        )
        after = resolve(position, {"austria": ["explode boh"]}, seed=1)
        codes = reasons(after.results)
        assert "borg_ate" in codes
        assert "llamas_exploded" in codes
        assert "blown_up_by_llamas" not in codes
        ate = result(after.results, "borg_ate")
        assert (ate.params["unit"], ate.params["owner"]) == ("A boh", "austria")


class TestTheLlamasWinter:
    def test_each_great_power_settles_three_herds_never_in_a_center(self) -> None:
        after = resolve(
            start(rs(), {}),
            {
                "england": ["herd nth", "herd yor", "herd yor", "herd wal"],
                "france": ["herd par", "herd gas"],
            },
            seed=3,
        )
        herds = after.position.extras["llamas"]
        # Two herds may share a province; a fourth is refused; Paris is a center.
        assert list(herds["england"]) == ["nth", "yor", "yor"]
        assert list(herds["france"]) == ["gas"]
        assert "herd_too_many" in reasons(after.results, "england")
        assert "herd_on_center" in reasons(after.results, "france")
        assert "germany" not in herds  # no orders, no herds
        assert str(after.position.phase) == "S1901M"

    def test_the_winters_votes_pick_the_link_of_spring_1901(self) -> None:
        after = resolve(
            start(rs(), {}),
            {
                "england": ["vote lon - par"],
                "france": ["vote par - lon"],
                "italy": ["vote rom - tun"],
            },
            seed=3,
        )
        chosen = result(after.results, "hyperspace_link")
        assert dict(chosen.params) == {
            "season": "S1901",
            "source": "lon",
            "dest": "par",
            "votes": "2",
        }
        assert list(after.position.extras["hyperspace"]["now"]["link"]) == ["lon", "par"]


class TestTheMontBlancTunnel:
    def test_the_five_provinces_around_switzerland_are_joined_for_armies(self) -> None:
        position = board({"germany": ["A mun"], "france": ["A bur"]})
        after = resolve(position, {"germany": ["A mun - mar"], "france": ["A bur - tyr"]}, seed=1)
        units = {str(u) for u in after.position.units}
        assert any("A mar" in u for u in units)
        assert any("A tyr" in u for u in units)

    def test_a_fleet_does_not_pass_and_it_joins_only_the_five(self) -> None:
        position = board({"france": ["F mar"], "germany": ["A ber"]})
        after = resolve(position, {"france": ["F mar - tyr"], "germany": ["A ber - tyr"]}, seed=1)
        outcomes = {str(r.order): r.outcome for r in after.results if r.power != "borg"}
        assert outcomes["F mar - tyr"] is not Outcome.OK
        assert outcomes["A ber - tyr"] is not Outcome.OK
        assert {(u.power, u.location) for u in after.position.units} >= {
            ("france", "mar"),
            ("germany", "ber"),
        }

    def test_moves_through_it_bounce_only_on_a_swap_or_a_common_target(self) -> None:
        position = board({"germany": ["A mun"], "italy": ["A pie"], "france": ["A bur"]})
        swap = resolve(position, {"germany": ["A mun - pie"], "italy": ["A pie - mun"]}, seed=1)
        assert [
            r.outcome for r in swap.results if str(r.order) in ("A mun - pie", "A pie - mun")
        ] == [
            Outcome.BOUNCE,
            Outcome.BOUNCE,
        ]
        common = resolve(position, {"germany": ["A mun - mar"], "france": ["A bur - mar"]}, seed=1)
        assert {r.outcome for r in common.results if str(r.order).endswith("- mar")} == {
            Outcome.BOUNCE
        }
        # Crossing paths through the tunnel do not meet: each arrives.
        crossing = resolve(
            position,
            {"germany": ["A mun - mar"], "italy": ["A pie - bur"], "france": ["A bur - tyr"]},
            seed=1,
        )
        assert {r.outcome for r in crossing.results if " - " in str(r.order)} == {Outcome.OK}

    def test_supports_are_given_and_cut_through_it(self) -> None:
        position = board({"france": ["A mar", "A bur"], "germany": ["A tyr"], "italy": ["A pie"]})
        given = resolve(position, {"france": ["A bur - tyr", "A mar S A bur - tyr"]}, seed=1)
        assert any(u.location == "tyr" and u.power == "france" for u in given.position.units)
        cut = resolve(
            position,
            {"france": ["A bur - tyr", "A mar S A bur - tyr"], "italy": ["A pie - mar"]},
            seed=1,
        )
        assert not any(u.location == "tyr" and u.power == "france" for u in cut.position.units)


class TestOnlyConventionalArmiesPassTheTunnel:
    """ "Er ist aber nur für konventionelle Armeen und den BORG passierbar" (house rule on
    the rules page: which special armies are conventional)."""

    @pytest.mark.parametrize(
        ("power", "kind"),
        [
            ("france", "amazon"),
            ("france", "dirtbag"),
            ("france", "extra"),  # bought with the Superbrain's shares
            ("fortune_teller", None),
            ("superbrain", None),
        ],
    )
    def test_a_special_army_does_not_pass_with_a_reason_of_its_own(
        self, power: str, kind: str | None
    ) -> None:
        extras = {"kinds": {f"{power} mar": kind}} if kind else {}
        position = board({power: ["A mar"]}, extras=extras)
        check = check_order(position, power, "A mar - mun")
        assert check is not None
        assert check.reason.value == "tunnel_conventional_only"
        assert "A mar - mun" not in {str(o) for o in legal_orders(position, power)["mar"]}
        after = resolve(position, {power: ["A mar - mun"]}, seed=1)
        refused = result(after.results, "tunnel_conventional_only")
        assert refused.outcome is Outcome.VOID
        assert dict(refused.params) == {"unit": "A mar", "dest": "mun"}
        assert not any(u.location == "mun" for u in after.position.units)

    def test_a_space_monster_does_not_pass_either(self) -> None:
        # Nobody orders the monsters; the variant never sends one through, and the core
        # would refuse it if it did.
        position = board({MONSTER: ["A tyr"]}, extras={"borg": "syr"})
        unit = position.unit_in("tyr")
        assert unit is not None
        assert rs().closed_passages(unit, position) is not None
        for seed in range(20):
            moves = rs().standing_orders(position, seed).get(MONSTER, [])
            assert not any(m.endswith(("- bur", "- mar")) for m in moves)

    def test_nor_does_it_support_through_it(self) -> None:
        position = board(
            {"france": ["A mar", "A bur"], "germany": ["A mun"]},
            extras={"kinds": {"france mar": "dirtbag"}},  # an Amazon supports nothing at all
        )
        after = resolve(position, {"france": ["A mar S A bur - mun", "A bur - mun"]}, seed=1)
        assert result(after.results, "tunnel_conventional_only").params["dest"] == "mun"

    def test_nor_retreat_through_it(self) -> None:
        position = board(
            {"austria": ["A tyr"], "italy": ["A ven"]},
            phase="S1902R",
            extras={"kinds": {"france mar": "dirtbag"}},
            dislodged={"france": [{"unit": "A mar", "attacker_from": "gas"}]},
        )
        assert "A mar R mun" not in {str(o) for o in legal_orders(position, "france")["mar"]}
        after = resolve(position, {"france": ["A mar R mun"]}, seed=1)
        assert result(after.results, "tunnel_conventional_only").outcome is Outcome.VOID

    @pytest.mark.parametrize(
        "extras",
        [
            {},  # a great power's own army
            {"devils": {"france mar": 2}},  # a devil army sold its soul: still conventional
        ],
    )
    def test_a_conventional_army_passes(self, extras: dict[str, Any]) -> None:
        position = board({"france": ["A mar"]}, extras=extras)
        assert check_order(position, "france", "A mar - mun") is None
        after = resolve(position, {"france": ["A mar - mun"]}, seed=1)
        assert any(u.power == "france" and u.location == "mun" for u in after.position.units)

    def test_the_link_stays_open_to_a_special_army(self) -> None:
        position = board(
            {"france": ["A mar"]},
            extras={
                "kinds": {"france mar": "amazon"},
                "hyperspace": {"now": {"season": "S1902", "link": ["mar", "mun"]}},
            },
        )
        after = resolve(position, {"france": ["A mar - mun"]}, seed=1)
        assert any(u.power == "france" and u.location == "mun" for u in after.position.units)


class TestTheBorg:
    def test_it_appears_after_spring_1901_on_the_unit_with_most_units_around(self) -> None:
        position = start(rs(), {})  # no Borg yet
        spring = resolve(position, {}, seed=2).position
        after = resolve(spring, {}, seed=11)
        appeared = result(after.results, "borg_appeared")
        where = appeared.params["province"]
        graph = amphibious(rs().geography(spring))
        occupied = {u.province for u in spring.units}
        best = max(units_around(graph, p, occupied - {p}) for p in occupied)
        assert units_around(graph, where, occupied - {where}) == best
        assert after.position.extras["borg"] == where
        assert not any(u.province == where for u in after.position.units)  # eaten

    def test_a_tie_is_broken_by_the_units_further_out_then_by_lot_recorded(self) -> None:
        # Two lone armies, far apart and alike: level at every distance, so drawn.
        position = board(
            {"turkey": ["A syr"], "england": ["A lvp"]}, phase="S1901M", extras={"borg": None}
        )
        first = resolve(position, {}, seed=1)
        step = next(r for r in first.results if r.power == "borg")
        assert step.reason.value == "borg_drawn"
        again = resolve(position, {}, seed=1)
        assert again.position.extras["borg"] == first.position.extras["borg"]
        # Bohemia's army has three units next to it, the others one each: it wins outright.
        position = board(
            {"austria": ["A boh", "A vie", "A gal"], "germany": ["A mun"]},
            phase="S1901M",
            extras={"borg": None},
        )
        won = resolve(position, {}, seed=1)
        assert [r.reason.value for r in won.results if r.power == "borg"] == ["borg_appeared"]
        assert won.position.extras["borg"] == "boh"

    def test_it_eats_the_adjacent_unit_with_most_neighbours(self) -> None:
        position = board(
            {"austria": ["A boh", "A vie", "A gal"], "germany": ["A sil"]},
            extras={"borg": "mun"},
        )
        after = resolve(position, {}, seed=1)
        # Adjacent to Munich: Bohemia and Silesia; Bohemia has more units around.
        assert after.position.extras["borg"] == "boh"
        assert result(after.results, "borg_ate").params["unit"] == "A boh"

    def test_with_nothing_near_it_moves_one_step_toward_the_best_meal(self) -> None:
        position = board({"russia": ["A mos", "A war", "A ukr"]}, extras={"borg": "por"})
        after = resolve(position, {}, seed=1)
        assert after.position.extras["borg"] in {"spa", "mao"}
        assert result(after.results, "borg_moved")
        assert len(after.position.units_of("russia")) == 3

    def test_a_unit_that_moves_into_its_province_is_eaten_and_it_stays(self) -> None:
        position = board({"germany": ["A mun"], "russia": ["A war"]}, extras={"borg": "boh"})
        after = resolve(position, {"germany": ["A mun - boh"]}, seed=1)
        assert result(after.results, "borg_stayed").params["province"] == "boh"
        assert result(after.results, "borg_ate").params["unit"] == "A boh"
        assert after.position.extras["borg"] == "boh"

    def test_it_uses_the_tunnel(self) -> None:
        position = board({"france": ["A mar"]}, extras={"borg": "mun"})
        after = resolve(position, {}, seed=1)
        assert after.position.extras["borg"] == "mar"  # Munich to Marseilles: the tunnel
        assert result(after.results, "borg_ate").params["unit"] == "A mar"

    def test_sea_and_space_monsters_do_not_draw_it(self) -> None:
        # "wird durch SEEMONSTER und WELTRAUM-MONSTER nicht angelockt": from Tyrolia, a
        # space monster in Vienna with two units around it would be the better meal by
        # the count, but the Borg goes for Venice's lone army.
        position = board(
            {MONSTER: ["A vie"], "austria": ["A bud", "A gal"], "italy": ["A ven"]},
            extras={"borg": "tyr"},
        )
        after = resolve(position, {}, seed=1)
        assert after.position.extras["borg"] == "ven"
        assert result(after.results, "borg_ate").params["unit"] == "A ven"
        assert any(u.power == MONSTER and u.location == "vie" for u in after.position.units)

    def test_monsters_do_not_draw_it_where_it_appears_nor_count_around_a_meal(self) -> None:
        # Three monsters around Bohemia's army would make it the meal with most units
        # around; they do not count, so the Borg appears on the army with a real
        # neighbour.
        position = board(
            {
                MONSTER: ["A sil", "A gal", "A vie"],
                "austria": ["A boh"],
                "russia": ["A mos", "A stp"],
            },
            phase="S1901M",
            extras={"borg": None},
        )
        after = resolve(position, {}, seed=1)
        assert after.position.extras["borg"] in {"mos", "stp"}
        assert result(after.results, "borg_appeared")

    def test_with_only_monsters_on_the_board_it_stays_where_it_is(self) -> None:
        # Monsters on centers hold; Marseilles' is next to it through the tunnel.
        position = board({MONSTER: ["A mar", "F bre"]}, extras={"borg": "mun"})
        after = resolve(position, {}, seed=1)
        assert after.position.extras["borg"] == "mun"
        assert not [r for r in after.results if r.power == "borg"]
        assert {u.location for u in after.position.units} >= {"mar", "bre"}

    def test_it_eats_a_monster_whose_path_it_crosses(self) -> None:
        # "verschmähen würde er sie aber auch nicht, wenn sie mal seinen Weg kreuzen": from
        # Picardy its best step toward Holland's army is Belgium, where a monster holds its
        # center; the Borg steps there all the same and eats it.
        position = board({MONSTER: ["A bel"], "germany": ["A hol"]}, extras={"borg": "pic"})
        after = resolve(position, {}, seed=1)
        assert after.position.extras["borg"] == "bel"
        ate = result(after.results, "borg_ate")
        assert (ate.params["owner"], ate.params["unit"]) == (MONSTER, "A bel")
        assert any(u.location == "hol" for u in after.position.units)

    def test_it_eats_a_monster_that_walks_into_its_province(self) -> None:
        # With nothing that draws it around, it stays; a monster stepping in is eaten.
        # Syria's only neighbouring center is Smyrna, where the Borg is.
        position = board({MONSTER: ["A syr"], "russia": ["A mos"]}, extras={"borg": "smy"})
        standing = rs().standing_orders(position, 1)
        assert list(standing[MONSTER]) == ["A syr - smy"]  # the monster goes for the center
        after = resolve(position, {}, seed=1)
        assert result(after.results, "borg_stayed").params["province"] == "smy"
        assert result(after.results, "borg_ate").params["owner"] == MONSTER

    def test_a_center_under_it_at_the_adjustments_turns_neutral(self) -> None:
        # Kiel's army walks into the Borg in Munich: eaten, the Borg stays, and Munich is
        # nobody's when the fall's centers change hands.
        position = board(
            {"germany": ["A ber", "A kie"]},
            phase="F1902M",
            extras={"borg": "mun"},
            centers={"germany": ["mun", "ber", "kie"]},
        )
        after = resolve(
            position, {"germany": ["A kie - mun"]}, seed=1
        )  # a fall: centers change hands
        assert after.position.extras["borg"] == "mun"
        assert "mun" not in after.position.ownership
        assert after.position.ownership["ber"] == "germany"
        assert result(after.results, "borg_neutralised").params["province"] == "mun"


class TestMonsters:
    def test_a_sea_monster_appears_as_the_fall_opens_on_a_free_sea_or_coast(self) -> None:
        spring = board({"england": ["F lon"]}, phase="S1901M", extras={"borg": "stp"})
        after = resolve(spring, {}, seed=21)
        appeared = result(after.results, "sea_monster_appeared")
        site = appeared.params["location"]
        game_map = rs().map
        assert game_map.province(site).terrain.value in ("sea", "coast")
        monster = [u for u in after.position.units if u.power == MONSTER]
        assert [(u.kind.value, u.location) for u in monster] == [("F", site)]

    def test_a_space_monster_lands_after_the_falls_retreats_on_free_land(self) -> None:
        fall = board({"england": ["F lon"]}, phase="F1901M", extras={"borg": "stp"})
        after = resolve(fall, {}, seed=21)
        landed = result(after.results, "space_monster_appeared")
        assert rs().map.province(landed.params["location"]).is_land
        assert list(after.position.extras["space_monsters"]) == [1901]
        # Once a year: the spring that follows lands none again.
        spring = resolve(after.position, {}, seed=22)
        assert "space_monster_appeared" not in reasons(spring.results)

    def test_monsters_have_strength_two(self) -> None:
        # A monster fleet holds Holland (a center: it never leaves it). One support is not
        # enough against its strength of 2; two are.
        position = board({MONSTER: ["F hol"], "germany": ["A kie", "A ruh", "A bel"]})
        held = resolve(position, {"germany": ["A kie - hol", "A ruh S A kie - hol"]}, seed=1)
        assert any(u.power == MONSTER and u.location == "hol" for u in held.position.units)
        taken = resolve(
            position,
            {"germany": ["A kie - hol", "A ruh S A kie - hol", "A bel S A kie - hol"]},
            seed=1,
        )
        assert any(u.power == "germany" and u.location == "hol" for u in taken.position.units)
        assert [d.unit.power for d in taken.position.dislodged] == [MONSTER]

    def test_a_dislodged_monster_retreats_by_the_rules_choice_and_a_space_monster_at_sea_dies(
        self,
    ) -> None:
        position = board({MONSTER: ["F hol"], "germany": ["A kie", "A ruh", "A bel"]})
        taken = resolve(
            position,
            {"germany": ["A kie - hol", "A ruh S A kie - hol", "A bel S A kie - hol"]},
            seed=1,
        ).position
        assert str(taken.phase) == "S1902R"
        retreated = resolve(taken, {}, seed=2)
        [order] = [r for r in retreated.results if str(r.order).startswith("F hol")]
        assert str(order.order).startswith("F hol R ")
        assert order.outcome is Outcome.OK
        # A space monster (an army) driven out of Holland with no land to go to: none is
        # free (Belgium, Kiel and the Ruhr are taken), so it dies.
        position = board({MONSTER: ["A hol"], "germany": ["A kie", "A ruh", "A bel"]})
        gone = resolve(
            position,
            {"germany": ["A kie - hol", "A ruh S A kie - hol", "A bel S A kie - hol"]},
            seed=1,
        )
        assert gone.position.dislodged == ()
        assert not any(u.power == MONSTER and u.kind.value == "A" for u in gone.position.units)
        assert result(gone.results, "destroyed").power == MONSTER

    def test_a_monster_goes_for_an_empty_center_first(self) -> None:
        position = board({MONSTER: ["F nth"], "england": ["F lon", "A yor"], "germany": ["F hol"]})
        after = resolve(position, {}, seed=1)
        [order] = [r for r in after.results if str(r.order).startswith("F nth")]
        # From the North Sea: Norway, Denmark, Belgium and Edinburgh are empty centers.
        assert str(order.order).split(" - ")[1] in {"nwy", "den", "bel", "edi"}

    def test_a_monster_on_a_center_never_leaves_it(self) -> None:
        position = board({MONSTER: ["A bud"]})
        after = resolve(position, {}, seed=1)
        [order] = [r for r in after.results if str(r.order).startswith("A bud")]
        assert str(order.order) == "A bud H"

    def test_nobody_but_the_variant_orders_the_monsters(self) -> None:
        position = board({MONSTER: ["A bud"]})
        after = resolve(position, {MONSTER: ["A bud - vie"]}, seed=1)
        assert any(u.power == MONSTER and u.location == "bud" for u in after.position.units)
        assert MONSTER not in rs().orders_due(position)


class TestTheLlamasExplode:
    def test_an_explode_order_destroys_every_unit_there_and_uses_the_herd(self) -> None:
        position = board(
            {"austria": ["A vie"], "russia": ["A gal"], "germany": ["A mun"]},
            extras={"llamas": {"austria": ["boh", "boh"]}},
        )
        after = resolve(
            position,
            {"russia": ["A gal - boh"], "germany": ["A mun - boh"], "austria": ["explode boh"]},
            seed=1,
        )
        # Both moves bounce: the armies stay home; Bohemia is empty, so nothing is blown up.
        assert "blown_up_by_llamas" not in reasons(after.results)
        assert list(after.position.extras["llamas"]["austria"]) == ["boh"]
        position = board(
            {"austria": ["A vie"], "russia": ["A gal"]},
            extras={"llamas": {"austria": ["boh"]}},
        )
        after = resolve(position, {"russia": ["A gal - boh"], "austria": ["explode boh"]}, seed=1)
        blown = result(after.results, "blown_up_by_llamas")
        assert (blown.params["unit"], blown.params["owner"]) == ("A boh", "russia")
        assert not any(u.power == "russia" for u in after.position.units)
        assert "austria" not in after.position.extras["llamas"]

    def test_without_a_herd_there_the_order_is_void(self) -> None:
        position = board({"austria": ["A vie"]})
        after = resolve(position, {"austria": ["explode boh"]}, seed=1)
        void = result(after.results, "herd_none")
        assert void.outcome is Outcome.VOID


class TestTheHyperspaceLink:
    def test_the_votes_pick_the_next_seasons_link_and_it_holds_for_that_season_only(
        self,
    ) -> None:
        spring = board(
            {"england": ["A lon"], "italy": ["A rom"]}, phase="S1901M", extras={"borg": "stp"}
        )
        voted = resolve(
            spring, {"england": ["A lon H", "vote lon - tun"], "italy": ["vote tun - lon"]}, seed=1
        )
        assert dict(result(voted.results, "hyperspace_link").params)["season"] == "F1901"
        fall = voted.position
        moved = resolve(fall, {"england": ["A lon - tun"]}, seed=2)
        assert any(u.power == "england" and u.location == "tun" for u in moved.position.units)
        # In the next season the link is gone.
        later = board(
            {"england": ["A lon"]},
            phase="S1902M",
            extras={
                "borg": "stp",
                "hyperspace": {"now": {"season": "F1901", "link": ["lon", "tun"]}},
            },
        )
        stuck = resolve(later, {"england": ["A lon - tun"]}, seed=3)
        assert any(u.power == "england" and u.location == "lon" for u in stuck.position.units)

    def test_a_tie_is_drawn_by_lot_and_said_so(self) -> None:
        spring = board({"england": ["A lon"]}, phase="S1901M", extras={"borg": "stp"})
        after = resolve(
            spring, {"england": ["vote lon - tun"], "italy": ["vote rom - nwy"]}, seed=4
        )
        drawn = result(after.results, "hyperspace_link_drawn")
        assert drawn.params["votes"] == "1"

    def test_a_link_no_unit_could_pass_is_void(self) -> None:
        spring = board({"england": ["A lon"]}, phase="S1901M", extras={"borg": "stp"})
        after = resolve(spring, {"england": ["vote nth - mos"]}, seed=4)
        assert result(after.results, "link_nowhere").outcome is Outcome.VOID
        assert "no_hyperspace_link" in reasons(after.results)


class TestTheWholeSeason:
    def test_the_borg_a_monster_and_the_llamas_act_in_one_phase(self) -> None:
        position = board(
            {
                MONSTER: ["F nth"],
                "austria": ["A vie", "A bud"],
                "russia": ["A war"],
                "germany": ["A mun"],
            },
            extras={"borg": "sil", "llamas": {"germany": ["tyr"]}},
        )
        after = resolve(
            position,
            {"germany": ["A mun - tyr", "explode tyr"], "austria": ["A vie H"]},
            seed=9,
        )
        codes = reasons(after.results)
        assert "borg_ate" in codes or "borg_moved" in codes
        assert "blown_up_by_llamas" in codes  # the German army that went to Tyrolia
        assert any(r.power == MONSTER for r in after.results)
        assert not any(u.location == "tyr" for u in after.position.units)

    def test_a_stored_season_replays_from_its_seed_to_the_same_bytes(self) -> None:
        position = start(rs(), {})
        orders = {"england": ["herd nth", "vote lon - par"], "france": ["vote par - lon"]}
        seasons: list[str] = []
        for n in range(8):
            first = resolve(position, orders, seed=100 + n)
            second = resolve(
                position_from_json(position_to_json(position))[0], orders, seed=100 + n
            )
            one = json.dumps(
                [position_to_json(first.position), [str(r) for r in first.results]], sort_keys=True
            )
            two = json.dumps(
                [position_to_json(second.position), [str(r) for r in second.results]],
                sort_keys=True,
            )
            assert one == two
            seasons.append(str(position.phase))
            position = first.position
            orders = {}
        assert seasons[:3] == ["W1900L", "S1901M", "F1901M"]


class TestTheStandardRulesUnderTheVariant:
    """The rulebook's rules the variant keeps, through its hooks into the core."""

    def test_a_convoyed_army_and_one_walking_the_other_way_swap_places(self) -> None:
        """Only two moves over land into each other's provinces meet head to head: an army
        carried by sea passes the one that walks the other way, and both arrive (2000
        rulebook, convoys; DATC 6.G). Either unit taken for a head-to-head would bounce
        both, 1 against 1."""
        position = board({"france": ["A mar", "F lyo"], "italy": ["A pie"]})
        after = resolve(
            position,
            {"france": ["A mar - pie", "F lyo C A mar - pie"], "italy": ["A pie - mar"]},
            seed=1,
        )
        outcomes = {str(r.order): r.outcome for r in after.results if " - " in str(r.order)}
        assert outcomes == {
            "A mar - pie": Outcome.OK,
            "F lyo C A mar - pie": Outcome.OK,
            "A pie - mar": Outcome.OK,
        }
        assert {(u.power, u.location) for u in after.position.units} >= {
            ("france", "pie"),
            ("italy", "mar"),
        }


class TestIcelandAndCrete:
    """The rules' build-only islands: "Island grenzt an NAO & NWG, Kreta an ION, AEG &
    EAS"; no other unit may enter them (the Superbrain builds there, part 2)."""

    def test_they_join_the_map_next_to_the_seas_the_rules_name(self) -> None:
        game_map = rs().map
        assert game_map.closed == {"ice", "cre"}
        assert game_map.fleet_province_neighbours("ice") == {"nao", "nwg"}
        assert game_map.fleet_province_neighbours("cre") == {"ion", "aeg", "eas"}
        assert not game_map.provinces["ice"].supply_center
        assert game_map.lookup("Iceland") == "ice"
        assert game_map.lookup("Kreta") == "cre"

    def test_no_unit_moves_or_retreats_into_them_but_one_there_may_leave(self) -> None:
        from adjudicator import legal_orders

        position = board({"england": ["F nao", "F ice"], "turkey": ["F aeg"]})
        after = resolve(
            position, {"england": ["F nao - ice", "F ice - nwg"], "turkey": ["F aeg - cre"]}, seed=1
        )
        outcomes = {str(r.order): r for r in after.results if r.power in ("england", "turkey")}
        assert outcomes["F nao - ice"].reason.value == "cannot_enter"
        assert outcomes["F aeg - cre"].reason.value == "cannot_enter"
        assert outcomes["F ice - nwg"].outcome is Outcome.OK
        legal = {str(o) for o in legal_orders(position, "england")["nao"]}
        assert "F nao - ice" not in legal
        assert "F nao - nwg" in legal
        # A fleet driven from the Norwegian Sea never retreats to Iceland.
        position = board({"england": ["F nwg"], "russia": ["F nwy", "F bar"]})
        driven = resolve(position, {"russia": ["F nwy - nwg", "F bar S F nwy - nwg"]}, seed=1)
        [dislodged] = driven.position.dislodged
        assert "ice" not in dislodged.retreats

    def test_the_borg_and_the_monsters_stay_off_them_and_no_link_reaches_them(self) -> None:
        graph = amphibious(rs().map)
        assert "ice" not in graph
        assert "ice" not in graph["nao"]
        spring = board({"england": ["A lon"]}, phase="S1901M")
        after = resolve(spring, {"england": ["vote ice - lon"]}, seed=4)
        assert result(after.results, "link_nowhere").outcome is Outcome.VOID

    # The islands are closed to every unit but the Superbrain's, built there: no order
    # may lead into them. A player's order form and the bots are offered what
    # ``legal_orders`` lists, so it must list nothing the resolver refuses there.

    #: Armies on shores of Crete's and Iceland's seas, fleets at sea to carry them, a
    #: fleet next to each island, the Superbrain's army in Crete.
    AROUND = {
        "italy": ["A apu", "F ion"],
        "turkey": ["A gre", "F aeg", "F eas"],
        "england": ["A cly", "F nao", "F nwg"],
        "superbrain": ["A cre"],
    }

    def test_no_order_is_offered_into_a_closed_province_by_convoy(self) -> None:
        legal = _texts(legal_orders(board(self.AROUND)))
        assert "A apu - cre" not in legal["apu"]
        assert "A gre - cre" not in legal["gre"]
        assert "A cly - ice" not in legal["cly"]
        # The same fleets still carry the armies everywhere else they reach.
        assert {"A apu - tun", "A gre - tun", "A gre - syr", "A cly - nwy"} <= (
            legal["apu"] | legal["gre"] | legal["cly"]
        )
        assert _into_closed(board(self.AROUND)) == []

    def test_no_convoy_is_offered_into_a_closed_province(self) -> None:
        legal = _texts(legal_orders(board(self.AROUND)))
        assert "F ion C A apu - cre" not in legal["ion"]
        assert "F aeg C A gre - cre" not in legal["aeg"]
        assert "F nao C A cly - ice" not in legal["nao"]
        assert "F nwg C A cly - ice" not in legal["nwg"]
        assert {"F ion C A apu - tun", "F nao C A cly - nwy"} <= legal["ion"] | legal["nao"]

    def test_the_compact_form_offers_no_way_into_a_closed_province(self) -> None:
        position = board(self.AROUND)
        compact = legal_orders_compact(position)
        assert expand_legal(compact, variant=rs()) == legal_orders(position)
        assert _into_closed(position, expand_legal(compact, variant=rs())) == []
        # The compact form proper (a variant of the same map without orders of its own):
        # no island among the places an army may be carried to or a chain carries it.
        islands = _BuildOnlyIslands()
        compact = legal_orders_compact(position, variant=islands)
        by_sea = {
            p for where in ("apu", "gre", "cly") for p, _ in compact["units"][where]["by_convoy"]
        }
        assert {"tun", "syr", "nwy"} <= by_sea
        assert not {"cre", "ice"} & by_sea
        for chain in compact["chains"]:
            for army, dests in chain:
                assert not {"cre", "ice"} & set(dests), (army, dests)
        assert expand_legal(compact) == legal_orders(position, variant=islands)
        assert _into_closed(position, legal_orders(position, variant=islands)) == []

    def test_a_convoy_into_a_closed_province_is_refused_with_the_armys_reason(self) -> None:
        """The site's order check (``check_order``, behind the API and the typed orders)
        refused the army's move but let its convoy through as merely unmatched."""
        position = board(self.AROUND)
        for power, order, army, island in [
            ("italy", "F ion C A apu - cre", "A apu", "cre"),
            ("turkey", "F aeg C A gre - cre", "A gre", "cre"),
            ("england", "F nao C A cly - ice", "A cly", "ice"),
        ]:
            problem = check_order(position, power, order)
            assert problem is not None, order
            assert problem.outcome is Outcome.VOID
            assert problem.reason.value == "cannot_enter"
            assert dict(problem.params) == {"unit": army, "dest": island}
        problem = check_order(position, "italy", "F ion C A apu - cre")
        assert problem is not None
        assert explain(problem, rs().map) == "A Apulia cannot enter Crete"
        # Given with the move, both are void for the same reason; nothing moves.
        after = resolve(position, {"italy": ["A apu - cre", "F ion C A apu - cre"]}, seed=1)
        mine = {str(r.order): r for r in after.results if r.power == "italy"}
        assert mine["A apu - cre"].reason.value == "cannot_enter"
        assert mine["F ion C A apu - cre"].reason.value == "cannot_enter"
        assert after.position.unit_in("apu") is not None

    def test_a_support_into_a_closed_province_is_refused_with_a_reason(self) -> None:
        """A support there, to move or to hold, was accepted: no unit may move into the
        islands, so none may support there either."""
        position = board(self.AROUND)
        for power, order in [
            ("turkey", "F aeg S A gre - cre"),
            ("italy", "F ion S A apu - cre"),
            ("turkey", "F aeg S A cre"),
            ("england", "F nwg S F nao - ice"),
        ]:
            problem = check_order(position, power, order)
            assert problem is not None, order
            assert problem.reason.value == "support_unreachable", order
        problem = check_order(position, "turkey", "F aeg S A cre")
        assert problem is not None
        assert explain(problem, rs().map) == (
            "F Aegean Sea could not move to Crete itself, so cannot support there"
        )

    def test_no_move_support_or_retreat_is_offered_into_a_closed_province(self) -> None:
        """Already so before the convoys were mended; kept with them, every route at once."""
        legal = _texts(legal_orders(board(self.AROUND)))
        assert not {"F ion - cre", "F aeg - cre", "F eas - cre"} & (legal["ion"] | legal["aeg"])
        assert "F nao - ice" not in legal["nao"]
        assert "F aeg S A cre" not in legal["aeg"]
        driven = board(
            {"france": ["F nao", "F iri"]},
            phase="F1902R",
            dislodged={"england": [{"unit": "F nao", "attacker_from": "mao"}]},
        )
        retreats = _texts(legal_orders(driven))["nao"]
        assert "F nao R ice" not in retreats
        assert "F nao R nwg" in retreats

    def test_the_superbrains_army_is_still_offered_its_way_out_by_convoy(self) -> None:
        """Only the way in is closed: the unit built there may leave, by sea too."""
        position = board(self.AROUND)
        legal = _texts(legal_orders(position))
        assert {"A cre - gre", "A cre - tun", "A cre - syr"} <= legal["cre"]
        assert "F aeg C A cre - gre" in legal["aeg"]
        orders = {"superbrain": ["A cre - tun"], "italy": ["F ion C A cre - tun"]}
        for power, given in orders.items():
            assert check_order(position, power, given[0]) is None
        after = resolve(position, orders, seed=1)
        assert after.position.unit_in("tun") is not None
        assert after.position.unit_in("cre") is None


class TestTheFool:
    """Issue 16, the Fool: no units; each season he gives one unit of a great power its
    order, whatever its owner ordered; he wins if the game reaches 1921."""

    def test_he_gives_one_unit_its_order_and_its_owners_order_is_set_aside(self) -> None:
        position = board({"france": ["A par", "A mar"], "germany": ["A mun"]})
        after = resolve(
            position,
            {"france": ["A par - bur", "A mar H"], "fool": ["override A par - pic"]},
            seed=1,
        )
        assert any(u.power == "france" and u.location == "pic" for u in after.position.units)
        told = result(after.results, "fool_override")
        assert dict(told.params) == {"unit": "A par", "owner": "france"}
        set_aside = result(after.results, "overridden_by_fool")
        assert (set_aside.power, str(set_aside.order)) == ("france", "A par - bur")

    def test_one_unit_a_season(self) -> None:
        position = board({"france": ["A par"], "germany": ["A mun"]})
        after = resolve(
            position, {"fool": ["override A par - pic", "override A mun - ruh"]}, seed=1
        )
        assert result(after.results, "fool_once").outcome is Outcome.VOID
        assert any(u.power == "germany" and u.location == "mun" for u in after.position.units)

    def test_never_a_monster_nor_an_empty_province(self) -> None:
        position = board({MONSTER: ["A bud"], "france": ["A par"]})
        after = resolve(position, {"fool": ["override A bud - vie"]}, seed=1)
        assert result(after.results, "fool_no_unit").outcome is Outcome.VOID
        after = resolve(position, {"fool": ["override A boh - vie"]}, seed=1)
        assert result(after.results, "fool_no_unit").params["province"] == "boh"

    def test_he_wins_if_the_game_reaches_1921_with_the_role_seats(self) -> None:
        late, _orders = position_from_json(
            {
                "variant": "rather_silly",
                "phase": "F1920M",
                "options": {"roles": True},
                "units": {"france": ["A par"]},
                "extras": {"llamas": {}, "borg": "syr"},
            }
        )
        before = resolve(late, {}, seed=1)
        assert not rs().finished(late)
        after = before.position
        while not str(after.phase).startswith("S1921"):
            after = resolve(after, {}, seed=2).position
        assert rs().finished(after)
        assert rs().winners_of(after) == ("fool",)
        without_roles = replace(after, options=FrozenMap({"roles": False}))
        assert not rs().finished(without_roles)


class TestTheFortuneTeller:
    """Issue 16, the Fortune-teller: two bounce predictions a season; a right one merges the
    units in the bounce (monsters never) into one unit there, of the kind most of them
    were, his own."""

    def test_a_foretold_standoff_merges_both_armies_into_his_army(self) -> None:
        position = board({"france": ["A par"], "germany": ["A mun"]})
        after = resolve(
            position,
            {
                "france": ["A par - bur"],
                "germany": ["A mun - bur"],
                "fortune_teller": ["predict bur"],
            },
            seed=1,
        )
        told = result(after.results, "prediction_right")
        assert dict(told.params) == {"province": "bur", "unit": "A bur"}
        assert {(u.power, u.location) for u in after.position.units if u.power != MONSTER} == {
            ("fortune_teller", "bur")
        }
        merged = [
            r for r in after.results if r.reason and r.reason.value == "merged_by_fortune_teller"
        ]
        assert {r.power for r in merged} == {"france", "germany"}
        assert "fortune_teller" in rs().orders_due(after.position)

    def test_a_move_that_bounces_off_a_holder_merges_both(self) -> None:
        position = board({"france": ["A bur"], "germany": ["A mun"]})
        after = resolve(
            position, {"germany": ["A mun - bur"], "fortune_teller": ["predict bur"]}, seed=1
        )
        assert result(after.results, "prediction_right").params["unit"] == "A bur"
        assert not any(u.power in ("france", "germany") for u in after.position.units)

    def test_no_merge_where_a_stronger_move_won_the_province(self) -> None:
        # Two French armies bounce in Burgundy, but the supported German army enters it:
        # there was no standoff there, so nothing merges (it once put his unit beside the
        # German army, a board with two units in one province).
        position = board({"france": ["A par", "A mar"], "germany": ["A mun", "A ruh"]})
        after = resolve(
            position,
            {
                "france": ["A par - bur", "A mar - bur"],
                "germany": ["A mun - bur", "A ruh S A mun - bur"],
                "fortune_teller": ["predict bur"],
            },
            seed=1,
        )
        assert result(after.results, "prediction_missed").params["province"] == "bur"
        assert after.position.unit_in("bur") == Unit("germany", UnitKind.ARMY, "bur")

    def test_a_level_bounce_takes_the_kind_he_named_and_monsters_are_left_out(self) -> None:
        level = resolve(
            board({"france": ["F bre"], "germany": ["A par"]}),
            {
                "france": ["F bre - pic"],
                "germany": ["A par - pic"],
                "fortune_teller": ["predict pic F"],
            },
            seed=1,
        )
        assert result(level.results, "prediction_right").params["unit"] == "F pic"
        with_monster = resolve(
            board({MONSTER: ["A bur"], "germany": ["A mun"]}),
            {"germany": ["A mun - bur"], "fortune_teller": ["predict bur"]},
            seed=1,
        )
        assert result(with_monster.results, "prediction_missed").params["province"] == "bur"
        assert any(u.power == "germany" for u in with_monster.position.units)

    def test_two_predictions_a_season(self) -> None:
        position = board({"france": ["A par"]})
        after = resolve(
            position,
            {"fortune_teller": ["predict bur", "predict pic", "predict gas"]},
            seed=1,
        )
        assert result(after.results, "prediction_limit").outcome is Outcome.VOID
        assert (
            len([r for r in after.results if r.reason and r.reason.value == "prediction_missed"])
            == 2
        )

    def test_his_units_take_centers_and_he_builds_in_any_he_owns(self) -> None:
        position = board(
            {"fortune_teller": ["A bur"]},
            phase="W1902A",
            centers={"fortune_teller": ["bel", "hol"], "france": ["par", "mar", "bre"]},
        )
        assert rs().build_sites(position, "fortune_teller") == ("bel", "hol")
        assert "fortune_teller" in rs().orders_due(position)
        after = resolve(position, {"fortune_teller": ["A bel B"]}, seed=1)
        assert any(
            u.power == "fortune_teller" and u.location == "bel" for u in after.position.units
        )

    def test_the_fortune_teller_builds_in_her_free_centers_so_the_winter_opens_for_her(
        self,
    ) -> None:
        # "kann er in jedem eigenen freien VZ zusätzliche Einheiten aufbauen": two centers
        # and one unit after the fall, every great power even: the winter opens for the
        # Fortune-teller alone.
        fall = board(
            {"fortune_teller": ["A bur"], "france": ["A mar", "A par", "F bre"]},
            phase="F1902M",
            centers={"fortune_teller": ["bel", "hol"], "france": ["mar", "par", "bre"]},
        )
        after = resolve(fall, {}, seed=1)
        assert str(after.position.phase) == "W1902A"
        assert rs().orders_due(after.position) == {"fortune_teller"}
        built = resolve(after.position, {"fortune_teller": ["A bel B"]}, seed=1)
        assert built.position.unit_in("bel").power == "fortune_teller"


class TestDevilUnits:
    """Issue 16, devil units: after the moves a great power may sell one of its units'
    souls: double strength for the next two seasons; a devil unit eaten, blown up or
    disbanded still needs its center (another unit goes); a merge exorcises it."""

    def test_a_sold_soul_follows_its_unit_and_doubles_its_strength_for_two_seasons(
        self,
    ) -> None:
        spring = board({"france": ["A par"], "germany": ["A mun", "A kie"]}, phase="S1902M")
        sold = resolve(spring, {"france": ["A par - bur", "sell A par"]}, seed=1)
        assert result(sold.results, "soul_sold").params["unit"] == "A bur"
        assert dict(sold.position.extras["devils"]) == {"france bur": 2}
        # Fall: Burgundy's army, alone, drives the army out of Munich (2 against 1).
        fall = resolve(sold.position, {"france": ["A bur - mun"]}, seed=2)
        assert any(u.power == "france" and u.location == "mun" for u in fall.position.units)
        assert [d.unit.location for d in fall.position.dislodged] == ["mun"]
        assert dict(fall.position.extras["devils"]) == {"france mun": 1}
        # The next spring is its second season: after it, it is itself again.
        position = fall.position
        while not str(position.phase).startswith("S1903"):
            position = resolve(position, {}, seed=3).position
        spring_1903 = resolve(position, {}, seed=4)
        assert "devil_normal" in reasons(spring_1903.results, "france")
        assert "devils" not in spring_1903.position.extras

    def test_only_a_players_own_conventional_unit_sells_its_soul(self) -> None:
        # "kann ein Spieler jeder konventionellen Einheit befehlen, ihre Seele an den Teufel
        # zu verkaufen. ... Die durch Superhirnfragen oder den Einfluss des Wahrsagers
        # entstandenen Einheiten dürfen ihre Seele nicht verkaufen, ebenso wie die
        # A®MAZONEN und DRECKSACKARMEEN."
        position = board(
            {
                "france": ["A par", "A bur", "A gas"],
                "germany": ["A mun"],
                MONSTER: ["A boh"],
                "fortune_teller": ["A pic"],
                "superbrain": ["F ice"],
            },
            extras={"kinds": {"france bur": "amazon", "france gas": "extra"}},
        )
        after = resolve(
            position,
            {
                "france": ["sell A mun", "sell A boh", "sell A bur", "sell A gas"],
                "fortune_teller": ["sell A pic"],
                "superbrain": ["sell F ice"],
            },
            seed=1,
        )
        assert reasons(after.results).count("soul_not_for_sale") == 6
        assert dict(after.position.extras.get("devils") or {}) == {}

    def test_the_doctors_own_unit_may_sell_its_soul(self) -> None:
        # The Doctor's units, built in his free centers, are a player's conventional units:
        # the text sets apart only the Superbrain's, the Fortune-teller's and the specials.
        position = board({"doctor": ["A hol"]}, centers={"doctor": ["hol"]})
        after = resolve(position, {"doctor": ["sell A hol"]}, seed=1)
        assert "soul_sold" in reasons(after.results, "doctor")
        assert dict(after.position.extras["devils"]) == {"doctor hol": 2}

    def test_a_winter_opens_for_a_whole_share_to_be_built(self) -> None:
        # "Durch SUPERHIRN-Fragen erhaltene Einheiten können in jedem beliebigen Sommer oder
        # Winter aufgebaut werden": France, even on its centers with Paris free, holds a
        # whole share after the fall: the winter opens for its extra unit.
        fall = board(
            {"france": ["A bur", "A mar", "F bre"]},
            phase="F1902M",
            centers={"france": ["par", "mar", "bre"]},
            extras={"shares": {"france": "1"}},
        )
        after = resolve(fall, {}, seed=1)
        assert str(after.position.phase) == "W1902A"
        assert rs().orders_due(after.position) == {"france"}
        built = resolve(after.position, {"france": ["extra A par"]}, seed=1)
        assert result(built.results, "extra_built")
        # Half a share buys nothing: no winter.
        half = resolve(
            board(
                {"france": ["A bur", "A mar", "F bre"]},
                phase="F1902M",
                centers={"france": ["par", "mar", "bre"]},
                extras={"shares": {"france": "1/2"}},
            ),
            {},
            seed=1,
        )
        assert str(half.position.phase) == "S1903M"

    def test_the_powers_that_are_not_conventional_are_the_roles_and_the_monsters(
        self,
    ) -> None:
        from adjudicator.variants.rather_silly.fortune_teller import FORTUNE_TELLER
        from adjudicator.variants.rather_silly.marks import UNCONVENTIONAL_POWERS
        from adjudicator.variants.rather_silly.superbrain import SUPERBRAIN

        assert {MONSTER, SUPERBRAIN, FORTUNE_TELLER} == UNCONVENTIONAL_POWERS

    def test_a_devil_unit_eaten_costs_its_owner_another_unit(self) -> None:
        position = board(
            {"austria": ["A boh", "A tri", "F adr"]},
            extras={"borg": "sil", "devils": {"austria boh": 2}},
        )
        after = resolve(position, {}, seed=1)
        assert result(after.results, "borg_ate").params["unit"] == "A boh"
        lost = result(after.results, "devil_lost")
        assert lost.power == "austria"
        assert lost.params["other"] in ("A tri", "F adr")
        assert len(after.position.units_of("austria")) == 1

    def test_a_dislodged_devil_takes_its_soul_along_or_costs_a_unit_if_disbanded(self) -> None:
        position = board(
            {"france": ["A bur", "A par"], "germany": ["A mun", "A ruh"]},
            extras={"devils": {"france bur": 2}},
        )
        # 3 against 2: Burgundy's devil army is driven out.
        driven = resolve(
            position,
            {"germany": ["A mun - bur", "A ruh S A mun - bur"], "france": []},
            seed=1,
        )
        assert driven.position.dislodged == ()  # 2 against 2: it holds
        strong = board(
            {"france": ["A bur", "A par"], "germany": ["A mun", "A ruh", "A bel"]},
            extras={"devils": {"france bur": 2}},
        )
        out = resolve(
            strong,
            {"germany": ["A mun - bur", "A ruh S A mun - bur", "A bel S A mun - bur"]},
            seed=1,
        ).position
        assert [d.unit.location for d in out.dislodged] == ["bur"]
        went = resolve(out, {"france": ["A bur R gas"]}, seed=2)
        assert dict(went.position.extras["devils"]) == {"france gas": 1}
        gone = resolve(out, {}, seed=2)
        assert result(gone.results, "devil_lost").params["other"] == "A par"
        assert not gone.position.units_of("france")

    def test_a_merge_exorcises_the_devil(self) -> None:
        # The devil unit (strength 2) bounces with a supported move (2) into Burgundy.
        position = board(
            {"france": ["A par"], "germany": ["A mun", "A ruh"]},
            extras={"devils": {"france par": 2}},
        )
        after = resolve(
            position,
            {
                "france": ["A par - bur"],
                "germany": ["A mun - bur", "A ruh S A mun - bur"],
                "fortune_teller": ["predict bur"],
            },
            seed=1,
        )
        assert "prediction_right" in reasons(after.results)
        assert "devils" not in after.position.extras


class TestAmazonsAndDirtbagArmies:
    """Issue 16: one Amazon and one dirtbag army per five supply centers, raised at the
    adjustments; strength 0; an Amazon's seduction forces a unit to move to her province;
    in Denmark she pulls every other army and fleet a step toward it; a dirtbag army's
    distraction cancels the seductions of the Amazons next to it."""

    def test_one_of_each_per_five_centers_raised_at_the_adjustments(self) -> None:
        centers = {"france": ["par", "mar", "bre", "spa", "por"]}
        winter = board(
            {"france": ["A gas", "A pic", "F mao", "A spa", "A por"]},
            phase="W1902A",
            centers=centers,
        )
        assert rs().adjustment(winter, "france") == 0  # five units, five centers
        assert rs().adjustments_needed(winter)
        assert "france" in rs().orders_due(winter)
        after = resolve(winter, {"france": ["amazon par", "rogue mar", "amazon bre"]}, seed=1)
        raised = [r for r in after.results if r.reason and r.reason.value == "special_raised"]
        assert sorted(r.params["kind"] for r in raised) == ["amazon", "dirtbag"]
        assert result(after.results, "special_not_due").params["kind"] == "amazon"
        assert dict(after.position.extras["kinds"]) == {
            "france mar": "dirtbag",
            "france par": "amazon",
        }
        # They need no center: the next winter owes no disband for them.
        assert rs().adjustment(after.position, "france") == 0

    def test_too_few_centers_and_the_one_farthest_from_home_goes(self) -> None:
        winter = board(
            {"france": ["A gas", "A bur"]},
            phase="W1902A",
            centers={"france": ["par", "mar", "bre"]},
            extras={"kinds": {"france bur": "amazon"}},
        )
        after = resolve(winter, {}, seed=1)
        assert result(after.results, "special_disbanded").params["unit"] == "A bur"
        assert "kinds" not in after.position.extras

    def test_the_special_armies_have_strength_zero(self) -> None:
        position = board(
            {"france": ["A bur"], "germany": ["A mun"]}, extras={"kinds": {"france bur": "dirtbag"}}
        )
        after = resolve(position, {"germany": ["A mun - bur"]}, seed=1)
        assert [d.unit.location for d in after.position.dislodged] == ["bur"]

    def test_a_seduced_unit_moves_to_her_whatever_its_order(self) -> None:
        position = board(
            {"france": ["A par"], "germany": ["A bur", "F hol"]},
            extras={"kinds": {"france par": "amazon"}},
        )
        after = resolve(
            position, {"france": ["A par seduce A bur"], "germany": ["A bur - mar"]}, seed=1
        )
        assert result(after.results, "seduced").params["unit"] == "A bur"
        assert str(result(after.results, "seduced_away").order) == "A bur - mar"
        assert any(u.power == "germany" and u.location == "par" for u in after.position.units)
        # A fleet is never seduced from inland (it cannot go there).
        inland = board(
            {"germany": ["A mun", "F kie"], "france": ["A par"]},
            extras={"kinds": {"germany mun": "amazon"}},
        )
        refused = resolve(inland, {"germany": ["A mun seduce F kie"]}, seed=1)
        assert result(refused.results, "not_seducible").outcome is Outcome.VOID

    def test_a_dirtbag_army_next_to_her_cancels_her_seduction(self) -> None:
        position = board(
            {"france": ["A par"], "germany": ["A bur", "A pic"]},
            extras={"kinds": {"france par": "amazon", "germany pic": "dirtbag"}},
        )
        after = resolve(
            position,
            {"france": ["A par seduce A bur"], "germany": ["A pic distract", "A bur H"]},
            seed=1,
        )
        assert result(after.results, "seduce_cancelled").outcome is Outcome.VOID
        assert any(u.power == "germany" and u.location == "bur" for u in after.position.units)

    def test_in_denmark_she_pulls_all_the_armies_or_all_the_fleets_as_she_chooses(
        self,
    ) -> None:
        # "A® Den v alle Armeen/Flotten führt dazu, dass wahlweise alle anderen männlichen
        # Hetero-Armeen bzw. Hetero-Flotten sich um einen Schritt Richtung Dänemark bewegen".
        position = board(
            {"germany": ["A den", "A ber"], "england": ["F nth", "A yor"], "russia": ["F swe"]},
            extras={"kinds": {"germany den": "amazon"}},
        )
        armies = resolve(position, {"germany": ["A den seduce all armies"]}, seed=1)
        assert result(armies.results, "copenhagen_armies")
        where = {(u.power, u.location) for u in armies.position.units}
        assert ("germany", "kie") in where  # Berlin's army, a step nearer
        assert ("england", "yor") in where  # an army in Britain has no step toward it
        assert {("england", "nth"), ("russia", "swe")} <= where  # no fleet is pulled
        assert not [
            r
            for r in armies.results
            if r.reason is not None
            and r.power != "germany"
            and r.reason.value == "seduced_away"
            and "F" in str(r.order)
        ]
        fleets = resolve(position, {"germany": ["A den seduce all fleets"]}, seed=1)
        assert result(fleets.results, "copenhagen_fleets")
        where = {(u.power, u.location) for u in fleets.position.units}
        assert ("germany", "ber") in where  # no army is pulled
        # The fleets next to Denmark move into it: level, they bounce.
        moved = {str(r.order): r.outcome for r in fleets.results}
        assert moved["F nth - den"] is Outcome.BOUNCE
        assert moved["F swe - den"] is Outcome.BOUNCE

    def test_an_amazon_is_given_no_support_order(self) -> None:
        # "Man kann den A®MAZONEN zwar keinen Unterstützungsbefehl geben": her support is
        # refused as an order she cannot be given, and she holds.
        position = board(
            {"france": ["A ruh", "A bur"], "germany": ["A mun"]},
            extras={"kinds": {"france ruh": "amazon"}},
        )
        check = check_order(position, "france", "A ruh S A bur - mun")
        assert check is not None
        assert check.reason.value == "amazon_no_support"
        after = resolve(position, {"france": ["A ruh S A bur - mun", "A bur - mun"]}, seed=1)
        refused = result(after.results, "amazon_no_support")
        assert (refused.outcome, dict(refused.params)) == (Outcome.VOID, {"unit": "A ruh"})
        # A dirtbag army's support is an order like any (it adds nothing: strength 0).
        rogue = board(
            {"france": ["A ruh", "A bur"], "germany": ["A mun"]},
            extras={"kinds": {"france ruh": "dirtbag"}},
        )
        assert check_order(rogue, "france", "A ruh S A bur - mun") is None

    def test_seduce_all_names_the_kind_she_chooses(self) -> None:
        position = board({"germany": ["A den"]}, extras={"kinds": {"germany den": "amazon"}})
        check = check_order(position, "germany", "A den seduce all")
        assert check is not None
        assert check.params.get("problem") == "seduce_shape"
        assert str(rs().read_order("A den seduce all F", position=position, power="germany")) == (
            "A den seduce all fleets"
        )

    def test_they_follow_their_moves(self) -> None:
        position = board({"france": ["A par"]}, extras={"kinds": {"france par": "amazon"}})
        after = resolve(position, {"france": ["A par - bur"]}, seed=1)
        assert dict(after.position.extras["kinds"]) == {"france bur": "amazon"}


class TestTheSuperbrain:
    """Issue 16, the Superbrain (first part): he asks a question each season with a
    secret answer; next season the game master judges the replies (the decision
    mechanism; nobody without an answer); each right reply earns an equal share of an
    extra unit, the shares kept."""

    def asked(self) -> Position:
        spring = board({"france": ["A par"]}, phase="S1902M")
        return resolve(
            spring,
            {"superbrain": ["ask Which mountain is 188 m high?", "answer Monte Muello"]},
            seed=1,
        ).position

    def test_the_question_is_public_and_the_answer_kept_his(self) -> None:
        fall = self.asked()
        assert dict(fall.extras["question"]) == {
            "season": "S1902",
            "text": "Which mountain is 188 m high?",
        }
        assert rs().owned_extras >= {"answers"}
        assert dict(fall.extras["answers"]["superbrain"]) == {"answer": "Monte Muello"}

    def test_the_game_master_judges_and_the_right_share_an_extra_unit(self) -> None:
        fall = self.asked()
        replies = {
            "france": ["reply Monte Muello"],
            "germany": ["reply Brocken"],
            "fool": ["reply Muello"],
        }
        [request] = rs().decisions_needed(fall, replies)
        assert request.key == "superbrain S1902"
        # A code with parameters, never prose: the answer is a parameter the Superbrain
        # owns, so that a host shows it to the game master who judges, and not to players.
        assert request.question == "superbrain_replies"
        assert "Monte Muello" not in request.question.wording
        assert request.params["asked"] == "Which mountain is 188 m high?"
        assert request.params["answer"] == "Monte Muello"
        assert dict(request.params["replies"]) == {
            "france": "Monte Muello",
            "fool": "Muello",
            "germany": "Brocken",
        }
        assert dict(request.owned) == {"answer": "superbrain"}
        assert question_words(request.question, request.params, rs().map) == (
            "The Superbrain asked: Which mountain is 188 m high? His answer: Monte Muello."
            " Replies: Fool: Muello; France: Monte Muello; Germany: Brocken. Which seats"
            " answered right (none, one or several)?"
        )
        # The game master picks among the seats that replied, by id; none is an answer.
        assert request.choices == ("fool", "france", "germany")
        assert request.many
        assert request.default == ""
        assert request.default_means == "superbrain_nobody_right"
        judged = fall.with_changes(
            extras={**fall.extras, "decisions": {"superbrain S1902": "fool,france"}}
        )
        after = resolve(judged, replies, seed=2)
        assert dict(after.position.extras["shares"]) == {"fool": "1/2", "france": "1/2"}
        assert result(after.results, "reply_wrong").power == "germany"
        assert "question" not in after.position.extras

    def test_without_a_judgement_nobody_was_right(self) -> None:
        fall = self.asked()
        after = resolve(fall, {"france": ["reply Brocken"]}, seed=2)
        assert result(after.results, "nobody_right").power == "superbrain"
        assert "shares" not in after.position.extras

    def test_only_the_superbrain_asks_and_a_reply_needs_a_question(self) -> None:
        spring = board({"france": ["A par"]}, phase="S1902M")
        after = resolve(spring, {"france": ["ask Why?", "reply Because"]}, seed=1)
        assert result(after.results, "only_superbrain").outcome is Outcome.VOID
        assert result(after.results, "no_question").outcome is Outcome.VOID

    def test_a_whole_share_buys_an_extra_unit_in_spring_that_needs_no_center(self) -> None:
        spring = board(
            {"france": ["A bur", "F mao", "A gas"]},
            phase="S1902M",
            extras={"shares": {"france": "3/2", "germany": "1/2"}},
        )
        after = resolve(
            spring,
            {"france": ["extra A par", "extra A mar"], "germany": ["extra A ber"]},
            seed=1,
        )
        built = result(after.results, "extra_built")
        assert built.params["unit"] == "A par"
        refused = [r for r in after.results if r.reason and r.reason.value == "extra_refused"]
        assert {str(r.order) for r in refused} == {"extra A mar", "extra A ber"}
        assert dict(after.position.extras["shares"]) == {"france": "1/2", "germany": "1/2"}
        assert after.position.extras["kinds"]["france par"] == "extra"
        # It needs no center: four units on three centers owe nothing.
        assert rs().adjustment(after.position, "france") == 0

    def test_when_nobody_was_right_he_places_a_unit_in_iceland_or_crete(self) -> None:
        fall = self.asked()
        judged = resolve(fall, {"france": ["reply Brocken"]}, seed=2).position
        assert judged.extras["places_due"] == 1
        while not str(judged.phase).endswith("M"):
            judged = resolve(judged, {}, seed=3).position
        placed = resolve(judged, {"superbrain": ["place F ice", "place F cre"]}, seed=4)
        assert result(placed.results, "superbrain_placed").params["unit"] == "F ice"
        assert result(placed.results, "place_refused").outcome is Outcome.VOID
        assert any(u.power == "superbrain" and u.location == "ice" for u in placed.position.units)
        assert "places_due" not in placed.position.extras
        assert "superbrain" in rs().orders_due(placed.position)

    def test_a_season_without_his_question_gives_every_other_seat_a_share(self) -> None:
        spring, _orders = position_from_json(
            {
                "variant": "rather_silly",
                "phase": "S1902M",
                "options": {"roles": True},
                "units": {"france": ["A par"], "germany": ["A mun"]},
                "centers": {"france": ["par"], "germany": ["mun"]},
                "extras": {"llamas": {}, "borg": "syr"},
            }
        )
        after = resolve(spring, {}, seed=1)
        told = result(after.results, "superbrain_missed")
        assert (
            told.params["share"] == "1/5"
        )  # France, Germany, the Fool, the Doctor, the Fortune-teller
        assert dict(after.position.extras["shares"]) == dict.fromkeys(
            ("doctor", "fool", "fortune_teller", "france", "germany"), "1/5"
        )
        # Without the role seats there is no Superbrain to miss.
        plain = resolve(board({"france": ["A par"]}, phase="S1902M"), {}, seed=1)
        assert "superbrain_missed" not in reasons(plain.results)

    def test_a_right_fortune_teller_earns_a_third_prediction_not_a_share(self) -> None:
        fall = self.asked()
        judged = fall.with_changes(
            extras={**fall.extras, "decisions": {"superbrain S1902": "fortune_teller"}}
        )
        after = resolve(judged, {"fortune_teller": ["reply Monte Muello"]}, seed=2)
        assert result(after.results, "reply_third_prediction").power == "fortune_teller"
        assert "shares" not in after.position.extras
        position = after.position
        while not str(position.phase).startswith("S1903M"):
            position = resolve(position, {}, seed=3).position
        three = resolve(
            position,
            {"fortune_teller": ["predict bur", "predict pic", "predict gas", "predict bre"]},
            seed=4,
        )
        limited = [r for r in three.results if r.reason and r.reason.value == "prediction_limit"]
        assert [str(r.order) for r in limited] == ["predict bre"]
        assert "third_prediction" not in three.position.extras


class TestTheFoolsShares:
    def test_each_whole_share_commands_one_more_unit_of_another_power(self) -> None:
        position = board(
            {"france": ["A par", "A mar"], "germany": ["A mun"], "italy": ["A ven"]},
            extras={"shares": {"fool": "3/2"}},
        )
        after = resolve(
            position,
            {
                "fool": [
                    "override A par - pic",
                    "override A mar - gas",
                    "override A mun - ruh",
                    "override A ven - pie",
                ]
            },
            seed=1,
        )
        codes = [r.reason.value for r in after.results if r.power == "fool" and r.reason]
        assert codes.count("fool_override") == 2
        assert "fool_other_power" in codes  # Marseilles is France's too
        assert "fool_once" in codes  # Venice: no share left for a third
        where = {(u.power, u.location) for u in after.position.units}
        assert {("france", "pic"), ("germany", "ruh"), ("france", "mar"), ("italy", "ven")} <= where
        assert dict(after.position.extras["shares"]) == {"fool": "1/2"}


class _BuildOnlyIslands(Variant):
    """Rather Silly's map with no order kinds of its own: its legal orders take the
    compact form proper (Rather Silly's own are listed as text)."""

    id = "build_only_islands"
    name = "Build-only islands"
    aliases = ()
    map_id = "rather_silly"


def _texts(legal: dict[str, tuple[Order, ...]]) -> dict[str, set[str]]:
    return {where: {str(o) for o in orders} for where, orders in legal.items()}


def _into_closed(
    position: Position, legal: dict[str, tuple[Order, ...]] | None = None
) -> list[str]:
    """The listed orders that lead a unit, a support or a convoy into a closed province."""
    closed = rs().map.closed
    found = []
    for orders in (legal if legal is not None else legal_orders(position)).values():
        for order in orders:
            if isinstance(order, Move | Convoy | Retreat):
                aim = order.dest
            elif isinstance(order, Support):
                aim = order.dest if order.dest is not None else order.supported.location
            else:
                continue
            if province_of(aim) in closed:
                found.append(str(order))
    return found
