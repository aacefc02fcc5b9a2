"""The demo's Kapitalisten and Rather Silly games (issue 38): ``demo_data`` makes them and
the demo bot (``demo_bot``'s round, :func:`games.management.demo.bot_play`) plays every
seat but the visitor's, so each moves as the README's table of demo games says: the
bourse waits for frank's trades each turn and moves once he has traded and marked ready;
the Rather Silly game waits for grace's England each season and moves once she marks
ready, the bot ordering the other great powers and the roles (every order legal)."""

from __future__ import annotations

import random

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command

from adjudicator import find_variant
from bots import gives_unowed, seat_orders
from games import services
from games.management import demo
from games.models import Game, GamePhase, OrderSet
from games.positions import phase_position, seat_powers
from tests.games.kapitalisten import investor_plays
from variants.kapitalisten.demo import BOURSE_GAME
from variants.rather_silly.demo import SILLY_GAME

#: Orders the rules set aside, not refused ones: a unit the Fool gave another order.
RULED_VOID = {"overridden_by_fool"}

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("eager")]


def _game(name: str) -> Game:
    game = demo.demo_game(name)
    assert game is not None, name
    return game


def _resolved(game: Game) -> list[GamePhase]:
    return list(game.phases.filter(status=GamePhase.Status.RESOLVED).order_by("index"))


def _no_refused_order_of_the_bot(game: Game, visitor: str, owner: dict[str, str]) -> None:
    for phase in _resolved(game):
        for result in phase.results:
            if owner.get(result["power"], result["power"]) == visitor:
                continue
            if result.get("reason_code") in RULED_VOID:
                continue
            assert result["result"] not in ("void", "illegal"), (phase.code, result)


def test_the_bourse_waits_for_the_visitors_trades_and_moves_on_them() -> None:
    call_command("demo_data")
    game = _game(BOURSE_GAME)
    assert game.status == Game.Status.ACTIVE
    assert game.seats.count() == 8
    # Every investor plays under the pseudonym the demo gave him.
    assert {s.pseudonym for s in game.seats.all()} >= {"Visiting Capital", "Blue Chip"}
    frank = User.objects.get(username="frank")
    kapitalisten = find_variant("kapitalisten")
    waited = 0
    for _turn in range(8):
        phase = game.current_phase
        assert phase is not None
        position = phase_position(phase)
        seat = game.seats.get(user=frank)
        gives = [
            p
            for p in seat_powers(position, kapitalisten, seat)
            if p in services.powers_to_order(position, kapitalisten)
            or gives_unowed(kapitalisten, position, p)
        ]
        demo.bot_play()
        demo.bot_play()  # a second round changes nothing: the turn waits for frank
        game.refresh_from_db()
        if not gives:
            # Nothing of frank's in this phase (the winter's builds of nations he does
            # not command): the bot's ready marks end it.
            assert game.current_phase != phase, phase.code
            continue
        assert game.current_phase == phase, phase.code
        waited += 1
        investor_plays(game, frank)
        demo.bot_play()
        game.refresh_from_db()
        assert game.current_phase != phase, phase.code
    assert waited >= 5
    codes = [p.code for p in _resolved(game)]
    assert codes[:3] == ["W1900X", "S1901M", "F1901M"]
    controllers = kapitalisten.controllers(phase_position(_resolved(game)[-1]))  # type: ignore[attr-defined]
    frank_seat = game.seats.get(user=frank).power
    _no_refused_order_of_the_bot(
        game, frank_seat, {n: c for n, c in controllers.items() if c is not None}
    )


def test_the_rather_silly_game_has_its_roles_and_moves_as_grace_orders() -> None:
    call_command("demo_data")
    game = _game(SILLY_GAME)
    assert game.status == Game.Status.ACTIVE
    seats = dict(game.seats.values_list("power", "user__username"))
    assert seats["england"] == "grace"
    assert {"fool", "superbrain", "doctor", "fortune_teller"} <= set(seats)
    assert len(seats) == 11
    grace = User.objects.get(username="grace")
    variant = find_variant("rather_silly")
    for _season in range(4):
        phase = game.current_phase
        assert phase is not None
        demo.bot_play()
        game.refresh_from_db()
        position = phase_position(phase)
        due = services.powers_to_order(position, variant)
        if "england" not in due:
            # Nothing of grace's is due: the bot's ready marks end the phase.
            assert game.current_phase != phase, phase.code
            continue
        # The bot gave every other great power's orders due and waits for England.
        given = set(OrderSet.objects.filter(phase=phase).values_list("power", flat=True))
        assert due - {"england"} <= given, phase.code
        assert game.current_phase == phase, phase.code
        orders = seat_orders(variant, position, "england", random.Random(phase.index))
        services.orders_submit(
            game=game,
            user=grace,
            orders=[str(o) for o in orders.get("england", ())],
            phase=phase.index,
            power="england",
        )
        services.orders_ready(game=game, user=grace, ready=True, phase=phase.index)
        game.refresh_from_db()
        assert game.current_phase != phase, phase.code
    assert [p.code for p in _resolved(game)][:3] == ["W1900L", "S1901M", "F1901M"]
    _no_refused_order_of_the_bot(game, "england", {})
