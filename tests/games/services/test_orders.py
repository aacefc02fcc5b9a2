"""Orders: checked, saved, replaced, refused in excess (games.services.orders)."""

from __future__ import annotations

from typing import Any

import pytest

from core.errors import ApplicationError
from games import services
from games.models import Game, OrderSet
from tests.games.helpers import current

pytestmark = pytest.mark.django_db


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
            ("F lon - wal", "F London belongs to England"),
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
        with pytest.raises(ApplicationError, match=r"^More builds than allowed") as refused:
            services.orders_submit(game=started_game, user=france, orders=["A par B", "F bre B"])
        assert refused.value.extra["reason_code"] == "builds_excess"
        assert not OrderSet.objects.filter(phase=current(started_game), seat__power="france")
        client = Client()
        client.force_login(france)
        answer = client.put(
            reverse("api:orders", args=[started_game.pk]),
            json.dumps({"orders": ["A par B", "F bre B"], "phase": current(started_game).index}),
            content_type="application/json",
        )
        assert answer.status_code == 400
        # The problem alone, as a sentence: the page frames it ("Not saved: ...") once.
        assert answer.json()["message"] == (
            "More builds than allowed: 2 given (a waive counts as a build), 1 allowed."
        )
        saved = services.orders_submit(game=started_game, user=france, orders=["F bre B"])
        assert saved.orders == ["F bre B"]
        # A second build for the same center replaces the first: not an excess.
        saved = services.orders_submit(
            game=started_game, user=france, orders=["A bre B", "F bre B"]
        )
        assert saved.orders == ["F bre B"]
