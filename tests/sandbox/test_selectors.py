"""What the sandbox's pages read: one phase with the line of play through it (back and
forward), its branches, what the board draws, the legal orders for ordering by clicks,
and where a fork came from (named only to who may see that game)."""

from __future__ import annotations

from typing import Any

import pytest

from sandbox import services
from sandbox.models import Sandbox, SandboxPhase
from sandbox.selectors import board_of, owned_sandbox, sandbox_page, shared_sandbox
from tests.sandbox.test_services import SUPPORTED_ATTACK, private_game, root, standard

pytestmark = pytest.mark.django_db


def test_back_and_forward_step_along_the_line_of_play(owner: Any) -> None:
    sandbox = standard(owner)
    first = root(sandbox)
    fall = services.sandbox_adjudicate(user=owner, phase=first, orders=SUPPORTED_ATTACK)
    winter = services.sandbox_adjudicate(user=owner, phase=fall, orders={})
    assert winter.code == "S1902M"  # no one gained or lost a center: no adjustments
    sandbox.refresh_from_db()
    at_head = sandbox_page(sandbox=sandbox, viewer=owner)
    assert at_head["phase"] == winter
    assert at_head["back"] == fall.pk
    assert at_head["forward"] is None
    at_fall = sandbox_page(sandbox=sandbox, viewer=owner, at=fall.pk)
    assert (at_fall["back"], at_fall["forward"]) == (first.pk, winter.pk)
    assert [p["code"] for p in at_fall["line"]] == ["S1901M", "F1901M", "S1902M"]
    at_start = sandbox_page(sandbox=sandbox, viewer=owner, at=first.pk)
    first.refresh_from_db()
    assert at_start["back"] is None
    assert at_start["forward"] == fall.pk
    assert at_start["results"] == first.results


def test_the_board_shows_the_orders_as_they_stand_then_the_results(owner: Any) -> None:
    sandbox = standard(owner)
    first = services.sandbox_orders_save(user=owner, phase=root(sandbox), orders=SUPPORTED_ATTACK)
    _position, drawn = board_of(sandbox_page(sandbox=sandbox, viewer=owner, at=first.pk))
    assert {(d.text, d.result, d.power) for d in drawn} == {
        ("A par - bur", None, "france"),
        ("A mar S A par - bur", None, "france"),
        ("A mun - bur", None, "germany"),
    }
    services.sandbox_adjudicate(user=owner, phase=first, orders=SUPPORTED_ATTACK)
    position, drawn = board_of(sandbox_page(sandbox=sandbox, viewer=owner, at=first.pk))
    assert ("A mun - bur", "bounce", "germany") in {(d.text, d.result, d.power) for d in drawn}
    assert len(drawn) == 22
    assert position.position["phase"] == "S1901M"


def test_legal_orders_come_for_an_open_phase_of_play_alone(owner: Any) -> None:
    sandbox = standard(owner)
    first = root(sandbox)
    legal = sandbox_page(sandbox=sandbox, viewer=owner)["legal"]
    assert sorted(legal) == sorted(
        p["power"] for p in sandbox_page(sandbox=sandbox, viewer=owner)["powers"]
    )
    assert "A par - bur" in legal["france"]["par"]
    services.sandbox_adjudicate(user=owner, phase=first, orders={})
    assert sandbox_page(sandbox=sandbox, viewer=owner, at=first.pk)["legal"] == {}
    # A set-up phase's lists, placements and picks are typed.
    highland = services.sandbox_create(owner=owner, variant_id="highlander")
    assert sandbox_page(sandbox=highland, viewer=owner)["legal"] == {}


def test_a_sandbox_is_found_by_its_owner_or_its_code_alone(owner: Any, stranger: Any) -> None:
    from django.contrib.auth.models import AnonymousUser

    sandbox = standard(owner)
    assert owned_sandbox(user=owner, sandbox_id=sandbox.pk) == sandbox
    assert owned_sandbox(user=stranger, sandbox_id=sandbox.pk) is None
    assert owned_sandbox(user=AnonymousUser(), sandbox_id=sandbox.pk) is None
    assert shared_sandbox(code=sandbox.share_code) == sandbox
    assert shared_sandbox(code="") is None
    assert shared_sandbox(code=sandbox.share_code[:-1]) is None


def test_a_phase_of_another_sandbox_is_none_of_this_ones(owner: Any) -> None:
    mine, other = standard(owner), standard(owner)
    with pytest.raises(SandboxPhase.DoesNotExist):
        sandbox_page(sandbox=mine, viewer=owner, at=root(other).pk)


def test_a_fork_names_its_game_only_to_who_may_see_it(
    players: dict[str, Any], stranger: Any
) -> None:
    from tests.games.helpers import current

    game = private_game(players)
    sandbox: Sandbox = services.sandbox_fork(user=players["italy"], phase=current(game))
    seen = sandbox_page(sandbox=sandbox, viewer=players["england"])["forked_from"]
    assert seen["game"] == game
    assert seen["name"] == "Spring 1901 movement"
    assert sandbox_page(sandbox=sandbox, viewer=stranger)["forked_from"] == {"game": None}
