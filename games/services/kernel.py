"""The small public core every verb family of a game builds on: lock the open phase, open
the next one, count a change and publish it, give or take a seat, finish a game, and queue
a phase's adjudication. Each of these is written once, here."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

from adjudicator import Position, find_variant
from adjudicator.io import position_to_json
from core.errors import ApplicationError, NoSuchPhase, NotSeated, PhaseOver
from core.live import game_changed_publish
from core.names import name_key
from core.queue import after_commit, task_after_commit
from games import events, notes, visibility
from games.game_deadlines import phase_deadline
from games.models import Game, GameMaster, GamePhase, Seat
from games.pictures import phase_label
from games.positions import phase_position, phase_seed, powers_to_order, powers_welcome

#: The task that adjudicates one phase, queued by name (games/tasks.py).
ADJUDICATE = "games.tasks.adjudicate_phase"


def bump(game: Game) -> None:
    """Count a change watchers should see, and tell them once the transaction commits."""
    game.version = Game.objects.version_bump(game.pk)
    after_commit(game_changed_publish, game_id=game.pk, version=game.version)


def phase_note(phase: GamePhase, kind: str, **params: Any) -> None:
    """Add a note of ``kind`` to the phase's history (the caller saves the phase): the
    kind and its parameters are declared in games.notes, so every note the history holds
    has words in each language.

    Raises:
        ValueError: for a kind not declared, or parameters not the kind's.
    """
    phase.notes = [*phase.notes, notes.note(kind, **params)]


def game_locked(game_id: int) -> Game:
    """The game, row-locked until the transaction ends: a write to a game takes this lock
    before it reads anything it decides on (adjudication takes it too, so an order saved
    and the phase adjudicated never interleave).

    Raises:
        Game.DoesNotExist: there is no such game (any more).
    """
    game = Game.objects.row(game_id, lock=True)
    if game is None:
        raise Game.DoesNotExist
    return game


def open_phase_locked(game: Game, refusal: str | None = None) -> GamePhase:
    """The game's open phase, row-locked.

    Raises:
        ApplicationError: ``refusal`` (or "already adjudicated") when the game has no
            open phase or is not running.
    """
    phase = GamePhase.objects.open_latest(game.pk, lock=True)
    if phase is None or game.status != Game.Status.ACTIVE:
        raise ApplicationError(refusal or _("The phase has already been adjudicated."))
    return phase


def phase_named_locked(
    game: Game, index: int | None, *, advice: str, refusal: str | None = None
) -> GamePhase:
    """The game's open phase, row-locked, if it is the phase ``index`` the caller named:
    the one check of every write that refers to a phase (orders, the ready mark, votes,
    an extension, a moderator's late orders or extension).

    A player acts on the phase he saw. Without this check a ready mark (or orders, or a
    vote) sent for a phase that closed meanwhile lands on the next one; a ready mark
    there may complete it and have it adjudicated at once, his units holding. ``None``
    is for callers in the same process that act on whatever phase is open (tests,
    scripts); every request names its phase.

    ``advice`` says what to do now, after "Spring 1903 is over: you are now in Fall
    1903." (the message of the refusal).

    Raises:
        PhaseOver: the phase named is over: another is open, or the game has ended.
        NoSuchPhase: the game has no phase ``index`` (yet).
        ApplicationError: ``refusal`` (or "not started yet") when the game is forming;
            with ``index`` None, ``refusal`` (or "already adjudicated") when the game
            has no open phase or is not running.
    """
    if index is None:
        return open_phase_locked(game, refusal)
    phase = GamePhase.objects.open_latest(game.pk, lock=True)
    running = game.status == Game.Status.ACTIVE
    if phase is not None and running and phase.index == index:
        return phase
    if game.status == Game.Status.FORMING:
        raise ApplicationError(refusal or _("The game has not started yet."))
    named = game.phases.filter(index=index).first()
    if named is None:
        raise NoSuchPhase
    was = phase_label(named)
    if not running:
        raise PhaseOver(_("%(phase)s is over: the game has ended.") % {"phase": was}, None)
    if phase is None:
        raise PhaseOver(_("%(phase)s is over.") % {"phase": was}, None)
    words = {"phase": was, "now": phase_label(phase)}
    if named.status == GamePhase.Status.SUPERSEDED:
        # A ruling replaced it: the phase open now may well have the same name.
        over = _("%(phase)s was replaced by a moderator's ruling: you are now in %(now)s.")
    else:
        over = _("%(phase)s is over: you are now in %(now)s.")
    raise PhaseOver(f"{over % words} {advice}", phase.index)


def phase_open(
    game: Game, position: Position, *, index: int, now: Any, waiting: bool = False
) -> GamePhase:
    """Open the next phase; a ``waiting`` one (a linked board ahead of the other) gets its
    deadline only when the other board catches up."""
    return GamePhase.objects.create(
        game=game,
        index=index,
        code=str(position.phase),
        position=position_to_json(position),
        deadline=None if waiting else phase_deadline(game, position, now),
        seed=phase_seed(game, index),
    )


def game_finish(game: Game, outcome: str, winner: str, now: Any, *, tell: bool = True) -> None:
    """End a game (a solo, a draw, a duel's verdict, a moderator's ending) and tell its
    players, once; with ``tell`` False the event still goes to the apps that listen (a
    tournament's match), but to no player: the caller's own news tells them."""
    game.status = Game.Status.FINISHED
    game.outcome = outcome
    game.winner = winner
    game.finished_at = now
    game.save(update_fields=["status", "outcome", "winner", "finished_at"])
    pause_clear(game)
    events.announce(
        kind="game_ended",
        game=game,
        users=seated_users(game) if tell else [],
        key=f"ended:{game.pk}",
        params={"game": game.name},
    )


def game_cancel(game: Game, now: Any) -> None:
    """End a game with no result at all (its players agreed to cancel it): no winner, no
    outcome, counted nowhere (ratings and tournaments count finished games only). Its
    players are told by the caller's event, which says why."""
    game.status = Game.Status.CANCELLED
    game.outcome = ""
    game.winner = ""
    game.finished_at = now
    game.save(update_fields=["status", "outcome", "winner", "finished_at"])
    pause_clear(game)


def pause_clear(game: Game) -> None:
    """A game that ends is paused no more (the players may agree a draw, a concession or
    to cancel while it is paused, and a moderator may end it)."""
    if game.paused_at is not None:
        game.paused_at = None
        game.pause_reason = ""
        game.paused_until = None
        game.save(update_fields=["paused_at", "pause_reason", "paused_until"])


def seated_users(game: Game) -> list[int]:
    """The players now seated in ``game`` (ids), the ones notifications go to."""
    return list(game.seats.filter(user__isnull=False).values_list("user_id", flat=True))


def seat_acting(game: Game, user: AbstractBaseUser, *, sitter_ok: bool = True) -> Seat:
    """The seat ``user`` orders for: their own, or (``sitter_ok``) the one they sit for
    while its player is on vacation.

    Raises:
        NotSeated: ``user`` has no such seat.
    """
    if sitter_ok:
        seat = visibility.acting_seat(user=user, game=game)
    else:
        seat = visibility.seat_of(user=user, game=game)
    if seat is None:
        raise NotSeated
    return seat


def seat_give(seat: Seat, user: AbstractBaseUser) -> None:
    """Give a running game's seat to ``user`` (a replacement, a moderator's choice): the
    power is played again, with a clean record of misses in a row, and with no sitter
    (the one there was, the previous player chose for himself)."""
    seat.user = user
    seat.sitter = None
    seat.joined_at = timezone.now()
    seat.civil_disorder = False
    seat.seeking_replacement_until = None
    seat.consecutive_misses = 0
    seat.save()


def seat_exclude(seat: Seat, *, civil_disorder: bool = True) -> None:
    """Take a seat from its player, who may not come back to it (nor take over another of
    the game's seats); with ``civil_disorder`` nobody plays the power until it is
    replaced. The sitter he chose goes with him."""
    seat.excluded_user_id = seat.user_id
    seat.user = None
    seat.sitter = None
    if civil_disorder:
        seat.civil_disorder = True
    seat.save()


def refuse_game_master(game: Game, user: AbstractBaseUser, *, yourself: bool = False) -> None:
    """A game master never plays in the game he runs: he takes no seat in it, sits for
    none and replaces nobody (and a player is never named one: moderation.py). Nor does
    anyone who named one of its game masters while that master runs it: a player never
    chooses who runs his game, whatever the order in which he left, named and came back
    (the rule is the game's, not the moment's). Every way to a seat asks here: joining,
    taking a seat over, being named a sitter, a moderator's replacement, and the tooling
    that seats players (a tournament's round, a practice game's bots).

    ``yourself``: ``user`` asks for the seat himself (the refusal speaks to him).

    Raises:
        ApplicationError: ``user`` is a game master of ``game``, or named one of them.
    """
    if game.masters.filter(pk=user.pk).exists():
        raise ApplicationError(
            _("%(name)s is a game master of this game: a game master never plays in it.")
            % {"name": user.get_username()}
        )
    if GameMaster.objects.filter(game=game, named_by=user).exists():
        raise ApplicationError(
            _("You named this game's game master: a player never chooses who runs his game.")
            if yourself
            else _(
                "%(name)s named this game's game master: a player never chooses who runs his game."
            )
            % {"name": user.get_username()}
        )


def tell_adjudicated(game: Game, phase: GamePhase) -> None:
    """Announce that ``phase`` of ``game`` was adjudicated (to its seated players)."""
    events.announce(
        kind="phase_adjudicated",
        game=game,
        users=seated_users(game),
        key=f"adjudicated:{phase.pk}",
        params={"game": game.name, "phase": phase.code},
    )


def tell_missed(
    game: Game, phase: GamePhase, powers: list[str], how: str, until: Any = None
) -> None:
    """Announce that the seats of ``powers`` gave no orders for ``phase`` by its deadline,
    and what the game's missed-orders policy did (``how``): ``grace``, the deadline moved
    to ``until``; ``search``, a replacement sought until ``until``; ``missed``, the
    defaults applied. It concerns the game's masters, who run it; an app that runs games
    (a tournament, whose organisers are their masters) tells its people from it. A game
    nobody runs announces nothing: nobody there is to act on it."""
    if not powers:
        return
    masters = list(game.masters.values_list("pk", flat=True))
    if not masters:
        return
    params: dict[str, Any] = {
        "game": game.name,
        "phase": phase.code,
        "powers": sorted(powers),
        "how": how,
    }
    if until is not None:
        params["until"] = until.isoformat()
    events.announce(
        kind="orders_missed",
        game=game,
        users=masters,
        key=f"missed:{phase.pk}:{how}:{'+'.join(sorted(powers))}",
        params=params,
    )


def everyone_ready(game: Game, phase: GamePhase) -> bool:
    """Has every power with orders to give in ``phase`` said it is ready, and every seat
    someone plays that may give orders there without owing any
    (``Variant.orders_welcome``)? Without the latter, a variant's winter of set-up ended as
    soon as the great powers were ready, the seats without duties still voting, and the
    ready marks they sent for it landed on the spring."""
    position = phase_position(phase)
    variant = find_variant(game.variant)
    needed = powers_to_order(position, variant)
    welcome = powers_welcome(position, variant) - needed
    if welcome:
        needed |= set(
            game.seats.filter(
                power__in=welcome, user__isnull=False, civil_disorder=False
            ).values_list("power", flat=True)
        )
    ready = set(phase.order_sets.filter(ready=True).values_list("power", flat=True))
    return needed <= ready


def adjudicate_when_all_ready(game: Game, phase: GamePhase) -> None:
    """When every power with orders to give is ready, queue the phase's adjudication
    (after this transaction commits)."""
    if everyone_ready(game, phase):
        adjudicate_after_commit(game.pk, phase.pk)


def adjudicate_after_commit(game_id: int, phase_id: int) -> None:
    """Mark a phase due now and queue its adjudication once the current transaction
    commits. The mark is the guarantee: if the task cannot be queued (the broker away),
    beat's sweep finds the phase due and queues it; the request that committed never
    fails for it."""
    GamePhase.objects.filter(pk=phase_id, status=GamePhase.Status.OPEN).update(due_now=True)
    task_after_commit(ADJUDICATE, game_id, phase_id)


def a_members_user_name(name: str) -> bool:
    """Whether ``name`` reads as the user name of any account of the site: neither a
    pseudonym (games.services.lobby) nor a signature (games.services.press) may be one,
    for the others would take its bearer for that member.

    User names are letters, digits and ``@.+-_`` in Unicode's compatibility form (Django
    normalises them so when an account is made): the accounts ``name`` could stand for
    are those whose name is ``name`` or its key in another case, which the database finds
    without reading every account; their keys decide.
    """
    key = name_key(name)
    found = (
        get_user_model()
        .objects.filter(Q(username__iexact=name) | Q(username__iexact=key))
        .values_list("username", flat=True)[:20]
    )
    return any(name_key(str(username)) == key for username in found)
