"""Django's PostgreSQL backend, whose pooled connections are checked only when their
socket says something happened to them.

Django's ``CONN_HEALTH_CHECKS`` makes psycopg's pool send an empty query before it hands
out any connection: one more round trip to PostgreSQL on every request, about 0.8 ms of an
order submission's 6 (bench/site_load_orders.py). Here a connection is asked only if its
socket is readable: a server that ended the session (a restart, ``pg_terminate_backend``,
an idle timeout) sent its last message and closed it, so there is something to read; a
healthy idle connection has nothing. One whose server hung up is closed and given back,
and the pool hands out another (or opens one). What the socket cannot tell (a peer gone
without a word on a network that drops packets) the empty query would only have told
after its own timeout.

Its queries and connections are counted for Prometheus (django-prometheus's
``django_db_*`` figures, core.metrics): the cursors psycopg makes are django-prometheus's
counting ones, given to psycopg as its ``cursor_factory``, so that the pool's connections,
made by psycopg rather than by Django, count too.

Used by settings.py for every PostgreSQL database (``ENGINE = "core.postgresql"``), with
the pool or without it (``DATABASE_POOL_MAX_SIZE=0``: the socket check then has nothing
to do, and Django's own ``CONN_HEALTH_CHECKS`` is on).
"""

from __future__ import annotations

import select
from typing import Any

from django.db.backends.postgresql import base
from django_prometheus.db.common import DatabaseWrapperMixin, ExportingCursorWrapper
from psycopg import Error as PsycopgError
from psycopg_pool import ConnectionPool


def hung_up(connection: Any) -> bool:
    """Did the server end this idle connection's session (or is it closed here)?"""
    if connection.closed or connection.broken:
        return True
    readable, _, _ = select.select([connection.fileno()], [], [], 0)
    if not readable:
        return False
    try:  # a last message, or a harmless notice: ask it properly
        ConnectionPool.check_connection(connection)
    except PsycopgError:
        return True
    return False


class DatabaseWrapper(DatabaseWrapperMixin, base.DatabaseWrapper):  # type: ignore[misc]
    def get_connection_params(self) -> dict[str, Any]:
        params: dict[str, Any] = super().get_connection_params()
        # Django chose the cursor class (binding on the server or not); psycopg 3 makes
        # every cursor of the connection from it, the pool's connections included.
        params["cursor_factory"] = ExportingCursorWrapper(
            params["cursor_factory"], self.alias, self.vendor
        )
        return params

    def create_cursor(self, name: str | None = None) -> Any:
        # Django's own: the mixin's passes psycopg 2's ``factory``, which psycopg 3 lacks;
        # the connection's cursor_factory already counts.
        return base.DatabaseWrapper.create_cursor(self, name=name)

    def get_new_connection(self, conn_params: dict[str, Any]) -> Any:
        connection = super().get_new_connection(conn_params)
        pool = self.pool
        if pool is None:
            return connection
        for _ in range(pool.max_size):
            if not hung_up(connection):
                break
            connection.close()
            pool.putconn(connection)  # closed: the pool drops it and may open another
            connection = super().get_new_connection(conn_params)
        return connection
