"""What tournaments add to a player's profile page: his two ratings, and the tournaments
he plays in that the viewer may see (a private one only to those who may see it)."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from accounts.roles import ORGANISER, grant
from tournaments import services
from tournaments.models import PlayerRating, Tournament

pytestmark = pytest.mark.django_db


def test_a_profile_shows_both_ratings_a_new_player_at_1000(make_user: Any) -> None:
    ann = make_user("ann")
    PlayerRating.objects.create(user=ann, kind="duel", mu=30, sigma=2, games=4, shown=1960)
    page = Client().get(f"/accounts/players/{ann.username}/").content.decode()
    assert 'data-figure="rating-duel">1960' in page
    assert 'data-figure="rating-multi">1000' in page


def test_a_private_tournament_is_listed_only_to_who_may_see_it(make_user: Any) -> None:
    olga, ann, stranger = make_user("olga"), make_user("ann"), make_user("zed")
    grant(olga, ORGANISER)
    public = services.tournament_create(by=olga, name="Open Cup", format=Tournament.Format.KNOCKOUT)
    hidden = services.tournament_create(
        by=olga, name="Club Night", format=Tournament.Format.KNOCKOUT, private=True
    )
    services.entry_register(tournament=public, user=ann)
    services.entry_register(tournament=hidden, user=ann, invite_code=hidden.invite_code)
    client = Client()
    client.force_login(stranger)
    page = client.get(f"/accounts/players/{ann.username}/").content.decode()
    assert "Open Cup" in page
    assert "Club Night" not in page
    client.force_login(ann)
    assert "Club Night" in client.get(f"/accounts/players/{ann.username}/").content.decode()
