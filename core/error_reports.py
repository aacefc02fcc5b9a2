"""Errors of web, workers and beat reported to an error tracker (Sentry's protocol, through
sentry-sdk), when the operator sets a DSN; nothing at all is sent when he does not.

What is sent is the error and where it happened, never who or what: players' press,
orders and names are personal, and a request carries cookies, tokens and passwords. So
no personal data is attached (``send_default_pii`` off), no local variables of the
frames (they hold what a player typed), and what sentry-sdk would still attach of the
request is cut to its method and path (the query may carry a token, the body a
password, the headers a session). The user is named by nothing; breadcrumbs keep only
their category and level (a log message may name a player)."""

from __future__ import annotations

from typing import Any

import sentry_sdk
from sentry_sdk.integrations.celery import CeleryIntegration
from sentry_sdk.integrations.django import DjangoIntegration
from sentry_sdk.integrations.logging import LoggingIntegration

#: Of a request, only these are kept.
REQUEST_KEPT = ("method", "url")


def error_reports_start(
    dsn: str,
    *,
    environment: str,
    release: str | None = None,
    transport: Any = None,
) -> bool:
    """Start reporting to ``dsn``; without one, nothing starts and False is returned.
    (``transport`` is for tests: where the reports go instead of the network.)"""
    if not dsn:
        return False
    sentry_sdk.init(
        dsn=dsn,
        environment=environment,
        release=release,
        # Nothing of who asked, his cookies, headers, query, body or the frames' variables.
        data_collection={
            "user_info": False,
            "cookies": {"mode": "off"},
            "http_headers": {"request": {"mode": "off"}},
            "http_bodies": [],
            "url_query_params": {"mode": "off"},
            "database_query_data": False,
            "queues": False,
            "stack_frame_variables": False,
        },
        traces_sample_rate=0.0,
        before_send=without_personal_data,
        before_breadcrumb=breadcrumb_without_words,
        integrations=[
            DjangoIntegration(),
            CeleryIntegration(),
            # Errors logged (a task's failure the site handles and logs) are reported too.
            LoggingIntegration(event_level="ERROR"),
        ],
        transport=transport,
    )
    return True


def without_personal_data(event: dict[str, Any], hint: dict[str, Any]) -> dict[str, Any]:
    request = event.get("request")
    if isinstance(request, dict):
        kept = {key: request[key] for key in REQUEST_KEPT if key in request}
        if "url" in kept:
            kept["url"] = str(kept["url"]).split("?", 1)[0]
        event["request"] = kept
    event.pop("user", None)
    event.pop("server_name", None)
    for value in (event.get("exception") or {}).get("values", []):
        for frame in (value.get("stacktrace") or {}).get("frames", []):
            frame.pop("vars", None)
    return event


def breadcrumb_without_words(crumb: dict[str, Any], hint: dict[str, Any]) -> dict[str, Any]:
    return {key: crumb[key] for key in ("type", "category", "level", "timestamp") if key in crumb}
