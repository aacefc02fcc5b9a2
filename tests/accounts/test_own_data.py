"""A player's download of his own data (issue 39): the page and the API, always his own,
and never anything he may not see (other powers' orders before adjudication, who plays in
an anonymous game, press between others)."""

from __future__ import annotations

import json
from datetime import timedelta
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from accounts import services as account_services
from games import services
from games.models import Game, GamePhase
from games.services import press
from games.terms import GameTerms
from notifications.models import NotificationSetting, PushSubscription
from tests.conftest import POWERS

PASSWORD = "a-long-test-password"


def _game(players: dict[str, Any], *, anonymous: bool) -> Game:
    game = services.game_create(
        created_by=players["austria"],
        name="Masks" if anonymous else "Open",
        power="austria",
        terms=GameTerms(
            anonymous=anonymous,
            assignment=Game.Assignment.CHOSEN,
            movement_deadline=timedelta(hours=1),
        ),
    )
    for power in POWERS[1:]:
        services.game_join(game=game, user=players[power], power=power)
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE
    return game


def _open_phase(game: Game) -> GamePhase:
    phase = game.current_phase
    assert phase is not None
    return phase


@pytest.fixture
def secretive(players: dict[str, Any]) -> Game:
    """An anonymous game with secrets the Austrian player may not see: France's orders of
    the open phase, press between England and Germany; and his own orders and press."""
    game = _game(players, anonymous=True)
    services.orders_submit(game=game, user=players["austria"], orders=["A vie - gal"])
    services.orders_submit(game=game, user=players["france"], orders=["A par - pic"])
    press.press_send(game=game, user=players["england"], to=["germany"], body="SECRET-PLAN")
    press.press_send(game=game, user=players["austria"], to=["russia"], body="Mine-to-Russia")
    press.press_send(game=game, user=players["turkey"], to="all", body="Hello-everyone")
    return game


def _download(user: Any) -> dict[str, Any]:
    client = Client()
    client.force_login(user)
    response = client.post(reverse("accounts:data"))
    assert response.status_code == 200
    assert response["Content-Type"].startswith("application/json")
    assert "attachment" in response["Content-Disposition"]
    data: dict[str, Any] = json.loads(response.content)
    return data


def test_download_holds_his_games_orders_and_press(
    secretive: Game, players: dict[str, Any]
) -> None:
    me = players["austria"]
    data = _download(me)
    assert data["profile"]["username"] == me.username
    assert data["profile"]["email"] == me.email
    (game,) = data["games"]
    assert game["id"] == secretive.pk
    assert game["anonymous"] is True
    assert [s["power"] for s in game["seats"]] == ["austria"]
    assert [(o["power"], o["orders"]) for o in game["orders"]] == [("austria", ["A vie - gal"])]
    bodies = {m["body"]: m["sent_by_me"] for m in data["press"]}
    assert bodies == {"Mine-to-Russia": True, "Hello-everyone": False}
    for key in ("vacations", "tournament_entries", "ratings", "notifications", "api_tokens"):
        assert key in data


def test_download_leaves_out_what_he_may_not_see(secretive: Game, players: dict[str, Any]) -> None:
    """The secrets injected by the fixture, and every other player's name, are absent."""
    text = json.dumps(_download(players["austria"]))
    assert "A par - pic" not in text  # France's orders before adjudication
    assert "SECRET-PLAN" not in text  # press between two others
    for power in POWERS[1:]:
        assert players[power].username not in text  # who plays in an anonymous game
        assert players[power].email not in text


def test_download_holds_orders_of_every_phase_he_held(
    secretive: Game, players: dict[str, Any]
) -> None:
    phase = _open_phase(secretive)
    services.phase_adjudicate(game_id=secretive.pk, phase_id=phase.pk)
    data = _download(players["austria"])
    (game,) = data["games"]
    assert [(o["phase"], o["orders"]) for o in game["orders"]] == [(phase.code, ["A vie - gal"])]
    # France's orders are public now, yet the download holds only what his seats gave.
    assert "A par - pic" not in json.dumps(data)


def test_download_names_tokens_and_devices_never_their_secrets(
    players: dict[str, Any],
) -> None:
    me = players["austria"]
    _token, key = account_services.api_token_create(user=me, name="my bot")
    PushSubscription.objects.create(
        user=me,
        endpoint="https://push.example.org/secret-endpoint",
        p256dh="secret-p256dh",
        auth="secret-auth",
        label="Firefox on a phone",
        server_key="k",
    )
    NotificationSetting.objects.create(user=me, webhook_url="https://hooks.example.org/secret-hook")
    data = _download(me)
    text = json.dumps(data)
    assert [t["name"] for t in data["api_tokens"]] == ["my bot"]
    assert key not in text
    assert key[:8] not in text
    assert [d["label"] for d in data["notifications"]["push_subscriptions"]] == [
        "Firefox on a phone"
    ]
    assert data["notifications"]["settings"]["webhook_set"] is True
    for secret in ("secret-endpoint", "secret-p256dh", "secret-auth", "secret-hook"):
        assert secret not in text


def test_download_file_is_named_after_him(players: dict[str, Any]) -> None:
    client = Client()
    client.force_login(players["austria"])
    response = client.get(reverse("accounts:data"))
    assert response.status_code == 200
    assert 'filename="diplomacy-austria-player-' in response["Content-Disposition"]


def test_anonymous_visitor_is_sent_to_log_in(db: Any) -> None:
    response = Client().get(reverse("accounts:data"))
    assert response.status_code == 302
    assert reverse("accounts:login") in response["Location"]


def test_a_stranger_gets_his_own_data_only(secretive: Game, make_user: Any) -> None:
    """There is no account in the address: whoever asks gets his own, never another's."""
    stranger = make_user("stranger")
    data = _download(stranger)
    assert data["profile"]["username"] == "stranger"
    assert data["games"] == []
    assert data["press"] == []


def test_api_gives_his_own_data(secretive: Game, players: dict[str, Any]) -> None:
    me = players["austria"]
    _token, key = account_services.api_token_create(user=me, name="reader")
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    response = client.get("/api/v1/me/data/")
    assert response.status_code == 200
    data = response.json()
    assert data["profile"]["username"] == me.username
    assert "SECRET-PLAN" not in json.dumps(data)


def test_api_refuses_an_anonymous_caller(db: Any) -> None:
    response = APIClient().get("/api/v1/me/data/")
    assert response.status_code in (401, 403)


def test_api_schema_documents_the_download(db: Any) -> None:
    response = Client().get("/api/schema/")
    assert response.status_code == 200
    text = response.content.decode()
    assert "/api/v1/me/data/" in text
    assert "/api/v1/me/close/" in text
