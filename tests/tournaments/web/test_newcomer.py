"""What a newcomer organising his first knock-out ran into (issue 35): a tournament
without a check-in spoke of one, a roll call logged the same thing twice, the final
places stopped at the semi-finals, a walkover's loser read that a colour won, and a group
stage's ties left every player first with nothing saying who went through."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from tests.tournaments.web.conftest import (
    detail_url,
    logged_in,
    messages_on,
    run_url,
    sections,
    text,
    tournament_of,
    verb_url,
    words,
)
from tournaments import services
from tournaments.models import Entry, OrganiserAction, Tournament

pytestmark = pytest.mark.django_db

#: The new-tournament form as a newcomer fills it for a plain knock-out: the check-in box
#: left unticked (a browser sends nothing for it).
PLAIN_KNOCKOUT = {
    "name": "First Cup",
    "format": "knockout",
    "seeding": "rating",
    "min_reliability": 0,
    "group_count": 2,
    "advance_per_group": 2,
    "movement_hours": 24,
    "retreat_hours": 12,
    "adjustment_hours": 12,
    "setup_hours": 12,
    "press": "full",
    "nmr_policy": "grace",
    "grace_hours": 12,
}


class TestWithoutACheckIn:
    def test_the_draw_takes_everyone_entered(self, organiser: Any, make_user: Any) -> None:
        client = logged_in(organiser)
        client.post(reverse("tournaments:create"), PLAIN_KNOCKOUT)
        tournament = Tournament.objects.get(name="First Cup")
        assert tournament.check_in_required is False
        for name in ("ann", "bob", "cat"):
            services.entry_register(tournament=tournament, user=make_user(name))
        page = text(client.get(run_url(tournament)))
        roll = sections(page)["Roll call"]
        # Nobody is to be checked in: no check-in to open, no "Present" to press for
        # players who are drawn anyway.
        assert "Open the check-in" not in roll
        assert ">Present<" not in roll
        assert words(roll).count("Absent") == 3
        page = text(client.post(verb_url(tournament, "draw"), follow=True))
        assert messages_on(page) == []
        tournament.refresh_from_db()
        assert tournament.status == Tournament.Status.RUNNING
        assert tournament.entries.filter(status=Entry.Status.CHECKED_IN).count() == 3

    def test_the_public_page_speaks_of_no_check_in(
        self, organiser: Any, make_user: Any, django_capture_on_commit_callbacks: Any
    ) -> None:
        tournament = tournament_of(organiser, check_in_required=False)
        for name in ("ann", "bob", "cat", "dan"):
            services.entry_register(tournament=tournament, user=make_user(name))
        services.entry_presence(
            tournament=tournament,
            by=organiser,
            entry=tournament.entries.get(user__username="dan"),
            present=False,
        )
        assert "check" not in words(text(Client().get(detail_url(tournament)))).lower()
        with django_capture_on_commit_callbacks(execute=True):
            services.tournament_draw(tournament=tournament, by=organiser)
        page = text(Client().get(detail_url(tournament)))
        assert "check" not in words(page).lower()
        table = sections(page)["3 players"]  # dan, absent, is not counted
        assert sorted(re.findall(r"<td>(Present|Absent)</td>", table)) == [
            "Absent",
            "Present",
            "Present",
            "Present",
        ]

    def test_with_a_check_in_the_page_still_says_checked_in(
        self, organiser: Any, make_user: Any
    ) -> None:
        tournament = tournament_of(organiser)
        entry = services.entry_register(tournament=tournament, user=make_user("ann"))
        services.entry_presence(tournament=tournament, by=organiser, entry=entry, present=True)
        table = sections(text(Client().get(detail_url(tournament))))["1 player"]
        assert "<td>Checked in</td>" in table


def test_marking_a_player_present_again_logs_nothing(organiser: Any, make_user: Any) -> None:
    tournament = tournament_of(organiser)
    services.check_in_open(tournament=tournament, by=organiser)
    ann = make_user("ann")
    entry = services.entry_register(tournament=tournament, user=ann)
    services.entry_check_in(tournament=tournament, user=ann)
    services.entry_presence(tournament=tournament, by=organiser, entry=entry, present=True)
    services.entry_presence(tournament=tournament, by=organiser, entry=entry, present=True)
    assert not tournament.actions.filter(kind=OrganiserAction.Kind.CHECK_IN).exists()
    services.entry_presence(tournament=tournament, by=organiser, entry=entry, present=False)
    services.entry_presence(tournament=tournament, by=organiser, entry=entry, present=False)
    services.entry_presence(tournament=tournament, by=organiser, entry=entry, present=True)
    assert list(tournament.actions.order_by("pk").values_list("kind", flat=True)) == [
        OrganiserAction.Kind.CHECK_IN_OPEN,
        OrganiserAction.Kind.ABSENT,
        OrganiserAction.Kind.CHECK_IN,
    ]
