"""The demo bot (games/management/demo.py) plays Kapitalisten investor seats: in a demo
game of the eight demo players (given to it as the demo of an app above games gives its
own, through ``games.extension_points.demo_games``), each investor but the visitor's gives
its exchange orders every turn it may trade, owed or not, and the orders of the nations
it controls; all legal, none cut by the exchange."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command

from adjudicator import find_variant
from games import extension_points as plug
from games import services
from games.management import demo
from games.models import Game, GamePhase, OrderSet
from games.positions import phase_position
from games.terms import GameTerms
from tests.games.kapitalisten import investor_plays

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("eager")]

NAME = "Demo of a test: Kapitalisten"
KAPITALISTEN = find_variant("kapitalisten")
#: Game seeds: with 5, investor 8 commands nothing in Spring 1901 and comes after the
#: last of the nations' commanders, whose ready mark would end the turn before he traded.
SEEDS = [1, 5]
SHORTFALLS = {"sale_limited", "sale_short", "purchase_short", "sold_without_orders"}


def kapitalisten_demo_games() -> list[tuple[Game, str]]:
    """The test's provider of demo games: its Kapitalisten game, alice the visitor."""
    return [(g, "alice") for g in Game.objects.filter(name=NAME)]


@pytest.fixture
def provided() -> Iterator[None]:
    """The test's game given to the demo bot as an app's demo gives its own."""
    plug.demo_games.register(kapitalisten_demo_games)
    yield
    plug.demo_games.unregister(kapitalisten_demo_games)


@pytest.fixture(params=SEEDS)
def bourse(provided: None, request: Any) -> Game:
    call_command("demo_data")
    players = [User.objects.get(username=n) for n in demo.DEMO_PLAYERS[:8]]
    game = services.game_create(
        created_by=players[0],
        name=NAME,
        pseudonym="Visiting Capital",
        terms=GameTerms(variant_id="kapitalisten", options={"players": 8}),
    )
    for n, user in enumerate(players[1:], start=1):
        services.game_join(game=game, user=user, pseudonym=f"Trader {chr(64 + n)}")
    # A seed of its own: the bots' choices, and so who commands what, are the same in
    # every run.
    Game.objects.filter(pk=game.pk).update(seed=request.param)
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE
    return game


def test_the_demo_bot_plays_every_investor_but_the_visitors(bourse: Game) -> None:
    alice = bourse.seats.get(user__username="alice").power
    for _turn in range(12):
        phase = bourse.current_phase
        assert phase is not None
        if phase.code == "S1902M":
            break
        demo.bot_play()
        given = set(OrderSet.objects.filter(phase=phase).values_list("power", flat=True))
        position = phase_position(phase)
        seats = {s.power for s in bourse.seats.all()} - {alice}
        if phase.code.endswith("M") or phase.code == "W1900X":
            # Every investor's exchange orders, owed (the opening) or not.
            assert seats <= given, phase.code
        controllers = KAPITALISTEN.controllers(position)  # type: ignore[attr-defined]
        due = KAPITALISTEN.orders_due(position)
        # Every nation a bot commands (one nobody holds the currency of is in civil
        # disorder: nobody gives its orders).
        assert {n for n in due if controllers.get(n) not in (None, alice)} <= given, phase.code
        investor_plays(bourse, User.objects.get(username="alice"))
        bourse.refresh_from_db()
    resolved = list(bourse.phases.filter(status=GamePhase.Status.RESOLVED).order_by("index"))
    assert [p.code for p in resolved][:3] == ["W1900X", "S1901M", "F1901M"]
    for phase in resolved:
        controllers = KAPITALISTEN.controllers(phase_position(phase))  # type: ignore[attr-defined]
        for result in phase.results:
            if controllers.get(result["power"], result["power"]) == alice:
                continue
            assert result["result"] not in ("void", "illegal"), (phase.code, result)
            assert result.get("reason_code") not in SHORTFALLS, (phase.code, result)
