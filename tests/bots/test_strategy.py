"""The bot's strategy (bots/strategy.py): each rule of play as a scenario named after it,
and the promises that hold in every position a game can reach (legal, whole, one unit
to a province, the same orders for the same seed), checked over many drawn by hypothesis."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator import (
    Build,
    Move,
    Order,
    Outcome,
    PhaseKind,
    Position,
    Retreat,
    Support,
    find_variant,
    legal_orders,
    resolve,
)
from adjudicator.board import province_of
from bots import KNOWN_VARIANTS, bot_orders, knows_variant, random_orders
from tests.bots.boards import STANDARD, board, reached


def _orders(position: Position, power: str, seed: int = 1) -> list[Order]:
    return bot_orders(STANDARD, position, power, random.Random(seed))


def _texts(position: Position, power: str, seed: int = 1) -> set[str]:
    return {str(o) for o in _orders(position, power, seed)}


GERMAN_HOMES = {"germany": ["ber", "hol", "kie", "mun"]}


# -- movement ----------------------------------------------------------------------------------


def test_supports_its_own_attack_into_a_defended_center() -> None:
    position = board(
        "S1902M",
        {"germany": ["A ruh", "A hol"], "france": ["A bel"]},
        centers={**GERMAN_HOMES, "france": ["bel", "bre", "mar", "par"]},
    )
    orders = _orders(position, "germany")
    attacks = [o for o in orders if isinstance(o, Move)]
    assert len(attacks) == 1
    assert attacks[0].dest == "bel"
    supports = [o for o in orders if isinstance(o, Support)]
    assert [(s.supported, s.dest) for s in supports] == [(attacks[0].unit, "bel")]
    # And it works: the French army is dislodged, the German one stands in Belgium.
    after = resolve(position, {"germany": orders, "france": ["A bel H"]}).position
    assert after.unit_in("bel") is not None
    assert after.unit_in("bel").power == "germany"  # type: ignore[union-attr]


def test_spends_no_support_on_a_center_it_cannot_beat() -> None:
    # Belgium is held with two French supports at hand: Germany's two armies cannot win
    # it, so neither supports a move there (one may still probe it, to cut a support).
    position = board(
        "S1902M",
        {"germany": ["A ruh", "A hol"], "france": ["A bel", "A pic", "A bur"]},
        centers={**GERMAN_HOMES, "france": ["bel", "bre", "mar", "par"]},
    )
    for seed in range(10):
        orders = _orders(position, "germany", seed)
        assert not [o for o in orders if isinstance(o, Support) and o.dest == "bel"]
        assert sum(isinstance(o, Move) and o.dest == "bel" for o in orders) <= 1


def test_sends_enough_to_beat_a_rival_moving_into_an_empty_center() -> None:
    # Belgium is empty; England could move in from the North Sea with the support of
    # its fleet in the Channel: Germany brings three (Paris and Marseilles are French and
    # held, so the army in Burgundy has nothing better to do).
    position = board(
        "S1902M",
        {
            "germany": ["A ruh", "A hol", "A bur"],
            "england": ["F nth", "F eng"],
            "france": ["A par", "A mar"],
        },
        centers={
            **GERMAN_HOMES,
            "england": ["edi", "lon", "lvp"],
            "france": ["bre", "mar", "par"],
        },
    )
    orders = _orders(position, "germany")
    moves = [o for o in orders if isinstance(o, Move)]
    assert [m.dest for m in moves] == ["bel"]
    assert sum(isinstance(o, Support) and o.dest == "bel" for o in orders) == 2


def test_holds_a_center_it_stands_on_but_does_not_own() -> None:
    position = board("S1902M", {"germany": ["A hol", "A kie"]}, centers={"germany": ["ber", "mun"]})
    assert "A hol H" in _texts(position, "germany")


def test_supports_the_hold_of_a_threatened_center_in_the_fall() -> None:
    position = board(
        "F1901M",
        {"austria": ["A vie", "A tyr"], "russia": ["A gal", "A boh"]},
        centers={"austria": ["bud", "tri", "vie"], "russia": ["mos", "sev", "stp", "war"]},
    )
    assert _texts(position, "austria") == {"A vie H", "A tyr S A vie"}


def test_takes_an_empty_center_within_reach() -> None:
    position = board("S1902M", {"austria": ["A boh"]}, centers={"austria": ["bud", "tri", "vie"]})
    assert _texts(position, "austria") == {"A boh - mun"}


def test_never_walks_into_a_unit_of_its_own_that_stays() -> None:
    # Kiel's army holds its center against the Danish fleet next door (in the fall); the
    # army in Berlin must not walk into it.
    position = board(
        "F1902M",
        {"germany": ["A kie", "A ber"], "russia": ["F den"]},
        centers={"germany": ["ber", "kie", "mun"], "russia": ["den", "mos", "sev", "war"]},
    )
    orders = _orders(position, "germany")
    assert "A kie H" in {str(o) for o in orders}
    assert not any(isinstance(o, Move) and province_of(o.dest) == "kie" for o in orders)


def test_convoys_an_army_off_its_island_toward_centers_to_take() -> None:
    # Every center on Britain is England's: its army can reach no other by land. The
    # Channel fleet cannot take Brest or Belgium (each held, with a support at hand), so
    # it carries the army to Picardy, one step from Paris.
    position = board(
        "S1902M",
        {"england": ["A lon", "F eng"], "france": ["A bre", "A gas", "A bel", "A bur"]},
        centers={"england": ["edi", "lon", "lvp"], "france": ["bel", "bre", "mar", "par"]},
    )
    assert _texts(position, "england") == {"A lon - pic", "F eng C A lon - pic"}
    after = resolve(position, {"england": _orders(position, "england")}).position
    assert after.unit_in("pic") is not None
    assert after.unit_in("pic").power == "england"  # type: ignore[union-attr]


# -- retreats -------------------------------------------------------------------------------------


def test_retreats_onto_a_center_it_can_take_in_the_fall() -> None:
    position = board(
        "F1902R",
        {"france": ["A bur"]},
        dislodged={"germany": [{"unit": "A bur", "attacker_from": "par"}]},
        centers=GERMAN_HOMES,
    )
    (order,) = _orders(position, "germany")
    assert isinstance(order, Retreat)
    assert order.dest == "bel"  # neutral: Germany's once the fall ends; Marseilles is French


def test_retreats_to_its_own_empty_center_rather_than_away() -> None:
    position = board(
        "F1902R",
        {"austria": ["A mun"]},
        dislodged={"germany": [{"unit": "A mun", "attacker_from": "boh"}]},
        centers={"germany": ["ber", "kie", "mun"], "austria": ["bud", "tri", "vie"]},
    )
    (order,) = _orders(position, "germany")
    assert isinstance(order, Retreat)
    assert order.dest in {"ber", "kie"}


def test_never_retreats_two_units_into_one_province() -> None:
    position = board(
        "F1902R",
        {"france": ["A mun", "A ruh"]},
        dislodged={
            "germany": [
                {"unit": "A mun", "attacker_from": "bur"},
                {"unit": "A ruh", "attacker_from": "bel"},
            ]
        },
        centers={"germany": ["ber", "kie", "mun"]},
    )
    orders = _orders(position, "germany")
    places = [province_of(o.dest) for o in orders if isinstance(o, Retreat)]
    assert len(orders) == 2
    assert len(places) == len(set(places))


# -- adjustments ----------------------------------------------------------------------------------


def test_builds_only_on_owned_home_centers() -> None:
    # Russia owns five centers and has two units; St Petersburg is England's, Sevastopol
    # is occupied: of the three builds due, only Moscow and Warsaw can be had.
    position = board(
        "W1902A",
        {"russia": ["A sev", "A rum"]},
        centers={"russia": ["mos", "rum", "sev", "swe", "war"], "england": ["stp", "lon"]},
    )
    orders = _orders(position, "russia")
    assert all(isinstance(o, Build) for o in orders)
    assert sorted(o.unit.province for o in orders) == ["mos", "war"]  # type: ignore[attr-defined]


def test_builds_first_where_a_home_center_is_threatened() -> None:
    position = board(
        "W1902A",
        {"germany": ["A hol", "A ruh", "A bur"], "austria": ["A boh"]},
        centers={"germany": ["ber", "hol", "kie", "mun"], "austria": ["bud", "tri", "vie"]},
    )
    (order,) = _orders(position, "germany")
    assert isinstance(order, Build)
    assert order.unit.province == "mun"  # Bohemia's army could walk in


def test_builds_a_fleet_where_a_fleet_is_nearer_a_center_to_take() -> None:
    # England with London and Liverpool empty and every center but its own far by land.
    position = board(
        "W1901A",
        {"england": ["F nwy"]},
        centers={"england": ["edi", "lon", "lvp", "nwy"]},
    )
    orders = _orders(position, "england")
    assert len(orders) == 3
    assert any(isinstance(o, Build) and o.unit.kind.value == "F" for o in orders)


def test_disbands_the_unit_farthest_from_its_centers() -> None:
    position = board(
        "W1902A", {"england": ["F lon", "A yor", "F mao"]}, centers={"england": ["edi", "lon"]}
    )
    assert _texts(position, "england") == {"F mao D"}


# -- in every position a game can reach --------------------------------------------------------

SEEDS = st.integers(min_value=0, max_value=10**6)
PHASES = st.integers(min_value=0, max_value=30)


@settings(max_examples=60, deadline=None)
@given(seed=SEEDS, phases=PHASES, draw=SEEDS)
def test_every_order_is_legal_for_many_seeds(seed: int, phases: int, draw: int) -> None:
    position = reached(seed, phases)
    for power in sorted(STANDARD.orders_due(position)):
        legal = legal_orders(position, power, variant=STANDARD)
        orders = bot_orders(STANDARD, position, power, random.Random(draw))
        for order in orders:
            assert any(order in options for options in legal.values()), str(order)
        assert STANDARD.order_set_problem(position, power, orders) is None
        assert STANDARD.order_set_excess(position, power, orders) is None
        if position.phase.kind is not PhaseKind.ADJUSTMENTS:
            # One order for each unit (or dislodged unit).
            assert sorted(o.unit.province for o in orders) == sorted(legal)  # type: ignore[union-attr]
        results = resolve(position, {power: orders}, variant=STANDARD).results
        assert not [
            r for r in results if r.power == power and r.outcome in (Outcome.VOID, Outcome.ILLEGAL)
        ]


@pytest.mark.parametrize("variant_id", ["highlander", "multiple_void"])
@settings(max_examples=25, deadline=None)
@given(seed=SEEDS, phases=PHASES, draw=SEEDS)
def test_every_order_is_legal_in_the_other_variants_it_knows(
    variant_id: str, seed: int, phases: int, draw: int
) -> None:
    variant = find_variant(variant_id)
    position = reached(seed, phases, variant)
    if variant.finished(position):
        return
    for power in sorted(variant.orders_due(position)):
        legal = legal_orders(position, power, variant=variant)
        orders = bot_orders(variant, position, power, random.Random(draw))
        for order in orders:
            assert any(order in options for options in legal.values()), str(order)
        assert variant.order_set_problem(position, power, orders) is None
        assert variant.order_set_excess(position, power, orders) is None
        results = resolve(position, {power: orders}, variant=variant).results
        assert not [
            r for r in results if r.power == power and r.outcome in (Outcome.VOID, Outcome.ILLEGAL)
        ]


@settings(max_examples=60, deadline=None)
@given(seed=SEEDS, phases=PHASES, draw=SEEDS)
def test_never_orders_two_units_into_one_space(seed: int, phases: int, draw: int) -> None:
    position = reached(seed, phases)
    if position.phase.kind is not PhaseKind.MOVEMENT:
        return
    for power in sorted(STANDARD.orders_due(position)):
        orders = bot_orders(STANDARD, position, power, random.Random(draw))
        into = [province_of(o.dest) for o in orders if isinstance(o, Move)]
        assert len(into) == len(set(into))
        # Nor into a province where one of its units stays: it never dislodges its own.
        staying = {o.unit.province for o in orders if not isinstance(o, Move)}
        assert not staying & set(into)
        # It supports its own units only.
        mine = {u.province for u in position.units_of(power)}
        assert all(o.supported.province in mine for o in orders if isinstance(o, Support))


@settings(max_examples=40, deadline=None)
@given(seed=SEEDS, phases=PHASES, draw=SEEDS)
def test_same_seed_same_orders(seed: int, phases: int, draw: int) -> None:
    position = reached(seed, phases)
    for power in sorted(STANDARD.orders_due(position)):
        first = bot_orders(STANDARD, position, power, random.Random(draw))
        again = bot_orders(STANDARD, position, power, random.Random(draw))
        assert first == again


def test_holds_without_moves_only_where_it_has_nothing_better() -> None:
    """Over a game of bots, most orders are moves or supports, not holds."""
    position = STANDARD.initial_position()
    kinds: Counter[str] = Counter()
    for n in range(30):
        if position.phase.kind is PhaseKind.MOVEMENT:
            orders = {
                p: bot_orders(STANDARD, position, p, random.Random(f"{n}:{p}"))
                for p in sorted(STANDARD.orders_due(position))
            }
            kinds.update(type(o).__name__ for os in orders.values() for o in os)
        else:
            orders = {
                p: bot_orders(STANDARD, position, p, random.Random(f"{n}:{p}"))
                for p in sorted(STANDARD.orders_due(position))
            }
        position = resolve(position, orders, seed=n).position
    assert kinds["Move"] + kinds["Support"] > kinds["Hold"]


# -- against the random player ---------------------------------------------------------------


def test_leads_random_players_from_every_seat() -> None:
    """A short version of bench/bots_vs_random.py: the bot in each of the seven seats
    against six random players, to 1905; it ends with the most centers in most games."""
    leads = 0
    for seed, seat in enumerate(STANDARD.powers):
        position = STANDARD.initial_position()
        n = 0
        while position.phase.year <= 1905 and not STANDARD.finished(position):
            orders = {}
            for power in sorted(STANDARD.orders_due(position)):
                player = bot_orders if power == seat else random_orders
                orders[power] = player(STANDARD, position, power, random.Random(f"{seed}:{n}"))
            position = resolve(position, orders, seed=n).position
            n += 1
        centers = Counter(position.ownership.values())
        leads += centers[seat] == max(centers.values())
    assert leads >= 6


# -- which variants ------------------------------------------------------------------------------


def test_knows_the_variants_whose_every_phase_it_plays() -> None:
    assert knows_variant("standard")
    assert knows_variant("highlander")
    assert knows_variant("kapitalisten")  # its investors: bots.kapitalisten
    assert knows_variant("rather_silly")  # its powers and roles: bots.rather_silly
    assert not knows_variant("no_such_variant")
    for variant_id in KNOWN_VARIANTS:
        find_variant(variant_id)  # each is a variant the adjudicator has
    from variants.registry import SITE_VARIANTS

    # Every variant the site offers can be practised against bots.
    assert {v.id for v in SITE_VARIANTS} <= KNOWN_VARIANTS


def test_gives_a_whole_answer_in_the_set_up_phases_it_knows() -> None:
    for variant_id, options in (("highlander", {}), ("multiple_void", {"players": 3})):
        variant = find_variant(variant_id)
        position = variant.initial_position(options)
        assert position.phase.kind.setup
        for power in sorted(variant.orders_due(position)):
            orders = bot_orders(variant, position, power, random.Random(3))
            assert orders, (variant_id, power)
            assert variant.order_set_problem(position, power, orders) is None
