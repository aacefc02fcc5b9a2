"""The site as an app a phone installs: its web app manifest (name, icons, colours, the
address it opens on). The service worker that keeps the site usable offline and shows
pushes is static/js/sw.js, served from the site's root so that it governs every page."""

from __future__ import annotations

from django.contrib.staticfiles import finders
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.templatetags.static import static
from django.utils.translation import gettext as _

#: The header's colour (the browser's bar), and the pages' background (the splash).
THEME_COLOUR = "#2d2a26"
BACKGROUND_COLOUR = "#faf8f3"


def manifest(request: HttpRequest) -> JsonResponse:
    """The web app manifest, in the asker's language (its name and description are read
    to him when he installs it)."""
    start = "/"  # the lobby: a player's games and the games he may join
    body = {
        "id": start,
        "name": _("Diplomacy"),
        "short_name": _("Diplomacy"),
        "description": _("Play Diplomacy and its variants online."),
        "lang": request.LANGUAGE_CODE,
        "start_url": start,
        "scope": "/",
        "display": "standalone",
        "background_color": BACKGROUND_COLOUR,
        "theme_color": THEME_COLOUR,
        "icons": [
            {"src": static("icons/icon-192.png"), "sizes": "192x192", "type": "image/png"},
            {"src": static("icons/icon-512.png"), "sizes": "512x512", "type": "image/png"},
            {
                "src": static("icons/icon-512.png"),
                "sizes": "512x512",
                "type": "image/png",
                "purpose": "maskable",
            },
            {"src": static("icons/icon.svg"), "sizes": "any", "type": "image/svg+xml"},
        ],
    }
    response = JsonResponse(body, json_dumps_params={"ensure_ascii": False})
    response["Content-Type"] = "application/manifest+json"
    return response


def service_worker(request: HttpRequest) -> HttpResponse:
    """The service worker (static/js/sw.js) at the site's root: a worker governs only the
    pages under its own address, and the static files' address is not the root. Never
    cached without asking, so a new version reaches the browsers that have the old."""
    found = finders.find("js/sw.js")
    if not found:
        raise Http404("no service worker")
    with open(found, "rb") as script:
        response = HttpResponse(script.read(), content_type="text/javascript; charset=utf-8")
    response["Cache-Control"] = "no-cache"
    response["Service-Worker-Allowed"] = "/"
    return response
