"""The public API (/api/v1/) against hostile input: deeply nested JSON, numbers that are
not plain digits, bodies too large, and every kind of error answered in the one JSON shape
(``{"message": ...}``), never a server error and never the site's HTML page."""

from __future__ import annotations

import json
import logging
from collections.abc import Callable
from typing import Any

import pytest
from django.core.exceptions import PermissionDenied, RequestDataTooBig, TooManyFieldsSent
from django.http import Http404
from django.test import RequestFactory
from django.urls import URLPattern, URLResolver, reverse
from rest_framework.renderers import JSONRenderer
from rest_framework.test import APIClient

from core import api as handlers
from core.api import ApiView, JSONParser
from core.inputs import MAX_JSON_DEPTH, json_depth, whole_number
from diplosite import api_urls, urls
from games import selectors, services
from games.models import Game

pytestmark = pytest.mark.django_db

#: Far deeper than Python's recursion limit: the standard parser gives up on it.
DEEP = "[" * 100_000 + "]" * 100_000
DEEP_OBJECT = '{"a":' * 100_000 + "1" + "}" * 100_000


def client_of(user: Any = None, **kwargs: Any) -> APIClient:
    """An API client with a fresh token of ``user`` that answers as a server would: an
    error in a view comes back as the 500 response, not as an exception in the test."""
    from accounts import services as accounts

    client = APIClient(raise_request_exception=False, **kwargs)
    if user is not None:
        _token, key = accounts.api_token_create(user=user, name="test")
        client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    return client


def assert_error(response: Any, status: int) -> str:
    """The response is ``status`` in the API's one error shape; its message."""
    assert response.status_code == status, response.content[:300]
    assert response["Content-Type"] == "application/json", response.content[:300]
    message = json.loads(response.content)["message"]
    assert isinstance(message, str)
    assert message
    return message


@pytest.fixture
def austria(started_game: Game, players: dict[str, Any]) -> APIClient:
    return client_of(players["austria"])


def url(name: str, **kwargs: Any) -> str:
    return reverse(f"api:{name}", kwargs=kwargs)


#: Every API write that reads a body: (method, url name, needs the game's id).
BODY_WRITES = [
    ("post", "games", False),
    ("post", "join", True),
    ("put", "orders", True),
    ("post", "orders-check", True),
    ("post", "ready", True),
    ("post", "draw", True),
    ("post", "press", True),
    ("post", "press-read", True),
    ("put", "sitter", True),
    ("post", "vacations", False),
    ("post", "notifications-read", False),
    ("put", "notifications-settings", False),
    ("post", "tokens", False),
]


# -- 1. nested JSON -------------------------------------------------------------------------


@pytest.mark.parametrize("body", [DEEP, DEEP_OBJECT], ids=["list", "object"])
@pytest.mark.parametrize(("method", "name", "in_game"), BODY_WRITES)
def test_json_nested_past_any_limit_is_a_400_on_every_write(
    austria: APIClient, started_game: Game, method: str, name: str, in_game: bool, body: str
) -> None:
    path = url(name, game_id=started_game.pk) if in_game else url(name)
    response = austria.generic(method.upper(), path, body, content_type="application/json")
    assert "nested" in assert_error(response, 400)


def test_json_just_past_the_depth_limit_is_refused_and_at_it_is_read(
    austria: APIClient, started_game: Game
) -> None:
    path = url("orders", game_id=started_game.pk)

    def nested(depth: int) -> str:
        # {"orders": [...]} with the list's only item nested further: depth levels in all.
        return '{"orders": ' + "[" * (depth - 1) + "]" * (depth - 1) + "}"

    too_deep = austria.generic("PUT", path, nested(MAX_JSON_DEPTH + 1), "application/json")
    assert "nested" in assert_error(too_deep, 400)
    at_limit = austria.generic("PUT", path, nested(MAX_JSON_DEPTH), "application/json")
    # Read, then refused by the serializer for what it says (orders are strings).
    assert "orders" in at_limit.json()["errors"]


def test_every_api_view_reads_bounded_json_and_answers_json_alone() -> None:
    def views(patterns: list[Any]) -> list[Any]:
        found = []
        for p in patterns:
            if isinstance(p, URLResolver):
                found += views(p.url_patterns)
            elif isinstance(p, URLPattern) and hasattr(p.callback, "view_class"):
                found.append(p.callback.view_class)
        return found

    classes = views(api_urls.urlpatterns)
    assert len(classes) > 15
    for view in classes:
        assert issubclass(view, ApiView), view
        assert JSONParser in view.parser_classes, view
        assert view.renderer_classes == [JSONRenderer], view


def test_json_depth_is_counted_without_recursion() -> None:
    assert json_depth(1) == 0
    assert json_depth([]) == 1
    assert json_depth({"a": [1, {"b": []}]}) == 4
    value: Any = []
    for _ in range(50_000):
        value = [value]
    assert json_depth(value) == 50_001


# -- 2. numbers that are not plain digits -----------------------------------------------------


def test_whole_numbers_are_ascii_digits_within_range() -> None:
    assert whole_number("0") == 0
    assert whole_number("2147483647") == 2**31 - 1
    assert whole_number("2147483648") is None
    assert whole_number("2400", maximum=2400) == 2400
    assert whole_number("2401", maximum=2400) is None
    for bad in (None, "", "²", "٣", "-1", "+1", " 1", "1 ", "1_0", "1.0", "9" * 5000, "0x1"):
        assert whole_number(bad) is None, bad


@pytest.mark.parametrize(
    "value", ["²", "٣", "1_0", "3.0", " 3", "-1", "9" * 5000, "9" * 30], ids=lambda v: repr(v)[:12]
)
def test_a_phase_that_is_not_plain_digits_is_a_400(
    austria: APIClient, started_game: Game, value: str
) -> None:
    response = austria.get(url("state", game_id=started_game.pk), {"phase": value})
    assert "phase" in response.json().get("errors", {}), response.json()
    assert_error(response, 400)


@pytest.mark.parametrize("field", ["limit", "offset"])
@pytest.mark.parametrize("value", ["²", "٣", "9" * 5000], ids=["superscript", "arabic", "long"])
def test_paging_that_is_not_plain_digits_is_a_400(
    austria: APIClient, field: str, value: str
) -> None:
    response = austria.get(url("games"), {field: value})
    assert field in response.json().get("errors", {})
    assert_error(response, 400)


def test_a_phase_in_plain_digits_still_reads(austria: APIClient, started_game: Game) -> None:
    assert austria.get(url("state", game_id=started_game.pk), {"phase": "0"}).status_code == 200
    assert_error(austria.get(url("state", game_id=started_game.pk), {"phase": "3"}), 404)


# -- 3. every error is JSON --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("content_type", "body"),
    [
        ("application/json", '{"orders": ["' + "x" * 5_000_000 + '"]}'),
        ("application/x-www-form-urlencoded", "orders=" + "x" * 5_000_000),
    ],
    ids=["json", "form"],
)
def test_a_body_too_large_is_a_413_in_json(
    austria: APIClient, started_game: Game, content_type: str, body: str, caplog: Any
) -> None:
    path = url("orders", game_id=started_game.pk)
    with caplog.at_level(logging.ERROR):
        response = austria.generic("PUT", path, body, content_type=content_type)
    assert assert_error(response, 413) == "The request body is too large."
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


def test_unknown_addresses_anywhere_under_api_are_json_404s(austria: APIClient) -> None:
    for path in ("/api/v1/nothing/", "/api/v2/games/", "/api/", "/api/v1/games/x/"):
        assert_error(austria.get(path), 404)
    # The site's own pages keep their HTML page.
    page = client_of().get("/no/such/page/")
    assert page.status_code == 404
    assert page["Content-Type"].startswith("text/html")


def test_a_wrong_method_and_a_wrong_media_type_are_json(
    austria: APIClient, started_game: Game
) -> None:
    assert_error(austria.delete(url("ready", game_id=started_game.pk)), 405)
    wrong = austria.generic("POST", url("ready", game_id=started_game.pk), "x", "text/plain")
    assert_error(wrong, 415)


def test_an_error_asked_for_as_html_is_still_json(
    started_game: Game, make_user: Callable[..., Any]
) -> None:
    browser = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"
    outsider = client_of(make_user("outsider"))
    response = outsider.get(url("orders", game_id=started_game.pk), HTTP_ACCEPT=browser)
    assert_error(response, 403)
    anonymous = client_of().post(url("ready", game_id=started_game.pk), HTTP_ACCEPT=browser)
    assert_error(anonymous, 401)
    # Who accepts HTML alone is told, in JSON, that there is none.
    html_only = outsider.get(url("orders", game_id=started_game.pk), HTTP_ACCEPT="text/html")
    assert_error(html_only, 406)


def test_a_server_error_is_json_and_logged(
    austria: APIClient, monkeypatch: pytest.MonkeyPatch, caplog: Any
) -> None:
    def broken(**kwargs: Any) -> Any:
        raise RuntimeError("a bug")

    monkeypatch.setattr(selectors, "games_for_lobby", broken)
    with caplog.at_level(logging.ERROR, logger="django.request"):
        response = austria.get(url("games"))
    assert "has been logged" in assert_error(response, 500)
    assert any(r.exc_info and r.exc_info[0] is RuntimeError for r in caplog.records)


def test_django_s_own_errors_are_json_under_api_and_pages_elsewhere() -> None:
    """What Django answers itself, around a view (a body too large for a view that is not
    the API's, a refusal, a missing page), through the site's handlers."""
    factory = RequestFactory()
    cases = [
        (handlers.bad_request, RequestDataTooBig(), 413),
        (handlers.bad_request, TooManyFieldsSent(), 400),
        (handlers.permission_denied, PermissionDenied(), 403),
        (handlers.page_not_found, Http404(), 404),
    ]
    for handler, exception, status in cases:
        assert_error(handler(factory.post("/api/v1/games/"), exception), status)
        page = handler(factory.get("/games/"), exception)
        assert page["Content-Type"].startswith("text/html"), handler
    assert "has been logged" in assert_error(handlers.server_error(factory.get("/api/x")), 500)
    assert handlers.server_error(factory.get("/"))["Content-Type"].startswith("text/html")
    assert {getattr(urls, f"handler{n}") for n in (400, 403, 404, 500)} == {
        f"core.api.{h.__name__}"
        for h in (
            handlers.bad_request,
            handlers.permission_denied,
            handlers.page_not_found,
            handlers.server_error,
        )
    }


def test_a_csrf_failure_on_a_signed_in_session_is_json(
    started_game: Game, players: dict[str, Any]
) -> None:
    browser = client_of(enforce_csrf_checks=True)
    browser.force_login(players["austria"])
    response = browser.post(url("ready", game_id=started_game.pk), {"ready": True}, format="json")
    assert "CSRF" in assert_error(response, 403)


# -- 4. no seat is a 403 -----------------------------------------------------------------------

#: A player's writes in a game: (method, url name, body).
SEATED_WRITES = [
    ("put", "orders", {"orders": ["A vie - tri"], "phase": 0}),
    ("post", "ready", {"ready": True, "phase": 0}),
    ("post", "draw", {"accept": True, "phase": 0}),
    ("post", "press", {"to": "all", "body": "hello"}),
    ("post", "extension", {"phase": 0}),
    ("put", "sitter", {"username": ""}),
    ("post", "orders-check", {"order": "A vie - tri"}),
]


@pytest.mark.parametrize(("method", "name", "body"), SEATED_WRITES)
def test_a_write_without_a_seat_is_a_403(
    started_game: Game, make_user: Callable[..., Any], method: str, name: str, body: Any
) -> None:
    started_game.vacation_handling = Game.VacationHandling.SITTER
    started_game.save(update_fields=["vacation_handling"])
    watcher = client_of(make_user("watcher"))
    response = getattr(watcher, method)(url(name, game_id=started_game.pk), body, format="json")
    assert_error(response, 403)


def test_leaving_a_game_one_has_no_seat_in_is_a_403(
    players: dict[str, Any], make_user: Callable[..., Any]
) -> None:
    game = services.game_create(created_by=players["austria"], name="Forming")
    response = client_of(make_user("watcher")).post(url("leave", game_id=game.pk))
    assert assert_error(response, 403) == "You have no seat in this game."


def test_the_schema_says_a_write_without_a_seat_is_a_403() -> None:
    schema = APIClient().get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json")
    paths = schema.json()["paths"]
    for path, method in [
        ("/api/v1/games/{game_id}/orders/", "put"),
        ("/api/v1/games/{game_id}/ready/", "post"),
        ("/api/v1/games/{game_id}/draw/", "post"),
        ("/api/v1/games/{game_id}/press/", "post"),
        ("/api/v1/games/{game_id}/extension/", "post"),
    ]:
        forbidden = paths[path][method]["responses"]["403"]
        assert "no seat" in forbidden["description"], (path, method)
        assert "413" in paths[path][method]["responses"], (path, method)


# -- 5. a phase the game does not have ---------------------------------------------------------


def test_orders_for_a_phase_the_game_does_not_have_are_a_404(
    austria: APIClient, started_game: Game
) -> None:
    path = url("orders", game_id=started_game.pk)
    for index in (1, 7, 2**31 - 1):
        future = austria.put(path, {"orders": [], "phase": index}, format="json")
        assert assert_error(future, 404) == "No such phase.", index


def test_orders_for_a_past_phase_are_refused_as_over(
    austria: APIClient, started_game: Game
) -> None:
    phase = started_game.current_phase
    assert phase is not None
    services.phase_adjudicate(game_id=started_game.pk, phase_id=phase.pk)
    path = url("orders", game_id=started_game.pk)
    stale = austria.put(path, {"orders": [], "phase": phase.index}, format="json")
    # A conflict with the game's state (409), saying which phase is open now.
    assert assert_error(stale, 409) == (
        "Spring 1901 movement is over: you are now in Fall 1901 movement. "
        "Your orders were not saved: give them for the new phase."
    )
    assert stale.json()["open_phase"] == phase.index + 1
    current = austria.put(path, {"orders": [], "phase": phase.index + 1}, format="json")
    assert current.status_code == 200
