"""A player's record: games played, won, drawn, phases missed, and reliability."""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models import Count, Q, QuerySet, Sum

from games.models import Game, PhaseDuty, Seat


def reliability_of(*, user: AbstractBaseUser) -> int | None:
    """The share of phases, in percent, in which ``user`` gave orders in time when they had
    some to give; None before their first such phase."""
    duties = PhaseDuty.objects.filter(user=user)
    total = duties.count()
    if not total:
        return None
    kept = duties.filter(missed=False).count()
    return round(100 * kept / total)


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


def player_record(*, user: AbstractBaseUser, viewer: AbstractBaseUser | AnonymousUser) -> Record:
    """``user``'s figures as ``viewer`` may see them.

    Others never count an anonymous game, finished or not: games.visibility never shows
    who played one, even after the end, so a count (or a phase missed, or the
    reliability taken over its phases) would give away that ``user`` sat in one. The
    player sees their own full figures. Private games do count: they are left off the
    list, but a count of them tells nobody which games they are or who else plays."""
    seats = Seat.objects.filter(user=user).select_related("game")
    duties = PhaseDuty.objects.filter(user=user)
    if not _is_self(user=user, viewer=viewer):
        seats = seats.filter(game__anonymous=False)
        duties = duties.filter(phase__game__anonymous=False)
    started = seats.exclude(game__status__in=[Game.Status.FORMING, Game.Status.CANCELLED])
    finished = started.filter(game__status=Game.Status.FINISHED)
    won = sum(
        1 for s in finished if s.game.outcome == Game.Outcome.SOLO and s.game.winner == s.power
    )
    # A draw that named its powers (not every survivor) is drawn only by them.
    drawn = sum(
        1
        for s in finished.filter(game__outcome=Game.Outcome.DRAW, eliminated=False)
        if not s.game.winner or s.power in s.game.winner.split(",")
    )
    missed = started.aggregate(total=Sum("missed_phases"))["total"] or 0
    duty_phases = duties.count()
    # As games.selectors.reliability_of, over the duties counted here.
    reliability = (
        round(100 * duties.filter(missed=False).count() / duty_phases) if duty_phases else None
    )
    return Record(
        played=started.count(),
        won=won,
        drawn=drawn,
        missed_phases=missed,
        running=started.filter(game__status=Game.Status.ACTIVE).count(),
        reliability=reliability,
        duty_phases=duty_phases,
    )


def games_of_player(
    *, user: AbstractBaseUser, viewer: AbstractBaseUser | AnonymousUser
) -> QuerySet[Game]:
    """The games listed on ``user``'s profile for ``viewer``, newest first, with the seats
    taken (``players``) and in all (``powers``). Others see only public, not anonymous
    games; the player sees all of their own."""
    # A subquery, not a join on seats: a join would multiply the counts below.
    games = Game.objects.filter(pk__in=Seat.objects.filter(user=user).values("game_id"))
    if not _is_self(user=user, viewer=viewer):
        games = games.filter(anonymous=False, private=False)
    return games.annotate(
        players=Count("seats", filter=Q(seats__user__isnull=False)),
        powers=Count("seats"),
    ).order_by("-created_at", "-pk")


def _is_self(*, user: AbstractBaseUser, viewer: AbstractBaseUser | AnonymousUser) -> bool:
    return bool(viewer.is_authenticated and viewer.pk == user.pk)
