"""Shared fixtures. Tests run on PostgreSQL and Redis when DATABASE_URL and REDIS_URL
are set (CI sets them), and on the embedded default (SQLite, in-memory layer) otherwise."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from datetime import timedelta
from typing import Any

import pytest

from games.terms import GameTerms

POWERS = ("austria", "england", "france", "germany", "italy", "russia", "turkey")


@pytest.fixture
def make_user(db: Any) -> Callable[..., Any]:
    from django.contrib.auth.models import User

    from accounts.roles import PLAYER, grant

    def make(name: str, password: str = "a-long-test-password") -> User:
        user = User.objects.create_user(name, f"{name}@example.org", password)
        grant(user, PLAYER)
        return user

    return make


@pytest.fixture
def site_moderator(make_user: Callable[..., Any]) -> Any:
    """A site moderator who plays in no game: the one who names game masters of running
    games."""
    from accounts.roles import MODERATOR, grant

    user = make_user("site-moderator")
    grant(user, MODERATOR)
    return user


@pytest.fixture
def players(make_user: Callable[..., Any]) -> dict[str, Any]:
    """Seven players, one per power, named after the power they will hold."""
    return {p: make_user(f"{p}-player") for p in POWERS}


@pytest.fixture
def started_game(players: dict[str, Any]) -> Any:
    """A running standard game in which each player holds the power of their name."""
    from games import services
    from games.models import Game

    game = services.game_create(
        created_by=players["austria"],
        name="Test game",
        power="austria",
        terms=GameTerms(assignment=Game.Assignment.CHOSEN, movement_deadline=timedelta(hours=1)),
    )
    for power in POWERS[1:]:
        services.game_join(game=game, user=players[power], power=power)
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE
    return game


@pytest.fixture(autouse=True)
def _fast_passwords(settings: Any) -> None:
    """Hashing real passwords is slow on purpose; tests need no such protection."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(scope="session", autouse=True)
def _pools_closed_at_the_end(django_db_setup: Any, django_db_blocker: Any) -> Iterator[None]:
    """PostgreSQL's connection pool keeps its connections open when Django closes them;
    closed before the test database is dropped (which needs no session on it)."""
    yield
    from django.db import connections

    connections.close_all()  # this thread's connection, back to the pool first
    with django_db_blocker.unblock():
        for connection in connections.all():
            if hasattr(connection, "close_pool"):
                connection.close_pool()


@pytest.fixture(autouse=True)
def _site_language() -> Iterator[None]:
    """Each test starts in the site's default language: a request in German activates
    German in the thread that served it, and no later test may inherit it."""
    from django.conf import settings
    from django.utils import translation

    translation.activate(settings.LANGUAGE_CODE)
    yield
    translation.activate(settings.LANGUAGE_CODE)


@pytest.fixture(autouse=True)
def _fresh_cache() -> None:
    """Login throttles and sweep holds are cache entries; no test inherits another's."""
    from django.core.cache import cache

    cache.clear()


@pytest.fixture
def eager() -> Iterator[None]:
    """Celery tasks run in the calling thread, as soon as they are queued."""
    from diplosite.celery import app

    before = app.conf.task_always_eager
    app.conf.task_always_eager = True
    yield
    app.conf.task_always_eager = before


@pytest.fixture(autouse=True)
def _no_connection_left_in_asgirefs_thread() -> Iterator[None]:
    """Consumers reach the database through asgiref's one thread for thread-sensitive
    calls, and with CONN_MAX_AGE that connection stays open after the test: PostgreSQL
    then cannot drop the test database at the end of the run. Closed after each test."""
    yield
    from asgiref.sync import SyncToAsync
    from django.db import connections

    SyncToAsync.single_thread_executor.submit(connections.close_all).result()
