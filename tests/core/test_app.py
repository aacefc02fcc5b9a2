"""The site as an installable app (core.app): its manifest names it in the asker's
language, opens on the lobby in a window of its own, and every icon it lists is served,
at the size it claims, with a maskable one among them."""

from __future__ import annotations

import json
import struct
from pathlib import Path

import pytest
from django.conf import settings
from django.test import Client

pytestmark = pytest.mark.django_db


def _png_size(path: Path) -> tuple[int, int]:
    width, height = struct.unpack(">II", path.read_bytes()[16:24])
    return width, height


def test_the_manifest_makes_the_site_installable() -> None:
    answer = Client().get("/manifest.webmanifest")
    assert answer.status_code == 200
    assert answer["Content-Type"] == "application/manifest+json"
    manifest = json.loads(answer.content)
    assert manifest["name"] == "Diplomacy"
    assert manifest["start_url"] == "/"
    assert manifest["display"] == "standalone"
    assert manifest["theme_color"].startswith("#")
    sizes = {i["sizes"] for i in manifest["icons"] if i["type"] == "image/png"}
    assert {"192x192", "512x512"} <= sizes
    assert any(i.get("purpose") == "maskable" for i in manifest["icons"])
    static = Path(settings.BASE_DIR) / "static"
    for icon in manifest["icons"]:
        path = static / icon["src"].removeprefix(settings.STATIC_URL)
        assert path.is_file(), icon
        if icon["type"] == "image/png":
            width, height = _png_size(path)
            assert icon["sizes"] == f"{width}x{height}", icon


def test_the_manifest_speaks_the_askers_language() -> None:
    answer = Client(headers={"accept-language": "de"}).get("/manifest.webmanifest")
    manifest = json.loads(answer.content)
    assert manifest["lang"] == "de"
    assert manifest["description"] == "Diplomacy und seine Varianten online spielen."


def test_every_page_links_the_manifest_and_its_icons() -> None:
    page = Client().get("/").content.decode()
    assert '<link rel="manifest" href="/manifest.webmanifest">' in page
    assert 'rel="apple-touch-icon"' in page
    assert '<meta name="theme-color"' in page


def test_the_service_worker_is_served_from_the_root_for_the_whole_site() -> None:
    answer = Client().get("/sw.js")
    assert answer.status_code == 200
    assert answer["Content-Type"].startswith("text/javascript")
    assert answer["Service-Worker-Allowed"] == "/"
    assert answer["Cache-Control"] == "no-cache"
    script = answer.content.decode()
    assert 'addEventListener("push"' in script
    assert 'addEventListener("notificationclick"' in script
