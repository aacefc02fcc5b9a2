"""Rather Silly's Doctor and his TARDIS (issue 16; rules: "Doktor, Tardis"): each house rule
on the rules page as a named scenario."""

from __future__ import annotations

from adjudicator import Outcome, Position, resolve
from adjudicator.variants.rather_silly import MONSTER
from adjudicator.variants.rather_silly.doctor import Tardis, nearest_land
from tests.adjudicator.rather_silly import reasons, result, role_board, rs


def tardis(position: Position) -> Tardis:
    return Tardis.of(position)


def arriving(seed_wanted: bool) -> int:
    """A seed whose TARDIS draw keeps (True) or loses (False) its aim."""
    from adjudicator.chance import chance

    for seed in range(200):
        if (chance(seed, "tardis").random() < 0.5) is not seed_wanted:
            return seed
    raise AssertionError("no such seed")


class TestTheTardisComes:
    def test_it_comes_along_the_first_link_to_the_end_the_doctor_names(self) -> None:
        position = role_board({"england": ["F lon"]}, link=("alb", "yor"), phase="S1901M")
        after = resolve(position, {"doctor": ["T - yor"]}, seed=arriving(True))
        assert tardis(after.position).province == "yor"
        assert result(after.results, "tardis_arrived").params["province"] == "yor"

    def test_half_the_time_its_random_generator_fails_and_it_comes_out_elsewhere(self) -> None:
        position = role_board({"england": ["F lon"]}, link=("alb", "yor"), phase="S1901M")
        after = resolve(position, {"doctor": ["T - yor"]}, seed=arriving(False))
        astray = result(after.results, "tardis_astray").params["province"]
        where = tardis(after.position).province
        assert where is not None
        assert where != "swi"
        assert where not in rs().map.closed
        # Out at sea it rides a dolphin to the nearest land.
        if not rs().map.provinces[astray].is_land:
            assert result(after.results, "tardis_swam").params["province"] == where
        else:
            assert where == astray

    def test_a_sea_landing_ends_on_the_nearest_land_first_by_name(self) -> None:
        assert nearest_land(rs().map, "nth") == "bel"  # bel, den, edi, hol, lon, nwy, yor
        assert nearest_land(rs().map, "mao") == "bre"  # bre, gas, naf, por, spa
        position = role_board({"england": ["F lon"]}, link=("nth", "yor"), phase="S1901M")
        after = resolve(position, {"doctor": ["T - nth"]}, seed=arriving(True))
        assert tardis(after.position).province == "bel"
        swam = result(after.results, "tardis_swam")
        assert dict(swam.params) == {"sea": "nth", "province": "bel"}

    def test_without_a_link_it_waits_in_hyperspace(self) -> None:
        position = role_board({"england": ["F lon"]}, phase="S1901M")
        after = resolve(position, {"doctor": ["T - yor"]}, seed=1)
        assert tardis(after.position).province is None
        assert "tardis_waits" in reasons(after.results, "doctor")

    def test_it_comes_out_at_an_end_of_the_link_or_the_first_end(self) -> None:
        position = role_board({"england": ["F lon"]}, link=("alb", "yor"), phase="S1901M")
        after = resolve(position, {"doctor": ["T - par"]}, seed=arriving(True))
        assert "tardis_not_an_end" in reasons(after.results, "doctor")
        assert tardis(after.position).province == "alb"
        # Without a word from the Doctor it comes all the same.
        after = resolve(position, {}, seed=arriving(True))
        assert tardis(after.position).province == "alb"


class TestTheTardisMoves:
    def test_it_shares_a_province_and_moves_with_its_unit_given_the_same_move(self) -> None:
        position = role_board({"france": ["A par"]}, tardis="par")
        after = resolve(position, {"france": ["A par - bur"], "doctor": ["T - bur"]}, seed=1)
        assert tardis(after.position).province == "bur"
        assert "tardis_moved" in reasons(after.results, "doctor")

    def test_it_stays_when_its_unit_moves_elsewhere_or_bounces(self) -> None:
        position = role_board({"france": ["A par"], "germany": ["A mun"]}, tardis="par")
        after = resolve(position, {"france": ["A par - pic"], "doctor": ["T - bur"]}, seed=1)
        assert tardis(after.position).province == "par"
        assert result(after.results, "tardis_stayed").outcome is Outcome.BOUNCE
        bounce = {"france": ["A par - bur"], "germany": ["A mun - bur"], "doctor": ["T - bur"]}
        after = resolve(position, bounce, seed=1)
        assert tardis(after.position).province == "par"

    def test_alone_it_makes_no_move_on_the_map(self) -> None:
        position = role_board({"france": ["A mar"]}, tardis="par")
        after = resolve(position, {"doctor": ["T - bur"]}, seed=1)
        assert tardis(after.position).province == "par"

    def test_it_goes_through_the_hyperspace_link_alone(self) -> None:
        position = role_board({"france": ["A par"]}, tardis="par", link=("par", "mos"))
        after = resolve(position, {"doctor": ["T - mos"]}, seed=1)
        assert tardis(after.position).province == "mos"
        assert "tardis_through_hyperspace" in reasons(after.results, "doctor")

    def test_it_escapes_into_hyperspace_when_its_unit_is_dislodged(self) -> None:
        units = {"france": ["A bur"], "germany": ["A mun", "A ruh"]}
        attack = {"germany": ["A mun - bur", "A ruh S A mun - bur"]}
        position = role_board(units, tardis="bur")
        after = resolve(position, {**attack, "doctor": ["T escape"]}, seed=1)
        assert tardis(after.position).province is None
        assert "tardis_escaped" in reasons(after.results, "doctor")
        # Without the order it stays and befriends the newcomer.
        after = resolve(position, attack, seed=1)
        assert tardis(after.position).province == "bur"
        assert after.position.unit_in("bur").power == "germany"

    def test_the_escape_is_void_when_its_unit_holds_its_ground(self) -> None:
        position = role_board({"france": ["A bur"]}, tardis="bur")
        after = resolve(position, {"doctor": ["T escape"]}, seed=1)
        assert tardis(after.position).province == "bur"
        assert result(after.results, "tardis_no_escape").outcome is Outcome.OK

    def test_it_can_be_neither_eaten_nor_blown_up(self) -> None:
        position = role_board(
            {"austria": ["A boh"]},
            tardis="boh",
            extras={"borg": "sil", "llamas": {"austria": ["boh"]}},
        )
        after = resolve(position, {"austria": ["explode boh"]}, seed=1)
        assert "borg_ate" in reasons(after.results)
        assert tardis(after.position).province == "boh"

    def test_only_the_doctor_commands_it(self) -> None:
        position = role_board({"france": ["A par"]}, tardis="par")
        after = resolve(position, {"france": ["T - bur"]}, seed=1)
        assert result(after.results, "only_the_doctor").outcome is Outcome.VOID


class TestTheSiteTakesTheOrdersAsTyped:
    """The site checks an order alone as it is typed: the TARDIS's orders whose effect waits
    on the others' orders are taken; those wrong in any case are refused."""

    def test_orders_that_wait_on_others_are_taken(self) -> None:
        from adjudicator.game import check_order

        position = role_board({"france": ["A par"]}, tardis="par")
        for text in ("T - bur", "T escape", "T destroy bur"):
            assert check_order(position, "doctor", text) is None, text

    def test_a_landing_with_no_link_is_refused(self) -> None:
        from adjudicator.game import check_order

        position = role_board({"france": ["A par"]}, tardis=None)
        problem = check_order(position, "doctor", "T - yor")
        assert problem is not None
        assert problem.reason.value == "tardis_waits"


class TestTheDoctorsPoints:
    def test_he_destroys_a_monster_sharing_his_province_for_a_point(self) -> None:
        position = role_board({MONSTER: ["F bre"]}, tardis="bre", points=2)
        after = resolve(position, {"doctor": ["T destroy sea monster in bre"]}, seed=1)
        assert after.position.unit_in("bre") is None
        assert tardis(after.position).points == 3
        assert "monster_destroyed" in reasons(after.results, "doctor")

    def test_a_monster_elsewhere_is_out_of_reach(self) -> None:
        position = role_board({MONSTER: ["F bre"]}, tardis="par")
        after = resolve(position, {"doctor": ["T destroy bre"]}, seed=1)
        landed = [c for c in reasons(after.results) if c.endswith("monster_appeared")]
        assert [u.power for u in after.position.units].count(MONSTER) == 1 + len(landed)
        assert result(after.results, "no_monster_there").outcome is Outcome.BOUNCE
        assert tardis(after.position).points == 0

    def test_a_devil_unit_sharing_his_province_is_exorcised_for_a_point(self) -> None:
        position = role_board(
            {"france": ["A par"]}, tardis="par", extras={"devils": {"france par": 2}}
        )
        after = resolve(position, {}, seed=1)
        assert "devils" not in after.position.extras
        assert tardis(after.position).points == 1
        told = result(after.results, "exorcised")
        assert dict(told.params) == {"unit": "A par", "owner": "france"}
        # No unit is lost for it (unlike a devil unit destroyed).
        assert "devil_lost" not in reasons(after.results)
        assert len(after.position.units_of("france")) == 1

    def test_he_takes_a_center_standing_alone_there_after_the_fall(self) -> None:
        position = role_board({"france": ["A mar"]}, tardis="bel", phase="F1902M")
        after = resolve(position, {}, seed=1)
        assert after.position.ownership.get("bel") == "doctor"
        shared = role_board({"france": ["A bel"]}, tardis="bel", phase="F1902M")
        after = resolve(shared, {}, seed=1)
        assert after.position.ownership.get("bel") == "france"

    def test_he_builds_in_any_free_center_he_owns(self) -> None:
        position = role_board(
            {"france": ["A mar"]},
            tardis="bel",
            phase="W1902A",
            centers={"doctor": ["bel", "hol"], "france": ["mar", "par", "bre"]},
        )
        assert rs().build_sites(position, "doctor") == ("bel", "hol")
        assert "doctor" in rs().orders_due(position)
        after = resolve(position, {"doctor": ["A hol B"]}, seed=1)
        assert after.position.unit_in("hol").power == "doctor"

    def test_the_doctor_builds_in_the_free_centers_he_owns_so_the_winter_opens_for_him(
        self,
    ) -> None:
        # "er stellt Einheiten in jedem freien VZ auf, das er besitzt": after a fall where
        # he owns two centers and has no unit (the TARDIS is none) while every great power
        # is even, the winter opens for him alone, and his build stands.
        fall = role_board(
            {"france": ["A mar", "A par", "F bre"]},
            tardis="bur",
            phase="F1902M",
            centers={"doctor": ["bel", "hol"], "france": ["mar", "par", "bre"]},
        )
        after = resolve(fall, {}, seed=1)
        assert str(after.position.phase) == "W1902A"
        assert rs().orders_due(after.position) == {"doctor"}
        built = resolve(after.position, {"doctor": ["A hol B"]}, seed=1)
        assert built.position.unit_in("hol").power == "doctor"

    def test_he_wins_with_thirty_centers_and_points_after_any_phase(self) -> None:
        centers = {"doctor": ["bel", "hol", "den", "nwy", "swe"]}
        position = role_board({"france": ["A mar"]}, tardis="par", points=24, centers=centers)
        assert not rs().finished(position)
        won = role_board({"france": ["A mar"]}, tardis="par", points=25, centers=centers)
        assert rs().finished(won)
        assert rs().winners_of(won) == ("doctor",)

    def test_a_win_shared_with_a_great_power_in_the_same_phase(self) -> None:
        france = ["bel", "hol", "den", "nwy", "swe", "par", "mar", "bre", "spa", "por"]
        france += ["lon", "lvp", "edi", "mun", "ber", "kie", "ven", "rom"]
        position = role_board(
            {"france": ["A mar"]},
            tardis="par",
            points=30,
            centers={"france": france},
        )
        assert rs().winners_of(position) == ("france", "doctor")
