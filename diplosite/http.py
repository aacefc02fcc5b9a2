"""Django's HTTP handler under ASGI, with the whole request in one trip to a worker thread.

Django's ``ASGIHandler`` builds the middleware chain in async mode: every middleware that
can run async does, and each sync step (the session, CSRF, auth, message middleware, the
view) is handed to a worker thread and back; then the ``request_started`` signal and
closing the response (which sends ``request_finished``, giving the database connection
back) are two trips more. Every middleware and view of this site is synchronous, and under
load each trip is CPU the event loop's thread and the worker spend handing the request
over (bench/site_load_orders.py, profiled with py-spy: 17 trips a request with the stock
handler cost a tenth of the API's CPU). So this handler builds the chain in sync mode, as
WSGI would, and does all of a request's sync work in one trip: the signal, the chain with
the view, and, for a response whose content is already whole, closing it. A streaming
response (a static file) is closed after it is sent, as Django does, in a second trip.
Async views would still work (Django adapts them), at the cost of a switch of their own.

The trips go to a few threads shared by all requests (``HTTP_THREADS``), not to a new
thread for each request as Django's handler does: under load forty requests' threads
spent the process's CPU taking the interpreter from one another (89 order saves a second
with a thread each, 106 with eight shared). A request's database connection is opened and
given back within its one trip, so no connection waits in a thread between trips. What a
streaming response sends must not use the database (none of this site's do: they are
static files), since its second trip may run in another thread.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import threading
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from tempfile import SpooledTemporaryFile
from typing import Any

from asgiref.sync import sync_to_async
from django.conf import settings
from django.core import signals
from django.core.exceptions import RequestAborted
from django.core.handlers.asgi import ASGIHandler, get_script_prefix
from django.db import close_old_connections
from django.http import FileResponse, HttpRequest, HttpResponseBase
from django.urls import set_script_prefix

Scope = dict[str, Any]
Send = Callable[[dict[str, Any]], Awaitable[None]]
Receive = Callable[[], Awaitable[dict[str, Any]]]


_threads: ThreadPoolExecutor | None = None
_threads_made = threading.Lock()


def request_threads() -> ThreadPoolExecutor:
    """The process's threads for requests' sync work (made at the first request)."""
    global _threads
    with _threads_made:
        if _threads is None:
            _threads = ThreadPoolExecutor(settings.HTTP_THREADS, thread_name_prefix="http")
        return _threads


def _threads_forget() -> None:
    # A forked child (the browser tests' live server) inherits the executor but not its
    # threads: work handed to it would wait forever. The child makes its own.
    global _threads, _threads_made
    _threads = None
    _threads_made = threading.Lock()


os.register_at_fork(after_in_child=_threads_forget)


class OneThreadASGIHandler(ASGIHandler):
    """``ASGIHandler`` whose request runs synchronously, in one trip to a shared thread."""

    def load_middleware(self, is_async: bool = False) -> None:
        super().load_middleware(is_async=False)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        # Django's handler opens a ThreadSensitiveContext here, a new thread per request;
        # the request's work goes to the shared threads instead (see the module's note).
        if scope["type"] != "http":
            raise ValueError(f"Django can only handle ASGI/HTTP connections, not {scope['type']}.")
        await self.handle(scope, receive, send)

    async def handle(self, scope: Scope, receive: Receive, send: Send) -> None:
        try:
            body_file = await self.read_body(receive)
        except RequestAborted:
            return
        set_script_prefix(get_script_prefix(scope))

        async def answer() -> HttpResponseBase:
            response: HttpResponseBase = await sync_to_async(
                self.response_made, thread_sensitive=False, executor=request_threads()
            )(scope, body_file)
            with contextlib.suppress(asyncio.CancelledError):  # the client went away
                await self.send_response(response, send)
            return response

        # A client that disconnects while the view runs is not sent the answer; the view
        # itself (synchronous) runs to its end in its thread either way.
        tasks = [
            asyncio.create_task(self.listen_for_disconnect(receive)),
            asyncio.create_task(answer()),
        ]
        await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
        for task in tasks:
            if task.done():
                try:
                    task.result()
                except RequestAborted:
                    pass
                except AssertionError:
                    body_file.close()
                    raise
            else:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
        try:
            response = tasks[1].result()
        except asyncio.CancelledError:
            # Disconnected before the answer was made: the thread still closes what it
            # made; this request's end is announced here, as Django does.
            await signals.request_finished.asend(sender=self.__class__)
        else:
            if response.streaming:
                await sync_to_async(
                    response.close, thread_sensitive=False, executor=request_threads()
                )()
        body_file.close()

    def response_made(
        self, scope: Scope, body_file: SpooledTemporaryFile[bytes]
    ) -> HttpResponseBase:
        """The request's sync work, in its thread: ``request_started``, the middleware
        chain with the view, and, when the content is whole, closing the response (which
        sends ``request_finished``) before the event loop sends it."""
        signals.request_started.send(sender=self.__class__, scope=scope)
        request, error_response = self.create_request(scope, body_file)
        if request is None:
            response: HttpResponseBase = error_response
        else:
            response = self.response_for(request)
        if response.streaming:
            # Closed after it is sent, maybe in another thread: the connection goes back now.
            close_old_connections()
        else:
            response.close()
        return response

    def response_for(self, request: HttpRequest) -> HttpResponseBase:
        # get_response sets the urlconf and logs 4xx/5xx in this thread, as under WSGI.
        response = self.get_response(request)
        response._handler_class = self.__class__  # type: ignore[attr-defined]
        if isinstance(response, FileResponse):
            # The ASGI server chunks: bigger blocks than WSGI's (as ASGIHandler does).
            response.block_size = self.chunk_size
        return response


def request_bodies_left_to_django() -> None:
    """Make Daphne hand every request body to the application unread.

    Twisted's HTTP request (under Daphne) parses a POST's multipart or urlencoded body
    into ``request.args`` before the application sees the request, although Daphne never
    reads them, and answers a multipart body it cannot parse (an empty one: ``--b--``)
    with a bare 400, no body, no headers, in place of the API's JSON error. Django reads
    the body itself (once, and within its upload limits), so the server's parse is only
    wasted memory and a second, different answer to the same bad input.
    """
    try:
        from daphne.http_protocol import WebRequest
    except ImportError:  # served by another ASGI server
        return
    if getattr(WebRequest, "bodies_left_to_django", False):
        return
    made = WebRequest.__init__

    def __init__(self: Any, *args: Any, **kwargs: Any) -> None:
        made(self, *args, **kwargs)
        # Read by twisted.web.http.Request.requestReceived, once the body is in.
        self._parsePOSTFormSubmission = False

    WebRequest.__init__ = __init__
    WebRequest.bodies_left_to_django = True
