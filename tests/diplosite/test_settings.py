"""Settings that the site's health under load depends on, read as each deployment would
read them (the settings module run afresh with a given environment)."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

SETTINGS = Path(__file__).resolve().parents[2] / "diplosite" / "settings.py"
POSTGRES = "postgres://diplo:diplo@127.0.0.1:5432/diplo"


def load(monkeypatch: pytest.MonkeyPatch, **environment: str) -> ModuleType:
    """diplosite/settings.py executed as a new module under ``environment``."""
    for name in (
        "DATABASE_URL",
        "REDIS_URL",
        "CHANNEL_REDIS_URL",
        "DATABASE_POOL_MAX_SIZE",
        "DATABASE_PREPARED_STATEMENTS",
    ):
        monkeypatch.delenv(name, raising=False)
    for name, value in environment.items():
        monkeypatch.setenv(name, value)
    spec = importlib.util.spec_from_file_location("settings_under_test", SETTINGS)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_postgresql_connections_are_never_persistent(monkeypatch: pytest.MonkeyPatch) -> None:
    # Under ASGI a persistent connection stays with a thread that never serves again.
    for url in (POSTGRES, f"{POSTGRES}?conn_max_age=60"):
        database = load(monkeypatch, DATABASE_URL=url).DATABASES["default"]
        assert database["CONN_MAX_AGE"] == 0
        # The pool's connections are checked by the backend, without a round trip each.
        assert database["ENGINE"] == "core.postgresql"
        assert database["CONN_HEALTH_CHECKS"] is False


def test_postgresql_connections_come_from_a_bounded_pool(monkeypatch: pytest.MonkeyPatch) -> None:
    database = load(monkeypatch, DATABASE_URL=POSTGRES).DATABASES["default"]
    pool = database["OPTIONS"]["pool"]
    assert pool["max_size"] == 10
    assert 1 <= pool["min_size"] <= pool["max_size"]
    assert pool["timeout"] > 0


def test_the_pool_size_comes_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    sized = load(monkeypatch, DATABASE_URL=POSTGRES, DATABASE_POOL_MAX_SIZE="25")
    assert sized.DATABASES["default"]["OPTIONS"]["pool"]["max_size"] == 25
    off = load(monkeypatch, DATABASE_URL=POSTGRES, DATABASE_POOL_MAX_SIZE="0")
    assert "pool" not in off.DATABASES["default"].get("OPTIONS", {})
    assert off.DATABASES["default"]["CONN_MAX_AGE"] == 0
    assert off.DATABASES["default"]["CONN_HEALTH_CHECKS"] is True
    # Without the pool too, the site's backend: its queries are counted (core.metrics).
    assert off.DATABASES["default"]["ENGINE"] == "core.postgresql"


def test_the_embedded_database_counts_its_queries(monkeypatch: pytest.MonkeyPatch) -> None:
    database = load(monkeypatch).DATABASES["default"]
    assert database["ENGINE"] == "django_prometheus.db.backends.sqlite3"


def test_requests_are_counted_first_and_last(monkeypatch: pytest.MonkeyPatch) -> None:
    middleware = load(monkeypatch).MIDDLEWARE
    assert middleware[0] == "django_prometheus.middleware.PrometheusBeforeMiddleware"
    assert middleware[-1] == "django_prometheus.middleware.PrometheusAfterMiddleware"


def test_postgresql_prepares_the_statements_it_runs_again(monkeypatch: pytest.MonkeyPatch) -> None:
    for pool_size in ("10", "0"):
        options = load(monkeypatch, DATABASE_URL=POSTGRES, DATABASE_POOL_MAX_SIZE=pool_size)
        assert options.DATABASES["default"]["OPTIONS"]["server_side_binding"] is True
        assert options.DATABASES["default"]["OPTIONS"]["prepare_threshold"] == 5
    off = load(monkeypatch, DATABASE_URL=POSTGRES, DATABASE_PREPARED_STATEMENTS="off")
    options = off.DATABASES["default"]["OPTIONS"]
    assert "server_side_binding" not in options
    assert "prepare_threshold" not in options


def test_the_redis_cache_fails_fast(monkeypatch: pytest.MonkeyPatch) -> None:
    # redis-py would wait 5 s for an answer; every API request and login reads the cache.
    options = load(monkeypatch, REDIS_URL="redis://127.0.0.1:6379/0").CACHES["default"]["OPTIONS"]
    assert 0 < options["socket_connect_timeout"] <= 1
    assert 0 < options["socket_timeout"] <= 1


def test_the_channel_layer_may_have_a_redis_of_its_own(monkeypatch: pytest.MonkeyPatch) -> None:
    # README, "How it scales past one machine": the live updates' fan-out moves to a Redis
    # of its own, set in the environment like every other setting.
    shared = load(monkeypatch, REDIS_URL="redis://10.0.0.1:6379/0")
    [host] = shared.CHANNEL_LAYERS["default"]["CONFIG"]["hosts"]
    assert host["address"] == "redis://10.0.0.1:6379/0"
    own = load(
        monkeypatch,
        REDIS_URL="redis://10.0.0.1:6379/0",
        CHANNEL_REDIS_URL="redis://10.0.0.2:6379/0",
    )
    [host] = own.CHANNEL_LAYERS["default"]["CONFIG"]["hosts"]
    assert host["address"] == "redis://10.0.0.2:6379/0"
    assert own.CELERY_BROKER_URL == "redis://10.0.0.1:6379/0"
    assert own.CACHES["default"]["LOCATION"] == "redis://10.0.0.1:6379/0"
