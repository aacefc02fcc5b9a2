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

from games.models import Game
from notifications.models import Kind, Notification
from tests.tournaments.services.conftest import FIXED_17, win_duel
from tests.tournaments.web.conftest import (
    detail_url,
    entered,
    group_match,
    knockout_match,
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
from tournaments.models import Entry, Match, OrganiserAction, Round, Tournament

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


def test_a_walkover_is_news_once(
    organiser: Any, make_user: Any, django_capture_on_commit_callbacks: Any
) -> None:
    """The draw tells each player his match has started; a walkover recorded for a
    player who did not come is told once, as the match's result, not also as each
    board's end (two more messages, in the same second, of a duel nobody played)."""
    capture = django_capture_on_commit_callbacks
    tournament = tournament_of(organiser, seeding=Tournament.Seeding.HAND, check_in_required=False)
    entries = entered(tournament, organiser, make_user, ("ann", "bob", "cat", "dan"))
    with capture(execute=True):
        services.tournament_draw(tournament=tournament, by=organiser)
    assert set(
        Notification.objects.filter(user__username__in=("bob", "cat")).values_list(
            "user__username", "kind"
        )
    ) == {("bob", Kind.GAME_STARTED), ("cat", Kind.GAME_STARTED)}
    Notification.objects.all().delete()
    with capture(execute=True):
        services.match_walkover(
            tournament=tournament,
            by=organiser,
            match=knockout_match(tournament, 1, 1),
            winner=entries["bob"],
            reason="cat did not answer the board call",
        )
    told = list(
        Notification.objects.order_by("user__username").values_list("user__username", "kind")
    )
    assert told == [("bob", Kind.TOURNAMENT), ("cat", Kind.TOURNAMENT), ("olga", Kind.TOURNAMENT)]
    # The match is decided all the same: its boards ended, the bracket moved on.
    match = knockout_match(tournament, 1, 1)
    assert match.winner_id == entries["bob"].pk
    assert match.duel is not None
    assert set(Game.objects.filter(link=match.duel).values_list("status", flat=True)) == {
        Game.Status.FINISHED
    }


def _group_tables(page: str) -> dict[str, str]:
    """Each group's article by its heading."""
    found = re.findall(r"<h3>(Group \w)</h3>(.*?)</article>", sections(page)["Groups"], re.DOTALL)
    return dict(found)


def _rows(group: str) -> list[tuple[str, str, str]]:
    """A group table's rows: marked through or not, the place, the player."""
    return re.findall(r'<tr class="(through)?"><td class="num">(\d+)</td><td>(\w+)', group)


def test_a_three_way_tie_says_who_went_through_and_why(
    organiser: Any, make_user: Any, django_capture_on_commit_callbacks: Any
) -> None:
    """Group B's three each win one duel, level on every tie-break, and play it off: while
    they are level none is marked through (two of them were, by seed); once the play-off
    has ordered them the table says in words who went through and by what, and "if all
    games ended now" is gone, with no game under way."""
    capture = django_capture_on_commit_callbacks
    tournament = services.tournament_create(
        by=organiser,
        name="Highland Open",
        format=Tournament.Format.GROUPS,
        seeding=Tournament.Seeding.HAND,
        check_in_required=False,
        group_count=2,
        advance_per_group=2,
        tie_breaks=["boards_won", "centres", "playoff"],
    )
    e = entered(tournament, organiser, make_user, ("ann", "bob", "cat", "dan", "eve", "fay"))
    services.round_setup_fix(
        tournament=tournament, by=organiser, kind=Round.Kind.GROUPS, number=0, setup=FIXED_17
    )
    with capture(execute=True):
        services.tournament_draw(tournament=tournament, by=organiser)
    for group, number, winner in (
        (0, 1, "dan"),  # dan - eve
        (1, 1, "fay"),  # cat - fay
        (0, 2, "ann"),  # ann - eve
        (1, 2, "bob"),  # bob - fay
        (0, 3, "ann"),  # ann - dan
        (1, 3, "cat"),  # bob - cat
    ):
        win_duel(group_match(tournament, group, number), e[winner], capture)
    tables = _group_tables(text(Client().get(detail_url(tournament))))
    assert _rows(tables["Group B"]) == [("", "1", "bob"), ("", "1", "cat"), ("", "1", "fay")]
    assert "Play-off for places 1 to 3: bob, cat, fay." in words(tables["Group B"])
    assert "Through to the knock-out" not in tables["Group B"]
    assert "If all games ended now" in tables["Group B"]  # the play-off is under way
    # Group A is played out: ann and dan through on wins alone.
    assert _rows(tables["Group A"]) == [
        ("through", "1", "ann"),
        ("through", "2", "dan"),
        ("", "3", "eve"),
    ]
    assert "Through to the knock-out: ann , dan ." in words(tables["Group A"])
    assert "If all games ended now" not in tables["Group A"]

    playoffs = Match.objects.filter(tournament=tournament, playoff=True)
    for one, other, winner in (("bob", "cat", "bob"), ("bob", "fay", "bob"), ("cat", "fay", "cat")):
        [match] = [m for m in playoffs if {m.a_id, m.b_id} == {e[one].pk, e[other].pk}]
        win_duel(match, e[winner], capture)
    tables = _group_tables(text(Client().get(detail_url(tournament))))
    assert _rows(tables["Group B"]) == [
        ("through", "1", "bob"),
        ("through", "2", "cat"),
        ("", "3", "fay"),
    ]
    assert "Through to the knock-out: bob , cat (placed by play-off)." in words(tables["Group B"])
    assert "If all games ended now" not in tables["Group B"]
