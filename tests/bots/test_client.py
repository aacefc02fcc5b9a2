"""The bot as an API client (bots/client.py, ``python -m bots``): it plays seats through
the public API of a running site (Django's live server) with real API tokens, as any
program would; what the API refuses it, it is refused."""

from __future__ import annotations

import random
from typing import Any

import pytest

from adjudicator import PhaseKind, find_variant
from bots import bot_orders
from bots.__main__ import main
from bots.client import Api, ApiError, Turn, UnknownRules, choose, play, play_turn
from games import services
from games.models import Game, GamePhase, OrderSet
from tests.conftest import POWERS

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("eager")]


def _token(user: Any) -> str:
    from accounts import services as accounts

    _made, key = accounts.api_token_create(user=user, name="bot")
    return key


def _apis(live_server: Any, players: dict[str, Any]) -> dict[str, Api]:
    return {p: Api(live_server.url, _token(players[p])) for p in POWERS}


def test_plays_a_seat_with_the_strategys_orders_and_marks_it_ready(
    live_server: Any, started_game: Game, players: dict[str, Any]
) -> None:
    api = Api(live_server.url, _token(players["austria"]))
    assert play_turn(api, started_game.pk) is Turn.ORDERED

    phase = started_game.phases.get(index=0)
    saved = OrderSet.objects.get(phase=phase, power="austria")
    assert saved.ready
    # The strategy's orders for Austria, drawn from the game, the phase and the power.
    position = services.phase_position(phase)
    rng = random.Random(f"{started_game.pk}:0:austria:0")
    expected = [str(o) for o in bot_orders(find_variant("standard"), position, "austria", rng)]
    assert saved.orders == expected
    # Asked again, it reads the game and gives nothing more: it is ready already.
    assert play_turn(api, started_game.pk) is Turn.WAITING
    assert OrderSet.objects.filter(phase=phase).count() == 1


def test_seven_clients_play_a_game_through_its_phases(
    live_server: Any, started_game: Game, players: dict[str, Any]
) -> None:
    apis = _apis(live_server, players)
    for _round in range(30):
        for power in POWERS:
            play_turn(apis[power], started_game.pk)
        current = started_game.phases.order_by("-index").first()
        assert current is not None
        if int(current.code[1:5]) >= 1903:
            break
    assert int(current.code[1:5]) >= 1903  # each phase ended when the seven were ready
    resolved = list(started_game.phases.filter(status=GamePhase.Status.RESOLVED))
    kinds = {services.phase_position(p).phase.kind for p in resolved}
    assert {PhaseKind.MOVEMENT, PhaseKind.ADJUSTMENTS} <= kinds
    assert len(resolved) >= 6  # two years of movement and their adjustments
    for phase in resolved:
        # Every order the clients gave was legal and ordered by the player, not by default.
        assert all(r["result"] not in ("void", "illegal") for r in phase.results), phase.code
        assert not phase.duties.filter(missed=True).exists(), phase.code


def test_a_stranger_has_no_seat_to_play(
    live_server: Any, started_game: Game, make_user: Any
) -> None:
    api = Api(live_server.url, _token(make_user("stranger")))
    assert play_turn(api, started_game.pk) is Turn.NO_SEAT
    assert not OrderSet.objects.filter(phase__game=started_game).exists()


def test_a_bad_token_is_refused(live_server: Any, started_game: Game) -> None:
    api = Api(live_server.url, "not-a-token")
    with pytest.raises(ApiError) as refused:
        play_turn(api, started_game.pk)
    assert refused.value.status in (401, 403)


def test_a_game_that_does_not_exist_is_refused(
    live_server: Any, started_game: Game, players: dict[str, Any]
) -> None:
    api = Api(live_server.url, _token(players["austria"]))
    with pytest.raises(ApiError) as refused:
        play_turn(api, started_game.pk + 1000)
    assert refused.value.status == 404


def test_a_forming_game_is_not_played(live_server: Any, players: dict[str, Any]) -> None:
    game = services.game_create(created_by=players["austria"], name="Forming")
    api = Api(live_server.url, _token(players["austria"]))
    assert play(api, [game.pk], once=True) == {game.pk: Turn.OVER}
    assert not OrderSet.objects.filter(phase__game=game).exists()


def test_the_command_plays_one_round(
    live_server: Any, started_game: Game, players: dict[str, Any], capsys: Any
) -> None:
    key = _token(players["france"])
    code = main(
        ["--url", live_server.url, f"--token={key}", "--game", str(started_game.pk), "--once"]
    )
    assert code == 0
    assert f"game {started_game.pk}: ordered" in capsys.readouterr().out
    assert OrderSet.objects.get(phase__game=started_game, power="france").ready


def test_the_command_without_a_game_plays_every_running_game_of_the_account(
    live_server: Any, started_game: Game, players: dict[str, Any], capsys: Any
) -> None:
    # The site lists the account's games (GET /api/v1/me/games/): the running one is played,
    # the one still forming is not, and a game France has no seat in is never asked for.
    forming = services.game_create(created_by=players["france"], name="Forming", power="france")
    other = services.game_create(created_by=players["austria"], name="Not France's")
    key = _token(players["france"])
    code = main(["--url", live_server.url, f"--token={key}", "--once"])
    assert code == 0
    out = capsys.readouterr().out
    assert out.strip() == f"game {started_game.pk}: ordered"
    assert OrderSet.objects.get(phase__game=started_game, power="france").ready
    assert not OrderSet.objects.filter(phase__game__in=[forming, other]).exists()


def test_the_command_without_a_game_says_when_there_is_none_to_play(
    live_server: Any, make_user: Any, capsys: Any
) -> None:
    key = _token(make_user("newcomer"))
    assert main(["--url", live_server.url, f"--token={key}", "--once"]) == 0
    assert capsys.readouterr().out.strip() == "the account sits in no running game"


def test_the_command_says_which_games_it_could_not_play(
    live_server: Any, started_game: Game, make_user: Any, capsys: Any
) -> None:
    key = _token(make_user("stranger"))
    code = main(
        ["--url", live_server.url, f"--token={key}", "--game", str(started_game.pk), "--once"]
    )
    assert code == 1
    assert f"game {started_game.pk}: not played" in capsys.readouterr().err


def test_refuses_a_variant_whose_rules_it_does_not_know(monkeypatch: pytest.MonkeyPatch) -> None:
    # Every variant the site has is known now: one is made unknown for the test.
    monkeypatch.setattr("bots.registry.KNOWN_VARIANTS", frozenset({"standard"}))
    state = {
        "game": {"id": 1, "variant": "rather_silly", "options": {}, "status": "active"},
        "phase": {"index": 0, "code": "S1901M", "is_current": True},
        "me": {"power": "austria", "acting": "austria", "must_order": True, "ready": False},
    }
    with pytest.raises(UnknownRules):
        choose(state)


@pytest.mark.parametrize(
    ("variant_id", "options", "seats"),
    [("highlander", {}, 2), ("multiple_void", {"players": 3}, 3)],
)
def test_clients_play_a_variant_from_its_set_up(
    live_server: Any, make_user: Any, variant_id: str, options: dict[str, Any], seats: int
) -> None:
    from games.terms import GameTerms

    people = [make_user(f"player-{n}") for n in range(seats)]
    game = services.game_create(
        created_by=people[0],
        name=variant_id,
        terms=GameTerms(variant_id=variant_id, options=options),
    )
    for person in people[1:]:
        services.game_join(game=game, user=person)
    apis = [Api(live_server.url, _token(p)) for p in people]
    for _round in range(40):
        for api in apis:
            play_turn(api, game.pk)
        current = game.phases.order_by("-index").first()
        assert current is not None
        if services.phase_position(current).phase.kind is PhaseKind.MOVEMENT:
            break
    assert services.phase_position(current).phase.kind is PhaseKind.MOVEMENT  # set up, by bots
    for phase in game.phases.filter(status=GamePhase.Status.RESOLVED):
        # Legal all (two nominations of one center bounce, by the rules).
        assert all(r["result"] not in ("void", "illegal") for r in phase.results), phase.code
        assert not phase.duties.filter(missed=True).exists(), phase.code


# -- orders saved for the seat: never replaced (in process: tests/bots/inprocess.py) --------


def test_leaves_orders_someone_else_saved_for_the_seat(
    started_game: Game, players: dict[str, Any]
) -> None:
    from tests.bots.inprocess import InProcess

    # Saved for Austria's seat and not marked ready (by a game master, say).
    services.orders_submit(game=started_game, user=players["austria"], orders=["A vie H"])
    site = InProcess()
    api = Api("http://testserver", _token(players["austria"]), opener=site)
    assert play_turn(api, started_game.pk) is Turn.WAITING
    assert play_turn(api, started_game.pk) is Turn.WAITING
    assert not site.writes()
    kept = OrderSet.objects.get(phase__game=started_game, power="austria")
    assert (kept.orders, kept.ready) == (["A vie H"], False)


def test_marks_ready_its_own_orders_saved_in_an_earlier_turn(
    started_game: Game, players: dict[str, Any]
) -> None:
    from tests.bots.inprocess import InProcess

    site = InProcess()
    api = Api("http://testserver", _token(players["austria"]), opener=site)
    # A turn that saved its orders and lost the ready mark (a 429, say).
    choice = choose(api.state(started_game.pk))
    assert choice is not None
    api.submit(started_game.pk, choice.orders, phase=choice.phase, power=choice.power)
    site.sent.clear()
    assert play_turn(api, started_game.pk) is Turn.ORDERED
    assert [(s.method, s.path) for s in site.writes()] == [
        ("POST", f"/api/v1/games/{started_game.pk}/ready/")
    ]
    saved = OrderSet.objects.get(phase__game=started_game, power="austria")
    assert saved.ready
    assert saved.orders == list(choice.orders)


def test_lists_only_the_running_games_that_need_the_seats_orders_or_ready_mark(
    started_game: Game, players: dict[str, Any]
) -> None:
    from tests.bots.inprocess import InProcess

    forming = services.game_create(created_by=players["austria"], name="Forming")
    api = Api("http://testserver", _token(players["austria"]), opener=InProcess())
    assert api.games_to_play() == [started_game.pk]
    assert set(api.my_games()) == {started_game.pk}
    assert forming.pk not in api.games_to_play()
    services.orders_submit(game=started_game, user=players["austria"], orders=["A vie H"])
    assert api.games_to_play() == [started_game.pk]  # not ready yet
    services.orders_ready(game=started_game, user=players["austria"], ready=True)
    assert api.games_to_play() == []


# -- a write for a phase that ended meanwhile: read again, not an error -----------------------


def _deadline_passes(game: Game, index: int) -> None:
    """Phase ``index`` of ``game`` reaches its deadline and the sweep adjudicates it."""
    from datetime import timedelta

    from django.utils import timezone

    phase = game.phases.get(index=index)
    GamePhase.objects.filter(pk=phase.pk).update(deadline=timezone.now() - timedelta(minutes=1))
    assert services.phase_adjudicate(game_id=game.pk, phase_id=phase.pk)


def test_a_ready_mark_refused_because_the_phase_ended_reads_the_game_again(
    started_game: Game, players: dict[str, Any]
) -> None:
    from tests.bots.inprocess import InProcess

    class Racing(Api):
        """The deadline passes between the bot's save and its ready mark (issue 41, L2)."""

        raced = False

        def submit(self, game: int, orders: Any, *, phase: int, power: str) -> Any:
            answer = super().submit(game, orders, phase=phase, power=power)
            if not self.raced:
                self.raced = True
                _deadline_passes(started_game, phase)
            return answer

    site = InProcess()
    api = Racing("http://testserver", _token(players["austria"]), opener=site)
    assert play_turn(api, started_game.pk) is Turn.ORDERED
    spring, fall = started_game.phases.order_by("index")
    # Spring's orders were saved in Spring, the ready mark meant for Spring was refused
    # (409), and the bot read the game again and played Fall 1901 with orders of its own.
    marks = [s.body for s in site.writes() if s.path.endswith("/ready/")]
    assert marks == [{"ready": True, "phase": 0}, {"ready": True, "phase": 1}]
    assert not OrderSet.objects.get(phase=spring, power="austria").ready
    played = OrderSet.objects.get(phase=fall, power="austria")
    assert played.ready
    assert played.orders  # its own orders for Fall, not a mark that left its units holding
    assert fall.status == GamePhase.Status.OPEN


def test_a_game_that_keeps_moving_on_is_left_for_the_next_round(
    started_game: Game, players: dict[str, Any]
) -> None:
    from bots.client import STALE_READS
    from tests.bots.inprocess import InProcess

    class Stale(Api):
        """Every ready mark arrives after its phase ended."""

        reads = 0

        def state(self, game: int) -> Any:
            self.reads += 1
            return super().state(game)

        def ready(self, game: int, *, phase: int) -> Any:
            raise ApiError(409, "Spring 1901 movement is over: you are now in Fall 1901.")

    api = Stale("http://testserver", _token(players["austria"]), opener=InProcess())
    assert play_turn(api, started_game.pk) is Turn.WAITING
    assert api.reads == STALE_READS
    # Not an error for the loop either: the game is played again next round.
    assert play(api, [started_game.pk], once=True) == {started_game.pk: Turn.WAITING}
