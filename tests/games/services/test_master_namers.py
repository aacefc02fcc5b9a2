"""Issue 41, H2: a player never sits beside a game master he named. The rule is the
game's, not the moment's: a creator who leaves his forming game, names a second account
its game master and comes back is refused, in every order of leave, name and join, and by
every way to a seat (joining, taking a seat over, being named a sitter, a moderator's
replacement, the tooling that seats players). Who named each master is kept
(``GameMaster.named_by``)."""

from __future__ import annotations

from typing import Any

import pytest

from core.errors import ApplicationError
from games import services, visibility
from games.models import Game, GameMaster, Seat
from games.services import absences, moderation
from games.terms import GameTerms
from tests.conftest import POWERS
from tests.games.helpers import FIXED_DUEL_SETUP

pytestmark = pytest.mark.django_db

REASON = "Gone for good."
NAMED = "You named this game's game master"


@pytest.fixture
def cleo(make_user: Any) -> Any:
    """The creator, who would like to choose who runs his game."""
    return make_user("cleo")


@pytest.fixture
def alt(make_user: Any) -> Any:
    """Cleo's second account."""
    return make_user("cleo-alt")


def forming(creator: Any, *, join: bool = True) -> Game:
    """A forming standard game of ``creator`` (as Germany if he joins)."""
    return services.game_create(
        created_by=creator,
        name="Side door",
        join=join,
        power="germany" if join else None,
        terms=GameTerms(assignment=Game.Assignment.CHOSEN),
    )


def seated(game: Game, user: Any) -> bool:
    return game.seats.filter(user=user).exists()


class TestEveryOrderOfLeaveNameAndJoin:
    def test_join_leave_name_join_is_refused(self, cleo: Any, alt: Any) -> None:
        """The attack's own order (H2 steps 1-2)."""
        game = forming(cleo)
        services.game_leave(game=game, user=cleo)
        moderation.game_master_set(game=game, by=cleo, user=alt)
        with pytest.raises(ApplicationError, match=NAMED):
            services.game_join(game=game, user=cleo, power="germany")
        assert not seated(game, cleo)
        assert list(game.masters.all()) == [alt]

    def test_name_then_join_is_refused(self, cleo: Any, alt: Any) -> None:
        game = forming(cleo, join=False)
        moderation.game_master_set(game=game, by=cleo, user=alt)
        with pytest.raises(ApplicationError, match=NAMED):
            services.game_join(game=game, user=cleo)
        assert not seated(game, cleo)

    def test_join_then_name_is_refused_as_before(self, cleo: Any, alt: Any) -> None:
        game = forming(cleo)
        with pytest.raises(ApplicationError, match="You play in this game"):
            moderation.game_master_set(game=game, by=cleo, user=alt)
        assert not game.masters.exists()

    def test_join_leave_name_join_leave_name_another_join_is_refused(
        self, cleo: Any, alt: Any, make_user: Any
    ) -> None:
        """A second naming does not wash out the first: any master he named bars him."""
        game = forming(cleo)
        services.game_leave(game=game, user=cleo)
        moderation.game_master_set(game=game, by=cleo, user=alt)
        with pytest.raises(ApplicationError, match=NAMED):
            services.game_join(game=game, user=cleo)
        moderation.game_master_set(game=game, by=cleo, user=make_user("third"))
        with pytest.raises(ApplicationError, match=NAMED):
            services.game_join(game=game, user=cleo)

    def test_sit_then_name_is_refused(self, cleo: Any, alt: Any, make_user: Any) -> None:
        """A sitter plays beside the seat he sits for: he names nobody either."""
        game = services.game_create(
            created_by=cleo,
            name="Side door",
            join=False,
            terms=GameTerms(vacation_handling=Game.VacationHandling.SITTER),
        )
        friend = make_user("friend")
        services.game_join(game=game, user=friend)
        absences.sitter_set(game=game, user=friend, sitter=cleo)
        with pytest.raises(ApplicationError, match="You play in this game"):
            moderation.game_master_set(game=game, by=cleo, user=alt)
        assert not game.masters.exists()

    def test_name_remove_join_is_allowed_as_nobody_he_chose_runs_the_game(
        self, cleo: Any, alt: Any
    ) -> None:
        """Decided: a creator who takes his own choice back before the start may join,
        since nobody he chose runs the game (and nobody but a site moderator names
        masters once it has started, so he cannot name one again from his seat)."""
        game = forming(cleo)
        services.game_leave(game=game, user=cleo)
        moderation.game_master_set(game=game, by=cleo, user=alt)
        moderation.game_master_set(game=game, by=cleo, user=alt, master=False)
        services.game_join(game=game, user=cleo, power="germany")
        assert seated(game, cleo)
        assert not game.masters.exists()
        with pytest.raises(ApplicationError, match="You play in this game"):
            moderation.game_master_set(game=game, by=cleo, user=alt)

    def test_a_master_another_named_does_not_bar_the_players(
        self, players: dict[str, Any], make_user: Any
    ) -> None:
        """The rule bars the one who named, nobody else: an organiser's referee runs a
        game that seven others fill."""
        organiser, referee = make_user("organiser"), make_user("referee")
        game = forming(organiser, join=False)
        moderation.game_master_set(game=game, by=organiser, user=referee)
        for power in POWERS:
            services.game_join(game=game, user=players[power], power=power)
        game.refresh_from_db()
        assert game.status == Game.Status.ACTIVE
        assert GameMaster.objects.get(game=game, user=referee).named_by == organiser


class TestEveryOtherWayToASeat:
    @pytest.fixture
    def running(self, cleo: Any, alt: Any, players: dict[str, Any], site_moderator: Any) -> Game:
        """Cleo named Alt master of a game the seven players fill; England's player is
        then excluded, so his seat looks for a player."""
        game = forming(cleo, join=False)
        moderation.game_master_set(game=game, by=cleo, user=alt)
        for power in POWERS:
            services.game_join(game=game, user=players[power], power=power)
        game.refresh_from_db()
        assert game.status == Game.Status.ACTIVE
        moderation.player_exclude(game=game, by=site_moderator, power="england", reason=REASON)
        return game

    def test_he_takes_no_seat_over(self, running: Game, cleo: Any) -> None:
        with pytest.raises(ApplicationError, match=NAMED):
            services.seat_take_over(game=running, user=cleo, power="england")
        assert not seated(running, cleo)

    def test_no_moderator_seats_him_as_a_replacement(
        self, running: Game, cleo: Any, site_moderator: Any
    ) -> None:
        with pytest.raises(ApplicationError, match="cleo named this game's game master"):
            moderation.seat_replace(
                game=running, by=site_moderator, power="england", user=cleo, reason=REASON
            )
        assert not seated(running, cleo)

    def test_he_is_no_sitter(self, running: Game, cleo: Any, players: dict[str, Any]) -> None:
        running.vacation_handling = Game.VacationHandling.SITTER
        running.save()
        with pytest.raises(ApplicationError, match="cleo named this game's game master"):
            absences.sitter_set(game=running, user=players["france"], sitter=cleo)
        assert not running.seats.filter(sitter=cleo).exists()
        assert not visibility.plays_in(user=cleo, game=running)

    def test_the_master_is_no_sitter_either(
        self, running: Game, alt: Any, players: dict[str, Any]
    ) -> None:
        running.vacation_handling = Game.VacationHandling.SITTER
        running.save()
        with pytest.raises(ApplicationError, match="never plays in it"):
            absences.sitter_set(game=running, user=players["france"], sitter=alt)
        assert not running.seats.filter(sitter=alt).exists()

    def test_once_a_site_moderator_removed_his_choice_he_may_take_the_seat(
        self, running: Game, cleo: Any, alt: Any, site_moderator: Any
    ) -> None:
        moderation.game_master_set(game=running, by=site_moderator, user=alt, master=False)
        services.seat_take_over(game=running, user=cleo, power="england")
        assert Seat.objects.get(game=running, power="england").user == cleo

    def test_a_site_moderator_who_named_a_master_takes_no_seat_either(
        self, running: Game, site_moderator: Any, make_user: Any
    ) -> None:
        moderation.game_master_set(game=running, by=site_moderator, user=make_user("referee"))
        with pytest.raises(ApplicationError, match=NAMED):
            services.seat_take_over(game=running, user=site_moderator, power="england")


class TestWhoNamedIsKept:
    def test_the_namer_is_kept_and_a_site_moderators_naming_names_him(
        self, cleo: Any, alt: Any, site_moderator: Any, make_user: Any
    ) -> None:
        game = forming(cleo, join=False)
        moderation.game_master_set(game=game, by=cleo, user=alt)
        referee = make_user("referee")
        moderation.game_master_set(game=game, by=site_moderator, user=referee)
        assert dict(GameMaster.objects.filter(game=game).values_list("user", "named_by")) == {
            alt.pk: cleo.pk,
            referee.pk: site_moderator.pk,
        }

    def test_the_other_board_of_a_duel_keeps_who_named_its_masters(self, make_user: Any) -> None:
        red, blue, referee = make_user("red"), make_user("blue"), make_user("referee")
        organiser = make_user("organiser")
        board_a = services.game_create(
            created_by=organiser,
            name="Duel",
            join=False,
            terms=GameTerms(
                variant_id="highlander",
                options=FIXED_DUEL_SETUP,
                duel=True,
                assignment=Game.Assignment.CHOSEN,
            ),
        )
        moderation.game_master_set(game=board_a, by=organiser, user=referee)
        services.game_join(game=board_a, user=red, power="red")
        services.game_join(game=board_a, user=blue, power="blue")
        board_b = Game.objects.get(link=board_a.link_id, link_label="B")
        row = GameMaster.objects.get(game=board_b)
        assert (row.user, row.named_by) == (referee, organiser)
