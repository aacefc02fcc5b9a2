"""What games hold of one player, for the download of his own data
(``accounts.services.account_data``): his games and the seats he held in them, the orders
his seats gave, and his vacations (the press he sent and may read is
``games.services.press.own_press``'s).

Only what he may see, as games/visibility.py decides: no other player is named (an
anonymous game stays anonymous, a pseudonym's owner unknown), no other power's orders, no
variant's secrets but his own seat's (they are in his own orders), and of the press, his
own messages and those of his conversations he may read today (a signed message without
its sender, unless it is his)."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db.models import Q

from games import visibility
from games.models import Game, OrderSet, PhaseDuty, PressMessage, Seat, Vacation


def _when(moment: Any) -> str | None:
    return moment.isoformat() if moment is not None else None


def _order_set(o: OrderSet) -> dict[str, Any]:
    return {
        "phase": o.phase.code,
        "power": o.power,
        "seat": o.seat.power,
        "orders": list(o.orders),
        "ready": o.ready,
        "updated_at": _when(o.updated_at),
    }


def own_orders(*, user: AbstractBaseUser, game: Game) -> list[dict[str, Any]]:
    """The order sets ``user``'s seats gave in ``game``, phase by phase: of each phase he
    held a seat in (``PhaseDuty``, as a replacement too), of the phase open now for the
    seat he holds, and of the phase open now for the seat he sits for today."""
    duties = PhaseDuty.objects.filter(user=user, phase__game=game).values_list("phase", "seat")
    wanted = Q(pk__in=[])
    for phase_id, seat_id in duties:
        wanted |= Q(phase_id=phase_id, seat_id=seat_id)
    acting = visibility.acting_seat(user=user, game=game)
    if acting is not None and game.current_phase is not None:
        wanted |= Q(phase=game.current_phase, seat=acting)
    sets = (
        OrderSet.objects.filter(wanted, phase__game=game)
        .select_related("phase", "seat")
        .order_by("phase__index", "power")
    )
    return [_order_set(o) for o in sets]


def _seat(seat: Seat, user: AbstractBaseUser) -> dict[str, Any]:
    return {
        "power": seat.power,
        "pseudonym": seat.pseudonym,
        "held_now": seat.user_id == user.pk,
        "excluded": seat.excluded_user_id == user.pk and seat.user_id != user.pk,
        "joined_at": _when(seat.joined_at),
        "missed_phases": seat.missed_phases if seat.user_id == user.pk else None,
        "eliminated": seat.eliminated,
    }


def games_of(*, user: AbstractBaseUser) -> list[Game]:
    """Every game ``user`` took part in: held or sat a seat, was excluded from one, held
    one for a phase (a replacement who left again), or sent press in."""
    held = PhaseDuty.objects.filter(user=user).values("phase__game")
    sent = PressMessage.objects.filter(author=user).values("game")
    seats = Seat.objects.filter(Q(user=user) | Q(excluded_user=user) | Q(sitter=user)).values(
        "game"
    )
    return list(
        Game.objects.filter(Q(pk__in=held) | Q(pk__in=sent) | Q(pk__in=seats)).order_by("pk")
    )


def own_games(user: AbstractBaseUser) -> list[dict[str, Any]]:
    """The download's ``games``: each game he took part in, his seats in it (never anyone
    else's), the seats he is named to sit for, and the orders his seats gave."""
    out = []
    for game in games_of(user=user):
        held = set(
            PhaseDuty.objects.filter(user=user, phase__game=game).values_list("seat", flat=True)
        )
        seats = game.seats.filter(Q(user=user) | Q(excluded_user=user) | Q(pk__in=held))
        out.append(
            {
                "id": game.pk,
                "name": game.name,
                "variant": game.variant,
                "status": game.status,
                "anonymous": game.anonymous,
                "private": game.private,
                "created_at": _when(game.created_at),
                "seats": [_seat(s, user) for s in seats.order_by("power")],
                "sitter_for": list(
                    game.seats.filter(sitter=user).order_by("power").values_list("power", flat=True)
                ),
                "orders": own_orders(user=user, game=game),
            }
        )
    return out


def own_vacations(user: AbstractBaseUser) -> list[dict[str, Any]]:
    """The download's ``vacations``: the days he marked himself away."""
    return [
        {"first_day": v.first_day.isoformat(), "last_day": v.last_day.isoformat()}
        for v in Vacation.objects.filter(user=user).order_by("first_day")
    ]
