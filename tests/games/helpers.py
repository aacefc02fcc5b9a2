"""Small helpers the games tests share."""

from __future__ import annotations

from typing import Any

from games import services
from games.models import BoardLink, Game, GamePhase
from games.terms import GameTerms

#: Rule 3B: the organiser's set-up, so that board B exists as soon as the duel starts.
FIXED_DUEL_SETUP = {
    "nomination": "fixed",
    "fixed_setup": {
        "centers": {"red": ["lon", "par", "spa"], "blue": ["mos", "war"]},
        "units": {"red": ["F lon", "A par", "F spa/sc"], "blue": ["A mos", "A war"]},
    },
}


def duel_started(red: Any, blue: Any, *, anonymous: bool = False) -> Game:
    """A Highlander duel of ``red`` (who makes it) against ``blue``, started with
    :data:`FIXED_DUEL_SETUP`, so both boards exist; returns board A."""
    game = services.game_create(
        created_by=red,
        name="Duel",
        power="red",
        terms=GameTerms(
            variant_id="highlander",
            options=FIXED_DUEL_SETUP,
            duel=True,
            assignment=Game.Assignment.CHOSEN,
            anonymous=anonymous,
        ),
    )
    services.game_join(game=game, user=blue, power="blue")
    return game


def current(game: Game) -> GamePhase:
    """The game's open phase (the test fails if there is none)."""
    phase = game.current_phase
    assert phase is not None
    return phase


def evening_game(players: dict[str, Any], **settings: Any) -> Game:
    """A running standard game of ``players`` (austria creates it), with ``settings`` as
    its terms beyond the defaults."""
    game = services.game_create(
        created_by=players["austria"],
        name="Evenings",
        power="austria",
        terms=GameTerms(assignment=Game.Assignment.CHOSEN, **settings),
    )
    for power, user in players.items():
        if power != "austria":
            services.game_join(game=game, user=user, power=power)
    game.refresh_from_db()
    return game


#: Red takes Moscow on board A, blue's army there retreats; on board B (inverted) nothing
#: moves, so board B has no retreats to play.
RETREAT_SETUP = {
    "nomination": "fixed",
    "fixed_setup": {
        "centers": {"red": ["war", "sev"], "blue": ["mos", "stp"]},
        "units": {"red": ["A war", "A sev"], "blue": ["A mos", "A stp"]},
    },
}


def duel_stepped(red: Any, blue: Any) -> tuple[Game, Game]:
    """A public duel of ``red`` (who makes it) against ``blue``, three steps in: Fall 1901
    movement on both boards, then board A's retreats and its winter adjustments (board B
    has neither); Fall 1902 movement open on both. Returns boards A and B."""
    a = services.game_create(
        created_by=red,
        name="Stepped duel",
        power="red",
        terms=GameTerms(
            variant_id="highlander",
            options=RETREAT_SETUP,
            duel=True,
            assignment=Game.Assignment.CHOSEN,
            private=False,
        ),
    )
    services.game_join(game=a, user=blue, power="blue")
    b = BoardLink.objects.get(games=a).board("B")
    assert b is not None
    duel_step(a, b, {"red": ["A war - mos", "A sev S A war - mos"]})
    assert current(a).code == "F1901R"
    assert current(b).code == "F1902M"
    duel_step(a, b, {"blue": ["A mos R lvn"]})
    assert current(a).code == "W1901A"
    duel_step(a, b, {"red": ["A war B"], "blue": ["A lvn D"]})
    assert current(a).code == current(b).code == "F1902M"
    return a, b


def duel_step(a: Game, b: Game, on_a: dict[str, list[str]]) -> None:
    """Each board's open phase, if not waiting: ``on_a`` given on board A (nothing on
    board B), everyone ready; then the boards' step adjudicated."""
    for board, orders in ((a, on_a), (b, {})):
        phase = current(board)
        if phase.deadline is None:
            continue  # waiting for the other board
        for power in ("red", "blue"):
            user = board.seats.get(power=power).user
            if orders.get(power):
                services.orders_submit(game=board, user=user, orders=orders[power])
            services.orders_ready(game=board, user=user, ready=True)
    for board in (a, b):
        phase = current(board)
        if phase.deadline is not None:
            services.phase_adjudicate(game_id=board.pk, phase_id=phase.pk)
            break
    a.refresh_from_db()
    b.refresh_from_db()


def duel_won_while_b_waits(red: Any, blue: Any) -> tuple[Game, Game]:
    """A duel red wins on board A after its Fall 1901 retreats (an 18th center: rule 7.4)
    while board B, with no retreats, waits ahead in Fall 1902 movement. Returns boards A
    and B, both finished."""
    from tests.games.test_highlander_site import RED_17, _setup

    a = services.game_create(
        created_by=red,
        name="Won duel",
        power="red",
        terms=GameTerms(
            variant_id="highlander",
            options=_setup(RED_17, "A mos"),
            duel=True,
            assignment=Game.Assignment.CHOSEN,
        ),
    )
    services.game_join(game=a, user=blue, power="blue")
    b = BoardLink.objects.get(games=a).board("B")
    assert b is not None
    duel_step(a, b, {"red": ["A war - mos", "A sev S A war - mos"]})
    assert current(b).deadline is None  # waiting for board A's retreats
    duel_step(a, b, {"blue": ["A mos R lvn"]})
    return a, b
