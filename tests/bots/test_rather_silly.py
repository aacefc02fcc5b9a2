"""Rather Silly's bots, scenario by scenario (bots/rather_silly.py): each choice one the
rules allow and one with a purpose."""

from __future__ import annotations

import random

from adjudicator import (
    Move,
    Phase,
    PhaseKind,
    Position,
    Season,
    Unit,
    UnitKind,
    find_variant,
    legal_orders,
    resolve,
)
from adjudicator.board import province_of
from adjudicator.orders import UnitRef
from adjudicator.variants.rather_silly import (
    Explode,
    Herd,
    Override,
    Predict,
    RatherSilly,
    Vote,
)
from adjudicator.variants.rather_silly.doctor import TardisMove
from adjudicator.variants.rather_silly.superbrain import AnswerIs, Ask, Place, Reply
from bots import seat_orders
from bots.rather_silly import QUESTIONS, borg_reach

FOUND = find_variant("rather_silly")
assert isinstance(FOUND, RatherSilly)
VARIANT: RatherSilly = FOUND

A, F = UnitKind.ARMY, UnitKind.FLEET


def _spring(units: list[Unit], **extras: object) -> Position:
    start = VARIANT.initial_position({"roles": True})
    return start.with_changes(
        phase=Phase(Season.SPRING, 1902, PhaseKind.MOVEMENT),
        units=units,
        extras={**start.extras, **extras},
    )


def _orders(position: Position, seat: str, seed: int = 1) -> list[object]:
    return list(seat_orders(VARIANT, position, seat, random.Random(seed)).get(seat, []))


def _resolved_without_fault(position: Position, orders: dict[str, list[object]]) -> None:
    """Every order given is read and none is void or illegal."""
    given = {p: [str(o) for o in os] for p, os in orders.items()}
    results = resolve(position, given, variant=VARIANT, seed=1).results
    bad = [r for r in results if r.outcome.value in ("void", "illegal") and r.power in given]
    assert not bad, bad


def test_an_army_next_to_the_borg_moves_away_and_none_moves_into_its_reach() -> None:
    # The Borg in Burgundy: the French army in Paris (next to it) steps out of its reach,
    # and the army in Gascony does not step toward it.
    position = _spring(
        [Unit("france", A, "par"), Unit("france", A, "gas"), Unit("germany", A, "ber")],
        borg="bur",
    )
    danger = borg_reach(VARIANT, position)
    assert {"bur", "par", "mar", "mun"} <= danger
    orders = _orders(position, "france")
    moves = {o.unit.province: o for o in orders if isinstance(o, Move)}
    assert "par" in moves
    for move in moves.values():
        assert province_of(move.dest) not in danger
    _resolved_without_fault(position, {"france": orders})


def test_a_bot_without_the_borg_around_plays_the_standard_game_through_the_tunnel() -> None:
    # Marseilles to Munich is one step through the Mont Blanc tunnel: the army takes it to
    # the empty centre.
    start = VARIANT.initial_position({"roles": True})
    position = _spring(
        [Unit("france", A, "mar"), Unit("germany", F, "kie")],
        borg="mos",
    ).with_changes(ownership={**dict(start.ownership), "mun": "germany"})
    for seed in range(5):
        orders = _orders(position, "france", seed)
        assert Move(UnitRef(A, "mar"), "mun") in orders
    legal = legal_orders(position, "france", variant=VARIANT)
    assert any(
        isinstance(o, Move) and province_of(o.dest) == "mun" for o in legal.get("mar", ())
    )  # the tunnel is on the map the bot plays


def test_the_llamas_settle_three_herds_off_the_centres_on_the_ways_in() -> None:
    position = VARIANT.initial_position({"roles": True})
    orders = _orders(position, "france")
    herds = [o for o in orders if isinstance(o, Herd)]
    assert len(herds) == 3
    for herd in herds:
        assert herd.province not in VARIANT.map.supply_centers
    homes = set(VARIANT.map.home_centers("france"))
    near = {
        n
        for h in homes
        for n in VARIANT.map.army_neighbours(h) | VARIANT.map.fleet_province_neighbours(h)
    }
    assert all(h.province in near for h in herds)
    assert any(isinstance(o, Vote) for o in orders)
    # A role seat settles none, and votes.
    fool = _orders(position, "fool")
    assert [type(o) for o in fool] == [Vote]


def test_a_herd_is_blown_up_under_an_enemy_unit_never_under_its_own() -> None:
    position = _spring(
        [Unit("france", A, "par"), Unit("england", F, "eng"), Unit("france", A, "gas")],
        llamas={"france": ["eng", "gas", "pic"]},
    )
    explode = [o for o in _orders(position, "france") if isinstance(o, Explode)]
    assert explode == [Explode("eng")]


def test_votes_are_for_links_a_unit_can_pass() -> None:
    from adjudicator.variants.rather_silly.hyperspace import vote_in

    position = _spring([Unit("turkey", A, "con"), Unit("russia", F, "sev")])
    for seat in ("turkey", "russia", "fool", "superbrain"):
        votes = [o for o in _orders(position, seat) if isinstance(o, Vote)]
        assert len(votes) == 1
        results: list[object] = []
        vote_in({}, seat, votes[0], results, VARIANT.map)  # type: ignore[arg-type]
        assert results
        assert results[-1].outcome.value == "ok"  # type: ignore[attr-defined]


def test_the_fortune_teller_predicts_the_bounces_most_likely() -> None:
    # Three powers can enter Galicia; nobody else is contested.
    position = _spring(
        [
            Unit("austria", A, "bud"),
            Unit("russia", A, "war"),
            Unit("turkey", A, "rum"),
            Unit("england", F, "nwg"),
        ]
    )
    orders = _orders(position, "fortune_teller")
    predicted = [o for o in orders if isinstance(o, Predict)]
    assert 1 <= len(predicted) <= 2
    assert predicted[0].province == "gal"
    _resolved_without_fault(position, {"fortune_teller": orders})


def test_the_fools_bot_overrides_a_unit_of_the_leader_legally() -> None:
    position = _spring(
        [Unit("germany", A, "mun"), Unit("germany", A, "ber"), Unit("france", A, "par")]
    ).with_changes(
        ownership={"mun": "germany", "ber": "germany", "kie": "germany", "par": "france"}
    )
    orders = _orders(position, "fool")
    overrides = [o for o in orders if isinstance(o, Override)]
    assert len(overrides) == 1
    inner = overrides[0].order
    unit = position.unit_in(inner.unit.province)
    assert unit is not None
    assert unit.power == "germany"
    assert inner in legal_orders(position, "germany", variant=VARIANT)[unit.province]
    _resolved_without_fault(position, {"fool": orders})


def test_the_superbrain_asks_with_an_answer_and_places_when_nobody_was_right() -> None:
    position = _spring([Unit("france", A, "par")], places_due=1)
    orders = _orders(position, "superbrain")
    asks = [o for o in orders if isinstance(o, Ask)]
    answers = [o for o in orders if isinstance(o, AnswerIs)]
    assert len(asks) == len(answers) == 1
    assert (asks[0].text, answers[0].text) in QUESTIONS
    assert [o.unit.province for o in orders if isinstance(o, Place)] == ["ice"]
    _resolved_without_fault(position, {"superbrain": orders})


def test_every_other_seat_replies_to_last_seasons_question() -> None:
    question, answer = QUESTIONS[0]
    position = _spring([Unit("france", A, "par")], question={"season": "F1901", "text": question})
    replies = {
        str(o.text)
        for seed in range(20)
        for o in _orders(position, "france", seed)
        if isinstance(o, Reply)
    }
    assert answer in replies  # it knows it, now and then
    assert not [o for o in _orders(position, "superbrain") if isinstance(o, Reply)]


def test_the_tardis_comes_in_along_the_link_to_a_centre() -> None:
    position = _spring(
        [Unit("france", A, "par")],
        hyperspace={"now": {"season": "S1902", "link": ["lon", "pic"]}},
    )
    orders = _orders(position, "doctor")
    tardis = [o for o in orders if isinstance(o, TardisMove)]
    assert tardis == [TardisMove("lon")]  # a centre, and nobody stands there
    _resolved_without_fault(position, {"doctor": orders})


def test_bots_in_every_seat_play_years_of_rather_silly_without_an_unreadable_order() -> None:
    position = VARIANT.initial_position({"roles": True})
    others_did_it = {"overridden_by_fool", "seduced_away", "support_not_matched"}
    for step in range(16):
        if VARIANT.finished(position):
            break
        seats = VARIANT.orders_due(position) | VARIANT.orders_welcome(position)
        given: dict[str, list[str]] = {}
        for seat in sorted(seats):
            for power, orders in seat_orders(VARIANT, position, seat, random.Random(step)).items():
                given[power] = [str(o) for o in orders]
        resolution = resolve(position, given, variant=VARIANT, seed=step)
        for r in resolution.results:
            if r.power in given:
                assert r.outcome.value != "illegal", (position.phase, r)
                if r.outcome.value == "void":
                    assert r.reason is not None
                    assert r.reason.value in others_did_it, (
                        position.phase,
                        r,
                    )
        position = resolution.position
    assert position.phase.year >= 1904


def test_the_same_seed_gives_the_same_orders_in_every_process() -> None:
    # Sets iterate in an order of their own in each process (hash randomisation): a draw
    # made while iterating one would differ from process to process.
    import os
    import subprocess
    import sys

    script = (
        "import random\n"
        "from adjudicator import find_variant, resolve\n"
        "from bots import seat_orders\n"
        "v = find_variant('rather_silly')\n"
        "p = v.initial_position({'roles': True})\n"
        "out = []\n"
        "for step in range(4):\n"
        "    given = {}\n"
        "    for s in sorted(v.orders_due(p) | v.orders_welcome(p)):\n"
        "        for k, o in seat_orders(v, p, s, random.Random(step)).items():\n"
        "            given[k] = [str(x) for x in o]\n"
        "    out.append(sorted(given.items()))\n"
        "    p = resolve(p, given, variant=v, seed=step).position\n"
        "print(out)\n"
    )
    seen = {
        subprocess.run(
            [sys.executable, "-c", script],
            env={**os.environ, "PYTHONHASHSEED": str(seed), "PYTHONPATH": os.getcwd()},
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        for seed in (1, 2, 3)
    }
    assert len(seen) == 1
