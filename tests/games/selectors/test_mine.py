"""A player's own games at a glance (games.selectors.mine): what each game needs of him
now, one scenario per state; the order they come in; unread press; that nothing of
another player's readiness shows; that only his own games are listed, whoever asks; and
that the list is read in the same number of queries for one game as for twenty."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta
from typing import Any

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from accounts.roles import MODERATOR, grant
from games import services
from games.models import BoardLink, Game, GamePhase, Seat, Vacation, Vote
from games.selectors import MyGame, Need, Result, VoteOpen, my_games
from games.services import press
from games.services.links import link_award
from games.services.moderation import game_master_set
from games.terms import GameTerms
from tests.conftest import POWERS
from tests.games.helpers import current, duel_started

pytestmark = pytest.mark.django_db


def _row(user: Any, game: Game) -> MyGame:
    (row,) = [r for r in my_games(user=user) if r.game_id == game.pk]
    return row


def _running(players: dict[str, Any], name: str = "Evenings", **terms: Any) -> Game:
    """A running standard game, each player holding the power of his name."""
    game = services.game_create(
        created_by=players["austria"],
        name=name,
        power="austria",
        terms=GameTerms(assignment=Game.Assignment.CHOSEN, **terms),
    )
    for power in POWERS[1:]:
        services.game_join(game=game, user=players[power], power=power)
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE
    return game


def _deadline_in(game: Game, delta: timedelta) -> None:
    GamePhase.objects.filter(pk=current(game).pk).update(deadline=timezone.now() + delta)


# -- what each game needs of the player, one scenario per state ---------------------------


def test_orders_needed_while_none_are_saved(started_game: Game, players: dict[str, Any]) -> None:
    row = _row(players["austria"], started_game)
    assert row.need is Need.ORDERS
    assert row.need.is_action
    assert row.powers == ("austria",)
    assert row.power_names == ("Austria",)
    assert row.phase == "S1901M"
    assert row.phase_name == "Spring 1901 movement"
    assert row.deadline == current(started_game).deadline is not None
    assert row.variant == "standard"
    assert row.variant_name == "Standard"
    assert row.status == Game.Status.ACTIVE


def test_orders_saved_but_not_marked_ready(started_game: Game, players: dict[str, Any]) -> None:
    services.orders_submit(game=started_game, user=players["austria"], orders=["A vie - tri"])
    row = _row(players["austria"], started_game)
    assert row.need is Need.NOT_READY
    assert row.need.is_action


def test_orders_marked_ready(started_game: Game, players: dict[str, Any]) -> None:
    services.orders_submit(game=started_game, user=players["austria"], orders=["A vie - tri"])
    services.orders_ready(game=started_game, user=players["austria"], ready=True)
    row = _row(players["austria"], started_game)
    assert row.need is Need.READY
    assert not row.need.is_action


def test_ready_without_orders_is_ready_all_units_hold(
    started_game: Game, players: dict[str, Any]
) -> None:
    services.orders_ready(game=started_game, user=players["austria"], ready=True)
    assert _row(players["austria"], started_game).need is Need.READY


def test_nothing_to_do_while_another_colour_picks_in_a_draft(
    make_user: Callable[..., Any],
) -> None:
    users = [make_user(f"drafter{n}") for n in range(2)]
    game = services.game_create(
        created_by=users[0],
        name="Void",
        terms=GameTerms(variant_id="multiple_void", options={"players": 2}),
    )
    services.game_join(game=game, user=users[1])
    position = services.phase_position(current(game))
    from adjudicator import find_variant

    (on_turn,) = services.powers_to_order(position, find_variant("multiple_void"))
    needs = {Seat.objects.get(game=game, user=u).power: _row(u, game).need for u in users}
    assert needs[on_turn] is Need.ORDERS
    assert [n for p, n in needs.items() if p != on_turn] == [Need.NOTHING]
    # The draft's picks are told apart by their number.
    assert _row(users[0], game).phase_name == "Draft, pick 1"


def test_a_forming_game_waits_for_players(players: dict[str, Any]) -> None:
    game = services.game_create(created_by=players["austria"], name="Forming", terms=GameTerms())
    services.game_join(game=game, user=players["england"])
    row = _row(players["austria"], game)
    assert row.need is Need.FORMING
    assert (row.players, row.seats) == (2, 7)
    assert row.phase is None
    assert row.deadline is None


def test_a_power_drawn_by_lot_is_not_named_before_the_draw(players: dict[str, Any]) -> None:
    game = services.game_create(created_by=players["austria"], name="By lot", terms=GameTerms())
    services.game_join(game=game, user=players["england"])
    for user in (players["austria"], players["england"]):
        row = _row(user, game)
        assert (row.powers, row.power_names) == ((), ())
    chosen = services.game_create(
        created_by=players["austria"],
        name="Chosen",
        power="turkey",
        terms=GameTerms(assignment=Game.Assignment.CHOSEN),
    )
    assert _row(players["austria"], chosen).power_names == ("Turkey",)


def test_an_eliminated_power_has_nothing_more_to_give(
    started_game: Game, players: dict[str, Any]
) -> None:
    Seat.objects.filter(game=started_game, power="austria").update(eliminated=True)
    row = _row(players["austria"], started_game)
    assert row.need is Need.ELIMINATED
    assert row.phase == "S1901M"  # the game goes on, and its phase is still shown


def test_finished_games_the_few_most_recent(players: dict[str, Any]) -> None:
    now = timezone.now()
    made = []
    for n in range(7):
        game = services.game_create(
            created_by=players["austria"], name=f"Old {n}", terms=GameTerms()
        )
        Game.objects.filter(pk=game.pk).update(
            status=Game.Status.FINISHED,
            finished_at=now - timedelta(days=10 - n),
            outcome=Game.Outcome.DRAW,
        )
        made.append(game.pk)
    rows = my_games(user=players["austria"])
    assert [r.game_id for r in rows] == made[::-1][:5]  # the newest five, newest first
    assert {r.need for r in rows} == {Need.FINISHED}
    assert rows[0].outcome == Game.Outcome.DRAW
    assert rows[0].deadline is None


def test_a_game_cancelled_by_its_players_is_listed_as_ended(
    started_game: Game, players: dict[str, Any], make_user: Callable[..., Any]
) -> None:
    for user in players.values():
        services.vote_cast(game=started_game, user=user, kind=Vote.Kind.CANCEL, accept=True)
    row = _row(players["austria"], started_game)
    assert row.status == Game.Status.CANCELLED
    assert row.need is Need.FINISHED
    assert row.result is Result.CANCELLED
    assert row.result_words == "Cancelled: no result"
    assert row.finished_at is not None
    assert (row.phase, row.deadline, row.votes_open) == (None, None, ())
    assert not row.action
    # Nobody else's: a stranger lists none of it.
    assert my_games(user=make_user("stranger")) == []


def test_ended_games_finished_and_cancelled_the_latest_first(players: dict[str, Any]) -> None:
    now = timezone.now()
    made = []
    for n, status in enumerate([Game.Status.FINISHED, Game.Status.CANCELLED] * 3):
        game = services.game_create(
            created_by=players["austria"], name=f"Ended {n}", terms=GameTerms()
        )
        Game.objects.filter(pk=game.pk).update(
            status=status, finished_at=now - timedelta(days=9 - n)
        )
        made.append(game.pk)
    assert [r.game_id for r in my_games(user=players["austria"])] == made[::-1][:5]


def test_a_game_ended_more_than_two_weeks_ago_is_listed_no_more(players: dict[str, Any]) -> None:
    game = services.game_create(created_by=players["austria"], name="Long ago")
    ended = timezone.now() - timedelta(days=14, minutes=1)
    Game.objects.filter(pk=game.pk).update(status=Game.Status.FINISHED, finished_at=ended)
    assert my_games(user=players["austria"]) == []
    Game.objects.filter(pk=game.pk).update(finished_at=ended + timedelta(minutes=2))
    assert [r.name for r in my_games(user=players["austria"])] == ["Long ago"]


# -- how an ended game ended, in words --------------------------------------------------------


def _ended(game: Game, outcome: str, winner: str = "") -> None:
    Game.objects.filter(pk=game.pk).update(
        status=Game.Status.FINISHED, outcome=outcome, winner=winner, finished_at=timezone.now()
    )


def test_a_solo_is_won_by_its_winner_and_lost_by_the_others(
    started_game: Game, players: dict[str, Any]
) -> None:
    _ended(started_game, Game.Outcome.SOLO, "austria")
    austria, england = (
        _row(players["austria"], started_game),
        _row(players["england"], started_game),
    )
    assert austria.result is england.result is Result.SOLO
    assert austria.result_words == "You won: a solo victory"
    assert england.result_words == "Solo victory: Austria"


def test_a_draw_a_shared_victory_and_an_ending_without_a_result(
    started_game: Game, players: dict[str, Any]
) -> None:
    _ended(started_game, Game.Outcome.DRAW)
    assert _row(players["austria"], started_game).result_words == "Draw"
    _ended(started_game, Game.Outcome.SHARED, "austria,france")
    assert _row(players["austria"], started_game).result_words == (
        "Shared victory, yours with others: Austria, France"
    )
    assert _row(players["italy"], started_game).result_words == "Shared victory: Austria, France"
    _ended(started_game, "")
    row = _row(players["italy"], started_game)
    assert (row.result, row.result_words) == (Result.ENDED, "Ended")


def test_a_history_to_replay_once_a_phase_was_adjudicated(
    started_game: Game, players: dict[str, Any]
) -> None:
    austria = players["austria"]
    assert not _row(austria, started_game).replayable  # running
    assert services.phase_adjudicate(game_id=started_game.pk, phase_id=current(started_game).pk)
    for user in players.values():
        services.vote_cast(game=started_game, user=user, kind=Vote.Kind.CANCEL, accept=True)
    assert _row(austria, started_game).replayable


def test_a_game_cancelled_in_its_first_phase_has_nothing_to_replay(
    started_game: Game, players: dict[str, Any]
) -> None:
    for user in players.values():
        services.vote_cast(game=started_game, user=user, kind=Vote.Kind.CANCEL, accept=True)
    assert not _row(players["austria"], started_game).replayable


def test_a_running_game_has_no_result(started_game: Game, players: dict[str, Any]) -> None:
    row = _row(players["austria"], started_game)
    assert (row.result, row.result_words) == (None, "")


def test_a_conceded_duel_says_who_conceded(make_user: Callable[..., Any]) -> None:
    game, alice, bob = _duel(make_user)
    services.vote_cast(game=game, user=bob, kind=Vote.Kind.CONCEDE, accept=True)
    for row in my_games(user=alice):  # both boards
        assert (row.result, row.conceded_by, row.winner) == (Result.CONCEDED, "blue", "red")
        assert row.result_words == "Blue conceded: you won"
    for row in my_games(user=bob):
        assert row.result_words == "You conceded: Red won"


def test_a_duel_decided_on_the_board_is_won_and_lost(make_user: Callable[..., Any]) -> None:
    game, alice, bob = _duel(make_user)
    for board in Game.objects.filter(link_id=game.link_id):
        _ended(board, Game.Outcome.DUEL, "red")
    assert {r.result_words for r in my_games(user=alice)} == {"You won the duel"}
    # The loser is told he lost, and to whom, not which colour won (issue 35's leftover).
    assert {r.result_words for r in my_games(user=bob)} == {
        f"You lost the duel to {alice.username}"
    }


def test_a_duel_awarded_without_play_says_so(
    make_user: Callable[..., Any], site_moderator: Any
) -> None:
    """A walkover or a forfeit (games.services.links.link_award): its loser read "Red won
    the duel", as if a duel had been played and he knew which colour was whose."""
    game, alice, bob = _duel(make_user)
    link = BoardLink.objects.get(pk=game.link_id)
    link_award(link=link, by=site_moderator, winner="red", reason="bob did not show up")
    assert {r.result_words for r in my_games(user=alice)} == {"The duel was awarded to you"}
    assert {r.result_words for r in my_games(user=bob)} == {
        "You lost the duel: it was awarded to alice"
    }
    assert {(r.result, r.winner) for r in my_games(user=bob)} == {(Result.DUEL, "red")}


def test_an_anonymous_duel_awarded_names_the_colour(
    make_user: Callable[..., Any], site_moderator: Any
) -> None:
    game, _alice, bob = _duel(make_user, anonymous=True)
    link = BoardLink.objects.get(pk=game.link_id)
    link_award(link=link, by=site_moderator, winner="red", reason="bob did not show up")
    assert {r.result_words for r in my_games(user=bob)} == {
        "You lost the duel: it was awarded to Red"
    }


# -- votes: open, waiting for his, never another's -------------------------------------------


def _vote(game: Game, user: Any, kind: str = Vote.Kind.DRAW, accept: bool = True) -> bool:
    return services.vote_cast(game=game, user=user, kind=kind, accept=accept)


def test_no_vote_open_none_shown(started_game: Game, players: dict[str, Any]) -> None:
    assert _row(players["austria"], started_game).votes_open == ()


def test_a_proposed_draw_needs_his_vote(started_game: Game, players: dict[str, Any]) -> None:
    austria = players["austria"]
    services.orders_ready(game=started_game, user=austria, ready=True)
    assert not _row(austria, started_game).action  # ready: nothing to do
    _vote(started_game, players["england"])
    row = _row(austria, started_game)
    assert row.votes_open == (VoteOpen(kind="draw", voted=False),)
    assert row.votes_open[0].words == "Draw proposed: your vote is needed"
    assert row.need is Need.READY  # his orders are done; the vote is what he owes
    assert row.action


def test_once_he_has_voted_the_vote_stays_open_but_needs_him_no_more(
    started_game: Game, players: dict[str, Any]
) -> None:
    austria = players["austria"]
    services.orders_ready(game=started_game, user=austria, ready=True)
    _vote(started_game, players["england"])
    _vote(started_game, austria)
    row = _row(austria, started_game)
    assert row.votes_open == (VoteOpen(kind="draw", voted=True),)
    assert row.votes_open[0].words == "Draw proposed: you have voted"
    assert not row.action
    # A vote withdrawn is his answer too: the proposal stands (England's), he said no.
    _vote(started_game, austria, accept=False)
    assert _row(austria, started_game).votes_open == (VoteOpen(kind="draw", voted=True),)


def test_his_own_proposal_is_open_and_voted(started_game: Game, players: dict[str, Any]) -> None:
    _vote(started_game, players["austria"], Vote.Kind.CANCEL)
    assert _row(players["austria"], started_game).votes_open == (
        VoteOpen(kind="cancel", voted=True),
    )
    assert _row(players["italy"], started_game).votes_open[0].words == (
        "Cancelling the game proposed: your vote is needed"
    )


def test_a_vote_against_alone_proposes_nothing(started_game: Game, players: dict[str, Any]) -> None:
    _vote(started_game, players["england"], accept=False)
    assert _row(players["austria"], started_game).votes_open == ()
    assert _row(players["england"], started_game).votes_open == ()


def test_another_players_vote_is_never_revealed(
    started_game: Game, players: dict[str, Any]
) -> None:
    austria = players["austria"]
    _vote(started_game, players["england"])
    before = _row(austria, started_game)
    # Who else votes, for or against, moves nothing of his row.
    _vote(started_game, players["france"])
    _vote(started_game, players["germany"], accept=False)
    _vote(started_game, players["italy"], Vote.Kind.PAUSE, accept=False)
    assert _row(austria, started_game) == before
    # Each voter's own row says what he did, and only his.
    assert _row(players["france"], started_game).votes_open == (VoteOpen("draw", voted=True),)
    assert _row(players["germany"], started_game).votes_open == (VoteOpen("draw", voted=True),)
    assert _row(players["russia"], started_game).votes_open == (VoteOpen("draw", voted=False),)


def test_a_decided_draw_ends_the_game_and_its_votes(
    started_game: Game, players: dict[str, Any]
) -> None:
    for user in players.values():
        _vote(started_game, user)
    row = _row(players["austria"], started_game)
    assert row.votes_open == ()
    assert (row.need, row.result, row.result_words) == (Need.FINISHED, Result.DRAW, "Draw")


def test_a_decided_pause_opens_no_more_and_a_resume_may_be_proposed(
    started_game: Game, players: dict[str, Any]
) -> None:
    for user in players.values():
        _vote(started_game, user, Vote.Kind.PAUSE)
    row = _row(players["austria"], started_game)
    assert (row.paused, row.votes_open) == (True, ())
    _vote(started_game, players["turkey"], Vote.Kind.RESUME)
    assert _row(players["austria"], started_game).votes_open == (VoteOpen("resume", False),)


def test_a_vote_lapses_with_its_phase(started_game: Game, players: dict[str, Any]) -> None:
    _vote(started_game, players["england"])
    assert services.phase_adjudicate(game_id=started_game.pk, phase_id=current(started_game).pk)
    assert _row(players["austria"], started_game).votes_open == ()


def test_an_eliminated_power_is_not_asked_to_vote(
    started_game: Game, players: dict[str, Any]
) -> None:
    _vote(started_game, players["england"])
    Seat.objects.filter(game=started_game, power="austria").update(eliminated=True)
    row = _row(players["austria"], started_game)
    assert (row.need, row.votes_open, row.action) == (Need.ELIMINATED, (), False)


def test_a_vote_needed_comes_first_with_the_orders_needed(players: dict[str, Any]) -> None:
    austria = players["austria"]
    ready = _running(players, "ready, due in 1 h")
    _deadline_in(ready, timedelta(hours=1))
    services.orders_ready(game=ready, user=austria, ready=True)
    voting = _running(players, "ready, a draw proposed, due in 3 days")
    _deadline_in(voting, timedelta(days=3))
    services.orders_ready(game=voting, user=austria, ready=True)
    _vote(voting, players["england"])
    assert [r.name for r in my_games(user=austria)] == [
        "ready, a draw proposed, due in 3 days",
        "ready, due in 1 h",
    ]


def test_a_paused_game_shows_no_deadline(started_game: Game, players: dict[str, Any]) -> None:
    Game.objects.filter(pk=started_game.pk).update(paused_at=timezone.now())
    row = _row(players["austria"], started_game)
    assert row.paused
    assert row.deadline is None


# -- the order: action first, then the soonest deadline -----------------------------------


def test_action_first_then_soonest_deadline_then_none(players: dict[str, Any]) -> None:
    austria = players["austria"]
    ready_soon = _running(players, "ready, due in 1 h")
    _deadline_in(ready_soon, timedelta(hours=1))
    services.orders_ready(game=ready_soon, user=austria, ready=True)
    orders_late = _running(players, "orders, due in 3 days")
    _deadline_in(orders_late, timedelta(days=3))
    unready_soon = _running(players, "not ready, due in 2 h")
    _deadline_in(unready_soon, timedelta(hours=2))
    services.orders_submit(game=unready_soon, user=austria, orders=["A vie - tri"])
    orders_none = _running(players, "orders, no deadline")
    GamePhase.objects.filter(pk=current(orders_none).pk).update(deadline=None)
    forming = services.game_create(created_by=austria, name="forming", terms=GameTerms())
    finished = services.game_create(created_by=austria, name="finished", terms=GameTerms())
    Game.objects.filter(pk=finished.pk).update(
        status=Game.Status.FINISHED, finished_at=timezone.now()
    )
    ready_late = _running(players, "ready, due in 5 days")
    _deadline_in(ready_late, timedelta(days=5))
    services.orders_ready(game=ready_late, user=austria, ready=True)

    assert [r.name for r in my_games(user=austria)] == [
        "not ready, due in 2 h",
        "orders, due in 3 days",
        "orders, no deadline",
        "ready, due in 1 h",
        "ready, due in 5 days",
        "forming",
        "finished",
    ]
    assert forming.pk in {r.game_id for r in my_games(user=austria)}


# -- press --------------------------------------------------------------------------------


def test_unread_press_counts_what_he_may_read_and_has_not(
    started_game: Game, players: dict[str, Any]
) -> None:
    game, austria = started_game, players["austria"]
    press.press_send(game=game, user=players["england"], to="all", body="Hello all")
    press.press_send(game=game, user=players["france"], to=["austria"], body="Psst")
    # Between two other powers: never his to read, never counted.
    press.press_send(game=game, user=players["germany"], to=["italy"], body="Secret")
    # His own message is not unread to him.
    press.press_send(game=game, user=austria, to=["russia"], body="Mine")
    assert _row(austria, game).unread_press == 2
    assert _row(players["italy"], game).unread_press == 2  # England's to all, Germany's
    press.press_mark_read(game=game, user=austria, conversation="all")
    assert _row(austria, game).unread_press == 1
    press.press_mark_read(game=game, user=austria, conversation="austria+france")
    assert _row(austria, game).unread_press == 0
    press.press_send(game=game, user=players["russia"], to=["austria"], body="Answer")
    assert _row(austria, game).unread_press == 1


# -- nobody else's secrets, nobody else's games -------------------------------------------


def test_another_players_readiness_and_orders_never_show(
    started_game: Game, players: dict[str, Any]
) -> None:
    before = _row(players["austria"], started_game)
    services.orders_submit(game=started_game, user=players["england"], orders=["F lon - nth"])
    services.orders_ready(game=started_game, user=players["england"], ready=True)
    after = _row(players["austria"], started_game)
    assert after == before  # not a field of his row moved
    # England's own row tells England, and only England, that he is ready.
    assert _row(players["england"], started_game).need is Need.READY


def test_a_stranger_lists_none_of_the_games_he_does_not_sit_in(
    started_game: Game, make_user: Callable[..., Any]
) -> None:
    assert my_games(user=make_user("stranger")) == []


def test_an_observer_a_moderator_and_a_game_master_list_none_of_it(
    started_game: Game, make_user: Callable[..., Any], site_moderator: Any
) -> None:
    master = make_user("master")
    game_master_set(game=started_game, by=site_moderator, user=master)
    moderator = make_user("moderator")
    grant(moderator, MODERATOR)
    for user in (master, moderator, site_moderator):
        assert my_games(user=user) == []


def test_a_sitter_lists_only_his_own_games(
    players: dict[str, Any], make_user: Callable[..., Any]
) -> None:
    game = _running(players, vacation_handling=Game.VacationHandling.SITTER)
    sitter = make_user("sitter")
    Seat.objects.filter(game=game, power="austria").update(sitter=sitter)
    today = timezone.now().date()
    Vacation.objects.create(user=players["austria"], first_day=today, last_day=today)
    assert my_games(user=sitter) == []


def test_the_anonymous_have_no_games() -> None:
    from django.contrib.auth.models import AnonymousUser

    assert my_games(user=AnonymousUser()) == []  # type: ignore[arg-type]


# -- duels and tournament boards ----------------------------------------------------------


def _duel(make_user: Callable[..., Any], *, anonymous: bool = False) -> tuple[Game, Any, Any]:
    alice, bob = make_user("alice"), make_user("bob")
    return duel_started(alice, bob, anonymous=anonymous), alice, bob


def test_a_duel_shows_both_boards_and_the_opponent(make_user: Callable[..., Any]) -> None:
    _game, alice, _bob = _duel(make_user)
    rows = my_games(user=alice)
    assert sorted(r.duel.board for r in rows if r.duel) == ["A", "B"]
    for row in rows:
        assert row.duel is not None
        assert [(o.power, o.player) for o in row.duel.opponents] == [("blue", "bob")]
        assert row.occasion is None  # a duel of its own, no tournament's


def test_an_anonymous_duel_names_no_opponent(make_user: Callable[..., Any]) -> None:
    _game, alice, _bob = _duel(make_user, anonymous=True)
    for row in my_games(user=alice):
        assert row.duel is not None
        assert [(o.power, o.player) for o in row.duel.opponents] == [("blue", "")]


def test_an_ordinary_game_is_no_duel(started_game: Game, players: dict[str, Any]) -> None:
    row = _row(players["austria"], started_game)
    assert row.duel is None
    assert row.occasion is None


# -- queries ------------------------------------------------------------------------------


def _queries(user: Any) -> int:
    with CaptureQueriesContext(connection) as queries:
        rows = my_games(user=user)
    assert rows
    return len(queries)


def test_one_game_or_twenty_in_the_same_number_of_queries(
    players: dict[str, Any], make_user: Callable[..., Any]
) -> None:
    austria = players["austria"]

    def game_with_everything(n: int) -> None:
        game = _running(players, f"Game {n}")
        services.orders_submit(game=game, user=austria, orders=["A vie - tri"])
        press.press_send(game=game, user=players["england"], to="all", body="Hi")
        press.press_send(game=game, user=players["france"], to=["austria"], body="Psst")
        forming = services.game_create(created_by=austria, name=f"F {n}", terms=GameTerms())
        services.vote_cast(game=game, user=players["england"], kind=Vote.Kind.DRAW, accept=True)
        for status in (Game.Status.FINISHED, Game.Status.CANCELLED):
            ended = services.game_create(created_by=austria, name=f"{status} {n}")
            Game.objects.filter(pk=ended.pk).update(status=status, finished_at=timezone.now())
        assert forming.pk

    # A duel too, in both counts: its opponents' query runs however many duels there are.
    duel_started(austria, players["england"])
    game_with_everything(0)
    one = _queries(austria)
    for n in range(1, 20):
        game_with_everything(n)
    assert len(my_games(user=austria)) == 20 + 2 + 20 + 5  # both boards of the duel
    assert _queries(austria) == one
    # Seats (running, ended: with the last phase's notes), open phases (with their open
    # votes), own order sets, press, opponents, forming games' seats, and the tournaments'
    # boards and matches.
    assert one == 9
    assert sum(bool(r.votes_open) for r in my_games(user=austria)) == 20  # a draw proposed in each


def test_an_investor_is_shown_by_his_pseudonym(make_user: Callable[..., Any]) -> None:
    from tests.games.kapitalisten import kapitalisten_game, pseudonym_of

    game, users = kapitalisten_game(make_user)
    banker = users["banker3"]
    row = _row(banker, game)
    assert row.power_names[0] == pseudonym_of(banker)
    assert row.powers[0] == Seat.objects.get(game=game, user=banker).power
    # The opening exchange: his exchange orders are due, and he controls no nation yet.
    assert row.phase_name == "Opening exchange (Winter 1900)"
    assert row.need is Need.ORDERS
    assert len(row.powers) == len(row.power_names) == 1
