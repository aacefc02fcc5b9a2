"""Creating, joining and starting a game (games.services.lobby)."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest

from core.errors import ApplicationError
from games import services
from games.models import Game
from games.terms import GameTerms
from tests.games.helpers import current

pytestmark = pytest.mark.django_db


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
