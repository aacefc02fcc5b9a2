"""The PostgreSQL backend's pooled connections (core/postgresql/base.py): a healthy one is
handed out without a round trip, one whose session the server ended is never handed out."""

from __future__ import annotations

import time
from typing import Any

import pytest
from django.db import connection
from psycopg_pool import ConnectionPool

from core import rows
from core.postgresql.base import hung_up
from games.models import Game

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def pool() -> Any:
    if connection.vendor != "postgresql" or connection.pool is None:
        pytest.skip("PostgreSQL's connection pool (DATABASE_URL) is not in use")
    return connection.pool


def backend_pid() -> int:
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        return int(cursor.fetchone()[0])


def test_a_healthy_connection_is_handed_out_without_a_round_trip(
    pool: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    asked: list[object] = []
    monkeypatch.setattr(ConnectionPool, "check_connection", staticmethod(asked.append))
    for _ in range(3):
        connection.close()  # back to the pool: the next query takes one from it
        backend_pid()
    assert asked == []


def test_a_connection_the_server_ended_is_never_handed_out(pool: Any) -> None:
    ended = backend_pid()
    with pool.connection() as other:
        other.execute("SELECT pg_terminate_backend(%s)", [ended])
    time.sleep(0.2)  # for the server's goodbye to reach the socket
    connection.close()  # the ended one goes back to the pool, as a request's does
    for _ in range(pool.get_stats()["pool_size"] + 1):
        assert backend_pid() != ended  # and every query after it is answered
        connection.close()


def test_a_hung_up_connection_is_told_from_a_healthy_one(pool: Any) -> None:
    with pool.connection() as ending, pool.connection() as other:
        assert not hung_up(ending)
        other.execute("SELECT pg_terminate_backend(%s)", [ending.info.backend_pid])
        time.sleep(0.2)
        assert hung_up(ending)
        assert not hung_up(other)


def test_a_statement_run_again_is_prepared_on_the_server() -> None:
    if connection.vendor != "postgresql":
        pytest.skip("PostgreSQL (DATABASE_URL) is not in use")
    if not connection.settings_dict["OPTIONS"].get("server_side_binding"):
        pytest.skip("DATABASE_PREPARED_STATEMENTS is off")

    def prepared(marker: str) -> list[str]:
        with connection.cursor() as cursor:
            cursor.execute("SELECT statement FROM pg_prepared_statements")
            return [row[0] for row in cursor.fetchall() if marker in row[0]]

    # A statement no other test runs (a pooled connection keeps what earlier tests
    # prepared on it): once is not enough, five times is.
    only_here = "SELECT %s::integer AS prepared_by_this_test"
    rows.one(only_here, [1])
    assert prepared("prepared_by_this_test") == []
    for n in range(5):
        assert rows.one(only_here, [n]) == (n,)
    (statement,) = prepared("prepared_by_this_test")
    assert "$1" in statement  # the parameter is bound by the server, not in the text

    # The reads every order submission makes are such statements.
    for _ in range(6):
        assert Game.objects.row(1) is None
    assert any(s.startswith('SELECT g."id"') for s in prepared('"games_game"'))
