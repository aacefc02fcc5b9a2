"""Vacations, sitters and players' own extensions, with their caps."""

from __future__ import annotations

from datetime import UTC, date, datetime, time, timedelta
from typing import Any

import pytest
import time_machine

from core.errors import ApplicationError
from games import services, visibility
from games.models import Game, GamePhase, ModeratorAction, Vacation
from games.services import absences, moderation, press
from games.terms import GameTerms
from tests.games.kapitalisten import investor_user, kapitalisten_game

pytestmark = pytest.mark.django_db

NOW = datetime(2026, 6, 1, 9, 0, tzinfo=UTC)  # a Monday


@pytest.fixture(autouse=True)
def clock() -> Any:
    with time_machine.travel(NOW, tick=False) as traveller:
        yield traveller


def _game(players: dict[str, Any], **settings: Any) -> Game:
    game = services.game_create(
        created_by=players["austria"],
        name="Summer",
        power="austria",
        terms=GameTerms(assignment=Game.Assignment.CHOSEN, movement_deadline=timedelta(hours=48)),
    )
    Game.objects.filter(pk=game.pk).update(**settings)
    for power, user in players.items():
        if power != "austria":
            services.game_join(game=game, user=user, power=power)
    game.refresh_from_db()
    return game


class TestVacations:
    def test_days_are_capped_per_calendar_year(self, make_user: Any, settings: Any) -> None:
        settings.VACATION_DAYS_PER_YEAR = 10
        alice = make_user("alice")
        absences.vacation_add(user=alice, first_day=date(2026, 7, 1), last_day=date(2026, 7, 7))
        with pytest.raises(ApplicationError, match="3 left"):
            absences.vacation_add(user=alice, first_day=date(2026, 8, 1), last_day=date(2026, 8, 4))
        # Across the new year, each year's days count against that year.
        absences.vacation_add(user=alice, first_day=date(2026, 12, 30), last_day=date(2027, 1, 8))
        assert Vacation.objects.filter(user=alice).count() == 2

    @pytest.mark.parametrize(
        ("first", "last", "message"),
        [
            (date(2026, 5, 30), date(2026, 6, 3), "past"),
            (date(2026, 6, 10), date(2026, 6, 9), "before"),
        ],
    )
    def test_impossible_vacations_are_refused(
        self, make_user: Any, first: date, last: date, message: str
    ) -> None:
        with pytest.raises(ApplicationError, match=message):
            absences.vacation_add(user=make_user("alice"), first_day=first, last_day=last)

    def test_overlapping_vacations_are_refused(self, make_user: Any) -> None:
        alice = make_user("alice")
        absences.vacation_add(user=alice, first_day=date(2026, 7, 1), last_day=date(2026, 7, 7))
        with pytest.raises(ApplicationError, match="overlaps"):
            absences.vacation_add(user=alice, first_day=date(2026, 7, 7), last_day=date(2026, 7, 9))

    def test_the_deadline_waits_for_a_player_away(self, players: dict[str, Any]) -> None:
        game = _game(players)
        phase = game.current_phase
        assert phase.deadline == NOW + timedelta(hours=48)  # Wednesday 09:00
        absences.vacation_add(
            user=players["england"], first_day=date(2026, 6, 2), last_day=date(2026, 6, 4)
        )
        phase.refresh_from_db()
        # Back on Friday: the phase lasts its 48 hours from then.
        assert phase.deadline == datetime(2026, 6, 7, 0, 0, tzinfo=UTC)
        assert {"kind": "vacation", "power": "england"} in phase.notes

    def test_a_new_phase_also_waits(self, players: dict[str, Any]) -> None:
        absences.vacation_add(
            user=players["france"], first_day=date(2026, 6, 3), last_day=date(2026, 6, 3)
        )
        game = _game(players)
        assert game.current_phase.deadline == datetime(2026, 6, 6, 0, 0, tzinfo=UTC)


class TestSitters:
    def test_a_sitter_orders_while_the_player_is_away_and_only_then(
        self, players: dict[str, Any], make_user: Any, clock: Any
    ) -> None:
        game = _game(players, vacation_handling=Game.VacationHandling.SITTER)
        friend = make_user("friend")
        absences.sitter_set(game=game, user=players["england"], sitter=friend)
        with pytest.raises(ApplicationError, match="no seat"):
            services.orders_submit(game=game, user=friend, orders=["F lon - nth"])
        absences.vacation_add(
            user=players["england"], first_day=date(2026, 6, 2), last_day=date(2026, 6, 5)
        )
        assert game.current_phase.deadline == NOW + timedelta(hours=48)  # nothing waits
        clock.move_to(datetime(2026, 6, 2, 10, 0, tzinfo=UTC))
        order_set = services.orders_submit(game=game, user=friend, orders=["F lon - nth"])
        assert order_set.seat.power == "england"
        assert order_set.seat.user == players["england"]  # covered, not taken over
        with pytest.raises(ApplicationError, match="no seat"):
            services.draw_vote(game=game, user=friend, accept=True)

    def test_a_sitter_does_not_play_in_the_game(self, players: dict[str, Any]) -> None:
        game = _game(players, vacation_handling=Game.VacationHandling.SITTER)
        with pytest.raises(ApplicationError, match="does not play"):
            absences.sitter_set(game=game, user=players["england"], sitter=players["france"])

    def test_games_whose_deadlines_wait_have_no_sitters(
        self, players: dict[str, Any], make_user: Any
    ) -> None:
        game = _game(players)
        with pytest.raises(ApplicationError, match="no sitters"):
            absences.sitter_set(game=game, user=players["england"], sitter=make_user("friend"))


def _away(user: Any, clock: Any) -> None:
    """``user`` is on vacation from tomorrow, and tomorrow has come."""
    absences.vacation_add(user=user, first_day=date(2026, 6, 2), last_day=date(2026, 6, 5))
    clock.move_to(datetime(2026, 6, 2, 10, 0, tzinfo=UTC))


def _sits_for_nobody(game: Game, user: Any) -> None:
    """``user`` sits for no seat of ``game``: he orders for none but his own (if he has
    one), sees no other seat's secrets and reads no other seat's press."""
    own = visibility.seat_of(user=user, game=game)
    assert visibility.sat_seat(user=user, game=game) is None
    assert visibility.acting_seat(user=user, game=game) == own
    if own is None:
        with pytest.raises(ApplicationError, match="no seat"):
            services.orders_submit(game=game, user=user, orders=["F lon - nth"])
    else:
        with pytest.raises(ApplicationError):
            services.orders_submit(game=game, user=user, orders=["F lon - nth"], power="england")


class TestASitterIsHisPlayersChoice:
    """A sitter is chosen by a player, for himself: he goes with the player when the
    powers are dealt, and never stays with a seat that changes hands."""

    def test_the_sitter_goes_with_his_player_when_the_powers_are_dealt(
        self, players: dict[str, Any], make_user: Any, clock: Any
    ) -> None:
        friend = make_user("friend")
        game = services.game_create(
            created_by=players["austria"],
            name="Dealt",
            terms=GameTerms(
                assignment=Game.Assignment.RANDOM, vacation_handling=Game.VacationHandling.SITTER
            ),
        )
        absences.sitter_set(game=game, user=players["austria"], sitter=friend)
        for power, user in players.items():
            if power != "austria":
                services.game_join(game=game, user=user)
        game.refresh_from_db()
        assert game.status == Game.Status.ACTIVE
        mine = game.seats.get(user=players["austria"])
        assert list(game.seats.filter(sitter=friend)) == [mine]
        # Whoever was dealt the seat Austria's player sat in before the deal (if not he)
        # is not sat for by a stranger he never chose.
        _away(players["austria"], clock)
        assert visibility.sat_seat(user=friend, game=game) == mine

    def test_a_seat_given_up_before_the_start_has_no_sitter(
        self, players: dict[str, Any], make_user: Any
    ) -> None:
        game = services.game_create(
            created_by=players["austria"],
            name="Forming",
            power="austria",
            terms=GameTerms(
                assignment=Game.Assignment.CHOSEN, vacation_handling=Game.VacationHandling.SITTER
            ),
        )
        services.game_join(game=game, user=players["england"], power="england")
        absences.sitter_set(game=game, user=players["england"], sitter=make_user("friend"))
        services.game_leave(game=game, user=players["england"])
        seat = services.game_join(game=game, user=players["france"], power="england")
        assert seat.sitter is None

    def test_a_replacement_takes_over_no_sitter(
        self, players: dict[str, Any], site_moderator: Any, make_user: Any
    ) -> None:
        game = _game(players, vacation_handling=Game.VacationHandling.SITTER)
        absences.sitter_set(game=game, user=players["england"], sitter=make_user("friend"))
        moderation.player_exclude(game=game, by=site_moderator, power="england", reason="Gone.")
        assert game.seats.get(power="england").sitter is None
        seat = moderation.seat_replace(
            game=game, by=site_moderator, power="england", user=make_user("newcomer"), reason="In."
        )
        assert seat.sitter is None


class TestSittersWherePlayersAreSecret:
    """In an anonymous game (and any game played under pseudonyms) the sitter form must
    not tell who plays: every name is taken alike, and the rule that a sitter does not
    play in the game is kept where the sitting would take effect."""

    def _secret(self, players: dict[str, Any]) -> Game:
        game = _game(players, vacation_handling=Game.VacationHandling.SITTER, anonymous=True)
        assert visibility.players_secret(game=game)
        return game

    def test_a_player_of_the_game_is_named_as_anyone_is_and_never_sits(
        self, players: dict[str, Any], clock: Any
    ) -> None:
        game = self._secret(players)
        seat = absences.sitter_set(game=game, user=players["england"], sitter=players["france"])
        assert seat.sitter == players["france"]
        _away(players["england"], clock)
        _sits_for_nobody(game, players["france"])
        assert visibility.acting_seat(user=players["france"], game=game).power == "france"
        # Nor does he read the seat's press: England's conversation with Germany.
        press.press_send(game=game, user=players["germany"], to=["england"], body="Psst")
        readable = visibility.visible_press(user=players["france"], game=game)
        assert [m.body for m in readable] == []

    def test_an_excluded_player_named_sitter_never_sits(
        self, players: dict[str, Any], site_moderator: Any, clock: Any
    ) -> None:
        game = self._secret(players)
        moderation.player_exclude(game=game, by=site_moderator, power="france", reason="Gone.")
        absences.sitter_set(game=game, user=players["england"], sitter=players["france"])
        _away(players["england"], clock)
        _sits_for_nobody(game, players["france"])
        Game.objects.filter(pk=game.pk).update(private=True)
        game.refresh_from_db()
        assert not visibility.can_view_game(user=players["france"], game=game)

    def test_a_game_master_named_sitter_never_sits_and_runs_the_game_still(
        self, players: dict[str, Any], site_moderator: Any, make_user: Any, clock: Any
    ) -> None:
        game = self._secret(players)
        master = make_user("master")
        moderation.game_master_set(game=game, by=site_moderator, user=master)
        absences.sitter_set(game=game, user=players["england"], sitter=master)
        _away(players["england"], clock)
        _sits_for_nobody(game, master)
        assert not visibility.plays_in(user=master, game=game)
        assert visibility.can_moderate(user=master, game=game)

    def test_whoever_named_the_game_master_never_sits_beside_him(
        self, players: dict[str, Any], make_user: Any, clock: Any
    ) -> None:
        organiser, master = make_user("organiser"), make_user("master")
        game = services.game_create(
            created_by=organiser,
            name="Run for others",
            join=False,
            terms=GameTerms(
                assignment=Game.Assignment.CHOSEN,
                anonymous=True,
                vacation_handling=Game.VacationHandling.SITTER,
            ),
        )
        moderation.game_master_set(game=game, by=organiser, user=master)
        for power, user in players.items():
            services.game_join(game=game, user=user, power=power)
        game.refresh_from_db()
        assert game.status == Game.Status.ACTIVE
        absences.sitter_set(game=game, user=players["england"], sitter=organiser)
        _away(players["england"], clock)
        _sits_for_nobody(game, organiser)

    def test_a_sitter_who_joins_the_game_sits_no_more(
        self, players: dict[str, Any], make_user: Any, clock: Any
    ) -> None:
        friend = make_user("friend")
        game = services.game_create(
            created_by=players["austria"],
            name="Summer",
            power="austria",
            terms=GameTerms(
                assignment=Game.Assignment.CHOSEN,
                anonymous=True,
                vacation_handling=Game.VacationHandling.SITTER,
            ),
        )
        absences.sitter_set(game=game, user=players["austria"], sitter=friend)
        services.game_join(game=game, user=friend, power="england")
        for power in ("france", "germany", "italy", "russia", "turkey"):
            services.game_join(game=game, user=players[power], power=power)
        game.refresh_from_db()
        assert game.status == Game.Status.ACTIVE
        _away(players["austria"], clock)
        assert visibility.acting_seat(user=friend, game=game).power == "england"
        assert visibility.sat_seat(user=friend, game=game) is None

    def test_kapitalisten_s_investors_are_secret_too(self, make_user: Any) -> None:
        game, _users = kapitalisten_game(make_user, vacation_handling="sitter")
        assert visibility.players_secret(game=game)
        one, two = (investor_user(game, f"investor-{n}") for n in (1, 2))
        seat = absences.sitter_set(game=game, user=one, sitter=two)
        assert seat.sitter == two

    @pytest.mark.parametrize("relation", ["holds", "was_excluded", "runs"])
    def test_where_players_are_public_the_naming_is_refused_at_once(
        self, players: dict[str, Any], site_moderator: Any, make_user: Any, relation: str
    ) -> None:
        game = _game(players, vacation_handling=Game.VacationHandling.SITTER)
        assert not visibility.players_secret(game=game)
        named = players["france"]
        if relation == "was_excluded":
            moderation.player_exclude(game=game, by=site_moderator, power="france", reason="Gone.")
        elif relation == "runs":
            named = make_user("master")
            moderation.game_master_set(game=game, by=site_moderator, user=named)
        with pytest.raises(ApplicationError, match=r"does not play|never plays"):
            absences.sitter_set(game=game, user=players["england"], sitter=named)
        assert game.seats.get(power="england").sitter is None

    def test_nobody_names_himself(self, players: dict[str, Any]) -> None:
        game = self._secret(players)
        with pytest.raises(ApplicationError, match="does not play"):
            absences.sitter_set(game=game, user=players["england"], sitter=players["england"])


class TestExtensions:
    def test_limited_per_player_and_per_game_and_recorded(self, players: dict[str, Any]) -> None:
        game = _game(players, extensions_per_player=1, extensions_per_game=2)
        before = game.current_phase.deadline
        phase = absences.deadline_extension_request(game=game, user=players["england"])
        assert phase.deadline - before == timedelta(hours=24)
        with pytest.raises(ApplicationError, match="your 1 extensions"):
            absences.deadline_extension_request(game=game, user=players["england"])
        absences.deadline_extension_request(game=game, user=players["france"])
        with pytest.raises(ApplicationError, match="used up"):
            absences.deadline_extension_request(game=game, user=players["germany"])
        recorded = ModeratorAction.objects.filter(game=game, kind="extend")
        assert sorted(a.details["by_player"] for a in recorded) == ["england", "france"]
        phase.refresh_from_db()
        assert {"kind": "extension", "power": "england"} in phase.notes

    def test_the_record_says_how_far_the_deadline_really_moved(
        self, players: dict[str, Any]
    ) -> None:
        # 12-hour phases at a fixed 20:00: asking for 12 hours moves the deadline a day.
        game = _game(players, movement_deadline=timedelta(hours=12), deadline_time=time(20, 0))
        phase = game.current_phase
        GamePhase.objects.filter(pk=phase.pk).update(
            deadline=datetime(2026, 6, 2, 20, 0, tzinfo=UTC)
        )
        moved = absences.deadline_extension_request(game=game, user=players["england"])
        assert moved.deadline == datetime(2026, 6, 3, 20, 0, tzinfo=UTC)
        (record,) = ModeratorAction.objects.filter(game=game, kind="extend")
        assert record.details["hours"] == 24


def test_an_anonymous_games_history_names_no_player(players: dict[str, Any]) -> None:
    from games import selectors

    game = _game(players, anonymous=True)
    absences.deadline_extension_request(game=game, user=players["england"])
    game.refresh_from_db()
    seen = selectors.game_state(user=players["france"], game=game)["moderation"]["actions"]
    assert seen[0]["details"]["by_player"] == "england"
    assert seen[0]["by"] == ""


def _game_locks(queries: list[dict[str, str]]) -> list[int]:
    """The game rows a transaction locked, in the order it first locked them (on SQLite,
    which has no row locks, the order it first read them by key)."""
    import re

    from django.db import connection

    locking = connection.features.has_select_for_update
    out: list[int] = []
    for query in queries:
        sql = query["sql"]
        if not sql.startswith("SELECT") or 'FROM "games_game" WHERE "games_game"."id"' not in sql:
            continue
        if locking and "FOR UPDATE" not in sql:
            continue
        named = re.search(r'WHERE "games_game"\."id" (?:= (\d+)|IN \(([\d, ]+)\))', sql)
        assert named is not None, sql
        ids = (
            [int(named.group(1))] if named.group(1) else [int(i) for i in named.group(2).split(",")]
        )
        if len(ids) > 1:
            assert re.search(r'ORDER BY "games_game"\."id" ASC', sql), sql
            ids.sort()
        out.extend(i for i in ids if i not in out)
    return out


def test_a_vacation_locks_its_games_in_key_order(players: dict[str, Any], make_user: Any) -> None:
    """Issue 20, item 11: vacation_add locked a player's games one by one in seat order, so
    two players with seats in the same two games could deadlock. Every path that locks
    several games locks them in primary-key order."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    first = _game(players)
    # In the second game the English player holds Austria, which sorts first.
    shuffled = dict(players)
    shuffled["austria"], shuffled["england"] = players["england"], players["austria"]
    second = _game(shuffled)
    assert first.pk < second.pk
    with CaptureQueriesContext(connection) as queries:
        absences.vacation_add(
            user=players["england"],
            first_day=NOW.date() + timedelta(days=1),
            last_day=NOW.date() + timedelta(days=3),
        )
    assert _game_locks(queries.captured_queries) == [first.pk, second.pk]
