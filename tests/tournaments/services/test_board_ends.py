"""Issue 35, D8: calling a board could only end it as a draw of every survivor, which
spread into scores and ratings (a 12-center leader rated level with a 2-center
survivor). A round's games now end by time after the last year the organiser sets
(WDC: seven years, through 1907), the organiser may call a board by time (ranked by
centers) or as a draw of some survivors only, and each end is scored by the round's
system as its definition says and rated as it ended."""

from __future__ import annotations

from typing import Any

import pytest

from core.errors import ApplicationError
from games import services as games
from games.models import Game, GamePhase, ModeratorAction
from games.selectors.records import player_record
from games.services.moderation import game_result_confirm
from tests.tournaments.services.conftest import FALL_1901, SPRING_1901
from tournaments import services
from tournaments.models import Board, BoardSeat, OrganiserAction, RatedResult, Round, Tournament

pytestmark = pytest.mark.django_db

NAMES = ("ann", "bob", "cat", "dan", "eve", "fay", "gil")


def _league(make_user: Any, organiser: Any, capture: Any, **settings: Any) -> Tournament:
    tournament = services.tournament_create(
        by=organiser,
        name="Seven Years",
        format=Tournament.Format.ROUNDS,
        check_in_required=False,
        seeding=Tournament.Seeding.HAND,
        rounds_planned=1,
        **settings,
    )
    entries = [services.entry_register(tournament=tournament, user=make_user(n)) for n in NAMES]
    services.hand_seeds_set(tournament=tournament, by=organiser, order=[e.pk for e in entries])
    with capture(execute=True):
        services.tournament_draw(tournament=tournament, by=organiser)
    return tournament


def _open(game: Game) -> GamePhase | None:
    return game.phases.filter(status=GamePhase.Status.OPEN).order_by("-index").first()


def _play(game: Game, orders: dict[str, list[str]], capture: Any) -> None:
    """The open phase: each power gives its orders (if any) and is ready; adjudicated."""
    phase = _open(game)
    assert phase is not None
    with capture(execute=True):
        for seat in game.seats.select_related("user"):
            if orders.get(seat.power):
                games.orders_submit(game=game, user=seat.user, orders=orders[seat.power])
        games.phase_adjudicate(game_id=game.pk, phase_id=phase.pk)


def _scores(board: Board) -> dict[str, float | None]:
    return {s.power: s.score for s in BoardSeat.objects.filter(board=board)}


def test_a_round_ends_its_games_after_the_last_year_ranked_by_centres(
    make_user: Any, organiser: Any, django_capture_on_commit_callbacks: Any
) -> None:
    capture = django_capture_on_commit_callbacks
    tournament = _league(make_user, organiser, capture, scoring="dixie", last_year=1901)
    played = Round.objects.get(tournament=tournament)
    assert played.last_year == 1901
    board = played.boards.select_related("game").get()
    game = board.game
    assert game.last_year == 1901
    _play(game, SPRING_1901, capture)
    _play(game, FALL_1901, capture)
    game.refresh_from_db()
    if game.status == Game.Status.ACTIVE:  # the winter's builds, none given: waived
        _play(game, {}, capture)
    game.refresh_from_db()
    # After the winter of 1901 the game is over, by time; no spring 1902 is played.
    assert (game.status, game.outcome, game.winner) == (Game.Status.FINISHED, "time", "")
    assert not game.phases.filter(code__startswith="S1902", status=GamePhase.Status.OPEN).exists()
    # Dixie by time: France and Russia (5 centers each) share 1st and 2nd, (270 + 70) / 2
    # + 20 = 190; the five on 4 share 3rd to 7th, (50 + 34 + 20 + 10 + 0) / 5 + 16 = 38.8.
    # Called as a draw of all seven, every power would have had 64.86 + 4c.
    scores = _scores(Board.objects.get(pk=board.pk))
    assert scores["france"] == scores["russia"] == 190
    assert all(scores[p] == pytest.approx(38.8) for p in scores if p not in ("france", "russia"))
    # Rated as it ended: France and Russia first, the five others level third; ended
    # by the games' own clock, it counts at once.
    ranks = RatedResult.objects.get(key=f"game:{game.pk}").details["ranks"]
    assert ranks == {
        "france": 1,
        "russia": 1,
        **dict.fromkeys(("austria", "england", "germany", "italy", "turkey"), 3),
    }


def test_each_round_may_set_its_own_last_year(
    make_user: Any, organiser: Any, django_capture_on_commit_callbacks: Any
) -> None:
    capture = django_capture_on_commit_callbacks
    tournament = _league(make_user, organiser, capture, last_year=1907)
    Tournament.objects.filter(pk=tournament.pk).update(rounds_planned=2)
    first = Round.objects.get(tournament=tournament)
    board = first.boards.get()
    with capture(execute=True):
        services.board_call(
            tournament=tournament, by=organiser, board=board, end="time", reason="the hall closes"
        )
    with pytest.raises(ApplicationError, match="last year is a year from 1901"):
        services.round_start(tournament=tournament, by=organiser, last_year=1800)
    with capture(execute=True):
        second = services.round_start(tournament=tournament, by=organiser, last_year=1905)
    assert second.last_year == 1905
    assert second.boards.get().game.last_year == 1905
    started = OrganiserAction.objects.filter(kind="round_start").first()
    assert started is not None
    assert started.details["last_year"] == "1905"


def test_the_organiser_calls_a_board_by_time(
    make_user: Any, organiser: Any, django_capture_on_commit_callbacks: Any
) -> None:
    capture = django_capture_on_commit_callbacks
    tournament = _league(make_user, organiser, capture, scoring="dixie")
    board = Board.objects.select_related("game").get(round__tournament=tournament)
    with capture(execute=True):
        services.board_call(
            tournament=tournament, by=organiser, board=board, end="time", reason="time is up"
        )
    board.game.refresh_from_db()
    assert board.game.outcome == Game.Outcome.TIME
    # At the start: Russia (4 centers) 1st, 270 + 16; the six on 3 share 2nd to 7th,
    # (70 + 50 + 34 + 20 + 10 + 0) / 6 + 12. A draw of all would give each 64.86 + 4c.
    scores = _scores(board)
    assert scores["russia"] == 286
    assert all(scores[p] == pytest.approx(184 / 6 + 12, abs=1e-4) for p in scores if p != "russia")
    call = OrganiserAction.objects.get(kind=OrganiserAction.Kind.BOARD_END)
    assert (call.actor, call.reason, call.details["end"]) == (organiser, "time is up", "time")
    assert ModeratorAction.objects.filter(game=board.game, kind="end").exists()
    # A game master's own end is rated once a site moderator confirms it; then by centers.
    assert not RatedResult.objects.filter(key=f"game:{board.game.pk}").exists()


def test_a_called_board_is_rated_as_it_ended(
    make_user: Any,
    organiser: Any,
    site_moderator: Any,
    django_capture_on_commit_callbacks: Any,
) -> None:
    capture = django_capture_on_commit_callbacks
    tournament = _league(make_user, organiser, capture)
    board = Board.objects.select_related("game").get(round__tournament=tournament)
    with capture(execute=True):
        services.board_call(
            tournament=tournament, by=organiser, board=board, end="time", reason="time is up"
        )
        game_result_confirm(game=board.game, by=site_moderator)
    ranks = RatedResult.objects.get(key=f"game:{board.game.pk}").details["ranks"]
    # Russia (4 centers) first, the six on 3 level second: not seven level firsts.
    assert ranks["russia"] == 1
    assert {r for p, r in ranks.items() if p != "russia"} == {2}


def test_the_organiser_calls_a_draw_of_some_survivors(
    make_user: Any,
    organiser: Any,
    site_moderator: Any,
    django_capture_on_commit_callbacks: Any,
) -> None:
    capture = django_capture_on_commit_callbacks
    tournament = _league(make_user, organiser, capture, scoring="draw_size")
    board = Board.objects.select_related("game").get(round__tournament=tournament)
    for draw, problem in (
        (["russia"], "two powers or more"),
        (["russia", "narnia"], "still on the board"),
        (["russia", "russia"], "still on the board"),
    ):
        with pytest.raises(ApplicationError, match=problem):
            services.board_call(
                tournament=tournament,
                by=organiser,
                board=board,
                end="some",
                draw=draw,
                reason="agreed",
            )
    with pytest.raises(ApplicationError, match="Name the powers"):
        services.board_call(
            tournament=tournament, by=organiser, board=board, end="some", reason="agreed"
        )
    with capture(execute=True):
        services.board_call(
            tournament=tournament,
            by=organiser,
            board=board,
            end="some",
            draw=["Turkey", "russia"],
            reason="the others conceded",
        )
        game_result_confirm(game=board.game, by=site_moderator)
    board.game.refresh_from_db()
    assert (board.game.outcome, board.game.winner) == ("draw", "russia,turkey")
    # Draw-Size: the two in the draw share 100; the five survivors left out score 0.
    scores = _scores(board)
    assert (scores["russia"], scores["turkey"]) == (50, 50)
    assert {scores[p] for p in scores if p not in ("russia", "turkey")} == {0}
    ranks = RatedResult.objects.get(key=f"game:{board.game.pk}").details["ranks"]
    assert (ranks["russia"], ranks["turkey"]) == (1, 1)
    assert {r for p, r in ranks.items() if p not in ("russia", "turkey")} == {3}
    call = OrganiserAction.objects.get(kind=OrganiserAction.Kind.BOARD_END)
    assert call.details["draw"] == ["russia", "turkey"]
    # A player's record counts the draw for those in it alone.
    seats = {s.power: s.entry.user for s in BoardSeat.objects.filter(board=board)}
    assert player_record(user=seats["russia"], viewer=seats["russia"]).drawn == 1
    assert player_record(user=seats["austria"], viewer=seats["austria"]).drawn == 0


def test_only_an_organiser_calls_a_board_and_only_one_being_played(
    make_user: Any, organiser: Any, django_capture_on_commit_callbacks: Any
) -> None:
    capture = django_capture_on_commit_callbacks
    tournament = _league(make_user, organiser, capture)
    board = Board.objects.select_related("game").get(round__tournament=tournament)
    player = BoardSeat.objects.filter(board=board).first().entry.user
    with pytest.raises(ApplicationError, match="Only an organiser"):
        services.board_call(tournament=tournament, by=player, board=board, end="time", reason="x")
    with pytest.raises(ApplicationError, match="Say why"):
        services.board_call(tournament=tournament, by=organiser, board=board, end="time", reason="")
    with pytest.raises(ApplicationError, match="as a draw, a draw of some powers, or by time"):
        services.board_call(
            tournament=tournament, by=organiser, board=board, end="stalemate", reason="x"
        )
    with capture(execute=True):
        services.board_call(
            tournament=tournament, by=organiser, board=board, end="draw", reason="x"
        )
    board.game.refresh_from_db()
    assert (board.game.outcome, board.game.winner) == ("draw", "")
    with pytest.raises(ApplicationError, match="not being played"):
        services.board_call(
            tournament=tournament, by=organiser, board=board, end="time", reason="x"
        )
