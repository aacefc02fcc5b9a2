"""The middleware chain in one piece under ASGI.

Django builds the chain from the view outwards and runs each middleware that can be async
in async mode, so under Daphne the session, locale, CSRF, auth and message middleware
each handed its ``process_request``/``process_response`` to a worker thread and back:
about a dozen switches between the event loop and a thread per request, a tenth of the
API's CPU under load (bench/site_load_orders.py). A sync-only middleware innermost makes
every middleware outside it sync too, so a request switches to its thread once and runs
the whole chain there (Django's documentation, "Asynchronous support": each switch has a
cost, so keep a request's path all sync or all async).
"""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponseBase


class SyncChain:
    """Innermost in ``MIDDLEWARE``: does nothing but keep the chain synchronous."""

    sync_capable = True
    async_capable = False

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        return self.get_response(request)
