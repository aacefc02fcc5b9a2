"""The tournaments' demo (tournaments/demo.py, ``manage.py demo_tournaments``): a
knock-out of Highlander duels under way and a round of standard boards, made once, of
the demo players, run by bob; the demo bot plays every seat in them but alice's, and
never a tournament of another's."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.management import CommandError, call_command
from django.test import Client
from django.urls import reverse

from adjudicator import PhaseKind
from games import services as games_services
from games.management import demo as games_demo
from games.models import Game, GamePhase, OrderSet
from tournaments import demo, services
from tournaments.models import Board, Match, Round, Tournament


def _phases_played(match: Match) -> dict[int, int]:
    """How many phases each board of ``match``'s duel has adjudicated."""
    return {
        g.pk: g.phases.filter(status=GamePhase.Status.RESOLVED).count()
        for g in Game.objects.filter(link_id=match.duel_id)
    }


def _active(tournament: Tournament) -> list[Game]:
    boards = Board.objects.filter(round__tournament=tournament).values("game_id")
    duels = Match.objects.filter(tournament=tournament, duel__isnull=False).values("duel_id")
    return list(
        Game.objects.filter(status=Game.Status.ACTIVE).filter(pk__in=boards)
        | Game.objects.filter(status=Game.Status.ACTIVE, link_id__in=duels)
    )


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("eager")
def test_the_demo_events_are_made_once_and_played_by_the_bot_but_for_alice() -> None:
    with pytest.raises(CommandError, match="demo_data"):
        call_command("demo_tournaments")
    call_command("demo_data")
    call_command("demo_tournaments")
    call_command("demo_tournaments")  # idempotent
    knockout = demo.demo_tournament(demo.KNOCKOUT)
    league = demo.demo_tournament(demo.LEAGUE)
    assert knockout is not None
    assert league is not None
    assert Tournament.objects.filter(name__in=(demo.KNOCKOUT, demo.LEAGUE)).count() == 2
    for event in (knockout, league):
        assert event.status == Tournament.Status.RUNNING
        assert [u.username for u in event.organisers.all()] == ["bob"]
    semis = Match.objects.filter(tournament=knockout, round__kind=Round.Kind.KNOCKOUT)
    assert sorted(
        (m.a.user.username, m.b.user.username) for m in semis.select_related("a__user", "b__user")
    ) == [("alice", "erin"), ("carol", "dave")]
    board = Board.objects.get(round__tournament=league)
    assert board.game is not None
    assert board.game.last_year == demo.LEAGUE_LAST_YEAR
    assert sorted(board.seats.values_list("entry__user__username", flat=True)) == sorted(
        demo.ENTRANTS[demo.LEAGUE]
    )

    # Every demo event's running game is the bot's, and it never orders alice's seat.
    games = _active(knockout) + _active(league)
    assert {g.pk for g in games} <= {g.pk for g, _visitor in games_demo.bot_games()}
    for game in games:
        phase = game.current_phase
        assert phase is not None
        ordered = set(
            OrderSet.objects.filter(phase=phase, ready=True).values_list(
                "seat__user__username", flat=True
            )
        )
        assert "alice" not in ordered, game.name

    # The bot plays carol and dave's duel on, phase after phase, while alice's waits.
    carol_dave = semis.get(a__user__username="carol")
    start = _phases_played(carol_dave)
    for _ in range(6):
        games_demo.bot_play()
    carol_dave.refresh_from_db()
    # The bot's choices come from each game's seed: the duel may already be over. Its
    # two boards move in step, one waiting for the other at times: the duel moved on.
    assert carol_dave.winner_id is not None or sum(_phases_played(carol_dave).values()) > sum(
        start.values()
    )
    alice_erin = semis.get(a__user__username="alice")
    for game in Game.objects.filter(link_id=alice_erin.duel_id):
        assert game.current_phase.index == 0, "it waits for alice"


@pytest.mark.django_db(transaction=True)
def test_the_bot_plays_no_other_tournament_of_a_demo_events_name(make_user: Any) -> None:
    from accounts.roles import ORGANISER, grant

    call_command("demo_data")
    olga = make_user("olga")
    grant(olga, ORGANISER)
    other = services.tournament_create(
        by=olga, name=demo.KNOCKOUT, format=Tournament.Format.KNOCKOUT, check_in_required=False
    )
    for name in ("carol", "dave"):
        services.entry_register(tournament=other, user=User.objects.get(username=name))
    services.tournament_draw(tournament=other, by=olga)
    assert demo.demo_tournament(demo.KNOCKOUT) is None
    assert games_demo.bot_games() == [
        (g, v) for g, v in games_demo.bot_games() if g.pk not in {x.pk for x in _active(other)}
    ]
    games_demo.bot_play()
    assert not OrderSet.objects.filter(phase__game__in=_active(other)).exists()
    assert not GamePhase.objects.filter(game__in=_active(other), index__gt=0).exists()


#: The fifteen western centers a newcomer picks for his semi-final.
WESTERN = [
    "lon", "edi", "lvp", "bre", "par", "mar", "spa", "por",
    "bel", "hol", "kie", "ber", "mun", "den", "nwy",
]  # fmt: skip


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("eager")
def test_alices_semi_final_keeps_the_demo_duels_house_rule_and_says_so() -> None:
    """The demo duel's house rule (the bot nominates only after the visitor, and none of
    his centers) holds on the knock-out's duel the visitor plays, and its section says so;
    the duel between two bots and another's tournament of the name keep the real rule."""
    call_command("demo_data")
    call_command("demo_tournaments")
    knockout = demo.demo_tournament(demo.KNOCKOUT)
    assert knockout is not None
    semis = Match.objects.filter(tournament=knockout, round__kind=Round.Kind.KNOCKOUT)
    alice_erin = semis.get(a__user__username="alice")
    board = Game.objects.get(link_id=alice_erin.duel_id, link_label="A")
    phase = board.current_phase
    assert phase is not None
    assert phase.code == "W1900N"
    rules = games_demo.demo_of(board)
    assert rules is not None
    assert rules.bot_after_visitor == frozenset({PhaseKind.NOMINATION.value})
    carol_dave = semis.get(a__user__username="carol")
    for game in Game.objects.filter(link_id=carol_dave.duel_id):
        assert games_demo.demo_of(game) is None
    # Erin's bot waits for alice's list: it would have to nominate blind.
    games_demo.bot_play()
    assert not OrderSet.objects.filter(phase=phase).exists()
    alice = User.objects.get(username="alice")
    page = Client()
    page.force_login(alice)
    shown = page.get(reverse("games:detail", args=[board.pk])).content.decode()
    assert "A house rule of the demo: your opponent&#x27;s bot nominates only after" in shown

    nomination = [f"nominate {c}" for c in WESTERN]
    games_services.orders_submit(game=board, user=alice, orders=nomination)
    games_services.orders_ready(game=board, user=alice, ready=True)
    games_demo.bot_play()
    phase.refresh_from_db()
    erins = phase.order_sets.exclude(seat__user=alice).get()
    assert erins.ready
    assert len(erins.orders) == len(WESTERN)
    assert not set(erins.orders) & set(nomination)
    after = games_services.phase_position(board.phases.get(index=phase.index + 1))
    mine = board.seats.get(user=alice).power
    assert sorted(after.centers_of(mine)) == sorted(WESTERN)
