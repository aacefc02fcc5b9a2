"""The API client (bots/client.py) playing a Kapitalisten investor's seat through the
site's public API: his exchange orders every turn he may trade (owed or not), the orders
of every nation he controls, one ready mark; legal orders for a nation the state is not
about, retreats only where the site says a unit may go."""

from __future__ import annotations

import random
from typing import Any

import pytest

from adjudicator import Disband, Retreat, find_variant, legal_orders
from adjudicator.io import position_from_json
from bots.client import Api, Step, Turn, choose, legal_here, play_turn
from games import services
from games.models import Game, OrderSet
from games.positions import phase_position
from tests.bots.inprocess import InProcess
from tests.games.helpers import current
from tests.games.kapitalisten import adjudicate_now, controllers, investor_user, kapitalisten_game

pytestmark = pytest.mark.django_db

KAPITALISTEN = find_variant("kapitalisten")


def _api(game: Game, investor: str, site: InProcess) -> Api:
    from accounts import services as accounts

    _made, key = accounts.api_token_create(user=investor_user(game, investor), name="bot")
    return Api("http://testserver", key, opener=site)


@pytest.fixture
def spring(make_user: Any) -> Game:
    """Spring 1901 after an opening exchange in which investor 1 bought roubles: he
    commands Russia and Turkey (see tests/games/test_kapitalisten_site.py); investor 5
    commands nothing."""
    game, _users = kapitalisten_game(make_user)
    services.orders_submit(
        game=game,
        user=investor_user(game, "investor-1"),
        orders=["sell 500 france", "buy 400 russia"],
        power="investor-1",
    )
    services.orders_submit(
        game=game,
        user=investor_user(game, "investor-2"),
        orders=["sell 100 turkey", "buy 100 france"],
        power="investor-2",
    )
    assert adjudicate_now(game)
    held = controllers(game)
    assert held["russia"] == held["turkey"] == "investor-1"
    assert "investor-5" not in held.values()
    return game


def test_an_investor_gives_his_exchange_orders_and_those_of_each_nation_he_controls(
    spring: Game,
) -> None:
    # Russia and Turkey by his roubles, and those the tie-break ladder gave him.
    mine = {n for n, c in controllers(spring).items() if c == "investor-1"}
    assert {"russia", "turkey"} <= mine
    site = InProcess()
    assert play_turn(_api(spring, "investor-1", site), spring.pk) is Turn.ORDERED
    path = f"/api/v1/games/{spring.pk}/"
    writes = [(s.path.removeprefix(path), (s.body or {}).get("power")) for s in site.writes()]
    assert sorted(writes[:-1]) == sorted(("orders/", p) for p in {"investor-1"} | mine)
    assert writes[-1] == ("ready/", None)
    phase = current(spring)
    sets = {o.power: o for o in OrderSet.objects.filter(phase=phase)}
    assert set(sets) == {"investor-1"} | mine
    assert all(o.ready for o in sets.values())
    position = phase_position(phase)
    for nation in mine:
        legal = legal_orders(position, nation, variant=KAPITALISTEN)
        texts = {str(o) for options in legal.values() for o in options}
        assert sets[nation].orders
        assert set(sets[nation].orders) <= texts
    assert sets["investor-1"].orders
    # Asked again, nothing more to give.
    again = InProcess()
    assert play_turn(_api(spring, "investor-1", again), spring.pk) is Turn.WAITING
    assert not again.writes()


def test_an_investor_who_commands_nothing_still_trades_every_movement_turn(spring: Game) -> None:
    site = InProcess()
    api = _api(spring, "investor-5", site)
    # The site owes nothing of him (need: nothing), yet his game is one to play.
    assert spring.pk in api.games_to_play()
    assert play_turn(api, spring.pk) is Turn.ORDERED
    saved = OrderSet.objects.get(phase=current(spring), power="investor-5")
    assert saved.orders
    assert saved.ready


def test_a_host_of_many_seats_saves_first_and_marks_ready_after(spring: Game) -> None:
    site = InProcess()
    api = _api(spring, "investor-1", site)
    assert play_turn(api, spring.pk, step=Step.READY) is Turn.WAITING  # nothing saved yet
    assert play_turn(api, spring.pk, step=Step.SAVE) is Turn.STAGED
    phase = current(spring)
    assert not OrderSet.objects.filter(phase=phase, ready=True).exists()
    assert play_turn(api, spring.pk, step=Step.READY) is Turn.ORDERED
    assert [s.path for s in site.writes()][-1].endswith("/ready/")
    mine = {n for n, c in controllers(spring).items() if c == "investor-1"}
    assert OrderSet.objects.filter(phase=phase, ready=True).count() == 1 + len(mine)


def test_a_retreat_of_a_nation_the_state_is_not_about_goes_only_where_the_site_allows() -> None:
    # Spring 1901's retreats: Turkey's army in Bulgaria dislodged from Serbia. Rumania was
    # left empty by a standoff, which the API does not show; the site says Constantinople
    # only. The state is about Russia (the investor's first nation with orders due).
    opening = KAPITALISTEN.initial_position({"players": 9})
    exchange = dict(opening.extras)["exchange"]
    board = {
        "variant": "kapitalisten",
        "phase": "S1901R",
        "units": {"austria": ["A ser", "A gal"], "russia": ["A sev"], "turkey": ["F ank"]},
        "dislodged": {
            "russia": [{"unit": "A ukr", "attacker_from": "gal", "retreats": ["mos"]}],
            "turkey": [{"unit": "A bul", "attacker_from": "ser", "retreats": ["con"]}],
        },
        "centers": {"turkey": ["ank", "con", "smy"]},
        "options": {"players": 9},
        "extras": {"exchange": exchange},
    }
    position, _orders = position_from_json(board)
    state = {
        "game": {"id": 1, "variant": "kapitalisten", "options": {"players": 9}},
        "phase": {"index": 3, "code": "S1901R", "is_current": True, **board},
        "me": {"power": "investor-1", "acting": "russia", "legal": {"ukr": ["A ukr R mos"]}},
    }
    everywhere = legal_orders(position, "turkey", variant=KAPITALISTEN)["bul"]
    assert {str(o) for o in everywhere if isinstance(o, Retreat)} > {"A bul R con"}
    allowed = legal_here(KAPITALISTEN, state, position, "turkey")["bul"]
    assert {str(o) for o in allowed if isinstance(o, Retreat)} == {"A bul R con"}
    assert any(isinstance(o, Disband) for o in allowed)
    # The nation the state is about: the site's own list.
    assert [str(o) for o in legal_here(KAPITALISTEN, state, position, "russia")["ukr"]] == [
        "A ukr R mos"
    ]


def test_the_same_state_gives_the_same_choice(spring: Game) -> None:
    site = InProcess()
    api = _api(spring, "investor-1", site)
    state = api.state(spring.pk)
    assert choose(state) == choose(state)
    assert choose(state, seed=random.Random(1).randrange(1, 99)) is not None
