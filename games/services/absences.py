"""Players' own time: vacations, sitters, and the deadline extensions players may ask for.

A player marks days away (capped per calendar year). A game then either lets its
deadlines wait (a deadline that would fall while a player with orders to give is away
moves to after the vacation) or lets the seat's sitter order meanwhile, without taking
the seat over. Extensions asked by players are limited per player and per game, so no
single player can hold a game up.
"""

from __future__ import annotations

from datetime import date, timedelta
from typing import Any

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.db.models import Q, Sum
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.selectors import user_by_name
from core.errors import ApplicationError, NotSeated
from games import visibility
from games.deadlines import extend
from games.game_deadlines import deadline_around_vacations, deadline_rule
from games.models import Game, GamePhase, ModeratorAction, Seat, Vacation
from games.positions import BoardUnreadable, phase_position
from games.services.kernel import (
    bump,
    game_locked,
    phase_named_locked,
    phase_note,
    refuse_game_master,
)


def vacation_days_per_year() -> int:
    return int(getattr(settings, "VACATION_DAYS_PER_YEAR", 28))


@transaction.atomic
def vacation_add(*, user: AbstractBaseUser, first_day: date, last_day: date) -> Vacation:
    """Mark days away. Running games that let deadlines wait move a deadline that falls
    in them; the days per calendar year are capped."""
    today = timezone.now().date()
    if last_day < first_day:
        raise ApplicationError(_("The last day comes before the first."))
    if first_day < today:
        raise ApplicationError(_("A vacation cannot start in the past."))
    if (last_day - first_day).days >= 366:
        raise ApplicationError(_("A vacation lasts a year at most."))
    cap = vacation_days_per_year()
    for year in range(first_day.year, last_day.year + 1):
        start = max(first_day, date(year, 1, 1))
        end = min(last_day, date(year, 12, 31))
        taken = vacation_days_taken(user, year)
        wanted = (end - start).days + 1
        if taken + wanted > cap:
            raise ApplicationError(
                _("At most %(cap)s vacation days a year: %(year)s has %(left)s left.")
                % {"cap": cap, "year": year, "left": max(cap - taken, 0)}
            )
    if Vacation.objects.filter(
        user=user, first_day__lte=last_day, last_day__gte=first_day
    ).exists():
        raise ApplicationError(_("That overlaps a vacation you marked already."))
    vacation = Vacation.objects.create(user=user, first_day=first_day, last_day=last_day)
    _move_open_deadlines(user)
    return vacation


def vacation_days_taken(user: AbstractBaseUser, year: int) -> int:
    """How many days of ``year`` the user has marked away."""
    total = 0
    for v in Vacation.objects.filter(
        user=user, first_day__lte=date(year, 12, 31), last_day__gte=date(year, 1, 1)
    ):
        start = max(v.first_day, date(year, 1, 1))
        end = min(v.last_day, date(year, 12, 31))
        total += (end - start).days + 1
    return total


@transaction.atomic
def vacation_cancel(*, user: AbstractBaseUser, vacation_id: int) -> None:
    """Take back a vacation that has not begun (deadlines already moved stay moved)."""
    vacation = Vacation.objects.filter(pk=vacation_id, user=user).first()
    if vacation is None:
        raise ApplicationError(_("No such vacation."))
    if vacation.first_day <= timezone.now().date():
        raise ApplicationError(_("A vacation that has begun cannot be taken back."))
    vacation.delete()


def _move_open_deadlines(user: AbstractBaseUser) -> None:
    seats = {
        s.game_id: s.power
        for s in Seat.objects.filter(
            user=user,
            game__status=Game.Status.ACTIVE,
            game__vacation_handling=Game.VacationHandling.EXTEND,
        )
    }
    # Every game locked at once, in primary-key order, as wherever several games are
    # locked: two players with seats in the same games never wait for each other.
    for game in Game.objects.select_for_update().filter(pk__in=seats).order_by("pk"):
        phase = (
            GamePhase.objects.select_for_update()
            .filter(game=game, status=GamePhase.Status.OPEN, deadline__isnull=False)
            .order_by("-index")
            .first()
        )
        if phase is None or phase.deadline is None:
            continue
        try:
            position = phase_position(phase)
        except BoardUnreadable:
            continue  # the game waits for its moderators: no deadline to move
        moved = deadline_around_vacations(game, position, phase.deadline)
        if moved != phase.deadline:
            phase.deadline = moved
            phase_note(phase, "vacation", power=seats[game.pk])
            phase.save(update_fields=["deadline", "notes"])
            bump(game)


@transaction.atomic
def sitter_set(*, game: Game, user: AbstractBaseUser, sitter: AbstractBaseUser | None) -> Seat:
    """Name (or clear) who orders for one's seat while one is on vacation.

    A sitter is someone who neither plays in the game nor runs it: a player sitting for
    another seat would see two seats' secrets, a game master would play in the game he
    runs, and whoever named one of its masters never sits beside him. The rule is kept
    where the sitting takes effect (``games.visibility``: a naming of someone who holds a
    seat of the game, was excluded from one, is one of its masters or named one sits
    nobody), so it holds whatever happens after the naming (he joins, is excluded, is
    made master).

    Where who plays is secret (``visibility.players_secret``: an anonymous game, players
    under pseudonyms), the answer must not depend on who is named: a refusal would tell
    any player, one request a name, whether that user plays in the game or runs it. There
    the naming of anyone but oneself is kept as asked and answered alike; if the sitter
    plays in or runs the game it simply never takes effect (the sitter form says so).
    Elsewhere who plays and who runs the game are public, and such a naming is refused,
    to say so at once. (That a name belongs to no account, :func:`sitter_name` says
    anywhere: every account's profile page is public.)

    Raises:
        NotSeated: ``user`` holds no seat in ``game``.
        ApplicationError: the game's deadlines wait for vacations instead; ``user``
            names himself; where who plays is public, the sitter holds a seat of the
            game, was excluded from one, is one of its game masters or named one.
    """
    game = game_locked(game.pk)
    seat = (
        game.seats.select_for_update().filter(user=user).first() if user.is_authenticated else None
    )
    if seat is None:
        raise NotSeated
    if game.vacation_handling != Game.VacationHandling.SITTER:
        raise ApplicationError(_("This game's deadlines wait for vacations: it has no sitters."))
    if sitter is not None and sitter.pk == user.pk:
        raise ApplicationError(_("A sitter is someone who does not play in this game."))
    if sitter is not None and not visibility.players_secret(game=game):
        if game.seats.filter(Q(user=sitter) | Q(excluded_user=sitter)).exists():
            raise ApplicationError(_("A sitter is someone who does not play in this game."))
        refuse_game_master(game, sitter)
    seat.sitter = sitter
    seat.save(update_fields=["sitter"])
    bump(game)
    return seat


def sitter_name(*, game: Game, user: AbstractBaseUser, username: str) -> Seat:
    """:func:`sitter_set` by the sitter's username; an empty name clears the sitter."""
    who = None
    if username:
        who = user_by_name(name=username)
        if who is None:
            raise ApplicationError(_("There is no player named “%(name)s”.") % {"name": username})
    return sitter_set(game=game, user=user, sitter=who)


def extensions_left(*, game: Game, seat: Seat | None) -> tuple[int, int]:
    """The deadline extensions the player of ``seat`` may still ask for in ``game``: their
    own share left, and the game's."""
    used = game.seats.aggregate(total=Sum("extensions_used"))["total"] or 0
    mine = seat.extensions_used if seat is not None else 0
    return max(game.extensions_per_player - mine, 0), max(game.extensions_per_game - used, 0)


@transaction.atomic
def deadline_extension_request(
    *, game: Game, user: AbstractBaseUser, phase: int | None = None
) -> GamePhase:
    """A player's own extension of the deadline of the open phase ``phase`` (its index:
    the phase he asks more time for): by the phase's duration, at most a day. Limited per
    player and per game, and recorded for everyone to see.

    Raises:
        NotSeated: ``user`` holds no seat in ``game``.
        PhaseOver: ``phase`` is over (kernel.phase_named_locked): the next phase's
            deadline is not moved, nor an extension spent on it.
        NoSuchPhase: the game has no phase ``phase``.
        ApplicationError: the game is paused, the phase has no deadline, or no extension
            is left.
    """
    game = game_locked(game.pk)
    seat = (
        game.seats.select_for_update().filter(user=user).first() if user.is_authenticated else None
    )
    if seat is None:
        raise NotSeated
    if game.is_paused:
        raise ApplicationError(_("The game is paused."))
    advice = _("Nothing was extended: ask again if you still need more time.")
    current = phase_named_locked(
        game, phase, advice=advice, refusal=_("There is no deadline to extend.")
    )
    return _extended(game, seat, user, current)


def _extended(game: Game, seat: Seat, user: AbstractBaseUser, phase: GamePhase) -> GamePhase:
    """The deadline of ``phase`` moved later at ``seat``'s request, and recorded."""
    if phase.deadline is None:
        raise ApplicationError(_("There is no deadline to extend."))
    mine_left, game_left = extensions_left(game=game, seat=seat)
    if mine_left == 0:
        raise ApplicationError(
            _("You have used your %(n)s extensions in this game.")
            % {"n": game.extensions_per_player}
        )
    if game_left == 0:
        raise ApplicationError(
            _("This game's %(n)s extensions are used up.") % {"n": game.extensions_per_game}
        )
    before = phase.deadline
    by = min(game.deadline_for(phase.code), timedelta(hours=24))
    phase.deadline = extend(before, by, deadline_rule(game, phase.code))
    phase_note(phase, "extension", power=seat.power)
    phase.save(update_fields=["deadline", "notes"])
    seat.extensions_used += 1
    seat.save(update_fields=["extensions_used"])
    ModeratorAction.objects.create(
        game=game,
        phase=phase,
        actor=user,
        kind=ModeratorAction.Kind.EXTEND,
        reason="",
        details=_extension_details(seat, phase, phase.deadline - before),
    )
    bump(game)
    return phase


def _extension_details(seat: Seat, phase: GamePhase, moved: timedelta) -> dict[str, Any]:
    """The record of an extension: by how much the deadline really moved (a fixed time
    of day or days off can make it more than asked)."""
    assert phase.deadline is not None
    return {
        "by_player": seat.power,
        "hours": round(moved.total_seconds() / 3600, 2),
        "deadline": phase.deadline.isoformat(),
    }


def vacations_of(*, user: AbstractBaseUser) -> Any:
    """A player's vacations from today on, soonest first."""
    today = timezone.now().date()
    return Vacation.objects.filter(user=user).filter(Q(last_day__gte=today)).order_by("first_day")
