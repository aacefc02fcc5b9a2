"""The public REST API's addresses, ``/api/v1/``: each app's views under one namespace,
and the JSON 404 for everything else."""

from __future__ import annotations

from django.urls import re_path

from accounts.api import urlpatterns as token_urls
from core.api import not_found
from games.api import urlpatterns as games_urls
from notifications.api import urlpatterns as notification_urls
from sandbox.api import urlpatterns as sandbox_urls
from tournaments.api import urlpatterns as tournament_urls

app_name = "api"

urlpatterns = [
    *games_urls,
    *notification_urls,
    *sandbox_urls,
    *token_urls,
    *tournament_urls,
    re_path(r"^[\s\S]*$", not_found),  # [\s\S]: a path may hold a newline
]
