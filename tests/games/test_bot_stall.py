"""Bots never stall a game (issue 38): a bot whose turn fails, its strategy raising or the
site refusing its orders, logs it and tries again next round, without holding back the
other bots; the game does not wait for it: at the phase's deadline the missed-orders
policy plays its seat (its units hold), and the bot, mended, plays the next phase."""

from __future__ import annotations

import json
import logging
import urllib.error
import urllib.request
from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone

import bots.client
from games import services
from games.management import botplay
from games.models import Game, GamePhase, OrderSet
from games.tasks import sweep_due_phases
from games.terms import GameTerms
from tests.bots.inprocess import InProcess

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("eager")]

SITE = "http://testserver"
BROKEN = "england"


@pytest.fixture
def practice(make_user: Any) -> Game:
    """Alice's practice game: she plays France, the site's bots the six others."""
    return services.game_create(
        created_by=make_user("alice"),
        name="Practice",
        power="france",
        terms=GameTerms(assignment=Game.Assignment.CHOSEN),
        bots=True,
    )


class _Refusing(InProcess):
    """The site, refusing England's orders as it refuses an order it cannot take."""

    refused = 0

    def __call__(self, request: urllib.request.Request, timeout: float = 0) -> Any:
        data = request.data if isinstance(request.data, bytes) else b""
        ours = request.full_url.endswith("/orders/") and data
        if ours and json.loads(data).get("power") == BROKEN:
            self.refused += 1
            raise urllib.error.HTTPError(
                request.full_url,
                400,
                "Bad Request",
                {},
                None,  # type: ignore[arg-type]
            )
        return super().__call__(request, timeout)


def _break_the_strategy(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """England's bot raises whenever it chooses its orders; returns its attempts."""
    tried: list[str] = []
    real = bots.client.seat_orders

    def broken(variant: Any, position: Any, seat: str, *args: Any, **kwargs: Any) -> Any:
        if seat == BROKEN:
            tried.append(seat)
            raise RuntimeError("the strategy fell over")
        return real(variant, position, seat, *args, **kwargs)

    monkeypatch.setattr(bots.client, "seat_orders", broken)
    return tried


def _the_deadline_passes(phase: GamePhase) -> None:
    GamePhase.objects.filter(pk=phase.pk).update(deadline=timezone.now() - timedelta(minutes=1))
    sweep_due_phases()


@pytest.mark.parametrize("fault", ["strategy", "refused"])
def test_a_broken_bot_is_logged_tried_again_and_its_phase_ends_at_the_deadline(
    practice: Game, fault: str, monkeypatch: pytest.MonkeyPatch, caplog: Any
) -> None:
    first = practice.phases.get(index=0)
    tried = _break_the_strategy(monkeypatch) if fault == "strategy" else []
    site = _Refusing() if fault == "refused" else InProcess()
    with caplog.at_level(logging.WARNING, logger="bots.client"):
        # Two rounds: the fault is logged each time, and each time the bot tries again.
        botplay.house_bots_play(SITE, opener=site)
        botplay.house_bots_play(SITE, opener=site)
    faults = [r for r in caplog.records if "tried again next round" in r.getMessage()]
    # (A round reads each game at each of its steps: save, then ready.)
    assert len(faults) >= 2, [r.getMessage() for r in caplog.records]
    if fault == "strategy":
        assert tried == [BROKEN] * len(faults)
        assert all(r.exc_info for r in faults)  # with the trace, to mend it by
    else:
        assert isinstance(site, _Refusing)
        assert site.refused >= 2
    # The other bots were not held back by England's.
    sets = {o.power: o for o in OrderSet.objects.filter(phase=first)}
    assert BROKEN not in sets
    assert {p for p, o in sets.items() if o.ready} == {
        "austria",
        "germany",
        "italy",
        "russia",
        "turkey",
    }
    alice = practice.seats.get(power="france").user
    services.orders_submit(game=practice, user=alice, orders=["A par - bur"], phase=0)
    services.orders_ready(game=practice, user=alice, ready=True, phase=0)
    first.refresh_from_db()
    assert first.status == GamePhase.Status.OPEN  # waits for England, as for anyone
    _the_deadline_passes(first)
    first.refresh_from_db()
    assert first.status == GamePhase.Status.RESOLVED
    # England's orders were missed: its units held, as the missed-orders policy says.
    england = [r for r in first.results if r["power"] == BROKEN]
    assert england
    assert all(r["order"].endswith(" H") for r in england), england
    # Mended, the bot plays the next phase.
    monkeypatch.undo()
    botplay.house_bots_play(SITE, opener=InProcess())
    second = practice.phases.get(index=1)
    assert OrderSet.objects.get(phase=second, power=BROKEN).ready
