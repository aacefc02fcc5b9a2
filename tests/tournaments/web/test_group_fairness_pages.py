"""Issue 35, D6, D7 and D10 on the pages: a play-off that ends level again is shown in the
group's table and put to the organiser on his page, who orders the players there (the
log keeps it, with his reason); the table shows what placed each player (the play-off,
the organiser's decision, a tie-break, in words) and marks matches won without play; the
rules page states the house rules on walkovers, play-offs and the cross-over, in English
and in German."""

from __future__ import annotations

from typing import Any

import pytest
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
from tournaments.models import Entry, Match, OrganiserAction, Round, Tournament

pytestmark = pytest.mark.django_db


def _walkover(tournament: Tournament, organiser: Any, match: Match, winner: Entry) -> None:
    services.match_walkover(
        tournament=tournament, by=organiser, match=match, winner=winner, reason="no show"
    )


@pytest.fixture
def level_again(
    make_user: Any, organiser: Any, django_capture_on_commit_callbacks: Any
) -> tuple[Tournament, dict[str, Entry]]:
    """One group of three, two through, ties to a play-off; the group's matches and the
    play-off both end in a circle (every match a walkover, for speed)."""
    tournament = services.tournament_create(
        by=organiser,
        name="Highland Groups",
        format=Tournament.Format.GROUPS,
        seeding=Tournament.Seeding.HAND,
        check_in_required=False,
        group_count=1,
        advance_per_group=2,
        tie_breaks=["head_to_head", "playoff"],
    )
    entries = {
        n: services.entry_register(tournament=tournament, user=make_user(n))
        for n in ("ann", "bob", "cat")
    }
    services.hand_seeds_set(
        tournament=tournament, by=organiser, order=[e.pk for e in entries.values()]
    )
    capture = django_capture_on_commit_callbacks
    with capture(execute=True):
        services.tournament_draw(tournament=tournament, by=organiser)

    def match(a: str, b: str, playoff: bool) -> Match:
        return next(
            m
            for m in Match.objects.filter(tournament=tournament, playoff=playoff)
            if {m.a_id, m.b_id} == {entries[a].pk, entries[b].pk}
        )

    for playoff in (False, True):
        for a, b in (("bob", "cat"), ("ann", "cat"), ("ann", "bob")):
            winner = {"bob": "cat", "ann": "ann"}[a] if (a, b) != ("ann", "bob") else "bob"
            with capture(execute=True):
                _walkover(tournament, organiser, match(a, b, playoff), entries[winner])
    return tournament, entries


def test_the_organiser_is_asked_and_decides_on_his_page(
    level_again: tuple[Tournament, dict[str, Entry]],
    organiser: Any,
    django_capture_on_commit_callbacks: Any,
) -> None:
    tournament, entries = level_again
    client = logged_in(organiser)
    public = text(client.get(detail_url(tournament)))
    group = words(sections(public)["Groups"])
    assert "Level again after their play-off for places 1 to 3: ann, bob, cat." in group
    assert "The organiser decides their order." in group
    # Each won one match without play, marked so.
    assert group.count("1 w/o") == 3
    # The play-off duels are labelled in the group's list of matches.
    assert group.count("play-off") >= 3

    run = sections(text(client.get(run_url(tournament))))
    asked = words(run["Play-offs level again"])
    assert "Group A: the play-off for places 1 to 3 ended level again (ann, bob, cat)" in asked

    order = [entries[n].pk for n in ("cat", "ann", "bob")]
    answer = client.post(
        verb_url(tournament, "playoff-decide"),
        {"group": 0, "order": [order[0], order[0], order[2]], "reason": "by lot"},
        follow=True,
    )
    assert messages_on(text(answer)) == [
        "Order each player the play-off left level exactly once, and nobody else."
    ]
    with django_capture_on_commit_callbacks(execute=True):
        answer = client.post(
            verb_url(tournament, "playoff-decide"),
            {"group": 0, "order": order, "reason": "drawn by lot in front of them"},
            follow=True,
        )
    assert answer.redirect_chain == [(run_url(tournament), 302)]
    assert messages_on(text(answer)) == []
    assert Round.objects.get(tournament=tournament, kind="groups").status == "finished"
    run = sections(text(client.get(run_url(tournament))))
    assert "Play-offs level again" not in run
    log = words(run["What the organisers did"])
    assert "Decided a tie a play-off left" in log
    assert "drawn by lot in front of them" in log
    assert OrganiserAction.objects.filter(kind="playoff_decide").count() == 1

    group = words(sections(text(client.get(detail_url(tournament))))["Groups"])
    assert "1 cat" in group
    assert "2 ann organiser's decision" in group
    assert "3 bob organiser's decision" in group


def test_a_stranger_cannot_decide(
    level_again: tuple[Tournament, dict[str, Entry]], make_user: Any
) -> None:
    tournament, entries = level_again
    for who in (make_user("zed"), entries["ann"].user):
        answer = logged_in(who).post(
            verb_url(tournament, "playoff-decide"),
            {"group": 0, "order": [entries[n].pk for n in ("ann", "bob", "cat")], "reason": "me"},
        )
        assert answer.status_code == 404
    assert not OrganiserAction.objects.filter(kind="playoff_decide").exists()


def test_the_house_rules_are_on_the_rules_page_in_english_and_german(
    level_again: tuple[Tournament, dict[str, Entry]], organiser: Any
) -> None:
    tournament, _entries = level_again
    client = logged_in(organiser)
    rules = words(sections(text(client.get(detail_url(tournament))))["Rules"])
    assert "a match won without play (a walkover, a forfeit) is left out of them" in rules
    assert "the organiser decides their order" in rules
    assert "the usual cross-over (A1 against B2, B1 against A2)" in rules
    with translation.override("de"):
        page = text(client.get(detail_url(tournament), HTTP_ACCEPT_LANGUAGE="de"))
    regeln = words(sections(page)["Regeln"])
    assert "Ein kampflos gewonnenes Spiel" in regeln
    assert "entscheidet die Turnierleitung über ihre Reihenfolge" in regeln
    assert "A1 gegen B2, B1 gegen A2" in regeln
