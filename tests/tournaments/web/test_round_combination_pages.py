"""Issue 35, D5 on the pages: the organiser chooses how rounds combine when he starts a
round, a raw sum of different systems is refused with a message saying what to do, and
the tournament's rules page gives the formula (in English and in German); the standings
show what each round counts for above its score."""

from __future__ import annotations

from typing import Any

import pytest
from django.utils import translation

from games.models import Game
from games.services.moderation import game_end
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
from tournaments.models import Round, Tournament

pytestmark = pytest.mark.django_db

NAMES = ("ann", "bob", "cat", "dan", "eve", "fay", "gil")


@pytest.fixture
def league(make_user: Any, organiser: Any, django_capture_on_commit_callbacks: Any) -> Tournament:
    """Two rounds planned, Sum-of-Squares; round 1 played (called at the start)."""
    tournament = services.tournament_create(
        by=organiser,
        name="Evening League",
        format=Tournament.Format.ROUNDS,
        check_in_required=False,
        seeding=Tournament.Seeding.HAND,
        rounds_planned=2,
    )
    entries = [services.entry_register(tournament=tournament, user=make_user(n)) for n in NAMES]
    services.hand_seeds_set(tournament=tournament, by=organiser, order=[e.pk for e in entries])
    with django_capture_on_commit_callbacks(execute=True):
        services.tournament_draw(tournament=tournament, by=organiser)
    board = Round.objects.get(tournament=tournament, number=1).boards.get()
    with django_capture_on_commit_callbacks(execute=True):
        game_end(game=board.game, by=organiser, outcome=Game.Outcome.DRAW, reason="time")
    tournament.refresh_from_db()
    return tournament


def test_a_raw_sum_of_two_systems_is_refused_on_the_page_and_rank_points_are_taken(
    league: Tournament, organiser: Any, django_capture_on_commit_callbacks: Any
) -> None:
    client = logged_in(organiser)
    run = words(sections(text(client.get(run_url(league))))["Round 2"])
    assert "Rounds combined by" in run
    answer = client.post(
        verb_url(league, "round-start"), {"scoring": "carnage", "combine": "sum"}, follow=True
    )
    [refusal] = messages_on(text(answer))
    assert "Rounds scored by different systems are not added up raw" in refusal
    with django_capture_on_commit_callbacks(execute=True):
        answer = client.post(
            verb_url(league, "round-start"), {"scoring": "carnage", "combine": "rank"}, follow=True
        )
    assert messages_on(text(answer)) == []
    league.refresh_from_db()
    assert league.combine == Tournament.Combine.RANK

    public = text(client.get(detail_url(league)))
    rules = words(sections(public)["Rules"])
    assert "place p among n players scores n − p + 1" in rules
    assert "a round sat out scores nothing" in rules
    standings = words(sections(public)["Standings"])
    # Round 1's Russia: 7 rank points above his Sum-of-Squares score (1600 / 70).
    assert "7 22.86" in standings
    assert "How the rounds add up" in standings


def test_the_formulas_are_in_german_too(league: Tournament, organiser: Any) -> None:
    client = logged_in(organiser)
    for combine, german in (
        ("rank", "Platz p unter n Spielern erhält n − p + 1"),
        ("scaled", "100 × s ÷ beste Wertung der Runde"),
        ("sum", "Punkte verschiedener Systeme werden nicht roh addiert"),
    ):
        Tournament.objects.filter(pk=league.pk).update(combine=combine)
        with translation.override("de"):
            page = text(client.get(detail_url(league), HTTP_ACCEPT_LANGUAGE="de"))
        assert german in words(sections(page)["Regeln"])
