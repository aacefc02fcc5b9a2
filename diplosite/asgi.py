"""The ASGI application: Django for HTTP, Channels for the game websockets."""

from __future__ import annotations

import gc
import os

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "diplosite.settings")
django.setup(set_prefix=False)

from diplosite.http import (  # noqa: E402  (needs Django set up first)
    OneThreadASGIHandler,
    request_bodies_left_to_django,
)

django_asgi = OneThreadASGIHandler()
request_bodies_left_to_django()

from channels.auth import AuthMiddlewareStack  # noqa: E402  (needs Django set up first)
from channels.generic.websocket import AsyncWebsocketConsumer  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402
from django.urls import re_path  # noqa: E402

from games.routing import websocket_urlpatterns as game_urls  # noqa: E402
from notifications.routing import websocket_urlpatterns as inbox_urls  # noqa: E402
from tournaments.routing import websocket_urlpatterns as tournament_urls  # noqa: E402

#: The close code for a socket address that no consumer takes (as 4403 is "not yours").
NO_SUCH_SOCKET = 4404


class NoSuchSocket(AsyncWebsocketConsumer):  # type: ignore[misc]
    """Any other socket address (or a game id too long to be one): refused politely.
    Without it Channels' router raises, and the server logs a traceback for a typo."""

    async def connect(self) -> None:
        await self.close(code=NO_SUCH_SOCKET)


application = ProtocolTypeRouter(
    {
        "http": django_asgi,
        "websocket": AllowedHostsOriginValidator(
            AuthMiddlewareStack(
                URLRouter(
                    [
                        *game_urls,
                        *inbox_urls,
                        *tournament_urls,
                        re_path(r"", NoSuchSocket.as_asgi()),
                    ]
                )
            )
        ),
    }
)

# What starting made (Django's apps and URL patterns, the variants' maps, the wording)
# lives as long as the process. Moved out of the collector's generations, it is no longer
# walked at every full collection: with ~130,000 such objects a full collection stopped
# every request of the process for ~40 ms, and the order submissions' p99 fell from
# 237-272 to 163-192 ms once it was frozen (bench/site_load_orders.py --daphne 2).
gc.freeze()
