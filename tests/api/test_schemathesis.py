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
    allow_header_conformance,
    content_type_conformance,
    ignored_auth,
    missing_required_header,
    negative_data_rejection,
    not_a_server_error,
    positive_data_acceptance,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
    unsupported_method,
    use_after_free,
)

from games.models import Game

#: Every check the installed schemathesis has for one request and its answer (not the
#: stateful ones, which need links between operations, nor the response time's): the
#: answers' statuses, media types, bodies and headers as documented, invalid input
#: refused and valid input taken, a missing token refused, undeclared methods answered
#: 405 with what ``Allow`` says.
CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
    response_headers_conformance,
    negative_data_rejection,
    positive_data_acceptance,
    missing_required_header,
    ignored_auth,
    unsupported_method,
    allow_header_conformance,
    use_after_free,
]


#: Fields whose reading has a rule the schema cannot spell out, by operation: a webhook's
#: address is a URL (``format: uri``) that must also be a web address Django reads as one
#: (a host of at most 253 characters, say) on a public network (notifications.webhooks).
RULES_BEYOND_THE_SCHEMA = {
    "PUT /api/v1/notifications/settings/": {"webhook_url"},
    # A push subscription's endpoint is the browser's word for an address, read as a
    # webhook's is.
    "POST /api/v1/notifications/push/": {"endpoint"},
}


def refused_by_the_rules(response: Any, case: Any) -> bool:
    """A 400 whose body is a refusal by the rules (the game's state, a service's rule: no
    such variant, a deadline in the past, orders a unit cannot give; or a rule across
    fields, ``non_field_errors``), which the schema says of every 400 and cannot spell
    out. A field's own error (``errors`` naming the field) is the reading of the input,
    which a schema-valid request must pass: the schema says what each field takes."""
    if response.status_code != 400:
        return False
    try:
        body = response.json()
    except ValueError:
        return False
    if not isinstance(body, dict) or "message" not in body:
        return False
    beyond = RULES_BEYOND_THE_SCHEMA.get(case.operation.label, set())
    return set(body.get("errors") or {}) <= {"non_field_errors", *beyond}


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
        "tournament": _running_rounds(players).pk,
    }


def _running_rounds(players: dict[str, Any]) -> Any:
    """A rounds event the seven players entered, its first board under way."""
    from django.contrib.auth.models import User

    from accounts.roles import ORGANISER, grant
    from tournaments import services
    from tournaments.models import Tournament

    organiser = User.objects.create_user("schema-organiser", password="a-long-test-password")
    grant(organiser, ORGANISER)
    tournament = services.tournament_create(
        by=organiser,
        name="Schema",
        format=Tournament.Format.ROUNDS,
        check_in_required=False,
        seeding=Tournament.Seeding.HAND,
        rounds_planned=1,
    )
    entries = [services.entry_register(tournament=tournament, user=u) for u in players.values()]
    services.hand_seeds_set(tournament=tournament, by=organiser, order=[e.pk for e in entries])
    services.tournament_draw(tournament=tournament, by=organiser)
    return tournament


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
    # the player's sandbox, its first phase and its read-only link, and his tournament).
    # Not a negative example's: what it breaks may be that very id (null, a float), and it
    # must stay so.
    negative = case.meta is not None and case.meta.generation.mode.is_negative
    for name, key in (
        ("game_id", "game"),
        ("sandbox_id", "sandbox"),
        ("phase_id", "phase"),
        ("code", "code"),
        ("tournament_id", "tournament"),
    ):
        value = (case.path_parameters or {}).get(name)
        if value is not None and not negative and hash(value) % 2 == 0:
            case.path_parameters[name] = player_key[key]
    headers = {"Authorization": f"Token {player_key['key']}"}
    response = case.call(headers=headers)
    checks = CHECKS
    if refused_by_the_rules(response, case):
        checks = [c for c in CHECKS if c is not positive_data_acceptance]
    case.validate_response(response, checks=checks, headers=headers)
