"""The site's own bots: orders for their seats in practice games, every few seconds.

``runsite`` runs it beside web, worker and beat. What it plays and how is in
``games/management/botplay.py``; the strategy is the ``bots`` library's.
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from games.management import botplay


class Command(BaseCommand):
    help = (
        "Play the seats of the site's own bots in practice games, every few seconds until "
        "stopped (--once: one round)."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--once", action="store_true", help="play one round and stop")
        parser.add_argument(
            "--interval", type=float, default=3.0, help="seconds between rounds (default 3)"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        if options["once"]:
            self.stdout.write(f"bots: ordered for {botplay.house_bots_play()} seats")
            return
        botplay.rounds_play(
            botplay.house_bots_play, interval=options["interval"], name="site's bots"
        )
