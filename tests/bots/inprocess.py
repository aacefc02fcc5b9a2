"""An opener for :class:`bots.client.Api` that hands each request to the site in process
(Django's test client) instead of the network: the same views, authentication, throttle
and services as a live server, in the test's own thread and transaction. It keeps each
request it made (method, path, token, body) for a test to read."""

from __future__ import annotations

import io
import json
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass, field
from email.message import Message
from typing import Any

from django.test import Client


@dataclass(frozen=True)
class Sent:
    """One request the client made."""

    method: str
    path: str
    token: str
    body: Any


class _Answer:
    def __init__(self, content: bytes) -> None:
        self._body = io.BytesIO(content)

    def read(self) -> bytes:
        return self._body.read()

    def __enter__(self) -> _Answer:
        return self

    def __exit__(self, *_: object) -> None:
        self._body.close()


@dataclass
class InProcess:
    """``Api(url, key, opener=InProcess())``: requests go to the site in process."""

    sent: list[Sent] = field(default_factory=list)

    def __call__(self, request: urllib.request.Request, timeout: float = 0) -> _Answer:
        url = urllib.parse.urlsplit(request.full_url)
        path = url.path + (f"?{url.query}" if url.query else "")
        headers = {k.lower(): v for k, v in request.header_items()}
        data = request.data if isinstance(request.data, bytes) else None
        auth = headers.get("authorization", "")
        self.sent.append(
            Sent(
                request.get_method(),
                url.path,
                auth.removeprefix("Token "),
                json.loads(data) if data else None,
            )
        )
        answer = Client().generic(
            request.get_method(),
            path,
            data or b"",
            content_type=headers.get("content-type", "application/octet-stream"),
            HTTP_AUTHORIZATION=auth,
            HTTP_ACCEPT=headers.get("accept", "*/*"),
        )
        if answer.status_code >= 400:
            raise urllib.error.HTTPError(
                request.full_url,
                answer.status_code,
                answer.reason_phrase,
                Message(),
                io.BytesIO(answer.content),
            )
        return _Answer(answer.content)

    def writes(self) -> list[Sent]:
        """The requests that asked the site to change something."""
        return [s for s in self.sent if s.method not in ("GET", "HEAD")]
