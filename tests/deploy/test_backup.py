"""A backup restored (deploy/backup.sh, deploy/restore.sh): the dump of a site with a game
under way (an adjudicated phase, its orders, press) and a player's rating, restored into
a fresh database, holds the same rows, and a web process started on it serves the game as
before. It needs PostgreSQL and its pg_dump and pg_restore: CI has them; elsewhere it is
skipped, saying why."""

from __future__ import annotations

import json
import os
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.test import TransactionTestCase

from games import services
from games.models import GamePhase
from games.services.press import press_send
from tests.deploy.support import database_url, free_port, on_postgresql, wait_until
from tests.e2e.base import seven_player_game
from tournaments.models import PlayerRating

ROOT = Path(settings.BASE_DIR)
#: The tables whose rows must come back: accounts, games, phases, orders, press, ratings.
KEPT = (
    "auth_user",
    "games_game",
    "games_seat",
    "games_gamephase",
    "games_orderset",
    "games_pressmessage",
    "tournaments_playerrating",
)


def rows(url: str, table: str) -> list[Any]:
    import psycopg

    with psycopg.connect(url) as conn:
        found = conn.execute(f"SELECT row_to_json(t) FROM {table} t ORDER BY t.id").fetchall()
    # jsonb is not involved, but a float's text may differ: compare the values parsed.
    return [json.loads(json.dumps(r[0], sort_keys=True)) for r in found]


def admin(url: str, statement: str) -> None:
    import psycopg

    with psycopg.connect(url.rsplit("/", 1)[0] + "/postgres", autocommit=True) as conn:
        conn.execute(statement)


@pytest.mark.skipif(
    not (on_postgresql and shutil.which("pg_dump") and shutil.which("pg_restore")),
    reason="needs PostgreSQL (DATABASE_URL) and its pg_dump and pg_restore, as CI has",
)
class BackupAndRestore(TransactionTestCase):
    def test_a_restored_dump_holds_the_same_site_and_is_served(self) -> None:
        game = seven_player_game("Kept safe", all_ready_but_france=True)
        france = get_user_model().objects.get(username="france-player")
        press_send(game=game, user=france, to="all", body="Backed up, I hope")
        services.orders_ready(game=game, user=france, ready=True)
        spring = GamePhase.objects.get(game=game, index=0)
        services.phase_adjudicate(game_id=game.pk, phase_id=spring.pk)
        spring.refresh_from_db()
        assert spring.status == GamePhase.Status.RESOLVED
        PlayerRating.objects.create(user=france, kind="multi", mu=27.5, sigma=6.1, shown=12)

        folder = Path(self.enterContext(tempfile.TemporaryDirectory(prefix="backup-")))
        env_file = folder / "site.env"
        env_file.write_text("SECRET_KEY=kept-with-the-dump\n")
        source = database_url()
        made = subprocess.run(
            [str(ROOT / "deploy" / "backup.sh"), str(folder / "backups")],
            env={**os.environ, "DATABASE_URL": source, "ENV_FILE": str(env_file)},
            capture_output=True,
            text=True,
            check=True,
        )
        dump = Path(made.stdout.strip())
        assert dump.exists()
        kept_env = dump.with_suffix(".env")
        assert kept_env.read_text() == "SECRET_KEY=kept-with-the-dump\n"
        # Only its owner may read what holds every player's data and the site's key.
        for path in (dump, kept_env):
            assert stat.S_IMODE(path.stat().st_mode) == 0o600, path

        name = f"restored_{os.getpid()}"
        restored = database_url(name)
        admin(source, f'DROP DATABASE IF EXISTS "{name}"')
        admin(source, f'CREATE DATABASE "{name}"')
        self.addCleanup(admin, source, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        # As the README has the operator run it: the kept settings file put back (its
        # DATABASE_URL, the old database's, loses to the one given), from the backups'
        # folder with the dump's name alone.
        site_env = folder / "site-restored.env"
        site_env.write_text(f"{kept_env.read_text()}DATABASE_URL={source}\n")
        subprocess.run(
            [str(ROOT / "deploy" / "restore.sh"), dump.name],
            cwd=dump.parent,
            env={
                **os.environ,
                "DATABASE_URL": restored,
                "ENV_FILE": str(site_env),
                "PYTHON": sys.executable,
                "DJANGO_SETTINGS_MODULE": "diplosite.settings",
            },
            capture_output=True,
            text=True,
            check=True,
        )
        for table in KEPT:
            with self.subTest(table=table):
                before = rows(source, table)
                assert before, table
                assert rows(restored, table) == before

        # A web process on the restored database serves the game as the site did.
        port = free_port()
        web = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "daphne",
                "-b",
                "127.0.0.1",
                "-p",
                str(port),
                "diplosite.asgi:application",
            ],
            cwd=ROOT,
            env={
                **{k: v for k, v in os.environ.items() if k != "REDIS_URL"},
                "DATABASE_URL": restored,
                "DJANGO_SETTINGS_MODULE": "diplosite.settings",
                "CELERY_BROKER_DIR": str(folder / "broker"),
                "SECRET_KEY": "kept-with-the-dump",
            },
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )
        self.addCleanup(_stop, web)
        api = f"/api/v1/games/{game.pk}/"

        def served() -> bool:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}{api}", timeout=5) as r:
                return bool(r.status == 200)

        wait_until("the restored site serves the game", served, 60)
        with urllib.request.urlopen(f"http://127.0.0.1:{port}{api}", timeout=10) as answer:
            there = json.load(answer)
        here = self.client.get(api).json()
        assert there == here
        assert there["game"]["name"] == "Kept safe"
        with urllib.request.urlopen(
            f"http://127.0.0.1:{port}/games/{game.pk}/", timeout=10
        ) as page:
            assert "Kept safe" in page.read().decode()


def _stop(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is None:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(timeout=20)
