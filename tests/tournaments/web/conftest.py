"""What the tournament pages' tests share: clients, a page's text read the way a person
reads it (its sections, its match boxes, its messages), and tournaments at each stage: a
rival organiser's own, four players drawn, a knock-out of six played to its champion, a
group stage under way."""

from __future__ import annotations

import html
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from accounts.roles import ORGANISER, grant
from tests.tournaments.services.conftest import FIXED_17, tournament_of, turn, win_duel
from tournaments import services
from tournaments.models import Entry, Match, Round, Tournament

#: The six players of the knock-out and the group stage, seeded by hand in this order.
SIX = ("ann", "bob", "cat", "dan", "eve", "fay")
#: On board B of a duel set up with FIXED_17 red holds Moscow alone: taking St Petersburg
#: gives red one center more over both boards than blue, without deciding the duel.
RED_GAINS_A_CENTER = {"B": {"red": ["A mos - stp"]}}


# -- reading pages --------------------------------------------------------------------------


def logged_in(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def text(response: Any) -> str:
    """The page's HTML with its entities read (an apostrophe is an apostrophe)."""
    return html.unescape(response.content.decode())


def words(fragment: str) -> str:
    """A fragment of HTML as the words it shows."""
    return " ".join(re.sub(r"<[^>]+>", " ", fragment).split())


def sections(page: str) -> dict[str, str]:
    """The page's parts by their second-level heading."""
    parts = re.split(r"<h2[^>]*>(.*?)</h2>", page, flags=re.DOTALL)
    return {words(parts[i]): parts[i + 1] for i in range(1, len(parts) - 1, 2)}


def messages_on(page: str) -> list[str]:
    """The messages the page shows (a refusal, a confirmation)."""
    found = re.search(r'<ul class="messages">(.*?)</ul>', page, flags=re.DOTALL)
    if found is None:
        return []
    return [words(li) for li in re.findall(r"<li[^>]*>(.*?)</li>", found.group(1), re.DOTALL)]


def match_boxes(fragment: str) -> list[dict[str, Any]]:
    """Each match box in ``fragment``: its state, the names in its two slots with their
    seeds, who won and who leads, and what its foot says."""
    boxes = []
    for chunk in re.split(r'<div class="match match-', fragment)[1:]:
        state = chunk.split('"', 1)[0]
        slots = re.findall(r'<div class="slot([^"]*)">(.*?)</div>', chunk, re.DOTALL)[:2]
        foot = re.search(r'<div class="match-state">(.*?)</div>', chunk, re.DOTALL)
        box: dict[str, Any] = {
            "state": state,
            "names": [],
            "seeds": [],
            "won": "",
            "lost": "",
            "leads": "",
            "foot": words(foot.group(1)) if foot else "",
        }
        for classes, inner in slots:
            seed = re.search(r'<span class="seed">(\d+)</span>', inner)
            leads = '<span class="leads"' in inner
            inner = re.sub(r'<span class="(seed|leads)"[^>]*>.*?</span>', "", inner)
            name = words(inner)
            box["names"].append(name)
            box["seeds"].append(int(seed.group(1)) if seed else None)
            if "won" in classes.split():
                box["won"] = name
            if "lost" in classes.split():
                box["lost"] = name
            if leads:
                box["leads"] = name
        boxes.append(box)
    return boxes


def bracket_of(page: str) -> dict[str, list[dict[str, Any]]]:
    """The knock-out's columns by their names, each its match boxes."""
    parts = re.split(r"<h3[^>]*>(.*?)</h3>", sections(page)["Knock-out"], flags=re.DOTALL)
    return {words(parts[i]): match_boxes(parts[i + 1]) for i in range(1, len(parts) - 1, 2)}


def detail_url(tournament: Tournament) -> str:
    return reverse("tournaments:detail", args=[tournament.pk])


def run_url(tournament: Tournament) -> str:
    return reverse("tournaments:run", args=[tournament.pk])


def verb_url(tournament: Tournament, verb: str) -> str:
    return reverse("tournaments:verb", args=[tournament.pk, verb])


def knockout_match(tournament: Tournament, bracket_round: int, index: int) -> Match:
    return Match.objects.select_related("a__user", "b__user").get(
        tournament=tournament,
        round__kind=Round.Kind.KNOCKOUT,
        bracket_round=bracket_round,
        index=index,
    )


def group_match(tournament: Tournament, group: int, schedule_round: int) -> Match:
    return Match.objects.select_related("a__user", "b__user").get(
        tournament=tournament,
        round__kind=Round.Kind.GROUPS,
        group=group,
        bracket_round=schedule_round,
        playoff=False,
    )


# -- tournaments ----------------------------------------------------------------------------


@dataclass
class Drawn:
    """A tournament and its entries by player name."""

    tournament: Tournament
    entries: dict[str, Entry]

    def entry(self, name: str) -> Entry:
        return Entry.objects.select_related("user").get(pk=self.entries[name].pk)


@pytest.fixture
def rival(make_user: Callable[..., Any]) -> Any:
    """An organiser of another tournament (the Rival Cup), who has nothing to do with
    olga's."""
    user = make_user("rita")
    grant(user, ORGANISER)
    services.tournament_create(by=user, name="Rival Cup", format=Tournament.Format.KNOCKOUT)
    return user


def entered(
    tournament: Tournament, organiser: Any, make_user: Callable[..., Any], names: tuple[str, ...]
) -> dict[str, Entry]:
    """The players named entered (through the invite code if it is private), seeded by
    hand in that order; every knock-out round starts from FIXED_17 (rule 3B)."""
    entries = {
        name: services.entry_register(
            tournament=tournament, user=make_user(name), invite_code=tournament.invite_code
        )
        for name in names
    }
    services.hand_seeds_set(
        tournament=tournament, by=organiser, order=[e.pk for e in entries.values()]
    )
    for number in (1, 2, 3):
        services.round_setup_fix(
            tournament=tournament,
            by=organiser,
            kind=Round.Kind.KNOCKOUT,
            number=number,
            setup=FIXED_17,
        )
    return entries


@pytest.fixture
def four(
    make_user: Callable[..., Any], organiser: Any, django_capture_on_commit_callbacks: Any
) -> Drawn:
    """A knock-out of four drawn: ann (1) plays dan (4), bob (2) plays cat (3); both
    semi-finals' duels are under way from FIXED_17."""
    tournament = tournament_of(organiser, seeding=Tournament.Seeding.HAND, check_in_required=False)
    entries = entered(tournament, organiser, make_user, ("ann", "bob", "cat", "dan"))
    with django_capture_on_commit_callbacks(execute=True):
        services.tournament_draw(tournament=tournament, by=organiser)
    tournament.refresh_from_db()
    return Drawn(tournament, entries)


@pytest.fixture
def played(
    make_user: Callable[..., Any], organiser: Any, django_capture_on_commit_callbacks: Any
) -> Drawn:
    """A knock-out of six played to its champion. Seeds 1 and 2 (ann, bob) have byes to
    the semi-finals; cat takes the quarter-final against fay by walkover; eve beats dan on
    the boards; ann beats eve and cat beats bob in the semi-finals, and ann beats cat in
    the final. Every duel played is won by rule 7.4 (see win_duel)."""
    capture = django_capture_on_commit_callbacks
    tournament = tournament_of(organiser, seeding=Tournament.Seeding.HAND, check_in_required=False)
    entries = entered(tournament, organiser, make_user, SIX)
    with capture(execute=True):
        services.tournament_draw(tournament=tournament, by=organiser)
    with capture(execute=True):
        services.match_walkover(
            tournament=tournament,
            by=organiser,
            match=knockout_match(tournament, 1, 3),
            winner=entries["cat"],
            reason="fay did not answer the board call",
        )
    win_duel(knockout_match(tournament, 1, 1), entries["eve"], capture)
    win_duel(knockout_match(tournament, 2, 0), entries["ann"], capture)
    win_duel(knockout_match(tournament, 2, 1), entries["cat"], capture)
    win_duel(knockout_match(tournament, 3, 0), entries["ann"], capture)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    return Drawn(tournament, entries)


@pytest.fixture
def group_stage(
    make_user: Callable[..., Any], organiser: Any, django_capture_on_commit_callbacks: Any
) -> Drawn:
    """Six players in two groups of three (the snake draw: group A ann, dan, eve; group B
    bob, cat, fay), the top two of each going through. In group A dan has beaten eve and
    ann plays eve now, level; in group B cat (red) leads fay on centers in their duel
    under way."""
    capture = django_capture_on_commit_callbacks
    tournament = services.tournament_create(
        by=organiser,
        name="Highland Groups",
        format=Tournament.Format.GROUPS,
        seeding=Tournament.Seeding.HAND,
        check_in_required=False,
        group_count=2,
        advance_per_group=2,
        tie_breaks=["boards_won", "centres", "playoff"],
    )
    entries = entered(tournament, organiser, make_user, SIX)
    services.round_setup_fix(
        tournament=tournament, by=organiser, kind=Round.Kind.GROUPS, number=0, setup=FIXED_17
    )
    with capture(execute=True):
        services.tournament_draw(tournament=tournament, by=organiser)
    win_duel(group_match(tournament, 0, 1), entries["dan"], capture)
    turn(group_match(tournament, 1, 1), RED_GAINS_A_CENTER, capture)
    tournament.refresh_from_db()
    return Drawn(tournament, entries)
