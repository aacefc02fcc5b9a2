"""The HTTP handler under ASGI does a request's sync work in one trip to its thread."""

from __future__ import annotations

import asyncio
import os
import threading
from collections.abc import AsyncIterator
from typing import Any

import pytest
from asgiref.sync import SyncToAsync
from asgiref.testing import ApplicationCommunicator
from django.core import signals
from django.core.handlers.asgi import ASGIHandler
from django.http import HttpRequest, HttpResponse, StreamingHttpResponse
from django.urls import path

from diplosite.http import OneThreadASGIHandler


def _get_sent(
    handler: ASGIHandler, path: str, events: list[str] | None = None
) -> tuple[int, int, bytes]:
    """GET ``path`` through ``handler``: the status, how many times the request crossed
    from the event loop to a thread, and the body sent. Each message the handler sends is
    noted in ``events`` as it is sent ("start", "body")."""
    crossings = 0
    original = SyncToAsync.__call__
    noted = events if events is not None else []

    async def counted(self: SyncToAsync[Any, Any], *args: Any, **kwargs: Any) -> Any:
        nonlocal crossings
        crossings += 1
        return await original(self, *args, **kwargs)

    async def noting(scope: Any, receive: Any, send: Any) -> None:
        async def send_noted(message: dict[str, Any]) -> None:
            noted.append(message["type"].removeprefix("http.response."))
            await send(message)

        await handler(scope, receive, send_noted)

    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "GET",
        "scheme": "http",
        "path": path,
        "raw_path": path.encode(),
        "query_string": b"",
        "root_path": "",
        "headers": [(b"host", b"testserver")],
        "client": ("127.0.0.1", 50000),
        "server": ("testserver", 80),
    }

    async def run() -> tuple[int, bytes]:
        communicator = ApplicationCommunicator(noting, scope)
        await communicator.send_input({"type": "http.request", "body": b""})
        start = await communicator.receive_output(5)
        body = b""
        while True:
            message = await communicator.receive_output(5)
            body += message.get("body", b"")
            if not message.get("more_body"):
                break
        await communicator.wait(5)
        status: int = start["status"]
        return status, body

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(SyncToAsync, "__call__", counted)
        status, body = asyncio.run(run())
    return status, crossings, body


def _get(handler: ASGIHandler, path: str) -> tuple[int, int]:
    status, crossings, _body = _get_sent(handler, path)
    return status, crossings


def test_a_request_crosses_to_its_thread_once() -> None:
    # Django's own handler runs each sync middleware and the view in a thread by turns,
    # and the request_started signal and closing the response in two trips more.
    status, crossings = _get(OneThreadASGIHandler(), "/jsi18n/")
    stock_status, stock_crossings = _get(ASGIHandler(), "/jsi18n/")
    assert status == stock_status == 200
    assert crossings == 1
    assert stock_crossings > 3


async def _parts() -> AsyncIterator[bytes]:
    for part in (b"spring ", b"1901"):
        yield part


def _streamed(request: HttpRequest) -> StreamingHttpResponse:
    return StreamingHttpResponse(_parts())


def _whole(request: HttpRequest) -> HttpResponse:
    _threads_seen.append(("view", threading.current_thread().name))
    return HttpResponse(b"autumn 1901")


_threads_seen: list[tuple[str, str]] = []


urlpatterns = [path("streamed/", _streamed), path("whole/", _whole)]


@pytest.mark.parametrize(
    ("path", "body", "crossings_expected"),
    [
        ("/whole/", b"autumn 1901", 1),
        ("/streamed/", b"spring 1901", 2),
    ],
)
def test_the_request_ends_once_and_a_stream_ends_after_it_is_sent(
    settings: Any, path: str, body: bytes, crossings_expected: int
) -> None:
    # request_finished gives the database connection back: a whole answer ends in its
    # thread before it is sent; a stream only once its last part has gone out.
    settings.ROOT_URLCONF = __name__
    events: list[str] = []

    def finished(**kwargs: Any) -> None:
        events.append("finished")

    signals.request_finished.connect(finished)
    try:
        status, crossings, sent = _get_sent(OneThreadASGIHandler(), path, events)
    finally:
        signals.request_finished.disconnect(finished)
    assert status == 200
    assert sent == body
    assert crossings == crossings_expected
    assert events.count("finished") == 1
    if crossings_expected == 1:
        assert events == ["finished", "start", "body"]
    else:
        assert events[-1] == "finished"


def test_requests_share_a_few_threads_and_each_ends_in_its_own(settings: Any) -> None:
    # The request_finished signal gives the database connection back: it must run in
    # the thread that used the connection, and no thread is made per request.
    settings.ROOT_URLCONF = __name__

    def finished(**kwargs: Any) -> None:
        _threads_seen.append(("finished", threading.current_thread().name))

    _threads_seen.clear()
    signals.request_finished.connect(finished)
    handler = OneThreadASGIHandler()
    try:
        for _ in range(6):
            status, _crossings, _body = _get_sent(handler, "/whole/")
            assert status == 200
    finally:
        signals.request_finished.disconnect(finished)
    views = [name for what, name in _threads_seen if what == "view"]
    assert len(views) == 6
    assert all(name.startswith("http") for name in views)
    # One after the other, they find an idle thread rather than make one each.
    assert len(set(views)) <= 2
    pairs = list(zip(_threads_seen[::2], _threads_seen[1::2], strict=True))
    assert all(v == ("view", f[1]) and f[0] == "finished" for v, f in pairs)


def test_a_forked_child_makes_its_own_request_threads() -> None:
    # The browser tests' live server is a fork: the parent's threads do not come along.
    from diplosite import http

    parent = http.request_threads()
    reader, writer = os.pipe()
    child = os.fork()
    if child == 0:  # pragma: no cover (the child's outcome is read through the pipe)
        try:
            own = http.request_threads()
            answer = own.submit(lambda: "ok").result(timeout=5)
            os.write(writer, b"fresh" if own is not parent and answer == "ok" else b"same")
        finally:
            os._exit(0)
    os.close(writer)
    _, status = os.waitpid(child, 0)
    with os.fdopen(reader, "rb") as pipe:
        assert pipe.read() == b"fresh"
    assert os.waitstatus_to_exitcode(status) == 0
