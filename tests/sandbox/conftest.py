"""What the sandbox's tests share: an owner and a stranger."""

from __future__ import annotations

from typing import Any

import pytest


@pytest.fixture
def owner(make_user: Any) -> Any:
    return make_user("owner")


@pytest.fixture
def stranger(make_user: Any) -> Any:
    return make_user("stranger")
