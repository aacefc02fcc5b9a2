"""The stronger bot (bots.search, the level "strong") against the heuristic bot
(bots.bot_orders, the level "standard"), in the adjudicator alone (no site).

1. Seven-player standard games: in game ``g`` of ``--games`` (100) the searching bot plays
   one power, rotated over the seven by ``g``, and six heuristic bots play the others, to a
   solo or the end of ``--until`` (1910). Then the same game with a heuristic bot in that
   seat too: the baseline (1/7 by symmetry, give or take the seeds). Printed: how often the
   seat soloes and leads (the most centers at the end; a lead shared by k powers counts
   1/k), and each as a multiple of 1/7.
2. Highlander duels (rule 7: twin boards, the colours swapped on board B, the first to win
   a board wins the duel): ``--duels`` (100) duels, the searching bot as player 1 (red on
   both boards) in even duels and player 2 in odd ones, the heuristic bot the other; set-up
   (nomination, placement) is the heuristic bot's on both sides. A duel still undecided at
   the end of ``--duel-until`` (1920) is counted as not won, and said apart (with who had
   more centers over both boards then).

Each search gets ``--resolutions`` (400) resolutions a movement phase, against
``--samples`` (8) guesses of the others' orders, and no wall-time limit: the figures are
the same on any machine, and the same every run. A site's seat gets 6,000, at most about
2 s on one core (the climb usually ends after 500 to 800); the time printed per phase
shows what this run's budget costs here.

    .venv/bin/python bench/search_bot.py [--games 100] [--until 1910] [--duels 100]
        [--duel-until 1920] [--resolutions 400] [--samples 8] [--seed 0] [--json]
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from adjudicator import Order, PhaseKind, Position, Variant, find_variant, resolve  # noqa: E402
from adjudicator.variants.highlander.duel import (  # noqa: E402
    DuelStage,
    DuelState,
    duel_after_movement_turn,
    invert_setup,
)
from bench.bots_vs_random import Game, Player, play, summary  # noqa: E402
from bots import bot_orders  # noqa: E402
from bots.search import Budget, search_orders  # noqa: E402

GOAL_LEADS = 0.40
GOAL_DUELS = 0.65


class Searcher:
    """The searching bot as a bench player, timing its movement phases."""

    def __init__(self, budget: Budget) -> None:
        self.budget = budget
        self.seconds = 0.0
        self.phases = 0

    def __call__(
        self, variant: Variant, position: Position, power: str, rng: random.Random
    ) -> list[Order]:
        started = time.perf_counter()
        orders = search_orders(variant, position, power, rng, budget=self.budget)
        if position.phase.kind is PhaseKind.MOVEMENT:
            self.seconds += time.perf_counter() - started
            self.phases += 1
        return orders


# -- seven-player games ----------------------------------------------------------------------


def seven(games: int, until: int, seed: int, searcher: Searcher) -> dict[str, Any]:
    variant = find_variant("standard")
    powers = variant.powers
    strong: list[Game] = []
    baseline: list[Game] = []
    for g in range(games):
        seat = powers[g % len(powers)]
        heuristic: dict[str, Player] = dict.fromkeys(powers, bot_orders)
        game_seed = f"{seed}:{g}"
        strong.append(play(variant, {**heuristic, seat: searcher}, seat, game_seed, until))
        baseline.append(play(variant, heuristic, seat, game_seed, until))
    return {"strong": summary(strong, powers), "heuristic": summary(baseline, powers)}


# -- Highlander duels ------------------------------------------------------------------------


@dataclass(frozen=True)
class Duel:
    won: bool  # by the searching bot
    lost: bool
    year: int
    rule: str | None
    centers: tuple[int, int]  # the searching bot's and the other's, over both boards


def _phase(
    variant: Variant,
    board: Position,
    players: dict[str, Player],
    seed: str,
    n: int,
) -> Position:
    orders = {
        power: players[power](variant, board, power, random.Random(f"{seed}:{n}:{power}"))
        for power in sorted(variant.orders_due(board))
    }
    return resolve(board, orders, seed=n, variant=variant).position


def duel(
    variant: Variant, strong: Player, other: Player, strong_is_red: bool, seed: str, until: int
) -> Duel:
    """One duel on twin boards, from nomination to a decision or the end of ``until``."""
    red, blue = variant.powers
    me, them = (red, blue) if strong_is_red else (blue, red)
    players: dict[str, Player] = {me: strong, them: other}
    board_a = variant.initial_position()
    n = 0
    while board_a.phase.kind is not PhaseKind.MOVEMENT:
        board_a = _phase(variant, board_a, players, f"{seed}:A", n)
        n += 1
    boards = {"A": board_a, "B": invert_setup(board_a)}
    state = DuelState()
    while state.stage is not DuelStage.WON and max(b.phase.year for b in boards.values()) <= until:
        if all(variant.finished(b) for b in boards.values()):
            break  # both boards over and the duel still level: nothing left to play
        for name, board in boards.items():
            if variant.finished(board):
                continue
            board = _phase(variant, board, players, f"{seed}:{name}", n)
            while board.phase.kind is PhaseKind.RETREATS:
                board = _phase(variant, board, players, f"{seed}:{name}", n + 1)
            boards[name] = board
        state = duel_after_movement_turn(state, boards["A"], boards["B"])
        n += 2
        for name, board in boards.items():
            while board.phase.kind is not PhaseKind.MOVEMENT and not variant.finished(board):
                board = _phase(variant, board, players, f"{seed}:{name}", n)
            boards[name] = board
        n += 1
    mine = sum(len(b.centers_of(me)) for b in boards.values())
    theirs = sum(len(b.centers_of(them)) for b in boards.values())
    return Duel(
        won=state.winner == me,
        lost=state.winner == them,
        year=min(max(b.phase.year for b in boards.values()), until),
        rule=None if state.rule is None else state.rule.value,
        centers=(mine, theirs),
    )


def duels(count: int, until: int, seed: int, strong: Player, other: Player) -> dict[str, Any]:
    variant = find_variant("highlander")
    played = [
        duel(variant, strong, other, d % 2 == 0, f"{seed}:duel:{d}", until) for d in range(count)
    ]
    undecided = [d for d in played if not d.won and not d.lost]
    decided = [d for d in played if d.won or d.lost]
    return {
        "duels": count,
        "won": sum(d.won for d in played),
        "lost": sum(d.lost for d in played),
        "undecided": len(undecided),
        "undecided_ahead": sum(d.centers[0] > d.centers[1] for d in undecided),
        "win_rate": sum(d.won for d in played) / count,
        "average_year": sum(d.year for d in decided) / len(decided) if decided else None,
        "rules": dict(sorted(Counter(d.rule for d in decided if d.rule).items())),
    }


# -- the run ---------------------------------------------------------------------------------


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--until", type=int, default=1910, help="the last year played")
    parser.add_argument("--duels", type=int, default=100)
    parser.add_argument("--duel-until", type=int, default=1920, help="a duel's last year")
    parser.add_argument("--resolutions", type=int, default=400, help="a search's budget")
    parser.add_argument("--samples", type=int, default=8, help="guesses of the others' orders")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    budget = Budget(resolutions=args.resolutions, seconds=None, samples=args.samples)
    started = time.perf_counter()
    searcher = Searcher(budget)
    out: dict[str, Any] = {
        "until": args.until,
        "duel_until": args.duel_until,
        "seed": args.seed,
        "resolutions": args.resolutions,
        "samples": args.samples,
    }
    if args.games:
        out["seven"] = seven(args.games, args.until, args.seed, searcher)
    if args.duels:
        out["duels"] = duels(args.duels, args.duel_until, args.seed, searcher, bot_orders)
        out["duels_baseline"] = duels(
            args.duels, args.duel_until, args.seed, bot_orders, bot_orders
        )
    out["search_seconds_per_phase"] = searcher.seconds / max(searcher.phases, 1)
    out["seconds"] = round(time.perf_counter() - started, 1)
    if args.json:
        print(json.dumps(out, indent=2))
        return 0
    _print(args, out)
    return 0


def _goal(met: bool) -> str:
    return "goal met" if met else "goal NOT met"


def _print(args: argparse.Namespace, out: dict[str, Any]) -> None:
    print(
        f"search budget: {args.resolutions} resolutions a movement phase, {args.samples} "
        f"guesses of the others' orders, no time limit; seed {args.seed}"
    )
    if "seven" in out:
        print(
            f"\n{args.games} standard games to a solo or the end of {args.until}: one seat "
            "(rotated over the seven powers) against six heuristic bots"
        )
        print(f"{'in the seat':<24}{'solos':>8}{'x 1/7':>7}{'leads':>8}{'x 1/7':>7}{'centers':>9}")
        for name, key in (("the searching bot", "strong"), ("a heuristic bot", "heuristic")):
            s = out["seven"][key]
            print(
                f"{name:<24}{s['solo_rate']:>8.0%}{s['solo_rate'] * 7:>7.2f}"
                f"{s['lead_rate']:>8.0%}{s['lead_rate'] * 7:>7.2f}{s['average_centers']:>9.1f}"
            )
        lead = out["seven"]["strong"]["lead_rate"]
        print(f"leads: {lead:.0%} (goal at least {GOAL_LEADS:.0%}): {_goal(lead >= GOAL_LEADS)}")
        print("by power (searching bot): solos, leads, average centers")
        for power, b in out["seven"]["strong"]["by_power"].items():
            print(
                f"  {power:<9} {b['solos']:>3} {b['leads']:>6} {b['centers']:>5}"
                f"   ({b['games']} games)"
            )
    if "duels" in out:
        for title, key in (
            ("the searching bot against the heuristic bot", "duels"),
            (
                "baseline, heuristic against heuristic ('won': the searching bot's seat)",
                "duels_baseline",
            ),
        ):
            d = out[key]
            print(
                f"\n{d['duels']} Highlander duels (twin boards) to a decision or the end of "
                f"{args.duel_until}, {title}:"
            )
            print(
                f"  won {d['won']}, lost {d['lost']}, undecided {d['undecided']} "
                f"(ahead on centers in {d['undecided_ahead']} of those); "
                f"win rate {d['win_rate']:.0%}"
            )
            year = f"{d['average_year']:.1f}" if d["average_year"] else "-"
            print(f"  decided on average in {year}; by rule {d['rules']}")
        rate = out["duels"]["win_rate"]
        print(
            f"duels won: {rate:.0%} (goal at least {GOAL_DUELS:.0%}): {_goal(rate >= GOAL_DUELS)}"
        )
    print(
        f"\na search took {out['search_seconds_per_phase'] * 1000:.0f} ms a movement phase "
        f"on average here; {out['seconds']} s in all"
    )


if __name__ == "__main__":
    raise SystemExit(main())
