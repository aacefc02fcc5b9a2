"""Rather Silly practised against the site's own bots: a practice game with the four roles
seats a house bot in every seat but the creator's (eleven in all), and the bots play them
through the public API (``manage.py run_bots``: games/management/botplay.py and
bots/client.py): the great powers' herds, units, explosions and votes, the Fool's
override, the Superbrain's questions, the Doctor's TARDIS, the Fortune-teller's
predictions; a whole game of several years on a real worker, each phase adjudicated once,
no order of a bot refused."""

from __future__ import annotations

from typing import Any

import pytest

from accounts.roles import is_bot
from adjudicator import find_variant
from adjudicator.variants.rather_silly import ROLES
from games import services
from games.models import Game
from games.positions import phase_position
from games.terms import GameTerms
from tests.bots.inprocess import InProcess
from tests.games.practice import SITE, person_plays, played_to_the_end

pytestmark = pytest.mark.django_db(transaction=True)

RATHER_SILLY = find_variant("rather_silly")
#: Results that say a bot's order was not its own to blame: the Fool overrode the unit, an
#: Amazon seduced it, or the unit it supported was overridden or seduced meanwhile.
OTHERS_DID_IT = {"overridden_by_fool", "seduced_away", "support_not_matched"}


def _practice(make_user: Any, **terms: Any) -> tuple[Game, Any]:
    alice = make_user("alice")
    game = services.game_create(
        created_by=alice,
        name="Silly practice",
        terms=GameTerms(variant_id="rather_silly", options={"roles": True}, **terms),
        bots=True,
    )
    game.refresh_from_db()
    return game, alice


def test_a_practice_game_with_the_roles_seats_a_bot_in_every_other_seat(make_user: Any) -> None:
    game, alice = _practice(make_user)
    assert game.status == Game.Status.ACTIVE
    seats = list(game.seats.select_related("user"))
    assert len(seats) == 11
    assert {s.power for s in seats} >= set(ROLES)
    bots = [s for s in seats if s.user != alice]
    assert len(bots) == 10
    assert all(is_bot(s.user) for s in bots)


def test_bots_play_a_whole_rather_silly_practice_game_of_several_years_through_the_api(
    make_user: Any, worker: None, settings: Any
) -> None:
    game, alice = _practice(make_user, last_year=1903)
    phases = played_to_the_end(game, lambda: person_plays(game, alice))
    assert phases[0].code == "W1900L"
    bots = set(game.seats.exclude(user=alice).values_list("power", flat=True))
    given_by_bots: set[str] = set()
    for phase in phases:
        for result in phase.results:
            if result["power"] not in bots:
                continue
            # No order of a bot unreadable or broken: void only where another's order
            # (the Fool's, an Amazon's) took its unit away.
            assert result["result"] != "illegal", (phase.code, result)
            if result["result"] == "void":
                assert result.get("reason_code") in OTHERS_DID_IT, (phase.code, result)
        given = phase.adjudicated_orders or {}
        for power, orders in given.items():
            if power in bots:
                given_by_bots |= {str(o).split()[0].lower() for o in orders}
        if phase.code.endswith("M"):
            # Every bot seat gave orders (the roles owe none, and play their roles), but a
            # great power left with no unit (the Borg ate them; its centers are kept until
            # the winter), which has none to give.
            before = phase_position(phase)
            idle = {p for p in RATHER_SILLY.powers if not before.units_of(p)}
            assert bots - idle <= set(given), (phase.code, sorted(bots - idle - set(given)))
    # Herds, votes, and each role's own orders, among what the bots gave.
    expected = {"herd", "vote", "reply"}
    roles = {"fool": "override", "superbrain": "ask", "fortune_teller": "predict"}
    expected |= {word for role, word in roles.items() if role in bots}
    assert expected <= given_by_bots, sorted(expected - given_by_bots)
    if "doctor" in bots:
        assert "t" in given_by_bots  # the TARDIS came in: "T - yor"


def test_rather_silly_practice_is_offered_through_the_api_and_the_form(make_user: Any) -> None:
    from accounts import services as accounts
    from bots.client import Api
    from games.forms import GameCreateForm

    alice = make_user("alice")
    _made, key = accounts.api_token_create(user=alice, name="mine")
    api = Api(SITE, key, opener=InProcess())
    for options, seats in (({"roles": False}, 7), ({"roles": True, "fifth_fleet": True}, 11)):
        made = api.call(
            "POST",
            "games/",
            {
                "name": f"Silly by API {seats}",
                "variant": "rather_silly",
                "options": options,
                "bots": True,
            },
        )
        game = Game.objects.get(pk=made["id"])
        assert game.status == Game.Status.ACTIVE
        assert game.seats.count() == seats
        assert all(is_bot(s.user) for s in game.seats.exclude(user=alice).select_related("user"))
    assert "Rather Silly" in str(GameCreateForm.base_fields["practice_bots"].help_text)
