"""Moderators through games/moderation.py: who may, what each action does, and rulings
that correct a phase in the middle of a game and derive the later ones again."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone

from accounts.roles import MODERATOR, grant
from adjudicator import resolve
from adjudicator.io import position_from_json
from core.errors import ApplicationError
from games import selectors, services
from games.models import Game, GamePhase, ModeratorAction, Ruling
from games.services import moderation, rulings
from tests.games.helpers import current

pytestmark = pytest.mark.django_db


def _play(game: Game, players: dict[str, Any], orders: dict[str, list[str]]) -> GamePhase:
    phase = current(game)
    for power, texts in orders.items():
        services.orders_submit(game=game, user=players[power], orders=texts)
    assert services.phase_adjudicate(game_id=game.pk, phase_id=phase.pk)
    phase.refresh_from_db()
    return phase


REASON = "A ruling on the forum thread of this game."

ACTIONS = {
    "pause": lambda g, by, p: moderation.game_pause(game=g, by=by, reason=REASON),
    "extend": lambda g, by, p: moderation.deadline_extend(
        game=g, by=by, extension=timedelta(hours=12), reason=REASON
    ),
    "replace": lambda g, by, p: moderation.seat_replace(
        game=g, by=by, power="england", user=p["outsider"], reason=REASON
    ),
    "exclude": lambda g, by, p: moderation.player_exclude(
        game=g, by=by, power="england", reason=REASON
    ),
    "accept_late": lambda g, by, p: moderation.late_orders_accept(
        game=g, by=by, power="england", orders=["F lon - nth"], reason=REASON
    ),
    "end": lambda g, by, p: moderation.game_end(
        game=g, by=by, outcome=Game.Outcome.DRAW, reason=REASON
    ),
    "ruling": lambda g, by, p: rulings.ruling_apply(
        game=g, by=by, phase=g.phases.get(index=0), orders={}, reason=REASON
    ),
}


@pytest.fixture
def cast(started_game: Game, players: dict[str, Any], make_user: Any) -> dict[str, Any]:
    """The game after one phase, its players, a site moderator, a game master of it, a
    game master of another game, and an outsider."""
    _play(started_game, players, {})
    site_moderator = make_user("site-moderator")
    grant(site_moderator, MODERATOR)
    master = make_user("master")
    moderation.game_master_set(game=started_game, by=site_moderator, user=master)
    other_master = make_user("other-master")
    # An organiser who does not play sets up a game and runs it himself.
    other = services.game_create(created_by=other_master, name="Another game", join=False)
    moderation.game_master_set(game=other, by=other_master, user=other_master)
    return {
        **players,
        "site_moderator": site_moderator,
        "master": master,
        "other_master": other_master,
        "outsider": make_user("outsider"),
    }


@pytest.mark.parametrize("action", sorted(ACTIONS))
@pytest.mark.parametrize("who", ["england", "austria", "outsider", "other_master"])
def test_every_moderator_action_is_refused_to_a_non_moderator(
    started_game: Game, cast: dict[str, Any], action: str, who: str
) -> None:
    before = (started_game.phases.count(), ModeratorAction.objects.count())
    with pytest.raises(ApplicationError, match="moderator"):
        ACTIONS[action](started_game, cast[who], cast)
    started_game.refresh_from_db()
    assert (started_game.phases.count(), ModeratorAction.objects.count()) == before
    assert started_game.status == Game.Status.ACTIVE
    assert not started_game.is_paused


@pytest.mark.parametrize("action", sorted(ACTIONS))
@pytest.mark.parametrize("who", ["site_moderator", "master"])
def test_every_moderator_action_is_allowed_to_a_moderator(
    started_game: Game, cast: dict[str, Any], action: str, who: str
) -> None:
    ACTIONS[action](started_game, cast[who], cast)
    recorded = ModeratorAction.objects.filter(game=started_game).exclude(kind="master")
    assert recorded.count() == 1
    assert recorded.get().reason == REASON
    assert recorded.get().actor == cast[who]


def test_only_a_site_moderator_names_game_masters_of_a_running_game(
    started_game: Game, cast: dict[str, Any]
) -> None:
    with pytest.raises(ApplicationError, match="creator"):
        moderation.game_master_set(game=started_game, by=cast["master"], user=cast["outsider"])
    moderation.game_master_set(game=started_game, by=cast["site_moderator"], user=cast["outsider"])
    assert started_game.masters.filter(pk=cast["outsider"].pk).exists()


class TestAGameMasterNeverPlays:
    """Issue 20, item 1: a seated player made himself game master (as the game's creator,
    or by naming a second account) and then overwrote another power's orders, saw who
    played in an anonymous game, re-adjudicated past phases and ended the game as his own
    solo win."""

    def test_a_creator_who_plays_names_neither_himself_nor_a_second_account(
        self, started_game: Game, cast: dict[str, Any], make_user: Any
    ) -> None:
        creator = cast["austria"]
        assert started_game.created_by == creator
        second_account = make_user("austria-player-2")
        for user in (creator, second_account):
            with pytest.raises(ApplicationError, match="You play in this game"):
                moderation.game_master_set(game=started_game, by=creator, user=user)
        assert not started_game.masters.filter(pk__in=[creator.pk, second_account.pk]).exists()
        assert not ModeratorAction.objects.filter(game=started_game, actor=creator).exists()

    def test_a_creator_who_plays_names_nobody_even_before_the_start(
        self, players: dict[str, Any], make_user: Any
    ) -> None:
        game = services.game_create(created_by=players["austria"], name="Forming")
        with pytest.raises(ApplicationError, match="You play in this game"):
            moderation.game_master_set(game=game, by=players["austria"], user=make_user("alt"))

    def test_a_creator_who_does_not_play_names_masters_until_the_start_only(
        self, players: dict[str, Any], make_user: Any
    ) -> None:
        organiser = make_user("organiser")
        game = services.game_create(created_by=organiser, name="Run by an organiser", join=False)
        referee = make_user("referee")
        moderation.game_master_set(game=game, by=organiser, user=referee)
        for power in ("austria", "england", "france", "germany", "italy", "russia", "turkey"):
            services.game_join(game=game, user=players[power])
        game.refresh_from_db()
        assert game.status == Game.Status.ACTIVE
        with pytest.raises(ApplicationError, match="site moderators only"):
            moderation.game_master_set(game=game, by=organiser, user=make_user("late-referee"))
        assert list(game.masters.all()) == [referee]

    @pytest.mark.parametrize("relation", ["holds", "sits", "was_excluded"])
    def test_nobody_who_plays_is_named_game_master(
        self, started_game: Game, cast: dict[str, Any], make_user: Any, relation: str
    ) -> None:
        seat = started_game.seats.get(power="england")
        user = cast["england"]
        if relation == "sits":
            user = make_user("sitter")
            seat.sitter = user
            seat.save()
        elif relation == "was_excluded":
            moderation.player_exclude(
                game=started_game, by=cast["site_moderator"], power="england", reason=REASON
            )
        with pytest.raises(ApplicationError, match="never plays in the game he runs"):
            moderation.game_master_set(game=started_game, by=cast["site_moderator"], user=user)
        assert not started_game.masters.filter(pk=user.pk).exists()

    def test_a_game_master_takes_no_seat_sits_for_none_and_replaces_nobody(
        self, started_game: Game, cast: dict[str, Any], players: dict[str, Any]
    ) -> None:
        master = cast["master"]
        moderation.player_exclude(
            game=started_game, by=cast["site_moderator"], power="england", reason=REASON
        )
        with pytest.raises(ApplicationError, match="never plays in it"):
            services.seat_take_over(game=started_game, user=master, power="england")
        with pytest.raises(ApplicationError, match="never plays in it"):
            moderation.seat_replace(
                game=started_game,
                by=cast["site_moderator"],
                power="england",
                user=master,
                reason=REASON,
            )
        started_game.vacation_handling = Game.VacationHandling.SITTER
        started_game.save()
        from games.services import absences

        with pytest.raises(ApplicationError, match="never plays in it"):
            absences.sitter_set(game=started_game, user=players["france"], sitter=master)
        assert not started_game.seats.filter(user=master).exists()
        assert not started_game.seats.filter(sitter=master).exists()

    def test_a_game_master_does_not_join_a_forming_game(self, make_user: Any) -> None:
        organiser, referee = make_user("organiser"), make_user("referee")
        game = services.game_create(created_by=organiser, name="Forming", join=False)
        moderation.game_master_set(game=game, by=organiser, user=referee)
        with pytest.raises(ApplicationError, match="never plays in it"):
            services.game_join(game=game, user=referee)

    @pytest.mark.parametrize("action", sorted(ACTIONS))
    def test_a_master_from_before_the_rule_who_plays_may_not_moderate(
        self, started_game: Game, cast: dict[str, Any], action: str
    ) -> None:
        """A master who plays (named before the rule, or put there by hand) runs nothing:
        the check is where every moderator action asks, not only where masters are named."""
        started_game.masters.add(cast["austria"])
        before = (started_game.phases.count(), ModeratorAction.objects.count())
        with pytest.raises(ApplicationError, match="moderator"):
            ACTIONS[action](started_game, cast["austria"], cast)
        assert (started_game.phases.count(), ModeratorAction.objects.count()) == before

    @pytest.mark.parametrize("action", sorted(ACTIONS))
    def test_a_site_moderator_who_plays_does_not_moderate_his_own_game(
        self, started_game: Game, cast: dict[str, Any], action: str
    ) -> None:
        grant(cast["austria"], MODERATOR)
        with pytest.raises(ApplicationError, match="moderator"):
            ACTIONS[action](started_game, cast["austria"], cast)
        with pytest.raises(ApplicationError, match="You play in this game"):
            moderation.game_master_set(game=started_game, by=cast["austria"], user=cast["outsider"])

    def test_masters_who_play_are_removed_by_the_migration_and_the_history_says_so(
        self, started_game: Game, cast: dict[str, Any]
    ) -> None:
        import importlib

        from django.apps import apps

        started_game.masters.add(cast["austria"])
        migration = importlib.import_module("games.migrations.0010_masters_never_play")
        migration.masters_who_play_removed(apps, None)
        assert list(started_game.masters.all()) == [cast["master"]]
        record = ModeratorAction.objects.filter(game=started_game, kind="master").last()
        assert record is not None
        assert record.details == {"user": "austria-player", "master": False, "by_role": ""}
        assert "never plays" in record.reason


def test_a_reason_is_required(started_game: Game, cast: dict[str, Any]) -> None:
    with pytest.raises(ApplicationError, match="why"):
        moderation.game_pause(game=started_game, by=cast["master"], reason="  ")


def test_pause_keeps_the_time_left_and_players_see_why(
    started_game: Game, cast: dict[str, Any]
) -> None:
    phase = current(started_game)
    left = phase.deadline - timezone.now()
    moderation.game_pause(game=started_game, by=cast["master"], reason="Server move tonight.")
    phase.refresh_from_db()
    assert phase.deadline is None  # never swept while paused
    assert not services.phase_adjudicate(game_id=started_game.pk, phase_id=phase.pk)
    started_game.refresh_from_db()
    seen = selectors.game_state(user=cast["england"], game=started_game)["moderation"]
    assert seen["paused"]
    assert seen["pause_reason"] == "Server move tonight."
    assert not seen["can_moderate"]
    moderation.game_resume(game=started_game, by=cast["master"])
    phase.refresh_from_db()
    assert phase.deadline - timezone.now() == pytest.approx(left, abs=timedelta(seconds=5))


def test_extend_moves_the_deadline(started_game: Game, cast: dict[str, Any]) -> None:
    before = current(started_game).deadline
    phase = moderation.deadline_extend(
        game=started_game, by=cast["master"], extension=timedelta(hours=6), reason=REASON
    )
    assert phase.deadline - before == timedelta(hours=6)


def test_a_replacement_may_order_for_the_open_phase(
    started_game: Game, cast: dict[str, Any]
) -> None:
    moderation.seat_replace(
        game=started_game, by=cast["master"], power="england", user=cast["outsider"], reason=REASON
    )
    services.orders_submit(game=started_game, user=cast["outsider"], orders=["F lon - nth"])
    with pytest.raises(ApplicationError, match="no seat"):
        services.orders_submit(game=started_game, user=cast["england"], orders=["F lon H"])


def test_end_as_a_win(started_game: Game, cast: dict[str, Any]) -> None:
    moderation.game_end(
        game=started_game,
        by=cast["site_moderator"],
        outcome=Game.Outcome.SOLO,
        winner="france",
        reason="Everyone else conceded in the forum.",
    )
    started_game.refresh_from_db()
    assert (started_game.status, started_game.outcome, started_game.winner) == (
        Game.Status.FINISHED,
        Game.Outcome.SOLO,
        "france",
    )


class TestRulings:
    def test_a_ruling_on_a_middle_phase_derives_the_later_ones_again(
        self, started_game: Game, cast: dict[str, Any]
    ) -> None:
        game = started_game  # S1901M was played (everything held)
        _play(game, cast, {"germany": ["A mun - bur"], "france": ["A par - gas"]})
        assert current(game).code == "S1902M"  # no adjustments were due in winter
        _play(game, cast, {"france": ["A gas - spa"], "germany": ["A bur - mar"]})
        assert current(game).code == "F1902M"
        middle = game.phases.get(index=1)
        # The ruling: in F1901M Germany had ordered Tyrolia, not Burgundy.
        ruling = rulings.ruling_apply(
            game=game,
            by=cast["master"],
            phase=middle,
            orders={"germany": ["A mun - tyr"], "france": ["A par - gas"]},
            reason="Germany's orders were garbled by the site; the player showed the mail.",
        )
        superseded = list(game.phases.filter(superseded_by=ruling).order_by("index"))
        assert [p.code for p in superseded] == ["F1901M", "S1902M", "F1902M"]
        assert game.phases.get(index=0).status == GamePhase.Status.RESOLVED  # untouched
        line = selectors.game_state(user=cast["france"], game=game)["phases"]
        assert [p["code"] for p in line] == ["S1901M", "F1901M", "S1902M", "F1902M"]
        corrected = game.phases.get(index=4)
        assert (corrected.code, corrected.derived_from) == ("F1901M", ruling)
        assert "A tyr" in corrected.position_after["units"]["germany"]
        assert {"kind": "ruling", "ruling": ruling.pk, "reason": ruling.reason} in corrected.notes
        # S1902M was played again with its own orders and seed: France still reaches Spain,
        # and Germany's Burgundy order now names a province Germany has no unit in.
        replayed = game.phases.get(index=5)
        assert replayed.code == "S1902M"
        assert replayed.seed == game.phases.get(index=2).seed
        assert "A spa" in replayed.position_after["units"]["france"]
        gone = [r for r in replayed.results if r["order"] == "A bur - mar"]
        assert [r["result"] for r in gone] == ["illegal"]
        opened = current(game)
        assert (opened.code, opened.derived_from) == ("F1902M", ruling)
        assert "A tyr" in opened.position["units"]["germany"]
        # Players see it in the history, with its reason.
        seen = selectors.game_state(user=cast["england"], game=game)["moderation"]
        assert seen["rulings"][0]["reason"] == ruling.reason

    def test_every_ruling_can_be_replayed_from_what_is_stored(
        self, started_game: Game, cast: dict[str, Any]
    ) -> None:
        game = started_game
        _play(game, cast, {"france": ["A par - bur"]})
        rulings.ruling_apply(
            game=game,
            by=cast["master"],
            phase=game.phases.get(index=0),
            orders={"france": ["A par - pic"]},
            reason=REASON,
        )
        for phase in game.phases.exclude(position_after=None):
            before, _o = position_from_json(phase.position)
            orders = {o.seat.power: o.orders for o in phase.order_sets.select_related("seat")}
            replay = resolve(before, orders, seed=phase.seed)
            after, _o = position_from_json(phase.position_after)
            if phase.derived_from is not None or phase.status == GamePhase.Status.SUPERSEDED:
                assert replay.position == after, phase

    def test_a_ruling_naming_some_powers_keeps_the_others_orders(
        self, started_game: Game, cast: dict[str, Any]
    ) -> None:
        """The merge of a ruling's orders with the phase's was done by the web view, so
        the API and any other caller of the service could not correct one power alone.
        The rulings service does it, under the game's lock."""
        game = started_game
        phase = _play(game, cast, {"germany": ["A mun - bur"], "france": ["A par - gas"]})
        ruling = rulings.ruling_apply(
            game=game,
            by=cast["master"],
            phase=phase,
            orders={"germany": ["A mun - tyr"], "italy": []},
            others_kept=True,
            reason=REASON,
        )
        assert ruling.orders["germany"] == ["A mun - tyr"]
        assert ruling.orders["france"] == ["A par - gas"]  # kept as adjudicated
        assert ruling.orders["italy"] == []  # named with nothing: none
        corrected = game.phases.filter(derived_from=ruling).order_by("index").first()
        assert corrected is not None
        after = corrected.position_after["units"]
        assert ("A tyr" in after["germany"], "A gas" in after["france"]) == (True, True)

    def test_a_position_ruling_edits_the_result(
        self, started_game: Game, cast: dict[str, Any]
    ) -> None:
        game = started_game
        first = game.phases.get(index=0)
        edited = dict(first.position_after)
        edited["units"] = {**edited["units"], "italy": ["A rom", "A ven", "F nap"]}
        edited["units"]["italy"] = ["A rom", "A tyr", "F nap"]
        ruling = rulings.ruling_apply(
            game=game, by=cast["site_moderator"], phase=first, position=edited, reason=REASON
        )
        assert ruling.kind == Ruling.Kind.POSITION
        assert ruling.before["units"]["italy"] == ["A rom", "A ven", "F nap"]
        assert "A tyr" in current(game).position["units"]["italy"]

    def test_an_unreadable_position_is_refused_and_nothing_changes(
        self, started_game: Game, cast: dict[str, Any]
    ) -> None:
        first = started_game.phases.get(index=0)
        bad = {**first.position_after, "units": {"italy": ["A xyz"]}}
        with pytest.raises(ApplicationError, match=r"units\.italy"):
            rulings.ruling_apply(
                game=started_game, by=cast["master"], phase=first, position=bad, reason=REASON
            )
        assert not Ruling.objects.exists()
        assert not started_game.phases.filter(status=GamePhase.Status.SUPERSEDED).exists()


def test_a_pause_ends_by_itself_and_pauses_are_limited(
    started_game: Game, cast: dict[str, Any], settings: Any
) -> None:
    import time_machine

    from games import tasks

    settings.GAME_PAUSES_MAX = 2
    moderation.game_pause(
        game=started_game, by=cast["master"], reason=REASON, duration=timedelta(hours=2)
    )
    with time_machine.travel(timezone.now() + timedelta(hours=2, minutes=1)):
        tasks.sweep_due_phases()
        started_game.refresh_from_db()
        assert not started_game.is_paused
        assert current(started_game).deadline is not None
        resumed = ModeratorAction.objects.filter(kind="resume").get()
        assert resumed.actor is None  # nobody resumed it: its time was up
        with pytest.raises(ApplicationError, match="between an hour"):
            moderation.game_pause(
                game=started_game, by=cast["master"], reason=REASON, duration=timedelta(days=30)
            )
        moderation.game_pause(game=started_game, by=cast["master"], reason=REASON)
        moderation.game_resume(game=started_game, by=cast["master"])
        with pytest.raises(ApplicationError, match="its 2 pauses"):
            moderation.game_pause(game=started_game, by=cast["master"], reason=REASON)
