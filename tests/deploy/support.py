"""What the deployment tests share: the test database's address for processes started
beside the test, a free port, and waiting for what those processes do at their own pace."""

from __future__ import annotations

import socket
import time
from collections.abc import Callable
from urllib.parse import urlsplit, urlunsplit

from django.conf import settings
from django.db import connection

on_postgresql = connection.vendor == "postgresql"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_until(what: str, check: Callable[[], bool], seconds: float) -> None:
    """Poll ``check`` until it holds (the processes start and work at their own pace)."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        try:
            if check():
                return
        except OSError:
            pass
        time.sleep(0.25)
    raise AssertionError(f"{what}: not within {seconds:g} s")


def redis_url(db: int) -> str:
    url = urlsplit(settings.REDIS_URL)
    return urlunsplit((url.scheme, url.netloc, f"/{db}", url.query, url.fragment))


def database_url(name: str | None = None) -> str:
    """The test database's address (or another database ``name`` on the same server)."""
    db = settings.DATABASES["default"]
    return (
        f"postgres://{db['USER']}:{db['PASSWORD']}@{db['HOST'] or '127.0.0.1'}:"
        f"{db['PORT'] or 5432}/{name or db['NAME']}"
    )
