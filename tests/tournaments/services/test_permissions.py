"""Who may do what with a tournament, tried as the wrong user: only members with the
organiser role create tournaments, only a tournament's own organisers run it (an organiser
of another tournament and a player in this one are refused alike), organisers do not play
in their own tournament, the entry gates, withdrawing before and after the draw, the
check-in, and who may see a private tournament (tournaments.visibility)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth.models import AnonymousUser
from django.utils import timezone

from accounts.roles import ORGANISER, grant
from core.errors import ApplicationError
from games.models import PhaseDuty
from games.selectors import reliability_of
from tests.tournaments.services.conftest import tournament_of
from tournaments import services, visibility
from tournaments.models import Entry, Match, OrganiserAction, PlayerRating, Round, Tournament

pytestmark = pytest.mark.django_db

NOT_HIS = "Only an organiser of this tournament may do that."


@pytest.fixture
def rival(make_user: Callable[..., Any]) -> Any:
    """A member with the organiser role who organises a tournament of his own, not ours."""
    user = make_user("rhona")
    grant(user, ORGANISER)
    tournament_of(user)
    return user


@pytest.fixture
def open_tournament(organiser: Any, make_user: Callable[..., Any]) -> Tournament:
    """A tournament still taking entries, ann and bob entered."""
    tournament = tournament_of(organiser)
    for name in ("ann", "bob"):
        services.entry_register(tournament=tournament, user=make_user(name))
    return tournament


@pytest.fixture
def running(
    organiser: Any, make_user: Callable[..., Any], django_capture_on_commit_callbacks: Any
) -> Tournament:
    """A knock-out of two, drawn: ann and bob's duel under way."""
    tournament = tournament_of(organiser, check_in_required=False)
    for name in ("ann", "bob"):
        services.entry_register(tournament=tournament, user=make_user(name))
    with django_capture_on_commit_callbacks(execute=True):
        services.tournament_draw(tournament=tournament, by=organiser)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.RUNNING
    return tournament


def _entry(tournament: Tournament, name: str) -> Entry:
    return Entry.objects.select_related("user").get(tournament=tournament, user__username=name)


def _intruder(who: str, tournament: Tournament, rival: Any) -> Any:
    """The wrong user: an organiser of another tournament, or ann, who plays in this one."""
    return rival if who == "rival" else _entry(tournament, "ann").user


#: What only the tournament's organisers may do before the draw: each takes the tournament,
#: who tries it, and a way to make users.
BEFORE_THE_DRAW: dict[str, Callable[[Tournament, Any, Callable[..., Any]], Any]] = {
    "open the check-in": lambda t, by, _mk: services.check_in_open(tournament=t, by=by),
    "mark presence": lambda t, by, _mk: services.entry_presence(
        tournament=t, by=by, entry=_entry(t, "bob"), present=False, reason="not here"
    ),
    "set hand seeds": lambda t, by, _mk: services.hand_seeds_set(
        tournament=t, by=by, order=[_entry(t, "bob").pk, _entry(t, "ann").pk]
    ),
    "make the draw": lambda t, by, _mk: services.tournament_draw(tournament=t, by=by),
    "fix a round's set-up": lambda t, by, _mk: services.round_setup_fix(
        tournament=t, by=by, kind=Round.Kind.KNOCKOUT, number=1, setup={}
    ),
    "add an organiser": lambda t, by, mk: services.organiser_add(
        tournament=t, by=by, user=_organiser_role(mk("otto"))
    ),
}


def _organiser_role(user: Any) -> Any:
    grant(user, ORGANISER)
    return user


def _final(tournament: Tournament) -> Match:
    return Match.objects.select_related("a", "b").get(tournament=tournament)


def _round(tournament: Tournament) -> Round:
    return Round.objects.get(tournament=tournament, kind=Round.Kind.KNOCKOUT, number=1)


def _paused_by_organiser(tournament: Tournament) -> Round:
    organiser = tournament.organisers.get()
    return services.round_pause(
        tournament=tournament, by=organiser, round=_round(tournament), reason="a holiday"
    )


#: What only the tournament's organisers may do once it runs.
AFTER_THE_DRAW: dict[str, Callable[[Tournament, Any, Callable[..., Any]], Any]] = {
    "award a walkover": lambda t, by, _mk: services.match_walkover(
        tournament=t, by=by, match=_final(t), winner=_entry(t, "ann"), reason="bob is away"
    ),
    "record a forfeit": lambda t, by, _mk: services.match_forfeit(
        tournament=t, by=by, match=_final(t), loser=_entry(t, "bob"), reason="bob gives up"
    ),
    "replace a player": lambda t, by, mk: services.entry_replace(
        tournament=t, by=by, entry=_entry(t, "bob"), user=mk("zed"), reason="bob is ill"
    ),
    "pause a round": lambda t, by, _mk: services.round_pause(
        tournament=t, by=by, round=_round(t), reason="a holiday"
    ),
    "resume a round": lambda t, by, _mk: services.round_resume(
        tournament=t, by=by, round=_paused_by_organiser(t), reason="back"
    ),
    "fix a round's set-up": lambda t, by, _mk: services.round_setup_fix(
        tournament=t, by=by, kind=Round.Kind.KNOCKOUT, number=2, setup={}
    ),
    "add an organiser": lambda t, by, mk: services.organiser_add(
        tournament=t, by=by, user=_organiser_role(mk("otto"))
    ),
}


class TestOnlyOrganisersCreate:
    def test_a_player_without_the_organiser_role_cannot_create_a_tournament(
        self, make_user: Callable[..., Any]
    ) -> None:
        with pytest.raises(ApplicationError, match="Only organisers create tournaments"):
            tournament_of(make_user("ann"))
        assert not Tournament.objects.exists()


class TestOnlyItsOrganisersRunIt:
    @pytest.mark.parametrize("who", ["rival", "player"])
    @pytest.mark.parametrize("verb", list(BEFORE_THE_DRAW))
    def test_before_the_draw_nobody_else_may_act(
        self,
        open_tournament: Tournament,
        rival: Any,
        make_user: Callable[..., Any],
        verb: str,
        who: str,
    ) -> None:
        by = _intruder(who, open_tournament, rival)
        with pytest.raises(ApplicationError, match=NOT_HIS):
            BEFORE_THE_DRAW[verb](open_tournament, by, make_user)
        open_tournament.refresh_from_db()
        assert open_tournament.status == Tournament.Status.REGISTRATION
        assert not open_tournament.check_in_open
        assert list(open_tournament.organisers.all()) == [open_tournament.created_by]
        assert not OrganiserAction.objects.filter(tournament=open_tournament).exists()
        assert not Round.objects.filter(tournament=open_tournament).exists()

    @pytest.mark.parametrize("who", ["rival", "player"])
    @pytest.mark.parametrize("verb", list(AFTER_THE_DRAW))
    def test_after_the_draw_nobody_else_may_act(
        self,
        running: Tournament,
        rival: Any,
        make_user: Callable[..., Any],
        verb: str,
        who: str,
    ) -> None:
        by = _intruder(who, running, rival)
        with pytest.raises(ApplicationError, match=NOT_HIS):
            AFTER_THE_DRAW[verb](running, by, make_user)
        final = _final(running)
        assert final.winner_id is None
        assert (final.a.user.username, final.b.user.username) == ("ann", "bob")
        assert list(running.organisers.all()) == [running.created_by]
        assert not OrganiserAction.objects.filter(tournament=running, actor=by).exists()
        assert not Round.objects.filter(tournament=running, number=2).exists()

    def test_an_organiser_he_adds_may_run_it_too(
        self, open_tournament: Tournament, organiser: Any, rival: Any
    ) -> None:
        services.organiser_add(tournament=open_tournament, by=organiser, user=rival)
        services.check_in_open(tournament=open_tournament, by=rival)
        open_tournament.refresh_from_db()
        assert open_tournament.check_in_open

    def test_only_a_member_with_the_organiser_role_can_be_added(
        self, open_tournament: Tournament, organiser: Any, make_user: Callable[..., Any]
    ) -> None:
        with pytest.raises(ApplicationError, match="Only a member with the organiser role"):
            services.organiser_add(tournament=open_tournament, by=organiser, user=make_user("pia"))

    def test_a_player_in_it_cannot_be_added_as_organiser(
        self, open_tournament: Tournament, organiser: Any
    ) -> None:
        ann = _organiser_role(_entry(open_tournament, "ann").user)
        with pytest.raises(ApplicationError, match="A player in the tournament cannot organise"):
            services.organiser_add(tournament=open_tournament, by=organiser, user=ann)


class TestOrganisersDoNotPlay:
    def test_an_organiser_cannot_enter_his_own_tournament(self, organiser: Any) -> None:
        tournament = tournament_of(organiser)
        with pytest.raises(ApplicationError, match="An organiser cannot play in his own"):
            services.entry_register(tournament=tournament, user=organiser)
        assert not tournament.entries.exists()

    def test_nor_can_an_organiser_he_added(self, organiser: Any, rival: Any) -> None:
        tournament = tournament_of(organiser)
        services.organiser_add(tournament=tournament, by=organiser, user=rival)
        with pytest.raises(ApplicationError, match="An organiser cannot play in his own"):
            services.entry_register(tournament=tournament, user=rival)

    def test_an_organiser_of_another_tournament_may_enter_this_one(
        self, organiser: Any, rival: Any
    ) -> None:
        tournament = tournament_of(organiser)
        entry = services.entry_register(tournament=tournament, user=rival)
        assert entry.status == Entry.Status.REGISTERED


class TestTheEntryGates:
    def test_a_reliability_below_the_minimum_is_refused(
        self, organiser: Any, players: dict[str, Any], started_game: Any
    ) -> None:
        # Reliability counts the duties (a seat with orders to give in a phase) and those
        # kept in time: austria's player kept 3 of 4 (75%), england's 3 of 3 (100%).
        phase = started_game.phases.order_by("index").first()
        seats = list(started_game.seats.order_by("pk"))
        duties = {"austria": (False, False, False, True), "england": (False, False, False)}
        for player, missed in duties.items():
            for miss in missed:
                PhaseDuty.objects.create(
                    phase=phase, seat=seats.pop(), user=players[player], missed=miss
                )
        assert reliability_of(user=players["austria"]) == 75
        assert reliability_of(user=players["england"]) == 100
        tournament = tournament_of(organiser, min_reliability=80)
        with pytest.raises(ApplicationError, match="asks for a reliability of 80%; yours is 75%"):
            services.entry_register(tournament=tournament, user=players["austria"])
        services.entry_register(tournament=tournament, user=players["england"])
        assert [e.user for e in tournament.entries.all()] == [players["england"]]

    def test_a_duel_rating_below_the_minimum_is_refused(
        self, organiser: Any, make_user: Callable[..., Any]
    ) -> None:
        low, high, new = make_user("low"), make_user("high"), make_user("new")
        # The figure shown is 1000 + 40 * (mu - 3 sigma): 1560 and 1960; a new player 1000.
        PlayerRating.objects.create(user=low, kind="duel", mu=20, sigma=2, games=9, shown=1560)
        PlayerRating.objects.create(user=high, kind="duel", mu=30, sigma=2, games=9, shown=1960)
        tournament = tournament_of(organiser, min_rating=1600)
        with pytest.raises(ApplicationError, match="asks for a duel rating of 1600; yours is 1560"):
            services.entry_register(tournament=tournament, user=low)
        with pytest.raises(ApplicationError, match="asks for a duel rating of 1600; yours is 1000"):
            services.entry_register(tournament=tournament, user=new)
        services.entry_register(tournament=tournament, user=high)
        assert [e.user for e in tournament.entries.all()] == [high]

    def test_a_full_tournament_takes_no_more_players(
        self, organiser: Any, make_user: Callable[..., Any]
    ) -> None:
        tournament = tournament_of(organiser, max_players=2)
        ann, bob, cat = make_user("ann"), make_user("bob"), make_user("cat")
        services.entry_register(tournament=tournament, user=ann)
        services.entry_register(tournament=tournament, user=bob)
        with pytest.raises(ApplicationError, match="This tournament is full"):
            services.entry_register(tournament=tournament, user=cat)
        # A place given back is free again.
        services.entry_withdraw(tournament=tournament, user=bob)
        services.entry_register(tournament=tournament, user=cat)
        assert tournament.entries.exclude(status=Entry.Status.WITHDRAWN).count() == 2

    def test_registration_closes_at_its_closing_time(
        self, organiser: Any, make_user: Callable[..., Any]
    ) -> None:
        tournament = tournament_of(
            organiser, registration_closes=timezone.now() - timedelta(minutes=1)
        )
        with pytest.raises(ApplicationError, match="Registration for this tournament is closed"):
            services.entry_register(tournament=tournament, user=make_user("ann"))
        assert not tournament.entries.exists()

    def test_a_private_tournament_is_entered_only_with_its_invite_code(
        self, organiser: Any, make_user: Callable[..., Any]
    ) -> None:
        tournament = tournament_of(organiser, private=True)
        ann = make_user("ann")
        with pytest.raises(ApplicationError, match="This tournament is private"):
            services.entry_register(tournament=tournament, user=ann)
        with pytest.raises(ApplicationError, match="This tournament is private"):
            services.entry_register(tournament=tournament, user=ann, invite_code="guessed")
        entry = services.entry_register(
            tournament=tournament, user=ann, invite_code=tournament.invite_code
        )
        assert entry.status == Entry.Status.REGISTERED

    def test_a_player_enters_once(self, organiser: Any, make_user: Callable[..., Any]) -> None:
        tournament = tournament_of(organiser)
        ann = make_user("ann")
        services.entry_register(tournament=tournament, user=ann)
        with pytest.raises(ApplicationError, match="You are entered already"):
            services.entry_register(tournament=tournament, user=ann)
        assert tournament.entries.count() == 1


class TestWithdrawing:
    def test_a_player_withdraws_before_the_draw(self, open_tournament: Tournament) -> None:
        entry = services.entry_withdraw(
            tournament=open_tournament, user=_entry(open_tournament, "ann").user
        )
        assert entry.status == Entry.Status.WITHDRAWN
        assert _entry(open_tournament, "ann").status == Entry.Status.WITHDRAWN

    def test_after_the_draw_he_asks_for_a_forfeit_instead(self, running: Tournament) -> None:
        ann = _entry(running, "ann")
        with pytest.raises(
            ApplicationError, match="The draw is made: ask an organiser to record your forfeit"
        ):
            services.entry_withdraw(tournament=running, user=ann.user)
        ann.refresh_from_db()
        assert ann.status == Entry.Status.CHECKED_IN
        assert _final(running).winner_id is None

    def test_a_player_not_entered_cannot_withdraw(
        self, open_tournament: Tournament, make_user: Callable[..., Any]
    ) -> None:
        with pytest.raises(ApplicationError, match="You are not entered in this tournament"):
            services.entry_withdraw(tournament=open_tournament, user=make_user("cat"))


class TestTheCheckIn:
    def test_a_player_cannot_check_in_before_it_is_opened(
        self, open_tournament: Tournament, organiser: Any
    ) -> None:
        ann = _entry(open_tournament, "ann")
        with pytest.raises(ApplicationError, match="The check-in is not open"):
            services.entry_check_in(tournament=open_tournament, user=ann.user)
        ann.refresh_from_db()
        assert ann.status == Entry.Status.REGISTERED
        services.check_in_open(tournament=open_tournament, by=organiser)
        services.entry_check_in(tournament=open_tournament, user=ann.user)
        ann.refresh_from_db()
        assert ann.status == Entry.Status.CHECKED_IN

    def test_only_an_entrant_checks_in(
        self, open_tournament: Tournament, organiser: Any, make_user: Callable[..., Any]
    ) -> None:
        services.check_in_open(tournament=open_tournament, by=organiser)
        with pytest.raises(ApplicationError, match="You are not entered in this tournament"):
            services.entry_check_in(tournament=open_tournament, user=make_user("cat"))


class TestWhoSeesAPrivateTournament:
    @pytest.fixture
    def private(self, organiser: Any, make_user: Callable[..., Any]) -> Tournament:
        tournament = tournament_of(organiser, private=True)
        services.entry_register(
            tournament=tournament, user=make_user("ann"), invite_code=tournament.invite_code
        )
        return tournament

    def test_anonymous_and_strangers_do_not_see_it(
        self, private: Tournament, make_user: Callable[..., Any], rival: Any
    ) -> None:
        assert not visibility.can_view(user=AnonymousUser(), tournament=private)
        assert not visibility.can_view(user=make_user("stranger"), tournament=private)
        # Organising another tournament gives no sight of this one.
        assert not visibility.can_view(user=rival, tournament=private)
        assert not visibility.can_view(
            user=AnonymousUser(), tournament=private, invite_code="guessed"
        )

    def test_its_entrants_organisers_and_site_moderators_see_it(
        self, private: Tournament, organiser: Any, site_moderator: Any
    ) -> None:
        assert visibility.can_view(user=_entry(private, "ann").user, tournament=private)
        assert visibility.can_view(user=organiser, tournament=private)
        assert visibility.can_view(user=site_moderator, tournament=private)

    def test_its_invite_code_shows_it_to_anyone(
        self, private: Tournament, make_user: Callable[..., Any]
    ) -> None:
        code = private.invite_code
        assert visibility.can_view(user=AnonymousUser(), tournament=private, invite_code=code)
        assert visibility.can_view(user=make_user("stranger"), tournament=private, invite_code=code)

    def test_a_public_tournament_is_anyones(self, organiser: Any) -> None:
        tournament = tournament_of(organiser)
        assert visibility.can_view(user=AnonymousUser(), tournament=tournament)


class TestWhoManages:
    def test_only_its_organisers_manage_it_not_a_site_moderator(
        self,
        open_tournament: Tournament,
        organiser: Any,
        rival: Any,
        site_moderator: Any,
        make_user: Callable[..., Any],
    ) -> None:
        co = _organiser_role(make_user("cora"))
        services.organiser_add(tournament=open_tournament, by=organiser, user=co)
        for user in (organiser, co):
            assert visibility.can_manage(user=user, tournament=open_tournament)
        for user in (
            AnonymousUser(),
            site_moderator,
            rival,
            _entry(open_tournament, "ann").user,
        ):
            assert not visibility.can_manage(user=user, tournament=open_tournament)
        with pytest.raises(ApplicationError, match=NOT_HIS):
            services.check_in_open(tournament=open_tournament, by=site_moderator)
