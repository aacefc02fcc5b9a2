"""A local webhook server for notification tests."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, HTTPServer
from typing import Any

import pytest


class Hook(BaseHTTPRequestHandler):
    """Answers each POST with the next status of ``statuses`` (then 204), after ``delay``."""

    statuses: list[int] = []
    delay = 0.0
    bodies: list[dict[str, Any]] = []
    #: Sent as the Location header when set (to try redirects).
    location = ""

    def do_POST(self) -> None:
        length = int(self.headers.get("Content-Length", 0))
        type(self).bodies.append(json.loads(self.rfile.read(length)))
        time.sleep(type(self).delay)
        status = type(self).statuses.pop(0) if type(self).statuses else 204
        self.send_response(status)
        if type(self).location:
            self.send_header("Location", type(self).location)
        self.end_headers()

    def log_message(self, *args: Any) -> None:
        pass


@pytest.fixture
def hook(settings: Any) -> Iterator[tuple[str, type[Hook]]]:
    """A webhook server on this machine (so private addresses are allowed meanwhile)."""
    settings.WEBHOOK_ALLOW_PRIVATE = True
    handler = type("AHook", (Hook,), {"statuses": [], "delay": 0.0, "bodies": []})
    server = HTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}/hook", handler
    server.shutdown()
    server.server_close()
