"""Issue 41, H2: a result a game master decided alone (an end he called, a phase he ruled
on, orders he typed for a power) counts for no rating until a site moderator confirms it
(games.services.moderation.game_result_confirm); then it counts once, through games'
event ``result_confirmed``. A site moderator's own end counts at once."""

from __future__ import annotations

from typing import Any

import pytest

from accounts.roles import MODERATOR, grant
from core.errors import ApplicationError
from games import events, selectors, services
from games.models import BoardLink, Game, GameEvent, GamePhase, ModeratorAction, Vote
from games.services import moderation, rulings
from games.terms import GameTerms
from tests.conftest import POWERS
from tests.games.helpers import current, duel_started
from tournaments.listeners import game_event_hear
from tournaments.models import PlayerRating, RatedResult
from tournaments.services.ratings import game_rate

pytestmark = pytest.mark.django_db

REASON = "Germany's player asked me to."
ONLY = "Only a site moderator who does not play in the game confirms its result"


@pytest.fixture
def organiser(make_user: Any) -> Any:
    return make_user("organiser")


@pytest.fixture
def referee(make_user: Any) -> Any:
    return make_user("referee")


@pytest.fixture
def refereed(players: dict[str, Any], organiser: Any, referee: Any) -> Game:
    """A running standard game set up by an organiser who does not play, run by the
    referee he named, each player holding the power of his name."""
    game = services.game_create(
        created_by=organiser,
        name="Refereed",
        join=False,
        terms=GameTerms(assignment=Game.Assignment.CHOSEN),
    )
    moderation.game_master_set(game=game, by=organiser, user=referee)
    for power in POWERS:
        services.game_join(game=game, user=players[power], power=power)
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE
    return game


def ratings() -> dict[str, int]:
    """Every multiplayer rating kept, as games counted, by player."""
    return dict(
        PlayerRating.objects.filter(kind=PlayerRating.Kind.MULTIPLAYER).values_list(
            "user__username", "games"
        )
    )


def adjudicated(game: Game) -> GamePhase:
    phase = current(game)
    assert services.phase_adjudicate(game_id=game.pk, phase_id=phase.pk)
    phase.refresh_from_db()
    return phase


class TestAMastersEnd:
    @pytest.mark.parametrize(
        ("outcome", "winner"), [(Game.Outcome.SOLO, "germany"), (Game.Outcome.DRAW, "")]
    )
    def test_counts_for_no_rating_until_a_site_moderator_confirms_it_then_once(
        self,
        refereed: Game,
        referee: Any,
        site_moderator: Any,
        outcome: str,
        winner: str,
        django_capture_on_commit_callbacks: Any,
    ) -> None:
        with django_capture_on_commit_callbacks(execute=True):
            moderation.game_end(
                game=refereed, by=referee, outcome=outcome, winner=winner, reason=REASON
            )
        refereed.refresh_from_db()
        assert (refereed.status, refereed.outcome, refereed.winner) == ("finished", outcome, winner)
        assert refereed.result_awaits_confirmation
        assert ratings() == {}
        assert game_rate(game=refereed) is False
        assert not RatedResult.objects.exists()

        with django_capture_on_commit_callbacks(execute=True):
            moderation.game_result_confirm(game=refereed, by=site_moderator, reason="Checked.")
        refereed.refresh_from_db()
        assert not refereed.result_awaits_confirmation
        assert refereed.result_counts
        assert ratings() == {f"{p}-player": 1 for p in POWERS}
        assert RatedResult.objects.filter(key=f"game:{refereed.pk}").count() == 1

        # Every event heard again (games' events may come twice): counted once.
        for event in GameEvent.objects.filter(game=refereed):
            game_event_hear(event)
        assert ratings() == {f"{p}-player": 1 for p in POWERS}
        assert RatedResult.objects.count() == 1

        record = ModeratorAction.objects.filter(game=refereed).last()
        assert record is not None
        assert (record.kind, record.actor, record.reason) == ("confirm", site_moderator, "Checked.")
        assert record.details == {"outcome": outcome, "winner": winner, "by_role": "moderator"}
        shown = selectors.moderation_summary(game=refereed, user=site_moderator)
        assert shown["actions"][-1]["kind_name"] == "Result confirmed"
        assert not shown["result_awaits_confirmation"]
        assert not shown["can_confirm_result"]

    def test_is_confirmed_once_only(
        self, refereed: Game, referee: Any, site_moderator: Any
    ) -> None:
        moderation.game_end(game=refereed, by=referee, outcome=Game.Outcome.DRAW, reason=REASON)
        moderation.game_result_confirm(game=refereed, by=site_moderator)
        with pytest.raises(ApplicationError, match="awaits no confirmation"):
            moderation.game_result_confirm(game=refereed, by=site_moderator)
        assert ModeratorAction.objects.filter(game=refereed, kind="confirm").count() == 1
        assert GameEvent.objects.filter(game=refereed, kind="result_confirmed").count() == 1

    def test_is_announced_to_everyone_who_may_watch_and_to_site_moderators_as_a_need(
        self, refereed: Game, referee: Any, site_moderator: Any, players: dict[str, Any]
    ) -> None:
        moderation.game_end(game=refereed, by=referee, outcome=Game.Outcome.DRAW, reason=REASON)
        refereed.refresh_from_db()
        for who in (players["france"], referee, site_moderator):
            summary = selectors.moderation_summary(game=refereed, user=who)
            assert summary["result_awaits_confirmation"]
            assert summary["can_confirm_result"] is (who == site_moderator)
        rows = selectors.games_to_moderate(user=site_moderator)
        assert [(r["game"], r["needs"]) for r in rows] == [(refereed, ["confirm"])]
        assert selectors.games_to_moderate(user=referee) == []


class TestWhoConfirms:
    @pytest.mark.parametrize("who", ["referee", "player", "creator", "stranger", "playing_mod"])
    def test_nobody_but_a_site_moderator_out_of_the_game(
        self,
        refereed: Game,
        referee: Any,
        organiser: Any,
        players: dict[str, Any],
        make_user: Any,
        who: str,
        django_capture_on_commit_callbacks: Any,
    ) -> None:
        playing_mod = players["france"]
        grant(playing_mod, MODERATOR)
        moderation.game_end(
            game=refereed, by=referee, outcome=Game.Outcome.SOLO, winner="germany", reason=REASON
        )
        asker = {
            "referee": referee,
            "player": players["germany"],
            "creator": organiser,
            "stranger": make_user("stranger"),
            "playing_mod": playing_mod,
        }[who]
        with (
            django_capture_on_commit_callbacks(execute=True),
            pytest.raises(ApplicationError, match=ONLY),
        ):
            moderation.game_result_confirm(game=refereed, by=asker)
        refereed.refresh_from_db()
        assert refereed.result_awaits_confirmation
        assert ratings() == {}
        assert not ModeratorAction.objects.filter(kind="confirm").exists()
        assert not selectors.moderation_summary(game=refereed, user=asker)["can_confirm_result"]

    def test_a_result_that_needs_none_is_not_confirmed(
        self, refereed: Game, site_moderator: Any
    ) -> None:
        with pytest.raises(ApplicationError, match="awaits no confirmation"):
            moderation.game_result_confirm(game=refereed, by=site_moderator)  # still running
        moderation.game_end(
            game=refereed, by=site_moderator, outcome=Game.Outcome.DRAW, reason=REASON
        )
        with pytest.raises(ApplicationError, match="awaits no confirmation"):
            moderation.game_result_confirm(game=refereed, by=site_moderator)


class TestWhatAMasterDecidesAlone:
    def test_a_site_moderators_own_end_counts_at_once(
        self, refereed: Game, site_moderator: Any, django_capture_on_commit_callbacks: Any
    ) -> None:
        with django_capture_on_commit_callbacks(execute=True):
            moderation.game_end(
                game=refereed,
                by=site_moderator,
                outcome=Game.Outcome.SOLO,
                winner="germany",
                reason=REASON,
            )
        refereed.refresh_from_db()
        assert not refereed.master_decided
        assert refereed.result_counts
        assert ratings() == {f"{p}-player": 1 for p in POWERS}

    def test_a_masters_ruling_makes_the_players_draw_await_confirmation(
        self,
        refereed: Game,
        referee: Any,
        players: dict[str, Any],
        django_capture_on_commit_callbacks: Any,
    ) -> None:
        first = adjudicated(refereed)
        rulings.ruling_apply(game=refereed, by=referee, phase=first, orders={}, reason=REASON)
        refereed.refresh_from_db()
        assert refereed.master_decided
        with django_capture_on_commit_callbacks(execute=True):
            for power in POWERS:
                services.vote_cast(
                    game=refereed, user=players[power], kind=Vote.Kind.DRAW, accept=True
                )
        refereed.refresh_from_db()
        assert (refereed.status, refereed.outcome) == ("finished", "draw")
        assert refereed.result_awaits_confirmation
        assert ratings() == {}

    def test_a_site_moderators_end_after_a_masters_ruling_confirms_it(
        self,
        refereed: Game,
        referee: Any,
        site_moderator: Any,
        django_capture_on_commit_callbacks: Any,
    ) -> None:
        first = adjudicated(refereed)
        rulings.ruling_apply(game=refereed, by=referee, phase=first, orders={}, reason=REASON)
        with django_capture_on_commit_callbacks(execute=True):
            moderation.game_end(
                game=refereed, by=site_moderator, outcome=Game.Outcome.DRAW, reason=REASON
            )
        refereed.refresh_from_db()
        assert refereed.master_decided
        assert refereed.result_confirmed_at is not None
        assert ratings() == {f"{p}-player": 1 for p in POWERS}

    def test_a_site_moderators_ruling_needs_nobody_elses_word(
        self, refereed: Game, site_moderator: Any
    ) -> None:
        first = adjudicated(refereed)
        rulings.ruling_apply(
            game=refereed, by=site_moderator, phase=first, orders={}, reason=REASON
        )
        refereed.refresh_from_db()
        assert not refereed.master_decided

    @pytest.mark.parametrize(("orders", "marked"), [(["A ber - kie"], True), (None, False)])
    def test_orders_a_master_types_for_a_power_are_his_alone(
        self,
        refereed: Game,
        referee: Any,
        players: dict[str, Any],
        orders: list[str] | None,
        marked: bool,
    ) -> None:
        """The player's own saved orders, accepted late, are the player's; orders the
        master types are his."""
        services.orders_submit(game=refereed, user=players["germany"], orders=["A mun H"])
        moderation.late_orders_accept(
            game=refereed, by=referee, power="germany", orders=orders, reason=REASON
        )
        refereed.refresh_from_db()
        assert refereed.master_decided is marked
        record = ModeratorAction.objects.get(game=refereed, kind="accept_late")
        assert record.details["orders_given"] is marked


class TestDuels:
    def test_a_duel_a_master_moved_is_rated_once_its_board_is_confirmed(
        self, make_user: Any, site_moderator: Any, django_capture_on_commit_callbacks: Any
    ) -> None:
        red, blue, referee = make_user("red"), make_user("blue"), make_user("referee")
        board_a = duel_started(red, blue)
        moderation.game_master_set(game=board_a, by=site_moderator, user=referee)
        moderation.late_orders_accept(
            game=board_a, by=referee, power="red", orders=["A par H"], reason=REASON
        )
        board_b = Game.objects.get(link=board_a.link_id, link_label="B")
        with django_capture_on_commit_callbacks(execute=True):
            services.vote_cast(game=board_b, user=blue, kind=Vote.Kind.CONCEDE, accept=True)
        link = BoardLink.objects.get(pk=board_a.link_id)
        assert link.status == BoardLink.Status.DECIDED
        board_a.refresh_from_db()
        assert board_a.result_awaits_confirmation
        assert not PlayerRating.objects.filter(kind=PlayerRating.Kind.DUEL).exists()
        with django_capture_on_commit_callbacks(execute=True):
            moderation.game_result_confirm(game=board_a, by=site_moderator)
        assert PlayerRating.objects.filter(kind=PlayerRating.Kind.DUEL).count() == 2
        for event in GameEvent.objects.filter(game__link=link):
            events.event_dispatch(event.pk)
            game_event_hear(event)
        assert RatedResult.objects.filter(kind="duel").count() == 1
