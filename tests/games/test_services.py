"""The verbs of a game, through games/services.py."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest

from core.errors import ApplicationError
from games import services
from games.models import Game, GamePhase, OrderSet, Seat
from games.terms import GameTerms

pytestmark = pytest.mark.django_db


def current(game: Game) -> GamePhase:
    phase = game.current_phase
    assert phase is not None
    return phase


class TestGameCreateAndJoin:
    def test_create_opens_a_seat_per_power_and_seats_the_creator(self, make_user: Any) -> None:
        alice = make_user("alice")
        game = services.game_create(created_by=alice, name="Spring Offensive")
        assert game.status == Game.Status.FORMING
        assert game.seats.count() == 7
        assert game.seats.filter(user=alice).count() == 1

    @pytest.mark.parametrize(
        ("kwargs", "message"),
        [
            ({"name": "  "}, "A game needs a name."),
            ({"name": "x", "variant_id": "nonsense"}, "Unknown variant."),
            ({"name": "x", "movement_deadline": timedelta(seconds=5)}, "between one minute"),
        ],
    )
    def test_create_refuses_bad_settings(
        self, make_user: Any, kwargs: dict[str, Any], message: str
    ) -> None:
        name = kwargs.pop("name")
        with pytest.raises(ApplicationError, match=message):
            services.game_create(
                created_by=make_user("alice"), name=name, terms=GameTerms(**kwargs)
            )
        assert Game.objects.count() == 0

    def test_private_games_need_the_invite_code(self, make_user: Any) -> None:
        game = services.game_create(
            created_by=make_user("alice"), name="Secret", terms=GameTerms(private=True)
        )
        bob = make_user("bob")
        with pytest.raises(ApplicationError, match="invite link"):
            services.game_join(game=game, user=bob)
        services.game_join(game=game, user=bob, invite_code=game.invite_code)
        assert game.seats.filter(user=bob).exists()

    def test_a_chosen_power_can_be_taken_once(self, make_user: Any) -> None:
        game = services.game_create(
            created_by=make_user("alice"),
            name="g",
            power="france",
            terms=GameTerms(assignment=Game.Assignment.CHOSEN),
        )
        with pytest.raises(ApplicationError, match="already taken"):
            services.game_join(game=game, user=make_user("bob"), power="france")

    def test_one_seat_per_player(self, make_user: Any) -> None:
        alice = make_user("alice")
        game = services.game_create(created_by=alice, name="g")
        with pytest.raises(ApplicationError, match="already have a seat"):
            services.game_join(game=game, user=alice)

    def test_leave_before_the_start_frees_the_seat(self, make_user: Any) -> None:
        alice = make_user("alice")
        game = services.game_create(created_by=alice, name="g")
        services.game_leave(game=game, user=alice)
        assert not game.seats.filter(user__isnull=False).exists()

    def test_the_game_starts_when_full_with_powers_dealt_from_its_seed(
        self, players: dict[str, Any]
    ) -> None:
        users = list(players.values())
        game = services.game_create(created_by=users[0], name="Full house")
        for user in users[1:]:
            services.game_join(game=game, user=user)
        game.refresh_from_db()
        assert game.status == Game.Status.ACTIVE
        assert set(game.seats.values_list("user", flat=True)) == {u.pk for u in users}
        phase = current(game)
        assert phase.code == "S1901M"
        assert len(phase.position["units"]["russia"]) == 4
        assert phase.deadline is not None

    def test_no_one_joins_or_leaves_a_running_game(
        self, started_game: Game, make_user: Any, players: dict[str, Any]
    ) -> None:
        with pytest.raises(ApplicationError, match="already started"):
            services.game_join(game=started_game, user=make_user("late"))
        with pytest.raises(ApplicationError, match="has started"):
            services.game_leave(game=started_game, user=players["france"])


class TestOrders:
    def test_orders_are_saved_in_canonical_form(
        self, started_game: Game, players: dict[str, Any]
    ) -> None:
        order_set = services.orders_submit(
            game=started_game,
            user=players["france"],
            orders=["A Paris - Burgundy", "F bre-mao", "mar S par - bur"],
        )
        assert order_set.orders == ["A par - bur", "F bre - mao", "A mar S A par - bur"]
        assert order_set.ready is False

    def test_a_later_order_for_the_same_unit_replaces_the_earlier(
        self, started_game: Game, players: dict[str, Any]
    ) -> None:
        order_set = services.orders_submit(
            game=started_game, user=players["france"], orders=["A par - bur", "A par - pic"]
        )
        assert order_set.orders == ["A par - pic"]

    @pytest.mark.parametrize(
        ("order", "message"),
        [
            ("A par - mun", "Munich is not adjacent to Paris"),
            ("F lon - wal", "F Lon belongs to England"),
            ("A pic - bel", "no unit at Picardy"),
            ("Build A par", "not given in a movement phase"),
            ("A par - atlantis", "not a province"),
        ],
    )
    def test_a_bad_order_is_refused_and_nothing_is_saved(
        self, started_game: Game, players: dict[str, Any], order: str, message: str
    ) -> None:
        services.orders_submit(game=started_game, user=players["france"], orders=["A par H"])
        with pytest.raises(ApplicationError) as raised:
            services.orders_submit(
                game=started_game, user=players["france"], orders=["F bre - mao", order]
            )
        problems = raised.value.extra["problems"]
        assert [p["order"] for p in problems] == [order]
        assert message in problems[0]["message"]
        saved = OrderSet.objects.get(seat__power="france")
        assert saved.orders == ["A par H"]

    def test_nobody_orders_for_a_seat_that_is_not_theirs(
        self, started_game: Game, make_user: Any
    ) -> None:
        with pytest.raises(ApplicationError, match="no seat"):
            services.orders_submit(
                game=started_game, user=make_user("stranger"), orders=["A par - bur"]
            )

    def test_saving_clears_ready_and_all_ready_adjudicates_after_commit(
        self,
        started_game: Game,
        players: dict[str, Any],
        django_capture_on_commit_callbacks: Any,
        monkeypatch: pytest.MonkeyPatch,
    ) -> None:
        queued: list[tuple[int, int]] = []
        from games import tasks

        monkeypatch.setattr(tasks.adjudicate_phase, "delay", lambda g, p: queued.append((g, p)))
        phase = current(started_game)
        for power, user in players.items():
            with django_capture_on_commit_callbacks(execute=True):
                services.orders_ready(game=started_game, user=user, ready=True)
            if power != "turkey":
                assert queued == []
        assert queued == [(started_game.pk, phase.pk)]
        services.orders_submit(game=started_game, user=players["turkey"], orders=["A con - bul"])
        assert not OrderSet.objects.get(phase=phase, seat__power="turkey").ready


class TestAdjudication:
    def test_a_phase_is_adjudicated_exactly_once(
        self, started_game: Game, players: dict[str, Any]
    ) -> None:
        phase = current(started_game)
        services.orders_submit(
            game=started_game,
            user=players["germany"],
            orders=["A mun - bur", "A ber - kie", "F kie - den"],
        )
        assert services.phase_adjudicate(game_id=started_game.pk, phase_id=phase.pk) is True
        assert services.phase_adjudicate(game_id=started_game.pk, phase_id=phase.pk) is False
        phase.refresh_from_db()
        assert phase.is_resolved
        assert started_game.phases.count() == 2
        nxt = current(started_game)
        assert nxt.code == "F1901M"
        assert "A bur" in nxt.position["units"]["germany"]
        results = {r["order"]: r for r in phase.results}
        assert results["A mun - bur"]["result"] == "ok"
        assert results["A par H"]["result"] == "ok"  # France sent nothing: its units held

    def test_missing_orders_are_recorded_on_the_seat(
        self, started_game: Game, players: dict[str, Any]
    ) -> None:
        services.orders_submit(game=started_game, user=players["germany"], orders=["A mun H"])
        # Saved but not marked ready is not a miss.
        phase = current(started_game)
        services.phase_adjudicate(game_id=started_game.pk, phase_id=phase.pk)
        missed = dict(Seat.objects.filter(game=started_game).values_list("power", "missed_phases"))
        assert missed["germany"] == 0
        assert missed["france"] == 1
        phase.refresh_from_db()
        assert {"kind": "missed", "power": "france"} in phase.notes
        assert {"kind": "missed", "power": "germany"} not in phase.notes

    def test_an_order_after_adjudication_is_refused_not_lost(
        self, started_game: Game, players: dict[str, Any]
    ) -> None:
        phase = current(started_game)
        services.phase_adjudicate(game_id=started_game.pk, phase_id=phase.pk)
        with pytest.raises(ApplicationError, match="already been adjudicated"):
            services.orders_submit(
                game=started_game, user=players["france"], orders=["A par - bur"], phase_id=phase.pk
            )

    def test_solo_victory_ends_the_game(self, started_game: Game) -> None:
        phase = current(started_game)
        centers = [
            "stp",
            "mos",
            "war",
            "sev",
            "rum",
            "bul",
            "con",
            "ank",
            "smy",
            "ser",
            "bud",
            "vie",
            "tri",
            "gre",
            "swe",
            "den",
            "ber",
        ]
        phase.code = "F1901M"
        phase.position = {
            **phase.position,
            "phase": "F1901M",
            "units": {"russia": ["A nwy", "A kie"]},
            "centers": {"russia": centers},
        }
        phase.save()
        services.phase_adjudicate(game_id=started_game.pk, phase_id=phase.pk)
        started_game.refresh_from_db()
        assert started_game.status == Game.Status.FINISHED
        assert started_game.outcome == Game.Outcome.SOLO
        assert started_game.winner == "russia"
        assert started_game.current_phase is None
        eliminated = set(started_game.seats.filter(eliminated=True).values_list("power", flat=True))
        assert eliminated == {"austria", "england", "france", "germany", "italy", "turkey"}


class TestDraw:
    def test_a_draw_needs_every_survivor(self, started_game: Game, players: dict[str, Any]) -> None:
        for power in list(players)[:-1]:
            assert services.draw_vote(game=started_game, user=players[power], accept=True) is False
        assert services.draw_vote(game=started_game, user=players["turkey"], accept=True) is True
        started_game.refresh_from_db()
        assert started_game.outcome == Game.Outcome.DRAW
        assert started_game.status == Game.Status.FINISHED

    def test_a_proposal_lapses_with_the_phase(
        self, started_game: Game, players: dict[str, Any]
    ) -> None:
        services.draw_vote(game=started_game, user=players["italy"], accept=True)
        phase = current(started_game)
        services.phase_adjudicate(game_id=started_game.pk, phase_id=phase.pk)
        phase.refresh_from_db()
        assert {"kind": "draw_lapsed"} in phase.notes
        assert not current(started_game).draw_votes.exists()


class TestOrdersInExcess:
    """Issue 20: "You may build 1 unit", and two builds were saved."""

    def test_builds_beyond_the_allowance_are_refused_at_entry(
        self, started_game: Game, players: dict[str, Any]
    ) -> None:
        import json

        from django.test import Client
        from django.urls import reverse

        from tests.games.test_game_page import play_to

        play_to(started_game, players, "W1901A")
        france = players["france"]
        with pytest.raises(ApplicationError, match="more builds than allowed") as refused:
            services.orders_submit(game=started_game, user=france, orders=["A par B", "F bre B"])
        assert refused.value.extra["reason_code"] == "builds_excess"
        assert not OrderSet.objects.filter(phase=current(started_game), seat__power="france")
        client = Client()
        client.force_login(france)
        answer = client.put(
            reverse("api:orders", args=[started_game.pk]),
            json.dumps({"orders": ["A par B", "F bre B"]}),
            content_type="application/json",
        )
        assert answer.status_code == 400
        assert "2 given" in answer.json()["message"]
        saved = services.orders_submit(game=started_game, user=france, orders=["F bre B"])
        assert saved.orders == ["F bre B"]
        # A second build for the same center replaces the first: not an excess.
        saved = services.orders_submit(
            game=started_game, user=france, orders=["A bre B", "F bre B"]
        )
        assert saved.orders == ["F bre B"]


def test_powers_drawn_by_lot_cannot_be_chosen(make_user: Any) -> None:
    """Issue 20: Multiple Void let its creator set "powers chosen by players", so a player
    took Red and the first pick; its rules draw the colours by lot."""
    with pytest.raises(ApplicationError, match="drawn by lot"):
        services.game_create(
            created_by=make_user("carol"),
            name="Void",
            power="red",
            terms=GameTerms(variant_id="multiple_void", assignment=Game.Assignment.CHOSEN),
        )
    assert not Game.objects.exists()
