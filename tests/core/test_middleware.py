"""Text no field of the site may hold (a NUL, a lone surrogate) is refused with a 400 before
any view reads it (core/middleware.py), and in JSON where it is parsed (core/inputs.py,
core/api.py). On PostgreSQL such text answered 500 (``/?variant=%00`` on the lobby):
run these with DATABASE_URL set to see it."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import pytest
from django.test import Client
from django.test.client import BOUNDARY, MULTIPART_CONTENT, encode_multipart
from django.urls import URLPattern, URLResolver, get_resolver
from django.utils.translation import override

from core.inputs import UnstorableJson, json_loads, storable, storable_json
from core.middleware import FORM, refusal_message
from games.models import Game

pytestmark = pytest.mark.django_db

REFUSED = "no text on this site may contain"


def server(user: Any = None) -> Client:
    """A client that answers as a server would: an error in a view comes back as the 500
    response, not as an exception in the test."""
    client = Client(raise_request_exception=False)
    if user is not None:
        client.force_login(user)
    return client


def assert_page_refused(response: Any) -> None:
    assert response.status_code == 400, response.content[:300]
    assert response["Content-Type"].startswith("text/html")
    assert REFUSED in response.content.decode()


def assert_api_refused(response: Any, says: str = REFUSED) -> None:
    assert response.status_code == 400, response.content[:300]
    assert response["Content-Type"] == "application/json"
    assert says in json.loads(response.content)["message"]


@pytest.mark.parametrize("value", ["%00", "a%00b", "%00%00"])
def test_a_nul_in_the_lobby_s_variant_filter_is_a_400_page(value: str) -> None:
    assert_page_refused(server().get(f"/?variant={value}"))
    assert_page_refused(server().get(f"/?{value}=standard"))  # in a parameter's name too
    assert server().get("/?variant=standard").status_code == 200


def test_a_nul_under_the_api_is_a_400_in_its_one_shape() -> None:
    assert_api_refused(server().get("/api/v1/games/?variant=%00"))
    assert_api_refused(server().get("/api/v1/games/?variant=a%00b&show=open"))


def test_a_nul_in_a_form_field_is_refused_before_the_view(
    started_game: Game, players: dict[str, Any]
) -> None:
    started_game.vacation_handling = Game.VacationHandling.SITTER
    started_game.save(update_fields=["vacation_handling"])
    austria = server(players["austria"])
    sitter = f"/games/{started_game.pk}/sitter/"
    assert_page_refused(austria.post(sitter, {"username": "a\x00b"}))
    assert_page_refused(austria.post(sitter, {"user\x00name": "carol"}))
    assert_page_refused(austria.post(sitter, "username=a%00b", "application/x-www-form-urlencoded"))
    # In a multipart form too (the API reads one), and in a form field's name.
    api = f"/api/v1/games/{started_game.pk}/sitter/"
    multipart = encode_multipart(BOUNDARY, {"username": "a\x00b"})
    assert_api_refused(austria.generic("PUT", api, multipart, MULTIPART_CONTENT))
    assert_api_refused(austria.post(f"/api/v1/games/{started_game.pk}/ready/", {"re\x00ady": "1"}))
    assert started_game.seats.get(power="austria").sitter is None


def test_a_nul_in_the_path_or_a_cookie_is_refused() -> None:
    assert_page_refused(server().get("/accounts/players/%00/"))
    assert_page_refused(server().get("/games/invite/a%00b/"))
    assert_api_refused(server().get("/api/v1/sandboxes/shared/%00/"))
    # A session cookie is looked up in the database: its NUL (written as an octal
    # escape in a quoted cookie) must never reach it.
    client = server()
    client.cookies.load('sessionid="\\000abcdefgh"')
    assert client.cookies["sessionid"].value == "\x00abcdefgh"
    assert_page_refused(client.get("/"))


def test_a_nul_or_a_lone_surrogate_in_json_is_refused_where_it_is_read(
    started_game: Game, players: dict[str, Any]
) -> None:
    api = server(players["austria"])
    press = f"/api/v1/games/{started_game.pk}/press/"
    for text in ('"a\\u0000b"', '"\\ud800"', '"\\udfff x"'):
        body = '{"to": "all", "body": ' + text + "}"
        assert_api_refused(api.post(press, body, "application/json"), "JSON parse error")
    # Anywhere in the document: a key, a value nested in a list.
    for body in ('{"to": "all", "body": "hi", "x\\u0000": 1}', '{"orders": ["A vie H\\u0000"]}'):
        assert_api_refused(api.post(press, body, "application/json"), "JSON parse error")
    assert not started_game.press_messages.exists()
    # A surrogate pair is one character (an emoji), and a backslash before "u0000" is text.
    sent = api.post(press, '{"to": "all", "body": "\\ud83d\\ude00 \\\\u0000"}', "application/json")
    assert sent.status_code == 201, sent.content
    assert started_game.press_messages.get().body == "\U0001f600 \\u0000"


def test_the_json_readers_refuse_what_no_text_may_hold() -> None:
    assert storable("Tycoon 2 \U0001f600")
    assert not storable("a\x00")
    assert not storable("\udc80")
    assert storable_json({"a": ["b", {"c": "d"}]})
    assert not storable_json({"a": ["b", {"c\x00": "d"}]})
    assert json_loads('{"a": "\\ud83d\\ude00"}') == {"a": "\U0001f600"}
    for text in ('{"a": "\\u0000"}', '["\\ud800"]', '{"\\udc00": 1}'):
        with pytest.raises(UnstorableJson):
            json_loads(text)
    # A ValueError, as every failure of json_loads: the site's callers answer it as such.
    assert issubclass(UnstorableJson, ValueError)


def test_the_refusal_is_in_the_reader_s_language() -> None:
    response = server().get("/?variant=%00", HTTP_ACCEPT_LANGUAGE="de")
    assert response.status_code == 400
    with override("de"):
        german = refusal_message()
    assert german != refusal_message()
    assert german in response.content.decode()


# -- every address of the site, with a NUL in its query and in a form field --------------------

#: Query parameters and form fields the site's views, forms and serializers read.
FIELDS = [
    *("accept", "action", "answer", "as", "at", "body", "board", "clear", "confirm", "email"),
    *("entry", "first_day", "hours", "invite", "invite_code", "kind", "language", "last_day"),
    *("legal", "limit", "loser", "match", "movement_hours", "name", "next", "number", "offset"),
    *("order", "orders", "outcome", "password", "password1", "password2", "phase", "position"),
    *("power", "powers", "pseudonym", "q", "ready", "reason", "remove", "round", "scoring"),
    *("show", "signature", "standby", "title", "to", "username", "variant", "viewport"),
    *("width", "winner"),
]


def _routes(patterns: list[Any], prefix: str = "") -> Iterator[str]:
    for p in patterns:
        route = prefix + str(p.pattern)
        if isinstance(p, URLResolver):
            yield from _routes(p.url_patterns, route)
        elif isinstance(p, URLPattern):
            yield route


def _address(route: str, samples: dict[str, str], nul: bool = False) -> str:
    """``route`` with each of its parameters given a sample value (a regular expression's
    route is tried with one plain word); with ``nul``, every text parameter (not a
    number) holds a NUL."""
    if route.startswith("^") or "(?P<" in route or route.endswith("$"):
        route = re.sub(r"\^|\$|\(\?P<\w+>[^)]*\)|\[[^\]]*\]\*|\.\*", "", route) + "x%00/"

    def sample(m: re.Match[str]) -> str:
        value = samples.get(m[2], "1")
        return value + "%00" if nul and m[1] != "int" else value

    return "/" + re.sub(r"<(?:(\w+):)?(\w+)>", sample, route)


def test_no_address_answers_a_nul_with_a_server_error(
    started_game: Game, players: dict[str, Any], site_moderator: Any
) -> None:
    from sandbox import services as sandboxes

    sandbox = sandboxes.sandbox_create(owner=players["austria"], variant_id="standard")
    samples = {
        "game_id": str(started_game.pk),
        "sandbox_id": str(sandbox.pk),
        "phase_id": str(sandbox.phases.get().pk),
        "index": "1",
        "username": "austria-player",
        "code": started_game.invite_code or "code",
        "power": "austria",
        "variant_id": "standard",
        "verb": "start",
        "what": "standings",
        "ext": "csv",
    }
    routes = list(_routes(get_resolver().url_patterns))
    assert len(routes) > 100
    for user in (players["austria"], site_moderator):
        client = server(user)
        for route in routes:
            path = _address(route, samples)
            query = "&".join(f"{f}=a%00b" for f in FIELDS)
            answers = [
                client.get(f"{path}?{query}"),
                client.post(path, dict.fromkeys(FIELDS, "a\x00b")),
                client.post(path, "&".join(f"{f}=a%00b" for f in FIELDS), FORM),
            ]
            if _address(route, samples, nul=True) != path:
                answers.append(client.get(_address(route, samples, nul=True)))
                answers.append(client.post(_address(route, samples, nul=True)))
            for answer in answers:
                assert answer.status_code == 400, (user, path, answer.status_code)
