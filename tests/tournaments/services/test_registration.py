"""Entering a tournament (tournaments/services/registration.py): bots' accounts are
refused unless the organiser allows bots; people enter either way. And the seat gate it
registers (games.seating): a bot takes over no seat in a tournament's game either, unless
the organiser allows bots."""

from __future__ import annotations

from typing import Any

import pytest

from accounts.services import bot_account_create
from core.errors import ApplicationError
from games import services as games
from games.models import Game
from tests.tournaments.services.conftest import tournament_of
from tournaments import services
from tournaments.models import Board, Entry, Round, Tournament

pytestmark = pytest.mark.django_db


def test_a_bot_is_refused_where_the_organiser_has_not_allowed_bots(organiser: Any) -> None:
    tournament = tournament_of(organiser)
    bot, _key = bot_account_create(username="practice-bot")
    with pytest.raises(ApplicationError, match="admits no bots"):
        services.entry_register(tournament=tournament, user=bot)
    assert not tournament.entries.exists()


def test_a_bot_enters_where_the_organiser_allows_bots(organiser: Any) -> None:
    tournament = tournament_of(organiser, bots_allowed=True)
    bot, _key = bot_account_create(username="practice-bot")
    entry = services.entry_register(tournament=tournament, user=bot)
    assert entry.status == Entry.Status.REGISTERED


@pytest.mark.parametrize("bots_allowed", [False, True])
def test_a_person_enters_whether_or_not_bots_are_allowed(
    organiser: Any, make_user: Any, bots_allowed: bool
) -> None:
    tournament = tournament_of(organiser, bots_allowed=bots_allowed)
    entry = services.entry_register(tournament=tournament, user=make_user("ann"))
    assert entry.status == Entry.Status.REGISTERED


def _tournament_board(organiser: Any, game: Game, *, bots_allowed: bool) -> Tournament:
    """``game`` as board 1 of round 1 of a tournament of standard games, with England's
    seat in civil disorder: offered to anyone who takes it over."""
    tournament = services.tournament_create(
        by=organiser, name="Rounds Cup", format=Tournament.Format.ROUNDS, bots_allowed=bots_allowed
    )
    round_ = Round.objects.create(tournament=tournament, kind=Round.Kind.BOARDS, number=1)
    Board.objects.create(round=round_, number=1, game=game)
    game.seats.filter(power="england").update(user=None, civil_disorder=True)
    return tournament


def test_a_bot_takes_over_no_seat_in_a_tournaments_game_unless_bots_are_allowed(
    organiser: Any, started_game: Game
) -> None:
    _tournament_board(organiser, started_game, bots_allowed=False)
    bot, _key = bot_account_create(username="practice-bot")
    with pytest.raises(ApplicationError, match="admits no bots"):
        games.seat_take_over(game=started_game, user=bot, power="england")
    assert started_game.seats.get(power="england").user is None


def test_a_bot_takes_over_a_seat_where_the_organiser_allows_bots(
    organiser: Any, started_game: Game
) -> None:
    _tournament_board(organiser, started_game, bots_allowed=True)
    bot, _key = bot_account_create(username="practice-bot")
    games.seat_take_over(game=started_game, user=bot, power="england")
    assert started_game.seats.get(power="england").user == bot


def test_a_person_takes_over_a_seat_in_a_tournaments_game(
    organiser: Any, started_game: Game, make_user: Any
) -> None:
    _tournament_board(organiser, started_game, bots_allowed=False)
    person = make_user("newcomer")
    games.seat_take_over(game=started_game, user=person, power="england")
    assert started_game.seats.get(power="england").user == person


def test_outside_tournaments_a_bot_takes_over_a_seat_like_anyone(started_game: Game) -> None:
    started_game.seats.filter(power="england").update(user=None, civil_disorder=True)
    bot, _key = bot_account_create(username="practice-bot")
    games.seat_take_over(game=started_game, user=bot, power="england")
    assert started_game.seats.get(power="england").user == bot
