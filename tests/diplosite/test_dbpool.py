"""A forked child (Celery's prefork workers, the browser tests' live server) starts its own
PostgreSQL connection pool: the parent's pooled sockets are the parent's."""

from __future__ import annotations

import os

import pytest
from django.db.backends.postgresql.base import DatabaseWrapper

from diplosite import dbpool


def test_a_forked_child_forgets_the_pools_of_its_parent(monkeypatch: pytest.MonkeyPatch) -> None:
    parents_pool = object()
    monkeypatch.setitem(DatabaseWrapper._connection_pools, "forked", parents_pool)
    pid = os.fork()
    if pid == 0:  # the child: nothing here may raise into pytest
        forgotten = "forked" not in DatabaseWrapper._connection_pools
        kept_alive = any(pool is parents_pool for pool in dbpool._inherited)
        os._exit(0 if forgotten and kept_alive else 1)
    _, status = os.waitpid(pid, 0)
    assert os.waitstatus_to_exitcode(status) == 0
    assert DatabaseWrapper._connection_pools["forked"] is parents_pool  # the parent keeps it
