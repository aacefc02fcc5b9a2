"""Your own games by API (/api/v1/me/games/): the home page's list, by token and by
session; the anonymous are asked to authenticate; a stranger, an observer and a
moderator list none of a game they do not sit in; no other player's ready mark shows,
nor anyone else's vote; a vote waiting for yours counts as something to do; a cancelled
game is listed as ended, with its result and its replay."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from accounts.roles import MODERATOR, grant
from games import services
from games.models import Game, Vote
from games.services import press
from tests.games.helpers import current

pytestmark = pytest.mark.django_db

URL = "/api/v1/me/games/"


def test_the_address() -> None:
    assert reverse("api:me-games") == URL


def test_a_player_lists_his_games_by_token(
    api: Callable[..., APIClient], started_game: Game, players: dict[str, Any]
) -> None:
    press.press_send(game=started_game, user=players["england"], to="all", body="Hello")
    services.orders_submit(game=started_game, user=players["austria"], orders=["A vie - tri"])
    answer = api(players["austria"]).get(URL)
    assert answer.status_code == 200
    (game,) = answer.json()["games"]
    phase = started_game.current_phase
    assert phase is not None
    assert phase.deadline is not None
    assert game == {
        "id": started_game.pk,
        "name": "Test game",
        "url": f"/games/{started_game.pk}/",
        "variant": "standard",
        "variant_name": "Standard",
        "status": "active",
        "powers": ["austria"],
        "power_names": ["Austria"],
        "phase": "S1901M",
        "phase_name": "Spring 1901 movement",
        "need": "not_ready",
        "need_name": "Orders saved, not marked ready",
        "action": True,
        "deadline": phase.deadline.isoformat().replace("+00:00", "Z"),
        "paused": False,
        "unread_press": 1,
        "players": None,
        "seats": None,
        "duel": None,
        "occasion": None,
        "outcome": "",
        "winner": "",
        "finished_at": None,
        "votes_open": [],
        "result": None,
        "result_name": "",
        "replay_url": None,
    }


def test_by_session_as_the_site_s_own_pages_call_it(
    started_game: Game, players: dict[str, Any]
) -> None:
    client = Client()
    client.force_login(players["england"])
    answer = client.get(URL)
    assert answer.status_code == 200
    assert [g["id"] for g in answer.json()["games"]] == [started_game.pk]


def test_the_anonymous_are_asked_to_authenticate(
    api: Callable[..., APIClient], started_game: Game
) -> None:
    answer = api().get(URL)
    assert answer.status_code == 401
    assert "message" in answer.json()


def test_a_stranger_an_observer_and_a_moderator_list_none_of_it(
    api: Callable[..., APIClient], started_game: Game, make_user: Callable[..., Any]
) -> None:
    stranger, moderator = make_user("stranger"), make_user("moderator")
    grant(moderator, MODERATOR)
    # The observer watches the public game (he may read its state), and sits in none.
    observer = api(make_user("observer"))
    assert observer.get(reverse("api:state", args=[started_game.pk])).status_code == 200
    for client in (api(stranger), api(moderator), observer):
        answer = client.get(URL)
        assert answer.status_code == 200
        assert answer.json() == {"games": []}


def test_another_players_ready_mark_is_not_in_the_answer(
    api: Callable[..., APIClient], started_game: Game, players: dict[str, Any]
) -> None:
    austria = api(players["austria"])
    before = austria.get(URL).json()
    services.orders_submit(game=started_game, user=players["england"], orders=["F lon - nth"])
    services.orders_ready(game=started_game, user=players["england"], ready=True)
    assert austria.get(URL).json() == before
    (england,) = api(players["england"]).get(URL).json()["games"]
    assert england["need"] == "ready"
    assert england["powers"] == ["england"]


def test_a_duel_names_the_opponent(api: Callable[..., APIClient], make_user: Any) -> None:
    from tests.games.helpers import duel_started

    alice, bob = make_user("alice"), make_user("bob")
    duel_started(alice, bob)
    duels = [g["duel"] for g in api(alice).get(URL).json()["games"]]
    assert sorted(d["board"] for d in duels) == ["A", "B"]
    assert duels[0]["opponents"] == [{"power": "blue", "power_name": "Blue", "player": "bob"}]


def test_a_vote_waiting_for_yours_is_something_to_do(
    api: Callable[..., APIClient], started_game: Game, players: dict[str, Any]
) -> None:
    services.orders_ready(game=started_game, user=players["austria"], ready=True)
    services.vote_cast(game=started_game, user=players["england"], kind="draw", accept=True)
    (game,) = api(players["austria"]).get(URL).json()["games"]
    assert game["need"] == "ready"
    assert game["action"] is True
    assert game["votes_open"] == [
        {"kind": "draw", "voted": False, "words": "Draw proposed: your vote is needed"}
    ]
    services.vote_cast(game=started_game, user=players["austria"], kind="draw", accept=True)
    (game,) = api(players["austria"]).get(URL).json()["games"]
    assert game["action"] is False
    assert game["votes_open"] == [
        {"kind": "draw", "voted": True, "words": "Draw proposed: you have voted"}
    ]


def test_nobody_elses_vote_is_in_the_answer(
    api: Callable[..., APIClient], started_game: Game, players: dict[str, Any]
) -> None:
    services.vote_cast(game=started_game, user=players["england"], kind="draw", accept=True)
    austria = api(players["austria"])
    before = austria.get(URL).json()
    for power, accept in (("france", True), ("germany", False)):
        services.vote_cast(game=started_game, user=players[power], kind="draw", accept=accept)
    assert austria.get(URL).json() == before


def test_a_cancelled_game_is_listed_as_ended_with_its_replay(
    api: Callable[..., APIClient],
    started_game: Game,
    players: dict[str, Any],
    make_user: Callable[..., Any],
) -> None:
    assert services.phase_adjudicate(game_id=started_game.pk, phase_id=current(started_game).pk)
    for user in players.values():
        services.vote_cast(game=started_game, user=user, kind=Vote.Kind.CANCEL, accept=True)
    (game,) = api(players["austria"]).get(URL).json()["games"]
    assert game["status"] == "cancelled"
    assert game["need"] == "finished"
    assert (game["result"], game["result_name"]) == ("cancelled", "Cancelled: no result")
    assert game["finished_at"] is not None
    assert game["replay_url"] == f"/games/{started_game.pk}/?phase=0#replay"
    assert (game["phase"], game["votes_open"], game["action"]) == (None, [], False)
    assert api(make_user("stranger")).get(URL).json() == {"games": []}


def test_the_schema_documents_it(client: Client) -> None:
    schema = client.get("/api/schema/", HTTP_ACCEPT="application/json").json()
    operation = schema["paths"]["/api/v1/me/games/"]["get"]
    assert operation["operationId"] == "me_games"
    assert "401" in operation["responses"]
    assert "your vote" in operation["summary"]
    assert "cancelled" in operation["summary"]
    fields = schema["components"]["schemas"]["MyGame"]["properties"]
    for name in ("votes_open", "result", "result_name", "replay_url", "action"):
        assert fields[name].get("description") or fields[name].get("allOf"), name
    vote = schema["components"]["schemas"]["VoteOpen"]["properties"]
    assert set(vote) == {"kind", "voted", "words"}
