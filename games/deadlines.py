"""Deadline arithmetic for game phases: pure functions, standard library only.

Players plan their lives around deadlines, so this module has to be exact across
daylight-saving changes and days off. It knows nothing about games or the database; the
game services pass in a :class:`DeadlineRule` and moments in time and store what comes back.

Semantics
=========

Moments
    Every moment passed in must be a timezone-aware :class:`~datetime.datetime` (any zone);
    a naive one raises :class:`ValueError`, because guessing its zone is how deadlines end up
    an hour off. Every moment returned is in UTC. All arithmetic is done on UTC values: Python
    adds a ``timedelta`` to an aware local datetime on the wall clock, not in real time, and
    compares two datetimes that share a ``tzinfo`` by their wall clocks, ignoring ``fold``.

Local days and counted time
    A moment's *local day* is the calendar date a clock in ``rule.timezone`` shows at that
    moment. *Counted time* between two moments is the real (elapsed, UTC) time between them
    that falls on local days that are not in ``rule.days_off``. Days off simply do not count:
    a phase that starts on a day off starts counting at the next local midnight of a working
    day, and a 24 h span across a daylight-saving change lasts 24 real hours, so its local
    clock time shifts by an hour. A day off that is itself a change day is skipped whole,
    however long it is (23 or 25 hours).

Without ``at_time``
    The deadline is the earliest moment at which ``rule.duration`` of counted time has passed
    since ``start`` *and* whose local day is not a day off. The second condition only matters
    when the count completes exactly at the midnight that begins a day off (Friday 24:00 with
    weekends off): the deadline then moves to the midnight that begins the next working day
    (Monday 00:00), since 00:00 on Saturday would be a deadline on a day off.

With ``at_time``
    The deadline is the first ``at_time`` on a local working day at which at least
    ``rule.duration`` of counted time has passed since ``start``. The duration is a minimum and
    ``at_time`` sets the rhythm: a 24 h phase at 20:00 opened Monday 21:00 ends Wednesday
    20:00, because Tuesday 20:00 is only 23 hours away. The wall clock stays at ``at_time``
    across daylight-saving changes. Each local day offers exactly one candidate: a local time
    that does not exist (the spring-forward gap, e.g. 02:30 in Europe/Berlin on the last
    Sunday of March) moves forward by the length of the gap (03:30); an ambiguous one (the
    fall-back hour) means its first occurrence (``fold=0``).

    Because counting is in real time, a day that is 23 hours long (spring forward) is *less*
    than 24 h: a 24 h phase at 20:00 opened exactly at 20:00 the evening before a spring-forward
    change ends two days later. For "every day at 20:00" use a duration well under a day
    (say 12 h), which also absorbs the few seconds by which a phase opens late.

:func:`extend`
    Moves a deadline later by ``by`` of counted time (days off skipped as above); with
    ``at_time`` the result then snaps forward to the next ``at_time`` on a working day (an
    ``at_time`` exactly at the result counts).

:func:`reminder_at`
    ``hours_before`` real hours before the deadline, or ``None`` if ``hours_before`` is 0 or
    that moment is not strictly after ``opened``: a reminder is only useful while the phase
    is open.

Example:

>>> from datetime import datetime, time, timedelta, timezone
>>> rule = DeadlineRule(timedelta(hours=24), at_time=time(20), timezone="Europe/Berlin",
...                     days_off=frozenset({5, 6}))
>>> describe(rule)
'24h, at 20:00 Europe/Berlin, not on Sat, Sun'
>>> friday_evening = datetime(2025, 3, 7, 19, 0, tzinfo=timezone.utc)  # 20:00 in Berlin
>>> next_deadline(friday_evening, rule)  # Monday 20:00 in Berlin
datetime.datetime(2025, 3, 10, 19, 0, tzinfo=datetime.timezone.utc)
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

__all__ = [
    "MAX_DURATION",
    "DeadlineRule",
    "describe",
    "extend",
    "is_day_off",
    "next_deadline",
    "reminder_at",
]

#: The longest phase a rule may ask for; longer ones are almost certainly a typo (hours
#: entered as days) and would let a game stall for months.
MAX_DURATION = timedelta(days=30)

_WEEKDAY_NAMES = ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")

# Keys that zoneinfo accepts but that are not portable IANA names: "localtime" is whatever
# the server's clock is set to, so a rule using it would change meaning when we move hosts.
_NON_IANA_KEYS = frozenset({"localtime", "posixrules"})

# The smallest step datetime can represent; used to look at "the instant just before".
_TICK = timedelta(microseconds=1)


@dataclass(frozen=True)
class DeadlineRule:
    """How a game's phase deadlines are placed.

    Validated on construction, so a rule that exists is one the functions below can always
    honour; every problem raises :class:`ValueError` with a message fit to show a person.

    Attributes:
        duration: The least time a phase lasts, counted as described in the module
            docstring; more than zero and at most :data:`MAX_DURATION`.
        at_time: Local time of day at which deadlines fall, or ``None`` for "exactly
            ``duration`` later". Must be naive: its zone is ``timezone``.
        timezone: IANA time zone name, e.g. ``"Europe/Berlin"``. Defines local days (for
            ``days_off``) and the meaning of ``at_time``.
        days_off: Weekdays (0 = Monday .. 6 = Sunday) on which no deadline falls and no
            time is counted. Any iterable of weekday numbers is accepted and stored as a
            frozenset; at least one weekday must remain a working day.
    """

    duration: timedelta
    at_time: time | None = None
    timezone: str = "UTC"
    days_off: frozenset[int] = frozenset()

    def __post_init__(self) -> None:
        if not isinstance(self.duration, timedelta):
            raise ValueError(f"The phase duration must be a length of time, got {self.duration!r}.")
        if self.duration <= timedelta(0):
            raise ValueError(f"The phase duration must be longer than zero, got {self.duration}.")
        if self.duration > MAX_DURATION:
            raise ValueError(
                f"The phase duration can be at most {MAX_DURATION.days} days, got {self.duration}."
            )
        if self.at_time is not None:
            if not isinstance(self.at_time, time):
                raise ValueError(f"The deadline time of day must be a time, got {self.at_time!r}.")
            if self.at_time.tzinfo is not None:
                raise ValueError(
                    "The deadline time of day must not carry its own time zone; "
                    "set the rule's timezone instead."
                )
        zone_named(self.timezone)  # raises ValueError for unknown or malformed names
        try:
            days = frozenset(self.days_off)
        except TypeError:
            raise ValueError(
                f"Days off must be a set of weekday numbers, got {self.days_off!r}."
            ) from None
        for day in sorted(days, key=repr):
            if isinstance(day, bool) or not isinstance(day, int) or not 0 <= day <= 6:
                raise ValueError(
                    f"Days off must be weekday numbers from 0 (Monday) to 6 (Sunday), got {day!r}."
                )
        if len(days) == 7:
            raise ValueError("At least one day of the week must not be a day off.")
        # Normalise so that equal rules compare and hash equal whatever iterable was passed.
        object.__setattr__(self, "days_off", days)

    @property
    def zone(self) -> ZoneInfo:
        """The rule's time zone as a :class:`~zoneinfo.ZoneInfo` (cached by zoneinfo)."""
        return zone_named(self.timezone)


def next_deadline(start: datetime, rule: DeadlineRule) -> datetime:
    """Return the deadline of a phase that opens at ``start`` under ``rule``, in UTC.

    See the module docstring for the exact semantics: ``rule.duration`` of counted time
    (days off skipped), then, with ``rule.at_time``, the next ``at_time`` on a working day.
    The result is always strictly after ``start`` and never on a local day off.
    """
    start_utc = _as_utc(start, "start")
    earliest = _add_counted(start_utc, rule.duration, rule)
    return _snap(earliest, rule) if rule.at_time is not None else earliest


def extend(deadline: datetime, by: timedelta, rule: DeadlineRule) -> datetime:
    """Return ``deadline`` moved later by ``by`` of counted time, in UTC.

    Days off do not count, as for :func:`next_deadline`, so extending a Friday evening
    deadline by 24 h with weekends off lands on Monday evening. With ``rule.at_time`` the
    result then snaps forward to the next ``at_time`` on a working day, so an extended
    deadline keeps the game's rhythm. ``by`` may be zero (which only snaps) but not negative:
    shortening a deadline players have planned around is a different, deliberate action.
    """
    deadline_utc = _as_utc(deadline, "deadline")
    if not isinstance(by, timedelta):
        raise ValueError(f"An extension must be a length of time, got {by!r}.")
    if by < timedelta(0):
        raise ValueError(f"An extension cannot be negative, got {by}.")
    moved = _add_counted(deadline_utc, by, rule)
    return _snap(moved, rule) if rule.at_time is not None else moved


def reminder_at(deadline: datetime, hours_before: int, *, opened: datetime) -> datetime | None:
    """Return when to remind players ``hours_before`` hours before ``deadline``, in UTC.

    The offset is real time (a reminder 24 h before a deadline just after a spring-forward
    change shows a local clock time one hour different). Returns ``None`` when
    ``hours_before`` is 0 (reminders switched off) or when the reminder would not fall
    strictly after ``opened``, the moment the phase opened: a reminder sent before or as a
    phase opens reminds nobody of anything.
    """
    deadline_utc = _as_utc(deadline, "deadline")
    opened_utc = _as_utc(opened, "opened")
    if isinstance(hours_before, bool) or not isinstance(hours_before, int):
        raise ValueError(f"hours_before must be a whole number of hours, got {hours_before!r}.")
    if hours_before < 0:
        raise ValueError(f"hours_before cannot be negative, got {hours_before}.")
    if hours_before == 0:
        return None
    moment = deadline_utc - timedelta(hours=hours_before)
    return moment if moment > opened_utc else None


def describe(rule: DeadlineRule) -> str:
    """Return a short English summary of ``rule`` for logs and test output.

    The zone is only mentioned when it matters (with ``at_time`` or days off), e.g.
    ``"24h"``, ``"24h, at 20:00 Europe/Berlin, not on Sat, Sun"`` or
    ``"48h, not on Sun in America/New_York"``.
    """
    parts = [_format_duration(rule.duration)]
    if rule.at_time is not None:
        parts.append(f"at {_format_time(rule.at_time)} {rule.timezone}")
    if rule.days_off:
        days = ", ".join(_WEEKDAY_NAMES[d] for d in sorted(rule.days_off))
        suffix = "" if rule.at_time is not None else f" in {rule.timezone}"
        parts.append(f"not on {days}{suffix}")
    return ", ".join(parts)


def is_day_off(moment: datetime, rule: DeadlineRule) -> bool:
    """Tell whether ``moment`` falls on a local day off under ``rule``.

    Exposed so callers (and tests) use the same notion of "local day" as the arithmetic:
    the date a clock in ``rule.timezone`` shows at that moment.
    """
    return _local_date(_as_utc(moment, "moment"), rule.zone).weekday() in rule.days_off


# --- helpers -----------------------------------------------------------------------------


def zone_named(name: str) -> ZoneInfo:
    """Load an IANA zone, turning zoneinfo's assorted errors into one readable ValueError."""
    if not isinstance(name, str) or name in _NON_IANA_KEYS:
        raise ValueError(f"Unknown time zone {name!r}; use an IANA name such as 'Europe/Berlin'.")
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError, OSError):
        # ZoneInfoNotFoundError for unknown names, ValueError for malformed keys such as
        # absolute paths or "..", OSError for unreadable files.
        raise ValueError(
            f"Unknown time zone {name!r}; use an IANA name such as 'Europe/Berlin'."
        ) from None


def _as_utc(moment: datetime, name: str) -> datetime:
    """Return ``moment`` in UTC, refusing naive datetimes (their zone would be a guess)."""
    if not isinstance(moment, datetime):
        raise ValueError(f"{name} must be a datetime, got {moment!r}.")
    if moment.tzinfo is None or moment.utcoffset() is None:
        raise ValueError(f"{name} must be timezone-aware, got the naive datetime {moment}.")
    return moment.astimezone(UTC)


def _local_date(moment_utc: datetime, zone: ZoneInfo) -> date:
    """The calendar date a clock in ``zone`` shows at ``moment_utc``."""
    return moment_utc.astimezone(zone).date()


def _utc_offset(moment_utc: datetime, zone: ZoneInfo) -> timedelta:
    offset = moment_utc.astimezone(zone).utcoffset()
    assert offset is not None  # ZoneInfo always knows the offset of an aware moment
    return offset


def _next_boundary(cur: datetime, zone: ZoneInfo) -> datetime:
    """Return the first instant after ``cur`` at which the local date may change.

    That is the next local midnight, or an earlier change of UTC offset (after which the
    date is looked up afresh). Working from offset changes rather than from "the instant of
    local midnight" keeps the count right in zones whose clocks once jumped back across
    midnight (Newfoundland until 2011: 00:01 back to 23:01), where local dates repeat.
    Assumes no zone changes its offset and back again within one day, which holds for all of
    tzdata since 1970.
    """
    offset = _utc_offset(cur, zone)
    wall = cur.replace(tzinfo=None) + offset
    next_midnight_wall = datetime.combine(wall.date() + timedelta(days=1), time())
    end = (next_midnight_wall - offset).replace(tzinfo=UTC)  # > cur, as wall < midnight
    last = end - _TICK
    if last <= cur or _utc_offset(last, zone) == offset:
        return end
    # The offset changes somewhere in (cur, last]: find the first instant with the new one.
    lo, hi = cur, last  # offset(lo) == offset, offset(hi) != offset
    while hi - lo > _TICK:
        mid = lo + (hi - lo) // 2
        if _utc_offset(mid, zone) == offset:
            lo = mid
        else:
            hi = mid
    return hi


def _add_counted(start: datetime, amount: timedelta, rule: DeadlineRule) -> datetime:
    """Return the earliest working-day instant with ``amount`` of counted time since ``start``.

    Walks the timeline in stretches on which the local date cannot change (see
    :func:`_next_boundary`), skipping stretches on days off. ``start`` and the result are UTC.
    """
    zone = rule.zone
    cur = start
    remaining = amount
    while True:
        boundary = _next_boundary(cur, zone)
        if _local_date(cur, zone).weekday() not in rule.days_off:
            available = boundary - cur
            # Strictly less: when the count completes exactly at the boundary, the next
            # iteration returns the boundary itself if its day is a working day, or moves on
            # to the next working day if not (a deadline must not fall on a day off).
            if remaining < available:
                return cur + remaining
            remaining -= available
        cur = boundary


def _resolve_local(naive: datetime, zone: ZoneInfo) -> datetime:
    """Return the UTC instant of the local wall time ``naive`` in ``zone``.

    ``fold=0`` does what the rules ask for, per PEP 495: an ambiguous wall time (fall back)
    means its first occurrence, and a nonexistent one (spring-forward gap) is read with the
    offset in force before the gap, which lands the same distance past the gap: 02:30 in a
    02:00-03:00 gap becomes 03:30.
    """
    return naive.replace(tzinfo=zone, fold=0).astimezone(UTC)


def _snap(earliest: datetime, rule: DeadlineRule) -> datetime:
    """Return the first ``rule.at_time`` on a local working day at or after ``earliest``."""
    assert rule.at_time is not None
    zone = rule.zone
    at_time = rule.at_time.replace(fold=0)
    day = _local_date(earliest, zone)
    while True:  # ends within eight days: a rule always has a working weekday
        if day.weekday() not in rule.days_off:
            candidate = _resolve_local(datetime.combine(day, at_time), zone)
            # A gap can push the candidate onto the next date (Samoa skipped 30 December
            # 2011 entirely), so the date it actually falls on is checked again.
            if (
                candidate >= earliest
                and _local_date(candidate, zone).weekday() not in rule.days_off
            ):
                return candidate
        day += timedelta(days=1)


def _format_duration(duration: timedelta) -> str:
    """Render a duration as e.g. ``24h``, ``1h30m`` or ``45m`` (hours are not folded into days)."""
    whole_seconds = duration // timedelta(seconds=1)
    hours, rest = divmod(whole_seconds, 3600)
    minutes, seconds = divmod(rest, 60)
    parts = []
    if hours:
        parts.append(f"{hours}h")
    if minutes:
        parts.append(f"{minutes}m")
    if duration.microseconds:
        parts.append(f"{seconds}.{duration.microseconds:06d}".rstrip("0") + "s")
    elif seconds:
        parts.append(f"{seconds}s")
    return "".join(parts)


def _format_time(at_time: time) -> str:
    """Render a time of day as ``HH:MM``, adding seconds only when there are any."""
    if at_time.second == 0 and at_time.microsecond == 0:
        return at_time.isoformat(timespec="minutes")
    return at_time.isoformat()
