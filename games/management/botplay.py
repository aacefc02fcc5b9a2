"""Bots' seats the site plays itself: the demo players' in the demo games (demo.py) and
the site's own bots' in practice games (:func:`house_bots_play`, run by ``manage.py
run_bots``). Orders are the ``bots`` library's (:func:`bots.bot_orders`), drawn from the
game's seed, the phase and the power, so a phase is ordered the same way every time;
saved through the services, as a player's, and marked ready.

A seat is ordered only while it has orders due in the open phase and has saved nothing
there yet: orders saved by anyone else (a moderator, the demo's visitor logged in as a
demo player) are never replaced.
"""

from __future__ import annotations

import logging
import random
import signal
import time
from collections.abc import Callable
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import close_old_connections, transaction
from django.db.models import Q

from accounts.roles import HOUSE_BOT
from adjudicator import find_variant
from bots import bot_orders
from core.errors import ApplicationError
from games import services

# The bots run in a process of their own, outside the worker: importing the tasks registers
# them there, so that a phase the bots complete is queued at once (tasks are queued by
# name) rather than found by beat's next sweep.
from games import tasks as _tasks  # noqa: F401
from games.models import Game, GamePhase, OrderSet

log = logging.getLogger(__name__)


def seats_play(game: Game, who: Q) -> int:
    """Orders, marked ready, for each seat of ``game`` that ``who`` picks (a filter on
    seats) with orders due in the open phase and none saved there yet. Returns how many
    seats it ordered for."""
    game.refresh_from_db()
    if game.status != Game.Status.ACTIVE or game.is_paused:
        return 0
    phase = game.current_phase
    if phase is None or phase.stuck_since is not None:
        return 0
    variant = find_variant(game.variant)
    position = services.phase_position(phase)
    due = services.powers_to_order(position, variant)
    given = set(OrderSet.objects.filter(phase=phase).values_list("seat__power", flat=True))
    seats = (
        game.seats.filter(who, power__in=due, civil_disorder=False, user__isnull=False)
        .exclude(power__in=given)
        .select_related("user")
        .order_by("power")
    )
    done = 0
    for seat in seats:
        assert seat.user is not None  # filtered above
        rng = random.Random(f"{game.seed}:{phase.index}:{seat.power}")
        orders = [str(o) for o in bot_orders(variant, position, seat.power, rng)]
        orders_give(game, phase, seat.user, orders)
        done += 1
    return done


def orders_give(game: Game, phase: GamePhase, user: AbstractBaseUser, orders: list[str]) -> None:
    """Save the orders and mark them ready; a set that is not yet a whole answer (the
    variant says) stays saved without the mark, and the deadline decides."""
    with transaction.atomic():
        services.orders_submit(game=game, user=user, orders=orders, phase_id=phase.pk)
    try:
        services.orders_ready(game=game, user=user, ready=True)
    except ApplicationError as e:
        log.info("a bot was left unready in %s: %s", game.name, e)


def house_bots_play() -> int:
    """One round of the site's own bots: orders for each of their seats in every running
    game that has orders due and none saved. Returns how many seats it ordered for. A game
    whose orders cannot be given (it changed meanwhile) is logged and left for the next
    round; the phase's deadline stands regardless."""
    house = Q(user__groups__name=HOUSE_BOT)
    games = (
        Game.objects.filter(status=Game.Status.ACTIVE, seats__user__groups__name=HOUSE_BOT)
        .distinct()
        .order_by("pk")
    )
    done = 0
    for game in games:
        try:
            done += seats_play(game, house)
        except Exception:
            log.exception("the site's bots could not play %s", game.name)
    return done


def rounds_play(round_play: Callable[[], int], *, interval: float, name: str) -> None:
    """Play a round (``round_play``, which returns the seats it ordered for) every
    ``interval`` seconds until SIGTERM or SIGINT: the loop of ``run_bots`` and
    ``demo_bot``. A round that fails (the database away for a moment, SQLite busy) is
    logged and the next round tries again."""
    stopping = False

    def stop(*_: Any) -> None:
        nonlocal stopping
        stopping = True

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    while not stopping:
        close_old_connections()
        try:
            if done := round_play():
                log.info("%s: ordered for %d seats", name, done)
        except Exception:
            log.exception("a round of the %s failed", name)
        time.sleep(interval)
