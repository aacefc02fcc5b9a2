"""The login throttle (QA #8): failures count per (username, address) pair, per address
(much higher) and per username (never blocking), so nobody can lock a rival out."""

from __future__ import annotations

import logging
import warnings
from collections.abc import Iterator
from typing import Any

import pytest
from django.core.cache.backends.base import CacheKeyWarning
from django.test import Client
from django.urls import reverse

from accounts import services

pytestmark = pytest.mark.django_db

PASSWORD = "a-long-test-password"
HOME = "10.0.0.1"
ELSEWHERE = "10.0.0.2"


def _login(client: Client, username: str, password: str, address: str) -> Any:
    return client.post(
        reverse("accounts:login"),
        {"username": username, "password": password},
        REMOTE_ADDR=address,
    )


def _fail(client: Client, username: str, address: str, times: int) -> None:
    for _ in range(times):
        assert _login(client, username, "wrong", address).status_code == 200


def test_five_failures_block_that_username_from_that_address(make_user: Any) -> None:
    make_user("frank", PASSWORD)
    _fail(Client(), "frank", HOME, 5)
    blocked = _login(Client(), "frank", PASSWORD, HOME)
    assert blocked.status_code == 429
    assert "Too many failed logins" in blocked.content.decode()


def test_a_blocked_username_still_logs_in_from_another_address(make_user: Any) -> None:
    make_user("frank", PASSWORD)
    _fail(Client(), "frank", ELSEWHERE, 5)  # a rival, trying to lock frank out
    client = Client()
    assert _login(client, "frank", PASSWORD, HOME).status_code == 302
    assert client.session.get("_auth_user_id")


def test_failures_for_one_name_do_not_block_another_from_the_same_address(
    make_user: Any,
) -> None:
    make_user("frank", PASSWORD)
    make_user("carol", PASSWORD)
    _fail(Client(), "frank", HOME, 5)
    assert _login(Client(), "carol", PASSWORD, HOME).status_code == 302


def test_a_correct_login_ends_the_run_of_failures(make_user: Any) -> None:
    make_user("frank", PASSWORD)
    _fail(Client(), "frank", HOME, 4)
    assert _login(Client(), "frank", PASSWORD, HOME).status_code == 302
    _fail(Client(), "frank", HOME, 4)
    assert _login(Client(), "frank", PASSWORD, HOME).status_code == 302


def test_spraying_many_names_blocks_that_address_only(make_user: Any, settings: Any) -> None:
    settings.LOGIN_ADDRESS_MAX_FAILURES = 6
    make_user("carol", PASSWORD)
    for n in range(6):
        _fail(Client(), f"victim{n}", HOME, 1)
    blocked = _login(Client(), "carol", PASSWORD, HOME)
    assert blocked.status_code == 429
    assert "Too many failed logins" in blocked.content.decode()
    assert _login(Client(), "carol", PASSWORD, ELSEWHERE).status_code == 302


def test_the_address_limit_defaults_far_above_the_pair_limit(settings: Any) -> None:
    for n in range(10):
        services.login_failed(username=f"victim{n}", address=HOME)
    assert not services.login_blocked(username="victim10", address=HOME)
    assert services.LOGIN_ADDRESS_MAX_FAILURES >= 10 * settings.LOGIN_MAX_FAILURES


def test_many_failures_for_one_name_never_block_it_but_are_logged(
    settings: Any, caplog: pytest.LogCaptureFixture
) -> None:
    settings.LOGIN_USERNAME_ALERT_FAILURES = 10
    with caplog.at_level(logging.WARNING, logger="accounts.services"):
        for n in range(10):
            services.login_failed(username="frank", address=f"10.0.1.{n}")
    assert not services.login_blocked(username="frank", address=HOME)
    assert "10 failed logins for one username" in caplog.text


def test_an_ipv6_network_counts_as_one_address(settings: Any) -> None:
    settings.LOGIN_ADDRESS_MAX_FAILURES = 3
    for n in range(3):
        services.login_failed(username=f"victim{n}", address=f"2001:db8::{n + 1}")
    assert services.login_blocked(username="carol", address="2001:db8::ffff")
    assert not services.login_blocked(username="carol", address="2001:db8:0:1::1")


def test_odd_usernames_make_valid_cache_keys() -> None:
    name = "a name with spaces\n" + "x" * 300
    with warnings.catch_warnings():
        warnings.simplefilter("error", CacheKeyWarning)  # what memcached would refuse
        for _ in range(5):
            services.login_failed(username=name, address=HOME)
        assert services.login_blocked(username=name, address=HOME)


# -- with the cache (Redis) out of reach: the counters live in the process's memory ----------


@pytest.fixture
def cache_down(settings: Any) -> Iterator[None]:
    """The cache pointed at a port where nothing listens (connecting is refused)."""
    from accounts import counters

    settings.CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": "redis://127.0.0.1:1/0",
            "OPTIONS": {"socket_connect_timeout": 0.5, "socket_timeout": 1.0},
        }
    }
    yield
    counters.reset()


def test_a_correct_login_works_while_the_cache_is_down(cache_down: None, make_user: Any) -> None:
    make_user("frank", PASSWORD)
    client = Client()
    assert _login(client, "frank", PASSWORD, HOME).status_code == 302
    assert client.session.get("_auth_user_id")


def test_failed_logins_are_still_limited_while_the_cache_is_down(
    cache_down: None, make_user: Any
) -> None:
    make_user("frank", PASSWORD)
    _fail(Client(), "frank", HOME, 5)
    blocked = _login(Client(), "frank", PASSWORD, HOME)
    assert blocked.status_code == 429
    assert "Too many failed logins" in blocked.content.decode()
    assert _login(Client(), "frank", PASSWORD, ELSEWHERE).status_code == 302
