"""Entering a tournament (tournaments/services/registration.py): bots' accounts are
refused unless the organiser allows bots; people enter either way."""

from __future__ import annotations

from typing import Any

import pytest

from accounts.services import bot_account_create
from core.errors import ApplicationError
from tests.tournaments.services.conftest import tournament_of
from tournaments import services
from tournaments.models import Entry

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
