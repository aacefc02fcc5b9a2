"""Rather Silly's fifth fleet (issue 16; a game option, off by default): every fifth fleet a
great power builds from Winter 1901 is immune to the Amazons' seduction and is attacked by
other players' units next to it when it enters a coastal province; the game master's
decision settles the attack (default: it succeeds). Also: the other marked units keep
their strength (a Superbrain's extra unit has a unit's strength, unlike an Amazon)."""

from __future__ import annotations

import functools

from adjudicator import Outcome, resolve
from adjudicator.variants.rather_silly.fifth_fleet import decision_key
from adjudicator.wording import question_words
from tests.adjudicator import rather_silly
from tests.adjudicator.rather_silly import reasons, result, rs

#: Each scenario's game plays with the fifth fleet (a game option, off by default) unless it
#: says otherwise.
board = functools.partial(rather_silly.board, options={"fifth_fleet": True})

FRANCE = ["par", "mar", "bre", "spa", "por", "bel"]


class TestCountingTheFleets:
    def test_the_fifth_fleet_built_from_winter_1901_is_marked(self) -> None:
        position = board(
            {"france": ["A par"]},
            phase="W1902A",
            centers={"france": FRANCE},
            extras={"fleets_built": {"france": 3}},
        )
        after = resolve(position, {"france": ["F bre B", "F mar B"]}, seed=1)
        # The fourth (Brest, first by location) and the fifth (Marseilles).
        assert after.position.extras["fleets_built"] == {"france": 5}
        assert after.position.extras["kinds"] == {"france mar": "fifth_fleet"}
        assert result(after.results, "fifth_fleet_built").params["unit"] == "F mar"

    def test_armies_and_the_winter_of_1900_do_not_count(self) -> None:
        position = board(
            {"france": ["A par"]},
            phase="W1902A",
            centers={"france": FRANCE},
            extras={"fleets_built": {"france": 4}},
        )
        after = resolve(position, {"france": ["A mar B"]}, seed=1)
        assert after.position.extras["fleets_built"] == {"france": 4}
        assert "kinds" not in after.position.extras

    def test_without_the_option_nothing_is_counted(self) -> None:
        position = board(
            {"france": ["A par"]},
            phase="W1902A",
            centers={"france": FRANCE},
            extras={"fleets_built": {"france": 4}},
            options={"fifth_fleet": False},
        )
        after = resolve(position, {"france": ["F bre B"]}, seed=1)
        assert after.position.extras["fleets_built"] == {"france": 4}
        assert "kinds" not in after.position.extras

    def test_a_fifth_fleet_needs_its_supply_center(self) -> None:
        position = board(
            {"france": ["F bre", "A par"]},
            phase="W1902A",
            centers={"france": ["par", "bre"]},
            extras={"kinds": {"france bre": "fifth_fleet"}},
        )
        assert rs().adjustment(position, "france") == 0


class TestImmuneToSeduction:
    def test_no_amazon_seduces_the_fifth_fleet(self) -> None:
        position = board(
            {"germany": ["A kie"], "france": ["F hol"]},
            extras={"kinds": {"germany kie": "amazon", "france hol": "fifth_fleet"}},
        )
        after = resolve(position, {"germany": ["A kie seduce F hol"]}, seed=1)
        assert result(after.results, "not_seducible").outcome is Outcome.VOID
        assert after.position.unit_in("hol") is not None


class TestTheAttack:
    UNITS = {"france": ["F eng"], "germany": ["A hol", "A ruh"]}
    KINDS = {"kinds": {"france eng": "fifth_fleet"}}

    def test_the_game_master_is_asked_when_it_is_ordered_into_a_coastal_province(self) -> None:
        position = board(self.UNITS, extras=self.KINDS)
        asked = rs().decisions_needed(position, {"france": ["F eng - bel"]})
        assert [r.key for r in asked] == [decision_key("S1902", "eng")]
        assert asked[0].choices == ("yes", "no")
        assert asked[0].default == "yes"
        assert asked[0].question == "fifth_fleet_attack"
        assert dict(asked[0].params) == {"unit": "F eng", "power": "france", "dest": "bel"}
        assert not asked[0].owned  # nothing secret in it
        assert question_words(asked[0].question, asked[0].params, rs().map) == (
            "The fifth fleet F English Channel (France) is ordered to Belgium, a coastal"
            " province. If it gets there, the units of other players next to it attack it."
            " Does the attack succeed (the fleet is destroyed)?"
        )
        assert asked[0].default_means == "fifth_fleet_attack_succeeds"
        # Out at sea, nothing to ask.
        assert rs().decisions_needed(position, {"france": ["F eng - nth"]}) == ()

    def test_it_is_destroyed_entering_a_coastal_province_next_to_other_players_units(
        self,
    ) -> None:
        position = board(self.UNITS, extras=self.KINDS)
        after = resolve(position, {"france": ["F eng - bel"]}, seed=1)
        told = result(after.results, "fifth_fleet_destroyed")
        assert dict(told.params) == {
            "unit": "F bel",
            "owner": "france",
            "attackers": "A hol, A ruh",
        }
        assert after.position.unit_in("bel") is None
        assert "france bel" not in after.position.extras.get("kinds", {})

    def test_the_game_master_may_let_the_attack_fail(self) -> None:
        decided = {**self.KINDS, "decisions": {decision_key("S1902", "eng"): "no"}}
        position = board(self.UNITS, extras=decided)
        after = resolve(position, {"france": ["F eng - bel"]}, seed=1)
        assert "fifth_fleet_spared" in reasons(after.results, "france")
        assert after.position.unit_in("bel").power == "france"
        assert after.position.extras["kinds"] == {"france bel": "fifth_fleet"}

    def test_with_nobody_next_to_it_nothing_happens(self) -> None:
        position = board({"france": ["F eng"], "germany": ["A mun"]}, extras=self.KINDS)
        after = resolve(position, {"france": ["F eng - bel"]}, seed=1)
        assert after.position.unit_in("bel").power == "france"
        assert not {"fifth_fleet_destroyed", "fifth_fleet_spared"} & set(reasons(after.results))

    def test_its_own_side_never_attacks_it(self) -> None:
        position = board({"france": ["F eng", "A pic"]}, extras=self.KINDS)
        after = resolve(position, {"france": ["F eng - bel"]}, seed=1)
        assert after.position.unit_in("bel").power == "france"


class TestMarkedUnitsStrength:
    def test_a_superbrains_extra_unit_has_a_units_strength(self) -> None:
        """An extra unit is an ordinary army or fleet (it only needs no center): it
        dislodges a lone defender with one support, as any unit does."""
        position = board(
            {"france": ["A par", "A bur"], "germany": ["A pic"]},
            extras={"kinds": {"france par": "extra"}},
        )
        after = resolve(position, {"france": ["A par - pic", "A bur S A par - pic"]}, seed=1)
        assert after.position.unit_in("pic").power == "france"

    def test_an_amazon_has_none(self) -> None:
        position = board(
            {"france": ["A par", "A bur"], "germany": ["A pic"]},
            extras={"kinds": {"france par": "amazon"}},
        )
        after = resolve(position, {"france": ["A par - pic", "A bur S A par - pic"]}, seed=1)
        assert after.position.unit_in("pic").power == "germany"
