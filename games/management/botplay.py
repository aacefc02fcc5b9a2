"""The site's own bots play their seats in practice games through the public API, with a
token each, like any program (``manage.py run_bots``); and the loop of rounds that
``run_bots`` and ``demo_bot`` share (:func:`rounds_play`).

A round (:func:`house_bots_play`) takes the key of each of the site's own bots (the
accounts of the ``house_bot`` group: ``accounts.services.house_bot_keys`` makes a bot's
token the first time and finds it again after, restarts included), asks the site which
of the bot's games need its orders or its ready mark (``GET /api/v1/me/games/``: running,
not paused) and plays one turn in each with the ``bots`` client (:func:`bots.client.play`):
it reads the game's state, chooses among the legal orders the site lists, saves them for
that phase and marks ready, through the same API, the same checks and the same throttle
as anyone's program. Orders someone else saved for a bot's seat (a game master) are never
replaced: the state says the seat's orders are saved (``me.saved``), and the client only
marks ready saved orders that are the very ones it chooses (its own, saved in a turn
whose ready mark was refused with 429).

The house bots' tokens have throttle scopes of their own (``house_bot_read``,
``house_bot_write`` in settings), larger than a program's: house-bot-1 sits in every
practice game and saves twice a phase in each. A request refused (429, or the site not
answering yet while ``runsite`` starts) is tried again in the next round.

The demo bot (``games/management/demo.py``) orders in process instead, for the reason
its docstring gives.
"""

from __future__ import annotations

import logging
import signal
import time
import urllib.request
from collections.abc import Callable
from typing import Any

from django.db import close_old_connections

from accounts.services import house_bot_keys
from bots.client import Api, ApiError, Step, Turn, play

log = logging.getLogger(__name__)


def house_bots_play(url: str, *, opener: Callable[..., Any] = urllib.request.urlopen) -> int:
    """One round of the site's own bots against the API at ``url`` (the site's address):
    one turn in each game where a bot's seat needs orders. Returns how many seats it
    ordered for (saved, marked ready or not). ``opener`` makes each request (a test may
    route them into the site in process).

    The round takes two steps: every bot saves its orders (and answers votes), then every
    bot marks ready the orders it saved (those owing nothing first). So no bot's ready
    mark ends a phase before the other bots of its game have given theirs: a phase ends
    once the orders due are all ready, and a bot with orders it is not due
    (``bots.gives_unowed``) would otherwise lose them to the ready mark of the bot before
    it, or find the phase over when it marks them."""
    seats: list[tuple[str, Api, list[int]]] = []
    for username, key in house_bot_keys().items():
        api = Api(url, key, opener=opener)
        try:
            games = api.games_to_play()
        except ApiError as e:
            if e.status == 0:
                # The site is not answering (still starting, say): no bot would get further.
                log.warning("the site's bots: %s", e)
                break
            log.warning("%s: the site did not list its games: %s", username, e)
            continue
        if games:
            seats.append((username, api, games))
    done: set[tuple[str, int]] = set()
    for username, api, games in seats:
        turns = play(api, games, once=True, step=Step.SAVE)
        done |= {(username, g) for g, turn in turns.items() if turn is Turn.VOTED}
    counted = (Turn.ORDERED, Turn.SAVED, Turn.VOTED)
    # Seats owing nothing first: the phase does not wait for them, and ends on the last
    # ready mark of orders due.
    for step in (Step.READY_UNOWED, Step.READY):
        for username, api, games in seats:
            turns = play(api, games, once=True, step=step)
            done |= {(username, g) for g, turn in turns.items() if turn in counted}
    return len(done)


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
