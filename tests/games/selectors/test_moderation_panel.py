"""What the moderation template tags show is asked of the selectors: the tags only hand
the viewer over (code review F9: they ran ORM queries themselves)."""

from __future__ import annotations

import inspect
from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth.models import AnonymousUser
from django.utils import timezone

from accounts.roles import MODERATOR, grant
from games import selectors, services
from games.models import Game, Seat
from games.services import rulings
from games.templatetags import moderation_tags
from tests.games.helpers import current

pytestmark = pytest.mark.django_db

REASON = "A ruling on the forum thread of this game."


def test_the_template_tags_query_nothing_themselves() -> None:
    source = inspect.getsource(moderation_tags)
    for query in (".objects", ".filter(", ".values", ".order_by(", ".phases.", ".seats."):
        assert query not in source, query


def test_a_seat_seeking_a_player_is_offered_to_those_not_playing_there(
    started_game: Game, players: dict[str, Any], make_user: Any
) -> None:
    Seat.objects.filter(game=started_game, power="england").update(
        user=None, seeking_replacement_until=timezone.now() + timedelta(days=1)
    )
    (mine,) = selectors.seats_seeking_offered(user=players["france"])
    assert (mine["game"], mine["power"], mine["plays_here"]) == (started_game, "england", True)
    (theirs,) = selectors.seats_seeking_offered(user=make_user("newcomer"))
    assert theirs["plays_here"] is False
    (anonymous,) = selectors.seats_seeking_offered(user=AnonymousUser())
    assert anonymous["plays_here"] is False


def test_the_moderation_panel_and_the_lines_of_a_ruling(
    started_game: Game, players: dict[str, Any], make_user: Any
) -> None:
    site_moderator = make_user("site-moderator")
    grant(site_moderator, MODERATOR)
    first = current(started_game)
    assert services.phase_adjudicate(game_id=started_game.pk, phase_id=first.pk)
    state = selectors.game_state(user=site_moderator, game=started_game)
    panel = selectors.moderation_panel(
        user=site_moderator, game=started_game, state=state, rulings_allowed=True
    )
    assert panel["can_name_masters"] is True
    assert [p["index"] for p in panel["ruling_phases"]] == [0]
    assert [s["power"] for s in panel["seats"]][:2] == ["austria", "england"]
    assert all(s["played"] for s in panel["seats"])
    closed = selectors.moderation_panel(
        user=site_moderator, game=started_game, state=state, rulings_allowed=False
    )
    assert closed["ruling_phases"] == []
    player = selectors.moderation_panel(
        user=players["france"], game=started_game, state=state, rulings_allowed=True
    )
    assert (player["can_name_masters"], player["masters"]) == (False, [])

    assert selectors.ruling_lines(game=started_game) == {}
    ruling = rulings.ruling_apply(
        game=started_game, by=site_moderator, phase=first, orders={}, reason=REASON
    )
    lines = selectors.ruling_lines(game=started_game)
    assert set(lines) == {ruling.pk}
    # The ruled phase and the phase that was open after it; the line starts anew after.
    assert lines[ruling.pk] == {"first": 2, "superseded": [0, 1]}
