"""A seat that gives the orders of several powers (the adjudicator's ``orders_given_by``):
"Vassals" is a made-up standard game in which a power holding two home centers of another
gives that power's orders; Kapitalisten's investors order for the nations they control the
same way. Saving, ready, who reads the orders before the results, adjudication and a
missed phase all follow whoever gives a power's orders."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone

from adjudicator import Position, Unit, UnitKind
from adjudicator.board import FrozenMap, sort_units
from adjudicator.io import position_to_json
from adjudicator.variants import VARIANTS
from adjudicator.variants.standard import Standard
from core.errors import ApplicationError
from games import selectors, services, visibility
from games.models import Game, GamePhase, OrderSet, PhaseDuty
from games.terms import GameTerms

pytestmark = pytest.mark.django_db

POWERS = ("austria", "england", "france", "germany", "italy", "russia", "turkey")


class Vassals(Standard):
    id = "vassals"
    name = "Vassals"
    aliases = ()

    def orders_given_by(self, position: Position) -> dict[str, frozenset[str]]:
        given = super().orders_given_by(position)
        for vassal in list(given):
            holders = [position.ownership.get(c) for c in self.map.home_centers(vassal)]
            for lord in sorted(set(holders) - {vassal, None}):
                if lord is not None and holders.count(lord) >= 2 and lord in given:
                    given[lord] = given[lord] | given.pop(vassal)
                    break
        return given


@pytest.fixture(autouse=True)
def vassals() -> Iterator[None]:
    VARIANTS["vassals"] = Vassals()
    yield
    del VARIANTS["vassals"]


@pytest.fixture
def game(players: dict[str, Any]) -> Game:
    """A game at Fall 1901 in which England holds Paris and Brest: England's player gives
    France's orders (France keeps an army in Marseilles)."""
    game = services.game_create(
        created_by=players["austria"],
        name="Vassals",
        power="austria",
        terms=GameTerms(variant_id="vassals", assignment=Game.Assignment.CHOSEN),
    )
    for power in POWERS[1:]:
        services.game_join(game=game, user=players[power], power=power)
    phase = game.current_phase
    assert phase is not None
    variant = VARIANTS["vassals"]
    start = variant.initial_position()
    units = [u for u in start.units if u.power != "france"] + [
        Unit("england", UnitKind.ARMY, "par"),
        Unit("england", UnitKind.ARMY, "bre"),
        Unit("france", UnitKind.ARMY, "mar"),
    ]
    units = [u for u in units if not (u.power == "england" and u.location == "lvp")]
    ownership = {**start.ownership, "par": "england", "bre": "england"}
    phase.position = position_to_json(
        start.with_changes(units=sort_units(units), ownership=FrozenMap(ownership))
    )
    phase.save(update_fields=["position"])
    game.refresh_from_db()
    return game


def _phase(game: Game) -> GamePhase:
    phase = game.current_phase
    assert phase is not None
    return phase


def _deadline_passed(game: Game) -> GamePhase:
    phase = _phase(game)
    phase.deadline = timezone.now() - timedelta(minutes=1)
    phase.save(update_fields=["deadline"])
    return phase


def test_the_lord_saves_the_vassals_orders_and_the_vassal_cannot(
    game: Game, players: dict[str, Any]
) -> None:
    england, france = players["england"], players["france"]
    services.orders_submit(game=game, user=england, orders=["A mar - spa"], power="france")
    saved = OrderSet.objects.get(phase=_phase(game), power="france")
    assert (saved.seat.power, saved.orders) == ("england", ["A mar - spa"])
    with pytest.raises(ApplicationError, match="do not give the orders of France"):
        services.orders_submit(game=game, user=france, orders=["A mar H"])
    with pytest.raises(ApplicationError, match="no orders to give now"):
        services.orders_ready(game=game, user=france, ready=True)
    with pytest.raises(ApplicationError, match="do not give the orders of Germany"):
        services.orders_submit(game=game, user=england, orders=["A mun H"], power="germany")
    # The lord's own orders are his own set.
    services.orders_submit(game=game, user=england, orders=["F edi - nth"])
    assert OrderSet.objects.get(phase=_phase(game), power="england").orders == ["F edi - nth"]


def test_ready_marks_every_power_the_seat_gives(game: Game, players: dict[str, Any]) -> None:
    services.orders_ready(game=game, user=players["england"], ready=True)
    ready = set(
        OrderSet.objects.filter(phase=_phase(game), ready=True).values_list("power", flat=True)
    )
    assert ready == {"england", "france"}


def test_the_lord_reads_the_vassals_orders_before_the_results_and_others_do_not(
    game: Game, players: dict[str, Any]
) -> None:
    services.orders_submit(
        game=game, user=players["england"], orders=["A mar - spa"], power="france"
    )
    phase = _phase(game)
    assert visibility.can_see_orders(user=players["england"], phase=phase, power="france")
    assert not visibility.can_see_orders(user=players["france"], phase=phase, power="france")
    assert not visibility.can_see_orders(user=players["germany"], phase=phase, power="france")
    state = selectors.game_state(game=game, user=players["england"])
    assert [g["power"] for g in state["me"]["gives"]] == ["england", "france"]
    assert state["me"]["gives"][1]["orders"] == ["A mar - spa"]


def test_the_vassals_orders_are_adjudicated_as_the_lord_gave_them(
    game: Game, players: dict[str, Any]
) -> None:
    services.orders_submit(
        game=game, user=players["england"], orders=["A mar - spa"], power="france"
    )
    phase = _deadline_passed(game)
    assert services.phase_adjudicate(game_id=game.pk, phase_id=phase.pk)
    phase.refresh_from_db()
    assert phase.adjudicated_orders["france"] == ["A mar - spa"]
    assert "A spa" in phase.position_after["units"]["france"]


def test_a_vassal_left_without_orders_is_the_lords_miss(
    game: Game, players: dict[str, Any]
) -> None:
    services.orders_submit(game=game, user=players["england"], orders=["F edi - nth"])
    phase = _deadline_passed(game)
    assert services.phase_adjudicate(game_id=game.pk, phase_id=phase.pk)
    phase.refresh_from_db()
    england = game.seats.get(power="england")
    assert PhaseDuty.objects.get(phase=phase, seat=england).missed
    assert {"kind": "missed", "power": "england", "powers": ["france"]} in phase.notes
    # France's own player had nothing to give: no duty, no miss.
    assert not PhaseDuty.objects.filter(phase=phase, seat__power="france").exists()


def test_the_api_takes_whose_orders_they_are(game: Game, players: dict[str, Any]) -> None:
    from rest_framework.test import APIClient

    client = APIClient()
    client.force_authenticate(players["england"])
    url = f"/api/v1/games/{game.pk}/orders/"
    index = _phase(game).index
    answer = client.put(
        url, {"orders": ["A mar - spa"], "power": "france", "phase": index}, format="json"
    )
    assert answer.status_code == 200, answer.content
    assert OrderSet.objects.get(phase=_phase(game), power="france").orders == ["A mar - spa"]
    mine = client.get(url).json()
    assert [g["power"] for g in mine["gives"]] == ["england", "france"]
    refused = client.put(
        url, {"orders": ["A mun H"], "power": "germany", "phase": index}, format="json"
    )
    assert refused.status_code == 400
    assert "Germany" in refused.json()["message"]
    check = client.post(
        f"/api/v1/games/{game.pk}/orders/check/", {"order": "A mar - bur", "power": "france"}
    )
    assert check.json()["ok"] is True
