"""The state's ``me.saved``: whether orders were saved for the viewer's seat in the open
phase, none perhaps (an empty set, meant as "all hold"): what a program playing the seat
needs to leave them be (bots.client). The viewer's own seat only: another power's saved
orders stay secret (``seats[]`` says only who is ready)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from games import services

pytestmark = pytest.mark.django_db


def _me(client: APIClient, game: Any) -> dict[str, Any]:
    state = client.get(reverse("api:state", args=[game.pk])).json()
    assert all("saved" not in seat for seat in state["seats"])
    return state["me"]  # type: ignore[no-any-return]


@pytest.mark.parametrize("orders", [["A vie H"], []], ids=["orders", "none"])
def test_the_state_says_whether_the_seats_orders_were_saved(
    started_game: Any, players: dict[str, Any], api: Callable[..., APIClient], orders: list[str]
) -> None:
    austria = api(players["austria"])
    me = _me(austria, started_game)
    assert (me["saved"], me["gives"][0]["saved"]) == (False, False)
    services.orders_submit(game=started_game, user=players["austria"], orders=orders)
    me = _me(austria, started_game)
    assert (me["saved"], me["gives"][0]["saved"], me["orders"]) == (True, True, orders)
    # Another player sees his own seat's, not Austria's.
    assert _me(api(players["england"]), started_game)["saved"] is False
    mine = austria.get(reverse("api:orders", args=[started_game.pk])).json()
    assert mine["saved"] is True
