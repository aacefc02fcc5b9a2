"""Issue 35, D16 on the pages: the organiser rules a board's result and sets a score by
hand from his page; the tournament's page shows both, with why and what the system gave;
the rules say what sitting out scores and that the organisers may rule."""

from __future__ import annotations

from typing import Any

import pytest

from tests.tournaments.web.conftest import (
    detail_url,
    logged_in,
    messages_on,
    run_url,
    sections,
    text,
    verb_url,
    words,
)
from tournaments import services
from tournaments.models import Board, BoardSeat, Tournament

pytestmark = pytest.mark.django_db

NAMES = ("ann", "bob", "cat", "dan", "eve", "fay", "gil", "hal")


@pytest.fixture
def called(
    make_user: Any, organiser: Any, django_capture_on_commit_callbacks: Any
) -> tuple[Tournament, Board]:
    """Eight players, ten points for sitting out; hal sits out round 1, whose board was
    called as a draw of every survivor at the start."""
    tournament = services.tournament_create(
        by=organiser,
        name="Evening League",
        format=Tournament.Format.ROUNDS,
        check_in_required=False,
        seeding=Tournament.Seeding.HAND,
        rounds_planned=2,
        sit_out_points=10,
    )
    entries = [services.entry_register(tournament=tournament, user=make_user(n)) for n in NAMES]
    services.hand_seeds_set(tournament=tournament, by=organiser, order=[e.pk for e in entries])
    with django_capture_on_commit_callbacks(execute=True):
        services.tournament_draw(tournament=tournament, by=organiser)
    board = Board.objects.get(round__tournament=tournament)
    with django_capture_on_commit_callbacks(execute=True):
        services.board_call(
            tournament=tournament, by=organiser, board=board, end="draw", reason="Time is up."
        )
    return tournament, board


def test_the_organiser_rules_and_sets_a_score_and_the_players_see_why(
    called: tuple[Tournament, Board], organiser: Any
) -> None:
    tournament, board = called
    client = logged_in(organiser)
    run = sections(text(client.get(run_url(tournament))))
    part = run["Boards played: results and scores"]
    assert 'name="outcome"' in part
    assert 'name="score"' in part
    answer = client.post(
        verb_url(tournament, "board-result"),
        {
            "board": board.pk,
            "outcome": "draw",
            "powers": ["russia", "turkey"],
            "reason": "The others conceded.",
        },
        follow=True,
    )
    assert messages_on(text(answer)) == []
    france = BoardSeat.objects.get(board=board, power="france")
    answer = client.post(
        verb_url(tournament, "seat-score"),
        {"seat": france.pk, "score": "2,5", "reason": "Half a point for the tea."},
        follow=True,
    )
    assert messages_on(text(answer)) == []
    france.refresh_from_db()
    assert (france.score, france.score_reason) == (2.5, "Half a point for the tea.")
    answer = client.post(
        verb_url(tournament, "seat-score"),
        {"seat": france.pk, "score": "lots", "reason": "x"},
        follow=True,
    )
    assert messages_on(text(answer)) == ["A score is a number, as 12.5."]

    ann = BoardSeat.objects.select_related("entry__user").get(board=board, power="austria")
    page = words(text(logged_in(ann.entry.user).get(detail_url(tournament))))
    assert "Scored as ruled by the organiser: Draw: Russia, Turkey." in page
    assert "Why: The others conceded. (as played: Draw of every survivor)" in page
    # Sum-of-Squares pays by centers whoever is in the draw: the system's 900 / 70.
    held = BoardSeat.objects.select_related("entry__user").get(pk=france.pk)
    assert (
        f"* France ({held.entry.user.get_username()}): 2.50 set by the organiser, "
        "the system gave 12.86. Why: Half a point for the tea." in page
    )
    assert "Sitting out: hal · sitting out to make the boards whole scores 10" in page
    assert (
        "A player who sits out a round to make the boards whole scores 10 for it, as his "
        "score for that round (s/o in the standings); not a player away for the round." in page
    )
    assert "The organisers may rule the result a board is scored by" in page


def test_nobody_else_rules_or_sets_a_score(
    called: tuple[Tournament, Board], make_user: Any
) -> None:
    tournament, board = called
    seat = BoardSeat.objects.select_related("entry__user").get(board=board, power="france")
    player = logged_in(seat.entry.user)
    assert (
        player.post(
            verb_url(tournament, "seat-score"), {"seat": seat.pk, "score": "99", "reason": "me"}
        ).status_code
        == 404
    )
    assert (
        player.post(
            verb_url(tournament, "board-result"),
            {"board": board.pk, "outcome": "solo", "powers": ["france"], "reason": "me"},
        ).status_code
        == 404
    )
    seat.refresh_from_db()
    assert seat.score_reason == ""
    board.refresh_from_db()
    assert board.result_outcome == ""
