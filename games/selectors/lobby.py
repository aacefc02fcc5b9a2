"""The lobby's lists: games to join or watch, a user's games, seats looking for a player."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models import Count, Q, QuerySet
from django.utils import timezone

from games.models import Game, Seat


def games_for_lobby(
    *, user: AbstractBaseUser | AnonymousUser, status: str, variant: str | None = None
) -> QuerySet[Game]:
    """Games to list in the lobby: public ones, and private ones the user sits in; a
    forming game that everyone has left is not offered. Finished games include those
    their players cancelled (over, with no result)."""
    over = [Game.Status.FINISHED, Game.Status.CANCELLED]
    games = Game.objects.filter(status__in=over if status == Game.Status.FINISHED else [status])
    if variant:
        games = games.filter(variant=variant)
    if user.is_authenticated:
        # A subquery, not a join on seats: a join would multiply the counts below.
        mine = Seat.objects.filter(user=user).values("game_id")
        games = games.filter(Q(private=False) | Q(pk__in=mine))
    else:
        games = games.filter(private=False)
    games = games.annotate(
        players=Count("seats", filter=Q(seats__user__isnull=False)),
        powers=Count("seats"),
    )
    if status == Game.Status.FORMING:
        games = games.filter(players__gt=0)  # everyone left: nobody to play with
    return games.order_by("-created_at", "-pk")


def games_of_user(*, user: AbstractBaseUser) -> QuerySet[Game]:
    return Game.objects.filter(seats__user=user).distinct().order_by("-created_at")


def seats_seeking_players(*, game: Game | None = None) -> QuerySet[Any]:
    """Seats of running games offered to replacement players, soonest deadline first:
    of public games for the lobby, or of ``game`` (a private game's invite page)."""
    now = timezone.now()
    seats = Seat.objects.filter(
        game__status=Game.Status.ACTIVE, user__isnull=True, eliminated=False
    )
    seats = seats.filter(game=game) if game is not None else seats.filter(game__private=False)
    return (
        seats.filter(Q(civil_disorder=True) | Q(seeking_replacement_until__gt=now))
        .select_related("game")
        .order_by("seeking_replacement_until")
    )


def seats_seeking_offered(
    *, user: AbstractBaseUser | AnonymousUser | None, limit: int = 50
) -> list[dict[str, Any]]:
    """The lobby's seats of running public games looking for a player, and whether
    ``user`` may take each (not in a game they play)."""
    seats = list(seats_seeking_players()[:limit])
    mine: set[int] = set()
    if user is not None and user.is_authenticated:
        mine = set(
            Game.objects.filter(seats__user=user, pk__in={s.game_id for s in seats}).values_list(
                "pk", flat=True
            )
        )
    return [
        {
            "game": s.game,
            "power": s.power,
            "until": s.seeking_replacement_until,
            "civil_disorder": s.civil_disorder,
            "plays_here": s.game_id in mine,
        }
        for s in seats
    ]
