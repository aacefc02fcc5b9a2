"""Benchmark: our adjudicator against MILA's ``diplomacy`` engine, on the same positions.

    PYTHONPATH=. .venv/bin/python bench/adjudicator.py [--positions N] [--seed S] [--json]

Five figures (see bench/README.md):

1. the core: movement resolution, ``adjudicator.resolve`` vs ``diplomacy.Game.process`` on N
   random 34-unit positions with random legal orders (many moves and supports, some convoys),
   with a side-check that both engines leave the same units on the board and dislodge the
   same ones;
2. legal-order enumeration: ``adjudicator.legal_orders`` vs ``Game.get_all_possible_orders``,
   and the compact form (``legal_orders_compact``) beside it;
3. the whole DATC file resolved through ``python -m adjudicator resolve`` as one batch;
4. reading orders (no peer);
5. the front door: 1,500 phases with orders as text through the command line, one batch,
   start-up included, against MILA's ``process()`` per phase;
6. each variant's phases (Highlander, Multiple Void, Kapitalisten, Rather Silly with every
   part it has) through the same core, per phase (no peer), and the largest movement phase
   against its goal (``bench/variant_phases.py``).

The issue's goals are printed beside the figures; nothing is asserted.
"""

from __future__ import annotations

import argparse
import atexit
import cProfile
import gc
import io
import json
import os
import pstats
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

# This file is called adjudicator.py: running it puts bench/ first on sys.path, where
# ``import adjudicator`` would find this script instead of the package. Put the
# repository root there instead (so PYTHONPATH=. is not even needed).
ROOT = Path(__file__).resolve().parent.parent
sys.path[:] = [str(ROOT)] + [
    p for p in sys.path if Path(p or ".").resolve() != Path(__file__).resolve().parent
]

from diplomacy import Game  # type: ignore[import-untyped]  # noqa: E402

from adjudicator import (  # noqa: E402
    Convoy,
    GameMap,
    Hold,
    Move,
    Order,
    Outcome,
    Phase,
    Position,
    Support,
    Unit,
    UnitKind,
    find_variant,
    legal_orders,
    legal_orders_compact,
    parse_order,
    resolve,
)
from adjudicator.board import province_of, sort_units  # noqa: E402
from adjudicator.io import (  # noqa: E402
    load_json,
    position_from_json,
    position_to_json,
    resolution_to_json,
)
from adjudicator.maps import Terrain  # noqa: E402
from adjudicator.orders import readings_forget  # noqa: E402
from adjudicator.resolution import resolve_movement  # noqa: E402
from adjudicator.variants import Variant  # noqa: E402
from bench.variant_phases import bench_variants, print_variants  # noqa: E402

DATC_FILE = ROOT / "tests" / "adjudicator" / "datc" / "datc_v2.4_06.json"
UNITS_ON_BOARD = 34
#: Issue 40's goals, as ratios MILA/ours: the core per movement phase at least 10x, legal-order
#: enumeration at least 25x (the compact form 30x), the front door (text in, JSON out,
#: through the command line, one batch of 1,500 phases, start-up included) at least 3x
#: MILA's process(). (Issue 21 asked 8x, 25x and 2x.)
GOAL_CORE = 10.0
GOAL_LEGAL = 25.0
GOAL_LEGAL_COMPACT = 30.0
GOAL_FRONT_DOOR = 3.0
GOAL_DATC_SECONDS = 1.0
#: The front door's batch, as the issue measures it.
FRONT_DOOR_PHASES = 1500

# How a unit's order is chosen: a role by these weights, then an order of that role.
ROLE_WEIGHTS = {"move": 5, "support": 4, "hold": 1, "convoy": 2}
# Chance that a fleet at sea starts a convoy (and its army is ordered to take it) first.
CONVOY_LEAD_CHANCE = 0.35
# Chance that a support (or a convoy) is chosen among those matching an order already given.
MATCH_CHANCE = 0.85


# -- positions and orders -----------------------------------------------------------


@dataclass
class Case:
    """One position, its orders, and what both engines made of it."""

    index: int
    position: Position
    orders: dict[str, list[Order]]
    mila_units: dict[str, list[str]]
    mila_orders: dict[str, list[str]]
    ours_ns: list[int] = field(default_factory=list)
    mila_ns: list[int] = field(default_factory=list)
    legal_ns: list[int] = field(default_factory=list)
    mila_legal_ns: list[int] = field(default_factory=list)
    #: Our orders MILA's set_orders refused (so the unit holds there, but not here).
    mila_rejected: list[str] = field(default_factory=list)


def random_position(rng: random.Random, game_map: GameMap, variant_id: str) -> Position:
    """34 units of the seven powers on distinct provinces where they may stand.

    Armies only on land or coast, fleets only on sea or coast (a split-coast
    province gets one of its coasts at random). Powers are dealt round-robin,
    so each has four or five units.
    """
    standable = sorted(
        p.id for p in game_map.provinces.values() if p.terrain is not Terrain.IMPASSABLE
    )
    chosen = rng.sample(standable, UNITS_ON_BOARD)
    powers = list(game_map.power_ids)
    rng.shuffle(powers)
    units: list[Unit] = []
    for n, pid in enumerate(chosen):
        province = game_map.provinces[pid]
        power = powers[n % len(powers)]
        if province.terrain is Terrain.LAND:
            kind = UnitKind.ARMY
        elif province.terrain is Terrain.SEA:
            kind = UnitKind.FLEET
        else:
            kind = rng.choice((UnitKind.ARMY, UnitKind.FLEET))
        location = pid
        if kind is UnitKind.FLEET and province.coasts:
            location = rng.choice(game_map.coasts_of(pid))
        units.append(Unit(power, kind, location))
    variant = find_variant(variant_id)
    return Position(
        variant=variant.id,
        phase=Phase.parse("S1901M"),
        units=sort_units(units),
        ownership=variant.initial_position().ownership,
    )


def _supported_matches(support: Support, given: dict[str, Order]) -> bool:
    """Would this support be matched by the order given to the supported unit?"""
    target = given.get(support.supported.province)
    if support.dest is None:
        return not isinstance(target, Move)
    return isinstance(target, Move) and province_of(target.dest) == support.dest


def random_orders(
    rng: random.Random, position: Position, legal: dict[str, tuple[Order, ...]]
) -> dict[str, list[Order]]:
    """A random legal order for every unit, biased towards moves, supports and convoys.

    1. Some fleets at sea start a convoy, and their army is ordered along it.
    2. Every other unit draws a role (move, support, hold, convoy); movers pick a move.
    3. Supporters and convoyers pick, most of the time, an order matching the moves
       now given (so that supports count and convoys sail), otherwise any legal one.
    """
    given: dict[str, Order] = {}
    convoying = [u for u in position.units if any(isinstance(o, Convoy) for o in legal[u.province])]
    rng.shuffle(convoying)
    for fleet in convoying:
        if fleet.province in given or rng.random() >= CONVOY_LEAD_CHANCE:
            continue
        convoy = rng.choice([o for o in legal[fleet.province] if isinstance(o, Convoy)])
        army = convoy.army.province
        current = given.get(army)
        if current is None:
            moves = [
                o for o in legal[army] if isinstance(o, Move) and province_of(o.dest) == convoy.dest
            ]
            if not moves:
                continue
            # An army that could also walk there says "via convoy" (that form is listed last).
            current = given[army] = moves[-1]
        if isinstance(current, Move) and province_of(current.dest) == convoy.dest:
            given[fleet.province] = convoy

    later: list[tuple[Unit, str]] = []
    for unit in position.units:
        if unit.province in given:
            continue
        options = legal[unit.province]
        roles = {
            "move": any(isinstance(o, Move) for o in options),
            "support": any(isinstance(o, Support) for o in options),
            "convoy": any(isinstance(o, Convoy) for o in options),
            "hold": True,
        }
        names = [r for r, ok in roles.items() if ok]
        role = rng.choices(names, weights=[ROLE_WEIGHTS[r] for r in names])[0]
        if role == "move":
            given[unit.province] = rng.choice([o for o in options if isinstance(o, Move)])
        elif role == "hold":
            given[unit.province] = next(o for o in options if isinstance(o, Hold))
        else:
            later.append((unit, role))

    rng.shuffle(later)
    for unit, role in later:
        options = legal[unit.province]
        candidates: list[Order]
        matching: list[Order]
        if role == "support":
            supports = [o for o in options if isinstance(o, Support)]
            candidates = list(supports)
            matching = [o for o in supports if _supported_matches(o, given)]
        else:
            convoys = [o for o in options if isinstance(o, Convoy)]
            candidates = list(convoys)
            matching = [
                o
                for o in convoys
                if isinstance(m := given.get(o.army.province), Move)
                and province_of(m.dest) == o.dest
            ]
        pool = matching if matching and rng.random() < MATCH_CHANCE else candidates
        given[unit.province] = rng.choice(pool)

    out: dict[str, list[Order]] = {}
    for unit in position.units:
        out.setdefault(unit.power, []).append(given[unit.province])
    return out


# -- MILA ---------------------------------------------------------------------------
#
# MILA's standard map uses the same three-letter ids as ours (NAO, NWG, MAO, LYO, ...,
# coasts as STP/SC), upper case; check_mila_names() verifies that at start-up, so the
# translation is upper-casing.


def check_mila_names(game_map: GameMap) -> None:
    mila = {loc.upper() for loc in Game().map.locs}
    missing = sorted(loc for loc in game_map.locations if loc.upper() not in mila)
    if missing:
        raise SystemExit(f"MILA's map lacks these locations of ours: {missing}")


def mila_loc(location: str) -> str:
    return location.upper()


def mila_unit(kind: UnitKind, location: str) -> str:
    return f"{kind.value} {mila_loc(location)}"


def mila_order(order: Order, game_map: GameMap) -> str:
    """An order in MILA's syntax: 'A PAR - BUR', 'A LON - NWY VIA', 'A MUN S A PAR - BUR'."""
    if not isinstance(order, (Hold, Move, Support, Convoy)):
        raise TypeError(f"not a movement order: {order}")
    unit = mila_unit(order.unit.kind, order.unit.location)
    if isinstance(order, Hold):
        return f"{unit} H"
    if isinstance(order, Move):
        text = f"{unit} - {mila_loc(order.dest)}"
        by_sea = order.unit.kind is UnitKind.ARMY and (
            order.via_convoy
            or province_of(order.dest) not in game_map.army_neighbours(order.unit.province)
        )
        return text + " VIA" if by_sea else text
    if isinstance(order, Support):
        supported = mila_unit(order.supported.kind, order.supported.location)
        if order.dest is None:
            return f"{unit} S {supported}"
        return f"{unit} S {supported} - {mila_loc(order.dest)}"
    return f"{unit} C A {mila_loc(order.army.location)} - {mila_loc(order.dest)}"


def mila_game(units: dict[str, list[str]], orders: dict[str, list[str]] | None) -> Any:
    """A fresh MILA game in S1901M with exactly these units (and orders), centers as at start."""
    game = Game()
    game.clear_units()
    for power, texts in units.items():
        game.set_units(power.upper(), texts)
    for power, texts in (orders or {}).items():
        game.set_orders(power.upper(), texts)
    return game


def mila_outcome(game: Any, before: dict[str, list[str]]) -> tuple[frozenset[str], frozenset[str]]:
    """After process(): (units left on the board, units dislodged), as 'POWER A PAR'.

    MILA's results are keyed by the unit as it stood before the phase, so its owner is
    looked up in ``before`` (the units set up), not in the board after the phase.
    """
    standing = frozenset(f"{name} {u}" for name, p in game.powers.items() for u in p.units)
    owners = {u: power.upper() for power, us in before.items() for u in us}
    results = game.result_history.last_value()
    dislodged = set()
    for unit, res in results.items():
        if any(str(r) == "dislodged" for r in res):
            dislodged.add(f"{owners.get(unit, '?')} {unit}")
    return standing, frozenset(dislodged)


def our_outcome(
    position: Position, orders: dict[str, list[Order]]
) -> tuple[frozenset[str], frozenset[str]]:
    after = resolve(position, orders)
    standing = frozenset(
        f"{u.power.upper()} {mila_unit(u.kind, u.location)}" for u in after.position.units
    )
    dislodged = frozenset(
        f"{r.power.upper()} {mila_unit(r.order.unit.kind, r.order.unit.location)}"
        for r in after.results
        if r.outcome is Outcome.DISLODGED and isinstance(r.order, (Hold, Move, Support, Convoy))
    )
    return standing, dislodged


# -- timing -------------------------------------------------------------------------


@contextmanager
def gc_paused() -> Iterator[None]:
    """The cyclic GC off while timing (as timeit does), for both engines alike.

    It collects once on entry, not before every call: a full collection right before a
    timed call leaves the CPU caches cold and made small calls look twice as slow.
    """
    gc.collect()
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


def timed(call: Callable[[], object]) -> int:
    """Nanoseconds one call takes."""
    start = time.perf_counter_ns()
    call()
    return time.perf_counter_ns() - start


def median_us(per_case: list[list[int]]) -> float:
    """Median over positions of each position's median time, in microseconds."""
    return statistics.median(statistics.median(ns) for ns in per_case) / 1000.0


def p90_us(per_case: list[list[int]]) -> float:
    """90th percentile over positions of each position's median time, in microseconds."""
    medians = [statistics.median(ns) for ns in per_case]
    if len(medians) < 2:
        return medians[0] / 1000.0
    return statistics.quantiles(medians, n=10)[-1] / 1000.0


def goal(met: bool) -> str:
    return "goal met" if met else "goal NOT met"


# -- the three measurements ------------------------------------------------------------


def build_cases(count: int, seed: int) -> list[Case]:
    rng = random.Random(seed)
    variant = find_variant("standard")
    game_map = variant.map
    cases = []
    for index in range(count):
        position = random_position(rng, game_map, variant.id)
        orders = random_orders(rng, position, legal_orders(position))
        units: dict[str, list[str]] = {}
        for u in position.units:
            units.setdefault(u.power, []).append(mila_unit(u.kind, u.location))
        mila_orders = {p: [mila_order(o, game_map) for o in os] for p, os in orders.items()}
        cases.append(Case(index, position, orders, units, mila_orders))
    return cases


def order_stats(cases: list[Case]) -> dict[str, float]:
    """Average number of orders of each kind per position (the resolver's workload)."""
    counts = {"hold": 0, "move": 0, "move_via_convoy": 0, "support": 0, "convoy": 0}
    geo = find_variant("standard").map
    for case in cases:
        for orders in case.orders.values():
            for o in orders:
                if isinstance(o, Move):
                    sea = o.via_convoy or (
                        o.unit.kind is UnitKind.ARMY
                        and province_of(o.dest) not in geo.army_neighbours(o.unit.province)
                    )
                    counts["move_via_convoy" if sea else "move"] += 1
                elif isinstance(o, Support):
                    counts["support"] += 1
                elif isinstance(o, Convoy):
                    counts["convoy"] += 1
                else:
                    counts["hold"] += 1
    return {k: v / len(cases) for k, v in counts.items()}


def outcome_stats(cases: list[Case]) -> dict[str, float]:
    """Average results per position by outcome, from our engine (bounces, cuts, ...)."""
    counts: dict[str, int] = {}
    for case in cases:
        for r in resolve(case.position, case.orders).results:
            counts[r.outcome.value] = counts.get(r.outcome.value, 0) + 1
    return {k: counts[k] / len(cases) for k in sorted(counts)}


def bench_movement(cases: list[Case], reps: int, mila_reps: int) -> dict[str, Any]:
    agree = 0
    disagreements: list[dict[str, Any]] = []
    rejected: list[tuple[int, str]] = []
    for case in cases:
        with gc_paused():
            for _ in range(reps):
                case.ours_ns.append(timed(partial(resolve, case.position, case.orders)))
        mila_after: tuple[frozenset[str], frozenset[str]] | None = None
        with gc_paused():
            for _ in range(mila_reps):
                # set_units/set_orders (MILA's parsing and validation) are set-up, not timed.
                game = mila_game(case.mila_units, case.mila_orders)
                if mila_after is None:
                    accepted = {o for os in game.get_orders().values() for o in os}
                    case.mila_rejected = [
                        o for os in case.mila_orders.values() for o in os if o not in accepted
                    ]
                    rejected.extend((case.index, o) for o in case.mila_rejected)
                case.mila_ns.append(timed(game.process))
                if mila_after is None:
                    mila_after = mila_outcome(game, case.mila_units)
        assert mila_after is not None
        ours_after = our_outcome(case.position, case.orders)
        if ours_after == mila_after:
            agree += 1
        else:
            disagreements.append(
                {
                    "position": case.index,
                    "units": case.mila_units,
                    "orders": case.mila_orders,
                    "mila_rejected": case.mila_rejected,
                    "ours_only_standing": sorted(ours_after[0] - mila_after[0]),
                    "mila_only_standing": sorted(mila_after[0] - ours_after[0]),
                    "ours_only_dislodged": sorted(ours_after[1] - mila_after[1]),
                    "mila_only_dislodged": sorted(mila_after[1] - ours_after[1]),
                }
            )
    ours = median_us([c.ours_ns for c in cases])
    mila = median_us([c.mila_ns for c in cases])
    return {
        "ours_median_us": ours,
        "ours_p90_us": p90_us([c.ours_ns for c in cases]),
        "ours_phases_per_s": 1e6 / ours,
        "mila_median_us": mila,
        "mila_p90_us": p90_us([c.mila_ns for c in cases]),
        "mila_phases_per_s": 1e6 / mila,
        "ratio": mila / ours,
        "goal_met": mila / ours >= GOAL_CORE,
        "agree": agree,
        "positions": len(cases),
        "mila_rejected_orders": len(rejected),
        "mila_rejected_examples": [f"position {n}: {o}" for n, o in rejected[:10]],
        "disagreements": disagreements,
    }


def bench_legal(cases: list[Case], reps: int, mila_reps: int) -> dict[str, Any]:
    ours_counts: list[int] = []
    mila_counts: list[int] = []
    compact_ns: list[list[int]] = []
    compact_bytes: list[int] = []
    full_bytes: list[int] = []
    for case in cases:
        with gc_paused():
            for _ in range(reps):
                case.legal_ns.append(timed(partial(legal_orders, case.position)))
            compact_ns.append(
                [timed(partial(legal_orders_compact, case.position)) for _ in range(reps)]
            )
        full = legal_orders(case.position)
        full_bytes.append(len(json.dumps({k: [str(o) for o in v] for k, v in full.items()})))
        compact_bytes.append(len(json.dumps(legal_orders_compact(case.position))))
        ours_counts.append(sum(len(v) for v in legal_orders(case.position).values()))
        game = mila_game(case.mila_units, None)
        with gc_paused():
            for _ in range(mila_reps):
                # MILA caches, per game, the convoy paths open to the fleets on the board
                # (convoy_paths_possible / convoy_paths_dest, built by
                # _build_list_possible_convoys) and the unit-owner table;
                # get_all_possible_orders() reads the former and caches nothing else. Clearing
                # them (game.clear_cache(), untimed) before every timed call makes each call
                # rebuild them, as the first call on a new position must. Map-level tables
                # (MILA's abuts_cache and precomputed convoy paths, like our cached map and
                # convoy shores) depend on the map only and stay warm for both engines.
                game.clear_cache()
                case.mila_legal_ns.append(timed(game.get_all_possible_orders))
        # MILA lists an order under the coast and under the bare province of a unit on a coast,
        # and supports into split-coast provinces twice; count distinct order strings.
        mila_counts.append(len({o for v in game.get_all_possible_orders().values() for o in v}))
    ours = median_us([c.legal_ns for c in cases])
    mila = median_us([c.mila_legal_ns for c in cases])
    return {
        "ours_median_us": ours,
        "ours_p90_us": p90_us([c.legal_ns for c in cases]),
        "mila_median_us": mila,
        "mila_p90_us": p90_us([c.mila_legal_ns for c in cases]),
        "ratio": mila / ours,
        "goal_met": mila / ours >= GOAL_LEGAL,
        "ours_orders_per_position": statistics.mean(ours_counts),
        "mila_orders_per_position": statistics.mean(mila_counts),
        "compact_median_us": median_us(compact_ns),
        "compact_ratio": mila / median_us(compact_ns),
        "compact_goal_met": mila / median_us(compact_ns) >= GOAL_LEGAL_COMPACT,
        "full_json_bytes": statistics.mean(full_bytes),
        "compact_json_bytes": statistics.mean(compact_bytes),
    }


def bench_order_reading(cases: list[Case], reps: int) -> dict[str, Any]:
    """``parse_order`` with the position, per order: every order of every position as the
    engine writes it (``F nth - pic``) and as a player may (``Fleet North Sea -> Picardy``),
    read cold (no text seen before) and warm (the texts read again, as the site does on
    every check and save)."""
    game_map = find_variant("standard").map
    work: list[tuple[str, Position]] = []
    for case in cases:
        for orders in case.orders.values():
            for order in orders:
                work.append((str(order), case.position))
                work.append((_written_out(order, game_map), case.position))

    def read_all() -> float:
        start = time.perf_counter()
        for text, position in work:
            parse_order(text, game_map, position=position)
        return (time.perf_counter() - start) / len(work) * 1e6

    cold, warm = [], []
    for _ in range(reps):
        readings_forget()
        cold.append(read_all())
        warm.append(read_all())
    return {
        "orders": len(work),
        "cold_us": statistics.median(cold),
        "warm_us": statistics.median(warm),
    }


def _written_out(order: Order, game_map: GameMap) -> str:
    """An order in words, as a player may write it: kinds and places spelled out."""
    words = {"A": "Army", "F": "Fleet", "-": "->", "S": "supports", "C": "convoys"}
    out = []
    for token in str(order).split():
        if token in words:
            out.append(words[token])
        elif token in game_map.locations:
            out.append(game_map.location_name(token))
        else:
            out.append(token)
    return " ".join(out)


_BYTECODE: list[str] = []


def _cli_env() -> dict[str, str]:
    """The command line's environment, as an installed package runs: its modules compiled
    to bytecode once (into a folder of this run's own, not beside the sources). Some
    machines set PYTHONDONTWRITEBYTECODE, and every run would then compile each module
    again: ~50 ms of a start-up no installed copy pays."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPATH"] = str(ROOT)
    if not _BYTECODE:
        _BYTECODE.append(tempfile.mkdtemp(prefix="adjudicator-bytecode-"))
        atexit.register(shutil.rmtree, _BYTECODE[0], ignore_errors=True)
        env["PYTHONPYCACHEPREFIX"] = _BYTECODE[0]
        subprocess.run(
            [sys.executable, "-m", "compileall", "-q", "adjudicator"],
            cwd=ROOT,
            env=env,
            check=True,
            capture_output=True,
        )
    env["PYTHONPYCACHEPREFIX"] = _BYTECODE[0]
    return env


def _cli_batch(batch: str, runs: int) -> tuple[list[float], bytes]:
    """Wall-clock seconds of each run of ``python -m adjudicator resolve`` on ``batch``
    (start-up and imports included, see :func:`_cli_env`), and the last run's output."""
    env = _cli_env()
    times: list[float] = []
    out = b""
    with tempfile.TemporaryFile("w+b") as stdin:
        stdin.write(batch.encode("utf-8"))
        for _ in range(runs):
            stdin.seek(0)
            start = time.perf_counter()
            done = subprocess.run(
                [sys.executable, "-m", "adjudicator", "resolve"],
                stdin=stdin,
                capture_output=True,
                cwd=ROOT,
                env=env,
                check=False,
            )
            times.append(time.perf_counter() - start)
            if done.returncode != 0:
                raise SystemExit(
                    f"python -m adjudicator resolve exited {done.returncode}: "
                    f"{done.stdout[:500]!r} {done.stderr[-2000:]!r}"
                )
            out = done.stdout
    return times, out


def bench_front_door(cases: list[Case], runs: int, mila_median_us: float) -> dict[str, Any]:
    """The front door: every position with its orders as text, one batch through
    ``python -m adjudicator resolve`` (JSON in, JSON out, start-up and imports included), per
    phase, against MILA's ``Game.process`` median on the same positions (figure 1)."""
    batch = json.dumps(
        [
            {
                **position_to_json(case.position),
                "orders": {p: [str(o) for o in os_] for p, os_ in case.orders.items()},
            }
            for case in cases
        ]
    )
    times, out = _cli_batch(batch, runs)
    if len(json.loads(out)) != len(cases):
        raise SystemExit("the front door did not answer every phase")
    env = _cli_env()
    startup: list[float] = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(
            [sys.executable, "-m", "adjudicator", "resolve"],
            input=b"[]",
            capture_output=True,
            cwd=ROOT,
            env=env,
            check=True,
        )
        startup.append(time.perf_counter() - start)
    per_phase_us = statistics.median(times) / len(cases) * 1e6
    empty_batch = statistics.median(startup)
    return {
        "phases": len(cases),
        "startup_seconds": empty_batch,
        "ours_per_phase_after_startup_us": (statistics.median(times) - empty_batch)
        / len(cases)
        * 1e6,
        "runs": runs,
        "ours_per_phase_us": per_phase_us,
        "mila_per_phase_us": mila_median_us,
        "ratio": mila_median_us / per_phase_us,
        "goal_met": mila_median_us / per_phase_us >= GOAL_FRONT_DOOR,
    }


def front_door_stages(cases: list[Case], runs: int) -> dict[str, float]:
    """Where the front door's time goes: each stage of ``python -m adjudicator resolve``
    run in this process over the same batch, per phase (best of ``runs``), the core split
    into the movement resolver itself and the wrapping around it (attaching the orders,
    ordering the results, the phase after). Start-up is figure 5's own."""
    batch = json.dumps(
        [
            {
                **position_to_json(case.position),
                "orders": {p: [str(o) for o in os_] for p, os_ in case.orders.items()},
            }
            for case in cases
        ]
    )
    variant = find_variant("standard")
    n = len(cases)
    best: dict[str, float] = {}

    def stage(name: str, call: Callable[[], Any]) -> Any:
        start = time.perf_counter()
        out = call()
        seconds = time.perf_counter() - start
        best[name] = min(best.get(name, seconds), seconds)
        return out

    for _ in range(runs):
        readings_forget()
        with gc_paused():
            _front_door_pass(batch, variant, stage)
    return {name: seconds / n * 1e6 for name, seconds in best.items()}


def _front_door_pass(batch: str, variant: Variant, stage: Callable[..., Any]) -> None:
    """One pass of the front door's stages over ``batch``, each timed by ``stage``."""
    data = stage("reading the JSON text", lambda: load_json(batch))
    read = stage("reading the positions", lambda: [position_from_json(d) for d in data])
    orders = stage(
        "reading the orders",
        lambda: [
            {
                p: [variant.read_order(t, position=pos, power=p) for t in ts]
                for p, ts in given.items()
            }
            for pos, given in read
        ],
    )
    pairs = list(zip([pos for pos, _ in read], orders, strict=True))
    attached = [
        {
            u.province: o
            for os_ in given.values()
            for o in os_
            for u in [pos.unit_in(o.unit.location)]
            if u is not None
        }  # type: ignore[union-attr]
        for pos, given in pairs
    ]
    stage(
        "the movement resolver (resolve_movement)",
        lambda: [
            resolve_movement(pos, variant, m) for (pos, _), m in zip(pairs, attached, strict=True)
        ],
    )
    done = stage(
        "the core in all (resolve)",
        lambda: [resolve(pos, given, variant=variant) for pos, given in pairs],
    )
    out = stage(
        "writing the results and position",
        lambda: [resolution_to_json(pos, r) for (pos, _), r in zip(pairs, done, strict=True)],
    )
    stage("writing the JSON text", lambda: json.dumps(out, ensure_ascii=False))


def bench_datc_cli(runs: int) -> dict[str, Any]:
    cases = json.loads(DATC_FILE.read_text(encoding="utf-8"))
    batch = json.dumps([c["input"] for c in cases])
    env = _cli_env()
    times, out = _cli_batch(batch, runs)
    answers = len(json.loads(out))
    startup: list[float] = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run([sys.executable, "-c", "pass"], check=True, env=env, cwd=ROOT)
        startup.append(time.perf_counter() - start)
    seconds = statistics.median(times)
    return {
        "seconds": seconds,
        "cases": len(cases),
        "answers": answers,
        "runs": runs,
        "bare_interpreter_seconds": statistics.median(startup),
        "goal_met": seconds < GOAL_DATC_SECONDS and answers == len(cases),
    }


# -- profiling (optional) -----------------------------------------------------------


def profile(cases: list[Case], top: int) -> str:
    out = io.StringIO()
    for title, work in (
        ("resolve", lambda c: resolve(c.position, c.orders)),
        ("legal_orders", lambda c: legal_orders(c.position)),
    ):
        profiler = cProfile.Profile()
        profiler.enable()
        for case in cases:
            work(case)
        profiler.disable()
        out.write(f"\n== cProfile: our {title} over {len(cases)} positions ==\n")
        stats = pstats.Stats(profiler, stream=out)
        stats.sort_stats("tottime").print_stats(top)
    return out.getvalue()


# -- main -----------------------------------------------------------------------------


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=200, help="random positions (200)")
    parser.add_argument("--seed", type=int, default=1901, help="random seed (1901)")
    parser.add_argument("--reps", type=int, default=5, help="timed runs per position, ours (5)")
    parser.add_argument(
        "--mila-reps", type=int, default=3, help="timed runs per position, MILA (3)"
    )
    parser.add_argument("--cli-runs", type=int, default=5, help="runs of the DATC batch (5)")
    parser.add_argument(
        "--front-door-phases",
        type=int,
        default=FRONT_DOOR_PHASES,
        help=f"phases in the front door's batch ({FRONT_DOOR_PHASES}), made like the others",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object instead")
    parser.add_argument(
        "--profile",
        type=int,
        default=0,
        metavar="N",
        help="also print the top N cProfile entries of our resolve and legal_orders",
    )
    args = parser.parse_args(argv)
    if args.positions < 1 or args.reps < 1 or args.mila_reps < 1 or args.cli_runs < 1:
        parser.error("counts must be at least 1")

    game_map = find_variant("standard").map
    check_mila_names(game_map)
    started = time.perf_counter()
    cases = build_cases(args.positions, args.seed)
    movement = bench_movement(cases, args.reps, args.mila_reps)
    legal = bench_legal(cases, args.reps, args.mila_reps)
    reading = bench_order_reading(cases, args.reps)
    # The front door's batch: the positions above and more made the same way (MILA's
    # figure per phase is the median over the positions above).
    batch = cases + build_cases(max(args.front_door_phases - len(cases), 0), args.seed + 1)
    front = bench_front_door(batch, args.cli_runs, movement["mila_median_us"])
    front["stages_us"] = front_door_stages(batch, 3)
    datc = bench_datc_cli(args.cli_runs)
    variants = bench_variants(reps=args.reps, seed=args.seed)
    report = {
        "positions": args.positions,
        "seed": args.seed,
        "python": sys.version.split()[0],
        "orders_per_position": order_stats(cases),
        "results_per_position": outcome_stats(cases),
        "movement": movement,
        "legal_orders": legal,
        "order_reading": reading,
        "front_door": front,
        "datc_cli": datc,
        "variants": variants,
        "elapsed_seconds": time.perf_counter() - started,
    }
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        print_report(report)
    if args.profile:
        print(profile(cases, args.profile))
    return 0


def print_report(r: dict[str, Any]) -> None:
    m, lo, d = r["movement"], r["legal_orders"], r["datc_cli"]
    rd, fd = r["order_reading"], r["front_door"]
    mix = ", ".join(f"{v:.1f} {k}" for k, v in r["orders_per_position"].items())
    outcomes = ", ".join(f"{v:.1f} {k}" for k, v in r["results_per_position"].items())
    print(
        f"adjudicator benchmark: {r['positions']} random positions of {UNITS_ON_BOARD} units, "
        f"seed {r['seed']}, Python {r['python']}"
    )
    print(f"orders per position: {mix}")
    print(f"results per position (ours): {outcomes}")
    print()
    print("1. movement resolution (median over positions of the per-position median)")
    print(
        f"   ours  adjudicator.resolve: {m['ours_median_us']:8.1f} us median "
        f"(p90 {m['ours_p90_us']:.1f} us), {m['ours_phases_per_s']:,.0f} phases/s"
    )
    print(
        f"   MILA  Game.process:        {m['mila_median_us']:8.1f} us median "
        f"(p90 {m['mila_p90_us']:.1f} us), {m['mila_phases_per_s']:,.0f} phases/s"
    )
    print(f"   MILA/ours: {m['ratio']:.1f}x   goal >= {GOAL_CORE:.0f}x: {goal(m['goal_met'])}")
    print(
        f"   side-check: {m['agree']}/{m['positions']} positions agree "
        f"(same units standing, same units dislodged); "
        f"MILA rejected {m['mila_rejected_orders']} of our orders at set_orders"
    )
    for example in m["mila_rejected_examples"][:5]:
        print(f"     rejected by MILA: {example}")
    for dis in m["disagreements"][:5]:
        print(f"   - position {dis['position']} disagrees:")
        if dis["mila_rejected"]:
            print(f"       MILA refused: {'; '.join(dis['mila_rejected'])}")
        for key in (
            "ours_only_standing",
            "mila_only_standing",
            "ours_only_dislodged",
            "mila_only_dislodged",
        ):
            if dis[key]:
                print(f"       {key.replace('_', ' ')}: {', '.join(dis[key])}")
        for power in sorted(dis["units"]):
            print(f"       {power}: units {', '.join(dis['units'][power])}")
            print(f"       {' ' * len(power)}  orders {'; '.join(dis['orders'][power])}")
    if m["disagreements"]:
        print("   (known MILA rule differences that show up here: bench/README.md, side-check)")
    if len(m["disagreements"]) > 5:
        print(f"   ... and {len(m['disagreements']) - 5} more (see --json)")
    print()
    print("2. legal-order enumeration, all units of a position")
    print(
        f"   ours  adjudicator.legal_orders:  {lo['ours_median_us']:8.1f} us median "
        f"(p90 {lo['ours_p90_us']:.1f} us), {lo['ours_orders_per_position']:.0f} orders "
        f"per position on average"
    )
    print(
        f"   MILA  get_all_possible_orders:  {lo['mila_median_us']:8.1f} us median "
        f"(p90 {lo['mila_p90_us']:.1f} us), {lo['mila_orders_per_position']:.0f} distinct "
        f"orders per position on average"
    )
    print(
        f"   ours, compact (legal_orders_compact): {lo['compact_median_us']:.1f} us median, "
        f"MILA/ours {lo['compact_ratio']:.1f}x (goal >= {GOAL_LEGAL_COMPACT:.0f}x: "
        f"{goal(lo['compact_goal_met'])}); as JSON {lo['compact_json_bytes']:,.0f} bytes "
        f"against {lo['full_json_bytes']:,.0f} for the full list"
    )
    print(f"   MILA/ours: {lo['ratio']:.1f}x   goal >= {GOAL_LEGAL:.0f}x: {goal(lo['goal_met'])}")
    print()
    print("3. the DATC file through the command line, one batch, wall clock incl. start-up")
    print(
        f"   python -m adjudicator resolve < {d['cases']} cases "
        f"({DATC_FILE.relative_to(ROOT)}): {d['seconds']:.3f} s "
        f"(median of {d['runs']}; {d['answers']} answers)"
    )
    print(f"   bare interpreter start-up (python -c pass): {d['bare_interpreter_seconds']:.3f} s")
    print(f"   goal < {GOAL_DATC_SECONDS:.0f} s: {goal(d['goal_met'])}")
    print()
    print("4. reading orders: parse_order with the position, per order (no MILA peer: it reads")
    print("   only its own notation); as written by the engine and spelled out by a player")
    print(
        f"   {rd['orders']} texts: {rd['cold_us']:.1f} us cold (never read before), "
        f"{rd['warm_us']:.1f} us warm (read again, as on every check and save)"
    )
    print()
    print("5. the front door: the positions above and more made alike, with their orders as text,")
    print("   one batch through python -m adjudicator resolve (start-up included, the modules")
    print("   compiled to bytecode as an installed copy has them), per phase,")
    print("   vs MILA's process() on the positions above")
    print(
        f"   ours {fd['ours_per_phase_us']:.1f} us per phase (median of {fd['runs']} runs), "
        f"MILA {fd['mila_per_phase_us']:.1f} us: MILA/ours {fd['ratio']:.2f}x   "
        f"goal >= {GOAL_FRONT_DOOR:.0f}x: {goal(fd['goal_met'])}"
    )
    print(
        f"   of which start-up (an empty batch): {fd['startup_seconds'] * 1000:.0f} ms; "
        f"{fd['ours_per_phase_after_startup_us']:.1f} us per phase after it, over "
        f"{fd['phases']} phases (--front-door-phases sets how many)"
    )
    stages = fd["stages_us"]
    print("   where it goes, per phase, each stage run in this process (best of 3):")
    for name, us in stages.items():
        print(f"     {name:<42} {us:7.1f} us")
    print(
        f"     {'start-up, spread over the batch':<42} "
        f"{fd['startup_seconds'] * 1e6 / fd['phases']:7.1f} us"
    )
    print("   (the core beyond the movement resolver: attaching orders, ordering results,")
    print("   the phase after; the core's own cost is spread over reading and classifying the")
    print("   orders, deciding them, and building the results and the position after:")
    print("   no single hot spot, see README 'Speed')")
    print()
    print("6. each variant's phases through the same core, per phase, best of runs (no peer):")
    print("   a seeded game of each played by the house bots (bench/variant_phases.py)")
    print_variants(r["variants"])
    print()
    print(f"(benchmark ran in {r['elapsed_seconds']:.1f} s)")


if __name__ == "__main__":
    sys.exit(main())
