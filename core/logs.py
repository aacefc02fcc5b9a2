"""The site's logs: plain text by default, one line of JSON per event when the operator
asks (``LOG_FORMAT=json``), for a log collector to index. Each line says what it was
about: the request (its id, given by the proxy's ``X-Request-ID`` or made here, and sent
back), the game and the phase, the Celery task. Those are bound to the context the work
runs in (a request, a task), so every line logged inside it carries them without each
caller passing them on."""

from __future__ import annotations

import inspect
import json
import logging
import re
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from contextvars import ContextVar, Token
from datetime import UTC, datetime
from typing import Any

from celery import Task
from celery.signals import task_postrun, task_prerun
from django.http import HttpRequest, HttpResponse

#: What the work in hand is about; read by every record (ContextFields).
_bound: ContextVar[dict[str, object]] = ContextVar("log_fields", default={})  # noqa: B039 - never mutated

#: The fields a line may carry, in the order a JSON line gives them.
FIELDS = ("request_id", "game", "phase", "task", "task_id")

#: A request id a proxy may give: short, and nothing that could forge another line.
REQUEST_ID = re.compile(r"[A-Za-z0-9._-]{1,64}")


@contextmanager
def log_bound(**fields: object) -> Iterator[None]:
    """Every line logged inside this block carries ``fields`` (besides those bound around
    it); None leaves a field out."""
    token = _bound.set({**_bound.get(), **{k: v for k, v in fields.items() if v is not None}})
    try:
        yield
    finally:
        _bound.reset(token)


def log_fields() -> dict[str, object]:
    return dict(_bound.get())


class ContextFields(logging.Filter):
    """Copies the bound fields onto each record (the handler's filter, so that records of
    every logger, Django's and Celery's too, get them)."""

    def filter(self, record: logging.LogRecord) -> bool:
        for name, value in _bound.get().items():
            setattr(record, name, value)
        return True


class JsonLines(logging.Formatter):
    """One JSON object per line: time (UTC, ISO 8601), level, logger, message, the bound
    fields present, and the exception's traceback if any (newlines escaped, so one event
    stays one line)."""

    def format(self, record: logging.LogRecord) -> str:
        line: dict[str, Any] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        for name in FIELDS:
            value = getattr(record, name, None)
            if value is not None:
                line[name] = value
        if record.exc_info:
            line["exception"] = self.formatException(record.exc_info)
        return json.dumps(line, ensure_ascii=False, default=str)


def logging_config(log_format: str, level: str) -> dict[str, Any]:
    """The LOGGING setting: ``plain`` (the default) or ``json``."""
    if log_format not in ("plain", "json"):
        raise ValueError(f"LOG_FORMAT must be plain or json, not {log_format!r}")
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "filters": {"context": {"()": "core.logs.ContextFields"}},
        "formatters": {"json": {"()": "core.logs.JsonLines"}},
        "handlers": {
            "console": {
                "class": "logging.StreamHandler",
                "filters": ["context"],
                **({"formatter": "json"} if log_format == "json" else {}),
            }
        },
        "root": {"handlers": ["console"], "level": level},
    }


class RequestIds:
    """Middleware: each request gets an id (the proxy's ``X-Request-ID`` if it is a sane
    one, else a new one), bound for the request's log lines and sent back in the answer's
    ``X-Request-ID``, so that a player's report and the logs meet. The game a view is about
    (its ``game_id``) is bound too."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        given = request.headers.get("X-Request-ID", "")
        request_id = given if REQUEST_ID.fullmatch(given) else uuid.uuid4().hex
        with log_bound(request_id=request_id):
            response = self.get_response(request)
        response["X-Request-ID"] = request_id
        return response

    def process_view(
        self, request: HttpRequest, view: object, args: object, kwargs: dict[str, object]
    ) -> None:
        game = kwargs.get("game_id")
        if game is not None:
            # The view runs inside __call__'s block: bind on top of it for the rest of it.
            _bound.set({**_bound.get(), "game": game})


#: The fields bound for each task running in this process, until it ends.
_tasks: dict[str, Token[dict[str, object]]] = {}


def _task_started(
    task_id: str, task: Task, args: tuple[object, ...], kwargs: dict[str, object], **_: object
) -> None:
    """A task's lines carry its name and id, and the game and phase it is about when it
    takes them (``game_id``, ``phase_id``: the site's tasks are keyed so)."""
    try:
        given = inspect.signature(task.run).bind_partial(*args, **kwargs).arguments
    except (TypeError, ValueError):
        given = {}
    fields = {
        "task": task.name,
        "task_id": task_id,
        "game": given.get("game_id"),
        "phase": given.get("phase_id"),
    }
    _tasks[task_id] = _bound.set(
        {**_bound.get(), **{k: v for k, v in fields.items() if v is not None}}
    )


def _task_ended(task_id: str, **_: object) -> None:
    token = _tasks.pop(task_id, None)
    if token is not None:
        # A task ended in another context than it started in (a pool of threads) leaves
        # nothing behind to reset: that context ends with the task.
        with suppress(ValueError):
            _bound.reset(token)


def task_fields_connect() -> None:
    """Bind each task's fields while it runs (core.apps, once per process)."""
    task_prerun.connect(_task_started, weak=False, dispatch_uid="core.logs.task_started")
    task_postrun.connect(_task_ended, weak=False, dispatch_uid="core.logs.task_ended")
