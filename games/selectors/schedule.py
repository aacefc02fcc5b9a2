"""What the beat's sweep asks: phases due, pauses whose time is up."""

from __future__ import annotations

from datetime import datetime

from django.utils import timezone

from games.models import Game, GamePhase


def phases_due(*, now: datetime | None = None) -> list[tuple[int, int]]:
    """(game, phase) pairs to adjudicate: the phases due (GamePhaseManager.due, the rule's
    one home: deadline passed or due now, in a running game that is not paused, not given
    up to the moderators)."""
    return list(GamePhase.objects.due(now=now).values_list("game_id", "pk"))


def pauses_expired(*, now: datetime | None = None) -> list[int]:
    """Games whose pause has run its time."""
    now = now or timezone.now()
    return list(
        Game.objects.filter(
            status=Game.Status.ACTIVE, paused_at__isnull=False, paused_until__lte=now
        ).values_list("pk", flat=True)
    )
