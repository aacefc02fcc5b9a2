"""The site's security headers: a content security policy on every page, whose nonce every
inline script carries (and no page has an inline handler or style attribute, which no
nonce can allow); HSTS, TLS only and secure cookies in production, where
``manage.py check --deploy`` finds nothing to say."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path

from django.conf import settings
from django.contrib.auth import get_user_model
from django.test import TestCase, override_settings

from accounts.roles import ORGANISER, grant
from tests.e2e.base import seven_player_game

TEMPLATES = Path(settings.BASE_DIR) / "templates"
DATA_TYPES = {"application/json", "application/ld+json", "importmap"}


class Inline(HTMLParser):
    """The inline scripts and styles of a page (their nonces), and any inline handler or
    style attribute."""

    def __init__(self) -> None:
        super().__init__()
        self.nonces: list[str | None] = []
        self.attributes: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        given = dict(attrs)
        if tag == "script" and "src" not in given and given.get("type") not in DATA_TYPES:
            self.nonces.append(given.get("nonce"))
        if tag == "style":
            self.nonces.append(given.get("nonce"))
        self.attributes += [
            f"<{tag} {name}>" for name, _ in attrs if name.startswith("on") or name == "style"
        ]


def policy(header: str) -> dict[str, list[str]]:
    return {
        part.split()[0]: part.split()[1:] for part in (p.strip() for p in header.split(";")) if part
    }


class ContentSecurityPolicy(TestCase):
    def setUp(self) -> None:
        self.game = seven_player_game("Policed")
        self.user = get_user_model().objects.get(username="france-player")
        grant(self.user, ORGANISER)
        self.client.force_login(self.user)

    def assert_policed(self, path: str) -> None:
        response = self.client.get(path)
        assert response.status_code == 200, path
        rules = policy(response["Content-Security-Policy"])
        assert rules["script-src"][0] == "'self'", path
        assert "'unsafe-inline'" not in response["Content-Security-Policy"]
        assert rules["object-src"] == ["'none'"]
        assert rules["frame-ancestors"] == ["'none'"]
        assert rules["base-uri"] == ["'none'"]
        page = Inline()
        page.feed(response.content.decode())
        assert page.attributes == [], (path, page.attributes)
        # The header names a nonce only for a page that uses one.
        nonces = {s[len("'nonce-") : -1] for s in rules["script-src"] if s.startswith("'nonce-")}
        assert set(page.nonces) == nonces, (path, page.nonces, nonces)

    def test_every_page_of_the_site_is_policed_and_its_inline_scripts_carry_the_nonce(
        self,
    ) -> None:
        for path in (
            "/",
            f"/games/{self.game.pk}/",
            "/games/new/",
            "/tournaments/",
            "/tournaments/new/",
            "/sandbox/",
            "/variants/standard/",
            "/variants/rather_silly/",
            "/notifications/",
            "/api/docs/",
        ):
            with self.subTest(path=path):
                self.assert_policed(path)

    def test_each_answer_has_a_nonce_of_its_own(self) -> None:
        nonces = {
            policy(self.client.get("/games/new/")["Content-Security-Policy"])["script-src"][-1]
            for _ in range(3)
        }
        assert all(n.startswith("'nonce-") for n in nonces)
        assert len(nonces) == 3

    def test_no_template_has_an_inline_handler_or_style_attribute(self) -> None:
        found = [
            f"{path.relative_to(TEMPLATES)}: {m.group(0)}"
            for path in TEMPLATES.rglob("*.html")
            for m in re.finditer(r"<[a-z][^>]*\s(on[a-z]+|style)\s*=", path.read_text())
        ]
        assert found == []


class Production(TestCase):
    @override_settings(SECURE_SSL_REDIRECT=True)
    def test_plain_http_is_redirected_except_the_probes(self) -> None:
        assert self.client.get("/").status_code == 301
        assert self.client.get("/health/live/").status_code == 200

    def test_check_deploy_is_clean_with_the_production_settings(self) -> None:
        env = {
            **os.environ,
            "DJANGO_SETTINGS_MODULE": "diplosite.settings",
            "SECRET_KEY": "a-production-key-" + "x7Qp" * 12,
            "SECURE_COOKIES": "on",
            "ALLOWED_HOSTS": "diplomacy.example.org",
            "DEBUG": "off",
        }
        done = subprocess.run(
            [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
            cwd=settings.BASE_DIR,
            env=env,
            capture_output=True,
            text=True,
        )
        assert done.returncode == 0, done.stdout + done.stderr
        assert "no issues" in done.stdout

    def test_production_sends_hsts_and_secure_cookies(self) -> None:
        script = (
            "import django; django.setup(); from django.conf import settings as s; "
            "print(s.SECURE_HSTS_SECONDS, s.SECURE_HSTS_INCLUDE_SUBDOMAINS, s.SECURE_HSTS_PRELOAD,"
            " s.SECURE_SSL_REDIRECT, s.SESSION_COOKIE_SECURE, s.CSRF_COOKIE_SECURE)"
        )
        env = {**os.environ, "DJANGO_SETTINGS_MODULE": "diplosite.settings", "SECURE_COOKIES": "on"}
        out = subprocess.run(
            [sys.executable, "-c", script],
            cwd=settings.BASE_DIR,
            env=env,
            capture_output=True,
            text=True,
            check=True,
        ).stdout.split()
        assert out == ["31536000", "True", "True", "True", "True", "True"]
