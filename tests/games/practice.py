"""A whole practice game against the site's own bots, driven as the running site drives it:
each round the house bots play through the public API (games/management/botplay.py), the
person plays his turn, and the worker adjudicates; shared by each variant's practice test."""

from __future__ import annotations

import contextlib
import io
import itertools
import random
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from typing import Any

from adjudicator import Phase as AdjPhase
from adjudicator import find_variant
from bots import seat_orders
from core.errors import PhaseOver
from games import services
from games.management import botplay
from games.models import Game, GamePhase
from games.positions import phase_position
from tests.bots.inprocess import InProcess

SITE = "http://testserver"


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


def boards(game: Game) -> list[Game]:
    """``game`` and the boards linked to it (a twin-board duel's), in the order made."""
    if game.link_id is None:
        return [game]
    return list(Game.objects.filter(link_id=game.link_id).order_by("pk"))


def person_plays(game: Game, user: Any) -> None:
    """A person's turn beside the bots, on each board of ``game``: the orders a bot would
    give for his seat (by the variant's seat player, as the house bots choose them), where
    they are due or welcome, then his ready mark (unless the phase ends meanwhile)."""
    variant = find_variant(game.variant)
    for board in boards(game):
        phase = board.current_phase
        if phase is None or phase.status != GamePhase.Status.OPEN:
            continue
        seat = board.seats.get(user=user)
        position = phase_position(phase)
        if seat.power not in variant.orders_due(position) | variant.orders_welcome(position):
            continue
        if phase.order_sets.filter(seat=seat, ready=True).exists():
            continue
        chosen = seat_orders(variant, position, seat.power, random.Random(phase.index))
        with contextlib.suppress(PhaseOver):
            services.orders_submit(
                game=board,
                user=user,
                orders=[str(o) for o in chosen.get(seat.power, [])],
                phase=phase.index,
                power=seat.power,
            )
            services.orders_ready(game=board, user=user, ready=True, phase=phase.index)


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


def play_rounds(
    game: Game,
    person_plays: Callable[[], None],
    *,
    rounds: int = 80,
    until: Callable[[], bool] | None = None,
) -> Refusals:
    """Rounds of ``game`` (or of every board of its link), until it is over or ``until``
    says so: each round the house bots' turn, then the person's (``person_plays``), then the
    worker's adjudication. Checks that no phase stayed open for :data:`STUCK_AFTER` rounds
    in a row (it names the phase, rather than waiting out every round). Returns the site as
    the bots saw it, with every request of theirs it refused."""
    site = Refusals()
    still = 0
    for _round in range(rounds):
        game.refresh_from_db()
        if game.status != Game.Status.ACTIVE or (until is not None and until()):
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
    return site


def played_once(game: Game) -> list[GamePhase]:
    """``game``'s phases in order, after checking that each was adjudicated exactly once:
    numbered without a gap, each resolved (but the one open now) into the position the next
    one opens on, and no phase of play twice (the phases of a set-up may share a code: a
    draft's picks)."""
    phases = list(game.phases.order_by("index"))
    codes = [p.code for p in phases]
    assert [p.index for p in phases] == list(range(len(phases))), codes
    played = [p.code for p in phases if not AdjPhase.parse(p.code).is_setup]
    assert len(played) == len(set(played)), codes
    assert all(p.status == GamePhase.Status.RESOLVED for p in phases[:-1]), codes
    for before, after in itertools.pairwise(phases):
        assert before.position_after == after.position, (before.code, after.code)
    return phases


def played_to_the_end(
    game: Game, person_plays: Callable[[], None], *, rounds: int = 80
) -> list[GamePhase]:
    """``game`` played to its end (:func:`play_rounds`). Checks that it finished, that no
    request of a bot was refused, that each phase was adjudicated exactly once, and that
    it moved in each year through 1903 (unless someone won before). Returns its phases
    in order."""
    site = play_rounds(game, person_plays, rounds=rounds)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED, game.current_phase
    assert not site.refused

    phases = played_once(game)
    assert all(p.status == GamePhase.Status.RESOLVED for p in phases)
    moved_in = {int(p.code[1:5]) for p in phases if p.code.endswith("M")}
    if game.outcome == Game.Outcome.TIME:
        assert moved_in >= {1901, 1902, 1903}, [p.code for p in phases]
    else:  # won (or drawn) before its last year: a whole game too
        assert game.outcome, [p.code for p in phases]
        assert moved_in, (game.outcome, [p.code for p in phases])
    return phases
