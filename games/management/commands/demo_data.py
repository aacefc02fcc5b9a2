"""Demo data to play with: players with known passwords, an open game, a game under way."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.contrib.auth.models import User
from django.core.management.base import BaseCommand
from django.db import transaction
from django.utils import timezone

from accounts.roles import MODERATOR, ORGANISER, PLAYER, grant
from games import services
from games.models import Game, GamePhase

DEMO_PLAYERS = ("alice", "bob", "carol", "dave", "erin", "frank", "grace")
DEMO_PASSWORD = "diplomacy-demo"  # published on purpose: it is printed at every start
OPEN_GAME = "Demo: open game, join it"
RUNNING_GAME = "Demo: game in progress"
DUEL_GAME = "Demo: Highlander duel (alice and bob)"
DRAFT_GAME = "Demo: Multiple Void draft (carol, dave, erin)"


class Command(BaseCommand):
    help = "Create demo players and games (idempotent). Passwords are printed."

    def handle(self, *args: Any, **options: Any) -> None:
        with transaction.atomic():
            users = [self._user(name) for name in DEMO_PLAYERS]
            grant(users[0], MODERATOR)
            grant(users[1], ORGANISER)
            if not Game.objects.filter(name=OPEN_GAME).exists():
                game = services.game_create(
                    created_by=users[0],
                    name=OPEN_GAME,
                    movement_deadline=timedelta(minutes=10),
                    retreat_deadline=timedelta(minutes=5),
                    adjustment_deadline=timedelta(minutes=5),
                )
                for user in users[1:4]:
                    services.game_join(game=game, user=user)
            if not Game.objects.filter(name=RUNNING_GAME).exists():
                game = services.game_create(
                    created_by=users[0],
                    name=RUNNING_GAME,
                    assignment=Game.Assignment.CHOSEN,
                    power="austria",
                    movement_deadline=timedelta(minutes=3),
                    retreat_deadline=timedelta(minutes=2),
                    adjustment_deadline=timedelta(minutes=2),
                )
                powers = ["england", "france", "germany", "italy", "russia", "turkey"]
                for user, power in zip(users[1:], powers, strict=True):
                    services.game_join(game=game, user=user, power=power)
                services.orders_submit(
                    game=game, user=users[2], orders=["A par - bur", "A mar S A par - bur"]
                )
            if not Game.objects.filter(name=DUEL_GAME).exists():
                duel = services.game_create(
                    created_by=users[0],
                    name=DUEL_GAME,
                    variant_id="highlander",
                    duel=True,
                    assignment=Game.Assignment.CHOSEN,
                    power="red",
                    setup_deadline=timedelta(minutes=10),
                    movement_deadline=timedelta(minutes=10),
                    retreat_deadline=timedelta(minutes=5),
                    adjustment_deadline=timedelta(minutes=5),
                )
                services.game_join(game=duel, user=users[1], power="blue")
            if not Game.objects.filter(name=DRAFT_GAME).exists():
                draft = services.game_create(
                    created_by=users[2],
                    name=DRAFT_GAME,
                    variant_id="multiple_void",
                    options={"players": 3},
                    setup_deadline=timedelta(minutes=5),
                    movement_deadline=timedelta(minutes=10),
                    retreat_deadline=timedelta(minutes=5),
                    adjustment_deadline=timedelta(minutes=5),
                )
                for user in users[3:5]:
                    services.game_join(game=draft, user=user)
            running = Game.objects.get(name=RUNNING_GAME)
            phase = running.current_phase
            if phase is not None and phase.deadline and phase.deadline < timezone.now():
                # Keep the demo game one deadline away after a restart.
                GamePhase.objects.filter(pk=phase.pk).update(
                    deadline=timezone.now() + timedelta(minutes=2)
                )
        self.stdout.write(f"Demo players (password for all: {DEMO_PASSWORD}):")
        self.stdout.write("  " + ", ".join(DEMO_PLAYERS) + "  (alice moderates, bob organises)")

    def _user(self, name: str) -> User:
        user = User.objects.filter(username=name).first()
        if user is None:
            user = User.objects.create_user(name, f"{name}@example.org", DEMO_PASSWORD)
            grant(user, PLAYER)
        return user
