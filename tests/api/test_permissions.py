"""The public API (/api/v1/): who may do what, tokens, and the per-token throttle."""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from accounts.models import ApiToken
from games import services
from games.models import Game
from games.terms import GameTerms

pytestmark = pytest.mark.django_db

ROLES = ("owner", "other", "observer", "anonymous")


def url(name: str, game: Game | None = None) -> str:
    return reverse(f"api:{name}", args=[game.pk] if game else [])


@pytest.fixture
def people(make_user: Callable[..., Any]) -> dict[str, Any]:
    return {"owner": make_user("owner"), "other": make_user("other"), "observer": make_user("obs")}


@pytest.fixture
def private_game(people: dict[str, Any]) -> Game:
    """A private standard game forming: its creator and one other player are seated."""
    game = services.game_create(
        created_by=people["owner"], name="Secret", terms=GameTerms(private=True)
    )
    services.game_join(game=game, user=people["other"], invite_code=game.invite_code)
    return game


@pytest.fixture
def clients(people: dict[str, Any], api: Callable[..., APIClient]) -> dict[str, APIClient]:
    return {
        "owner": api(people["owner"]),
        "other": api(people["other"]),
        "observer": api(people["observer"]),
        "anonymous": api(),
    }


def call(client: APIClient, method: str, path: str, data: Any = None) -> Any:
    return getattr(client, method)(path, data, format="json")


# Each endpoint on a private game that is still forming: (method, name, body) -> status
# for owner, other player, observer (signed in, no seat), anonymous. Outsiders are told
# the game does not exist (404); the anonymous are asked to authenticate on writes (401).
PRIVATE_FORMING = [
    ("get", "state", None, (200, 200, 404, 404)),
    ("get", "orders", None, (403, 403, 404, 401)),
    ("put", "orders", {"orders": ["A vie - tri"], "phase": 0}, (400, 400, 404, 401)),
    ("post", "orders-check", {"order": "A vie - tri"}, (200, 200, 404, 401)),
    ("post", "ready", {"ready": True, "phase": 0}, (400, 400, 404, 401)),
    ("post", "draw", {"accept": True, "phase": 0}, (400, 400, 404, 401)),
    ("post", "join", {}, (400, 400, 404, 401)),
    ("post", "start", None, (400, 400, 404, 401)),
    ("get", "press", None, (200, 200, 404, 404)),
    ("get", "press-messages", None, (200, 200, 404, 404)),
    ("post", "press", {"to": "all", "body": "hello"}, (400, 400, 404, 401)),
    ("post", "press-read", {"conversation": "all"}, (200, 200, 404, 401)),
    ("post", "leave", None, (200, 200, 404, 401)),
]


@pytest.mark.parametrize(("method", "name", "body", "expected"), PRIVATE_FORMING)
def test_permission_matrix_on_a_private_game(
    clients: dict[str, APIClient],
    private_game: Game,
    method: str,
    name: str,
    body: Any,
    expected: tuple[int, ...],
) -> None:
    for role, status in zip(ROLES, expected, strict=True):
        response = call(clients[role], method, url(name, private_game), body)
        assert response.status_code == status, (role, response.json())
        if status >= 400:
            # The one error shape, with words for a person.
            assert isinstance(response.json()["message"], str), role
            assert response.json()["message"], role


def test_outsiders_cannot_tell_a_private_game_from_none(clients: dict[str, APIClient]) -> None:
    missing = clients["observer"].get("/api/v1/games/999999/")
    assert missing.status_code == 404
    assert missing.json() == {"message": "No such game."}
    huge = clients["observer"].get(f"/api/v1/games/{2**63}/")
    assert huge.status_code == 404


def test_the_lobby_lists_a_private_game_to_its_players_only(
    clients: dict[str, APIClient], private_game: Game, people: dict[str, Any]
) -> None:
    public = services.game_create(created_by=people["observer"], name="Open")
    seen = {
        role: {g["id"] for g in clients[role].get(url("games")).json()["games"]} for role in ROLES
    }
    assert seen["owner"] == seen["other"] == {private_game.pk, public.pk}
    assert seen["observer"] == seen["anonymous"] == {public.pk}
    none = clients["anonymous"].get(url("games"), {"variant": "nope"}).json()
    assert (none["games"], none["count"], none["next"]) == ([], 0, None)
    bad = clients["anonymous"].get(url("games"), {"status": "nonsense"})
    assert bad.status_code == 400
    assert "errors" in bad.json()


def test_joining_a_private_game_needs_its_invite(
    clients: dict[str, APIClient], private_game: Game
) -> None:
    wrong = call(clients["observer"], "post", url("join", private_game), {"invite_code": "x"})
    assert wrong.status_code == 404
    right = call(
        clients["observer"],
        "post",
        url("join", private_game),
        {"invite_code": private_game.invite_code},
    )
    assert right.status_code == 200
    assert right.json()["status"] == "forming"
    assert clients["observer"].get(url("state", private_game)).status_code == 200


def test_create_join_and_start_a_game(
    clients: dict[str, APIClient], people: dict[str, Any]
) -> None:
    made = call(
        clients["owner"],
        "post",
        url("games"),
        {"name": "Duel", "variant": "highlander", "start_when_full": False, "private": True},
    )
    assert made.status_code == 201, made.json()
    game = Game.objects.get(pk=made.json()["id"])
    assert made.json()["invite_code"] == game.invite_code
    assert game.created_by == people["owner"]
    joined = call(clients["other"], "post", url("join", game), {"invite_code": game.invite_code})
    assert joined.status_code == 200
    assert call(clients["other"], "post", url("start", game)).status_code == 400
    started = call(clients["owner"], "post", url("start", game))
    assert started.status_code == 200
    assert started.json()["status"] == "active"
    assert call(clients["anonymous"], "post", url("games"), {"name": "x"}).status_code == 401


def test_create_refuses_bad_input_in_words(clients: dict[str, APIClient]) -> None:
    unknown = call(clients["owner"], "post", url("games"), {"name": "G", "variant": "chess"})
    assert unknown.status_code == 400
    assert unknown.json() == {"message": "Unknown variant."}
    short = call(clients["owner"], "post", url("games"), {"name": "G", "movement_minutes": 0})
    assert short.status_code == 400
    assert "movement_minutes" in short.json()["errors"]


def test_playing_a_public_game(
    started_game: Game, players: dict[str, Any], api: Callable[..., APIClient]
) -> None:
    austria, england, anonymous = api(players["austria"]), api(players["england"]), api()
    mine = austria.get(url("orders", started_game))
    assert mine.status_code == 200
    assert mine.json()["power"] == "austria"
    assert "A vie - tri" in mine.json()["legal"]["vie"]
    state = anonymous.get(url("state", started_game))
    assert state.status_code == 200
    assert state.json()["me"] is None
    assert state.json()["phase"]["code"] == "S1901M"
    assert anonymous.get(url("orders", started_game)).status_code == 401

    put = call(austria, "put", url("orders", started_game), {"orders": ["A vie - tri"], "phase": 0})
    assert put.status_code == 200
    assert put.json() == {"orders": ["A vie - tri"], "ready": False}
    # Another power's orders stay secret until the phase is adjudicated.
    assert "austria" not in england.get(url("state", started_game)).json()["phase"]["orders"]
    bad = call(austria, "put", url("orders", started_game), {"orders": ["A vie - lon"], "phase": 0})
    assert bad.status_code == 400
    assert bad.json()["problems"][0]["order"] == "A vie - lon"
    future = call(austria, "put", url("orders", started_game), {"orders": [], "phase": 7})
    assert future.status_code == 404  # a phase the game does not have yet
    assert future.json() == {"message": "No such phase."}
    outsider = call(
        api(players["england"]),
        "put",
        url("orders", started_game),
        {"orders": ["A vie - tri"], "phase": 0},
    )
    assert outsider.status_code == 400  # England's orders cannot move Austria's army
    ready = call(austria, "post", url("ready", started_game), {"ready": True, "phase": 0})
    assert ready.json() == {"ready": True}
    vote = call(austria, "post", url("draw", started_game), {"accept": True, "phase": 0})
    assert vote.json() == {"accept": True, "game_drawn": False}
    unsigned = call(anonymous, "post", url("draw", started_game), {"accept": True, "phase": 0})
    assert unsigned.status_code == 401
    assert anonymous.get(url("state", started_game), {"phase": 9}).status_code == 404


def test_press_is_read_only_by_those_it_is_for(
    started_game: Game, players: dict[str, Any], api: Callable[..., APIClient]
) -> None:
    austria, england, france, anonymous = (
        api(players["austria"]),
        api(players["england"]),
        api(players["france"]),
        api(),
    )
    sent = call(austria, "post", url("press", started_game), {"to": ["england"], "body": "Pact?"})
    assert sent.status_code == 201, sent.json()
    assert sent.json()["to"] == ["england"]
    assert sent.json()["conversation"] == "austria+england"
    public = call(austria, "post", url("press", started_game), {"to": "all", "body": "Hi all"})
    assert public.json()["to"] == "all"

    def read(client: APIClient, conversation: str) -> list[str]:
        answer = client.get(url("press-messages", started_game), {"conversation": conversation})
        assert answer.status_code == 200
        return [m["body"] for m in answer.json()["messages"]]

    assert read(england, "austria+england") == ["Pact?"]
    assert read(france, "austria+england") == []
    assert read(anonymous, "austria+england") == []
    assert read(anonymous, "all") == ["Hi all"]
    overview = england.get(url("press", started_game)).json()
    assert overview["me"] == "england"
    assert overview["can_send"] is True
    private = next(c for c in overview["conversations"] if c["key"] == "austria+england")
    assert private["with"] == ["austria"]
    assert private["unread"] == 1
    marked = call(
        england, "post", url("press-read", started_game), {"conversation": private["key"]}
    )
    assert marked.json() == {"conversation": "austria+england", "last_read": sent.json()["id"]}
    assert anonymous.get(url("press", started_game)).json()["can_send"] is False
    refused = call(austria, "post", url("press", started_game), {"to": "everyone", "body": "x"})
    assert refused.status_code == 400
    assert "to" in refused.json()["errors"]
    unsent = call(france, "post", url("press", started_game), {"to": ["france"], "body": "me"})
    assert unsent.status_code == 400
    assert unsent.json()["message"]


# -- tokens -----------------------------------------------------------------------------------


def test_a_token_is_made_on_the_profile_shown_once_and_stored_hashed(
    people: dict[str, Any], private_game: Game
) -> None:
    browser = Client()
    browser.force_login(people["owner"])
    made = browser.post(reverse("accounts:token-create"), {"name": "my bot"})
    assert made.status_code == 200
    assert made["Cache-Control"] == "no-store"
    key = made.context["key"]
    assert key in made.content.decode()
    token = ApiToken.objects.get(user=people["owner"])
    assert token.name == "my bot"
    assert token.key_hash == hashlib.sha256(key.encode()).hexdigest()
    assert key not in {token.key_hash, token.prefix}
    profile = browser.get(reverse("games:profile", args=["owner"]))
    assert "my bot" in profile.content.decode()
    assert key not in profile.content.decode()
    # Nobody else sees the tokens section.
    other = Client()
    other.force_login(people["other"])
    assert "my bot" not in other.get(reverse("games:profile", args=["owner"])).content.decode()

    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    assert client.get(url("state", private_game)).status_code == 200
    token.refresh_from_db()
    assert token.last_used is not None

    # Another player cannot revoke it; its owner can, and then it is refused.
    other.post(reverse("accounts:token-revoke", args=[token.pk]))
    token.refresh_from_db()
    assert token.revoked is None
    browser.post(reverse("accounts:token-revoke", args=[token.pk]))
    token.refresh_from_db()
    assert token.revoked is not None
    refused = client.get(url("state", private_game))
    assert refused.status_code == 401
    assert refused["WWW-Authenticate"] == "Token"
    assert refused.json() == {"message": "This token is not valid or was revoked."}


def test_a_token_needs_a_name_and_a_login(people: dict[str, Any]) -> None:
    browser = Client()
    assert browser.post(reverse("accounts:token-create"), {"name": "x"}).status_code == 302
    assert not ApiToken.objects.exists()
    browser.force_login(people["owner"])
    browser.post(reverse("accounts:token-create"), {"name": "  "})
    assert not ApiToken.objects.exists()


@pytest.mark.parametrize(
    "header", ["Token", "Token not-a-key", "Token a b", "token \xff".encode("latin-1")]
)
def test_bad_credentials_are_refused(header: Any, private_game: Game) -> None:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=header)
    response = client.get(url("games"))
    assert response.status_code == 401
    assert response.json()["message"]


# -- throttling -------------------------------------------------------------------------------


def test_requests_are_throttled_per_token(
    settings: Any, people: dict[str, Any], api: Callable[..., APIClient]
) -> None:
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {"api_read": "3/min", "api_write": "1/min"},
    }
    first, second = api(people["owner"]), api(people["owner"])
    for _ in range(3):
        assert first.get(url("games")).status_code == 200
    throttled = first.get(url("games"))
    assert throttled.status_code == 429
    assert "throttled" in throttled.json()["message"].lower()
    assert throttled["Retry-After"]
    # The owner's other token has its own count; writes have their own scope.
    assert second.get(url("games")).status_code == 200
    assert call(first, "post", url("games"), {"name": "G"}).status_code == 201
    assert call(first, "post", url("games"), {"name": "H"}).status_code == 429


def test_the_schema_and_its_docs_are_public_and_cover_the_public_api_alone() -> None:
    client = APIClient()
    schema = client.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json")
    assert schema.status_code == 200
    paths = schema.json()["paths"]
    assert "/api/v1/games/{game_id}/orders/" in paths
    assert not [p for p in paths if not p.startswith("/api/v1/")]
    assert "tokenAuth" in schema.json()["components"]["securitySchemes"]
    docs = client.get("/api/docs/")
    assert docs.status_code == 200
    assert b"swagger-ui" in docs.content
