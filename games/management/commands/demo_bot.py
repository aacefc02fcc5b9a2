"""The demo bot: orders for the demo players who are not the visitor, in the demo games only.

``runsite`` runs it beside web, worker and beat (not with ``--no-demo``). What it plays
and how is in ``games/management/demo.py``.
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from games.management import botplay, demo


class Command(BaseCommand):
    help = (
        "Play the demo games for every demo player but the visitor, every few seconds "
        "until stopped (--once: one round)."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--once", action="store_true", help="play one round and stop")
        parser.add_argument(
            "--interval", type=float, default=3.0, help="seconds between rounds (default 3)"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        if options["once"]:
            self.stdout.write(f"demo bot: ordered for {demo.bot_play()} seats")
            return
        botplay.rounds_play(demo.bot_play, interval=options["interval"], name="demo bot")
