"""Issue 35, D8 on the pages: the organiser calls a board by time (the default), as a
draw of every survivor or as a draw of the survivors he ticks, and sets the last year of
a tournament's games and of each round; the public page says how each board ended and
when a round's games end, and the rules page how boards end and are scored (in English
and in German)."""

from __future__ import annotations

from typing import Any

import pytest
from django.urls import reverse
from django.utils import translation

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
from tournaments.models import Board, OrganiserAction, Round, Tournament

pytestmark = pytest.mark.django_db

NAMES = ("ann", "bob", "cat", "dan", "eve", "fay", "gil")


@pytest.fixture
def league(make_user: Any, organiser: Any, django_capture_on_commit_callbacks: Any) -> Tournament:
    tournament = services.tournament_create(
        by=organiser,
        name="Seven Years",
        format=Tournament.Format.ROUNDS,
        check_in_required=False,
        seeding=Tournament.Seeding.HAND,
        rounds_planned=2,
        scoring="draw_size",
        last_year=1907,
    )
    entries = [services.entry_register(tournament=tournament, user=make_user(n)) for n in NAMES]
    services.hand_seeds_set(tournament=tournament, by=organiser, order=[e.pk for e in entries])
    with django_capture_on_commit_callbacks(execute=True):
        services.tournament_draw(tournament=tournament, by=organiser)
    tournament.refresh_from_db()
    return tournament


def test_the_organiser_calls_a_draw_of_the_survivors_he_ticks(
    league: Tournament, organiser: Any, django_capture_on_commit_callbacks: Any
) -> None:
    client = logged_in(organiser)
    board = Board.objects.get(round__tournament=league)
    run = words(sections(text(client.get(run_url(league))))["Boards under way"])
    assert "By time: no draw, the powers ranked by their centers" in run
    assert "A draw of these survivors only: Austria (" in run
    assert "Russia (" in run
    assert ", 4)" in run
    assert "Ends by itself after 1907." in run
    answer = client.post(
        verb_url(league, "board-end"),
        {"board": board.pk, "end": "some", "powers": ["russia"], "reason": "agreed"},
        follow=True,
    )
    assert messages_on(text(answer)) == ["A draw is shared by two powers or more; one alone wins."]
    with django_capture_on_commit_callbacks(execute=True):
        answer = client.post(
            verb_url(league, "board-end"),
            {"board": board.pk, "end": "some", "powers": ["russia", "turkey"], "reason": "agreed"},
            follow=True,
        )
    assert messages_on(text(answer)) == []
    board.refresh_from_db()
    assert board.scored_at is not None
    log = words(sections(text(client.get(run_url(league))))["What the organisers did"])
    assert "Called a board" in log
    assert "draw: russia, turkey" in log

    public = sections(text(client.get(detail_url(league))))
    card = words(public["Round 1 · Finished"])
    assert "Draw: Russia, Turkey" in card
    assert "Games end after 1907, by time if nothing ended them before" in words(
        text(client.get(detail_url(league)))
    )
    # The game's own page says so too.
    game = words(text(client.get(reverse("games:detail", args=[board.game_id]))))
    assert "drawn: Russia, Turkey" in game


def test_the_default_call_is_by_time_and_a_round_sets_its_own_last_year(
    league: Tournament, organiser: Any, django_capture_on_commit_callbacks: Any
) -> None:
    client = logged_in(organiser)
    board = Board.objects.get(round__tournament=league)
    with django_capture_on_commit_callbacks(execute=True):
        client.post(
            verb_url(league, "board-end"),
            {"board": board.pk, "end": "time", "reason": "the hall closes"},
        )
    board.refresh_from_db()
    assert board.game.outcome == "time"
    card = words(sections(text(client.get(detail_url(league))))["Round 1 · Finished"])
    assert "Ended by time, ranked by centers" in card
    assert OrganiserAction.objects.get(kind="board_end").details["end"] == "time"

    run = words(sections(text(client.get(run_url(league))))["Round 2"])
    assert "This round's games end after the year" in run
    with django_capture_on_commit_callbacks(execute=True):
        answer = client.post(
            verb_url(league, "round-start"), {"last_year": "1905", "combine": "sum"}, follow=True
        )
    assert messages_on(text(answer)) == []
    assert Round.objects.get(tournament=league, number=2).last_year == 1905


def test_the_rules_say_how_boards_end_in_english_and_german(
    league: Tournament, organiser: Any
) -> None:
    client = logged_in(organiser)
    rules = words(sections(text(client.get(detail_url(league))))["Rules"])
    assert "or by time, when the round's last year is played or the organiser calls" in rules
    assert "Games end after 1907 unless a round sets another year." in rules
    assert "A game ended by time, with no draw agreed, is shared by its survivors" in rules
    with translation.override("de"):
        page = text(client.get(detail_url(league), HTTP_ACCEPT_LANGUAGE="de"))
    regeln = words(sections(page)["Regeln"])
    assert "nach Zeit" in regeln
    assert "Partien enden nach 1907, wenn eine Runde" in regeln


def test_the_new_tournament_form_takes_the_last_year(organiser: Any) -> None:
    client = logged_in(organiser)
    answer = client.post(
        reverse("tournaments:create"),
        {
            "name": "WDC",
            "format": "rounds",
            "min_reliability": 0,
            "seeding": "rating",
            "group_count": 2,
            "advance_per_group": 2,
            "rounds_planned": 4,
            "scoring": "carnage",
            "combine": "sum",
            "last_year": 1907,
            "movement_hours": 24,
            "retreat_hours": 12,
            "adjustment_hours": 12,
            "setup_hours": 12,
            "press": "full",
            "nmr_policy": "grace",
            "grace_hours": 12,
        },
    )
    assert answer.status_code == 302, text(answer)[:3000]
    assert Tournament.objects.get(name="WDC").last_year == 1907
