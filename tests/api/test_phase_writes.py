"""Every write that refers to a phase names it, and is refused once that phase is over
(issue 41, L2): the ready mark, orders, votes (the draw endpoint too), an extension, and
the set-up's picks, which are orders and a ready mark.

The attack: a ready mark sent for the phase the player saw arrived after the next phase
had opened, was taken as ready for that one, and had it adjudicated at once with his
units holding. Now a write names its phase (``phase``, an index) and a phase that is
over answers 409 with why and the phase open now; nothing is done in the new phase."""

from __future__ import annotations

import threading
from collections.abc import Callable
from datetime import timedelta
from typing import Any

import pytest
from celery.result import allow_join_result
from django.db import connections
from django.urls import reverse
from django.utils import timezone
from rest_framework.test import APIClient

from games import services
from games.models import Game, GamePhase, OrderSet, Seat, Vote
from games.terms import GameTerms
from tests.conftest import POWERS

pytestmark = pytest.mark.django_db

SPRING_OVER = "Spring 1901 movement is over: you are now in Fall 1901 movement."


def url(name: str, game: Game) -> str:
    return reverse(f"api:{name}", args=[game.pk])


def client_of(user: Any) -> APIClient:
    """``user``'s client, sending JSON as programs and the game page do."""
    client = APIClient()
    client.force_authenticate(user)
    client.default_format = "json"
    return client


def deadline_passes(game: Game) -> GamePhase:
    """The open phase's deadline passes and the sweep adjudicates it, as in the attack:
    the next phase opens. Returns the phase that was adjudicated."""
    phase = game.phases.get(status=GamePhase.Status.OPEN)
    GamePhase.objects.filter(pk=phase.pk).update(deadline=timezone.now() - timedelta(minutes=1))
    assert services.phase_adjudicate(game_id=game.pk, phase_id=phase.pk)
    return phase


def fall(game: Game) -> GamePhase:
    return game.phases.get(index=1)


@pytest.fixture
def spring_over(started_game: Game, players: dict[str, Any]) -> Game:
    """Step 1 and 2 of the attack: Austria saved ``A vie - gal`` for Spring 1901 and left
    the page open; the deadline passed, Fall 1901 opened and the six others are ready."""
    austria = client_of(players["austria"])
    saved = austria.put(url("orders", started_game), {"orders": ["A vie - gal"], "phase": 0})
    assert saved.status_code == 200, saved.content
    deadline_passes(started_game)
    for power in POWERS[1:]:
        ready = client_of(players[power]).post(
            url("ready", started_game), {"ready": True, "phase": 1}
        )
        assert ready.status_code == 200, ready.content
    return started_game


def assert_phase_over(answer: Any, advice: str, *, open_phase: int | None = 1) -> None:
    assert answer.status_code == 409, answer.content
    body = answer.json()
    assert body["message"] == f"{SPRING_OVER} {advice}"
    assert body["open_phase"] == open_phase


# -- the attack --------------------------------------------------------------------------------


def test_a_ready_mark_for_a_phase_that_is_over_is_refused_and_the_next_waits(
    spring_over: Game, players: dict[str, Any], eager: None, django_capture_on_commit_callbacks: Any
) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        stale = client_of(players["austria"]).post(
            url("ready", spring_over), {"ready": True, "phase": 0}
        )
    assert_phase_over(stale, "Look at the new phase before you mark ready.")
    # Fall 1901 waits for Austria: not ready there, not due, not adjudicated.
    phase = fall(spring_over)
    assert phase.status == GamePhase.Status.OPEN
    assert not phase.due_now
    assert not OrderSet.objects.filter(phase=phase, power="austria", ready=True).exists()
    # Marked for the phase he now sees, it counts, and Fall 1901 is adjudicated.
    with django_capture_on_commit_callbacks(execute=True):
        ready = client_of(players["austria"]).post(
            url("ready", spring_over), {"ready": True, "phase": 1}
        )
    assert ready.status_code == 200
    assert fall(spring_over).status == GamePhase.Status.RESOLVED


def test_orders_for_a_phase_that_is_over_are_refused_not_saved_for_the_next(
    spring_over: Game, players: dict[str, Any]
) -> None:
    stale = client_of(players["austria"]).put(
        url("orders", spring_over), {"orders": ["A vie - tyr"], "phase": 0}
    )
    assert_phase_over(stale, "Your orders were not saved: give them for the new phase.")
    assert not OrderSet.objects.filter(phase=fall(spring_over), power="austria").exists()
    spring = spring_over.phases.get(index=0)
    assert OrderSet.objects.get(phase=spring, power="austria").orders == ["A vie - gal"]


@pytest.mark.parametrize(
    ("name", "body"),
    [
        ("votes", {"kind": "draw", "accept": True}),
        ("votes", {"kind": "pause", "accept": True}),
        ("votes", {"kind": "cancel", "accept": True}),
        ("draw", {"accept": True}),
    ],
)
def test_a_vote_for_a_phase_that_is_over_is_refused_not_cast_in_the_next(
    spring_over: Game, players: dict[str, Any], name: str, body: dict[str, Any]
) -> None:
    stale = client_of(players["austria"]).post(url(name, spring_over), {**body, "phase": 0})
    assert_phase_over(stale, "Your vote was not cast: a vote lapses when its phase ends.")
    assert not Vote.objects.exists()


def test_an_extension_for_a_phase_that_is_over_moves_no_deadline_and_costs_nothing(
    spring_over: Game, players: dict[str, Any]
) -> None:
    before = fall(spring_over).deadline
    stale = client_of(players["austria"]).post(url("extension", spring_over), {"phase": 0})
    assert_phase_over(stale, "Nothing was extended: ask again if you still need more time.")
    assert fall(spring_over).deadline == before
    assert Seat.objects.get(game=spring_over, power="austria").extensions_used == 0


def test_a_concession_for_a_phase_that_is_over_is_refused(
    players: dict[str, Any], make_user: Callable[..., Any]
) -> None:
    from tests.games.helpers import duel_started

    board = duel_started(players["austria"], players["england"])
    opened = board.phases.get(status=GamePhase.Status.OPEN)
    # Both boards' deadlines pass: the duel's step is adjudicated on both together.
    past = timezone.now() - timedelta(minutes=1)
    GamePhase.objects.filter(game__link=board.link, status="open").update(deadline=past)
    assert services.phase_adjudicate(game_id=board.pk, phase_id=opened.pk)
    stale = client_of(players["austria"]).post(
        url("votes", board), {"kind": "concede", "accept": True, "phase": opened.index}
    )
    assert stale.status_code == 409, stale.content
    board.refresh_from_db()
    assert board.status == Game.Status.ACTIVE


# -- every write names its phase ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("method", "name", "body"),
    [
        ("put", "orders", {"orders": ["A vie - tri"]}),
        ("post", "ready", {"ready": True}),
        ("post", "votes", {"kind": "draw", "accept": True}),
        ("post", "draw", {"accept": True}),
        ("post", "extension", {}),
    ],
)
def test_a_write_that_names_no_phase_is_a_400_saying_so(
    started_game: Game, players: dict[str, Any], method: str, name: str, body: dict[str, Any]
) -> None:
    answer = getattr(client_of(players["austria"]), method)(
        url(name, started_game), body, format="json"
    )
    assert answer.status_code == 400, answer.content
    assert answer.json()["errors"] == {
        "phase": ["Name the phase you act in: its index (phase.index in the game's state)."]
    }
    assert not OrderSet.objects.exists()
    assert not Vote.objects.exists()


@pytest.mark.parametrize(
    ("method", "name", "body"),
    [
        ("put", "orders", {"orders": []}),
        ("post", "ready", {"ready": True}),
        ("post", "votes", {"kind": "draw", "accept": True}),
        ("post", "extension", {}),
    ],
)
def test_a_phase_the_game_does_not_have_is_a_404(
    started_game: Game, players: dict[str, Any], method: str, name: str, body: dict[str, Any]
) -> None:
    answer = getattr(client_of(players["austria"]), method)(
        url(name, started_game), {**body, "phase": 1}, format="json"
    )
    assert (answer.status_code, answer.json()) == (404, {"message": "No such phase."})


def test_a_write_in_a_game_that_has_ended_says_so(
    started_game: Game, players: dict[str, Any]
) -> None:
    for user in players.values():
        services.vote_cast(game=started_game, user=user, kind="draw", accept=True, phase=0)
    started_game.refresh_from_db()
    assert started_game.status == Game.Status.FINISHED
    answer = client_of(players["austria"]).post(
        url("ready", started_game), {"ready": True, "phase": 0}
    )
    assert answer.status_code == 409
    assert answer.json() == {
        "message": "Spring 1901 movement is over: the game has ended.",
        "open_phase": None,
    }


def test_the_schema_names_the_phase_of_every_phase_bound_write() -> None:
    schema = APIClient().get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json")
    document = schema.json()
    components = document["components"]["schemas"]
    for path, method in [
        ("/api/v1/games/{game_id}/orders/", "put"),
        ("/api/v1/games/{game_id}/ready/", "post"),
        ("/api/v1/games/{game_id}/votes/", "post"),
        ("/api/v1/games/{game_id}/draw/", "post"),
        ("/api/v1/games/{game_id}/extension/", "post"),
    ]:
        operation = document["paths"][path][method]
        ref = operation["requestBody"]["content"]["application/json"]["schema"]["$ref"]
        body = components[ref.rsplit("/", 1)[1]]
        assert "phase" in body["required"], path
        assert "409" in operation["responses"], path


# -- the set-up: a draft's pick is orders and a ready mark ---------------------------------------


def test_a_draft_pick_meant_for_an_earlier_pick_is_refused(
    make_user: Callable[..., Any],
) -> None:
    from adjudicator import find_variant

    users = [make_user(f"drafter{n}") for n in range(2)]
    game = services.game_create(
        created_by=users[0],
        name="Void",
        terms=GameTerms(variant_id="multiple_void", options={"players": 2}),
    )
    services.game_join(game=game, user=users[1])
    variant = find_variant("multiple_void")

    def on_turn() -> tuple[GamePhase, Any]:
        phase = game.phases.get(status=GamePhase.Status.OPEN)
        (power,) = services.powers_to_order(services.phase_position(phase), variant)
        return phase, game.seats.get(power=power).user

    first, player = on_turn()
    # His page shows pick 1; the clock runs out (a pick is made for him at random), and
    # the draft goes on until he is on turn again (the second round's order is drawn by
    # lot) when his pick for pick 1 arrives.
    deadline_passes(game)
    now, on = on_turn()
    while on != player or now.index == first.index + 1:
        deadline_passes(game)
        now, on = on_turn()
    client = client_of(player)
    pick = client.put(url("orders", game), {"orders": ["A par"], "phase": first.index})
    assert pick.status_code == 409, pick.content
    assert pick.json()["message"] == (
        f"Draft, pick 1 is over: you are now in Draft, pick {now.index + 1}. "
        "Your orders were not saved: give them for the new phase."
    )
    ready = client.post(url("ready", game), {"ready": True, "phase": first.index})
    assert ready.status_code == 409
    assert not OrderSet.objects.filter(phase=now).exists()


# -- concurrency: many marks for one phase carry the game past that phase alone -----------------


@pytest.mark.django_db(transaction=True)
def test_many_ready_marks_for_one_phase_never_carry_the_game_past_it(
    started_game: Game, players: dict[str, Any], eager: None
) -> None:
    """The attack's run: 140 ready marks at once (20 a player), all meant for Spring 1901,
    carried the game through three phases. Each is a request of its own, on its own
    connection; the last mark of Spring has it adjudicated (eager tasks, as a worker would
    at once), and every mark after that is refused."""
    marks_each = 20
    start = threading.Barrier(len(POWERS) * marks_each)
    answers: list[int] = []
    lock = threading.Lock()

    def mark(user: Any) -> None:
        try:
            client = client_of(user)
            start.wait()
            status = client.post(
                url("ready", started_game), {"ready": True, "phase": 0}
            ).status_code
            with lock:
                answers.append(status)
        finally:
            connections.close_all()

    threads = [
        threading.Thread(target=mark, args=(players[p],)) for p in POWERS for _ in range(marks_each)
    ]
    # Celery's eager apply marks "a join would block" in one flag for the whole process,
    # set and restored around each task: tasks run at once in several threads can leave
    # it set, and a later test's result.get() would be refused. Restored here.
    with allow_join_result():
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    assert len(answers) == len(threads)
    assert set(answers) <= {200, 409}
    phases = list(started_game.phases.order_by("index").values_list("code", "status"))
    assert phases == [("S1901M", GamePhase.Status.RESOLVED), ("F1901M", GamePhase.Status.OPEN)]
    assert not OrderSet.objects.filter(phase__index=1).exists()
