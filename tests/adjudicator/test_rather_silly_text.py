"""Rather Silly, statement by statement (issue 34, "One table, rule by rule"): the statements
of ../shared/rules/rather-silly.de.txt that no other scenario proved, each as a scenario
named after the rule it proves. docs/rules/rather_silly.md is the table that maps every
checkable statement of the text to its test, here or in the other test_rather_silly*
files; tests/adjudicator/test_rule_tables.py keeps that table honest."""

from __future__ import annotations

from typing import Any

import pytest

from adjudicator import Outcome, Position, check_order, legal_orders, resolve, start
from adjudicator.io import position_from_json
from adjudicator.variants.rather_silly import MONSTER
from adjudicator.variants.rather_silly.doctor import Tardis
from tests.adjudicator.rather_silly import board, reasons, result, role_board, rs
from tests.adjudicator.test_rather_silly_birds import flock, where, with_birds

#: Eighteen centers, none of them a great power's concern here: enough to win.
EIGHTEEN = [
    "bel", "hol", "den", "nwy", "swe", "par", "mar", "bre", "spa",
    "por", "lon", "lvp", "edi", "mun", "ber", "kie", "ven", "rom",
]  # fmt: skip


def units(position: Position) -> set[tuple[str, str]]:
    return {(u.power, u.location) for u in position.units}


def outcome(results: Any, power: str, order: str) -> Outcome:
    found = [r for r in results if r.power == power and str(r.order) == order]
    assert found, f"no result for {power}: {order} among {[str(r) for r in results]}"
    return found[0].outcome  # type: ignore[no-any-return]


class TestTheGame:
    """ "Es gelten die allgemein bekannten Standard-Diplomacy-Regeln, soweit sie nicht im
    folgenden Text verändert wurden"; the infobox: 11 players, 34 centers."""

    def test_the_standard_rules_hold_where_the_text_changes_nothing(self) -> None:
        # Far from the Borg, the monsters and the tunnel: a supported attack dislodges, an
        # attack on the supporter cuts its support, a convoy carries an army.
        position = board(
            {
                "england": ["F nth", "A lon"],
                "germany": ["A hol", "A kie"],
                "france": ["A bel", "A ruh"],
            },
            extras={"borg": "syr"},
        )
        attack = {"france": ["A bel - hol", "A ruh S A bel - hol"]}
        supported = resolve(position, attack, seed=1)
        assert ("france", "hol") in units(supported.position)
        assert ("germany", "hol") not in units(supported.position)  # driven out, nowhere to go
        cut = resolve(position, {**attack, "germany": ["A kie - ruh"]}, seed=1)
        assert outcome(cut.results, "france", "A ruh S A bel - hol") is Outcome.CUT
        assert ("germany", "hol") in units(cut.position)
        convoyed = resolve(position, {"england": ["A lon - nwy", "F nth C A lon - nwy"]}, seed=1)
        assert ("england", "nwy") in units(convoyed.position)

    def test_eleven_players_the_seven_great_powers_and_four_roles(self) -> None:
        seats = rs().seats({"roles": True})
        assert len(seats) == 11
        assert seats[:7] == rs().powers
        assert set(seats[7:]) == {"fool", "superbrain", "doctor", "fortune_teller"}

    def test_the_board_has_34_supply_centers(self) -> None:
        assert len(rs().map.supply_centers) == 34
        assert not {"ice", "cre"} & rs().map.supply_centers


class TestTheBorgText:
    """ "Borg": the statements the other Borg scenarios leave out."""

    def test_the_borg_starts_off_the_board(self) -> None:
        # "Anfangs befindet er sich noch außerhalb des Spielbretts"
        opening = start(rs(), {})
        assert opening.extras["borg"] is None
        spring = resolve(opening, {}, seed=2).position
        assert str(spring.phase) == "S1901M"
        assert spring.extras["borg"] is None

    def test_the_borg_is_indestructible(self) -> None:
        # "eine riesige, unzerstörbare Kreatur": the llamas exploding where it stands
        # leave it there, and a unit moving in is eaten, never the Borg.
        position = board(
            {"austria": ["A vie"], "germany": ["A mun"]},
            extras={"borg": "boh", "llamas": {"austria": ["boh"]}},
        )
        after = resolve(position, {"austria": ["explode boh"], "germany": ["A mun - boh"]}, seed=1)
        assert result(after.results, "llamas_exploded").params["province"] == "boh"
        assert result(after.results, "borg_ate").params["unit"] == "A boh"
        assert after.position.extras["borg"] == "boh"

    def test_a_lone_unit_next_to_it_is_eaten(self) -> None:
        # "Falls neben ihm nur eine Einheit stehen sollte, isst er diese": Ukraine's army is
        # the only unit next to Sevastopol; Ankara's, with more around it, is not next to it.
        position = board(
            {"russia": ["A ukr"], "turkey": ["A ank", "A con", "A smy"]}, extras={"borg": "sev"}
        )
        after = resolve(position, {}, seed=1)
        assert after.position.extras["borg"] == "ukr"
        assert result(after.results, "borg_ate").params["unit"] == "A ukr"
        assert ("turkey", "ank") in units(after.position)

    def test_a_tie_between_its_neighbours_is_broken_by_the_units_further_out(self) -> None:
        # "Bei Gleichstand wird durchgezählt, wieviele Nachbarn die Nachbareinheiten haben,
        # usw.": from Bohemia, Munich's and Vienna's armies have no unit next to them;
        # two steps out Munich has two (Vienna's and Holland's), Vienna one (Munich's).
        position = board(
            {"germany": ["A mun", "A hol"], "austria": ["A vie"]}, extras={"borg": "boh"}
        )
        after = resolve(position, {}, seed=1)
        assert [r.reason.value for r in after.results if r.power == "borg"] == ["borg_moved"]
        assert after.position.extras["borg"] == "mun"
        assert result(after.results, "borg_ate").params["unit"] == "A mun"

    def test_as_an_amphibian_it_eats_fleets_and_crosses_the_sea(self) -> None:
        # "Da er eine Amphibie ist, macht er keinen Unterschied zwischen Armeen und
        # Flotten": from Heligoland Bight it steps onto the North Sea's fleet and eats it.
        position = board({"england": ["F nth"]}, extras={"borg": "hel"})
        after = resolve(position, {}, seed=1)
        assert after.position.extras["borg"] == "nth"
        ate = result(after.results, "borg_ate")
        assert (ate.params["unit"], ate.params["owner"]) == ("F nth", "england")

    @pytest.mark.parametrize("kind", ["amazon", "dirtbag"])
    def test_the_borg_eats_amazons_and_dirtbag_armies(self, kind: str) -> None:
        # "außer BORG, der sie als besondere Leckerbissen betrachtet"; "wird ebenfalls von
        # BORG (der nicht wählerisch ist) gefressen"
        position = board(
            {"austria": ["A boh"]}, extras={"borg": "sil", "kinds": {"austria boh": kind}}
        )
        after = resolve(position, {}, seed=1)
        assert result(after.results, "borg_ate").params["unit"] == "A boh"
        assert "kinds" not in after.position.extras


class TestTheLlamasText:
    """ "Lama": who settles herds, when, and what an explosion spares."""

    def test_only_the_seven_great_powers_settle_herds(self) -> None:
        # "Jede der sieben Großmächte darf im Winter 1900 ... eine Lamaherde ansiedeln"
        after = resolve(
            start(rs(), {"roles": True}),
            {"fool": ["herd nth"], "doctor": ["herd yor"], "england": ["herd nth"]},
            seed=1,
        )
        assert outcome(after.results, "fool", "herd nth") is Outcome.ILLEGAL
        assert outcome(after.results, "doctor", "herd yor") is Outcome.ILLEGAL
        assert dict(after.position.extras["llamas"]) == {"england": ("nth",)}

    def test_herds_settle_in_winter_1900_only_and_never_move(self) -> None:
        # "im Winter 1900 ... ansiedeln"; "Diese Herden bewegen sich nicht"
        spring = board({"austria": ["A vie"]}, extras={"llamas": {"austria": ["boh"]}})
        problem = check_order(spring, "austria", "herd gal")
        assert problem is not None
        assert problem.reason.value == "wrong_phase"
        after = resolve(spring, {"austria": ["herd gal", "A vie - gal"]}, seed=1)
        assert outcome(after.results, "austria", "herd gal") is Outcome.ILLEGAL
        assert ("austria", "gal") in units(after.position)
        assert dict(after.position.extras["llamas"]) == {"austria": ("boh",)}

    def test_an_explosion_spares_the_borg_and_other_herds(self) -> None:
        # "zerstören jede Einheit ... (mit Ausnahme von BORG, TARDIS und anderen LAMAS)":
        # Vienna's army walks into the Borg in Bohemia (eaten: the Borg stays); Austria's
        # herd there explodes; the Borg and Germany's herd there are still there.
        position = board(
            {"austria": ["A vie"], "russia": ["A mos"]},
            extras={"borg": "boh", "llamas": {"austria": ["boh"], "germany": ["boh"]}},
        )
        after = resolve(position, {"austria": ["A vie - boh", "explode boh"]}, seed=1)
        assert result(after.results, "borg_stayed").params["province"] == "boh"
        assert result(after.results, "llamas_exploded").power == "austria"
        assert after.position.extras["borg"] == "boh"
        assert dict(after.position.extras["llamas"]) == {"germany": ("boh",)}

    def test_the_llamas_explode_before_the_retreats(self) -> None:
        # "Ihre Explosionen folgen unmittelbar auf die Bewegungsphasen, d.h. vor den
        # Rückzügen": Austria's army, driven out of Bohemia, is blown up with the winner
        # there before it can retreat, and no retreat phase follows.
        position = board(
            {"austria": ["A boh"], "germany": ["A mun", "A sil"]},
            extras={"borg": "syr", "llamas": {"austria": ["boh"]}},
        )
        after = resolve(
            position,
            {"germany": ["A mun - boh", "A sil S A mun - boh"], "austria": ["explode boh"]},
            seed=1,
        )
        blown = [r for r in after.results if r.reason and r.reason.value == "blown_up_by_llamas"]
        assert {(r.params["unit"], r.params["owner"]) for r in blown} == {
            ("A boh", "austria"),
            ("A boh", "germany"),
        }
        assert after.position.dislodged == ()
        assert str(after.position.phase) == "F1902M"


class TestTheMonstersText:
    """ "Seemonster" and "Weltraummonster": where they land, what they go for, their
    strength, and that their number owes nothing to centers."""

    @pytest.mark.parametrize(
        ("phase", "code", "land"),
        [("S1902M", "sea_monster_appeared", False), ("F1902M", "space_monster_appeared", True)],
    )
    def test_a_monster_lands_only_on_a_free_province_of_its_kind(
        self, phase: str, code: str, land: bool
    ) -> None:
        # "in einem unbesetzten See- bzw. Küstenfeld"; "nur auf freie Landgebiete": with
        # every great power's units on the board, seed after seed.
        opening = start(rs(), {})
        crowded = {p: [str(u) for u in opening.units_of(p)] for p in rs().powers}
        position = board(crowded, phase=phase, extras={"borg": "nao"})
        taken = {u.province for u in position.units} | {"nao"}
        game_map = rs().map
        for seed in range(12):
            after = resolve(position, {}, seed=seed)
            site = result(after.results, code).params["location"]
            province = game_map.location_province[site]
            assert province not in taken, (seed, site)
            terrain = game_map.province(province)
            if land:
                assert terrain.is_land
            else:
                assert terrain.is_sea or terrain.terrain.value == "coast"

    def test_a_monster_goes_for_a_center_whose_unit_has_none_around_before_the_rest(
        self,
    ) -> None:
        # "danach zu angrenzenden Zentren mit Einheiten, aber ohne Nachbareinheiten":
        # from Bohemia, Munich's army stands alone, Vienna's has Budapest's beside it.
        position = board(
            {MONSTER: ["A boh"], "germany": ["A mun"], "austria": ["A vie", "A bud"]},
            extras={"borg": "syr"},
        )
        assert list(rs().standing_orders(position, 1)[MONSTER]) == ["A boh - mun"]

    def test_a_monster_is_driven_off_by_units_but_still_goes_for_a_center(self) -> None:
        # "schließlich zu angrenzenden Zentren mit Einheiten und mit Nachbareinheiten";
        # "werden die SEEMONSTER von ihnen abgestoßen (wobei sie trotzdem versuchen, so
        # schnell wie möglich ein Küsten-VZ einzunehmen)": both centers have units around
        # them; it goes for Munich (one around it) rather than Vienna (two), and takes it
        # (strength 2 against 1).
        position = board(
            {
                MONSTER: ["A boh"],
                "germany": ["A mun", "A ber"],
                "austria": ["A vie", "A bud", "A tri"],
            },
            extras={"borg": "syr"},
        )
        assert list(rs().standing_orders(position, 1)[MONSTER]) == ["A boh - mun"]
        after = resolve(position, {}, seed=1)
        assert (MONSTER, "mun") in units(after.position)
        assert [d.unit.power for d in after.position.dislodged] == ["germany"]

    def test_a_monster_takes_the_center_it_holds_after_the_fall(self) -> None:
        # "SEEMONSTER sind Flotten ..., die Versorgungszentren (VZ) erobern wollen"
        position = board({MONSTER: ["A bud"], "russia": ["A mos"]}, phase="F1902M")
        after = resolve(position, {}, seed=1)
        assert after.position.ownership["bud"] == MONSTER

    def test_a_space_monster_has_strength_two(self) -> None:
        # "Bei ihnen handelt es sich um Armeen mit der Stärke 2": Belgium's space monster
        # holds against one supported attack (2 against 2) and falls to two supports.
        position = board(
            {MONSTER: ["A bel"], "france": ["A pic", "A bur"], "germany": ["A hol"]},
            extras={"borg": "syr"},
        )
        held = resolve(position, {"france": ["A pic - bel", "A bur S A pic - bel"]}, seed=1)
        assert (MONSTER, "bel") in units(held.position)
        taken = resolve(
            position,
            {"france": ["A pic - bel", "A bur S A pic - bel"], "germany": ["A hol S A pic - bel"]},
            seed=1,
        )
        assert ("france", "bel") in units(taken.position)
        assert [d.unit.power for d in taken.position.dislodged] == [MONSTER]

    def test_a_space_monster_moves_like_a_sea_monster(self) -> None:
        # "... die ebenfalls Versorgungszentren erobern wollen und sich wie SEEMONSTER
        # bewegen": from Bohemia to Vienna, the adjacent center without a unit.
        position = board(
            {MONSTER: ["A boh"], "germany": ["A mun", "A ber"]}, extras={"borg": "syr"}
        )
        after = resolve(position, {}, seed=1)
        assert (MONSTER, "vie") in units(after.position)

    def test_monsters_neither_breed_nor_depend_on_their_centers(self) -> None:
        # "Keine Monster-Art kann sich fortpflanzen und ihre Anzahl hängt nicht von den VZ
        # ab, in denen sie hausen": three centers and one monster build nothing; two
        # monsters without a center lose none.
        rich = board(
            {MONSTER: ["A bud"], "france": ["A par"]},
            phase="W1902A",
            centers={MONSTER: ["bud", "vie", "tri"], "france": ["par"]},
        )
        assert MONSTER not in rs().adjustment_seats(rich)
        assert not rs().adjustments_needed(rich)
        poor = board(
            {MONSTER: ["A boh", "F nao"], "france": ["A par"]},
            phase="F1902M",
            centers={"france": ["par"]},
        )
        after = resolve(poor, {}, seed=1)
        assert str(after.position.phase) == "S1903M"  # no winter: nothing to adjust
        monsters = [u for u in after.position.units if u.power == MONSTER]
        assert len(monsters) == 3  # the two, and the space monster the fall brought


class TestDevilUnitsText:
    """ "Teuflische Einheit": what a devil unit costs, and who may not sell."""

    def test_a_devil_unit_needs_only_one_supply_center(self) -> None:
        # "verdoppelt sich die Stärke ..., auch wenn die Einheit nur ein VZ zu ihrer
        # Versorgung benötigt": three units, one a devil, on three centers owe nothing.
        winter = board(
            {"france": ["A par", "A mar", "F bre"]},
            phase="W1902A",
            centers={"france": ["par", "mar", "bre"]},
            extras={"devils": {"france par": 1}},
        )
        assert rs().adjustment(winter, "france") == 0
        assert "france" not in rs().orders_due(winter)

    @pytest.mark.parametrize(
        ("power", "unit", "kind"),
        [
            ("france", "A par", "extra"),  # bought with the Superbrain's shares
            ("france", "A par", "amazon"),
            ("france", "A par", "dirtbag"),
            ("superbrain", "F ice", None),  # placed when nobody answered right
            ("fortune_teller", "A par", None),  # merged from a foretold bounce
        ],
    )
    def test_the_superbrains_and_the_fortune_tellers_units_amazons_and_dirtbag_armies_sell_no_soul(
        self, power: str, unit: str, kind: str | None
    ) -> None:
        # "Die durch Superhirnfragen oder den Einfluss des Wahrsagers entstandenen Einheiten
        # dürfen ihre Seele nicht verkaufen, ebenso wie die A®MAZONEN und
        # DRECKSACKARMEEN."
        location = unit.split()[1]
        extras = {"kinds": {f"{power} {location}": kind}} if kind else {}
        position = role_board({power: [unit]}, extras=extras)
        after = resolve(position, {power: [f"sell {unit}"]}, seed=1)
        assert result(after.results, "soul_not_for_sale").outcome is Outcome.VOID
        assert "devils" not in after.position.extras


class TestTheTunnelText:
    def test_switzerland_stays_impassable(self) -> None:
        # "Die Schweiz bleibt zwar unzugänglich": no order reaches it, no step of the Borg
        # or a monster, no landing.
        position = board({"germany": ["A mun"], "italy": ["A pie"]})
        problem = check_order(position, "germany", "A mun - swi")
        assert problem is not None
        assert problem.outcome is Outcome.ILLEGAL
        assert not any("swi" in str(o) for o in legal_orders(position, "germany")["mun"])
        assert "swi" not in rs().borg_graph()
        assert not rs().map.provinces["swi"].is_land
        assert not rs().map.provinces["swi"].is_sea


class TestTheHyperspaceVoteText:
    def test_every_player_votes_once_a_season_the_last_vote_counting(self) -> None:
        # "Vor jeder Jahreszeit darf jeder Spieler eine Wahlstimme ... abgeben": the Fool
        # and the Doctor vote as the great powers do; France's second vote replaces her
        # first, so London-Paris has two votes to one.
        position = role_board({"france": ["A par"]}, phase="S1902M")
        after = resolve(
            position,
            {
                "fool": ["vote lon - par"],
                "doctor": ["vote lon - par"],
                "france": ["vote rom - tun", "vote bur - mun"],
            },
            seed=1,
        )
        assert outcome(after.results, "fool", "vote lon - par") is Outcome.OK
        assert "vote_replaced" in reasons(after.results, "france")
        chosen = result(after.results, "hyperspace_link")
        assert (chosen.params["source"], chosen.params["dest"], chosen.params["votes"]) == (
            "lon",
            "par",
            "2",
        )


class TestTheBirdsText:
    def test_flocks_cross_each_other_on_the_way(self) -> None:
        # "Vogelschwärme können einander unterwegs problemlos kreuzen": England's flock and
        # France's swap Wales and London, and neither stops the other.
        position = with_birds({}, flock("england", "lon"), flock("france", "wal"))
        after = resolve(position, {"england": ["birds lon - wal"], "france": ["birds wal - lon"]})
        assert where(after.position) == [("france", "lon", None), ("england", "wal", None)]

    def test_a_carried_army_has_its_strength_again_once_landed(self) -> None:
        # "Auch Armeen haben während des Transports durch Vögel die Stärke null und
        # erhalten ihre vorherige Stärke erst wieder mit der Landung auf dem Boden":
        # landed in Denmark, the army holds against one attack.
        position = with_birds({"england": ["A lon"]}, flock("england", "lon", "england"))
        landed = resolve(position, {"england": ["birds lon - nth - den", "A lon - nth - den"]})
        assert ("england", "den") in units(landed.position)
        army = landed.position.unit_in("den")
        assert army is not None
        assert rs().unit_strength(army, landed.position) == 1
        attacked = landed.position.with_changes(
            units=[*landed.position.units, *board({"germany": ["A kie"]}).units]
        )
        after = resolve(attacked, {"germany": ["A kie - den"]}, seed=2)
        assert ("england", "den") in units(after.position)


class TestTheAmazonsText:
    def test_an_amazon_seduces_her_own_side_too(self) -> None:
        # "Eine A®MAZONE kann durchaus auch eigene Einheiten ... verführen"
        position = board({"france": ["A par", "A bur"]}, extras={"kinds": {"france par": "amazon"}})
        after = resolve(position, {"france": ["A par seduce A bur", "A bur - mun"]}, seed=1)
        assert result(after.results, "seduced").params["owner"] == "france"
        assert result(after.results, "seduced_away").power == "france"
        assert ("france", "bur") in units(after.position)  # it bounced off her, moving in

    def test_the_danish_amazon_driven_out_with_neither_kiel_nor_sweden_dies(self) -> None:
        # "Falls durch diese Bewegung aus angrenzenden Feldern die dänische A®MAZONE zum
        # Rückzug gezwungen wird, und ihr dazu weder Kiel noch Schweden zur Verfügung
        # stehen, stirbt sie": the North Sea's fleet, pulled into Denmark, drives her out;
        # with Kiel and Sweden held she dies, with them free she may retreat there alone.
        amazon = {"kinds": {"germany den": "amazon"}}
        boxed = board(
            {"germany": ["A den"], "england": ["F nth"], MONSTER: ["A kie", "A swe"]},
            extras=amazon,
        )
        after = resolve(boxed, {"germany": ["A den seduce all fleets"]}, seed=1)
        assert ("england", "den") in units(after.position)
        assert not after.position.units_of("germany")
        assert after.position.dislodged == ()
        free = board({"germany": ["A den"], "england": ["F nth"]}, extras=amazon)
        after = resolve(free, {"germany": ["A den seduce all fleets"]}, seed=1)
        [driven] = after.position.dislodged
        assert (str(driven.unit), sorted(driven.retreats)) == ("A den", ["kie", "swe"])


class TestTheDirtbagArmiesText:
    def test_a_dirtbag_army_cancels_every_amazon_next_to_it_and_no_other(self) -> None:
        # "durch den die Verführbefehle sämtlicher A®MAZONEN, die sich in Nachbargebieten
        # aufhalten, annuliert werden": the rogue army in Burgundy cancels both French
        # Amazons next to it (Paris, Picardy); the one in Brest, farther off, seduces.
        position = board(
            {
                "germany": ["A bur", "A mun", "A ruh", "F eng"],
                "france": ["A par", "A pic", "A bre"],
            },
            extras={
                "kinds": {
                    "germany bur": "dirtbag",
                    "france par": "amazon",
                    "france pic": "amazon",
                    "france bre": "amazon",
                }
            },
        )
        after = resolve(
            position,
            {
                "germany": ["A bur distract"],
                "france": ["A par seduce A mun", "A pic seduce A ruh", "A bre seduce F eng"],
            },
            seed=1,
        )
        cancelled = [
            str(r.order) for r in after.results if r.reason and r.reason.value == "seduce_cancelled"
        ]
        assert sorted(cancelled) == ["A par seduce A mun", "A pic seduce A ruh"]
        assert result(after.results, "seduced").params["unit"] == "F eng"


class TestTheFoolText:
    def test_the_fool_never_has_units_of_his_own(self) -> None:
        # "Er hat nie eigene Einheiten": a whole share buys him no extra unit (it commands
        # one more unit instead), in a spring or a winter.
        for phase in ("S1902M", "W1902A"):
            position = role_board(
                {"france": ["A par"]},
                phase=phase,
                centers={"france": ["par", "mar", "bre"]},
                extras={"shares": {"fool": "1"}},
            )
            after = resolve(position, {"fool": ["extra A mar"]}, seed=1)
            assert outcome(after.results, "fool", "extra A mar") is Outcome.VOID
            assert not after.position.units_of("fool")


class TestTheSuperbrainText:
    def test_shares_add_up_season_by_season(self) -> None:
        # "Diese (50 %, 33,3 %, 25 %, etc.) Anteile werden von jedem Spieler gesammelt, bis
        # er eine mindestens 100 % für die Extra-Einheit zusammen hat": France held a half;
        # two right replies earn a half each; France now holds a whole share.
        spring = board({"france": ["A par"]}, phase="S1902M", extras={"shares": {"france": "1/2"}})
        fall = resolve(
            spring, {"superbrain": ["ask Which river?", "answer Rhine"]}, seed=1
        ).position
        judged = fall.with_changes(
            extras={**fall.extras, "decisions": {"superbrain S1902": "france, germany"}}
        )
        after = resolve(judged, {"france": ["reply Rhine"], "germany": ["reply Rhine"]}, seed=2)
        assert dict(after.position.extras["shares"]) == {"france": "1", "germany": "1/2"}

    def test_an_extra_unit_is_built_in_a_spring_or_a_winter_one_a_season(self) -> None:
        # "Durch SUPERHIRN-Fragen erhaltene Einheiten können in jedem beliebigen Sommer oder
        # Winter aufgebaut werden – aber nie mehr als eine pro Jahreszeit" (the site's
        # seasons: spring and fall; "Sommer" is read as the spring).
        shares = {"shares": {"france": "2"}}
        winter = board(
            {"france": ["A bur"]},
            phase="W1902A",
            centers={"france": ["par", "mar", "bre"]},
            extras=shares,
        )
        after = resolve(winter, {"france": ["extra A par", "extra A mar"]}, seed=1)
        assert result(after.results, "extra_built").params["unit"] == "A par"
        assert outcome(after.results, "france", "extra A mar") is Outcome.VOID
        assert dict(after.position.extras["shares"]) == {"france": "1"}
        fall = board({"france": ["A bur"]}, phase="F1902M", extras=shares)
        after = resolve(fall, {"france": ["extra A par"]}, seed=1)
        assert outcome(after.results, "france", "extra A par") is Outcome.VOID

    def test_a_lost_extra_unit_is_not_replaced(self) -> None:
        # "Für sie wird kein Versorgungszentrum benötigt, aber sie werden auch nicht
        # ersetzt, sollten sie zerstört oder aufgegessen werden": the Borg eats France's
        # extra army; the share stays spent and no build is owed for it.
        position = board(
            {"france": ["A par", "A mar", "F bre", "A bur"]},
            phase="F1902M",
            centers={"france": ["par", "mar", "bre"]},
            extras={"borg": "ruh", "kinds": {"france bur": "extra"}},
        )
        after = resolve(position, {}, seed=1)
        assert result(after.results, "borg_ate").params["unit"] == "A bur"
        assert "shares" not in after.position.extras
        assert rs().adjustment(after.position, "france") == 0
        assert str(after.position.phase) == "S1903M"


class TestTheDoctorText:
    def test_the_doctor_begins_with_the_tardis_alone(self) -> None:
        # "Der DOKTOR beginnt das Spiel mit einer einzigen Einheit, dem unzerstörbaren
        # TARDIS": no unit, no center; the TARDIS waits to come along the first link.
        opening = start(rs(), {"roles": True})
        assert not opening.units_of("doctor")
        assert not opening.centers_of("doctor")
        assert "tardis" not in opening.extras

    def test_the_borg_is_neither_drawn_by_the_tardis_nor_moves_it(self) -> None:
        # "Von BORG kann er weder gefressen noch irgendwie beeinflusst werden": next to the
        # Borg the TARDIS draws it nowhere (it heads for Moscow's army); where the Borg eats
        # the TARDIS's unit, the TARDIS stays.
        alone = role_board({"russia": ["A mos"]}, tardis="boh", extras={"borg": "mun"})
        after = resolve(alone, {}, seed=1)
        assert after.position.extras["borg"] != "boh"
        assert Tardis.of(after.position).province == "boh"
        shared = role_board({"austria": ["A boh"]}, tardis="boh", extras={"borg": "mun"})
        after = resolve(shared, {}, seed=1)
        assert result(after.results, "borg_ate").params["unit"] == "A boh"
        assert Tardis.of(after.position).province == "boh"

    def test_the_tardis_needs_no_supply_center(self) -> None:
        # "Allerdings benötigt TARDIS kein eigenes VZ, um am Leben zu bleiben": no center
        # after the fall, and no winter opens for the Doctor to lose it.
        fall = role_board(
            {"france": ["A mar", "A par", "F bre"]},
            tardis="bur",
            phase="F1902M",
            centers={"france": ["mar", "par", "bre"]},
        )
        after = resolve(fall, {}, seed=1)
        assert str(after.position.phase) == "S1903M"
        assert Tardis.of(after.position).province == "bur"


class TestTheFortuneTellerText:
    def test_the_merged_unit_is_of_the_kind_most_of_them_were(self) -> None:
        # "Diese neue Einheit ist automatisch von demselben Typ, wie die Mehrzahl der am
        # Bounce beteiligten Einheiten": two fleets and an army bounce in Belgium: a fleet,
        # though he named no kind.
        position = board({"england": ["F nth", "F eng"], "france": ["A bur"]})
        after = resolve(
            position,
            {
                "england": ["F nth - bel", "F eng - bel"],
                "france": ["A bur - bel"],
                "fortune_teller": ["predict bel"],
            },
            seed=1,
        )
        assert result(after.results, "prediction_right").params["unit"] == "F bel"
        assert reasons(after.results).count("merged_by_fortune_teller") == 3

    def test_the_merged_unit_is_male_and_heterosexual(self) -> None:
        # "die sexuelle Orientierung der auf diese Weise entstandenen Einheit ist stets 100%
        # männlich und hetero": a fifth fleet merged into the Fortune-teller's fleet leaves
        # no mark on it, and an Amazon seduces it the next season.
        position = board(
            {"england": ["F nth"], "france": ["F eng"], "germany": ["A hol"]},
            extras={"kinds": {"france eng": "fifth_fleet", "germany hol": "amazon"}},
        )
        merged = resolve(
            position,
            {
                "england": ["F nth - bel"],
                "france": ["F eng - bel"],
                "fortune_teller": ["predict bel"],
            },
            seed=1,
        ).position
        assert dict(merged.extras["kinds"]) == {"germany hol": "amazon"}
        after = resolve(merged, {"germany": ["A hol seduce F bel"]}, seed=1)
        assert result(after.results, "seduced").params["owner"] == "fortune_teller"

    def test_powers_rebuild_the_units_lost_to_a_merge_the_next_winter(self) -> None:
        # "Mächte, die durch diesen Prozess Einheiten verloren haben, können sie
        # selbstverständlich im folgenden Winter nachbauen, sofern die Anzahl der
        # Versorgungszentren das ermöglicht"
        fall = board(
            {"france": ["A par", "A mar", "F bre"], "germany": ["A mun"]},
            phase="F1902M",
            centers={"france": ["par", "mar", "bre"], "germany": ["mun", "ber", "kie"]},
        )
        after = resolve(
            fall,
            {
                "france": ["A par - bur"],
                "germany": ["A mun - bur"],
                "fortune_teller": ["predict bur"],
            },
            seed=1,
        )
        winter = after.position
        assert str(winter.phase) == "W1902A"
        assert rs().adjustment(winter, "france") == 1
        built = resolve(winter, {"france": ["A par B"], "germany": ["A mun B"]}, seed=1)
        assert {("france", "par"), ("germany", "mun")} <= units(built.position)


class TestTheSeasonText:
    def test_orders_are_never_conditional(self) -> None:
        # "Zugabgaben können nur mit Bezug auf frühere Spielphasen konditionalisiert
        # werden": an order cannot wait on another order of its own phase; one that tries
        # is not understood, and the unit holds.
        position = board({"france": ["A par"], "germany": ["A mun"]})
        problem = check_order(position, "france", "A par - bur if A mun - bur")
        assert problem is not None
        assert problem.outcome is Outcome.ILLEGAL
        after = resolve(position, {"france": ["A par - bur if A mun - bur"]}, seed=1)
        assert ("france", "par") in units(after.position)


class TestVictoryText:
    @pytest.mark.parametrize("seat", ["france", "fortune_teller", "superbrain", "doctor"])
    def test_every_player_but_the_fool_wins_with_18_centers(self, seat: str) -> None:
        # "Jeder Spieler außer dem NARRen gewinnt durch Eroberung von 18 VZ nach den
        # Herbstzügen"
        won = role_board({"russia": ["A mos"]}, tardis="bur", centers={seat: EIGHTEEN})
        assert rs().winners_of(won) == (seat,)
        assert rs().winner(won) == seat

    def test_the_fools_centers_win_nothing(self) -> None:
        position = role_board({"russia": ["A mos"]}, tardis="bur", centers={"fool": EIGHTEEN})
        assert rs().winners_of(position) == ()


DOCTORS = ["bel", "hol", "den", "kie", "ber"]


class TestEveryPlayerNotOnlyAGreatPower:
    """The text gives these to "ein Spieler", a player: the Doctor and the Fortune-teller
    build units in their own centers, so they raise specials, build twins and count fleets
    as the great powers do."""

    def test_a_role_with_five_centers_raises_an_amazon(self) -> None:
        # "Für alle 5 Versorgungszentren, die ein Spieler … besitzt … kann ein Spieler eine
        # weibliche Armee bauen"
        winter = role_board(
            {"doctor": ["A bel", "A hol", "A den", "A kie", "A ber"], "russia": ["A mos"]},
            tardis="bur",
            phase="W1902A",
            centers={"doctor": [*DOCTORS, "mun"], "russia": ["mos"]},
        )
        after = resolve(winter, {"doctor": ["amazon mun"]}, seed=1)
        assert result(after.results, "special_raised").params["kind"] == "amazon"
        assert dict(after.position.extras["kinds"]) == {"doctor mun": "amazon"}

    def test_the_doctor_builds_siamese_twins_once_instead_of_a_unit(self) -> None:
        # "einem Spieler nur einmal erlaubt … SIAMESISCHE ZWILLINGE zu bauen"
        winter = role_board(
            {"russia": ["A mos"]},
            tardis="bur",
            phase="W1902A",
            centers={"doctor": ["bel", "hol"], "russia": ["mos"]},
        )
        after = resolve(winter, {"doctor": ["twins A hol A bel"]}, seed=1)
        assert "twins_raised" in reasons(after.results, "doctor")
        assert dict(after.position.extras["twins"]) == {"doctor": ("hol", "bel")}

    def test_the_doctors_fifth_fleet_is_a_fifth_fleet(self) -> None:
        # "jede 5. von einem Spieler gebaute Flotte"
        winter, _orders = position_from_json(
            {
                "variant": "rather_silly",
                "phase": "W1902A",
                "options": {"roles": True, "fifth_fleet": True},
                "units": {"russia": ["A mos"]},
                "centers": {"doctor": ["bel", "hol", "den", "nwy", "swe"], "russia": ["mos"]},
                "extras": {
                    "llamas": {},
                    "borg": "syr",
                    "tardis": {"province": "bur", "points": 0},
                },
            }
        )
        after = resolve(
            winter, {"doctor": ["F bel B", "F den B", "F hol B", "F nwy B", "F swe B"]}, seed=1
        )
        assert "fifth_fleet" in dict(after.position.extras.get("kinds") or {}).values()
