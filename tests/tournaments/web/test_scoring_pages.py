"""Issue 35 on the public tournament page: a board still in play shows its centers as they
stand and a provisional score, marked as such (D14: its SC and Score columns were empty);
equal totals in the standings of rounds are ordered by the best round, then the second
best (D14: they shared a place); and C-Diplo Namur, World Classic and Haight are offered
to organisers where the other systems are, their house rules on the rules page in English
and in German."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client
from django.utils import translation

from games.models import Game
from games.services.moderation import game_end
from tests.tournaments.web.conftest import detail_url, logged_in, run_url, sections, text, words
from tournaments import services
from tournaments.forms import TournamentForm
from tournaments.models import BoardSeat, Round, Tournament
from tournaments.selectors import round_standings

pytestmark = pytest.mark.django_db

NAMES = ("ann", "bob", "cat", "dan", "eve", "fay", "gil")


def _league(make_user: Any, organiser: Any, capture: Any, **settings: Any) -> Tournament:
    """Seven players, two rounds planned; round 1 drawn and its board running at the
    start (Russia on 4 centers, the six others on 3)."""
    tournament = services.tournament_create(
        by=organiser,
        name="Evening League",
        format=Tournament.Format.ROUNDS,
        check_in_required=False,
        seeding=Tournament.Seeding.HAND,
        rounds_planned=2,
        **settings,
    )
    entries = [services.entry_register(tournament=tournament, user=make_user(n)) for n in NAMES]
    services.hand_seeds_set(tournament=tournament, by=organiser, order=[e.pk for e in entries])
    with capture(execute=True):
        services.tournament_draw(tournament=tournament, by=organiser)
    tournament.refresh_from_db()
    return tournament


def _round(page: str, number: int) -> str:
    """Round ``number``'s section of the page (headed "Round 1 · Running ...")."""
    [section] = [v for k, v in sections(page).items() if k.startswith(f"Round {number} ·")]
    return section


def _board_rows(page: str, round_number: int) -> dict[str, tuple[str, str]]:
    """Round ``round_number``'s board on the page: each power's SC and Score cells."""
    section = _round(page, round_number)
    rows = re.findall(
        r'<tr class="power-(\w+)">.*?<td class="num">(.*?)</td><td class="num">(.*?)</td></tr>',
        section,
        re.DOTALL,
    )
    return {power: (words(sc), words(score)) for power, sc, score in rows}


def test_a_board_in_play_shows_its_centres_and_a_provisional_score(
    make_user: Any, organiser: Any, django_capture_on_commit_callbacks: Any
) -> None:
    league = _league(make_user, organiser, django_capture_on_commit_callbacks)
    page = text(Client().get(detail_url(league)))  # anonymous: the public page
    rows = _board_rows(page, 1)
    # Sum-of-Squares where it stands: 3² x 6 + 4² = 70; Russia 1600/70, the others 900/70.
    assert rows["russia"] == ("4", "22.86*")
    assert rows["england"] == ("3", "12.86*")
    assert len(rows) == 7
    section = words(_round(page, 1))
    assert "* In play: centers as they stand; provisional scores" in section
    assert 'title="provisional: the board is still in play"' in _round(page, 1)
    with translation.override("de"):
        german = text(Client().get(detail_url(league), HTTP_ACCEPT_LANGUAGE="de"))
    assert "* Im Spiel: Zentren nach aktuellem Stand" in words(german)

    # Once scored, the score is final: no mark, no note.
    board = Round.objects.get(tournament=league, number=1).boards.get()
    with django_capture_on_commit_callbacks(execute=True):
        game_end(game=board.game, by=organiser, outcome=Game.Outcome.DRAW, reason="time")
    page = text(Client().get(detail_url(league)))
    assert _board_rows(page, 1)["russia"] == ("4", "22.86")
    assert "In play" not in words(_round(page, 1))


def test_a_top_board_in_play_counts_its_multiplier_provisionally_too(
    make_user: Any, organiser: Any, django_capture_on_commit_callbacks: Any
) -> None:
    league = _league(make_user, organiser, django_capture_on_commit_callbacks)
    Tournament.objects.filter(pk=league.pk).update(top_board_multiplier=2)
    Round.objects.get(tournament=league, number=1).boards.update(top=True)
    rows = _board_rows(text(Client().get(detail_url(league))), 1)
    assert rows["russia"] == ("4", "45.71*")


def test_equal_totals_are_ordered_by_the_best_round_then_the_next(
    make_user: Any, organiser: Any, django_capture_on_commit_callbacks: Any
) -> None:
    capture = django_capture_on_commit_callbacks
    league = _league(make_user, organiser, capture)
    first = Round.objects.get(tournament=league, number=1).boards.get()
    with capture(execute=True):
        game_end(game=first.game, by=organiser, outcome=Game.Outcome.DRAW, reason="time")
    with capture(execute=True):
        services.round_start(tournament=league, by=organiser)
    second = Round.objects.get(tournament=league, number=2).boards.get()
    with capture(execute=True):
        game_end(game=second.game, by=organiser, outcome=Game.Outcome.DRAW, reason="time")
    # Three players on 40: ann 30 + 10, bob 20 + 20, cat 10 + 30; the rest lower.
    by_round = {
        "ann": (30, 10),
        "bob": (20, 20),
        "cat": (10, 30),
        "dan": (5, 5),
        "eve": (4, 4),
        "fay": (3, 3),
        "gil": (2, 2),
    }
    for number, board in ((0, first), (1, second)):
        for seat in BoardSeat.objects.filter(board=board).select_related("entry__user"):
            seat.score = by_round[seat.entry.user.get_username()][number]
            seat.save(update_fields=["score"])
    rows = round_standings(league)
    top = [(r["player"], r["place"], r["placed_by"]) for r in rows[:3]]
    # ann and cat both have a 30 and a 10: level all the way, they share first; bob's best
    # round is 20: third, placed by the tie-break.
    assert sorted(top[:2]) == [("ann", 1, ""), ("cat", 1, "")]
    assert top[2] == ("bob", 3, "best round")

    page = text(Client().get(detail_url(league)))
    standings = words(sections(page)["Standings"])
    assert "bob best round" in standings
    rules = words(sections(page)["Rules"])
    assert "ordered by their best round (what it counts for), then their second best" in rules
    with translation.override("de"):
        german = text(Client().get(detail_url(league), HTTP_ACCEPT_LANGUAGE="de"))
    assert "nach ihrer besten Runde" in words(sections(german)["Regeln"])
    assert "bob beste Runde" in words(sections(german)["Tabelle"])


def test_best_round_breaks_ties_with_rank_points_too(
    make_user: Any, organiser: Any, django_capture_on_commit_callbacks: Any
) -> None:
    """Combined by rank points, the tie-break compares what each round counts for."""
    capture = django_capture_on_commit_callbacks
    league = _league(make_user, organiser, capture, combine=Tournament.Combine.RANK)
    first = Round.objects.get(tournament=league, number=1).boards.get()
    with capture(execute=True):
        game_end(game=first.game, by=organiser, outcome=Game.Outcome.DRAW, reason="time")
    with capture(execute=True):
        services.round_start(tournament=league, by=organiser)
    second = Round.objects.get(tournament=league, number=2).boards.get()
    with capture(execute=True):
        game_end(game=second.game, by=organiser, outcome=Game.Outcome.DRAW, reason="time")
    # Rank points (7 for the first of 7 ... 1 for the last): ann 7 + 1, bob 4 + 4.
    by_round = {
        "ann": (70, 1),
        "bob": (40, 40),
        "cat": (60, 20),
        "dan": (50, 30),
        "eve": (30, 50),
        "fay": (20, 60),
        "gil": (10, 70),
    }
    for number, board in ((0, first), (1, second)):
        for seat in BoardSeat.objects.filter(board=board).select_related("entry__user"):
            seat.score = by_round[seat.entry.user.get_username()][number]
            seat.save(update_fields=["score"])
    rows = {r["player"]: r for r in round_standings(league)}
    # Everyone on 8 rank points: ann and gil have a 7 (then a 1), cat and fay a 6 (then 2),
    # dan and eve a 5 (then 3), bob two 4s.
    assert {r["total"] for r in rows.values()} == {8}
    assert [rows[p]["place"] for p in ("ann", "gil", "cat", "fay", "dan", "eve", "bob")] == [
        1,
        1,
        3,
        3,
        5,
        5,
        7,
    ]


@pytest.mark.parametrize(
    ("system", "name"),
    [("c_diplo_namur", "C-Diplo Namur"), ("world_classic", "World Classic"), ("haight", "Haight")],
)
def test_the_new_systems_are_offered_where_the_others_are(
    system: str, name: str, make_user: Any, organiser: Any, django_capture_on_commit_callbacks: Any
) -> None:
    assert (system, name) in TournamentForm().fields["scoring"].choices
    league = _league(make_user, organiser, django_capture_on_commit_callbacks)
    board = Round.objects.get(tournament=league, number=1).boards.get()
    with django_capture_on_commit_callbacks(execute=True):
        game_end(game=board.game, by=organiser, outcome=Game.Outcome.DRAW, reason="time")
    # Round 1 over: the form that starts round 2 offers every system for it.
    run = text(logged_in(organiser).get(run_url(league)))
    assert f'<option value="{system}">{name}</option>' in run


RULES = {
    "c_diplo_namur": (
        "After a solo the other powers score 0, their point for playing too",
        "Nach einem Alleinsieg erhalten die anderen Großmächte 0 Punkte, auch keinen "
        "Punkt für die Teilnahme",
    ),
    "world_classic": (
        "an eliminated power scores the years it lived through (out in 1904: 3)",
        "eine ausgeschiedene Großmacht erhält die Jahre, die sie überstanden hat "
        "(1904 ausgeschieden: 3)",
    ),
    "haight": (
        "Powers that tie each take the points of the lowest place they span.",
        "Gleichplatzierte Großmächte erhalten jeweils die Punkte des niedrigsten Platzes, "
        "den sie einnehmen.",
    ),
}


@pytest.mark.parametrize("system", list(RULES))
def test_the_rules_page_gives_each_new_systems_house_rules_in_english_and_german(
    system: str, make_user: Any, organiser: Any, django_capture_on_commit_callbacks: Any
) -> None:
    league = _league(make_user, organiser, django_capture_on_commit_callbacks, scoring=system)
    english, german = RULES[system]
    rules = words(sections(text(Client().get(detail_url(league))))["Rules"])
    assert english in rules
    if system == "haight":
        assert "share the points of the places they span" not in rules
    else:
        assert "Powers that tie share the points of the places they span." in rules
    with translation.override("de"):
        page = text(Client().get(detail_url(league), HTTP_ACCEPT_LANGUAGE="de"))
    assert german in words(sections(page)["Regeln"])


def test_a_haight_round_in_a_tournament_of_another_system_is_explained_too(
    make_user: Any, organiser: Any, django_capture_on_commit_callbacks: Any
) -> None:
    capture = django_capture_on_commit_callbacks
    league = _league(
        make_user, organiser, capture, scoring="sum_of_squares", combine=Tournament.Combine.RANK
    )
    first = Round.objects.get(tournament=league, number=1).boards.get()
    with capture(execute=True):
        game_end(game=first.game, by=organiser, outcome=Game.Outcome.DRAW, reason="time")
    with capture(execute=True):
        services.round_start(tournament=league, by=organiser, scoring_system="haight")
    rules = words(sections(text(Client().get(detail_url(league))))["Rules"])
    assert "Rounds scored by Haight: Tied powers each take the lowest place they span" in rules
    assert "Powers that tie each take the points of the lowest place they span." in rules


def test_a_board_whose_position_cannot_be_read_leaves_the_page_answering(
    make_user: Any, organiser: Any, django_capture_on_commit_callbacks: Any
) -> None:
    """One board its moderators must repair (a hand edit gone wrong): the tournament's
    page still answers, with the standings "if all games ended now", and that board says
    it is in play instead of a score. Before, the whole page answered 409."""
    from games.models import GamePhase

    league = _league(make_user, organiser, django_capture_on_commit_callbacks)
    board = Round.objects.get(tournament=league, number=1).boards.get()
    phase = board.game.phases.get(status=GamePhase.Status.OPEN)
    GamePhase.objects.filter(pk=phase.pk).update(position={"units": {"england": 5}})
    answer = Client().get(detail_url(league))
    assert answer.status_code == 200
    section = words(_round(text(answer), 1))
    assert "In play: centers and scores are shown when the game ends." in section
    assert round_standings(league, if_now=True)
