"""Profile figures: games played, won, drawn, phases missed, and reliability."""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth.models import AbstractBaseUser
from django.db.models import QuerySet, Sum

from accounts.models import ApiToken
from games.models import Game, PhaseDuty, Seat
from games.selectors import reliability_of


@dataclass(frozen=True)
class Record:
    played: int
    won: int
    drawn: int
    missed_phases: int
    running: int
    #: Percent of the phases with orders to give in which they came in time (None: none yet).
    reliability: int | None = None
    #: How many such phases the reliability is taken over.
    duty_phases: int = 0


def player_record(*, user: AbstractBaseUser) -> Record:
    seats = Seat.objects.filter(user=user).select_related("game")
    started = seats.exclude(game__status__in=[Game.Status.FORMING, Game.Status.CANCELLED])
    finished = started.filter(game__status=Game.Status.FINISHED)
    won = sum(
        1 for s in finished if s.game.outcome == Game.Outcome.SOLO and s.game.winner == s.power
    )
    drawn = finished.filter(game__outcome=Game.Outcome.DRAW, eliminated=False).count()
    missed = started.aggregate(total=Sum("missed_phases"))["total"] or 0
    return Record(
        played=started.count(),
        won=won,
        drawn=drawn,
        missed_phases=missed,
        running=started.filter(game__status=Game.Status.ACTIVE).count(),
        reliability=reliability_of(user=user),
        duty_phases=PhaseDuty.objects.filter(user=user).count(),
    )


def api_tokens_of(*, user: AbstractBaseUser) -> QuerySet[ApiToken]:
    """A player's API tokens, newest first, revoked ones included (for the record)."""
    return ApiToken.objects.filter(user=user).order_by("-created")
