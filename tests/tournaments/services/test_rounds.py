"""Rounds of standard games run on the site: ten players seated at a board of seven with
three sitting out, boards scored by the tournament's system when their games end, a
second round where nobody sits out twice, the tournament score over the best rounds, and
the organiser's part (starting rounds, players away, calling a board)."""

from __future__ import annotations

from itertools import combinations
from typing import Any

import pytest

from core.errors import ApplicationError
from games.models import Game
from games.services.moderation import game_end
from tournaments import services
from tournaments.models import Board, BoardSeat, Entry, OrganiserAction, Round, Tournament
from tournaments.services.scores import round_scores, tournament_score

pytestmark = pytest.mark.django_db

NAMES = ("ann", "bob", "cat", "dan", "eve", "fay", "gil", "hal", "ida", "joe")


@pytest.fixture
def ten(make_user: Any, organiser: Any) -> tuple[Tournament, dict[str, Entry]]:
    tournament = services.tournament_create(
        by=organiser,
        name="Evening League",
        format=Tournament.Format.ROUNDS,
        check_in_required=False,
        seeding=Tournament.Seeding.HAND,
        rounds_planned=2,
        best_rounds=1,
    )
    entries = {n: services.entry_register(tournament=tournament, user=make_user(n)) for n in NAMES}
    services.hand_seeds_set(
        tournament=tournament, by=organiser, order=[entries[n].pk for n in NAMES]
    )
    return tournament, entries


def _seated(round: Round) -> dict[str, str]:
    """Who plays which power (player name to power) in ``round``."""
    return {
        s.entry.user.get_username(): s.power
        for s in BoardSeat.objects.filter(board__round=round).select_related("entry__user")
    }


def _call_boards(round: Round, organiser: Any, capture: Any) -> None:
    """The organiser ends every board of ``round`` as a draw where it stands (the start:
    six powers on 3 centers, Russia on 4)."""
    for board in round.boards.select_related("game"):
        with capture(execute=True):
            game_end(game=board.game, by=organiser, outcome=Game.Outcome.DRAW, reason="time")


class TestTenPlayers:
    def test_two_rounds_with_sit_outs_scored_by_sum_of_squares(
        self,
        ten: tuple[Tournament, dict[str, Entry]],
        organiser: Any,
        django_capture_on_commit_callbacks: Any,
    ) -> None:
        tournament, entries = ten
        capture = django_capture_on_commit_callbacks
        with capture(execute=True):
            services.tournament_draw(tournament=tournament, by=organiser)
        first = Round.objects.get(tournament=tournament, kind=Round.Kind.BOARDS, number=1)
        seated = _seated(first)
        # One board of seven, every power once; three sit out: the lowest seeds, as
        # nobody has sat out yet and nobody volunteered.
        assert len(seated) == 7
        assert sorted(seated.values()) == [
            "austria",
            "england",
            "france",
            "germany",
            "italy",
            "russia",
            "turkey",
        ]
        out_first = {Entry.objects.get(pk=int(k)).user.get_username() for k in first.sitting_out}
        assert out_first == {"hal", "ida", "joe"}
        board = first.boards.get()
        assert board.game.status == Game.Status.ACTIVE
        assert organiser in board.game.masters.all()
        assert board.game.seats.filter(user__isnull=True).count() == 0

        # The next round waits for this one.
        with pytest.raises(ApplicationError, match="round before is still being played"):
            services.round_start(tournament=tournament, by=organiser)

        _call_boards(first, organiser, capture)
        first.refresh_from_db()
        assert first.status == Round.Status.FINISHED
        # Sum-of-Squares for a draw at the start: 100 x c^2 / (6 x 9 + 16), so 900/70
        # for a power on 3 centers and 1600/70 for Russia on 4.
        scores = {
            s.entry.user.get_username(): s.score
            for s in BoardSeat.objects.filter(board__round=first).select_related("entry__user")
        }
        for name, power in seated.items():
            expected = 1600 / 70 if power == "russia" else 900 / 70
            assert scores[name] == pytest.approx(expected, abs=1e-3)

        # Round two: those who sat out play; nobody sits out twice.
        with capture(execute=True):
            second = services.round_start(tournament=tournament, by=organiser)
        again = _seated(second)
        assert {"hal", "ida", "joe"} <= set(again)
        out_second = {Entry.objects.get(pk=int(k)).user.get_username() for k in second.sitting_out}
        assert len(out_second) == 3
        assert not out_second & out_first
        # Nobody gets the same power twice where it can be avoided (here it always can).
        assert all(again[n] != seated[n] for n in set(again) & set(seated))
        # As few opponents met again as can be: the three who sat out play with four of
        # the seven who played, and those four have all met: C(4, 2) = 6 pairs, no more.
        met = {frozenset(p) for p in combinations(seated, 2)}
        assert sum(frozenset(p) in met for p in combinations(again, 2)) == 6

        _call_boards(second, organiser, capture)
        tournament.refresh_from_db()
        assert tournament.status == Tournament.Status.FINISHED
        # Best one round counts: a player who played twice keeps his better score.
        by_round = round_scores(tournament)
        for entry in entries.values():
            played = [s for s in by_round[entry.key] if s is not None]
            assert tournament_score(tournament, by_round[entry.key]) == pytest.approx(max(played))
        assert OrganiserAction.objects.filter(kind="round_start").count() == 2

    def test_a_player_away_is_not_seated_and_sits_out(
        self,
        ten: tuple[Tournament, dict[str, Entry]],
        organiser: Any,
        django_capture_on_commit_callbacks: Any,
    ) -> None:
        tournament, entries = ten
        with django_capture_on_commit_callbacks(execute=True):
            services.tournament_draw(tournament=tournament, by=organiser)
        first = Round.objects.get(tournament=tournament, number=1)
        _call_boards(first, organiser, django_capture_on_commit_callbacks)
        ann = entries["ann"]
        ann.refresh_from_db()
        services.entry_away(tournament=tournament, by=organiser, entry=ann, away=True)
        with django_capture_on_commit_callbacks(execute=True):
            second = services.round_start(tournament=tournament, by=organiser)
        assert "ann" not in _seated(second)
        assert ann.key in second.sitting_out

    def test_a_round_needs_seven_present(self, make_user: Any, organiser: Any) -> None:
        tournament = services.tournament_create(
            by=organiser, name="Small", format=Tournament.Format.ROUNDS, check_in_required=False
        )
        for n in NAMES[:6]:
            services.entry_register(tournament=tournament, user=make_user(n))
        with pytest.raises(ApplicationError, match="needs 7 players present; 6 are"):
            services.tournament_draw(tournament=tournament, by=organiser)

    def test_preferences_name_standard_powers_once(
        self, ten: tuple[Tournament, dict[str, Entry]]
    ) -> None:
        tournament, entries = ten
        user = entries["ann"].user
        entry = services.preferences_set(
            tournament=tournament, user=user, powers=["Turkey", "russia"], standby=True
        )
        assert (entry.preferences, entry.standby) == (["turkey", "russia"], True)
        with pytest.raises(ApplicationError, match="Not a power of the standard game: narnia"):
            services.preferences_set(
                tournament=tournament, user=user, powers=["narnia"], standby=False
            )
        with pytest.raises(ApplicationError, match="named twice"):
            services.preferences_set(
                tournament=tournament, user=user, powers=["italy", "italy"], standby=False
            )

    def test_the_scoring_system_is_one_the_site_knows(self, organiser: Any) -> None:
        with pytest.raises(ApplicationError, match="Score the boards by one of"):
            services.tournament_create(
                by=organiser, name="Odd", format=Tournament.Format.ROUNDS, scoring="golf"
            )

    def test_a_board_is_scored_once(
        self,
        ten: tuple[Tournament, dict[str, Entry]],
        organiser: Any,
        django_capture_on_commit_callbacks: Any,
    ) -> None:
        tournament, _entries = ten
        with django_capture_on_commit_callbacks(execute=True):
            services.tournament_draw(tournament=tournament, by=organiser)
        board = Board.objects.get(round__tournament=tournament)
        _call_boards(board.round, organiser, django_capture_on_commit_callbacks)
        board.refresh_from_db()
        assert board.scored_at is not None
        assert not services.board_score(game=board.game)


def test_the_exports_of_rounds_carry_each_rounds_score_and_each_board(
    ten: tuple[Tournament, dict[str, Entry]],
    organiser: Any,
    django_capture_on_commit_callbacks: Any,
) -> None:
    from tournaments import exports

    tournament, _entries = ten
    with django_capture_on_commit_callbacks(execute=True):
        services.tournament_draw(tournament=tournament, by=organiser)
    first = Round.objects.get(tournament=tournament, number=1)
    _call_boards(first, organiser, django_capture_on_commit_callbacks)
    text = exports.as_csv(
        exports.classification(tournament), exports.classification_columns(tournament)
    )
    lines = text.splitlines()
    assert lines[0] == "rank,player,round_1,score"
    russia = BoardSeat.objects.get(board__round=first, power="russia").entry.user.get_username()
    assert lines[1] == f"1,{russia},22.86,22.86"  # 1600 / 70
    assert lines[-1].endswith(",,0.00")  # a player who sat out: no round score
    boards = exports.as_csv(exports.boards(tournament), exports.boards_columns(tournament))
    rows = boards.splitlines()
    # The last two columns name who held a seat before a replacement (issue 35, D3).
    assert rows[0] == "round,board,top,game,player,power,centres,score,replaced,replaced_from"
    assert len(rows) == 1 + 7
    assert any(r.endswith(",russia,4,22.86,,") for r in rows)


def test_a_round_has_its_own_system_and_deadline_if_the_organiser_gives_them(
    ten: tuple[Tournament, dict[str, Entry]],
    organiser: Any,
    django_capture_on_commit_callbacks: Any,
) -> None:
    from datetime import timedelta

    tournament, _entries = ten
    with django_capture_on_commit_callbacks(execute=True):
        services.tournament_draw(tournament=tournament, by=organiser)
    _call_boards(
        Round.objects.get(tournament=tournament, number=1),
        organiser,
        django_capture_on_commit_callbacks,
    )
    with pytest.raises(ApplicationError, match="Score the boards by one of"):
        services.round_start(tournament=tournament, by=organiser, scoring_system="golf")
    with django_capture_on_commit_callbacks(execute=True):
        second = services.round_start(
            tournament=tournament,
            by=organiser,
            scoring_system="c_diplo_100",
            movement_deadline=timedelta(hours=2),
            # Sum-of-Squares and C-Diplo are not summed raw (issue 35, D5).
            combine=Tournament.Combine.SCALED,
        )
    game = second.boards.get().game
    assert game.movement_deadline == timedelta(hours=2)
    _call_boards(second, organiser, django_capture_on_commit_callbacks)
    # C-Diplo 100 for a draw at the start: 1 for playing, a point a center, and the
    # topper's 38 to Russia alone (4 centers); the six on 3 share 2nd and 3rd place's
    # 14 + 7, so 1 + 3 + 21/6 = 7.5 each; Russia 1 + 4 + 38 = 43.
    russia = BoardSeat.objects.get(board__round=second, power="russia")
    france = BoardSeat.objects.get(board__round=second, power="france")
    assert (russia.score, france.score) == (pytest.approx(43.0), pytest.approx(7.5))
