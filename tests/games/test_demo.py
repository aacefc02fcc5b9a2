"""The demo bot (games/management/demo.py): it plays the demo games only, never the
visitor's seat nor orders a person saved, and its orders are legal and purposeful."""

from __future__ import annotations

import random
from collections import Counter
from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command

from adjudicator import Outcome, find_variant, resolve
from bots import bot_orders
from games import services
from games.management import demo
from games.management.demo import RUNNING_GAME
from games.models import Game, OrderSet
from games.terms import GameTerms
from variants.highlander.demo import DUEL_GAME
from variants.kapitalisten.demo import BOURSE_GAME
from variants.multiple_void.demo import DRAFT_GAME
from variants.rather_silly.demo import SILLY_GAME

POWERS = ("austria", "england", "france", "germany", "italy", "russia", "turkey")


def _users(*names: str) -> dict[str, User]:
    return {n: User.objects.get(username=n) for n in names}


def _standard_game(name: str, created_by: User, players: list[User]) -> Game:
    game = services.game_create(
        created_by=created_by,
        name=name,
        power="austria",
        terms=GameTerms(assignment=Game.Assignment.CHOSEN, movement_deadline=timedelta(minutes=3)),
    )
    for user, power in zip(players, POWERS[1:], strict=True):
        services.game_join(game=game, user=user, power=power)
    return game


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("eager")
def test_the_bot_plays_no_game_but_the_demo_games(make_user: Any) -> None:
    call_command("demo_data")
    users = _users("alice", "bob", "carol", "dave", "erin", "frank", "grace")
    others = [users[n] for n in ("bob", "carol", "dave", "erin", "frank", "grace")]
    stranger = make_user("stranger")
    not_demo = [
        # The demo players in a game of their own.
        _standard_game("Friday game", users["alice"], others),
        # A second game of a demo game's name, even by its demo creator.
        _standard_game(RUNNING_GAME, users["alice"], others),
        # A game of that name by someone else.
        _standard_game(RUNNING_GAME, stranger, others),
        # A Highlander duel and a draft of the demo players, by other names.
        services.game_create(
            created_by=users["alice"],
            name="Duel",
            terms=GameTerms(variant_id="highlander", duel=True),
        ),
        services.game_create(
            created_by=users["carol"],
            name="Draft",
            terms=GameTerms(variant_id="multiple_void", options={"players": 3}),
        ),
    ]
    services.game_join(game=not_demo[3], user=users["bob"])
    for user in (users["dave"], users["erin"]):
        services.game_join(game=not_demo[4], user=user)

    for _ in range(5):  # the draft takes a pick a round
        demo.bot_play()
    for game in not_demo:
        game.refresh_from_db()
        assert game.status == Game.Status.ACTIVE
        assert not OrderSet.objects.filter(phase__game=game).exists(), game.name
    assert {g.pk for g, _visitor in demo.bot_games()} == {
        demo.demo_game(name).pk  # type: ignore[union-attr]
        for name in (RUNNING_GAME, DUEL_GAME, DRAFT_GAME, BOURSE_GAME, SILLY_GAME)
    }


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("eager")
def test_the_bot_leaves_the_visitors_seat_and_saved_orders_alone() -> None:
    call_command("demo_data")
    game = demo.demo_game(RUNNING_GAME)
    assert game is not None
    users = _users("alice", "bob")
    services.orders_submit(game=game, user=users["alice"], orders=["A vie - gal"])
    services.orders_ready(game=game, user=users["alice"], ready=True)
    phase = game.current_phase
    assert phase is not None
    assert phase.index == 1
    # Someone logged in as bob (England) saves orders before the bot's round: holds.
    english = services.phase_position(phase).units_of("england")
    holds = [f"{u} H" for u in english]
    services.orders_submit(game=game, user=users["bob"], orders=holds)

    demo.bot_play()
    demo.bot_play()
    sets = {o.seat.power: o for o in OrderSet.objects.filter(phase=phase).select_related("seat")}
    assert set(sets) == set(POWERS) - {"austria"}  # the visitor's power is left to her
    assert sets["england"].orders == holds
    assert not sets["england"].ready
    assert all(sets[p].ready for p in ("france", "germany", "italy", "russia", "turkey"))


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("eager")
def test_a_phase_that_ends_between_the_bots_save_and_its_ready_mark_is_left_to_the_next_round(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """Issue 41, L2: the bot's ready mark names the phase it ordered in; if the phase was
    adjudicated meanwhile (its deadline passed), the mark is refused, not taken for the
    next phase, and that is no error: the next round orders the new phase."""
    from django.utils import timezone

    from games.models import GamePhase

    call_command("demo_data")
    game = demo.demo_game(RUNNING_GAME)
    assert game is not None
    alice = _users("alice")["alice"]
    services.orders_ready(game=game, user=alice, ready=True)
    first = game.current_phase
    assert first is not None
    real = services.orders_submit
    raced: list[int] = []

    def the_deadline_passes_after_the_first_save(**kwargs: Any) -> Any:
        saved = real(**kwargs)
        if not raced:
            raced.append(first.index)
            past = timezone.now() - timedelta(minutes=1)
            GamePhase.objects.filter(pk=first.pk).update(deadline=past)
            assert services.phase_adjudicate(game_id=game.pk, phase_id=first.pk)
        return saved

    monkeypatch.setattr(services, "orders_submit", the_deadline_passes_after_the_first_save)
    demo.bot_play()
    assert raced == [first.index]
    following = GamePhase.objects.get(game=game, index=first.index + 1)
    assert following.status == GamePhase.Status.OPEN
    # Nothing given for the phase the bot has not read, and nothing logged as a failure.
    assert not OrderSet.objects.filter(phase=following).exists()
    assert not [r for r in caplog.records if r.levelname == "ERROR"]
    monkeypatch.undo()
    demo.bot_play()
    due = services.powers_to_order(services.phase_position(following), find_variant("standard"))
    mine = OrderSet.objects.filter(phase=following)
    assert {o.power for o in mine if o.ready} == due - {"austria"}


def _play(variant_id: str, options: dict[str, Any], phases: int) -> tuple[Counter[str], Any]:
    """Every power played by the bot for a number of phases (or to a win); every order set
    is checked to be a whole answer. Returns the results counted by outcome and by kind of
    order, and the last position."""
    variant = find_variant(variant_id)
    position = variant.initial_position(options)
    counts: Counter[str] = Counter()
    for n in range(phases):
        orders = {}
        for power in sorted(variant.orders_due(position)):
            chosen = bot_orders(variant, position, power, random.Random(f"{n}:{power}"))
            assert variant.order_set_problem(position, power, chosen) is None, position.phase
            orders[power] = [str(o) for o in chosen]
        resolution = resolve(position, orders, seed=n, variant=variant)
        counts.update(r.outcome.value for r in resolution.results)
        counts.update(type(r.order).__name__ for r in resolution.results)
        position = resolution.position
        if variant.winner(position):
            break
    return counts, position


@pytest.mark.parametrize(
    ("variant_id", "options"),
    [("standard", {}), ("highlander", {}), ("multiple_void", {"players": 3})],
)
def test_the_bots_orders_are_legal_and_take_centers(variant_id: str, options: Any) -> None:
    counts, position = _play(variant_id, options, phases=60)
    assert counts[Outcome.VOID.value] == 0
    assert counts[Outcome.ILLEGAL.value] == 0
    assert counts[Outcome.NO_CONVOY.value] == 0  # it convoys with a fleet by both shores
    assert counts["Move"] > counts["Support"] > 0  # units move, and sometimes support
    assert max(Counter(position.ownership.values()).values()) >= 10  # somebody grew


def test_the_bot_orders_a_phase_the_same_way_every_time() -> None:
    variant = find_variant("standard")
    position = variant.initial_position()
    first = bot_orders(variant, position, "france", random.Random("7:0:france"))
    again = bot_orders(variant, position, "france", random.Random("7:0:france"))
    assert first == again
