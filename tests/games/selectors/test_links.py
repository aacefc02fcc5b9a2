"""The linked boards' history in step (games.selectors.link_steps): what the duel page's
replay walks, both boards together."""

from __future__ import annotations

from typing import Any

import pytest

from games import selectors, services
from games.models import BoardLink, Game
from games.terms import GameTerms
from tests.games.helpers import RETREAT_SETUP, current, duel_step, duel_stepped

pytestmark = pytest.mark.django_db


def test_the_boards_step_together_and_a_board_without_the_phase_stands_as_it_was(
    make_user: Any,
) -> None:
    a, b = duel_stepped(make_user("red-player"), make_user("blue-player"))
    steps = selectors.link_steps(boards=[a, b])
    assert [(s["step"], s["code"], s["present"]) for s in steps] == [
        (0, "F1901M", False),
        (1, "F1901R", False),
        (2, "W1901A", False),
        (3, "F1902M", True),
    ]
    index = {g.link_label: {p.code: p.index for p in g.phases.all()} for g in (a, b)}
    assert steps[0]["boards"]["A"] == {"index": index["A"]["F1901M"], "own": True, "words": ""}
    assert steps[0]["boards"]["B"] == {"index": index["B"]["F1901M"], "own": True, "words": ""}
    # Board B played no retreats: it stands as after its movement, said so.
    assert steps[1]["boards"]["A"]["own"]
    assert steps[1]["boards"]["B"] == {
        "index": index["B"]["F1901M"],
        "own": False,
        "words": "No Fall 1901 retreats on this board: it stands as after Fall 1901 movement.",
    }
    assert steps[2]["boards"]["A"]["own"]
    assert steps[2]["boards"]["B"]["words"] == (
        "No Winter 1901 adjustments on this board: it stands as after Fall 1901 movement."
    )
    assert steps[3]["boards"]["B"] == {"index": index["B"]["F1902M"], "own": True, "words": ""}
    assert steps[1]["name"] == "Fall 1901 retreats"


def test_the_steps_end_at_the_first_still_open(make_user: Any) -> None:
    red, blue = make_user("red-player"), make_user("blue-player")
    a = services.game_create(
        created_by=red,
        name="Waiting duel",
        power="red",
        terms=GameTerms(
            variant_id="highlander",
            options=RETREAT_SETUP,
            duel=True,
            assignment=Game.Assignment.CHOSEN,
        ),
    )
    services.game_join(game=a, user=blue, power="blue")
    b = BoardLink.objects.get(games=a).board("B")
    assert b is not None
    duel_step(a, b, {"red": ["A war - mos", "A sev S A war - mos"]})
    # Board A's retreats are open; board B waits at its next movement, which comes after.
    steps = selectors.link_steps(boards=[a, b])
    assert [(s["code"], s["present"]) for s in steps] == [("F1901M", False), ("F1901R", True)]


def test_board_b_has_no_phase_before_board_as_setup_is_done(make_user: Any) -> None:
    from tests.games.test_highlander_site import BLUE_LIST, RED_LIST

    red, blue = make_user("red-player"), make_user("blue-player")
    a = services.game_create(
        created_by=red,
        name="Nominated duel",
        power="red",
        terms=GameTerms(variant_id="highlander", duel=True, assignment=Game.Assignment.CHOSEN),
    )
    services.game_join(game=a, user=blue, power="blue")
    for power, centers in (("red", RED_LIST), ("blue", BLUE_LIST)):
        user = a.seats.get(power=power).user
        services.orders_submit(game=a, user=user, orders=[f"nominate {c}" for c in centers])
        services.orders_ready(game=a, user=user, ready=True)
    assert services.phase_adjudicate(game_id=a.pk, phase_id=current(a).pk)
    assert BoardLink.objects.get(games=a).board("B") is None
    steps = selectors.link_steps(boards=[a])
    assert [(s["code"], s["present"]) for s in steps] == [("W1900N", False), ("W1900P", True)]


def test_a_decided_duel_ends_with_the_boards_as_they_stand(make_user: Any) -> None:
    from tests.games.helpers import duel_won_while_b_waits

    a, b = duel_won_while_b_waits(make_user("red-player"), make_user("blue-player"))
    assert a.status == b.status == Game.Status.FINISHED
    steps = selectors.link_steps(boards=[a, b])
    # Red's 18th center on board A after the retreats won the duel (rule 7.4). Board B had
    # opened its next movement, waiting: the duel's end closed it unplayed, noted so; no
    # phase of a finished duel is left open.
    assert [(s["code"], s["present"]) for s in steps] == [
        ("F1901M", False),
        ("F1901R", False),
        ("F1902M", False),
    ]
    waited = b.phases.order_by("index").last()
    assert waited is not None
    assert waited.code == "F1902M"
    assert waited.is_resolved
    assert not waited.results
    assert waited.notes[-1] == {"kind": "link_decided", "winner": "red"}
    assert not a.phases.filter(status="open").exists()
    assert steps[1]["boards"]["B"]["own"] is False
    assert steps[2]["boards"]["A"]["own"] is False
