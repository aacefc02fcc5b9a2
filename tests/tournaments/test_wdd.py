"""Issue 35, D9: results the World Diplomacy Database takes (tournaments/wdd.py): its two
files in its own layout, the names and countries players gave and agreed to share (and
to the organisers alone: tried as anonymous, a stranger, an entrant and a site
moderator), and the check before the download."""

from __future__ import annotations

import csv
import io
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from games.models import GamePhase
from tournaments import services, wdd
from tournaments.models import Board, ResultsIdentity, Tournament

pytestmark = pytest.mark.django_db

NAMES = ("ann", "bob", "cat", "dan", "eve", "fay", "gil")


def _rows(text: str) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(text)))


@pytest.fixture
def league(
    make_user: Any, organiser: Any, django_capture_on_commit_callbacks: Any
) -> tuple[Tournament, dict[str, Any]]:
    """One round of seven, its board drawn at the start by France and Russia (Sum of
    Squares pays by centres alone: Russia 100 x 16 / 70, the others 100 x 9 / 70)."""
    tournament = services.tournament_create(
        by=organiser,
        name="WDD night",
        format=Tournament.Format.ROUNDS,
        check_in_required=False,
        seeding=Tournament.Seeding.HAND,
        rounds_planned=1,
    )
    users = {n: make_user(n) for n in NAMES}
    entries = [services.entry_register(tournament=tournament, user=users[n]) for n in NAMES]
    services.hand_seeds_set(tournament=tournament, by=organiser, order=[e.pk for e in entries])
    with django_capture_on_commit_callbacks(execute=True):
        services.tournament_draw(tournament=tournament, by=organiser)
    board = Board.objects.get(round__tournament=tournament)
    with django_capture_on_commit_callbacks(execute=True):
        services.board_call(
            tournament=tournament,
            by=organiser,
            board=board,
            end="some",
            draw=["france", "russia"],
            reason="time",
        )
    ResultsIdentity.objects.create(
        user=users["ann"], first_name="Anna", last_name="Schmidt", country="ALL", share=True
    )
    # Bob gave his, but keeps it: it is not sent.
    ResultsIdentity.objects.create(
        user=users["bob"], first_name="Robert", last_name="Brown", country="ANG", share=False
    )
    return tournament, users


def test_the_classification_is_in_the_wdds_layout_with_what_players_share(
    league: tuple[Tournament, dict[str, Any]], organiser: Any
) -> None:
    tournament, _users = league
    rows = wdd.wdd_classification(tournament, organiser)
    assert tuple(rows[0]) == wdd.CLASSIFICATION[: len(rows[0])]
    ann = next(r for r in rows if r["NAME"] == "Schmidt")
    assert (ann["FIRST NAME"], ann["HOMONYME"], ann["NATIONALITY"]) == ("Anna", 1, "ALL")
    bob = next(r for r in rows if r["NAME"] == "bob")
    assert (bob["FIRST NAME"], bob["NATIONALITY"]) == ("", "YYY")
    assert "Brown" not in str(rows)
    # Russia first (22.86); the six on 3 centres share second: EXAEQUO 6.
    assert sorted((r["RANK"], r["EXAEQUO"]) for r in rows) == [(1, 1)] + [(2, 6)] * 6
    assert {r["R1"] for r in rows} == {"22.86", "12.86"}


def test_the_boards_file_has_each_power_its_centres_its_draw_and_its_years(
    league: tuple[Tournament, dict[str, Any]], organiser: Any
) -> None:
    tournament, _users = league
    rows = wdd.wdd_boards(tournament, organiser)
    assert len(rows) == 7
    by_power = {r["COUNTRY"]: r for r in rows}
    assert set(by_power) == {"0AU", "0EN", "0FR", "0GE", "0IT", "0RU", "0TU"}
    russia, france, turkey = by_power["0RU"], by_power["0FR"], by_power["0TU"]
    assert (russia["RANK"], russia["EXAEQUO"], russia["NB_CENTRE"]) == (1, 1, 4)
    assert (france["RANK"], france["EXAEQUO"], france["NB_CENTRE"]) == (2, 6, 3)
    # A draw of two: each of its members says 2, the others 0; nobody fell.
    assert (france["DRAW"], russia["DRAW"], turkey["DRAW"]) == (2, 2, 0)
    assert {r["YEAR_ELIMINATION"] for r in rows} == {""}
    assert (russia["ROUND"], russia["BOARD"], russia["SCORE"]) == (1, 1, "22.86")


def test_the_centres_after_each_fall_and_the_year_a_power_fell(
    league: tuple[Tournament, dict[str, Any]], organiser: Any
) -> None:
    tournament, _users = league
    game = Board.objects.get(round__tournament=tournament).game
    fall = GamePhase(
        game=game,
        index=99,
        code="F1901M",
        status=GamePhase.Status.RESOLVED,
        position={"centers": {"turkey": ["ank"]}},
        position_after={"centers": {"russia": ["mos", "sev", "stp", "war", "rum"]}},
    )
    fall.save()
    rows = {r["COUNTRY"]: r for r in wdd.wdd_boards(tournament, organiser)}
    assert (rows["0RU"]["CT_01"], rows["0TU"]["CT_01"]) == (5, 0)
    assert rows["0TU"]["YEAR_ELIMINATION"] == 1


def test_the_wdds_files_and_what_players_gave_are_the_organisers_alone(
    league: tuple[Tournament, dict[str, Any]],
    organiser: Any,
    make_user: Any,
    site_moderator: Any,
) -> None:
    tournament, users = league
    for what in ("wdd-classification", "wdd-boards"):
        url = reverse("tournaments:export", args=[tournament.pk, what, "csv"])
        for who in (None, make_user(f"stranger-{what}"), users["ann"], site_moderator):
            client = Client()
            if who is not None:
                client.force_login(who)
            answer = client.get(url)
            assert answer.status_code == 404, (what, who)
            assert b"Schmidt" not in answer.content
        client = Client()
        client.force_login(organiser)
        answer = client.get(url)
        assert answer.status_code == 200
        assert "Schmidt" in answer.content.decode()
    # Nothing anyone else reads carries it: the public files and the pages.
    public = Client()
    for what in ("classification", "boards"):
        text = public.get(reverse("tournaments:export", args=[tournament.pk, what, "csv"]))
        assert b"Schmidt" not in text.content
    page = public.get(reverse("tournaments:detail", args=[tournament.pk]))
    assert b"Schmidt" not in page.content
    profile = public.get(reverse("games:profile", args=["ann"]))
    assert b"Schmidt" not in profile.content


def test_the_organiser_reads_what_is_missing_before_the_download(
    league: tuple[Tournament, dict[str, Any]], organiser: Any
) -> None:
    tournament, _users = league
    missing = {m["player"]: m["lacks"] for m in wdd.wdd_missing(tournament, organiser)}
    assert "ann" not in missing
    assert set(missing) == {"bob", "cat", "dan", "eve", "fay", "gil"}
    assert missing["bob"] == "a legal name (his site name is sent instead), a country"
    client = Client()
    client.force_login(organiser)
    html = client.get(reverse("tournaments:run", args=[tournament.pk])).content.decode()
    assert 'id="wdd"' in html
    assert "bob: a legal name" in html


def test_a_player_gives_changes_and_withdraws_his_name_for_results(make_user: Any) -> None:
    ann = make_user("ann")
    client = Client()
    assert client.get(reverse("tournaments:results-identity")).status_code == 302
    client.force_login(ann)
    url = reverse("tournaments:results-identity")
    kept = client.post(
        url,
        {"first_name": " Anna ", "last_name": "Schmidt", "country": "ALL", "share": "on"},
    )
    assert kept.status_code == 302
    identity = ResultsIdentity.objects.get(user=ann)
    assert (identity.first_name, identity.country, identity.share) == ("Anna", "ALL", True)
    refused = client.post(url, {"last_name": "Schmidt", "country": "Atlantis"})
    assert refused.status_code == 200
    assert "Select a valid choice" in refused.content.decode()
    client.post(url, {"first_name": "Anna", "last_name": "Schmidt", "country": "ALL"})
    identity.refresh_from_db()
    assert identity.share is False
    own = client.get(reverse("games:profile", args=["ann"])).content.decode()
    assert reverse("tournaments:results-identity") in own


def test_the_sites_results_carry_each_rounds_system_and_the_rounds_best_n_drops(
    make_user: Any, organiser: Any, django_capture_on_commit_callbacks: Any
) -> None:
    from tournaments.exports import as_json

    capture = django_capture_on_commit_callbacks
    tournament = services.tournament_create(
        by=organiser,
        name="Best of",
        format=Tournament.Format.ROUNDS,
        check_in_required=False,
        seeding=Tournament.Seeding.HAND,
        rounds_planned=2,
        best_rounds=1,
        combine=Tournament.Combine.RANK,
    )
    entries = [services.entry_register(tournament=tournament, user=make_user(n)) for n in NAMES]
    services.hand_seeds_set(tournament=tournament, by=organiser, order=[e.pk for e in entries])
    with capture(execute=True):
        services.tournament_draw(tournament=tournament, by=organiser)
    first = Board.objects.get(round__tournament=tournament, round__number=1)
    with capture(execute=True):
        services.board_call(
            tournament=tournament, by=organiser, board=first, end="time", reason="t"
        )
    with capture(execute=True):
        second = services.round_start(
            tournament=tournament, by=organiser, scoring_system="dixie", last_year=1903
        )
    with capture(execute=True):
        services.board_call(
            tournament=tournament, by=organiser, board=second.boards.get(), end="time", reason="t"
        )
    results = as_json(tournament)
    assert results["rounds"] == [
        {"number": 1, "scoring": "sum_of_squares", "last_year": None},
        {"number": 2, "scoring": "dixie", "last_year": 1903},
    ]
    # Round 1 by time at the start: Russia (4 centres) first, 7 rank points, the six
    # others 3.5. Round 2 likewise (Dixie by centres). Each player's better round counts;
    # of two equal, the later is dropped.
    dropped = {e["player"]: e["rounds_dropped"] for e in results["entrants"]}
    assert "rounds_dropped" not in results  # on each entrant's row
    assert set(dropped) == set(NAMES)
    assert all(len(rounds) == 1 for rounds in dropped.values())
    firsts = [s for s in first.seats.select_related("entry__user") if s.power == "russia"]
    russia_1 = firsts[0].entry.user.get_username()
    seconds = second.boards.get().seats.select_related("entry__user")
    russia_2 = next(s for s in seconds if s.power == "russia").entry.user.get_username()
    if russia_1 != russia_2:
        assert dropped[russia_1] == [2]
        assert dropped[russia_2] == [1]
    # Two players who closed their accounts are both shown as "a former player": each
    # keeps his own dropped rounds (keyed by name, one overwrote the other).
    from accounts import services as accounts

    for entry in entries[:2]:
        accounts.account_close(user=entry.user, password="a-long-test-password")
    before = {e["seed"]: e["rounds_dropped"] for e in results["entrants"]}
    after = as_json(tournament)["entrants"]
    former = [e for e in after if e["player"] == "a former player"]
    assert len(former) == 2
    assert {e["seed"]: e["rounds_dropped"] for e in after} == before
