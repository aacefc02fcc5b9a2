"""What other apps offer on a game page's phase (games/phase_actions.py): each registered
maker is asked once per page, for the viewer and the phase shown, and may offer nothing."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from django.contrib.auth.models import AnonymousUser
from django.test import Client
from django.urls import reverse

from games import extension_points, phase_actions
from games.extension_points import PhaseAction
from games.models import Game

pytestmark = pytest.mark.django_db


def study(user: Any, game: Game, index: int) -> PhaseAction | None:
    """A made-up app's action: "Study" for a signed-in viewer, nothing for anyone else."""
    if not user.is_authenticated:
        return None
    return PhaseAction(label="Study", url=f"/study/{game.pk}/{index}/", name="study")


@pytest.fixture
def registered() -> Iterator[None]:
    extension_points.phase_actions.register(study)
    extension_points.phase_actions.register(study)  # twice: offered once
    yield
    extension_points.phase_actions.unregister(study)


def test_a_registered_action_is_offered_once_for_the_phase_shown(
    registered: None, started_game: Game, players: dict[str, Any]
) -> None:
    offered = phase_actions.phase_actions(user=players["italy"], game=started_game, index=0)
    assert [a for a in offered if a.name == "study"] == [
        PhaseAction(label="Study", url=f"/study/{started_game.pk}/0/", name="study")
    ]
    client = Client()
    client.force_login(players["italy"])
    page = client.get(reverse("games:detail", args=[started_game.pk])).content.decode()
    assert f'action="/study/{started_game.pk}/0/"' in page


def test_a_maker_may_offer_nothing(registered: None, started_game: Game) -> None:
    offered = phase_actions.phase_actions(user=AnonymousUser(), game=started_game, index=0)
    assert not [a for a in offered if a.name == "study"]


def test_an_unregistered_maker_is_asked_no_more(started_game: Game, players: Any) -> None:
    extension_points.phase_actions.register(study)
    extension_points.phase_actions.unregister(study)
    offered = phase_actions.phase_actions(user=players["italy"], game=started_game, index=0)
    assert not [a for a in offered if a.name == "study"]
