"""A whole practice game against the site's own bots, driven as the running site drives it:
each round the house bots play through the public API (games/management/botplay.py), the
person plays his turn, and the worker adjudicates; shared by each variant's practice test."""

from __future__ import annotations

import io
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from typing import Any

from games.management import botplay
from games.models import Game, GamePhase
from tests.bots.inprocess import InProcess

SITE = "http://testserver"
#: The seasons a practice game played through 1903 moves in.
THROUGH_1903 = {"S1901M", "F1901M", "S1902M", "F1902M", "S1903M", "F1903M"}


class Refusals(InProcess):
    """The site in process, keeping every request it refused (status 400 and up)."""

    def __init__(self) -> None:
        super().__init__()
        self.refused: list[tuple[str, str, int, str]] = []

    def __call__(self, request: urllib.request.Request, timeout: float = 0) -> Any:
        try:
            return super().__call__(request, timeout)
        except urllib.error.HTTPError as e:
            body = e.read()
            self.refused.append((request.get_method(), request.full_url, e.code, body.decode()))
            raise urllib.error.HTTPError(
                e.url, e.code, e.msg, e.headers, io.BytesIO(body)
            ) from None


#: Rounds in a row a phase may stay open after every seat played before the game is taken
#: for stuck: the worker adjudicates a phase whose seats are all ready within a round.
STUCK_AFTER = 3


def next_phase(game: Game, index: int, seconds: float = 60) -> bool:
    """Wait (for the worker) until ``game`` is past phase ``index`` or no longer running;
    whether it got there within ``seconds``."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        game.refresh_from_db()
        phase = game.current_phase
        if game.status != Game.Status.ACTIVE or (phase is not None and phase.index > index):
            return True
        time.sleep(0.1)
    return False


def played_to_the_end(
    game: Game, person_plays: Callable[[], None], *, rounds: int = 80
) -> list[GamePhase]:
    """``game`` played to its end: each round the house bots' turn, then the person's
    (``person_plays``), then the worker's adjudication. Checks that it finished, that no
    request of a bot was refused, that no phase stayed open for :data:`STUCK_AFTER` rounds
    in a row (it names the phase, rather than waiting out every round), and that each
    phase was adjudicated exactly once, through 1903's seasons. Returns its phases in
    order."""
    site = Refusals()
    still = 0
    for _round in range(rounds):
        game.refresh_from_db()
        if game.status != Game.Status.ACTIVE:
            break
        phase = game.current_phase
        assert phase is not None
        botplay.house_bots_play(SITE, opener=site)
        person_plays()
        still = 0 if next_phase(game, phase.index) else still + 1
        ready = sorted(phase.order_sets.filter(ready=True).values_list("power", flat=True))
        assert still < STUCK_AFTER, (
            f"{phase.code} stayed open for {still} rounds with every seat played; "
            f"ready: {ready}; refused: {site.refused}"
        )
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED, game.current_phase
    assert not site.refused

    phases = list(game.phases.order_by("index"))
    codes = [p.code for p in phases]
    assert len(codes) == len(set(codes))
    assert all(p.status == GamePhase.Status.RESOLVED for p in phases)
    assert set(codes) >= THROUGH_1903
    return phases
