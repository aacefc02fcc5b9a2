"""The shipped systemd units (deploy/systemd/) run what the README says, with programs
the site's environment has, and the house bots reach the API the way a deployment serves
it: over HTTPS through the proxy, since a web process redirects plain HTTP there once
SECURE_COOKIES is on."""

from __future__ import annotations

import shlex
import sys
from pathlib import Path

import pytest
from django.conf import settings
from django.test import Client, override_settings

UNITS = Path(settings.BASE_DIR) / "deploy" / "systemd"
VENV = "/srv/diplomacy/.venv/bin/"


def _exec_start(unit: str) -> list[str]:
    for line in (UNITS / unit).read_text().splitlines():
        if line.startswith("ExecStart="):
            return shlex.split(line.removeprefix("ExecStart="))
    raise AssertionError(f"{unit} has no ExecStart")


@pytest.mark.parametrize(
    "unit",
    [
        "diplomacy-web@.service",
        "diplomacy-worker@.service",
        "diplomacy-beat.service",
        "diplomacy-bots.service",
    ],
)
def test_each_unit_runs_a_program_of_the_sites_environment(unit: str) -> None:
    argv = _exec_start(unit)
    assert argv[0].startswith(VENV), argv
    assert (Path(sys.executable).parent / argv[0].removeprefix(VENV)).exists(), argv
    text = (UNITS / unit).read_text()
    assert "EnvironmentFile=/etc/diplomacy/env" in text
    assert "WorkingDirectory=/srv/diplomacy" in text


@pytest.mark.django_db
@override_settings(SECURE_SSL_REDIRECT=True)
def test_the_bots_ask_the_site_where_it_serves_them() -> None:
    argv = _exec_start("diplomacy-bots.service")
    assert argv[1:3] == ["manage.py", "run_bots"]
    # No address of a process's own over plain HTTP: it would answer each API request
    # with a redirect. Without --url, run_bots asks BOTS_SITE_URL, else SITE_URL (README).
    assert not [a for a in argv if a.startswith("http://") or a.startswith("--url")], argv
    assert Client().get("/api/v1/games/").status_code == 301
