"""Run the whole site with one command: web (Daphne), Celery worker and Celery beat.

Migrates, loads the demo data, starts the three processes and stops all of
them on Ctrl-C. With nothing configured this is the embedded default
(SQLite, in-memory channel layer, filesystem broker); DATABASE_URL and
REDIS_URL switch to PostgreSQL and Redis.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from typing import Any

from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandParser


class Command(BaseCommand):
    help = "Migrate, load demo data, and run web + worker + beat until Ctrl-C."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--host", default="127.0.0.1")
        parser.add_argument("--port", type=int, default=8000)
        parser.add_argument("--no-demo", action="store_true", help="skip the demo data")

    def handle(self, *args: Any, **options: Any) -> None:
        call_command("migrate", interactive=False, verbosity=0)
        call_command("collectstatic", interactive=False, verbosity=0)
        if not options["no_demo"]:
            call_command("demo_data")
        python = sys.executable
        beat_schedule = str(settings.BASE_DIR / ".broker" / "beat-schedule")
        commands = {
            "web": [
                python,
                "-m",
                "daphne",
                "-b",
                options["host"],
                "-p",
                str(options["port"]),
                "diplosite.asgi:application",
            ],
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
                "--loglevel=INFO",
                "--schedule",
                beat_schedule,
            ],
        }
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
            while not stopping:
                for name, proc in processes.items():
                    if proc.poll() is not None:
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
