"""The players' votes beyond the draw (games.services.votes, games.vote_rules): concede, cancel,
pause and resume, each secret until decided, lapsing with its phase, noted in the history
and announced. The draw's own scenarios are in test_draws.py."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.test import override_settings

from core.errors import ApplicationError, NotSeated
from games import selectors, services
from games.models import BoardLink, Game, GameEvent, GamePhase, ModeratorAction, Vote
from games.services.links import CONCEDED
from games.services.moderation import game_pause, game_resume
from games.terms import GameTerms
from tests.games.helpers import current

pytestmark = pytest.mark.django_db


def cast(game: Game, user: Any, kind: str, accept: bool = True) -> bool:
    return services.vote_cast(game=game, user=user, kind=kind, accept=accept)


def everyone(game: Game, players: dict[str, Any], kind: str) -> list[bool]:
    return [cast(game, players[p], kind) for p in players]


def highlander(make_user: Any, *, duel: bool = False) -> Game:
    """Alice (red) and Bob (blue) at the start of a Highlander game, or of a duel with both
    boards running (a fixed set-up, so board B is made at once)."""
    options: dict[str, Any] = {}
    if duel:
        units = {"red": ["A mar", "A par"], "blue": ["A mos"]}
        centers = {"red": ["mar", "par"], "blue": ["mos"]}
        options = {"nomination": "fixed", "fixed_setup": {"centers": centers, "units": units}}
    game = services.game_create(
        created_by=make_user("alice"),
        name="Duel" if duel else "Highland",
        power="red",
        terms=GameTerms(
            variant_id="highlander",
            options=options,
            duel=duel,
            assignment=Game.Assignment.CHOSEN,
        ),
    )
    services.game_join(game=game, user=make_user("bob"), power="blue")
    game.refresh_from_db()
    return game


def user_of(game: Game, power: str) -> Any:
    return game.seats.get(power=power).user


def to_1902(game: Game) -> GamePhase:
    """Adjudicate (every power holding) until the game reaches 1902."""
    while current(game).phase.year < 1902:
        assert services.phase_adjudicate(game_id=game.pk, phase_id=current(game).pk)
    return current(game)


class TestConcede:
    def test_concede_ends_a_two_player_game_with_the_other_as_winner(self, make_user: Any) -> None:
        game = highlander(make_user)
        phase = current(game)
        assert cast(game, user_of(game, "red"), Vote.Kind.CONCEDE) is True
        game.refresh_from_db()
        assert (game.status, game.outcome, game.winner) == (
            Game.Status.FINISHED,
            Game.Outcome.SOLO,
            "blue",
        )
        phase.refresh_from_db()
        assert phase.status == GamePhase.Status.RESOLVED
        assert {"kind": "conceded", "power": "red", "winner": "blue"} in phase.notes
        assert GameEvent.objects.filter(game=game, kind="game_ended").count() == 1

    def test_concede_is_refused_in_a_seven_player_game(
        self, started_game: Game, players: dict[str, Any]
    ) -> None:
        with pytest.raises(ApplicationError, match="two players"):
            cast(started_game, players["italy"], Vote.Kind.CONCEDE)
        started_game.refresh_from_db()
        assert started_game.status == Game.Status.ACTIVE

    def test_a_concession_cannot_be_cast_against(self, make_user: Any) -> None:
        game = highlander(make_user)
        with pytest.raises(ApplicationError, match="nothing to withdraw"):
            cast(game, user_of(game, "red"), Vote.Kind.CONCEDE, accept=False)
        assert not Vote.objects.exists()

    def test_conceding_one_board_of_a_duel_concedes_the_duel(self, make_user: Any) -> None:
        a = highlander(make_user, duel=True)
        link = BoardLink.objects.get(games=a)
        b = link.board("B")
        assert b is not None
        assert current(b).code == current(a).code == "F1901M"
        # Conceded on board B: both boards end, and the duel with them, for red.
        assert cast(b, user_of(b, "blue"), Vote.Kind.CONCEDE) is True
        link.refresh_from_db()
        assert (link.status, link.winner, link.decided_by) == (
            BoardLink.Status.DECIDED,
            "red",
            CONCEDED,
        )
        for board in (a, b):
            board.refresh_from_db()
            assert (board.status, board.outcome, board.winner) == (
                Game.Status.FINISHED,
                Game.Outcome.DUEL,
                "red",
            )
            last = board.phases.order_by("-index").first()
            assert last is not None
            assert last.status == GamePhase.Status.RESOLVED
            assert {"kind": "conceded", "power": "blue", "winner": "red"} in last.notes
        assert link.log[-1] == {"kind": "conceded", "power": "blue", "winner": "red"}


class TestCancel:
    def test_cancel_needs_everyone(self, started_game: Game, players: dict[str, Any]) -> None:
        results = everyone(started_game, players, Vote.Kind.CANCEL)
        assert results == [False] * 6 + [True]
        started_game.refresh_from_db()
        assert started_game.status == Game.Status.CANCELLED
        assert (started_game.outcome, started_game.winner) == ("", "")
        phase = started_game.phases.get()
        assert phase.status == GamePhase.Status.RESOLVED
        assert {"kind": "cancel_agreed"} in phase.notes

    def test_one_no_keeps_the_game_going(self, started_game: Game, players: dict[str, Any]) -> None:
        for power in list(players)[:-1]:
            cast(started_game, players[power], Vote.Kind.CANCEL)
        assert cast(started_game, players["turkey"], Vote.Kind.CANCEL, accept=False) is False
        # Italy changes her mind: still not everyone.
        assert cast(started_game, players["italy"], Vote.Kind.CANCEL, accept=False) is False
        started_game.refresh_from_db()
        assert started_game.status == Game.Status.ACTIVE

    def test_cancel_is_open_through_the_first_year(
        self, started_game: Game, players: dict[str, Any]
    ) -> None:
        services.phase_adjudicate(game_id=started_game.pk, phase_id=current(started_game).pk)
        assert current(started_game).code == "F1901M"
        assert everyone(started_game, players, Vote.Kind.CANCEL)[-1] is True

    def test_cancel_is_refused_in_1902(self, started_game: Game, players: dict[str, Any]) -> None:
        assert to_1902(started_game).phase.year == 1902
        with pytest.raises(ApplicationError, match="first year"):
            cast(started_game, players["italy"], Vote.Kind.CANCEL)

    def test_a_cancelled_game_is_no_result(
        self, started_game: Game, players: dict[str, Any]
    ) -> None:
        from tournaments.services.ratings import game_rate

        everyone(started_game, players, Vote.Kind.CANCEL)
        started_game.refresh_from_db()
        # Not ended (ratings and tournaments listen to that), but cancelled, and told so.
        assert not GameEvent.objects.filter(game=started_game, kind="game_ended").exists()
        told = GameEvent.objects.get(game=started_game, kind="vote_passed")
        assert told.params["vote"] == "cancel"
        assert sorted(told.users) == sorted(u.pk for u in players.values())
        assert game_rate(game=started_game) is False

    def test_a_duel_is_not_cancelled(self, make_user: Any) -> None:
        a = highlander(make_user, duel=True)
        with pytest.raises(ApplicationError, match="cannot be cancelled"):
            cast(a, user_of(a, "red"), Vote.Kind.CANCEL)


class TestPause:
    def test_pause_then_resume(self, started_game: Game, players: dict[str, Any]) -> None:
        phase = current(started_game)
        assert phase.deadline is not None
        assert everyone(started_game, players, Vote.Kind.PAUSE)[-1] is True
        started_game.refresh_from_db()
        phase.refresh_from_db()
        assert started_game.is_paused
        assert phase.deadline is None
        assert started_game.paused_until is not None
        assert started_game.paused_until - started_game.paused_at == timedelta(days=14)
        pause = ModeratorAction.objects.get(game=started_game, kind=ModeratorAction.Kind.PAUSE)
        assert pause.actor is None
        assert pause.details["by_vote"] is True
        assert {"kind": "pause_agreed"} in phase.notes
        # The pause's votes are spent; only a resume is open now.
        assert not phase.votes.exists()
        with pytest.raises(ApplicationError, match="paused already"):
            cast(started_game, players["italy"], Vote.Kind.PAUSE)
        assert everyone(started_game, players, Vote.Kind.RESUME)[-1] is True
        started_game.refresh_from_db()
        phase.refresh_from_db()
        assert not started_game.is_paused
        assert phase.deadline is not None
        assert {"kind": "resume_agreed"} in phase.notes
        assert [e.params["vote"] for e in GameEvent.objects.filter(kind="vote_passed")] == [
            "pause",
            "resume",
        ]

    def test_a_game_ended_while_paused_is_paused_no_more(
        self, started_game: Game, players: dict[str, Any]
    ) -> None:
        everyone(started_game, players, Vote.Kind.PAUSE)
        assert everyone(started_game, players, Vote.Kind.CANCEL)[-1] is True
        started_game.refresh_from_db()
        assert started_game.status == Game.Status.CANCELLED
        assert not started_game.is_paused

    def test_resume_is_refused_when_not_paused(
        self, started_game: Game, players: dict[str, Any]
    ) -> None:
        with pytest.raises(ApplicationError, match="not paused"):
            cast(started_game, players["italy"], Vote.Kind.RESUME)

    def test_a_moderators_resume_spends_the_resume_votes(
        self, started_game: Game, players: dict[str, Any], site_moderator: Any
    ) -> None:
        game_pause(game=started_game, by=site_moderator, reason="A storm")
        cast(started_game, players["italy"], Vote.Kind.RESUME)
        game_resume(game=started_game, by=site_moderator)
        assert not current(started_game).votes.exists()
        # A second pause starts from a clean count.
        everyone(started_game, players, Vote.Kind.PAUSE)
        started_game.refresh_from_db()
        assert started_game.is_paused

    def test_the_players_pauses_count_among_the_games_pauses(
        self, started_game: Game, players: dict[str, Any]
    ) -> None:
        with (
            override_settings(GAME_PAUSES_MAX=0),
            pytest.raises(ApplicationError, match="pauses"),
        ):
            cast(started_game, players["italy"], Vote.Kind.PAUSE)

    def test_a_duel_is_paused_by_a_moderator_only(self, make_user: Any) -> None:
        a = highlander(make_user, duel=True)
        with pytest.raises(ApplicationError, match="moderator"):
            cast(a, user_of(a, "red"), Vote.Kind.PAUSE)


class TestSecrecy:
    def test_a_vote_is_secret_until_decided(
        self, started_game: Game, players: dict[str, Any]
    ) -> None:
        cast(started_game, players["italy"], Vote.Kind.PAUSE)
        cast(started_game, players["france"], Vote.Kind.CANCEL, accept=False)
        other = selectors.game_state(user=players["england"], game=started_game)
        assert other["phase"]["votes_proposed"] == ["pause"]  # that it was, never who
        assert other["me"]["votes"]["mine"] == {}
        own = selectors.game_state(user=players["italy"], game=started_game)
        assert own["me"]["votes"]["mine"] == {"pause": True}
        assert "pause" in own["me"]["votes"]["open"]

    def test_a_lapsed_vote_is_never_revealed(
        self, started_game: Game, players: dict[str, Any]
    ) -> None:
        cast(started_game, players["italy"], Vote.Kind.CANCEL)
        cast(started_game, players["italy"], Vote.Kind.PAUSE)
        phase = current(started_game)
        services.phase_adjudicate(game_id=started_game.pk, phase_id=phase.pk)
        phase.refresh_from_db()
        lapsed = [n for n in phase.notes if n["kind"] == "vote_lapsed"]
        assert lapsed == [
            {"kind": "vote_lapsed", "vote": "cancel"},
            {"kind": "vote_lapsed", "vote": "pause"},
        ]
        for viewer in (players["england"], players["italy"]):
            past = selectors.game_state(user=viewer, game=started_game, index=phase.index)
            assert past["phase"]["votes_proposed"] == []
            assert past["me"]["votes"]["open"] == []
            now = selectors.game_state(user=viewer, game=started_game)
            assert now["phase"]["votes_proposed"] == []
            assert now["me"]["votes"]["mine"] == {}

    def test_the_first_yes_proposes_to_the_others(
        self, started_game: Game, players: dict[str, Any]
    ) -> None:
        cast(started_game, players["italy"], Vote.Kind.CANCEL)
        cast(started_game, players["france"], Vote.Kind.CANCEL)
        proposed = GameEvent.objects.get(kind="vote_proposed")
        assert proposed.params == {"game": "Test game", "phase": "S1901M", "vote": "cancel"}
        assert players["italy"].pk not in proposed.users
        assert len(proposed.users) == 6

    def test_every_vote_bumps_the_version(
        self, started_game: Game, players: dict[str, Any]
    ) -> None:
        before = Game.objects.get(pk=started_game.pk).version
        cast(started_game, players["italy"], Vote.Kind.PAUSE)
        cast(started_game, players["italy"], Vote.Kind.PAUSE, accept=False)
        assert Game.objects.get(pk=started_game.pk).version == before + 2


class TestWhoVotes:
    @pytest.mark.parametrize("kind", [Vote.Kind.CANCEL, Vote.Kind.PAUSE])
    def test_a_stranger_an_observer_or_a_moderator_does_not_vote(
        self, started_game: Game, make_user: Any, site_moderator: Any, kind: str
    ) -> None:
        for user in (make_user("stranger"), site_moderator):
            with pytest.raises(NotSeated):
                cast(started_game, user, kind)
        assert not Vote.objects.exists()

    def test_an_eliminated_power_does_not_vote(
        self, started_game: Game, players: dict[str, Any]
    ) -> None:
        started_game.seats.filter(power="italy").update(eliminated=True)
        with pytest.raises(ApplicationError, match="Eliminated"):
            cast(started_game, players["italy"], Vote.Kind.PAUSE)
        # The survivors decide without the eliminated power.
        assert [cast(started_game, players[p], Vote.Kind.PAUSE) for p in players if p != "italy"][
            -1
        ] is True

    def test_a_sitter_orders_but_does_not_vote(
        self, started_game: Game, players: dict[str, Any], make_user: Any
    ) -> None:
        from datetime import date

        from games.models import Vacation
        from games.services import absences

        Game.objects.filter(pk=started_game.pk).update(
            vacation_handling=Game.VacationHandling.SITTER
        )
        started_game.refresh_from_db()
        sitter = make_user("sitter")
        absences.sitter_set(game=started_game, user=players["france"], sitter=sitter)
        Vacation.objects.create(
            user=players["france"],
            first_day=date.today(),
            last_day=date.today() + timedelta(days=3),
        )
        for kind in (Vote.Kind.CANCEL, Vote.Kind.PAUSE, Vote.Kind.DRAW):
            with pytest.raises(NotSeated):
                cast(started_game, sitter, kind)
        assert selectors.game_state(user=sitter, game=started_game)["me"]["votes"] == {
            "mine": {},
            "open": [],
        }

    def test_no_vote_in_a_finished_game(self, started_game: Game, players: dict[str, Any]) -> None:
        everyone(started_game, players, Vote.Kind.DRAW)
        with pytest.raises(ApplicationError):
            cast(started_game, players["italy"], Vote.Kind.PAUSE)

    def test_an_unknown_kind_is_refused(self, started_game: Game, players: dict[str, Any]) -> None:
        with pytest.raises(ApplicationError, match="no such vote"):
            cast(started_game, players["italy"], "surrender")
