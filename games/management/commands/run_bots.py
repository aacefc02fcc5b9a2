"""The site's own bots: orders for their seats in practice games, every few seconds,
through the site's public API with a token each, like any program.

``runsite`` runs it beside web, worker and beat, with ``--url`` the address web serves
on; otherwise the address is ``settings.BOTS_SITE_URL`` (``SITE_URL`` by default). What
it plays and how is in ``games/management/botplay.py``; the strategy is the ``bots``
library's, the client ``bots.client``'s.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandParser

from games.management import botplay


class Command(BaseCommand):
    help = (
        "Play the seats of the site's own bots in practice games through the site's API, "
        "every few seconds until stopped (--once: one round)."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--once", action="store_true", help="play one round and stop")
        parser.add_argument(
            "--interval", type=float, default=3.0, help="seconds between rounds (default 3)"
        )
        parser.add_argument(
            "--url",
            default=None,
            help="the site's address, where its API is asked (default: BOTS_SITE_URL, "
            "else SITE_URL)",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        url = options["url"] or settings.BOTS_SITE_URL
        if options["once"]:
            self.stdout.write(f"bots: ordered for {botplay.house_bots_play(url)} seats")
            return
        botplay.rounds_play(
            partial(botplay.house_bots_play, url), interval=options["interval"], name="site's bots"
        )
