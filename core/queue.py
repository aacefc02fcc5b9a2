"""What runs after a transaction commits: a callback, or a Celery task queued by name.

Both are robust. The action has committed by then, so nothing a callback does (a broker
that is away, a channel layer that is down) may turn it into an error for the user; the
failure is logged, and the beat tasks redo what was left undone (the sweep adjudicates
due phases, undispatched events are dispatched again, pending deliveries re-queued).
Tasks are queued by name, so that no service imports a tasks module.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from celery import current_app
from django.db import transaction

log = logging.getLogger(__name__)


def after_commit(func: Callable[..., object], /, *args: Any, **kwargs: Any) -> None:
    """Call ``func(*args, **kwargs)`` once the current transaction commits (at once
    outside one).

    A real function is handed to Django, never a ``functools.partial``: Django 5.2 names
    a failing robust callback by its ``__qualname__``, which a partial lacks, and the
    error then escapes after the commit."""

    def call() -> None:
        func(*args, **kwargs)

    call.__qualname__ = f"after_commit({getattr(func, '__qualname__', repr(func))})"
    transaction.on_commit(call, robust=True)


def task_send(name: str, /, *args: Any) -> bool:
    """Queue the Celery task ``name`` now; False (logged) if the broker is away."""
    try:
        current_app.tasks[name].delay(*args)
    except Exception:
        log.warning("could not queue %s%r", name, args, exc_info=True)
        return False
    return True


def task_after_commit(name: str, /, *args: Any) -> None:
    """Queue the Celery task ``name`` with ``args`` once the transaction commits."""
    after_commit(task_send, name, *args)


def task_run_here(name: str, /, *args: Any) -> Any:
    """Run the Celery task ``name`` in this process, now, as a worker would (its retries
    included), and return its result."""
    return current_app.tasks[name].apply(args=args).get(propagate=False)
