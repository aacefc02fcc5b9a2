"""Rather Silly's odd unit kinds as the bots build and order them (bots/rather_silly_units.py),
one scenario a rule of the German text: Siamese twins ("Siamesische Zwillinge"), flocks of
birds ("Vögel"), devil units ("Teufelseinheiten") and the fifth fleet. Each bot order is
checked by the adjudicator's own legality check (``check_order``) and then resolved with
the others: no order refused, none void or illegal."""

from __future__ import annotations

import random
from typing import Any

from adjudicator import Move, Order, Position, Support, check_order, resolve
from adjudicator.board import province_of
from adjudicator.variants.rather_silly.birds import Birds, Board, Carry, Flee, Flight, Ride, flocks
from adjudicator.variants.rather_silly.devils import SellSoul
from adjudicator.variants.rather_silly.twins import Twins, adjacent, twin_pairs
from bots import seat_orders
from tests.adjudicator.rather_silly import board, reasons, rs

#: What the adjudicator says when an order of the bot's is read but refused.
REFUSED = ("void", "illegal")


def bot(position: Position, seat: str, seed: int = 1) -> list[Order]:
    return list(seat_orders(rs(), position, seat, random.Random(seed)).get(seat, []))


def played(position: Position, orders: dict[str, list[Order]]) -> Any:
    """``orders`` each passed by the adjudicator's legality check, then resolved: none of
    them refused."""
    for power, given in orders.items():
        for order in given:
            problem = check_order(position, power, order, variant=rs())
            assert problem is None, (str(order), problem)
    text = {p: [str(o) for o in os] for p, os in orders.items()}
    resolution = resolve(position, text, variant=rs(), seed=1)
    refused = [
        (str(r.order), r.reason)
        for r in resolution.results
        if r.power in orders and r.outcome.value in REFUSED
    ]
    assert refused == []
    return resolution


def test_siamese_twins_are_built_once_instead_of_a_normal_build() -> None:
    # France may build once (Paris free): it builds its twins there, the second next to
    # Paris on a centre it may take... none is next to Paris, so nearest one.
    winter = board(
        {"france": ["A mar", "F bre"]}, phase="W1902A", centers={"france": ["par", "mar", "bre"]}
    )
    orders = bot(winter, "france")
    twins = [o for o in orders if isinstance(o, Twins)]
    assert len(twins) == 1
    assert twins[0].first.province == "par"
    after = played(winter, {"france": orders})
    assert "twins_raised" in reasons(after.results, "france")
    assert "france" in twin_pairs(after.position)
    # Built once a game: next winter's build is a normal one.
    again = board(
        {"france": ["A mar", "F bre", "A bur", "A pic"]},
        phase="W1903A",
        centers={"france": ["par", "mar", "bre", "bel", "spa"]},
        extras={"twins": {"france": ["bur", "pic"]}, "twins_built": ["france"]},
    )
    assert not [o for o in bot(again, "france") if isinstance(o, Twins)]


def test_siamese_twins_are_never_parted_one_moves_next_to_the_other_with_its_support() -> None:
    # France's twins in Burgundy and Gascony, Spain, Belgium and Munich empty centres: as
    # ordinary armies each would take one and they would part (and die). As twins, one of
    # them moves at most, and only next to the other (which supports it without an
    # order); after the moves they stand next to each other and both live.
    spring = board(
        {"france": ["A bur", "A gas", "F bre"]},
        centers={"france": ["par", "mar", "bre"]},
        extras={"twins": {"france": ["bur", "gas"]}, "twins_built": ["france"]},
    )
    graph = rs().borg_graph()
    for seed in range(6):
        orders = bot(spring, "france", seed)
        after = played(spring, {"france": orders})
        pair = twin_pairs(after.position).get("france")
        assert pair is not None, (seed, [str(o) for o in orders])
        assert adjacent(graph, *pair)
        assert "twins_parted" not in reasons(after.results, "france")
    # Where a centre lies next to both (Belgium, next to Burgundy and Picardy), one twin
    # takes it, supported by the other.
    belgium = board(
        {"france": ["A bur", "A pic", "A par"]},
        centers={"france": ["par", "mar", "bre"]},
        extras={"twins": {"france": ["bur", "pic"]}, "twins_built": ["france"]},
    )
    orders = bot(belgium, "france")
    assert [
        str(o) for o in orders if isinstance(o, Move) and o.unit.province in ("bur", "pic")
    ] == ["A pic - bel"]
    after = played(belgium, {"france": orders})
    assert twin_pairs(after.position)["france"] == ("bur", "bel")


def test_a_flock_of_birds_is_built_instead_of_a_unit_with_two_builds_or_more() -> None:
    winter = board(
        {"france": ["A bur"]},
        phase="W1902A",
        centers={"france": ["par", "mar", "bre"]},
        extras={"twins_built": ["france"]},
    )
    orders = bot(winter, "france")
    birds = [o for o in orders if isinstance(o, Birds)]
    assert len(birds) == 1
    after = played(winter, {"france": orders})
    assert "birds_built" in reasons(after.results, "france")
    assert [f.power for f in flocks(after.position)] == ["france"]
    # A power with one build keeps it a unit; one with a flock builds no other.
    one = board(
        {"france": ["A bur", "A mar"]},
        phase="W1902A",
        centers={"france": ["par", "mar", "bre"]},
        extras={"twins_built": ["france"]},
    )
    assert not [o for o in bot(one, "france") if isinstance(o, Birds)]


def test_a_flock_picks_up_its_powers_army_and_flies_it_to_a_centre_to_take() -> None:
    # Spring: the flock in Gascony picks up the army there, which has no centre to take
    # next to it (it boards instead of stepping on); Fall: with the army aboard it flies
    # two provinces, over Burgundy, to Munich, an empty centre, where the army lands.
    owned = ["par", "mar", "bre", "spa", "por", "bel"]
    spring = board(
        {"france": ["A gas", "F bre"]},
        centers={"france": owned},
        extras={"birds": [{"power": "france", "province": "gas", "carrying": None}]},
    )
    orders = bot(spring, "france")
    assert any(isinstance(o, Carry) for o in orders)
    assert any(isinstance(o, Board) for o in orders)
    assert any(isinstance(o, Flee) for o in orders)
    after = played(spring, {"france": orders})
    assert [f.carrying for f in flocks(after.position)] == ["france"]

    fall = board(
        {"france": ["A gas", "F bre"]},
        phase="F1902M",
        centers={"france": owned},
        extras={"birds": [{"power": "france", "province": "gas", "carrying": "france"}]},
    )
    orders = bot(fall, "france")
    (flight,) = [o for o in orders if isinstance(o, Flight)]
    (ride,) = [o for o in orders if isinstance(o, Ride)]
    assert flight.route == ride.route
    assert flight.route[-1] in rs().map.supply_centers
    after = played(fall, {"france": orders})
    landed = after.position.unit_in(flight.route[-1])
    assert landed is not None
    assert landed.power == "france"
    assert "landed" in reasons(after.results, "france")


def test_a_flock_without_an_army_flies_to_one_of_its_powers_armies() -> None:
    spring = board(
        {"france": ["A bur", "F bre"]},
        centers={"france": ["par", "mar", "bre"]},
        extras={"birds": [{"power": "france", "province": "gas", "carrying": None}]},
    )
    orders = bot(spring, "france")
    (flight,) = [o for o in orders if isinstance(o, Flight)]
    moved = {str(o.unit): province_of(o.dest) for o in orders if isinstance(o, Move)}
    army_end = moved.get("A bur", "bur")
    assert flight.route[-1] == army_end
    played(spring, {"france": orders})


def test_a_devil_unit_is_the_one_attacking_a_centre_and_one_at_a_time() -> None:
    spring = board(
        {"france": ["A bur", "A par", "F bre"], "germany": ["A ruh"]},
        centers={"france": ["par", "mar", "bre"], "germany": ["mun", "ber", "kie"]},
    )
    orders = bot(spring, "france")
    (sale,) = [o for o in orders if isinstance(o, SellSoul)]
    attacks = {o.unit.province: province_of(o.dest) for o in orders if isinstance(o, Move)}
    assert sale.unit.province in attacks
    assert attacks[sale.unit.province] in rs().map.supply_centers
    after = played(spring, {"france": orders})
    assert "soul_sold" in reasons(after.results, "france")
    # With a devil unit on the board, no other soul is sold.
    devilish = board(
        {"france": ["A bur", "A par", "F bre"], "germany": ["A ruh"]},
        centers={"france": ["par", "mar", "bre"], "germany": ["mun", "ber", "kie"]},
        extras={"devils": {"france bur": 2}},
    )
    assert not [o for o in bot(devilish, "france") if isinstance(o, SellSoul)]


def test_no_soul_is_sold_within_the_borgs_reach() -> None:
    # The Borg in Burgundy: whatever France's units do, none ends in its reach with a soul
    # sold (a devil eaten costs another unit).
    spring = board(
        {"france": ["A par", "A mar", "F bre"]},
        centers={"france": ["par", "mar", "bre"]},
        extras={"borg": "bur"},
    )
    danger = {"bur"} | set(rs().borg_graph()["bur"])
    orders = bot(spring, "france")
    ends = {o.unit.province: province_of(o.dest) for o in orders if isinstance(o, Move)}
    for sale in [o for o in orders if isinstance(o, SellSoul)]:
        assert ends.get(sale.unit.province, sale.unit.province) not in danger
    played(spring, {"france": orders})


def test_the_fifth_fleet_is_built_and_never_enters_a_coast_another_player_guards() -> None:
    # England has built four fleets since 1901; its one build, a fleet in London, is the
    # fifth: no Amazon seduces it, but a coastal province next to another player's unit
    # would be its end.
    winter = board(
        {"england": ["A yor"]},
        phase="W1902A",
        centers={"england": ["lon", "edi", "lvp"]},
        extras={"fleets_built": {"england": 4}, "twins_built": ["england"]},
        options={"fifth_fleet": True},
    )
    orders = bot(winter, "england")
    after = played(winter, {"england": orders})
    assert "fifth_fleet_built" in reasons(after.results, "england")
    assert "fifth_fleet" in dict(after.position.extras["kinds"]).values()

    # The fifth fleet in Heligoland Bight, by two empty centres on the coast, Holland and
    # Denmark: an ordinary fleet takes one, but German units lie next to both, so the
    # fifth fleet keeps to the sea.
    spring = board(
        {"england": ["F hel", "A yor"], "germany": ["A ruh", "A kie"]},
        centers={"england": ["lon", "edi", "lvp"], "germany": ["ber", "kie", "mun"]},
        extras={"kinds": {"england hel": "fifth_fleet"}, "fleets_built": {"england": 5}},
        options={"fifth_fleet": True},
    )
    ordinary = board(
        {"england": ["F hel", "A yor"], "germany": ["A ruh", "A kie"]},
        centers={"england": ["lon", "edi", "lvp"], "germany": ["ber", "kie", "mun"]},
        options={"fifth_fleet": True},
    )
    assert [str(o) for o in bot(ordinary, "england") if str(o).startswith("F hel -")] in (
        ["F hel - hol"],
        ["F hel - den"],
    )
    for seed in range(6):
        orders = bot(spring, "england", seed)
        fleet = [o for o in orders if str(o).startswith("F hel")]
        assert fleet, orders
        if isinstance(fleet[0], Move):
            assert province_of(fleet[0].dest) not in ("hol", "den", "kie"), str(fleet[0])
        after = played(spring, {"england": orders})
        assert "fifth_fleet_destroyed" not in reasons(after.results, "england")


def test_a_devil_unit_attacks_with_its_double_strength() -> None:
    # A German army alone in Munich, France's armies in Burgundy and the Ruhr next to it,
    # Kiel empty. Ordinary armies need both for Munich (one moves, one supports); a devil
    # unit in Burgundy (double strength, "Teufelseinheiten") takes it alone, and the Ruhr
    # takes Kiel.
    units = {"france": ["A bur", "A ruh", "F bre"], "germany": ["A mun"]}
    centers = {"france": ["par", "mar", "bre", "bel", "hol"], "germany": ["mun", "ber", "kie"]}

    def supported_into_munich(orders: list[Order]) -> bool:
        return any(isinstance(o, Support) and o.dest == "mun" for o in orders)

    ordinary = board(units, centers=centers)
    assert any(supported_into_munich(bot(ordinary, "france", seed)) for seed in range(3))
    devil = board(units, centers=centers, extras={"devils": {"france bur": 1}})
    for seed in range(3):
        orders = bot(devil, "france", seed)
        assert "A bur - mun" in [str(o) for o in orders]
        assert not supported_into_munich(orders)
        after = played(devil, {"france": orders})
        taken = after.position.unit_in("mun")
        assert taken is not None
        assert taken.power == "france"
