"""Issue 35, D5: rounds scored by different systems are not summed raw. One Carnage round
(thousands of points) outweighed two rounds scored out of 100, so the final ranking was,
in effect, the Carnage round alone. A raw sum of different systems is refused; the
organiser combines the rounds by rank points per round (the sum of round placings, as
DipCon 2019 did) or by each round's scores scaled to 100 for its best score."""

from __future__ import annotations

from typing import Any

import pytest

from core.errors import ApplicationError
from games.models import Game
from games.services.moderation import game_end
from tournaments import services
from tournaments.models import BoardSeat, Entry, OrganiserAction, Round, Tournament
from tournaments.selectors import round_standings
from tournaments.services.scores import rank_points, round_points, round_scores, scaled

pytestmark = pytest.mark.django_db

NAMES = ("ann", "bob", "cat", "dan", "eve", "fay", "gil")


def _tournament(make_user: Any, organiser: Any, **settings: Any) -> Tournament:
    tournament = services.tournament_create(
        by=organiser,
        name="Mixed Cup",
        format=Tournament.Format.ROUNDS,
        check_in_required=False,
        seeding=Tournament.Seeding.HAND,
        rounds_planned=2,
        scoring="sum_of_squares",
        **settings,
    )
    entries = [services.entry_register(tournament=tournament, user=make_user(n)) for n in NAMES]
    services.hand_seeds_set(tournament=tournament, by=organiser, order=[e.pk for e in entries])
    return tournament


def _call(round: Round, organiser: Any, capture: Any) -> None:
    """Every board of ``round`` called where it stands, at the start: Russia on 4
    centers, the six others on 3."""
    for board in round.boards.select_related("game"):
        with capture(execute=True):
            game_end(game=board.game, by=organiser, outcome=Game.Outcome.DRAW, reason="time")


def _russia(round: Round) -> str:
    return BoardSeat.objects.get(board__round=round, power="russia").entry.user.get_username()


def _two_rounds(
    tournament: Tournament, organiser: Any, capture: Any, **start: Any
) -> tuple[str, str]:
    """Round 1 by Sum-of-Squares, round 2 by Carnage, both called at the start; who
    played Russia in each (never the same player: seating avoids a power played)."""
    with capture(execute=True):
        services.tournament_draw(tournament=tournament, by=organiser)
    first = Round.objects.get(tournament=tournament, number=1)
    _call(first, organiser, capture)
    with capture(execute=True):
        second = services.round_start(
            tournament=tournament, by=organiser, scoring_system="carnage", **start
        )
    _call(second, organiser, capture)
    x, y = _russia(first), _russia(second)
    assert x != y
    return x, y


def test_a_raw_sum_of_different_systems_is_refused(
    make_user: Any, organiser: Any, django_capture_on_commit_callbacks: Any
) -> None:
    capture = django_capture_on_commit_callbacks
    tournament = _tournament(make_user, organiser)
    assert tournament.combine == Tournament.Combine.SUM
    with capture(execute=True):
        services.tournament_draw(tournament=tournament, by=organiser)
    _call(Round.objects.get(tournament=tournament, number=1), organiser, capture)
    with pytest.raises(ApplicationError, match="different systems are not added up raw"):
        services.round_start(tournament=tournament, by=organiser, scoring_system="carnage")
    assert not Round.objects.filter(tournament=tournament, number=2).exists()
    # The same system again is a raw sum of like with like: allowed.
    with capture(execute=True):
        services.round_start(tournament=tournament, by=organiser, scoring_system="sum_of_squares")


def test_rank_points_per_round_weigh_every_round_alike(
    make_user: Any, organiser: Any, django_capture_on_commit_callbacks: Any
) -> None:
    tournament = _tournament(make_user, organiser, combine=Tournament.Combine.RANK)
    x, y = _two_rounds(tournament, organiser, django_capture_on_commit_callbacks)
    # Each round: Russia first of 7 (7 points); the six others level on 2nd to 7th
    # share the mean place 4.5, so 7 - 4.5 + 1 = 3.5 points each. Round 1's Russia and
    # round 2's Russia are level on 10.5; the five others have 7.
    rows = {r["player"]: r for r in round_standings(tournament)}
    assert rows[x]["points"] == [7, 3.5]
    assert rows[y]["points"] == [3.5, 7]
    assert rows[x]["total"] == rows[y]["total"] == 10.5
    assert rows[x]["place"] == rows[y]["place"] == 1
    assert {r["total"] for n, r in rows.items() if n not in (x, y)} == {7}
    # The rounds' own scores stay as their systems gave them (for the exports).
    assert rows[y]["rounds"][1] == 7004


def test_each_round_scaled_to_100_for_its_best_score(
    make_user: Any, organiser: Any, django_capture_on_commit_callbacks: Any
) -> None:
    tournament = _tournament(make_user, organiser, combine=Tournament.Combine.SCALED)
    x, y = _two_rounds(tournament, organiser, django_capture_on_commit_callbacks)
    # Round 1 (Sum-of-Squares): Russia 1600/70 is the best, 100; a power on 3, 900/70,
    # scales to 56.25. Round 2 (Carnage): Russia 7004 is 100; the six sharing 2nd to 7th
    # take (6000 + ... + 1000) / 6 + 3 = 3503, so 100 x 3503 / 7004.
    rows = {r["player"]: r for r in round_standings(tournament)}
    # (Seat scores are kept to 4 places: 12.8571 / 22.8571.)
    assert rows[x]["points"] == pytest.approx([100, 100 * 3503 / 7004], abs=1e-3)
    assert rows[y]["points"] == pytest.approx([56.25, 100], abs=1e-3)
    assert rows[y]["place"] == 1
    assert rows[x]["place"] == 2
    # Raw, round 2 alone would have decided it: Y 7016.86 to X's 3525.86 - and the
    # five others (3515.86) would have been within 10 points of X.


def test_the_organiser_may_change_how_rounds_combine_when_he_starts_a_round(
    make_user: Any, organiser: Any, django_capture_on_commit_callbacks: Any
) -> None:
    tournament = _tournament(make_user, organiser)
    _two_rounds(
        tournament,
        organiser,
        django_capture_on_commit_callbacks,
        combine=Tournament.Combine.RANK,
    )
    tournament.refresh_from_db()
    assert tournament.combine == Tournament.Combine.RANK
    started = OrganiserAction.objects.filter(kind="round_start").first()
    assert started is not None
    assert started.details["combined_by"] == "rank"
    with pytest.raises(ApplicationError, match="Combine the rounds by one of"):
        services.tournament_create(
            by=organiser, name="Odd", format=Tournament.Format.ROUNDS, combine="golf"
        )


def test_the_next_round_seats_by_the_combined_standings(
    make_user: Any, organiser: Any, django_capture_on_commit_callbacks: Any
) -> None:
    # Standing order (which sits out, who plays the top board) reads the same combined
    # points the standings show.
    tournament = _tournament(make_user, organiser, combine=Tournament.Combine.RANK)
    _two_rounds(tournament, organiser, django_capture_on_commit_callbacks)
    points = round_points(tournament, round_scores(tournament))
    entries = {e.key: e.user.get_username() for e in Entry.objects.filter(tournament=tournament)}
    assert sorted(
        sum(p for p in v if p is not None) for k, v in points.items() if k in entries
    ) == [
        7,
        7,
        7,
        7,
        7,
        10.5,
        10.5,
    ]


def test_rank_points_share_the_places_a_tie_spans_and_give_nothing_for_a_sit_out() -> None:
    assert rank_points({"a": 10.0, "b": 5.0, "c": 5.0, "d": 1.0, "e": None}) == {
        "a": 4,
        "b": 2.5,
        "c": 2.5,
        "d": 1,
        "e": None,
    }
    assert scaled({"a": 40.0, "b": 10.0, "c": None}) == {"a": 100, "b": 25, "c": None}
    assert scaled({"a": 0.0, "b": None}) == {"a": 0, "b": None}
