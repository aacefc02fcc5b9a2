"""Django's HTTP handler under ASGI, with the whole request in one worker thread.

Django's ``ASGIHandler`` builds the middleware chain in async mode: every middleware that
can run async does, and each sync step (the session, CSRF, auth, message middleware, the
view) is handed to a worker thread and back. Under load that cost a tenth of the API's
CPU (bench/site_load_orders.py, profiled with py-spy). Every middleware and view of this
site is synchronous, so this handler builds the chain in sync mode, as WSGI would, and
crosses from the event loop to the request's thread once, for the whole chain. Async
views would still work (Django adapts them), at the cost of a switch of their own.
"""

from __future__ import annotations

from asgiref.sync import sync_to_async
from django.core.handlers.asgi import ASGIHandler
from django.http import HttpRequest, HttpResponseBase


class OneThreadASGIHandler(ASGIHandler):
    """``ASGIHandler`` whose middleware chain runs synchronously in one thread."""

    def load_middleware(self, is_async: bool = False) -> None:
        super().load_middleware(is_async=False)

    async def get_response_async(self, request: HttpRequest) -> HttpResponseBase:
        # get_response sets the urlconf and logs 4xx/5xx in the same thread, as under WSGI.
        response: HttpResponseBase = await sync_to_async(
            self.get_response, thread_sensitive=True
        )(request)
        return response
