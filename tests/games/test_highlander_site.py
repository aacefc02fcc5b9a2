"""Highlander through the site's services: nomination, placement, play to the end, and
twin-board duels advancing together (rules 3 to 7 of the Highlander text)."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest

from core.errors import ApplicationError
from games import selectors, services
from games.models import BoardLink, Game, GamePhase
from games.terms import GameTerms
from notifications.models import Notification
from tests.games.bots import builds_for, greedy_orders
from tests.games.helpers import current

pytestmark = pytest.mark.django_db

#: Rule 3B set-up: red holds 17 centers with a unit on each, blue only Moscow.
RED_17 = "F lon, F edi, A lvp, F bre, A par, A mar, A bel, A hol, A kie, A ber, A mun, " + (
    "A vie, A tri, A ven, A rom, A war, A sev"
)
BLUE_1 = "A mos"


def _setup(red: str, blue: str) -> dict[str, Any]:
    units = {c: [u.strip() for u in text.split(",")] for c, text in (("red", red), ("blue", blue))}
    centers = {c: [u.split()[1].split("/")[0] for u in us] for c, us in units.items()}
    return {"nomination": "fixed", "fixed_setup": {"centers": centers, "units": units}}


def _game(make_user: Any, *, options: dict[str, Any] | None = None, duel: bool = False) -> Game:
    alice, bob = make_user("alice"), make_user("bob")
    game = services.game_create(
        created_by=alice,
        name="Highland duel" if duel else "Highland",
        power="red",
        terms=GameTerms(
            variant_id="highlander",
            options=options or {},
            duel=duel,
            assignment=Game.Assignment.CHOSEN,
        ),
    )
    services.game_join(game=game, user=bob, power="blue")
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE
    return game


def _user(game: Game, power: str) -> Any:
    return game.seats.get(power=power).user


def _play(game: Game, orders: dict[str, list[str]]) -> None:
    """Both colours give these orders (or none) and say they are ready."""
    due = services.powers_to_order(services.phase_position(current(game)), _variant())
    for power in ("red", "blue"):
        user = _user(game, power)
        if orders.get(power):
            services.orders_submit(game=game, user=user, orders=orders[power])
        if power in due and (orders.get(power) or not current(game).phase.is_setup):
            services.orders_ready(game=game, user=user, ready=True)


def _variant() -> Any:
    from adjudicator import find_variant

    return find_variant("highlander")


def _adjudicate(game: Game) -> bool:
    return services.phase_adjudicate(game_id=game.pk, phase_id=current(game).pk)


def _centers(game: Game, power: str) -> list[str]:
    return sorted(current(game).position.get("centers", {}).get(power, []))


def _units(game: Game) -> dict[str, list[str]]:
    return current(game).position.get("units", {})


RED_LIST = [
    "lon",
    "edi",
    "lvp",
    "bre",
    "par",
    "mar",
    "bel",
    "hol",
    "kie",
    "ber",
    "mun",
    "vie",
    "tri",
    "ven",
    "rom",
]
BLUE_LIST = [
    "mos",
    "war",
    "sev",
    "stp",
    "ank",
    "con",
    "smy",
    "bul",
    "rum",
    "ser",
    "bud",
    "gre",
    "tun",
    "nap",
    "rom",
]


class TestRules1And2TwoPlayers:
    def test_rule_2_a_game_has_two_seats_red_and_blue(self, make_user: Any) -> None:
        game = services.game_create(
            created_by=make_user("alice"), name="g", terms=GameTerms(variant_id="highlander")
        )
        assert sorted(game.seats.values_list("power", flat=True)) == ["blue", "red"]

    def test_options_are_checked_when_the_game_is_made(self, make_user: Any) -> None:
        with pytest.raises(ApplicationError, match="options"):
            services.game_create(
                created_by=make_user("alice"),
                name="g",
                terms=GameTerms(variant_id="highlander", options={"nomination": "by lot"}),
            )
        assert Game.objects.count() == 0

    def test_only_highlander_makes_duels(self, make_user: Any) -> None:
        with pytest.raises(ApplicationError, match="Highlander"):
            services.game_create(
                created_by=make_user("alice"), name="g", terms=GameTerms(duel=True)
            )


class TestRule3Nomination:
    def test_rule_3_1_to_3_4_lists_are_revealed_together(self, make_user: Any) -> None:
        game = _game(make_user)
        assert current(game).code == "W1900N"
        _play(game, {"red": [f"nominate {c}" for c in RED_LIST]})
        _play(game, {"blue": BLUE_LIST})  # plain province names are read as nominations
        assert _adjudicate(game)
        assert current(game).code == "W1900P"
        assert _centers(game, "red") == sorted(set(RED_LIST) - {"rom"})
        assert _centers(game, "blue") == sorted(set(BLUE_LIST) - {"rom"})
        rom = [r for r in game.phases.get(code="W1900N").results if r["order"] == "nominate rom"]
        assert {r["result"] for r in rom} == {"bounce"}  # on both lists: stays neutral

    def test_nominations_are_secret_until_revealed(self, make_user: Any) -> None:
        game = _game(make_user)
        services.orders_submit(game=game, user=_user(game, "red"), orders=RED_LIST)
        seen_by_blue = selectors.game_state(user=_user(game, "blue"), game=game)
        assert seen_by_blue["phase"]["orders"] == {}
        assert seen_by_blue["me"]["orders"] == []

    def test_ready_is_refused_for_a_short_list(self, make_user: Any) -> None:
        game = _game(make_user)
        red = _user(game, "red")
        services.orders_submit(game=game, user=red, orders=RED_LIST[:12])
        state = selectors.game_state(user=red, game=game)
        assert "15" in state["me"]["problem"]
        assert "12" in state["me"]["problem"]
        with pytest.raises(ApplicationError, match="15"):
            services.orders_ready(game=game, user=red, ready=True)

    def test_a_list_naming_no_center_is_refused_with_the_reason(self, make_user: Any) -> None:
        game = _game(make_user)
        with pytest.raises(ApplicationError) as refused:
            services.orders_submit(game=game, user=_user(game, "red"), orders=["nominate bur"])
        assert "supply center" in refused.value.extra["problems"][0]["message"]

    def test_rule_3_5_identical_lists_nominate_again_ten_new_centers(self, make_user: Any) -> None:
        game = _game(make_user)
        _play(game, {"red": RED_LIST, "blue": RED_LIST})
        _adjudicate(game)
        phase = current(game)
        assert phase.code == "W1900N"
        assert phase.index == 1
        assert phase.position.get("centers", {}) == {}
        red = _user(game, "red")
        with pytest.raises(ApplicationError):
            services.orders_submit(game=game, user=red, orders=["nominate lon"])
        services.orders_submit(game=game, user=red, orders=BLUE_LIST[:5])
        with pytest.raises(ApplicationError, match="10"):
            services.orders_ready(game=game, user=red, ready=True)

    def test_rule_3a_every_great_power_must_be_named(self, make_user: Any) -> None:
        game = _game(make_user, options={"nomination": "every_power"})
        red = _user(game, "red")
        services.orders_submit(game=game, user=red, orders=RED_LIST)  # no Turkish center
        with pytest.raises(ApplicationError, match="a home center of Russia"):
            services.orders_ready(game=game, user=red, ready=True)

    def test_a_missed_nomination_is_completed_at_random_and_recorded(self, make_user: Any) -> None:
        game = _game(make_user)
        _play(game, {"red": RED_LIST})
        phase = current(game)
        GamePhase.objects.filter(pk=phase.pk).update(deadline=phase.deadline - timedelta(days=2))
        assert _adjudicate(game)
        game.refresh_from_db()
        assert game.seats.get(power="blue").missed_phases == 1
        nominated = game.phases.get(index=0).results
        blue = [r for r in nominated if r["power"] == "blue"]
        assert len(blue) == 15
        # Drawn at random; one the other player also named says so instead (it is neutral).
        assert {r["reason_code"] for r in blue} <= {"nominated_at_random", "nomination_contested"}


class TestRule3BAndRule4Placement:
    def test_rule_3b_a_fixed_setup_starts_with_the_first_movement(self, make_user: Any) -> None:
        game = _game(make_user, options=_setup(RED_17, BLUE_1))
        assert current(game).code == "F1901M"
        assert len(_units(game)["red"]) == 17
        assert _units(game)["blue"] == ["A mos"]

    def test_rule_4_each_player_places_a_unit_on_each_own_center(self, make_user: Any) -> None:
        centers_only = {
            "nomination": "fixed",
            "fixed_setup": {"centers": {"red": ["spa", "lon", "vie"], "blue": ["stp", "mos"]}},
        }
        game = _game(make_user, options=centers_only)
        assert current(game).code == "W1900P"
        red, blue = _user(game, "red"), _user(game, "blue")
        with pytest.raises(ApplicationError) as refused:
            services.orders_submit(game=game, user=red, orders=["A mos B"])
        assert "not one of your centers" in refused.value.extra["problems"][0]["message"]
        with pytest.raises(ApplicationError):
            services.orders_submit(game=game, user=red, orders=["F vie B"])  # rule 4.3
        with pytest.raises(ApplicationError):
            services.orders_submit(game=game, user=red, orders=["F spa B"])  # rule 4.4: coast
        services.orders_submit(game=game, user=red, orders=["F spa/sc B", "F lon B"])
        with pytest.raises(ApplicationError, match="Vienna"):
            services.orders_ready(game=game, user=red, ready=True)
        services.orders_submit(game=game, user=red, orders=["F spa/sc B", "F lon B", "A vie B"])
        services.orders_ready(game=game, user=red, ready=True)
        services.orders_submit(game=game, user=blue, orders=["F stp/nc B"])
        phase = current(game)
        GamePhase.objects.filter(pk=phase.pk).update(deadline=phase.deadline - timedelta(days=2))
        assert _adjudicate(game)
        assert current(game).code == "F1901M"
        assert _units(game) == {
            "blue": ["A mos", "F stp/nc"],  # the missing placement: an army, by default
            "red": ["A vie", "F lon", "F spa/sc"],
        }


class TestRules5And6Play:
    def test_rule_5_one_movement_and_one_build_phase_a_year(self, make_user: Any) -> None:
        game = _game(make_user, options=_setup(RED_17, BLUE_1))
        _play(game, {"red": ["A mar - spa"]})
        _adjudicate(game)
        # 18 centers after the movement turn: the game is won at once (rule 6).
        game.refresh_from_db()
        assert game.status == Game.Status.FINISHED
        assert (game.outcome, game.winner) == (Game.Outcome.SOLO, "red")

    def test_rule_5_1_builds_in_any_owned_vacant_center(self, make_user: Any) -> None:
        game = _game(make_user, options=_setup("A mar, A par", BLUE_1))
        _play(game, {"red": ["A mar - spa"]})
        _adjudicate(game)
        assert current(game).code == "W1901A"
        _play(game, {"red": ["A mar B"]})  # Marseilles is no home center of anybody's
        _adjudicate(game)
        assert current(game).code == "F1902M"
        assert _units(game)["red"] == ["A mar", "A par", "A spa"]


class TestAWholeGame:
    def test_from_nomination_to_victory(self, make_user: Any) -> None:
        game = _game(make_user)
        _play(game, {"red": RED_LIST, "blue": BLUE_LIST})
        assert _adjudicate(game)
        _play(game, {"red": [f"A {c} B" for c in _centers(game, "red")]})
        assert _adjudicate(game)  # blue placed nothing: armies on all its centers
        assert current(game).code == "F1901M"
        variant = _variant()
        for _ in range(40):
            game.refresh_from_db()
            if game.status == Game.Status.FINISHED:
                break
            position = services.phase_position(current(game))
            if position.phase.kind.value == "M":
                orders = greedy_orders(variant, position, "red")
            else:
                orders = builds_for(variant, position, "red")
            _play(game, {"red": orders})
            assert _adjudicate(game)
        game.refresh_from_db()
        assert (game.status, game.outcome, game.winner) == (
            Game.Status.FINISHED,
            Game.Outcome.SOLO,
            "red",
        )
        codes = [p.code for p in game.phases.order_by("index")]
        assert codes[:4] == ["W1900N", "W1900P", "F1901M", "W1901A"]
        assert not any(c.startswith("S") for c in codes)  # rule 5: no spring


def _duel(make_user: Any, red: str = RED_17, blue: str = BLUE_1) -> tuple[Game, Game, BoardLink]:
    board_a = _game(make_user, options=_setup(red, blue), duel=True)
    duel = BoardLink.objects.get(games=board_a)
    assert duel.board("B") is not None
    return board_a, duel.board("B"), duel


class TestRule7Duels:
    def test_rule_7_1_board_b_starts_with_the_setup_exactly_inverted(self, make_user: Any) -> None:
        a, b, duel = _duel(make_user)
        assert current(a).code == current(b).code == "F1901M"
        assert _units(b) == {"red": _units(a)["blue"], "blue": _units(a)["red"]}
        assert _centers(b, "blue") == _centers(a, "red")
        # The same players keep their colours on both boards.
        for power in ("red", "blue"):
            assert _user(a, power) == _user(b, power)
        assert duel.status == BoardLink.Status.RUNNING

    def test_rule_7_3_both_boards_advance_together(self, make_user: Any) -> None:
        a, b, _duel_row = _duel(make_user, red="A mar, A par", blue="A mos")
        _play(a, {})
        assert not _adjudicate(a)  # board B is neither ready nor at its deadline
        assert current(a).code == "F1901M"
        _play(b, {})
        assert _adjudicate(b)
        assert current(a).code == current(b).code == "F1902M"
        assert current(a).deadline == current(b).deadline

    def test_both_players_hear_that_each_board_was_adjudicated(
        self, make_user: Any, django_capture_on_commit_callbacks: Any
    ) -> None:
        a, b, _duel_row = _duel(make_user, red="A mar, A par", blue="A mos")
        _play(a, {})
        _play(b, {})
        with django_capture_on_commit_callbacks(execute=True):
            assert _adjudicate(b)
        for power in ("red", "blue"):
            told = Notification.objects.filter(user=_user(a, power), kind="phase_adjudicated")
            assert sorted(n.game_id for n in told) == sorted([a.pk, b.pk])
            assert {n.params["phase"] for n in told} == {"F1901M"}

    def test_a_board_without_retreats_waits_for_the_other(self, make_user: Any) -> None:
        a, b, duel = _duel(make_user)
        _play(a, {"red": ["A war - mos", "A sev S A war - mos"]})
        _play(b, {})
        assert _adjudicate(a)
        assert current(a).code == "F1901R"
        waiting = current(b)
        assert waiting.code == "F1902M"
        assert waiting.deadline is None
        assert selectors.link_summary(game=b)["boards"][1]["waiting"]
        _play(b, {})
        assert not _adjudicate(b)  # still waiting for board A's retreat
        _play(a, {"blue": ["A mos R lvn"]})
        assert _adjudicate(a)
        duel.refresh_from_db()
        # Red has 18 centers on board A after the movement turn: the duel is won (rule 7.4).
        assert (duel.status, duel.winner, duel.decided_by) == (
            BoardLink.Status.DECIDED,
            "red",
            "7.4",
        )
        for board in (a, b):
            board.refresh_from_db()
            assert (board.status, board.outcome, board.winner) == (
                Game.Status.FINISHED,
                Game.Outcome.DUEL,
                "red",
            )

    def test_rule_7_7_sudden_death_over_two_rounds(self, make_user: Any) -> None:
        a, b, duel = _duel(make_user)
        # Both boards decided in the same turn, by different players, with equal units.
        _play(a, {"red": ["A mar - spa"]})
        _play(b, {"blue": ["A mar - spa"]})
        assert _adjudicate(a)
        duel.refresh_from_db()
        assert (duel.status, duel.stage) == (BoardLink.Status.RUNNING, "sudden_death")
        a.refresh_from_db()
        assert a.status == Game.Status.ACTIVE  # the boards go on
        assert current(a).code == current(b).code == "W1901A"
        _play(a, {"red": ["A mar B"]})
        _play(b, {"blue": ["A mar B"]})
        assert _adjudicate(b)
        # Round 1: units over both boards are level (19 each): no decision.
        _play(a, {})
        _play(b, {})
        assert _adjudicate(a)
        duel.refresh_from_db()
        assert (duel.status, duel.stage) == (BoardLink.Status.RUNNING, "sudden_death")
        assert current(a).code == "F1903M"
        # Round 2: red takes Portugal on board A, blue holds on board B: more centers wins.
        _play(a, {"red": ["A spa - por"]})
        _play(b, {})
        assert _adjudicate(a)
        duel.refresh_from_db()
        assert (duel.status, duel.winner, duel.decided_by) == (
            BoardLink.Status.DECIDED,
            "red",
            "7.7",
        )
        assert [e["kind"] for e in duel.log].count("verdict") >= 2

    def test_duels_have_no_draws(self, make_user: Any) -> None:
        a, _b, _duel_row = _duel(make_user)
        with pytest.raises(ApplicationError, match="no draws"):
            services.draw_vote(game=a, user=_user(a, "red"), accept=True)

    def test_a_duel_with_nomination_makes_board_b_after_placement(self, make_user: Any) -> None:
        game = _game(make_user, duel=True)
        duel = BoardLink.objects.get(games=game)
        assert duel.board("B") is None
        assert duel.status == BoardLink.Status.SETUP
        _play(game, {"red": RED_LIST, "blue": BLUE_LIST})
        _adjudicate(game)
        red_centers, blue_centers = _centers(game, "red"), _centers(game, "blue")
        phase = current(game)
        GamePhase.objects.filter(pk=phase.pk).update(deadline=phase.deadline - timedelta(days=2))
        _adjudicate(game)  # nobody placed: armies everywhere (the house default)
        duel.refresh_from_db()
        assert duel.board("B") is not None
        assert _centers(duel.board("B"), "red") == blue_centers
        assert _centers(duel.board("B"), "blue") == red_centers
        assert current(duel.board("B")).code == current(game).code == "F1901M"


def test_a_duel_decided_while_one_board_waited_closes_its_waiting_phase_unplayed(
    make_user: Any, client: Any
) -> None:
    # Board B had no retreats and opened Fall 1902 movement, waiting for board A; red's
    # 18th center on board A after its retreats decides the duel (rule 7.4): B's waiting
    # phase is closed unplayed, and its page says why.
    from tests.games.helpers import duel_won_while_b_waits

    a, b = duel_won_while_b_waits(make_user("red-player"), make_user("blue-player"))
    assert a.status == b.status == Game.Status.FINISHED
    assert not GamePhase.objects.filter(game__in=[a, b], status=GamePhase.Status.OPEN).exists()
    waited = b.phases.order_by("index").last()
    assert waited is not None
    assert waited.code == "F1902M"
    assert waited.notes[-1] == {"kind": "link_decided", "winner": "red"}
    client.force_login(b.seats.get(power="blue").user)
    page = client.get(f"/games/{b.pk}/").content.decode()
    assert "The duel was decided on the other board: not played." in page
