"""The public API against its own OpenAPI schema: generated requests (valid and not) must
never make the server fail, and every answer must match the schema.

The requests go through the WSGI application in-process, inside the test's transaction,
as a player with a token in a running game (so bodies reach the services); ``max_examples``
bounds the run to a few seconds per operation.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
import schemathesis
from django.core.signals import request_finished, request_started
from django.core.wsgi import get_wsgi_application
from django.db import close_old_connections
from hypothesis import HealthCheck, settings
from schemathesis.checks import (
    content_type_conformance,
    not_a_server_error,
    response_schema_conformance,
    status_code_conformance,
)

from games.models import Game

CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
]


@pytest.fixture(autouse=True)
def _in_the_test_transaction(settings: Any) -> Iterator[None]:
    """As Django's test client does: a request must not close the test's connection. And
    no throttling here: the examples come faster than any player's."""
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {"api_read": "100000/min", "api_write": "100000/min"},
    }
    try:
        yield
    finally:
        request_started.connect(close_old_connections)
        request_finished.connect(close_old_connections)


@pytest.fixture
def player_key(db: Any, started_game: Game, players: dict[str, Any]) -> dict[str, Any]:
    from accounts import services
    from sandbox import services as sandbox_services

    _token, key = services.api_token_create(user=players["austria"], name="schemathesis")
    sandbox = sandbox_services.sandbox_create(owner=players["austria"], variant_id="standard")
    return {
        "key": key,
        "game": started_game.pk,
        "sandbox": sandbox.pk,
        "phase": sandbox.head_id,
        "code": sandbox.share_code,
    }


# Loaded once at collection (schema generation touches no database). Not through
# schemathesis.pytest.from_fixture: with pytest 9 its lazy loader fails (it sets
# ``Function._nodeid``, which pytest 9 no longer has).
schema = schemathesis.openapi.from_wsgi("/api/schema/", get_wsgi_application())


@schema.parametrize()
@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[
        HealthCheck.function_scoped_fixture,
        HealthCheck.too_slow,
        HealthCheck.filter_too_much,
    ],
)
def test_api_answers_match_the_schema(case: Any, player_key: dict[str, Any]) -> None:
    # Most generated ids name no game; aim half the examples at the running one (and at
    # the player's sandbox, its first phase and its read-only link).
    for name, key in (
        ("game_id", "game"),
        ("sandbox_id", "sandbox"),
        ("phase_id", "phase"),
        ("code", "code"),
    ):
        value = (case.path_parameters or {}).get(name)
        if value is not None and hash(value) % 2 == 0:
            case.path_parameters[name] = player_key[key]
    case.call_and_validate(headers={"Authorization": f"Token {player_key['key']}"}, checks=CHECKS)
