"""A forming game's open seats filled by the site's own bots at its creator's request
(games.services.lobby.game_fill_with_bots): every open seat at once, the game started as
a full game starts and its players told; refused to anyone but the creator, and for a
game the bots cannot fill."""

from __future__ import annotations

import json
from typing import Any

import pytest

from accounts.roles import MODERATOR, grant, is_house_bot
from core.errors import ApplicationError
from games import selectors, services
from games.models import Game, GameEvent, Seat
from games.terms import GameTerms
from notifications.models import Notification

pytestmark = pytest.mark.django_db


def _forming(creator: Any, **terms: Any) -> Game:
    game = services.game_create(
        created_by=creator, name="Seeking players", terms=GameTerms(**terms)
    )
    assert game.status == Game.Status.FORMING
    return game


def _unchanged(game: Game, open_seats: int) -> None:
    game.refresh_from_db()
    assert game.status == Game.Status.FORMING
    assert game.seats.filter(user__isnull=True).count() == open_seats
    assert not game.seats.filter(user__house_bot__isnull=False).exists()


def test_the_creator_fills_a_seven_player_game_and_it_starts_with_a_house_bot_in_six_seats(
    make_user: Any,
) -> None:
    alice = make_user("alice")
    game = _forming(alice)
    filled = services.game_fill_with_bots(game=game, user=alice)
    assert filled.status == Game.Status.ACTIVE
    assert filled.current_phase is not None
    seats = list(filled.seats.select_related("user"))
    assert len(seats) == 7
    assert all(s.user is not None for s in seats)
    bots = [s for s in seats if s.user != alice]
    assert len(bots) == 6
    assert len({s.user_id for s in bots}) == 6
    assert all(is_house_bot(s.user) for s in bots)
    assert all(s.bot_level == Seat.BotLevel.STANDARD for s in bots)
    state = selectors.game_state(user=alice, game=filled)
    assert sum(1 for s in state["seats"] if s["bot"]) == 6


def test_the_players_seated_before_are_told_the_game_started_after_the_commit(
    make_user: Any, django_capture_on_commit_callbacks: Any
) -> None:
    alice, bob = make_user("alice"), make_user("bob")
    game = _forming(alice)
    services.game_join(game=game, user=bob)
    with django_capture_on_commit_callbacks(execute=False) as pending:
        services.game_fill_with_bots(game=game, user=alice)
    # Recorded in the fill's transaction, told to the listeners only once it commits.
    (event,) = GameEvent.objects.filter(kind="game_started", game=game)
    assert set(event.users) >= {alice.pk, bob.pk}
    assert not Notification.objects.exists()
    for callback in pending:
        callback()
    told = set(Notification.objects.filter(kind="game_started").values_list("user", flat=True))
    assert told >= {alice.pk, bob.pk}


def test_in_kapitalisten_the_bots_join_under_pseudonyms_never_their_account_names(
    make_user: Any,
) -> None:
    alice = make_user("alice")
    game = services.game_create(
        created_by=alice,
        name="Bourse",
        pseudonym="Old Money",
        terms=GameTerms(variant_id="kapitalisten", options={"players": 8}),
    )
    filled = services.game_fill_with_bots(game=game, user=alice)
    assert filled.status == Game.Status.ACTIVE
    seats = list(filled.seats.select_related("user"))
    bots = [s for s in seats if s.user != alice]
    assert len(bots) == 7
    assert all(is_house_bot(s.user) for s in bots)
    names = [s.pseudonym for s in seats]
    assert all(names)
    assert len(set(names)) == len(seats)
    for seat in bots:
        assert seat.user is not None
        assert seat.pseudonym.lower() != seat.user.username.lower()
    shown = json.dumps(selectors.game_state(user=alice, game=filled))
    assert "house-bot" not in shown


def test_a_private_game_is_filled_at_its_creators_request(make_user: Any) -> None:
    alice = make_user("alice")
    game = _forming(alice, private=True)
    assert services.game_fill_with_bots(game=game, user=alice).status == Game.Status.ACTIVE


def test_a_game_started_by_hand_starts_at_once_when_its_creator_fills_it(make_user: Any) -> None:
    alice = make_user("alice")
    game = _forming(alice, start_when_full=False)
    filled = services.game_fill_with_bots(game=game, user=alice)
    assert filled.status == Game.Status.ACTIVE
    assert not filled.seats.filter(user__isnull=True).exists()


@pytest.mark.parametrize("who", ["stranger", "seated player", "moderator"])
def test_nobody_but_the_creator_may_fill_a_game(make_user: Any, who: str) -> None:
    alice, bob = make_user("alice"), make_user("bob")
    game = _forming(alice)
    services.game_join(game=game, user=make_user("carol"))
    if who == "seated player":
        services.game_join(game=game, user=bob)
    if who == "moderator":
        # A site moderator, even one who does not play in it: the choice is the creator's.
        grant(bob, MODERATOR)
    with pytest.raises(ApplicationError, match="Only the game's creator"):
        services.game_fill_with_bots(game=game, user=bob)
    _unchanged(game, 4 if who == "seated player" else 5)


def test_a_started_game_is_refused(started_game: Game, players: dict[str, Any]) -> None:
    with pytest.raises(ApplicationError, match="already started"):
        services.game_fill_with_bots(game=started_game, user=players["austria"])


def test_a_finished_game_is_refused(make_user: Any) -> None:
    alice = make_user("alice")
    game = _forming(alice)
    Game.objects.filter(pk=game.pk).update(status=Game.Status.FINISHED)
    with pytest.raises(ApplicationError, match="This game is over"):
        services.game_fill_with_bots(game=game, user=alice)
    assert game.seats.filter(user__isnull=True).count() == 6


def test_a_second_request_finds_the_game_started_and_seats_nobody(make_user: Any) -> None:
    alice = make_user("alice")
    game = _forming(alice)
    services.game_fill_with_bots(game=game, user=alice)
    seated = dict(game.seats.values_list("power", "user_id"))
    with pytest.raises(ApplicationError, match="already started"):
        services.game_fill_with_bots(game=game, user=alice)
    with pytest.raises(ApplicationError, match="already started"):
        services.game_join(game=game, user=make_user("bob"))
    assert dict(game.seats.values_list("power", "user_id")) == seated


def test_a_variant_the_bots_do_not_know_is_refused_in_the_words_of_practice(
    make_user: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The bots play every variant the site has: one is made unknown for the test.
    monkeypatch.setattr("bots.registry.KNOWN_VARIANTS", frozenset({"standard"}))
    alice = make_user("alice")
    game = _forming(alice, variant_id="highlander")
    with pytest.raises(ApplicationError, match="The bots do not know the rules of Highlander"):
        services.game_fill_with_bots(game=game, user=alice)
    _unchanged(game, 1)


def test_a_twin_board_duel_is_filled(make_user: Any) -> None:
    alice = make_user("alice")
    game = _forming(alice, variant_id="highlander", duel=True)
    services.game_fill_with_bots(game=game, user=alice)
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE
    assert game.link is not None
    assert game.seats.filter(user__isnull=True).count() == 0


def test_a_full_game_is_refused(make_user: Any) -> None:
    alice = make_user("alice")
    game = _forming(alice, variant_id="highlander", start_when_full=False)
    services.game_join(game=game, user=make_user("bob"))
    with pytest.raises(ApplicationError, match="Every seat of this game is taken"):
        services.game_fill_with_bots(game=game, user=alice)
    _unchanged(game, 0)


def test_a_game_nobody_sits_in_is_not_filled_with_bots_alone(make_user: Any) -> None:
    alice = make_user("alice")
    game = services.game_create(created_by=alice, name="Empty", join=False)
    with pytest.raises(ApplicationError, match="You take a seat"):
        services.game_fill_with_bots(game=game, user=alice)
    _unchanged(game, 7)
