"""What the beat's sweep asks: phases due, pauses whose time is up."""

from __future__ import annotations

from datetime import datetime

from django.db.models import Q
from django.utils import timezone

from games.models import Game, GamePhase


def phases_due(*, now: datetime | None = None) -> list[tuple[int, int]]:
    """(game, phase) pairs to adjudicate: open phases of running games that are not paused,
    whose deadline has passed or that are due now (everyone ready), except the phases
    given up to the moderators."""
    now = now or timezone.now()
    return list(
        GamePhase.objects.filter(
            Q(deadline__lte=now) | Q(due_now=True),
            status=GamePhase.Status.OPEN,
            stuck_since__isnull=True,
            game__status=Game.Status.ACTIVE,
            game__paused_at__isnull=True,
        ).values_list("game_id", "pk")
    )


def pauses_expired(*, now: datetime | None = None) -> list[int]:
    """Games whose pause has run its time."""
    now = now or timezone.now()
    return list(
        Game.objects.filter(
            status=Game.Status.ACTIVE, paused_at__isnull=False, paused_until__lte=now
        ).values_list("pk", flat=True)
    )
