"""The phase state (the page's and its replay's, and the API's) carries the variant's layer
as the one renderer drew it for its viewer: the page puts it in, never draws it."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth.models import AnonymousUser
from django.utils import timezone

from games import services, visibility
from games.models import Game, GamePhase
from games.selectors.state import game_state
from games.terms import GameTerms
from variants.board import board_svg

pytestmark = pytest.mark.django_db

POWERS = ("austria", "england", "france", "germany", "italy", "russia", "turkey")


def _silly(make_user: Any) -> Game:
    users = {p: make_user(f"{p}-layer") for p in POWERS}
    game = services.game_create(
        created_by=users["austria"],
        name="Layers",
        power="austria",
        terms=GameTerms(variant_id="rather_silly", assignment=Game.Assignment.CHOSEN),
    )
    for power in POWERS[1:]:
        services.game_join(game=game, user=users[power], power=power)
    services.orders_submit(game=game, user=users["england"], orders=["herd yor", "vote yor - nwy"])
    winter = game.phases.get(code="W1900L")
    GamePhase.objects.filter(pk=winter.pk).update(deadline=timezone.now() - timedelta(seconds=1))
    assert services.phase_adjudicate(game_id=game.pk, phase_id=winter.pk)
    return game


def _creatures(svg: str) -> str:
    start = svg.index('<g id="creatures" class="creatures">') + len(
        '<g id="creatures" class="creatures">'
    )
    # The creatures' group closes where the names, drawn over every piece, begin.
    end = svg.index('<g id="labels"', start)
    assert svg[end - len("</g>") : end] == "</g>"
    return svg[start : end - len("</g>")]


def test_the_phase_state_carries_the_layer_the_board_draws(make_user: Any) -> None:
    game = _silly(make_user)
    spring = game.phases.get(code="S1901M")
    england = game.seats.get(power="england").user
    for user in (england, AnonymousUser()):
        state = game_state(game=game, user=user, index=spring.index)
        seen = visibility.position_seen(user=user, phase=spring)
        drawn = _creatures(board_svg(map_id="rather_silly", position=seen))
        assert state["phase"]["layer"] == drawn
    mine = game_state(game=game, user=england, index=spring.index)["phase"]["layer"]
    theirs = game_state(game=game, user=AnonymousUser(), index=spring.index)["phase"]["layer"]
    # England sees his own herd, a stranger nobody's: the layer is the viewer's.
    assert 'data-herd="yor"' in mine
    assert "data-herd" not in theirs
    assert 'class="hyperspace"' in theirs
