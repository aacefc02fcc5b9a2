"""A Kapitalisten game for the site's tests: nine investors under pseudonyms, and helpers to
play its turns (shared by the services, pages and worker tests)."""

from __future__ import annotations

import contextlib
import random
from datetime import timedelta
from typing import Any

from django.utils import timezone

from adjudicator import find_variant
from bots import seat_orders
from core.errors import PhaseOver
from games import services
from games.models import Game, GamePhase, Seat
from games.positions import phase_position, seat_powers
from games.terms import GameTerms
from tests.games.helpers import current

#: The investors' user names: none of them may ever appear on a page of the game.
NAMES = [f"banker{n}" for n in range(1, 10)]


def pseudonym_of(user: Any) -> str:
    return f"Magnate {user.username[-1]}"


def kapitalisten_game(
    make_user: Any, options: dict[str, Any] | None = None, **terms: Any
) -> tuple[Game, dict[str, Any]]:
    """A started nine-investor game (with ``options`` besides the nine); the users by
    their names."""
    users = {name: make_user(name) for name in NAMES}
    first = users[NAMES[0]]
    game = services.game_create(
        created_by=first,
        name="Bourse",
        pseudonym=pseudonym_of(first),
        terms=GameTerms(
            variant_id="kapitalisten", options={"players": 9, **(options or {})}, **terms
        ),
    )
    for name in NAMES[1:]:
        services.game_join(game=game, user=users[name], pseudonym=pseudonym_of(users[name]))
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE
    return game, users


def investor_user(game: Game, investor: str) -> Any:
    return Seat.objects.get(game=game, power=investor).user


def controllers(game: Game) -> dict[str, str | None]:
    variant = find_variant("kapitalisten")
    return variant.controllers(phase_position(current(game)))  # type: ignore[attr-defined, no-any-return]


def deadline_passed(game: Game) -> GamePhase:
    phase = current(game)
    GamePhase.objects.filter(pk=phase.pk).update(deadline=timezone.now() - timedelta(seconds=1))
    phase.refresh_from_db()
    return phase


def adjudicate_now(game: Game) -> bool:
    phase = deadline_passed(game)
    return services.phase_adjudicate(game_id=game.pk, phase_id=phase.pk)


def investor_plays(game: Game, user: Any) -> None:
    """A person's turn beside bots: he gives his exchange orders (he sells 500 of every
    currency he may) and, for any nation his holdings make his, the orders the bots would
    give, and marks ready; unless the phase ends meanwhile (adjudicated once the nations'
    orders are all ready)."""
    with contextlib.suppress(PhaseOver):
        _investor_orders(game, user)


def _investor_orders(game: Game, user: Any) -> None:
    phase = game.current_phase
    if phase is None or phase.status != GamePhase.Status.OPEN:
        return
    variant = find_variant("kapitalisten")
    seat = game.seats.get(user=user)
    position = phase_position(phase)
    gives = seat_powers(position, variant, seat)
    due = variant.orders_due(position)
    done = set(phase.order_sets.filter(seat=seat, ready=True).values_list("power", flat=True))
    if set(gives) <= done:
        return
    chosen = seat_orders(variant, position, seat.power, random.Random(phase.index))
    for power in gives:
        if power == seat.power and power in chosen:
            book = variant.book(position)  # type: ignore[attr-defined]
            orders = [
                f"sell {min(500, book.held(power, n))} {n}"
                for n in variant.powers
                if book.held(power, n) and book.rates.get(n)
            ]
        elif power in due:
            orders = [str(o) for o in chosen.get(power, [])]
        else:
            continue
        services.orders_submit(
            game=game, user=user, orders=orders or ["sell 1 russia"], phase=phase.index, power=power
        )
    services.orders_ready(game=game, user=user, ready=True, phase=phase.index)
