"""``manage.py bot_account NAME``: a bot's account and an API token for the program that
plays it (``python -m bots --url ... --token KEY --game ID``). The key is printed once."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from accounts import services
from core.errors import ApplicationError


class Command(BaseCommand):
    help = (
        "Make a bot's account (or find it) and print a new API token for it; its seats are "
        "shown as a bot's."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("username")
        parser.add_argument("--token-name", default="bot", help="the token's name (default bot)")

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            user, key = services.bot_account_create(
                username=options["username"], token_name=options["token_name"]
            )
        except ApplicationError as e:
            raise CommandError(str(e)) from None
        self.stdout.write(f"bot account {user.get_username()}: API token {key}")
