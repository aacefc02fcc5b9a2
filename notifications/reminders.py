"""Deadline reminders: who is due one, and sending them once each. A player who has not
said they are ready hears at their own hours before the deadline (their notification
settings), else at the game's; the reminder is announced as a game event and delivered
like every other notification."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from django.db import transaction
from django.utils import timezone

from adjudicator import find_variant
from games import events
from games.deadlines import reminder_at
from games.models import Game, GamePhase, OrderSet, Seat
from games.positions import BoardUnreadable, phase_position, powers_to_order
from games.terms import REMINDER_HOURS_MAX


def reminder_seats(*, phases: list[GamePhase], now: datetime) -> dict[int, list[Seat]]:
    """For each phase, the seats whose reminder time has come: a player who has not said
    they are ready and was not reminded of this phase yet, at their own hours before the
    deadline (notification settings), else the game's. Whether the seat has orders to give
    at all is left to the caller, who reads the position."""
    if not phases:
        return {}
    ready = set(
        OrderSet.objects.filter(phase__in=phases, ready=True).values_list("phase_id", "seat_id")
    )
    seats: dict[int, list[Seat]] = {}
    for seat in Seat.objects.filter(
        game_id__in={p.game_id for p in phases}, user__isnull=False, eliminated=False
    ).select_related("user__notification_setting"):
        seats.setdefault(seat.game_id, []).append(seat)
    out: dict[int, list[Seat]] = {}
    for phase in phases:
        assert phase.deadline is not None
        for seat in seats.get(phase.game_id, []):
            if (phase.pk, seat.pk) in ready or seat.power in phase.reminded_powers:
                continue
            setting = getattr(seat.user, "notification_setting", None)
            hours = getattr(setting, "reminder_hours", None)
            if hours is None:
                hours = phase.game.reminder_hours
            when = reminder_at(phase.deadline, hours, opened=phase.opened_at)
            if when is not None and when <= now:
                out.setdefault(phase.pk, []).append(seat)
    return out


def reminders_due(*, now: datetime | None = None) -> list[int]:
    """Open phases with a player to remind now (see :func:`reminder_seats`)."""
    now = now or timezone.now()
    phases = list(
        GamePhase.objects.filter(
            status=GamePhase.Status.OPEN,
            deadline__gt=now,
            # No reminder is asked for earlier than this (a game's own hours are fewer).
            deadline__lte=now + timedelta(hours=REMINDER_HOURS_MAX),
            game__status=Game.Status.ACTIVE,
        ).select_related("game")
    )
    return sorted(reminder_seats(phases=phases, now=now))


def phase_remind(*, phase_id: int, now: Any = None) -> int:
    """Send the deadline reminders of a phase that are due: to each player with orders to
    give who has not said they are ready, at their chosen hours before the deadline (or
    the game's), once each. Returns how many were reminded.

    The phase row is locked, the powers marked reminded and the reminders recorded (keyed
    by the phase) in one transaction, so a second worker or a redelivered task sends
    nothing and a crash neither sends twice nor loses a reminder; each e-mail or webhook
    then goes out as its own retried task after commit.
    """
    now = now or timezone.now()
    with transaction.atomic():
        phase = GamePhase.objects.select_for_update().filter(pk=phase_id).first()
        if phase is None or phase.status != GamePhase.Status.OPEN or phase.deadline is None:
            return 0
        game = phase.game
        if game.status != Game.Status.ACTIVE:
            return 0
        seats = reminder_seats(phases=[phase], now=now).get(phase.pk, [])
        if not seats:
            return 0
        try:
            due = powers_to_order(phase_position(phase), find_variant(game.variant))
        except BoardUnreadable:
            return 0  # nothing can be ordered: the game waits for its moderators
        # Marked even when they have nothing to order: their time has passed.
        phase.reminded_powers = sorted({*phase.reminded_powers, *(s.power for s in seats)})
        phase.save(update_fields=["reminded_powers"])
        deadline = phase.deadline.strftime("%Y-%m-%d %H:%M")
        told = 0
        for seat in seats:
            if seat.power not in due:
                continue
            assert seat.user_id is not None
            events.announce(
                kind="deadline_reminder",
                game=game,
                users=[seat.user_id],
                key=f"remind:{phase.pk}",
                params={
                    "game": game.name,
                    "phase": phase.code,
                    "deadline": deadline,
                    "power": seat.power,
                },
            )
            told += 1
    return told
