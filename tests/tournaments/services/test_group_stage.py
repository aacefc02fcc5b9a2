"""A group stage of Highlander duels run on the site and played through with real duels:
six players seeded by hand, dealt into two groups of three by the snake draw, each group a
round robin played one schedule round at a time; standings by wins and the tournament's
tie-break ladder, a play-off for a tie the ladder leaves open across the cut line, and
then the knock-out of those who go through, group winners seeded first, to a champion.

What the ladder counts. ``win_duel`` wins by rule 7.4 on one board: the winner holds 17
centres on his board and takes the 18th (Moscow) from the loser, who holds the other board
with 17 centres while the winner keeps Moscow there. So every duel played this way counts

    winner: 1 board won, 18 + 1 = 19 centres;   loser: 0 boards won, 0 + 17 = 17 centres,

and a walkover counts a win and a loss with no boards and no centres for either player.
"""

from __future__ import annotations

from typing import Any

import pytest

from games.models import BoardLink, Game
from games.services.links import AWARDED
from tests.tournaments.services.conftest import FIXED_17, boards, win_duel
from tournaments import brackets, services
from tournaments.brackets import Decided
from tournaments.models import Entry, Match, Round, Tournament
from tournaments.services.stages import group_table

pytestmark = pytest.mark.django_db

#: What one duel won by ``win_duel`` counts for each player (see the module's docstring).
WON = {"boards_won": 1, "centres": 19}
LOST = {"boards_won": 0, "centres": 17}


def _groups_of(organiser: Any, **settings: Any) -> Tournament:
    return services.tournament_create(
        by=organiser,
        name="Highland Groups",
        format=Tournament.Format.GROUPS,
        seeding=Tournament.Seeding.HAND,
        check_in_required=False,
        **settings,
    )


def _enter(tournament: Tournament, organiser: Any, make_user: Any, names: str) -> list[Entry]:
    """Enter the players named, seeded by hand in that order; every round's duels start
    from the organiser's set-up (rule 3B), fixed before the draw."""
    entries = [
        services.entry_register(tournament=tournament, user=make_user(name))
        for name in names.split()
    ]
    services.hand_seeds_set(tournament=tournament, by=organiser, order=[e.pk for e in entries])
    services.round_setup_fix(
        tournament=tournament, by=organiser, kind=Round.Kind.GROUPS, number=0, setup=FIXED_17
    )
    for number in (1, 2):
        services.round_setup_fix(
            tournament=tournament,
            by=organiser,
            kind=Round.Kind.KNOCKOUT,
            number=number,
            setup=FIXED_17,
        )
    return entries


def _group_match(tournament: Tournament, group: int, schedule_round: int) -> Match:
    return Match.objects.select_related("a__user", "b__user", "round").get(
        tournament=tournament,
        round__kind=Round.Kind.GROUPS,
        group=group,
        bracket_round=schedule_round,
        playoff=False,
    )


def _playoff(tournament: Tournament, one: Entry, other: Entry) -> Match:
    matches = [
        m
        for m in Match.objects.filter(tournament=tournament, playoff=True)
        if {m.a_id, m.b_id} == {one.pk, other.pk}
    ]
    assert len(matches) == 1
    return matches[0]


def _knockout(tournament: Tournament, bracket_round: int, index: int) -> Match:
    return Match.objects.select_related("a__user", "b__user").get(
        tournament=tournament,
        round__kind=Round.Kind.KNOCKOUT,
        bracket_round=bracket_round,
        index=index,
    )


def _names(match: Match) -> tuple[str, str]:
    match.refresh_from_db()
    return (
        match.a.user.get_username() if match.a else "",
        match.b.user.get_username() if match.b else "",
    )


def _started(match: Match) -> bool:
    match.refresh_from_db()
    return match.duel_id is not None


def _line(table: Any, entry: Entry) -> tuple[int, int, int, int, int, int, str]:
    """An entry's row: played, wins, losses, boards won, centres, place, decided by."""
    r = table.row(entry.key)
    return (r.played, r.wins, r.losses, r.boards_won, r.centres, r.place, r.decided_by)


def _user(entry: Entry) -> str:
    return entry.user.get_username()


@pytest.fixture
def six(make_user: Any, organiser: Any) -> tuple[Tournament, list[Entry]]:
    """Six players seeded by hand ann (1) to fay (6); two groups of three, the top two of
    each going through; ties broken by boards won, then centres, then a play-off."""
    tournament = _groups_of(
        organiser,
        group_count=2,
        advance_per_group=2,
        tie_breaks=["boards_won", "centres", "playoff"],
    )
    return tournament, _enter(tournament, organiser, make_user, "ann bob cat dan eve fay")


class TestTheDraw:
    def test_the_snake_draw_deals_the_seeds_into_groups_and_starts_their_first_round(
        self,
        six: tuple[Tournament, list[Entry]],
        organiser: Any,
        django_capture_on_commit_callbacks: Any,
    ) -> None:
        tournament, _entries = six
        with django_capture_on_commit_callbacks(execute=True):
            services.tournament_draw(tournament=tournament, by=organiser)
        # Seeds 1-2 left to right, 3-4 right to left, 5-6 left to right again.
        drawn = {_user(e): (e.seed, e.group) for e in Entry.objects.filter(tournament=tournament)}
        assert drawn == {
            "ann": (1, 0),
            "bob": (2, 1),
            "cat": (3, 1),
            "dan": (4, 0),
            "eve": (5, 0),
            "fay": (6, 1),
        }
        # Each group is a round robin of three schedule rounds, one duel each (the third
        # player sits the round out), by the circle method in seed order.
        assert [_names(_group_match(tournament, 0, n)) for n in (1, 2, 3)] == [
            ("dan", "eve"),
            ("ann", "eve"),
            ("ann", "dan"),
        ]
        assert [_names(_group_match(tournament, 1, n)) for n in (1, 2, 3)] == [
            ("cat", "fay"),
            ("bob", "fay"),
            ("bob", "cat"),
        ]
        # Only the first schedule round of each group is under way, from the fixed set-up.
        stage = tournament.rounds.get(kind=Round.Kind.GROUPS)
        assert stage.status == Round.Status.RUNNING
        assert stage.setup["nomination"] == "fixed"
        assert [_started(_group_match(tournament, g, n)) for g in (0, 1) for n in (1, 2, 3)] == [
            True,
            False,
            False,
            True,
            False,
            False,
        ]
        for game in boards(_group_match(tournament, 0, 1)):
            assert game.status == Game.Status.ACTIVE
            assert organiser in game.masters.all()
        assert not Match.objects.filter(tournament=tournament, round__kind="knockout").exists()


class TestAGroupStageOfSix:
    def test_from_the_groups_through_a_playoff_to_the_champion(
        self,
        six: tuple[Tournament, list[Entry]],
        organiser: Any,
        make_user: Any,
        django_capture_on_commit_callbacks: Any,
    ) -> None:
        tournament, (ann, bob, cat, dan, eve, fay) = six
        capture = django_capture_on_commit_callbacks
        with capture(execute=True):
            services.tournament_draw(tournament=tournament, by=organiser)
        a1, a2, a3 = (_group_match(tournament, 0, n) for n in (1, 2, 3))
        b1, b2, b3 = (_group_match(tournament, 1, n) for n in (1, 2, 3))

        # -- one schedule round at a time, group by group -------------------------------
        win_duel(a1, dan, capture)
        a1.refresh_from_db()
        assert (a1.winner_id, a1.decided) == (dan.pk, Decided.PLAYED)
        assert a1.stats == {dan.key: WON, eve.key: LOST}
        # Group A's second round starts; group B's waits for its own first round.
        assert _started(a2)
        assert not _started(a3)
        assert not _started(b2)
        win_duel(b1, fay, capture)
        assert _started(b2)
        assert not _started(b3)

        # Standings by wins: dan leads group A. Ann, yet to play, shows zeros; she and eve
        # are level on no wins and no boards, and the ladder already applies: eve's 17
        # centres from the duel she lost put her above ann.
        table_a = group_table(tournament, 0)
        assert table_a.order == (dan.key, eve.key, ann.key)
        assert _line(table_a, dan) == (1, 1, 0, 1, 19, 1, "")
        assert _line(table_a, eve) == (1, 0, 1, 0, 17, 2, "wins")
        assert _line(table_a, ann) == (0, 0, 0, 0, 0, 3, "centres")

        # -- a replacement carries on the record of the player he replaces --------------
        hal = make_user("hal")
        with capture(execute=True):
            hal_entry = services.entry_replace(
                tournament=tournament, by=organiser, entry=fay, user=hal, reason="fay moved away"
            )
        assert (hal_entry.seed, hal_entry.group) == (6, 1)
        table_b = group_table(tournament, 1)
        assert fay.key not in table_b.order
        assert _line(table_b, hal_entry) == (1, 1, 0, 1, 19, 1, "")
        assert _names(b2) == ("bob", "hal")
        assert all(g.seats.get(power="blue").user == hal for g in boards(b2))
        b1.refresh_from_db()
        assert b1.winner_id == fay.pk  # what was decided stays as it was

        # -- group A: a three-way tie the ladder breaks ---------------------------------
        win_duel(a2, eve, capture)
        assert _started(a3)
        # Dan does not come to his last duel: ann takes it by walkover, its duel ends.
        with capture(execute=True):
            services.match_walkover(
                tournament=tournament,
                by=organiser,
                match=a3,
                winner=ann,
                reason="dan did not answer the board call",
            )
        a3.refresh_from_db()
        assert (a3.winner_id, a3.decided) == (ann.pk, Decided.WALKOVER)
        link = BoardLink.objects.get(pk=a3.duel_id)
        assert (link.status, link.winner, link.decided_by) == (
            BoardLink.Status.DECIDED,
            "red",
            AWARDED,
        )
        # Each of ann, dan and eve beat one other: one win each. The walkover counts as
        # a win for ann and a loss for dan, with no boards and no centres for either:
        #   eve: lost to dan (0 boards, 17), beat ann (1 board, 19):  1 board, 36 centres
        #   dan: beat eve (1 board, 19), lost the walkover (0, 0):    1 board, 19 centres
        #   ann: lost to eve (0 boards, 17), won the walkover (0, 0): 0 boards, 17 centres
        # Boards won puts ann third; centres then put eve above dan. No play-off.
        table_a = group_table(tournament, 0)
        assert table_a.order == (eve.key, dan.key, ann.key)
        assert _line(table_a, eve) == (2, 1, 1, 1, 36, 1, "")
        assert _line(table_a, dan) == (2, 1, 1, 1, 19, 2, "centres")
        assert _line(table_a, ann) == (2, 1, 1, 0, 17, 3, "boards_won")
        assert table_a.playoffs == ()

        # -- group B: a three-way tie left to a play-off -------------------------------
        win_duel(b2, bob, capture)
        assert _started(b3)
        win_duel(b3, cat, capture)
        # Bob, cat and hal (on fay's record) beat one other each, all on the boards: each
        # won one board and held 19 + 17 = 36 centres. Nothing on the ladder parts them,
        # and their tie spans the cut below place 2: they play it off.
        table_b = group_table(tournament, 1)
        for entry in (bob, cat, hal_entry):
            assert _line(table_b, entry)[:5] == (2, 1, 1, 1, 36)
            assert table_b.row(entry.key).place == 1
        assert [(p.players, p.places) for p in table_b.playoffs] == [
            ((bob.key, cat.key, hal_entry.key), (1, 2, 3))
        ]
        playoffs = list(Match.objects.filter(tournament=tournament, playoff=True))
        assert len(playoffs) == 3
        assert all(m.group == 1 and m.duel_id is not None for m in playoffs)
        assert {frozenset((m.a_id, m.b_id)) for m in playoffs} == {
            frozenset((bob.pk, cat.pk)),
            frozenset((bob.pk, hal_entry.pk)),
            frozenset((cat.pk, hal_entry.pk)),
        }
        stage = tournament.rounds.get(kind=Round.Kind.GROUPS)
        assert stage.status == Round.Status.RUNNING
        assert not Match.objects.filter(tournament=tournament, round__kind="knockout").exists()

        # Hal wins both his play-off duels, bob beats cat: hal, bob, cat.
        win_duel(_playoff(tournament, cat, hal_entry), hal_entry, capture)
        win_duel(_playoff(tournament, bob, hal_entry), hal_entry, capture)
        assert not Match.objects.filter(tournament=tournament, round__kind="knockout").exists()
        win_duel(_playoff(tournament, bob, cat), bob, capture)
        # The play-offs settle the order, and the group's table shows it (issue 35, D10);
        # they count in none of its figures.
        table_b = group_table(tournament, 1)
        assert [
            (table_b.row(e.key).place, table_b.row(e.key).decided_by) for e in (hal_entry, bob, cat)
        ] == [(1, ""), (2, "playoff"), (3, "playoff")]
        assert table_b.playoffs == ()
        assert table_b.row(hal_entry.key).played == 2
        stage.refresh_from_db()
        assert stage.status == Round.Status.FINISHED
        assert stage.finished_at is not None

        # -- the knock-out: group winners first, each group's players kept apart --------
        # Winners eve (A) and hal (B): one win and 36 centres over two duels each, so
        # group order: eve, hal. Runners-up dan (A: 19 centres over two duels, his
        # walkover loss counted as one with nothing) and bob (B: 36 over two): bob first.
        # Seeded so (eve, hal, bob, dan), the semi-finals would be eve - dan and hal -
        # bob, each inside one group (the audit's Highland Open): the runners-up change
        # seeds (issue 35, D6), and the semi-finals cross over, A1 - B2 and B1 - A2.
        tournament.refresh_from_db()
        bracket = brackets.bracket_from_json(tournament.bracket)
        assert list(bracket.seeds) == [eve.key, hal_entry.key, dan.key, bob.key]
        semi_1, semi_2 = _knockout(tournament, 1, 0), _knockout(tournament, 1, 1)
        assert _names(semi_1) == ("eve", "bob")
        assert _names(semi_2) == ("hal", "dan")
        assert _started(semi_1)
        assert _started(semi_2)
        assert Round.objects.get(tournament=tournament, kind="knockout", number=1).setup

        win_duel(semi_1, eve, capture)
        win_duel(semi_2, hal_entry, capture)
        final = _knockout(tournament, 2, 0)
        assert _names(final) == ("eve", "hal")
        win_duel(final, hal_entry, capture)
        final.refresh_from_db()
        assert final.winner_id == hal_entry.pk

        tournament.refresh_from_db()
        assert tournament.status == Tournament.Status.FINISHED
        assert tournament.finished_at is not None
        assert all(r.status == Round.Status.FINISHED for r in tournament.rounds.all())


class TestALadderEndingInSeed:
    def test_a_three_way_tie_all_played_is_broken_by_seed_after_head_to_head(
        self, make_user: Any, organiser: Any, django_capture_on_commit_callbacks: Any
    ) -> None:
        tournament = _groups_of(
            organiser,
            group_count=1,
            advance_per_group=2,
            tie_breaks=["head_to_head", "boards_won", "centres", "seed"],
        )
        ann, bob, cat = _enter(tournament, organiser, make_user, "ann bob cat")
        capture = django_capture_on_commit_callbacks
        with capture(execute=True):
            services.tournament_draw(tournament=tournament, by=organiser)
        r1, r2, r3 = (_group_match(tournament, 0, n) for n in (1, 2, 3))
        assert [_names(m) for m in (r1, r2, r3)] == [("bob", "cat"), ("ann", "cat"), ("ann", "bob")]
        # Cat beats bob, ann beats cat, bob beats ann: a cycle, every duel on the boards.
        win_duel(r1, cat, capture)
        win_duel(r2, ann, capture)
        win_duel(r3, bob, capture)
        # Among the three, head to head is one win each; each won one board and held
        # 19 + 17 = 36 centres: the seed decides, ann, bob, cat, and no play-off.
        table = group_table(tournament, 0)
        assert table.order == (ann.key, bob.key, cat.key)
        assert [_line(table, e) for e in (ann, bob, cat)] == [
            (2, 1, 1, 1, 36, 1, ""),
            (2, 1, 1, 1, 36, 2, "seed"),
            (2, 1, 1, 1, 36, 3, "seed"),
        ]
        assert not Match.objects.filter(tournament=tournament, playoff=True).exists()
        # Ann and bob go through to a final of two.
        final = _knockout(tournament, 1, 0)
        assert _names(final) == ("ann", "bob")
        win_duel(final, bob, capture)
        tournament.refresh_from_db()
        assert tournament.status == Tournament.Status.FINISHED


class TestPausingTheGroupStage:
    def test_resuming_the_group_stage_starts_only_the_current_schedule_round(
        self,
        six: tuple[Tournament, list[Entry]],
        organiser: Any,
        django_capture_on_commit_callbacks: Any,
    ) -> None:
        tournament, _entries = six
        with django_capture_on_commit_callbacks(execute=True):
            services.tournament_draw(tournament=tournament, by=organiser)
            stage = tournament.rounds.get(kind=Round.Kind.GROUPS)
            services.round_pause(tournament=tournament, by=organiser, round=stage, reason="a fair")
            services.round_resume(tournament=tournament, by=organiser, round=stage)
        assert [_started(_group_match(tournament, g, n)) for g in (0, 1) for n in (1, 2, 3)] == [
            True,
            False,
            False,
            True,
            False,
            False,
        ]


class TestAPlayOffLevelAgain:
    """Issue 35, D10: a play-off that ends level again (a circle of wins) fell back to
    the seeds silently. The stage now waits for the organiser, who is told, orders the
    players himself with a reason, and finds it in the log; the table shows it."""

    def test_the_organiser_decides_a_tie_the_play_off_left(
        self, make_user: Any, organiser: Any, django_capture_on_commit_callbacks: Any
    ) -> None:
        from core.errors import ApplicationError
        from games.models import GameEvent
        from tournaments.models import OrganiserAction

        tournament = _groups_of(
            organiser,
            group_count=1,
            advance_per_group=2,
            tie_breaks=["head_to_head", "boards_won", "centres", "playoff"],
        )
        ann, bob, cat = _enter(tournament, organiser, make_user, "ann bob cat")
        capture = django_capture_on_commit_callbacks
        with capture(execute=True):
            services.tournament_draw(tournament=tournament, by=organiser)
        r1, r2, r3 = (_group_match(tournament, 0, n) for n in (1, 2, 3))
        # A circle (cat beats bob, ann beats cat, bob beats ann), all level on the ladder:
        # a play-off for places 1 to 3, and it ends in a circle too.
        win_duel(r1, cat, capture)
        win_duel(r2, ann, capture)
        win_duel(r3, bob, capture)
        assert Match.objects.filter(tournament=tournament, playoff=True).count() == 3
        win_duel(_playoff(tournament, ann, bob), ann, capture)
        win_duel(_playoff(tournament, bob, cat), bob, capture)
        win_duel(_playoff(tournament, ann, cat), cat, capture)

        # Nothing falls back to the seeds: no knock-out, the stage waits, the table shows
        # the three level, and the organisers are told (once) to decide.
        assert not Match.objects.filter(tournament=tournament, round__kind="knockout").exists()
        table = group_table(tournament, 0)
        assert [table.row(e.key).place for e in (ann, bob, cat)] == [1, 1, 1]
        assert [(p.players, p.tied_again) for p in table.playoffs] == [
            ((ann.key, bob.key, cat.key), True)
        ]
        stage = tournament.rounds.get(kind=Round.Kind.GROUPS)
        assert stage.status == Round.Status.RUNNING
        told = GameEvent.objects.filter(kind="tournament", params__what="playoff_tied")
        assert told.count() == 1
        assert told.get().users == [organiser.pk]
        assert told.get().params["players"] == "ann, bob, cat"

        # Only an organiser, with a reason, naming exactly the three.
        with pytest.raises(ApplicationError, match="Only an organiser"):
            services.playoff_decide(
                tournament=tournament, by=ann.user, group=0, order=[ann, bob, cat], reason="x"
            )
        with pytest.raises(ApplicationError, match="Say why"):
            services.playoff_decide(
                tournament=tournament, by=organiser, group=0, order=[cat, ann, bob], reason=""
            )
        with pytest.raises(ApplicationError, match="exactly once"):
            services.playoff_decide(
                tournament=tournament, by=organiser, group=0, order=[cat, ann], reason="lots"
            )

        with capture(execute=True):
            services.playoff_decide(
                tournament=tournament,
                by=organiser,
                group=0,
                order=[cat, ann, bob],
                reason="drawn by lot before the players",
            )
        table = group_table(tournament, 0)
        assert [(table.row(e.key).place, table.row(e.key).decided_by) for e in (cat, ann, bob)] == [
            (1, ""),
            (2, "organiser"),
            (3, "organiser"),
        ]
        logged = OrganiserAction.objects.get(kind=OrganiserAction.Kind.PLAYOFF_DECIDE)
        assert (logged.actor, logged.reason) == (organiser, "drawn by lot before the players")
        assert logged.details["order"] == ["cat", "ann", "bob"]
        stage.refresh_from_db()
        assert stage.status == Round.Status.FINISHED
        assert _names(_knockout(tournament, 1, 0)) == ("cat", "ann")


class TestALadderThatRunsOut:
    def test_a_tie_the_ladder_cannot_part_goes_through_in_seed_order(
        self, make_user: Any, organiser: Any, django_capture_on_commit_callbacks: Any
    ) -> None:
        # The new-tournament form's ladder (head-to-head, boards won, centres) ends with
        # neither the seed nor a play-off: a circle of walkovers leaves the three level
        # across the cut, and the table's order (the seeds') sends two through, as the
        # ladder chosen ends there; nothing waits and nothing breaks.
        tournament = _groups_of(
            organiser,
            group_count=1,
            advance_per_group=2,
            tie_breaks=["head_to_head", "boards_won", "centres"],
        )
        ann, bob, cat = _enter(tournament, organiser, make_user, "ann bob cat")
        capture = django_capture_on_commit_callbacks
        with capture(execute=True):
            services.tournament_draw(tournament=tournament, by=organiser)
        r1, r2, r3 = (_group_match(tournament, 0, n) for n in (1, 2, 3))
        for match, winner in ((r1, cat), (r2, ann), (r3, bob)):
            with capture(execute=True):
                services.match_walkover(
                    tournament=tournament, by=organiser, match=match, winner=winner, reason="-"
                )
        assert [group_table(tournament, 0).row(e.key).place for e in (ann, bob, cat)] == [1, 1, 1]
        assert not Match.objects.filter(tournament=tournament, playoff=True).exists()
        assert _names(_knockout(tournament, 1, 0)) == ("ann", "bob")
