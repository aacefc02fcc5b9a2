"""Issue 35, D13: the match for third place is played to its own movement deadline, which
the organiser sets on the final round's set-up; left unset it is the tournament's, never
the final's (a 48-hour final made the match for third wait 48 hours a phase too)."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest

from core.errors import ApplicationError
from tests.tournaments.services.conftest import FIXED_17, boards, tournament_of, win_duel
from tournaments import services
from tournaments.models import Entry, Match, Round, Tournament

pytestmark = pytest.mark.django_db

FINAL_HOURS = timedelta(hours=48)


def _four(
    make_user: Any, organiser: Any, capture: Any, third_place: timedelta | None
) -> tuple[Tournament, dict[str, Entry]]:
    """A knock-out of four with a match for third, the final at 48 hours, both semi-finals
    played: ann beats dan, bob beats cat."""
    tournament = tournament_of(
        organiser, seeding=Tournament.Seeding.HAND, check_in_required=False, third_place=True
    )
    entries = {
        name: services.entry_register(tournament=tournament, user=make_user(name))
        for name in ("ann", "bob", "cat", "dan")
    }
    services.hand_seeds_set(
        tournament=tournament, by=organiser, order=[e.pk for e in entries.values()]
    )
    services.round_setup_fix(
        tournament=tournament, by=organiser, kind=Round.Kind.KNOCKOUT, number=1, setup=FIXED_17
    )
    services.round_setup_fix(
        tournament=tournament,
        by=organiser,
        kind=Round.Kind.KNOCKOUT,
        number=2,
        setup=FIXED_17,
        movement_deadline=FINAL_HOURS,
        third_place_movement_deadline=third_place,
    )
    with capture(execute=True):
        services.tournament_draw(tournament=tournament, by=organiser)
    semis = Match.objects.filter(tournament=tournament, bracket_round=1).order_by("index")
    win_duel(semis[0], entries["ann"], capture)
    win_duel(semis[1], entries["bob"], capture)
    return tournament, entries


def _deadlines(tournament: Tournament, bracket_round: int) -> set[timedelta]:
    match = Match.objects.get(tournament=tournament, bracket_round=bracket_round)
    return {g.movement_deadline for g in boards(match)}


def test_the_match_for_third_place_is_played_to_its_own_deadline(
    make_user: Any, organiser: Any, django_capture_on_commit_callbacks: Any
) -> None:
    tournament, _ = _four(
        make_user, organiser, django_capture_on_commit_callbacks, timedelta(hours=12)
    )
    assert _deadlines(tournament, 2) == {FINAL_HOURS}
    assert _deadlines(tournament, 0) == {timedelta(hours=12)}


def test_unset_it_is_the_tournaments_deadline_not_the_finals(
    make_user: Any, organiser: Any, django_capture_on_commit_callbacks: Any
) -> None:
    tournament, _ = _four(make_user, organiser, django_capture_on_commit_callbacks, None)
    assert tournament.movement_deadline == timedelta(hours=24)
    assert _deadlines(tournament, 2) == {FINAL_HOURS}
    assert _deadlines(tournament, 0) == {timedelta(hours=24)}


def test_a_deadline_for_third_place_needs_a_match_for_third_place(
    make_user: Any, organiser: Any
) -> None:
    tournament = tournament_of(organiser, check_in_required=False)
    with pytest.raises(ApplicationError, match="holds the match for third place"):
        services.round_setup_fix(
            tournament=tournament,
            by=organiser,
            kind=Round.Kind.KNOCKOUT,
            number=2,
            setup={},
            third_place_movement_deadline=timedelta(hours=12),
        )
    tournament.third_place = True
    tournament.save(update_fields=["third_place"])
    with pytest.raises(ApplicationError, match="between a minute and 14 days"):
        services.round_setup_fix(
            tournament=tournament,
            by=organiser,
            kind=Round.Kind.KNOCKOUT,
            number=2,
            setup={},
            third_place_movement_deadline=timedelta(days=20),
        )
