"""Each variant's phases through the same core, per phase (no peer: MILA plays none of them).

A seeded game of each variant is played by the house bots in every seat (``bots.seat_orders``,
the orders the site's bots give) for a few years; every phase's position and orders are kept,
then ``adjudicator.resolve`` is timed on each, several times, and reported by phase kind. A
slowdown in a variant's own hooks (creatures, the exchange, a set-up) shows here, where the
standard game's figures would not see it.

Rather Silly is played with every part it has: the four role seats and the fifth fleet, from
the llamas' winter on, with the Borg, the monsters, the herds and the birds the game brings.
Its largest movement phase (most units and creatures, most orders) is the issue's goal: under
1 ms.

    PYTHONPATH=. .venv/bin/python bench/variant_phases.py [--years N] [--reps N]

``bench/adjudicator.py`` prints these figures too, as its sixth.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

# Run as a script, bench/ comes first on sys.path, where bench/adjudicator.py would stand
# for the package: the repository root goes there instead.
ROOT = Path(__file__).resolve().parents[1]
sys.path[:] = [str(ROOT)] + [
    p for p in sys.path if Path(p or ".").resolve() != Path(__file__).resolve().parent
]

from adjudicator import Order, Position, find_variant, resolve  # noqa: E402
from adjudicator.variants import Variant  # noqa: E402
from bots import seat_orders  # noqa: E402

#: The variants that resolve through the core with hooks of their own, each with the options
#: that give it every part it has.
VARIANTS: dict[str, dict[str, Any]] = {
    "highlander": {},
    "multiple_void": {},
    "kapitalisten": {"players": 12},
    "rather_silly": {"roles": True, "fifth_fleet": True},
}
#: The extras that hold creatures on the board (Rather Silly's), counted as pieces.
CREATURES = ("monsters", "borg", "birds", "llamas")
#: Where the largest variant's movement phase must resolve within (the issue's goal).
GOAL_LARGEST_US = 1000.0
LARGEST = "rather_silly"


@dataclass(frozen=True, slots=True)
class Phase:
    """One phase as it was played: the position going in, everyone's orders, the seed."""

    position: Position
    orders: Mapping[str, Sequence[Order]]
    seed: int

    @property
    def kind(self) -> str:
        return self.position.phase.kind.words

    @property
    def pieces(self) -> int:
        """Units and creatures on the board: what a phase's size is counted by."""
        extras = self.position.extras
        return len(self.position.units) + sum(len(extras.get(k) or ()) for k in CREATURES)


def played(variant: Variant, options: Mapping[str, Any], years: int, seed: int) -> list[Phase]:
    """A game of ``variant`` played by the bots in every seat for ``years`` years after
    its first (or to its end): each phase as it was played."""
    rng = random.Random(seed)
    position = variant.initial_position(options)
    last = position.phase.year + years
    phases: list[Phase] = []
    while position.phase.year <= last and len(phases) < 400:
        orders: dict[str, list[Order]] = {}
        for seat in variant.seats(position.options):
            for power, given in seat_orders(variant, position, seat, rng).items():
                orders.setdefault(power, []).extend(given)
        phase_seed = rng.randrange(2**31)
        phases.append(Phase(position, orders, phase_seed))
        position = resolve(position, orders, seed=phase_seed, variant=variant).position
        if variant.finished(position):
            break
    return phases


def timed_us(phase: Phase, variant: Variant, reps: int) -> float:
    """The best of ``reps`` resolutions of ``phase``, in microseconds."""
    best = float("inf")
    for _ in range(reps):
        start = time.perf_counter_ns()
        resolve(phase.position, phase.orders, seed=phase.seed, variant=variant)
        best = min(best, (time.perf_counter_ns() - start) / 1000)
    return best


def bench_variants(years: int = 4, reps: int = 5, seed: int = 1901) -> dict[str, Any]:
    """Per variant and phase kind: phases, median and slowest µs per phase; and the
    largest variant's largest movement phase against its goal."""
    out: dict[str, Any] = {"variants": {}}
    for variant_id, options in VARIANTS.items():
        variant = find_variant(variant_id)
        phases = played(variant, options, years, seed)
        by_kind: dict[str, list[float]] = {}
        timings = [(p, timed_us(p, variant, reps)) for p in phases]
        for phase, us in timings:
            by_kind.setdefault(phase.kind, []).append(us)
        out["variants"][variant_id] = {
            "phases": len(phases),
            "last": str(phases[-1].position.phase) if phases else "",
            "kinds": {
                kind: {
                    "phases": len(times),
                    "median_us": statistics.median(times),
                    "max_us": max(times),
                }
                for kind, times in by_kind.items()
            },
        }
        if variant_id == LARGEST:
            movements = [(p, us) for p, us in timings if p.kind == "movement"]
            biggest, us = max(movements, key=lambda pu: (pu[0].pieces, pu[1]))
            out["largest"] = {
                "variant": variant_id,
                "phase": str(biggest.position.phase),
                "pieces": biggest.pieces,
                "orders": sum(len(o) for o in biggest.orders.values()),
                "us": us,
                "slowest_movement_us": max(t for _p, t in movements),
                "goal_us": GOAL_LARGEST_US,
                "goal_met": max(t for _p, t in movements) < GOAL_LARGEST_US,
            }
    return out


def print_variants(r: Mapping[str, Any]) -> None:
    for variant_id, v in r["variants"].items():
        print(f"   {variant_id}: {v['phases']} phases played by the bots, to {v['last']}")
        for kind, k in v["kinds"].items():
            print(
                f"     {kind:<12} {k['phases']:3d} phases: {k['median_us']:8.1f} us median, "
                f"{k['max_us']:8.1f} us slowest"
            )
    big = r["largest"]
    print(
        f"   largest: {big['variant']} {big['phase']}, {big['pieces']} units and creatures, "
        f"{big['orders']} orders: {big['us']:.1f} us; its slowest movement phase "
        f"{big['slowest_movement_us']:.1f} us   goal < {big['goal_us']:.0f} us: "
        f"{'met' if big['goal_met'] else 'NOT met'}"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--years", type=int, default=4, help="years played after the first (4)")
    parser.add_argument("--reps", type=int, default=5, help="timed runs per phase, best kept (5)")
    parser.add_argument("--seed", type=int, default=1901, help="random seed (1901)")
    args = parser.parse_args(argv)
    print("each variant's phases through the core, best of runs per phase (no peer)")
    print_variants(bench_variants(args.years, args.reps, args.seed))
    return 0


if __name__ == "__main__":
    sys.exit(main())
