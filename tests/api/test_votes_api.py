"""POST /api/v1/games/<id>/votes/: a vote of any kind (draw, concede, cancel, pause,
resume), and GET state's share of them: the kinds proposed (to anyone who may watch) and
the caller's own votes (to him alone). The old draw endpoint keeps working.

Who may vote: a seated player. The anonymous are asked to authenticate (401); anyone else
signed in who may see the game is refused (403: no seat); an outsider to a private game is
told it does not exist (404)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from games import services
from games.models import Game, Vote
from games.terms import GameTerms

pytestmark = pytest.mark.django_db


def open_index(game: Game) -> int:
    """The index of the game's open phase (0 while it has none: a forming game)."""
    phase = game.current_phase
    return phase.index if phase is not None else 0


def vote(client: APIClient, game: Game, kind: str, accept: Any = True) -> Any:
    """A vote in the phase open now, as a player's page sends it (naming the phase)."""
    return client.post(
        reverse("api:votes", args=[game.pk]),
        {"kind": kind, "accept": accept, "phase": open_index(game)},
        format="json",
    )


def test_a_vote_is_cast_and_answered(
    started_game: Game, players: dict[str, Any], api: Callable[..., APIClient]
) -> None:
    answer = vote(api(players["italy"]), started_game, "pause")
    assert answer.status_code == 200, answer.content
    assert answer.json() == {"kind": "pause", "accept": True, "decided": False}
    assert Vote.objects.get().kind == Vote.Kind.PAUSE


def test_the_last_yes_decides(
    started_game: Game, players: dict[str, Any], api: Callable[..., APIClient]
) -> None:
    answers = [vote(api(user), started_game, "cancel").json() for user in players.values()]
    assert [a["decided"] for a in answers] == [False] * 6 + [True]
    started_game.refresh_from_db()
    assert started_game.status == Game.Status.CANCELLED


def test_a_refusal_is_a_400_in_the_players_words(
    started_game: Game, players: dict[str, Any], api: Callable[..., APIClient]
) -> None:
    answer = vote(api(players["italy"]), started_game, "concede")
    assert answer.status_code == 400
    assert "two players" in str(answer.json())
    unknown = vote(api(players["italy"]), started_game, "surrender")
    assert unknown.status_code == 400


def test_the_state_shows_proposals_to_all_and_votes_to_their_voter(
    started_game: Game, players: dict[str, Any], api: Callable[..., APIClient]
) -> None:
    vote(api(players["italy"]), started_game, "pause")
    url = reverse("api:state", args=[started_game.pk])
    others = api(players["england"]).get(url).json()
    assert others["phase"]["votes_proposed"] == ["pause"]
    assert others["me"]["votes"]["mine"] == {}
    assert set(others["me"]["votes"]["open"]) == {"draw", "cancel", "pause"}
    own = api(players["italy"]).get(url).json()
    assert own["me"]["votes"]["mine"] == {"pause": True}
    watcher = api().get(url).json()
    assert watcher["phase"]["votes_proposed"] == ["pause"]
    assert watcher["me"] is None


def test_the_draw_endpoint_still_votes_for_a_draw(
    started_game: Game, players: dict[str, Any], api: Callable[..., APIClient]
) -> None:
    answer = api(players["italy"]).post(
        reverse("api:draw", args=[started_game.pk]),
        {"accept": True, "phase": open_index(started_game)},
        format="json",
    )
    assert answer.json() == {"accept": True, "game_drawn": False}
    assert Vote.objects.get().kind == Vote.Kind.DRAW


def test_the_wrong_callers_are_refused(
    started_game: Game,
    players: dict[str, Any],
    make_user: Callable[..., Any],
    site_moderator: Any,
    api: Callable[..., APIClient],
) -> None:
    assert vote(api(), started_game, "pause").status_code == 401
    assert vote(api(make_user("stranger")), started_game, "pause").status_code == 403
    assert vote(api(site_moderator), started_game, "pause").status_code == 403
    private = services.game_create(
        created_by=players["austria"], name="Back room", terms=GameTerms(private=True)
    )
    assert vote(api(make_user("outsider")), private, "pause").status_code == 404
    assert not Vote.objects.exists()
