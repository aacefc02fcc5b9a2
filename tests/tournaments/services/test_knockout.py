"""A knock-out of Highlander duels run on the site from registration to the final: six
players, two byes to the top seeds, a walkover after the draw, a replacement, real duels
decided by their boards (rules 7.4 and 7.7), and what the organiser did kept."""

from __future__ import annotations

from typing import Any

import pytest

from core.errors import ApplicationError
from games.models import BoardLink, Game
from games.services.links import AWARDED
from tests.tournaments.services.conftest import (
    FIXED_17,
    boards,
    tournament_of,
    turn,
    win_duel,
)
from tournaments import services
from tournaments.brackets import Decided
from tournaments.models import (
    Entry,
    Match,
    OrganiserAction,
    PlayerRating,
    RatedResult,
    Round,
    Tournament,
)

pytestmark = pytest.mark.django_db


def _match(tournament: Tournament, bracket_round: int, index: int) -> Match:
    return Match.objects.select_related("a__user", "b__user").get(
        tournament=tournament,
        round__kind=Round.Kind.KNOCKOUT,
        bracket_round=bracket_round,
        index=index,
    )


def _names(match: Match) -> tuple[str, str]:
    return (
        match.a.user.get_username() if match.a else "",
        match.b.user.get_username() if match.b else "",
    )


@pytest.fixture
def six(make_user: Any, organiser: Any) -> tuple[Tournament, list[Entry]]:
    """Six players entered and present, seeded by hand ann (1) to fay (6); the duels of
    every round start from the organiser's set-up (rule 3B)."""
    tournament = tournament_of(organiser, seeding=Tournament.Seeding.HAND)
    entries = [
        services.entry_register(tournament=tournament, user=make_user(name))
        for name in ("ann", "bob", "cat", "dan", "eve", "fay")
    ]
    services.check_in_open(tournament=tournament, by=organiser)
    for entry in entries[:5]:
        services.entry_check_in(tournament=tournament, user=entry.user)
    services.entry_presence(
        tournament=tournament, by=organiser, entry=entries[5], present=True, reason="on the phone"
    )
    services.hand_seeds_set(tournament=tournament, by=organiser, order=[e.pk for e in entries])
    for number in (1, 2, 3):
        services.round_setup_fix(
            tournament=tournament,
            by=organiser,
            kind=Round.Kind.KNOCKOUT,
            number=number,
            setup=FIXED_17,
        )
    return tournament, entries


class TestAKnockOutOfSix:
    def test_from_the_draw_to_the_champion(
        self,
        six: tuple[Tournament, list[Entry]],
        organiser: Any,
        make_user: Any,
        django_capture_on_commit_callbacks: Any,
    ) -> None:
        tournament, (ann, bob, cat, _dan, eve, fay) = six
        capture = django_capture_on_commit_callbacks
        with capture(execute=True):
            services.tournament_draw(tournament=tournament, by=organiser)
        tournament.refresh_from_db()
        assert tournament.status == Tournament.Status.RUNNING

        # Balanced byes: seeds 1 and 2 go straight to the semi-finals.
        first = [_match(tournament, 1, i) for i in range(4)]
        assert [_names(m) for m in first] == [
            ("ann", ""),
            ("dan", "eve"),
            ("bob", ""),
            ("cat", "fay"),
        ]
        assert [m.decided for m in first] == ["bye", "", "bye", ""]
        assert [m.duel_id is not None for m in first] == [False, True, False, True]
        # Each duel is two boards played by the same two players, run by the organiser.
        for match in (first[1], first[3]):
            a, b = boards(match)
            assert (a.link_label, b.link_label) == ("A", "B")
            assert a.status == b.status == Game.Status.ACTIVE
            assert organiser in a.masters.all()
            assert organiser in b.masters.all()
            assert a.seats.get(power="red").user == match.a.user
            assert b.seats.get(power="blue").user == match.b.user

        # Fay never turns up: cat takes the match by walkover, and its duel ends.
        with capture(execute=True):
            services.match_walkover(
                tournament=tournament,
                by=organiser,
                match=first[3],
                winner=cat,
                reason="fay did not answer the board call",
            )
        first[3].refresh_from_db()
        assert (first[3].winner_id, first[3].decided) == (cat.pk, Decided.WALKOVER)
        link = BoardLink.objects.get(pk=first[3].duel_id)
        assert (link.status, link.winner, link.decided_by) == (
            BoardLink.Status.DECIDED,
            "red",
            AWARDED,
        )
        assert all(g.status == Game.Status.FINISHED for g in boards(first[3]))
        semi_2 = _match(tournament, 2, 1)
        assert _names(semi_2) == ("bob", "cat")
        assert semi_2.duel_id is not None  # its duel starts at once

        # Eve beats dan on the boards (the worse seed wins): the first semi-final is drawn.
        win_duel(first[1], eve, capture)
        first[1].refresh_from_db()
        assert (first[1].winner_id, first[1].decided) == (eve.pk, Decided.PLAYED)
        assert first[1].stats[eve.key]["boards_won"] == 1
        semi_1 = _match(tournament, 2, 0)
        assert _names(semi_1) == ("ann", "eve")
        assert Round.objects.get(tournament=tournament, number=1).status == Round.Status.FINISHED

        # Bob falls ill: gil takes his place in the semi-final under way, on both boards.
        gil = make_user("gil")
        with capture(execute=True):
            services.entry_replace(
                tournament=tournament, by=organiser, entry=bob, user=gil, reason="bob is ill"
            )
        semi_2.refresh_from_db()
        assert _names(semi_2) == ("gil", "cat")
        assert all(g.seats.get(power="red").user == gil for g in boards(semi_2))
        bob.refresh_from_db()
        assert bob.status == Entry.Status.REPLACED
        assert bob.replaced_by.user == gil
        assert _match(tournament, 1, 2).winner_id == bob.pk  # what was decided stays

        win_duel(semi_1, ann, capture)
        win_duel(semi_2, cat, capture)
        final = _match(tournament, 3, 0)
        assert _names(final) == ("ann", "cat")

        # The final goes to sudden death (rule 7.7): both boards decided in the same turn
        # with as many units, then level after a round, then cat takes one more center.
        turn(final, {"A": {"red": ["A mar - spa"]}, "B": {"blue": ["A mar - spa"]}}, capture)
        duel = BoardLink.objects.get(pk=final.duel_id)
        assert (duel.status, duel.stage) == (BoardLink.Status.RUNNING, "sudden_death")
        turn(final, {"A": {"red": ["A mar B"]}, "B": {"blue": ["A mar B"]}}, capture)
        turn(final, {}, capture)
        turn(final, {"B": {"blue": ["A spa - por"]}}, capture)
        duel.refresh_from_db()
        assert (duel.status, duel.winner, duel.decided_by) == (
            BoardLink.Status.DECIDED,
            "blue",
            "7.7",
        )
        final.refresh_from_db()
        assert final.winner_id == cat.pk

        tournament.refresh_from_db()
        assert tournament.status == Tournament.Status.FINISHED
        assert tournament.finished_at is not None
        assert all(r.status == Round.Status.FINISHED for r in tournament.rounds.all())

        # Every organiser action is kept with who, when and why.
        kinds = list(
            OrganiserAction.objects.filter(tournament=tournament)
            .order_by("pk")
            .values_list("kind", flat=True)
        )
        assert kinds == [
            "check_in_open",
            "check_in",
            "seed",
            "setup",
            "setup",
            "setup",
            "draw",
            "walkover",
            "replace",
        ]
        walkover = OrganiserAction.objects.get(tournament=tournament, kind="walkover")
        assert walkover.actor == organiser
        assert walkover.reason == "fay did not answer the board call"
        assert walkover.details["winner"] == "cat"

        # Four duels were played on the boards, and each counted once in the duel
        # ratings; the walkover counted in none.
        assert RatedResult.objects.filter(kind="duel").count() == 4
        assert PlayerRating.objects.get(user=cat.user, kind="duel").games == 2
        assert not PlayerRating.objects.filter(user=fay.user).exists()


class TestTheDraw:
    def test_only_those_checked_in_are_drawn(
        self, make_user: Any, organiser: Any, django_capture_on_commit_callbacks: Any
    ) -> None:
        tournament = tournament_of(organiser)
        entries = [
            services.entry_register(tournament=tournament, user=make_user(n))
            for n in ("ann", "bob", "cat")
        ]
        services.check_in_open(tournament=tournament, by=organiser)
        for entry in entries[:2]:
            services.entry_check_in(tournament=tournament, user=entry.user)
        with django_capture_on_commit_callbacks(execute=True):
            services.tournament_draw(tournament=tournament, by=organiser)
        entries[2].refresh_from_db()
        assert entries[2].status == Entry.Status.NO_SHOW
        assert Match.objects.filter(tournament=tournament).count() == 1

    def test_a_draw_needs_two_players_present(self, make_user: Any, organiser: Any) -> None:
        tournament = tournament_of(organiser)
        services.entry_register(tournament=tournament, user=make_user("ann"))
        with pytest.raises(ApplicationError, match="needs 2 players present; 0 are"):
            services.tournament_draw(tournament=tournament, by=organiser)

    def test_seeding_at_random_is_replayed_from_the_kept_seed(
        self, make_user: Any, organiser: Any
    ) -> None:
        from tournaments.brackets import seeded_at_random
        from tournaments.services.draw import drawn_entries

        tournament = tournament_of(
            organiser, seeding=Tournament.Seeding.RANDOM, check_in_required=False
        )
        for n in ("ann", "bob", "cat", "dan", "eve"):
            services.entry_register(tournament=tournament, user=make_user(n))
        keys = [e.key for e in drawn_entries(tournament)]
        assert keys == seeded_at_random(keys, tournament.seed)

    def test_seeding_by_rating_puts_the_best_rated_first(
        self, make_user: Any, organiser: Any
    ) -> None:
        from tournaments.services.draw import drawn_entries

        tournament = tournament_of(organiser, check_in_required=False)
        ann, bob = make_user("ann"), make_user("bob")
        PlayerRating.objects.create(user=bob, kind="duel", mu=30, sigma=2, games=9, shown=1960)
        for user in (ann, bob):
            services.entry_register(tournament=tournament, user=user)
        assert [e.user for e in drawn_entries(tournament)] == [bob, ann]


class TestADuelGamesRefuses:
    def test_the_verdict_stands_and_the_organiser_sees_why_and_tries_again(
        self,
        six: tuple[Tournament, list[Entry]],
        organiser: Any,
        django_capture_on_commit_callbacks: Any,
        monkeypatch: pytest.MonkeyPatch,
    ) -> None:
        from tournaments.services import duels

        tournament, (_ann, _bob, _cat, dan, eve, _fay) = six
        capture = django_capture_on_commit_callbacks
        with capture(execute=True):
            services.tournament_draw(tournament=tournament, by=organiser)
        real = duels.game_join

        def refuse(**kwargs: Any) -> Any:
            raise ApplicationError("the board is closed for cleaning")

        # The semi-final's duel cannot be made when dan's match is decided.
        monkeypatch.setattr(duels, "game_join", refuse)
        win_duel(_match(tournament, 1, 1), eve, capture)
        first = _match(tournament, 1, 1)
        assert first.winner_id == eve.pk  # the verdict stands
        semi = _match(tournament, 2, 0)
        assert semi.duel_id is None
        assert semi.problem == "the board is closed for cleaning"
        with pytest.raises(ApplicationError, match="closed for cleaning"):
            services.duel_retry(tournament=tournament, by=organiser, match=semi)
        monkeypatch.setattr(duels, "game_join", real)
        services.duel_retry(tournament=tournament, by=organiser, match=semi)
        semi.refresh_from_db()
        assert semi.duel_id is not None
        assert semi.problem == ""
        assert dan.pk not in (semi.a_id, semi.b_id)


class TestTheNews:
    def test_the_players_hear_of_their_match_and_everyone_of_the_winner(
        self, make_user: Any, organiser: Any, django_capture_on_commit_callbacks: Any
    ) -> None:
        from notifications.models import Notification
        from notifications.services import text

        tournament = tournament_of(organiser, seeding=Tournament.Seeding.HAND)
        ann, bob = (
            services.entry_register(tournament=tournament, user=make_user(n))
            for n in ("ann", "bob")
        )
        services.check_in_open(tournament=tournament, by=organiser)
        for entry in (ann, bob):
            services.entry_check_in(tournament=tournament, user=entry.user)
        services.hand_seeds_set(tournament=tournament, by=organiser, order=[ann.pk, bob.pk])
        with django_capture_on_commit_callbacks(execute=True):
            services.tournament_draw(tournament=tournament, by=organiser)
        final = _match(tournament, 1, 0)
        with django_capture_on_commit_callbacks(execute=True):
            services.match_forfeit(
                tournament=tournament, by=organiser, match=final, loser=bob, reason="bob resigns"
            )
        for user in (ann.user, bob.user, organiser):
            news = [
                text(kind=n.kind, params=n.params)
                for n in Notification.objects.filter(user=user, kind="tournament").order_by("pk")
            ]
            assert news == [
                "Highland Cup: ann beat bob (Final, match 1, forfeit).",
                "Highland Cup is over: ann wins.",
            ]


def test_a_round_of_duels_is_played_to_its_own_deadline(
    make_user: Any, organiser: Any, django_capture_on_commit_callbacks: Any
) -> None:
    from datetime import timedelta

    tournament = tournament_of(organiser, check_in_required=False)
    for name in ("ann", "bob"):
        services.entry_register(tournament=tournament, user=make_user(name))
    services.round_setup_fix(
        tournament=tournament,
        by=organiser,
        kind=Round.Kind.KNOCKOUT,
        number=1,
        setup=FIXED_17,
        movement_deadline=timedelta(hours=3),
    )
    with pytest.raises(ApplicationError, match="between a minute and 14 days"):
        services.round_setup_fix(
            tournament=tournament,
            by=organiser,
            kind=Round.Kind.KNOCKOUT,
            number=2,
            setup={},
            movement_deadline=timedelta(days=30),
        )
    with django_capture_on_commit_callbacks(execute=True):
        services.tournament_draw(tournament=tournament, by=organiser)
    final = _match(tournament, 1, 0)
    assert {g.movement_deadline for g in boards(final)} == {timedelta(hours=3)}
    assert tournament.movement_deadline == timedelta(hours=24)
