"""The tournaments tests' organiser: olga, with the organiser role."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from accounts.roles import ORGANISER, grant


@pytest.fixture
def organiser(make_user: Callable[..., Any]) -> Any:
    user = make_user("olga")
    grant(user, ORGANISER)
    return user
