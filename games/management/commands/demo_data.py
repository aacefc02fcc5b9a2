"""Demo data to play with: players with known passwords, an open game, games under way.

What each game is and what it does over time is in ``games/management/demo.py`` and the
README; the bot that plays them is ``manage.py demo_bot`` (started by ``runsite``).
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.contrib.auth.models import User
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

from accounts.roles import MODERATOR, ORGANISER, PLAYER, grant
from accounts.usernames import UsernameTaken
from games import services
from games.management import demo
from games.management.demo import (
    BOT_GAME_DEADLINE,
    DEMO_GROUP,
    DEMO_PASSWORD,
    DEMO_PLAYERS,
    OPEN_GAME,
    RUNNING_GAME,
    VARIANT_GAMES,
)
from games.models import Game
from games.terms import GameTerms
from variants.site import DemoGame

#: The deadlines of every game the bot plays (see demo.BOT_GAME_DEADLINE).
BOT_DEADLINES: dict[str, timedelta] = {
    "setup_deadline": BOT_GAME_DEADLINE,
    "movement_deadline": BOT_GAME_DEADLINE,
    "retreat_deadline": BOT_GAME_DEADLINE,
    "adjustment_deadline": BOT_GAME_DEADLINE,
}


class Command(BaseCommand):
    help = (
        "Create the demo players and games (idempotent), give the bot's orders, and print "
        "the password."
    )

    def handle(self, *args: Any, **options: Any) -> None:
        with transaction.atomic():
            users = [self._user(name) for name in DEMO_PLAYERS]
            alice, bob, carol, dave = users[:4]
            grant(alice, MODERATOR)
            grant(bob, ORGANISER)
            if demo.demo_game(OPEN_GAME) is None:
                # Nobody plays this one for the visitor: short deadlines, so that once
                # it is full it moves even if not every seat is ordered for.
                game = services.game_create(
                    created_by=alice,
                    name=OPEN_GAME,
                    terms=GameTerms(
                        movement_deadline=timedelta(minutes=10),
                        retreat_deadline=timedelta(minutes=5),
                        adjustment_deadline=timedelta(minutes=5),
                    ),
                )
                for user in (bob, carol, dave):
                    services.game_join(game=game, user=user)
            if demo.demo_game(RUNNING_GAME) is None:
                game = services.game_create(
                    created_by=alice,
                    name=RUNNING_GAME,
                    power="austria",
                    terms=GameTerms(assignment=Game.Assignment.CHOSEN, **BOT_DEADLINES),
                )
                powers = ["england", "france", "germany", "italy", "russia", "turkey"]
                for user, power in zip(users[1:7], powers, strict=True):
                    services.game_join(game=game, user=user, power=power)
            by_name = {user.username: user for user in users}
            for site, made_up in VARIANT_GAMES:
                if demo.demo_game(made_up.name) is None:
                    self._variant_game(site.id, made_up, by_name)
            # Demo games made by an earlier version had deadlines of minutes.
            Game.objects.filter(pk__in=[g.pk for g, _visitor in demo.bot_games()]).update(
                **BOT_DEADLINES
            )
            demo.refresh_deadlines()
        demo.bot_play()
        self.stdout.write(f"Demo players (password for all: {DEMO_PASSWORD}):")
        self.stdout.write("  " + ", ".join(DEMO_PLAYERS) + "  (alice moderates, bob organises)")

    @staticmethod
    def _variant_game(variant_id: str, wanted: DemoGame, users: dict[str, User]) -> Game:
        """A variant's demo game as the variant describes it (plain values), played by
        the bot on the deadlines of every game it plays."""
        powers = wanted.powers
        pseudonyms = wanted.pseudonyms
        game = services.game_create(
            created_by=users[wanted.creator],
            name=wanted.name,
            power=powers[0] if powers else None,
            pseudonym=pseudonyms[0] if pseudonyms else None,
            terms=GameTerms(
                variant_id=variant_id,
                options=dict(wanted.options),
                duel=wanted.duel,
                assignment=Game.Assignment.CHOSEN if powers else Game.Assignment.RANDOM,
                **BOT_DEADLINES,
            ),
        )
        for n, name in enumerate(wanted.joiners, 1):
            services.game_join(
                game=game,
                user=users[name],
                power=powers[n] if powers else None,
                pseudonym=pseudonyms[n] if pseudonyms else None,
            )
        return game

    def _user(self, name: str) -> User:
        """The demo player ``name``: made, or found as the demo made it. Never a person's
        account of that name, which would be made a moderator and play under the demo bot.

        Raises:
            CommandError: ``name`` (or a name that looks the same) is a person's account.
        """
        user = User.objects.filter(username=name).first()
        if user is None:
            try:
                with transaction.atomic():
                    user = User.objects.create_user(name, f"{name}@example.org", DEMO_PASSWORD)
            except UsernameTaken:
                raise CommandError(self._taken(name)) from None
            grant(user, PLAYER)
            grant(user, DEMO_GROUP)
        elif not user.groups.filter(name=DEMO_GROUP).exists():
            # Made by demo_data before its accounts were marked (its password is the
            # demo's, which everyone knows), or someone's own account of that name.
            if not user.check_password(DEMO_PASSWORD):
                raise CommandError(self._taken(name))
            grant(user, DEMO_GROUP)
        return user

    @staticmethod
    def _taken(name: str) -> str:
        return (
            f"{name} (or a name that looks the same) is someone's own account, which the "
            "demo would make one of its players: rename that account, or run without the "
            "demo (runsite --no-demo)."
        )
