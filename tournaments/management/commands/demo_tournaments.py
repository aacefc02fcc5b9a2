"""The tournaments' demo events (idempotent): what they are is in ``tournaments/demo.py``.

Run by ``runsite`` after ``demo_data``, which makes the demo players; the demo bot then
plays every seat but alice's."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import User
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

from games.management.demo import DEMO_GROUP, bot_play
from tournaments import demo, services
from tournaments.models import Tournament


class Command(BaseCommand):
    help = "Create the demo tournaments of the demo players (after demo_data; idempotent)."

    def handle(self, *args: Any, **options: Any) -> None:
        with transaction.atomic():
            organiser = self._demo_player(demo.ORGANISER)
            if demo.demo_tournament(demo.KNOCKOUT) is None:
                self._event(
                    organiser,
                    demo.KNOCKOUT,
                    format=Tournament.Format.KNOCKOUT,
                    description="Four demo players in Highlander duels: alice (you) "
                    "meets erin, carol meets dave; the winners play the final.",
                )
            if demo.demo_tournament(demo.LEAGUE) is None:
                self._event(
                    organiser,
                    demo.LEAGUE,
                    format=Tournament.Format.ROUNDS,
                    description="Seven demo players on one standard board, alice (you) "
                    "among them, scored by Sum of Squares; the board ends by time after "
                    f"{demo.LEAGUE_LAST_YEAR}.",
                    rounds_planned=1,
                    scoring="sum_of_squares",
                    last_year=demo.LEAGUE_LAST_YEAR,
                )
        bot_play()
        self.stdout.write(
            f"Demo tournaments: {demo.KNOCKOUT!r} and {demo.LEAGUE!r} (bob organises)."
        )

    def _event(self, organiser: User, name: str, **settings: Any) -> Tournament:
        tournament = services.tournament_create(
            by=organiser,
            name=name,
            check_in_required=False,
            seeding=Tournament.Seeding.HAND,
            movement_deadline=demo.DEADLINE,
            retreat_deadline=demo.DEADLINE,
            adjustment_deadline=demo.DEADLINE,
            setup_deadline=demo.DEADLINE,
            **settings,
        )
        entries = [
            services.entry_register(tournament=tournament, user=self._demo_player(n))
            for n in demo.ENTRANTS[name]
        ]
        services.hand_seeds_set(tournament=tournament, by=organiser, order=[e.pk for e in entries])
        services.tournament_draw(tournament=tournament, by=organiser)
        return tournament

    @staticmethod
    def _demo_player(name: str) -> User:
        """The demo player ``name``, as demo_data made him (never a person's account)."""
        user = User.objects.filter(username=name, groups__name=DEMO_GROUP).first()
        if user is None:
            raise CommandError(f"No demo player {name!r}: run `manage.py demo_data` first.")
        return user
