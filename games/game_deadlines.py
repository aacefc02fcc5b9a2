"""When a game's phases end: the game's deadline settings as a rule for games.deadlines
(the pure arithmetic), and a deadline moved after the vacations of the players who must
order (when the game lets deadlines wait for them)."""

from __future__ import annotations

from datetime import UTC, date, datetime, time, timedelta

from adjudicator import Position, find_variant
from games.deadlines import DeadlineRule, next_deadline
from games.models import Game, Vacation
from games.positions import powers_to_order


def deadline_rule(game: Game, code: str) -> DeadlineRule:
    """The game's deadline settings for a phase of this kind.

    With a fixed time of day, the phase's duration is a minimum less a tenth (at most two
    hours) of slack, so that "24 hours, at 20:00" gives a deadline every day at 20:00 even
    though each phase opens a few seconds after the last deadline, and on the 23-hour day
    of a daylight-saving change.
    """
    duration = game.deadline_for(code)
    if game.deadline_time is not None:
        duration -= min(duration / 10, timedelta(hours=2))
    return DeadlineRule(
        duration=duration,
        at_time=game.deadline_time,
        timezone=game.timezone,
        days_off=frozenset(game.days_off),
    )


def away(*, user_ids: set[int], day: date) -> set[int]:
    """Which of these players are on vacation on ``day``."""
    return set(
        Vacation.objects.filter(
            user_id__in=user_ids, first_day__lte=day, last_day__gte=day
        ).values_list("user_id", flat=True)
    )


def _after_vacations(user_ids: set[int], moment: datetime) -> datetime | None:
    """The first midnight (UTC) after every vacation, of these players, that covers
    ``moment``'s day and the days that follow it back to back; None if nobody is away."""
    day = moment.astimezone(UTC).date()
    if not away(user_ids=user_ids, day=day):
        return None
    while away(user_ids=user_ids, day=day):
        day += timedelta(days=1)
    return datetime.combine(day, time(0, 0), tzinfo=UTC)


def deadline_around_vacations(game: Game, position: Position, deadline: datetime) -> datetime:
    """A phase's deadline, moved after the vacations of the players who must order in it
    when the game lets deadlines wait for them."""
    if game.vacation_handling != Game.VacationHandling.EXTEND:
        return deadline
    due = powers_to_order(position, find_variant(game.variant))
    users = set(
        game.seats.filter(power__in=due, user__isnull=False).values_list("user_id", flat=True)
    )
    back = _after_vacations(users, deadline)
    if back is None:
        return deadline
    # The phase's whole duration again from the day the last of them is back.
    return next_deadline(back, deadline_rule(game, str(position.phase)))


def phase_deadline(game: Game, position: Position, now: datetime) -> datetime:
    """The deadline of a phase opening ``now`` at ``position``: the game's rule for its
    kind, after the vacations of those who must order."""
    deadline = next_deadline(now, deadline_rule(game, str(position.phase)))
    return deadline_around_vacations(game, position, deadline)
