"""Kapitalisten practised against the site's own bots: a practice game seats a house bot in
every investor seat but the creator's, each under a pseudonym of its own, and the bots
play them through the public API (``manage.py run_bots``: games/management/botplay.py and
bots/client.py): each investor's exchange orders every turn it may trade, and the military
orders of the nations it controls; a whole game of several years on a real worker, each
phase adjudicated once, no order of a bot refused or cut."""

from __future__ import annotations

import json
from typing import Any

import pytest

from accounts.roles import is_bot
from adjudicator import find_variant
from adjudicator.variants.kapitalisten.rules import Kapitalisten
from games import selectors, services
from games.models import Game
from games.positions import phase_position
from games.terms import GameTerms
from tests.bots.inprocess import InProcess
from tests.games.kapitalisten import investor_plays
from tests.games.practice import SITE, played_to_the_end

pytestmark = pytest.mark.django_db(transaction=True)

KAPITALISTEN = find_variant("kapitalisten")
assert isinstance(KAPITALISTEN, Kapitalisten)

#: What the exchange says of a trade that did less than asked, or of an investor who gave
#: no exchange orders: a bot never earns one.
SHORTFALLS = {
    "sale_limited",
    "sale_short",
    "purchase_short",
    "sold_without_orders",
    "investor_excluded",
    "investor_absent",
}


def _practice(make_user: Any, **options: Any) -> tuple[Game, Any]:
    alice = make_user("alice")
    game = services.game_create(
        created_by=alice,
        name="Bourse practice",
        pseudonym="Old Money",
        terms=GameTerms(variant_id="kapitalisten", options={"players": 8, **options}),
        bots=True,
    )
    game.refresh_from_db()
    return game, alice


def test_a_practice_game_seats_a_bot_in_every_other_investor_seat_under_its_own_pseudonym(
    make_user: Any,
) -> None:
    game, alice = _practice(make_user)
    assert game.status == Game.Status.ACTIVE
    seats = list(game.seats.select_related("user"))
    assert len(seats) == 8
    bots = [s for s in seats if s.user != alice]
    assert len(bots) == 7
    assert all(is_bot(s.user) for s in bots)  # type: ignore[arg-type]
    names = [s.pseudonym for s in seats]
    assert len(set(names)) == 8
    for seat in bots:
        assert seat.pseudonym
        assert seat.user is not None
        assert seat.pseudonym.lower() != seat.user.username.lower()
    # Alice sees pseudonyms, and no account behind any of them.
    state = selectors.game_state(user=alice, game=game)
    shown = json.dumps(state)
    assert "house-bot" not in shown
    assert {s["player"] for s in state["seats"]} == set(names)


def test_bots_play_a_whole_practice_game_of_several_years_through_the_api(
    make_user: Any, worker: None, settings: Any
) -> None:
    game, alice = _practice(make_user, last_year=1903)
    phases = played_to_the_end(game, lambda: investor_plays(game, alice))
    assert phases[0].code == "W1900X"
    bots = set(game.seats.exclude(user=alice).values_list("power", flat=True))
    alices = game.seats.get(user=alice).power
    commanded = 0
    for phase in phases:
        before = phase_position(phase)
        controllers = KAPITALISTEN.controllers(before)
        by_bot = {n for n, c in controllers.items() if c in bots} | bots
        for result in phase.results:
            if result["power"] not in by_bot:
                continue
            # No order of a bot refused, void, or cut by the exchange.
            assert result["result"] not in ("void", "illegal"), (phase.code, result)
            assert result.get("reason_code") not in SHORTFALLS, (phase.code, result)
        given = phase.adjudicated_orders or {}
        if phase.code.endswith("M") or phase.code == "W1900X":
            # Every bot gave its exchange orders, every turn it could trade.
            assert bots <= set(given), (phase.code, sorted(bots - set(given)))
            # And the person too: no turn ended before he traded, however quick the bots.
            assert alices in given, phase.code
        commanded += sum(1 for n in controllers if controllers[n] in bots and given.get(n))
    assert commanded > 0  # the bots commanded nations: their orders were adjudicated
    final = game.phases.order_by("-index").first()
    assert final is not None
    points = (final.position_after or {}).get("extras", {}).get("exchange", {}).get("final")
    assert points is not None
    assert set(points["points"]) == bots | {alices}


def test_a_kapitalisten_practice_game_is_offered_through_the_api(make_user: Any) -> None:
    from accounts import services as accounts
    from bots.client import Api

    alice = make_user("alice")
    _made, key = accounts.api_token_create(user=alice, name="mine")
    api = Api(SITE, key, opener=InProcess())
    made = api.call(
        "POST",
        "games/",
        {
            "name": "Bourse by API",
            "variant": "kapitalisten",
            "options": {"players": 9},
            "pseudonym": "Old Money",
            "bots": True,
        },
    )
    game = Game.objects.get(pk=made["id"])
    assert game.status == Game.Status.ACTIVE
    assert game.seats.filter(user=alice, pseudonym="Old Money").exists()
    assert game.seats.exclude(user=alice).count() == 8
    assert all(is_bot(s.user) for s in game.seats.exclude(user=alice).select_related("user"))  # type: ignore[arg-type]
    # And the new-game form names it among the variants the bots play.
    from games.forms import GameCreateForm

    assert "Kapitalisten" in str(GameCreateForm.base_fields["practice_bots"].help_text)


def test_a_bot_never_takes_a_pseudonym_already_taken_and_says_so_when_none_is_left(
    make_user: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    import bots.seats
    from core.errors import ApplicationError

    # Eight names for seven bots, one of them the creator's: the bots take the seven others.
    names = ("Old Money", *(f"Banker {c}" for c in "ABCDEFG"))
    monkeypatch.setattr(bots.seats, "PSEUDONYMS", names)
    game, alice = _practice(make_user)
    taken = {s.pseudonym for s in game.seats.exclude(user=alice)}
    assert taken == set(names) - {"Old Money"}
    # One name short: no game, and the creator is told why.
    monkeypatch.setattr(bots.seats, "PSEUDONYMS", names[:-1])
    with pytest.raises(ApplicationError, match="no pseudonym left"):
        services.game_create(
            created_by=make_user("bob"),
            name="Bourse two",
            pseudonym="Old Money",
            terms=GameTerms(variant_id="kapitalisten", options={"players": 8}),
            bots=True,
        )
    assert not Game.objects.filter(name="Bourse two").exists()
