"""Run the whole site with one command: web (Daphne), Celery worker and Celery beat.

Migrates, loads the demo data, starts the three processes, the site's own bots (which play
practice games through the site's API, at the address web serves on) and the demo bot
(which plays the demo games for everyone but the visitor), and stops all of them on
Ctrl-C.
With nothing configured this is the embedded default (SQLite, in-memory channel layer,
filesystem broker); DATABASE_URL and REDIS_URL switch to PostgreSQL and Redis.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandParser


class Command(BaseCommand):
    help = "Migrate, load demo data, and run web + worker + beat until Ctrl-C."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--host", default="127.0.0.1")
        parser.add_argument("--port", type=int, default=8000)
        parser.add_argument(
            "--no-demo", action="store_true", help="skip the demo data and the demo bot"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        call_command("migrate", interactive=False, verbosity=0)
        call_command("collectstatic", interactive=False, verbosity=0)
        if not options["no_demo"]:
            call_command("demo_data")
            # The tournaments' demo events, of the demo players demo_data made.
            call_command("demo_tournaments")
        commands = process_commands(
            host=options["host"], port=options["port"], demo=not options["no_demo"]
        )
        env = {**os.environ, "PYTHONUNBUFFERED": "1"}
        processes = {
            name: subprocess.Popen(cmd, cwd=settings.BASE_DIR, env=env)
            for name, cmd in commands.items()
        }
        where = "PostgreSQL" if "postgres" in settings.DATABASES["default"]["ENGINE"] else "SQLite"
        layer = "Redis" if settings.REDIS_URL else "in-memory layer, filesystem broker"
        self.stdout.write(
            f"\nThe site is starting on http://{options['host']}:{options['port']}/ "
            f"({where}, {layer}). Ctrl-C stops everything.\n"
        )
        stopping = False

        def stop(*_: Any) -> None:
            nonlocal stopping
            stopping = True

        signal.signal(signal.SIGINT, stop)
        signal.signal(signal.SIGTERM, stop)
        try:
            watched = dict(processes)
            while not stopping:
                for name, proc in list(watched.items()):
                    if proc.poll() is None:
                        continue
                    if name in ("demo", "bots"):
                        # The site works without its bots: only their games stand still.
                        self.stderr.write(f"{name} bot stopped (exit {proc.returncode})")
                        del watched[name]
                        continue
                    self.stderr.write(f"{name} stopped (exit {proc.returncode}); stopping all")
                    stopping = True
                time.sleep(0.5)
        finally:
            for proc in processes.values():
                if proc.poll() is None:
                    proc.terminate()
            deadline = time.monotonic() + 10
            for proc in processes.values():
                try:
                    proc.wait(timeout=max(0.1, deadline - time.monotonic()))
                except subprocess.TimeoutExpired:
                    proc.kill()
            self.stdout.write("Stopped.")


def beat_schedule() -> Path:
    """Where beat keeps its schedule: beside the embedded broker's folders (so that two
    sites run from one checkout, each with its own ``CELERY_BROKER_DIR``, do not share
    one file), else in ``.broker/``. The folder is made if missing (with Redis, nothing
    else makes it)."""
    control = getattr(settings, "CELERY_BROKER_TRANSPORT_OPTIONS", {}).get("control_folder")
    folder = Path(control).parent if control else Path(settings.BASE_DIR) / ".broker"
    folder.mkdir(parents=True, exist_ok=True)
    return folder / "beat-schedule"


def local_url(host: str, port: int) -> str:
    """Where a process beside web reaches it: the address it serves on, or this machine's
    own when it serves on every address."""
    if host in ("", "0.0.0.0"):
        host = "127.0.0.1"
    elif host == "::":
        host = "::1"
    if ":" in host:
        host = f"[{host.strip('[]')}]"
    return f"http://{host}:{port}"


def process_commands(*, host: str, port: int, demo: bool) -> dict[str, list[str]]:
    """The command line of each process the site runs, by name."""
    python = sys.executable
    commands = {
        "web": [python, "-m", "daphne", "-b", host, "-p", str(port), "diplosite.asgi:application"],
        "worker": [
            python,
            "-m",
            "celery",
            "-A",
            "diplosite",
            "worker",
            "--loglevel=INFO",
            "--pool=solo",
            "--without-gossip",
            "--without-mingle",
        ],
        "beat": [
            python,
            "-m",
            "celery",
            "-A",
            "diplosite",
            "beat",
            # At INFO beat says every few seconds that it sent the sweep; the worker's
            # lines already show each task.
            "--loglevel=WARNING",
            "--schedule",
            str(beat_schedule()),
        ],
        # The site's own bots, in practice games (with or without the demo): through the
        # API, at the address web serves on.
        "bots": [
            python,
            str(Path(settings.BASE_DIR) / "manage.py"),
            "run_bots",
            "--url",
            local_url(host, port),
        ],
    }
    if demo:
        commands["demo"] = [python, str(Path(settings.BASE_DIR) / "manage.py"), "demo_bot"]
    return commands
