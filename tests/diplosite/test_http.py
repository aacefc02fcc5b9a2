"""The HTTP handler under ASGI runs a request's whole middleware chain in one thread."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from asgiref.sync import SyncToAsync
from asgiref.testing import ApplicationCommunicator
from django.core.handlers.asgi import ASGIHandler

from diplosite.http import OneThreadASGIHandler


def _get(handler: ASGIHandler, path: str) -> tuple[int, int]:
    """The status of GET ``path`` through ``handler``, and how many times the request
    crossed from the event loop to a thread."""
    crossings = 0
    original = SyncToAsync.__call__

    async def counted(self: SyncToAsync[Any, Any], *args: Any, **kwargs: Any) -> Any:
        nonlocal crossings
        crossings += 1
        return await original(self, *args, **kwargs)

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

    async def run() -> int:
        communicator = ApplicationCommunicator(handler, scope)
        await communicator.send_input({"type": "http.request", "body": b""})
        start = await communicator.receive_output(5)
        while (await communicator.receive_output(5)).get("more_body"):
            pass
        await communicator.wait(5)
        status: int = start["status"]
        return status

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(SyncToAsync, "__call__", counted)
        status = asyncio.run(run())
    return status, crossings


def test_a_request_crosses_to_its_thread_once_for_the_whole_chain() -> None:
    # Django's own handler runs each sync middleware and the view in a thread by turns.
    status, crossings = _get(OneThreadASGIHandler(), "/jsi18n/")
    stock_status, stock_crossings = _get(ASGIHandler(), "/jsi18n/")
    assert status == stock_status == 200
    # The request_started signal, the whole chain with the view, and closing the response.
    assert crossings == 3
    assert stock_crossings > crossings
