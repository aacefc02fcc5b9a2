"""Multiple Void through the site's services: colours by lot, the live draft with a
deadline per pick, Fall 1900, and a game played to the end (rules 1 to 5)."""

from __future__ import annotations

import random
from collections import deque
from datetime import timedelta
from typing import Any

import pytest

from adjudicator import find_variant
from adjudicator.board import PhaseKind
from adjudicator.io import position_from_json
from core.errors import ApplicationError
from games import selectors, services
from games.models import Game, GamePhase
from games.terms import GameTerms
from tests.games.bots import greedy_orders
from tests.games.helpers import current

pytestmark = pytest.mark.django_db

VARIANT = find_variant("multiple_void")


def _game(make_user: Any, players: int) -> Game:
    users = [make_user(f"player{n}") for n in range(players)]
    game = services.game_create(
        created_by=users[0],
        name="Void",
        terms=GameTerms(variant_id="multiple_void", options={"players": players}),
    )
    for user in users[1:]:
        services.game_join(game=game, user=user)
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE
    return game


def _user(game: Game, power: str) -> Any:
    return game.seats.get(power=power).user


def _on_turn(game: Game) -> str:
    (power,) = services.powers_to_order(services.phase_position(current(game)), VARIANT)
    return power


def _pick(game: Game, order: str) -> None:
    power = _on_turn(game)
    services.orders_submit(game=game, user=_user(game, power), orders=[order])
    services.orders_ready(game=game, user=_user(game, power), ready=True)
    assert services.phase_adjudicate(game_id=game.pk, phase_id=current(game).pk)


def _expire(game: Game) -> None:
    phase = current(game)
    GamePhase.objects.filter(pk=phase.pk).update(deadline=phase.deadline - timedelta(days=30))


class TestRules1And2:
    @pytest.mark.parametrize(("players", "units"), [(2, 12), (3, 8), (4, 6), (5, 5), (6, 4)])
    def test_rule_2_seats_and_units_per_player_count(
        self, make_user: Any, players: int, units: int
    ) -> None:
        game = _game(make_user, players)
        colours = ["red", "blue", "yellow", "green", "black", "grey"][:players]
        assert sorted(game.seats.values_list("power", flat=True)) == sorted(colours)
        state = selectors.game_state(user=_user(game, "red"), game=game)
        assert state["phase"]["code"] == "S1900D"
        assert state["phase"]["kind"] == "D"
        picks = players * units
        assert VARIANT.seats(VARIANT.check_options({"players": players})) == tuple(colours)
        assert picks in (24, 25)

    def test_a_player_count_outside_two_to_six_is_refused(self, make_user: Any) -> None:
        with pytest.raises(ApplicationError, match="options"):
            services.game_create(
                created_by=make_user("a"),
                name="g",
                terms=GameTerms(variant_id="multiple_void", options={"players": 7}),
            )

    def test_rule_1_colours_are_drawn_by_lot_from_the_game_seed(self, make_user: Any) -> None:
        game = _game(make_user, 3)
        joined = sorted(game.seats.values_list("user__username", flat=True))
        assert joined == ["player0", "player1", "player2"]
        # Red picks first: the draw of colours set the order of play.
        assert _on_turn(game) == "red"


class TestRule3TheDraft:
    def test_picks_go_in_turn_and_are_seen_by_everyone_at_once(self, make_user: Any) -> None:
        game = _game(make_user, 2)
        with pytest.raises(ApplicationError) as refused:
            services.orders_submit(game=game, user=_user(game, "blue"), orders=["A boh B"])
        assert "Red" in refused.value.extra["problems"][0]["message"]
        version = game.version
        _pick(game, "A boh B")
        game.refresh_from_db()
        assert game.version > version  # watchers are told: the pick appears on every page
        assert _on_turn(game) == "blue"
        blue_sees = selectors.game_state(user=_user(game, "blue"), game=game)
        assert blue_sees["phase"]["units"] == {"red": ["A boh"]}
        assert "boh" not in blue_sees["me"]["legal"]

    @pytest.mark.parametrize(
        "order",
        ["A par B", "F boh B", "F bul B", "A nth B"],
        ids=["a-center", "fleet-inland", "bul-needs-a-coast", "army-at-sea"],
    )
    def test_illegal_picks_are_refused_with_a_reason(self, make_user: Any, order: str) -> None:
        game = _game(make_user, 2)
        with pytest.raises(ApplicationError):
            services.orders_submit(game=game, user=_user(game, "red"), orders=[order])

    def test_a_missed_pick_is_placed_at_random_and_recorded(self, make_user: Any) -> None:
        game = _game(make_user, 2)
        _expire(game)
        assert services.phase_adjudicate(game_id=game.pk, phase_id=current(game).pk)
        done = game.phases.get(index=0)
        assert done.notes == [{"kind": "missed", "power": "red"}]
        assert [r["reason_code"] for r in done.results] == ["picked_at_random"]
        assert game.seats.get(power="red").missed_phases == 1
        assert len(current(game).position["units"]["red"]) == 1


RED_PICKS = ["A bur", "A ruh", "A pie", "A tus", "A apu", "A boh", "A gal", "A ukr", "A lvn"]
RED_PICKS += ["A fin", "A alb", "A syr"]
BLUE_PICKS = ["F nwg", "F nao", "F bar", "F bla", "F aeg", "F tys", "F lyo", "F mao", "F wes"]
BLUE_PICKS += ["F ion", "F eas", "F hel"]
RED_1900 = ["A bur - par", "A ruh - hol", "A pie - mar", "A tus - ven", "A apu - nap"]
RED_1900 += ["A boh - mun", "A gal - vie", "A ukr - war", "A lvn - mos", "A fin - swe"]
RED_1900 += ["A alb - ser", "A syr - smy"]
BLUE_1900 = ["F nwg - nwy", "F nao - lvp", "F bar - stp/nc", "F bla - sev", "F aeg - gre"]
BLUE_1900 += ["F tys - tun", "F lyo - spa/sc"]


def _draft(game: Game) -> None:
    queues = {"red": deque(RED_PICKS), "blue": deque(BLUE_PICKS)}
    while current(game).code == "S1900D":
        _pick(game, f"{queues[_on_turn(game)].popleft()} B")
    assert not queues["red"]
    assert not queues["blue"]


class TestRules4And5ToTheEnd:
    def test_a_two_player_game_from_the_draft_to_victory(self, make_user: Any) -> None:
        game = _game(make_user, 2)
        _draft(game)
        assert current(game).code == "F1900M"
        services.orders_submit(game=game, user=_user(game, "red"), orders=RED_1900)
        services.orders_submit(game=game, user=_user(game, "blue"), orders=BLUE_1900)
        assert services.phase_adjudicate(game_id=game.pk, phase_id=current(game).pk)
        # Rule 5: units that took no center are removed at once; no builds in 1900.
        phase = current(game)
        assert phase.code == "S1901M"
        assert len(phase.position["units"]["red"]) == 12
        assert sorted(phase.position["units"]["blue"]) == sorted(
            ["F lvp", "F nwy", "F spa/sc", "F stp/nc", "F sev", "F gre", "F tun"]
        )
        removed = [
            r
            for r in game.phases.get(code="F1900M").results
            if r.get("reason_code") == "removed_no_center"
        ]
        assert len(removed) == 5
        rng = random.Random(5)
        for _ in range(60):
            game.refresh_from_db()
            if game.status == Game.Status.FINISHED:
                break
            phase = current(game)
            position = services.phase_position(phase)
            if position.phase.kind is PhaseKind.MOVEMENT:
                orders = greedy_orders(VARIANT, position, "red")
                if orders:
                    services.orders_submit(game=game, user=_user(game, "red"), orders=orders)
            elif position.phase.kind is PhaseKind.ADJUSTMENTS:
                sites = VARIANT.build_sites(position, "red")
                builds = VARIANT.adjustment(position, "red")
                picked = rng.sample(list(sites), min(builds, len(sites))) if builds > 0 else []
                orders = [f"A {s} B" for s in picked]
                if orders:
                    services.orders_submit(game=game, user=_user(game, "red"), orders=orders)
            assert services.phase_adjudicate(game_id=game.pk, phase_id=phase.pk)
        game.refresh_from_db()
        assert game.status == Game.Status.FINISHED
        assert (game.outcome, game.winner) == (Game.Outcome.SOLO, "red")
        last = game.phases.order_by("-index").first()
        assert last is not None
        after, _orders = position_from_json(last.position_after)
        assert len(after.centers_of("red")) >= 18
        assert len(VARIANT.map.supply_centers) == 34
