"""API clients: by token (as programs call), by session, or anonymous."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from rest_framework.test import APIClient


@pytest.fixture
def api() -> Callable[..., APIClient]:
    """``api(user)`` calls with a fresh token of ``user``; ``api()`` calls anonymously;
    ``api(key=...)`` sends that key."""
    from accounts import services

    def make(user: Any = None, *, key: str | None = None) -> APIClient:
        client = APIClient()
        if user is not None and key is None:
            _token, key = services.api_token_create(user=user, name="test")
        if key is not None:
            client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
        return client

    return make
