"""Issue 35, D16: the organiser's word over a board's score once its game has ended (a
result he rules, a seat's score he sets by hand), each with a reason, in the log, told to
the players and shown beside what the system gave; and points for sitting out a round,
an option of the tournament (dipvis gives both)."""

from __future__ import annotations

import math
from typing import Any

import pytest
from django.utils import translation

from core.errors import ApplicationError
from games.models import Game
from notifications.models import Notification
from notifications.services import text
from tournaments import services
from tournaments.models import Board, BoardSeat, Entry, OrganiserAction, Round, Tournament
from tournaments.selectors import round_standings
from tournaments.services.scores import round_scores

pytestmark = pytest.mark.django_db

#: Eight players seeded by hand: the lowest, hal, sits out the first round.
NAMES = ("ann", "bob", "cat", "dan", "eve", "fay", "gil", "hal")
#: Sum-of-Squares of a draw of every survivor at the start: 100 c² / (6 × 9 + 16).
START = {p: (1600 if p == "russia" else 900) / 70 for p in ("russia", "france")}


def _event(
    make_user: Any, organiser: Any, capture: Any, **settings: Any
) -> tuple[Tournament, dict[str, Entry]]:
    tournament = services.tournament_create(
        by=organiser,
        name="Evening League",
        format=Tournament.Format.ROUNDS,
        check_in_required=False,
        seeding=Tournament.Seeding.HAND,
        rounds_planned=2,
        **settings,
    )
    entries = {n: services.entry_register(tournament=tournament, user=make_user(n)) for n in NAMES}
    services.hand_seeds_set(
        tournament=tournament, by=organiser, order=[entries[n].pk for n in NAMES]
    )
    with capture(execute=True):
        services.tournament_draw(tournament=tournament, by=organiser)
    return tournament, entries


def _called(tournament: Tournament, organiser: Any, capture: Any) -> Board:
    """The first round's board, called as a draw of every survivor at the start."""
    board = Board.objects.get(round__tournament=tournament, round__number=1)
    with capture(execute=True):
        services.board_call(
            tournament=tournament, by=organiser, board=board, end="draw", reason="Time is up."
        )
    board.refresh_from_db()
    assert board.scored_at is not None
    return board


def _scores(board: Board) -> dict[str, float | None]:
    return {s.power: s.score for s in BoardSeat.objects.filter(board=board)}


def _last_news(user: Any) -> str:
    n = Notification.objects.filter(user=user, kind="tournament").latest("pk")
    return text(kind=n.kind, params=n.params)


class TestSittingOut:
    def test_a_player_sitting_out_scores_the_tournaments_points_for_it(
        self, make_user: Any, organiser: Any, django_capture_on_commit_callbacks: Any
    ) -> None:
        capture = django_capture_on_commit_callbacks
        tournament, entries = _event(make_user, organiser, capture, sit_out_points=10)
        first = Round.objects.get(tournament=tournament, number=1)
        assert first.sitting_out == [entries["hal"].key]
        assert round_scores(tournament)[entries["hal"].key] == [10]
        assert _last_news(entries["hal"].user) == (
            "Evening League: round 1 has started, and you sit it out; sitting out scores 10."
        )
        row = next(r for r in round_standings(tournament) if r["player"] == "hal")
        assert row["total"] == 10
        assert row["cells"][0]["sat_out"] is True

    def test_a_player_away_scores_nothing_for_the_round_and_none_are_given_by_default(
        self, make_user: Any, organiser: Any, django_capture_on_commit_callbacks: Any
    ) -> None:
        capture = django_capture_on_commit_callbacks
        tournament, entries = _event(make_user, organiser, capture, sit_out_points=10)
        _called(tournament, organiser, capture)
        services.entry_away(tournament=tournament, by=organiser, entry=entries["ann"], away=True)
        with capture(execute=True):
            second = services.round_start(tournament=tournament, by=organiser)
        assert second.away == [entries["ann"].key]
        assert entries["ann"].key in second.sitting_out
        assert round_scores(tournament)[entries["ann"].key][1] is None
        # She hears she is left out, and that it scores nothing, unlike a sit-out.
        assert _last_news(entries["ann"].user) == (
            "Evening League: round 2 has started without you, as you are marked away; a "
            "round you are away for scores nothing."
        )
        with translation.override("de"):
            assert _last_news(entries["ann"].user) == (
                "Evening League: Runde 2 hat ohne dich begonnen, da du als abwesend "
                "gemeldet bist; eine Runde, in der du abwesend bist, bringt keine Punkte."
            )

        plain, plain_entries = _event(make_user_suffix(make_user, "x"), organiser, capture)
        assert plain.sit_out_points is None
        assert round_scores(plain)[plain_entries["hal"].key] == [None]

    def test_the_points_are_a_sensible_number(self, organiser: Any) -> None:
        with pytest.raises(ApplicationError, match="between 0 and 10,000"):
            services.tournament_create(
                by=organiser,
                name="Odd",
                format=Tournament.Format.ROUNDS,
                sit_out_points=-5,
            )


def make_user_suffix(make_user: Any, suffix: str) -> Any:
    """``make_user`` for a second event's players: the same names, with ``suffix``."""
    return lambda name, *a, **k: make_user(f"{name}{suffix}", *a, **k)


class TestRulingAResult:
    def test_the_organiser_rules_a_solo_then_undoes_it_the_game_stays_as_played(
        self, make_user: Any, organiser: Any, django_capture_on_commit_callbacks: Any
    ) -> None:
        capture = django_capture_on_commit_callbacks
        tournament, _entries = _event(make_user, organiser, capture)
        board = _called(tournament, organiser, capture)
        assert _scores(board)["russia"] == pytest.approx(START["russia"], abs=1e-3)
        russia = BoardSeat.objects.select_related("entry__user").get(board=board, power="russia")
        with capture(execute=True):
            services.board_result_rule(
                tournament=tournament,
                by=organiser,
                board=board,
                outcome="solo",
                powers=["russia"],
                reason="The others conceded to Russia at the table.",
            )
        # Sum-of-Squares: a solo takes 100, every other power 0.
        assert _scores(board) == {
            p: (100 if p == "russia" else 0)
            for p in ("austria", "england", "france", "germany", "italy", "russia", "turkey")
        }
        assert {s.system_score for s in BoardSeat.objects.filter(board=board)} == {0, 100}
        game = Game.objects.get(pk=board.game_id)
        assert (game.outcome, game.winner) == (Game.Outcome.DRAW, "")
        action = OrganiserAction.objects.filter(kind=OrganiserAction.Kind.BOARD_RESULT).get()
        assert action.reason == "The others conceded to Russia at the table."
        assert action.details["result"] == "solo"
        assert action.details["powers"] == ["russia"]
        assert _last_news(russia.entry.user) == (
            "Evening League: the organiser ruled the result round 1, board 1 is scored by: "
            "a solo of Russia. Why: The others conceded to Russia at the table."
        )

        with capture(execute=True):
            services.board_result_rule(
                tournament=tournament, by=organiser, board=board, outcome="", reason="Mistake."
            )
        assert _scores(board)["russia"] == pytest.approx(START["russia"], abs=1e-3)
        board.refresh_from_db()
        assert (board.result_outcome, board.result_reason) == ("", "")

    def test_a_ruling_names_survivors_and_waits_for_the_game_to_end(
        self, make_user: Any, organiser: Any, django_capture_on_commit_callbacks: Any
    ) -> None:
        capture = django_capture_on_commit_callbacks
        tournament, entries = _event(make_user, organiser, capture)
        board = Board.objects.get(round__tournament=tournament)
        with pytest.raises(ApplicationError, match="ended and been scored"):
            services.board_result_rule(
                tournament=tournament, by=organiser, board=board, outcome="time", reason="x"
            )
        board = _called(tournament, organiser, capture)
        for outcome, powers, refusal in (
            ("solo", ["russia", "turkey"], "won by one of the board's survivors"),
            ("draw", ["russia"], "two or more of the board's survivors"),
            ("win", [], "as a solo, a draw or by time"),
        ):
            with pytest.raises(ApplicationError, match=refusal):
                services.board_result_rule(
                    tournament=tournament,
                    by=organiser,
                    board=board,
                    outcome=outcome,
                    powers=powers,
                    reason="x",
                )
        with pytest.raises(ApplicationError, match="Say why"):
            services.board_result_rule(
                tournament=tournament, by=organiser, board=board, outcome="time", reason=" "
            )
        with pytest.raises(ApplicationError, match="Only an organiser"):
            services.board_result_rule(
                tournament=tournament,
                by=entries["ann"].user,
                board=board,
                outcome="time",
                reason="I won, really.",
            )
        assert not OrganiserAction.objects.filter(kind=OrganiserAction.Kind.BOARD_RESULT).exists()


class TestSettingAScore:
    def test_a_score_set_by_hand_counts_survives_a_ruling_and_can_be_cleared(
        self, make_user: Any, organiser: Any, django_capture_on_commit_callbacks: Any
    ) -> None:
        capture = django_capture_on_commit_callbacks
        tournament, _entries = _event(make_user, organiser, capture)
        board = _called(tournament, organiser, capture)
        seat = BoardSeat.objects.select_related("entry__user").get(board=board, power="france")
        system = seat.score
        with capture(execute=True):
            services.seat_score_set(
                tournament=tournament,
                by=organiser,
                seat=seat,
                score=-5,
                reason="Penalty: abusive press.",
            )
        seat.refresh_from_db()
        assert (seat.score, seat.system_score) == (-5, system)
        assert seat.score_reason == "Penalty: abusive press."
        assert round_scores(tournament)[seat.entry.key] == [-5]
        assert _last_news(seat.entry.user) == (
            "Evening League: the organiser set your score for France in round 1, board 1, "
            "to -5. Why: Penalty: abusive press."
        )
        action = OrganiserAction.objects.filter(kind=OrganiserAction.Kind.SEAT_SCORE).get()
        assert action.details["before"] == f"{system:g}"
        # A ruling of the result scores the board again, but a score set by hand stays.
        services.board_result_rule(
            tournament=tournament,
            by=organiser,
            board=board,
            outcome="solo",
            powers=["russia"],
            reason="Conceded.",
        )
        seat.refresh_from_db()
        assert (seat.score, seat.system_score) == (-5, 0)
        # Cleared: the system's score again.
        services.seat_score_set(
            tournament=tournament, by=organiser, seat=seat, score=None, reason="Appeal upheld."
        )
        seat.refresh_from_db()
        assert (seat.score, seat.score_reason) == (0, "")

    def test_a_score_is_a_number_for_an_ended_board_by_an_organiser(
        self, make_user: Any, organiser: Any, django_capture_on_commit_callbacks: Any
    ) -> None:
        capture = django_capture_on_commit_callbacks
        tournament, _entries = _event(make_user, organiser, capture)
        running = BoardSeat.objects.filter(board__round__tournament=tournament).first()
        assert running is not None
        with pytest.raises(ApplicationError, match="ended and been scored"):
            services.seat_score_set(
                tournament=tournament, by=organiser, seat=running, score=1, reason="x"
            )
        board = _called(tournament, organiser, capture)
        seat = BoardSeat.objects.filter(board=board).first()
        assert seat is not None
        for bad in (math.nan, math.inf, 2e6):
            with pytest.raises(ApplicationError, match="A score is a number"):
                services.seat_score_set(
                    tournament=tournament, by=organiser, seat=seat, score=bad, reason="x"
                )
        with pytest.raises(ApplicationError, match="Only an organiser"):
            services.seat_score_set(
                tournament=tournament, by=seat.entry.user, seat=seat, score=100, reason="x"
            )
        assert not OrganiserAction.objects.filter(kind=OrganiserAction.Kind.SEAT_SCORE).exists()
