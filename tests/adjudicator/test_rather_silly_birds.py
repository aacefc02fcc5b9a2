"""Rather Silly's birds (issue 16; rules: "Vögel" and "Spielablauf"): each house rule on the
rules page as a named scenario. ../shared/rules/rather-silly.de.txt is the authority."""

from __future__ import annotations

from typing import Any

import pytest

from adjudicator import Outcome, Position, check_order, legal_orders, resolve
from adjudicator.errors import ParseError
from adjudicator.io import position_from_json, position_to_json
from adjudicator.variants.rather_silly.birds import (
    Birds,
    Board,
    Carry,
    DisbandBirds,
    Flee,
    Flight,
    Ride,
    Scare,
    flocks,
)
from tests.adjudicator.rather_silly import board, reasons, result, rs


def flock(power: str, province: str, carrying: str | None = None) -> dict[str, Any]:
    return {"power": power, "province": province, "carrying": carrying}


def with_birds(units: dict[str, list[str]], *herd: dict[str, Any], **kw: Any) -> Position:
    extras = {"birds": list(herd), **kw.pop("extras", {})}
    return board(units, extras=extras, **kw)


def where(position: Position) -> list[tuple[str, str, str | None]]:
    return [(f.power, f.province, f.carrying) for f in flocks(position)]


def units(position: Position) -> set[str]:
    return {f"{u.power} {u}" for u in position.units}


def outcome_of(results: Any, code: str) -> Outcome:
    return result(results, code).outcome  # type: ignore[no-any-return]


class TestTheFlocksOrders:
    def test_every_birds_order_reads_back_from_its_text(self) -> None:
        aboard = with_birds({"england": ["A lon"]}, flock("england", "lon", "england"))
        variant = rs()
        for text in (
            "birds lon - nth - den",
            "birds lon carry A lon",
            "birds lon R wal",
            "A lon board",
            "F nth scare",
            "A lon - nth - den",
        ):
            order = variant.read_order(text, position=aboard, power="england")
            assert str(order) == text
            assert variant.read_order(str(order), position=aboard, power="england") == order
        winter = board({}, phase="W1902A")
        assert variant.read_order("birds lon", position=winter) == Birds("lon")
        assert variant.read_order("disband birds lon", position=winter) == DisbandBirds("lon")
        assert isinstance(variant.read_order("birds lon - nth - den"), Flight)
        assert isinstance(variant.read_order("birds lon carry A lon"), Carry)
        assert isinstance(variant.read_order("birds lon R wal"), Flee)
        assert isinstance(variant.read_order("A lon board"), Board)
        assert isinstance(variant.read_order("A par scare"), Scare)
        assert isinstance(variant.read_order("A lon - nth", position=aboard, power="england"), Ride)

    def test_a_route_is_read_as_an_armys_flight_only_for_an_army_aboard(self) -> None:
        walking = with_birds({"england": ["A lon"]}, flock("england", "lon"))
        with pytest.raises(ParseError):
            rs().read_order("A lon - nth - den", position=walking, power="england")
        problem = check_order(walking, "england", "birds lon go den")
        assert problem is not None
        assert problem.params["problem"] == "birds_shape"

    def test_orders_that_wait_for_another_are_accepted_as_they_are_typed(self) -> None:
        """The site refuses an order check_order finds fault with: a pick-up waits for the
        army's board order (as a support waits for its move), a flee order for a scare."""
        position = with_birds({"england": ["A lon"]}, flock("england", "lon"))
        for text in ("birds lon carry A lon", "A lon board", "birds lon R wal", "A lon scare"):
            assert check_order(position, "england", text) is None, text
        too_far = check_order(position, "england", "birds lon - nth - den - kie - ber")
        assert too_far is not None
        assert too_far.reason == "flight_too_far"
        assert check_order(position, "france", "birds lon - wal") is not None  # not theirs

    def test_a_power_with_only_flocks_owes_orders(self) -> None:
        position = with_birds({"france": ["A par"]}, flock("england", "lon"))
        assert "england" in rs().orders_due(position)

    def test_the_birds_orders_are_listed_for_their_power(self) -> None:
        position = with_birds({"england": ["A lon", "F edi"]}, flock("england", "lon"))
        listed = {str(o) for options in legal_orders(position, "england").values() for o in options}
        assert {"birds lon - wal", "birds lon carry A lon", "birds lon R yor"} <= listed
        assert {"A lon board", "A lon scare", "F edi scare"} <= listed


class TestBuildingAndSupply:
    def test_a_flock_is_built_instead_of_a_unit_in_a_free_home_center(self) -> None:
        position = board(
            {"england": ["F nwy", "A yor"]},
            phase="W1901A",
            centers={"england": ["lon", "lvp", "edi", "nwy"]},
        )
        after = resolve(position, {"england": ["build A lvp", "birds lon", "birds edi"]})
        assert where(after.position) == [("england", "lon", None)]
        assert "england A lvp" in units(after.position)
        assert "birds_built" in reasons(after.results, "england")
        assert "birds_no_build" in reasons(after.results, "england")  # two builds, no more

    def test_a_flock_counts_as_a_unit_for_supply(self) -> None:
        variant = rs()
        position = with_birds(
            {"england": ["F nwy", "A yor"]},
            flock("england", "wal"),
            phase="W1901A",
            centers={"england": ["lon", "lvp", "edi"]},
        )
        assert variant.adjustment(position, "england") == 0
        refused = variant.order_set_excess(position, "england", [Birds("lon")])
        assert refused is not None
        assert refused[0] == "builds_excess"

    def test_flocks_go_first_when_units_and_flocks_outnumber_the_centers(self) -> None:
        position = with_birds(
            {"england": ["F nwy", "A yor"]},
            flock("england", "wal"),
            flock("england", "lon"),
            phase="W1901A",
            centers={"england": ["lon", "edi"]},
        )
        variant = rs()
        assert variant.adjustment(position, "england") == 0  # no unit goes
        assert variant.flocks_due(position, "england") == 2
        assert variant.adjustments_needed(position)
        assert "england" in variant.orders_due(position)
        after = resolve(position, {"england": ["disband birds wal"]})
        assert where(after.position) == []
        assert {"england F nwy", "england A yor"} <= units(after.position)
        assert reasons(after.results, "england").count("birds_disbanded") == 1
        assert reasons(after.results, "england").count("birds_disbanded_far") == 1

    def test_a_flock_not_named_is_disbanded_farthest_from_home(self) -> None:
        position = with_birds(
            {"england": ["F nth"]},
            flock("england", "yor"),
            flock("england", "nwy"),
            phase="W1901A",
            centers={"england": ["lon", "edi"]},
        )
        after = resolve(position, {})
        assert where(after.position) == [("england", "yor", None)]
        assert result(after.results, "birds_disbanded_far").params["province"] == "nwy"

    def test_a_flock_is_disbanded_only_when_flocks_are_due_to_go(self) -> None:
        position = with_birds(
            {"england": ["F nwy", "A yor", "A wal"]},
            flock("england", "lon"),
            phase="W1901A",
            centers={"england": ["lon", "edi"]},
        )
        # One unit more than the centers: that unit goes, and so does the flock.
        after = resolve(position, {"england": ["disband birds lon", "disband birds edi"]})
        assert where(after.position) == []
        assert len(after.position.units_of("england")) == 2
        assert "no_flock" in reasons(after.results, "england")


class TestPickUp:
    def test_pick_up_needs_both_orders_in_the_same_province(self) -> None:
        position = with_birds(
            {"england": ["A lon"], "france": ["A bel"]},
            flock("england", "lon"),
            flock("england", "hol"),
        )
        after = resolve(position, {"england": ["birds lon carry A lon", "A lon board"]})
        assert where(after.position)[1] == ("england", "lon", "england")
        alone = resolve(position, {"england": ["birds lon carry A lon"]})
        assert outcome_of(alone.results, "not_boarding") is Outcome.BOUNCE
        assert where(alone.position)[1] == ("england", "lon", None)
        other = resolve(position, {"england": ["birds hol carry A bel"]})
        assert "not_same_province" in reasons(other.results, "england")

    def test_any_powers_army_may_board(self) -> None:
        position = with_birds({"france": ["A bel"]}, flock("england", "bel"))
        after = resolve(position, {"england": ["birds bel carry A bel"], "france": ["A bel board"]})
        assert where(after.position) == [("england", "bel", "france")]
        assert "picked_up" in reasons(after.results, "france")

    def test_fleets_are_too_bulky_for_birds(self) -> None:
        position = with_birds({"england": ["F lon"]}, flock("england", "lon"))
        after = resolve(position, {"england": ["birds lon carry F lon", "F lon board"]})
        assert reasons(after.results, "england").count("too_bulky") == 2

    def test_an_army_dislodged_in_the_pick_up_season_is_not_picked_up(self) -> None:
        position = with_birds(
            {"england": ["A lon"], "france": ["F eng", "F nth"]}, flock("england", "lon")
        )
        after = resolve(
            position,
            {
                "england": ["birds lon carry A lon", "A lon board"],
                "france": ["F eng - lon", "F nth S F eng - lon"],
            },
        )
        assert "pickup_failed" in reasons(after.results, "england")
        assert where(after.position) == [("england", "lon", None)]


class TestTheCarriedArmy:
    def test_a_carried_army_has_strength_zero_and_may_be_dislodged(self) -> None:
        position = with_birds(
            {"england": ["A lon"], "france": ["F eng"]}, flock("england", "lon", "england")
        )
        assert rs().unit_strength(position.unit_in("lon"), position) == 0  # type: ignore[arg-type]
        after = resolve(
            position,
            {"england": ["birds lon - wal", "A lon - wal"], "france": ["F eng - lon"]},
        )
        # Dislodged by an unsupported fleet before it took off: it falls off, the flock flies on.
        assert [d.unit.power for d in after.position.dislodged] == ["england"]
        assert outcome_of(after.results, "fell_off") is Outcome.DISLODGED
        assert where(after.position) == [("england", "wal", None)]
        assert str(after.position.phase) == "S1902R"

    def test_a_support_to_hold_a_carried_army_is_void(self) -> None:
        position = with_birds(
            {"england": ["A lon", "F nth"], "france": ["F eng"]},
            flock("england", "lon", "england"),
        )
        after = resolve(
            position,
            {"england": ["F nth S A lon", "A lon S F nth"], "france": ["F eng - lon"]},
        )
        codes = reasons(after.results, "england")
        assert "aboard_no_support" in codes
        assert "aboard_holds" in codes
        assert after.position.dislodged  # strength 0 held nothing

    def test_a_carried_army_lands_on_free_land_at_the_end_of_the_route(self) -> None:
        position = with_birds({"england": ["A lon"]}, flock("england", "lon", "england"))
        after = resolve(position, {"england": ["birds lon - nth - den", "A lon - nth - den"]})
        assert "england A den" in units(after.position)
        assert where(after.position) == [("england", "den", None)]
        assert result(after.results, "landed").params["province"] == "den"

    def test_carried_army_dropped_on_a_bounce_survives_on_free_land(self) -> None:
        position = with_birds(
            {"england": ["A lon"], "russia": ["F nwg"], "germany": ["F nth"]},
            flock("england", "lon", "england"),
        )
        after = resolve(
            position,
            {
                "england": ["birds lon - yor - edi", "A lon - yor - edi"],
                "russia": ["F nwg - edi"],
                "germany": ["F nth - edi"],
            },
        )
        assert "england A yor" in units(after.position)
        dropped = result(after.results, "dropped")
        assert (dropped.params["dest"], dropped.params["province"]) == ("edi", "yor")
        assert where(after.position) == [("england", "edi", None)]  # the flock flew on

    def test_carried_army_dropped_at_sea_drowns(self) -> None:
        position = with_birds(
            {"england": ["A lon"], "germany": ["A den"]}, flock("england", "lon", "england")
        )
        after = resolve(position, {"england": ["birds lon - nth - den", "A lon - nth - den"]})
        assert not after.position.units_of("england")
        drowned = result(after.results, "drowned")
        assert drowned.params["province"] == "nth"
        assert drowned.outcome is Outcome.DISLODGED

    def test_carried_army_dropped_onto_a_unit_is_shot_down(self) -> None:
        position = with_birds(
            {"england": ["A lon"], "germany": ["F edi"], "france": ["A yor"]},
            flock("england", "lon", "england"),
        )
        after = resolve(position, {"england": ["birds lon - yor - edi", "A lon - yor - edi"]})
        assert not after.position.units_of("england")
        assert result(after.results, "shot_down").params["province"] == "yor"

    def test_carried_army_dropped_back_where_it_took_off_stays(self) -> None:
        position = with_birds(
            {"england": ["A lon"], "france": ["A yor"]}, flock("england", "lon", "england")
        )
        after = resolve(position, {"england": ["birds lon - yor", "A lon - yor"]})
        assert "england A lon" in units(after.position)
        assert result(after.results, "dropped").params["province"] == "lon"

    def test_two_carried_armies_aiming_at_one_province_are_both_dropped(self) -> None:
        position = with_birds(
            {"england": ["A lon"], "germany": ["A kie"]},
            flock("england", "lon", "england"),
            flock("germany", "kie", "germany"),
        )
        after = resolve(
            position,
            {
                "england": ["birds lon - nth - hol", "A lon - nth - hol"],
                "germany": ["birds kie - hol", "A kie - hol"],
            },
        )
        assert "germany A kie" in units(after.position)  # dropped back where it took off
        assert "drowned" in reasons(after.results, "england")  # over the North Sea

    def test_a_flock_carrying_an_army_flies_two_provinces_at_most(self) -> None:
        position = with_birds({"england": ["A lon"]}, flock("england", "lon", "england"))
        after = resolve(
            position,
            {"england": ["birds lon - nth - den - kie", "A lon - nth - den - kie"]},
        )
        assert "flight_too_far" in reasons(after.results, "england")
        # The army's order is refused; its flock flies on alone, three provinces.
        assert where(after.position) == [("england", "kie", None)]
        assert "england A lon" in units(after.position)

    def test_a_flock_flies_three_provinces_at_most(self) -> None:
        position = with_birds({"england": ["A lon"]}, flock("england", "lon"))
        after = resolve(position, {"england": ["birds lon - nth - den - kie - ber"]})
        assert outcome_of(after.results, "flight_too_far") is Outcome.VOID
        assert where(after.position) == [("england", "lon", None)]

    def test_a_flight_goes_step_by_step_never_into_switzerland(self) -> None:
        position = with_birds({"france": ["A par"]}, flock("france", "mar"), flock("france", "bre"))
        after = resolve(position, {"france": ["birds mar - swi", "birds bre - mar"]})
        assert reasons(after.results, "france").count("not_a_step") == 2

    def test_a_flock_without_its_army_flies_alone_and_leaves_it_behind(self) -> None:
        position = with_birds({"england": ["A lon"]}, flock("england", "lon", "england"))
        after = resolve(position, {"england": ["birds lon - wal - lvp", "A lon - nth"]})
        assert where(after.position) == [("england", "lvp", None)]
        assert "england A lon" in units(after.position)
        codes = reasons(after.results, "england")
        assert "route_not_flown" in codes
        assert "left_behind" in codes

    def test_a_carried_armys_marks_follow_it_where_it_lands(self) -> None:
        position = with_birds(
            {"england": ["A lon"]},
            flock("england", "lon", "england"),
            extras={"devils": {"england lon": 2}},
        )
        after = resolve(position, {"england": ["birds lon - nth - den", "A lon - nth - den"]})
        assert dict(after.position.extras["devils"]) == {"england den": 1}

    def test_a_devil_army_that_drowns_still_costs_its_owner_a_unit(self) -> None:
        position = with_birds(
            {"england": ["A lon", "F edi", "F nwg"], "germany": ["A den"]},
            flock("england", "lon", "england"),
            extras={"devils": {"england lon": 2}},
        )
        after = resolve(position, {"england": ["birds lon - nth - den", "A lon - nth - den"]})
        assert "drowned" in reasons(after.results, "england")
        assert "devil_lost" in reasons(after.results, "england")
        assert len(after.position.units_of("england")) == 1


class TestScaringBirds:
    def test_a_flight_into_a_scared_zone_ends_in_the_last_free_province(self) -> None:
        position = with_birds({"germany": ["A kie"]}, flock("england", "lon"))
        after = resolve(
            position, {"england": ["birds lon - nth - hol - bel"], "germany": ["A kie scare"]}
        )
        stopped = result(after.results, "flight_stopped")
        assert (stopped.params["province"], stopped.params["dest"]) == ("nth", "hol")
        assert where(after.position) == [("england", "nth", None)]
        assert "scaring" in reasons(after.results, "germany")

    def test_a_flock_whose_first_step_is_scared_stays(self) -> None:
        position = with_birds({"france": ["A bel"]}, flock("england", "lon"))
        after = resolve(position, {"england": ["birds lon - nth"], "france": ["A bel scare"]})
        assert outcome_of(after.results, "flight_stopped") is Outcome.BOUNCE
        assert where(after.position) == [("england", "lon", None)]

    def test_a_carried_army_whose_flight_stops_at_sea_is_dropped_back(self) -> None:
        position = with_birds(
            {"england": ["A lon"], "germany": ["A kie"]}, flock("england", "lon", "england")
        )
        after = resolve(
            position,
            {"england": ["birds lon - nth - hol", "A lon - nth - hol"], "germany": ["A kie scare"]},
        )
        assert "england A lon" in units(after.position)
        assert result(after.results, "dropped").params["province"] == "lon"

    def test_a_scared_flock_flees_by_its_retreat_order(self) -> None:
        position = with_birds({"england": ["A lvp"]}, flock("france", "wal"))
        after = resolve(position, {"england": ["A lvp scare"], "france": ["birds wal R lon"]})
        assert where(after.position) == [("france", "lon", None)]
        assert "flock_fled" in reasons(after.results, "france")

    def test_birds_with_no_retreat_order_die(self) -> None:
        position = with_birds({"england": ["A lvp"]}, flock("france", "wal"))
        after = resolve(position, {"england": ["A lvp scare"]})
        assert where(after.position) == []
        assert result(after.results, "flock_untold").params["province"] == "wal"

    def test_a_flock_fleeing_into_the_scared_zone_dies_of_fright(self) -> None:
        position = with_birds({"england": ["A lvp"]}, flock("france", "wal"))
        after = resolve(position, {"england": ["A lvp scare"], "france": ["birds wal R yor"]})
        assert where(after.position) == []
        assert "flock_frightened" in reasons(after.results, "france")

    def test_a_flee_order_is_not_needed_when_nothing_scares_the_flock(self) -> None:
        position = with_birds({"england": ["A lvp"]}, flock("france", "wal"))
        after = resolve(position, {"france": ["birds wal R lon"]})
        assert where(after.position) == [("france", "wal", None)]
        assert outcome_of(after.results, "flee_not_needed") is Outcome.OK

    def test_only_a_holding_unit_scares_birds(self) -> None:
        position = with_birds({"england": ["A lvp"]}, flock("france", "wal"))
        after = resolve(position, {"england": ["A lvp scare", "A lvp - edi"]})
        assert "scare_not_holding" in reasons(after.results, "england")
        assert where(after.position) == [("france", "wal", None)]

    def test_a_scared_pick_up_fails_and_the_flock_must_flee(self) -> None:
        position = with_birds({"england": ["A lon", "F nth"]}, flock("england", "lon"))
        after = resolve(
            position,
            {"england": ["birds lon carry A lon", "A lon board", "F nth scare", "birds lon R wal"]},
        )
        assert "pickup_scared" in reasons(after.results, "england")
        assert where(after.position) == [("england", "wal", None)]


class TestFlocksAndTheBoard:
    def test_a_flock_shares_a_province_and_never_takes_a_center(self) -> None:
        position = with_birds(
            {"france": ["A bel"]},
            flock("england", "bel"),
            flock("germany", "bel"),
            phase="F1902M",
            centers={"france": ["bel"]},
        )
        after = resolve(position, {"england": ["birds bel - hol"]})
        assert after.position.ownership["bel"] == "france"
        assert "hol" not in after.position.ownership
        assert where(after.position) == [("germany", "bel", None), ("england", "hol", None)]

    def test_two_flocks_of_a_power_that_meet_join(self) -> None:
        position = with_birds(
            {"england": ["A lon"]}, flock("england", "lon", "england"), flock("england", "wal")
        )
        after = resolve(position, {"england": ["birds wal - lon"]})
        assert where(after.position) == [("england", "lon", "england")]
        assert "flocks_joined" in reasons(after.results, "england")

    def test_the_borg_eats_flocks_in_its_province_and_next_to_it(self) -> None:
        position = with_birds(
            {"russia": ["A stp"]},
            flock("russia", "lvn"),
            flock("russia", "war"),
            extras={"borg": "mos"},
        )
        after = resolve(position, {})
        assert after.position.extras["borg"] == "stp"
        assert where(after.position) == [("russia", "war", None)]
        assert result(after.results, "borg_ate_flock").params["province"] == "lvn"

    def test_llamas_blow_up_flocks_in_their_province(self) -> None:
        position = with_birds(
            {"austria": ["A vie"]},
            flock("austria", "boh"),
            extras={"llamas": {"austria": ["boh"]}},
        )
        after = resolve(position, {"austria": ["explode boh"]})
        assert where(after.position) == []
        assert "flock_blown_up" in reasons(after.results, "austria")

    def test_the_flocks_are_kept_in_the_extras_and_round_trip_through_json(self) -> None:
        position = with_birds({"england": ["A lon"]}, flock("england", "lon"))
        after = resolve(position, {"england": ["birds lon carry A lon", "A lon board"]}, seed=4)
        data = position_to_json(after.position)
        assert data["extras"]["birds"] == [
            {"carrying": "england", "power": "england", "province": "lon"}
        ]
        again, _orders = position_from_json(data)
        assert again == after.position
