"""Issue 35, D3 on the pages: the organiser of a tournament of rounds replaces a player
from his page; the public page shows the board's record with both names, the standings
say who was replaced by whom, and the rules page states the house rule on whose score
the board is (in English and in German). The organiser's page also flags a seat that
keeps missing its orders (D1)."""

from __future__ import annotations

from typing import Any

import pytest
from django.utils import translation

from games.models import Seat
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
from tournaments.models import BoardSeat, Entry, Round, Tournament

pytestmark = pytest.mark.django_db

NAMES = ("ann", "bob", "cat", "dan", "eve", "fay", "gil")


@pytest.fixture
def league(make_user: Any, organiser: Any, django_capture_on_commit_callbacks: Any) -> Tournament:
    """A tournament of one round of standard games, its one board under way."""
    tournament = services.tournament_create(
        by=organiser,
        name="Evening League",
        format=Tournament.Format.ROUNDS,
        check_in_required=False,
        seeding=Tournament.Seeding.HAND,
        rounds_planned=1,
    )
    entries = [services.entry_register(tournament=tournament, user=make_user(n)) for n in NAMES]
    services.hand_seeds_set(tournament=tournament, by=organiser, order=[e.pk for e in entries])
    with django_capture_on_commit_callbacks(execute=True):
        services.tournament_draw(tournament=tournament, by=organiser)
    tournament.refresh_from_db()
    return tournament


def test_the_organiser_replaces_a_player_and_the_pages_keep_both_names(
    league: Tournament, organiser: Any, make_user: Any, django_capture_on_commit_callbacks: Any
) -> None:
    client = logged_in(organiser)
    run = text(client.get(run_url(league)))
    assert "Replace a player" in sections(run)
    dan = Entry.objects.get(tournament=league, user__username="dan")
    power = BoardSeat.objects.get(entry=dan).power
    make_user("zed")
    with django_capture_on_commit_callbacks(execute=True):
        answer = client.post(
            verb_url(league, "replace"),
            {"entry": dan.pk, "username": "zed", "reason": "dan was called away"},
            follow=True,
        )
    assert answer.redirect_chain == [(run_url(league), 302)]
    assert messages_on(text(answer)) == []
    board = Round.objects.get(tournament=league).boards.get()
    assert board.game.seats.get(power=power).user.get_username() == "zed"

    public = text(client.get(detail_url(league)))
    card = words(sections(public)["Round 1 · Running"])
    assert "zed replacing dan from Spring 1901 movement" in card
    standings = words(sections(public)["Standings"])
    assert "dan replaced by zed" in standings
    rules = words(sections(public)["Rules"])
    assert "the board's score goes whole to whoever holds the seat when the board ends" in rules
    assert "never the first to sit out for being new" in rules


def test_the_house_rule_is_in_german_too(league: Tournament, organiser: Any) -> None:
    client = logged_in(organiser)
    with translation.override("de"):
        page = text(client.get(detail_url(league), HTTP_ACCEPT_LANGUAGE="de"))
    assert "die Wertung des Bretts geht ganz an den, der den Platz hält" in words(page)


def test_the_organisers_page_flags_a_seat_that_keeps_missing(
    league: Tournament, organiser: Any
) -> None:
    board = Round.objects.get(tournament=league).boards.get()
    Seat.objects.filter(game=board.game, user__username="cat").update(consecutive_misses=3)
    page = text(logged_in(organiser).get(run_url(league)))
    assert "Missed orders, in a row: cat (3)" in words(sections(page)["Boards under way"])
