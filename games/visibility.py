"""Who may see what. Every view, API and consumer asks here; nothing else decides.

- A public game can be watched by anyone; a private one by its players only.
- Before a phase is adjudicated, a power's orders are seen by that power's
  player alone; afterwards, by everyone who may watch the game.
- In an anonymous game, nobody is shown who plays a power (except themselves).
- Moderation (pausing, rulings, replacing players) is for site moderators and the
  game's own game masters (``can_moderate``).
- Draw votes are secret: a player sees only their own vote and whether a
  draw has been proposed.
- A variant's own state (``extras``: a draft's turn order, a nomination round)
  is public except the keys the variant lists in ``private_extras``, which no
  one sees before the phase is adjudicated. A secret nomination list is an
  order, so it is covered by the order rule above.
- Press: a message to everyone is read by everyone who may watch the game; a
  message to chosen powers by the players now holding the sender's power and
  those powers, and nobody else (not observers, not moderators). A power keeps
  reading its old press after it is eliminated. Messages name powers only,
  never who plays them, so an anonymous game stays anonymous in its press.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser

from adjudicator import find_variant
from games.models import DrawVote, Game, GamePhase, OrderSet, PressMessage, Seat

User = AbstractBaseUser | AnonymousUser


def is_moderator(user: User) -> bool:
    return bool(
        user.is_authenticated
        and (user.is_superuser or user.groups.filter(name="moderator").exists())  # type: ignore[union-attr]
    )


def can_moderate(*, user: User, game: Game) -> bool:
    """May ``user`` run this game: a site moderator, or one of its game masters."""
    if not user.is_authenticated:
        return False
    return is_moderator(user) or game.masters.filter(pk=user.pk).exists()


def seat_of(*, user: User, game: Game) -> Seat | None:
    if not user.is_authenticated:
        return None
    return game.seats.filter(user=user).first()


def can_view_game(*, user: User, game: Game) -> bool:
    if not game.private:
        return True
    return seat_of(user=user, game=game) is not None or can_moderate(user=user, game=game)


def _readable_powers(*, user: User, phase: GamePhase) -> set[str] | None:
    """Whose orders of ``phase`` ``user`` may read: None for everyone's, else a set."""
    if not can_view_game(user=user, game=phase.game):
        return set()
    if phase.is_resolved:
        return None
    seat = seat_of(user=user, game=phase.game)
    return {seat.power} if seat is not None else set()


def can_see_orders(*, user: User, phase: GamePhase, power: str) -> bool:
    """May ``user`` read ``power``'s orders for ``phase``?"""
    readable = _readable_powers(user=user, phase=phase)
    return readable is None or power in readable


def visible_order_sets(*, user: User, phase: GamePhase) -> list[OrderSet]:
    """The order sets of a phase that ``user`` may read (decided once, not per set)."""
    readable = _readable_powers(user=user, phase=phase)
    sets = list(phase.order_sets.select_related("seat"))
    return [o for o in sets if readable is None or o.seat.power in readable]


def player_label(*, seat: Seat, viewer: User) -> str:
    """Who is shown behind a power: the player's name, or nothing in an anonymous game."""
    if seat.user is None:
        return ""
    if seat.game.anonymous and not (viewer.is_authenticated and seat.user_id == viewer.pk):
        return ""
    return str(seat.user.get_username())


def own_draw_vote(*, user: User, phase: GamePhase) -> bool | None:
    seat = seat_of(user=user, game=phase.game)
    if seat is None:
        return None
    vote = DrawVote.objects.filter(phase=phase, seat=seat).first()
    return None if vote is None else vote.accept


def draw_proposed(*, phase: GamePhase) -> bool:
    """Whether anyone has proposed a draw this phase (never who)."""
    return phase.draw_votes.filter(accept=True).exists()


def visible_extras(*, phase: GamePhase, extras: dict[str, Any]) -> dict[str, Any]:
    """The part of a phase's variant state anyone who may watch the game may read."""
    hidden = find_variant(phase.game.variant).private_extras
    if phase.is_resolved or not hidden:
        return extras
    return {k: v for k, v in extras.items() if k not in hidden}


def _may_read(*, message: PressMessage, power: str | None) -> bool:
    return message.to_all or (power is not None and power in message.powers)


def can_read_press(*, user: User, message: PressMessage) -> bool:
    """May ``user`` read ``message``: anyone watching, if it went to everyone; else only
    the players now holding the powers of its conversation (eliminated ones too)."""
    if not can_view_game(user=user, game=message.game):
        return False
    seat = seat_of(user=user, game=message.game)
    return _may_read(message=message, power=seat.power if seat is not None else None)


def visible_press(*, user: User, game: Game) -> list[PressMessage]:
    """The messages of ``game`` that ``user`` may read, oldest first (decided once)."""
    if not can_view_game(user=user, game=game):
        return []
    seat = seat_of(user=user, game=game)
    power = seat.power if seat is not None else None
    messages = game.press_messages.order_by("sent_at", "pk")
    if power is None:
        messages = messages.filter(conversation=PressMessage.ALL)
    return [m for m in messages if _may_read(message=m, power=power)]


def press_readers(*, message: PressMessage) -> list[int]:
    """The players to tell of a new message (their own channel groups, never the game's):
    every player of the game for a message to everyone, else those of its powers."""
    seats = message.game.seats.filter(user__isnull=False)
    if not message.to_all:
        seats = seats.filter(power__in=message.powers)
    return sorted(set(seats.values_list("user_id", flat=True)))
