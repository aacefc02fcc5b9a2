"""The standard game, Highlander and Multiple Void practised against the site's own bots:
a whole game of several years with a house bot in every seat but the creator's, the bots
playing through the public API (``manage.py run_bots``: games/management/botplay.py and
bots/client.py), on a real worker, each phase adjudicated once and no request of a bot
refused; and a Highlander twin-board duel, both boards, against the bot at the stronger
level, to its decision (or its creator's concession). Kapitalisten's and Rather Silly's
are in their own files (test_kapitalisten_practice.py, test_rather_silly_practice.py)."""

from __future__ import annotations

from typing import Any

import pytest

from adjudicator import find_variant
from games import services
from games.models import BoardLink, Game, GamePhase, Seat, Vote
from games.positions import phase_position
from games.terms import GameTerms
from tests.games.practice import (
    boards,
    person_plays,
    play_rounds,
    played_once,
    played_to_the_end,
)

pytestmark = pytest.mark.django_db(transaction=True)

#: What no order of a bot may come to: unreadable or not allowed there.
BROKEN = {"illegal"}


def _bots_orders_broken(game: Game, person: str) -> list[tuple[str, dict[str, Any]]]:
    """Every result of a bot's order on ``game`` that says the order was broken."""
    return [
        (phase.code, result)
        for phase in game.phases.order_by("index")
        for result in phase.results or ()
        if result["power"] != person and result["result"] in BROKEN
    ]


@pytest.mark.parametrize(
    ("terms", "first"),
    [
        (GameTerms(last_year=1903), "S1901M"),
        (GameTerms(variant_id="highlander", last_year=1903), "W1900N"),
        (GameTerms(variant_id="multiple_void", options={"players": 4}, last_year=1903), "S1900D"),
    ],
    ids=["standard", "highlander", "multiple_void"],
)
def test_bots_play_a_whole_practice_game_of_several_years_through_the_api(
    make_user: Any, worker: None, terms: GameTerms, first: str
) -> None:
    alice = make_user("alice")
    game = services.game_create(created_by=alice, name="Practice", terms=terms, bots=True)
    game.refresh_from_db()
    variant = find_variant(game.variant)
    seats = list(game.seats.select_related("user"))
    assert len(seats) == len(variant.seats(game.options))
    assert sum(1 for s in seats if s.user != alice) == len(seats) - 1

    phases = played_to_the_end(game, lambda: person_plays(game, alice))
    assert phases[0].code == first
    person = game.seats.get(user=alice).power
    assert _bots_orders_broken(game, person) == []
    # Every bot that had units gave orders in every movement phase.
    bots = {s.power for s in seats if s.user != alice}
    for phase in phases:
        if phase.code.endswith("M"):
            before = phase_position(phase)
            with_units = {p for p in bots if before.units_of(p)}
            given = set(phase.adjudicated_orders or {})
            assert (bots & with_units) <= given, (phase.code, sorted((bots & with_units) - given))


def test_a_practice_duel_is_played_on_both_boards_by_the_stronger_bot_to_its_decision(
    make_user: Any, worker: None
) -> None:
    alice = make_user("alice")
    variant = find_variant("highlander")
    other = variant.seats({})[1]
    game = services.game_create(
        created_by=alice,
        name="Duel practice",
        power=variant.seats({})[0],
        terms=GameTerms(variant_id="highlander", duel=True, assignment=Game.Assignment.CHOSEN),
        bots=True,
        bot_levels={other: "strong"},
    )
    game.refresh_from_db()
    assert game.link is not None

    def in_1906() -> bool:
        phase = game.current_phase
        return phase is not None and int(phase.code[1:5]) >= 1906

    # To its decision, or to 1906 (the stronger bot usually wins a board by then).
    site = play_rounds(game, lambda: person_plays(game, alice), until=in_1906)
    assert not site.refused
    game.refresh_from_db()
    played = boards(game)
    # Board B was made after board A's set-up, with the bot at the level chosen for it.
    assert [b.link_label for b in played] == ["A", "B"]
    for board in played:
        assert board.seats.get(power=other).bot_level == Seat.BotLevel.STRONG
    # Both boards played their turns together.
    moves = [[p.code for p in b.phases.order_by("index") if p.code.endswith("M")] for b in played]
    assert moves[0] == moves[1]
    assert len(moves[0]) >= 2
    if game.status == Game.Status.ACTIVE:
        # Undecided: she concedes, and the duel is decided on both boards at once.
        current = game.current_phase
        assert current is not None
        services.vote_cast(
            game=game, user=alice, kind=Vote.Kind.CONCEDE, accept=True, phase=current.index
        )
    game.refresh_from_db()
    link = BoardLink.objects.get(pk=game.link_id)
    assert link.status == BoardLink.Status.DECIDED
    for board in boards(game):
        board.refresh_from_db()
        assert board.status == Game.Status.FINISHED
        phases = played_once(board)
        assert all(p.status == GamePhase.Status.RESOLVED for p in phases)
        assert _bots_orders_broken(board, variant.seats({})[0]) == []
