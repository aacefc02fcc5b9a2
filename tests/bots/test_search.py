"""The stronger bot's search (bots/search.py): it finds what the heuristic bot misses, it
spends no move on a bounce the guesses show, and it is a function of its seed. Budgets
here count resolutions only: no wall time, so nothing depends on the machine's speed."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator import Move, Outcome, PhaseKind, find_variant, legal_orders, resolve
from bots import bot_orders
from bots.search import Budget, Level, level_orders, search_orders
from tests.bots.boards import STANDARD, board, reached

SMALL = Budget(resolutions=240, seconds=None, samples=4)


def test_takes_a_free_center_the_heuristic_bot_leaves() -> None:
    # Autumn: the German army in Kiel holds, because the Russian fleet in the Baltic could
    # enter Kiel. But the Russian heads for Sweden (a center it may take), and Kiel stays
    # German while nobody stands in it: the search takes Holland or Denmark instead.
    position = board(
        "F1902M",
        {"germany": ["A kie"], "russia": ["F bal"]},
        centers={"germany": ["ber", "kie", "mun"], "russia": ["mos", "sev", "stp", "war"]},
    )
    for seed in range(3):
        assert [str(o) for o in bot_orders(STANDARD, position, "germany", random.Random(seed))] == [
            "A kie H"
        ]
        orders = search_orders(STANDARD, position, "germany", random.Random(seed), budget=SMALL)
        assert len(orders) == 1
        assert isinstance(orders[0], Move)
        assert orders[0].dest in ("hol", "den")
        russia = bot_orders(STANDARD, position, "russia", random.Random(seed))
        after = resolve(position, {"germany": orders, "russia": russia}).position
        taken = after.unit_in(orders[0].dest)
        assert taken is not None
        assert taken.power == "germany"


def test_spends_no_move_on_a_bounce_the_guesses_show() -> None:
    # At the start the heuristic Austria sends its fleet from Trieste to Venice, and Italy's
    # army comes the other way: a swap, which bounces whatever Italy's seed.
    start = STANDARD.initial_position()
    heuristic = bot_orders(STANDARD, start, "austria", random.Random(1))
    assert "F tri - ven" in {str(o) for o in heuristic}
    for seed in range(4):
        italy = bot_orders(STANDARD, start, "italy", random.Random(seed))
        results = resolve(start, {"austria": heuristic, "italy": italy}).results
        bounced = {str(r.order) for r in results if r.outcome is Outcome.BOUNCE}
        assert "F tri - ven" in bounced
    searched = search_orders(STANDARD, start, "austria", random.Random(1), budget=SMALL)
    assert "F tri - ven" not in {str(o) for o in searched}
    assert len(searched) == 3


def test_the_same_seed_gives_the_same_orders() -> None:
    position = reached(5, 7)
    assert position.phase.kind is PhaseKind.MOVEMENT
    for power in ("england", "russia"):
        first = search_orders(STANDARD, position, power, random.Random(9), budget=SMALL)
        again = search_orders(STANDARD, position, power, random.Random(9), budget=SMALL)
        assert first == again


def test_outside_movement_it_plays_the_heuristic_bot() -> None:
    position = board(
        "W1901A",
        {"germany": ["A kie"]},
        centers={"germany": ["ber", "kie", "mun", "hol"]},
    )
    assert search_orders(STANDARD, position, "germany", random.Random(3), budget=SMALL) == (
        bot_orders(STANDARD, position, "germany", random.Random(3))
    )


def test_the_level_chooses_the_player() -> None:
    position = board(
        "F1902M",
        {"germany": ["A kie"], "russia": ["F bal"]},
        centers={"germany": ["ber", "kie", "mun"], "russia": ["mos", "sev", "stp", "war"]},
    )
    standard = level_orders(Level.STANDARD, STANDARD, position, "germany", random.Random(0))
    strong = level_orders(
        Level.STRONG, STANDARD, position, "germany", random.Random(0), budget=SMALL
    )
    assert [str(o) for o in standard] == ["A kie H"]
    assert isinstance(strong[0], Move)


@pytest.mark.parametrize(
    ("variant_id", "phases"), [("standard", 9), ("highlander", 5), ("multiple_void", 4)]
)
@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10_000))
def test_every_order_is_legal_and_every_unit_ordered(
    variant_id: str, phases: int, seed: int
) -> None:
    variant = find_variant(variant_id)
    position = reached(seed, phases, variant)
    if variant.finished(position) or position.phase.kind is not PhaseKind.MOVEMENT:
        return
    budget = Budget(resolutions=60, seconds=None, samples=2)
    for power in sorted(variant.orders_due(position)):
        legal = legal_orders(position, power, variant=variant)
        orders = search_orders(variant, position, power, random.Random(seed), budget=budget)
        for order in orders:
            assert any(order in options for options in legal.values()), str(order)
        assert sorted(o.unit.province for o in orders) == sorted(p for p in legal if legal[p])
        assert variant.order_set_problem(position, power, orders) is None
        results = resolve(position, {power: orders}, variant=variant).results
        assert not [
            r for r in results if r.power == power and r.outcome in (Outcome.VOID, Outcome.ILLEGAL)
        ]
