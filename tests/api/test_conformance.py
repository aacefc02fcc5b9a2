"""The API's answers as its schema promises them (issue 41, I2): a query parameter given
empty is refused as the schema says (it was read as not given), a JSON body's values have
the types the schema documents (``0`` is no boolean, ``5`` no name), bodies are documented
as JSON alone, every text read is documented without NUL, every method a path answers is
in the schema (``Allow`` lists no other), and a time zone is one of those documented.
tests/api/test_schemathesis.py checks every operation against all of it."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.urls import reverse
from drf_spectacular.generators import SchemaGenerator
from rest_framework.test import APIClient

from games.models import Game

pytestmark = pytest.mark.django_db


def client_of(user: Any = None) -> APIClient:
    from accounts import services as accounts

    client = APIClient()
    if user is not None:
        _token, key = accounts.api_token_create(user=user, name="test")
        client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    return client


def field_refused(response: Any, field: str) -> None:
    assert response.status_code == 400, response.content[:300]
    assert response["Content-Type"] == "application/json"
    assert field in json.loads(response.content)["errors"]


@pytest.fixture(scope="module")
def schema() -> dict[str, Any]:
    return SchemaGenerator().get_schema(request=None, public=True)


@pytest.mark.parametrize(
    ("name", "query"),
    [
        ("games", "variant="),
        ("games", "status="),
        ("games", "limit="),
        ("state", "legal="),
        ("state", "phase="),
        ("state", "words="),
        ("press-messages", "phase="),
    ],
)
def test_a_query_parameter_given_empty_is_refused(
    started_game: Game, players: dict[str, Any], name: str, query: str
) -> None:
    path = reverse(f"api:{name}", args=[] if name == "games" else [started_game.pk])
    field_refused(client_of(players["austria"]).get(f"{path}?{query}"), query.rstrip("="))


def test_a_query_parameter_left_out_takes_its_default(
    started_game: Game, players: dict[str, Any]
) -> None:
    client = client_of(players["austria"])
    assert client.get(reverse("api:state", args=[started_game.pk])).status_code == 200
    assert client.get(reverse("api:games") + "?variant=standard").status_code == 200


@pytest.mark.parametrize(
    ("name", "body", "field"),
    [
        ("ready", {"ready": 0}, "ready"),
        ("ready", {"ready": "true"}, "ready"),
        ("orders", {"orders": [5]}, "orders"),
        ("orders", {"orders": "A vie H"}, "orders"),
        ("votes", {"kind": "draw", "accept": 1}, "accept"),
    ],
)
def test_a_json_value_of_another_type_is_refused(
    started_game: Game, players: dict[str, Any], name: str, body: dict[str, Any], field: str
) -> None:
    client = client_of(players["austria"])
    path = reverse(f"api:{name}", args=[started_game.pk])
    method = client.put if name == "orders" else client.post
    field_refused(method(path, body, format="json"), field)


def test_a_json_body_of_the_documented_types_is_taken(
    started_game: Game, players: dict[str, Any]
) -> None:
    client = client_of(players["austria"])
    # The open phase named too: a write names the phase it is for (issue 41, L2).
    body = {"ready": True, "phase": 0}
    answer = client.post(reverse("api:ready", args=[started_game.pk]), body, "json")
    assert answer.status_code == 200, answer.content
    assert (
        client_of(players["italy"])
        .post(reverse("api:tokens"), {"name": 5}, format="json")
        .status_code
        == 400
    )
    assert (
        client_of(players["italy"])
        .post(reverse("api:tokens"), {"name": "five"}, format="json")
        .status_code
        == 201
    )


def test_a_form_is_still_read_as_a_form(started_game: Game, players: dict[str, Any]) -> None:
    """Every value of a form is text: a form's "true" is its boolean, as ever."""
    answer = client_of(players["austria"]).post(
        reverse("api:ready", args=[started_game.pk]),
        "ready=true&phase=0",
        content_type="application/x-www-form-urlencoded",
    )
    assert answer.status_code == 200, answer.content
    assert answer.json()["ready"] is True


def test_bodies_are_documented_as_json(schema: dict[str, Any]) -> None:
    kinds = {
        media
        for operations in schema["paths"].values()
        for operation in operations.values()
        for media in operation.get("requestBody", {}).get("content", {})
    }
    assert kinds == {"application/json"}


def test_every_text_a_request_sends_is_documented_without_nul(schema: dict[str, Any]) -> None:
    from core.api import NOT_BLANK_WITHOUT_NUL, WITHOUT_NUL

    name = schema["components"]["schemas"]["TokenCreateRequest"]["properties"]["name"]
    assert name["pattern"] == NOT_BLANK_WITHOUT_NUL
    games = schema["paths"]["/api/v1/games/"]["get"]["parameters"]
    variant = next(p for p in games if p["name"] == "variant")
    assert variant["schema"]["pattern"] == NOT_BLANK_WITHOUT_NUL
    press = schema["components"]["schemas"]["PressSendRequest"]["properties"]
    assert press["signature"]["pattern"] in {WITHOUT_NUL, NOT_BLANK_WITHOUT_NUL}


def test_white_space_alone_is_documented_as_blank_as_the_server_reads_it() -> None:
    """The schema's pattern is ECMA 262, whose ``\\s`` differs from what DRF trims; a
    text of U+001D alone was documented as valid and refused as blank."""
    import re
    import sys

    from core.api import NOT_BLANK_WITHOUT_NUL

    assert "\\s" not in NOT_BLANK_WITHOUT_NUL, "a class whose meaning the two readers differ on"
    pattern = re.compile(NOT_BLANK_WITHOUT_NUL)
    stripped = [chr(c) for c in range(sys.maxunicode + 1) if chr(c).isspace()]
    assert [c for c in stripped if pattern.match(c + " " + c)] == []
    assert [c for c in stripped if c.strip()] == []
    assert pattern.match(" A vie - tri ")
    assert pattern.match("\ufeff"), "Python keeps U+FEFF, so it is no blank"


def test_a_time_zone_is_one_of_those_documented(
    schema: dict[str, Any], players: dict[str, Any]
) -> None:
    zones = schema["components"]["schemas"]["TimeZoneEnum"]["enum"]
    assert "Europe/Berlin" in zones
    assert "localtime" not in zones
    client = client_of(players["austria"])
    path = reverse("api:notifications-settings")
    current = client.get(path).json()
    field_refused(client.put(path, {**current, "time_zone": "Mars/Olympus"}, "json"), "time_zone")
    taken = client.put(path, {**current, "time_zone": "Europe/Berlin"}, format="json")
    assert taken.status_code == 200, taken.content


def test_a_read_only_links_refusals_are_all_documented(
    schema: dict[str, Any], players: dict[str, Any]
) -> None:
    from sandbox import services as sandbox_services

    documented = set(schema["paths"]["/api/v1/sandboxes/shared/{code}/"])
    assert documented == {"get", "post", "put", "patch", "delete"}
    sandbox = sandbox_services.sandbox_create(owner=players["austria"], variant_id="standard")
    answer = APIClient().options(reverse("api:sandbox-shared", args=[sandbox.share_code]))
    allowed = {m.strip().lower() for m in answer["Allow"].split(",")}
    assert allowed - {"head", "options"} == documented
