"""The bot against the random-orders player, in the adjudicator alone (no site).

Game ``g`` of ``--games`` (100) is a standard game in which the bot (bots.bot_orders)
plays one power, rotated over the seven by ``g``, and six random-orders players
(bots.random_orders: a random legal order per unit, random legal retreats and builds)
play the others, to a solo or the end of ``--until`` (1910). The same game is then played
again with a random player in the bot's seat: the baseline. Each player's choices are
drawn from a seed made of ``--seed``, the game, the phase and the power, so a run prints
the same figures every time.

Printed per side: how often the seat wins (a solo), how often it leads (the most
centers at the end; a lead shared by k powers counts 1/k), its average centers at the
end, and the same by power. With ``--bots-vs-bots``, also the same number of games of
seven bots: how often one power soloes, and by when. ``--json`` prints one object.

    .venv/bin/python bench/bots_vs_random.py [--games 100] [--until 1910] [--seed 0]
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from adjudicator import Order, Position, Variant, find_variant, resolve  # noqa: E402
from bots import bot_orders, random_orders  # noqa: E402

Player = Callable[..., list[Order]]


@dataclass(frozen=True)
class Game:
    """How one game ended for the seat measured."""

    seat: str
    centers: int
    lead: float  # 1 if the seat alone has the most centers, 1/k if k share the most
    solo: bool
    winner: str | None
    year: int  # the year the game ended in (a solo's, or the last played)


def play(variant: Variant, players: dict[str, Player], seat: str, seed: str, until: int) -> Game:
    """A game from the start to a solo or the end of ``until``; ``players`` per power."""
    position: Position = variant.initial_position()
    n = 0
    while position.phase.year <= until and not variant.finished(position):
        orders = {
            power: players[power](variant, position, power, random.Random(f"{seed}:{n}:{power}"))
            for power in sorted(variant.orders_due(position))
        }
        position = resolve(position, orders, seed=n, variant=variant).position
        n += 1
    counts = Counter(position.ownership.values())
    most = max(counts.values())
    leaders = [p for p, c in counts.items() if c == most]
    winner = variant.winner(position)
    year = position.phase.year if winner is not None else min(position.phase.year, until)
    return Game(
        seat=seat,
        centers=counts[seat],
        lead=1 / len(leaders) if seat in leaders else 0.0,
        solo=winner == seat,
        winner=winner,
        year=year,
    )


def summary(games: Sequence[Game], powers: Sequence[str]) -> dict[str, Any]:
    n = len(games)
    by_power = {}
    for power in powers:
        mine = [g for g in games if g.seat == power]
        if mine:
            by_power[power] = {
                "games": len(mine),
                "solos": sum(g.solo for g in mine),
                "leads": round(sum(g.lead for g in mine), 2),
                "centers": round(sum(g.centers for g in mine) / len(mine), 1),
            }
    solos = [g for g in games if g.solo]
    return {
        "games": n,
        "solo_rate": sum(g.solo for g in games) / n,
        "lead_rate": sum(g.lead for g in games) / n,
        "average_centers": sum(g.centers for g in games) / n,
        "average_solo_year": sum(g.year for g in solos) / len(solos) if solos else None,
        "by_power": by_power,
    }


def bots_vs_bots(variant: Variant, games: int, seed: int, until: int) -> dict[str, Any]:
    """Seven bots: how often one soloes, who, and when."""
    everyone: dict[str, Player] = dict.fromkeys(variant.powers, bot_orders)
    ended = [
        play(variant, everyone, variant.powers[g % 7], f"{seed}:{g}", until) for g in range(games)
    ]
    solos = [g for g in ended if g.winner is not None]
    return {
        "games": games,
        "solo_rate": len(solos) / games,
        "average_solo_year": sum(g.year for g in solos) / len(solos) if solos else None,
        "solos_by_power": dict(sorted(Counter(g.winner for g in solos if g.winner).items())),
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--until", type=int, default=1910, help="the last year played")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--bots-vs-bots", action="store_true")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    variant = find_variant("standard")
    powers = variant.powers
    started = time.perf_counter()
    bot_games: list[Game] = []
    random_games: list[Game] = []
    for g in range(args.games):
        seat = powers[g % len(powers)]
        others: dict[str, Player] = dict.fromkeys(powers, random_orders)
        seed = f"{args.seed}:{g}"
        bot_games.append(play(variant, {**others, seat: bot_orders}, seat, seed, args.until))
        random_games.append(play(variant, others, seat, seed, args.until))
    out: dict[str, Any] = {
        "until": args.until,
        "seed": args.seed,
        "bot": summary(bot_games, powers),
        "random": summary(random_games, powers),
    }
    if args.bots_vs_bots:
        out["bots_vs_bots"] = bots_vs_bots(variant, args.games, args.seed, args.until)
    out["seconds"] = round(time.perf_counter() - started, 1)
    if args.json:
        print(json.dumps(out, indent=2))
        return 0
    print(
        f"{args.games} standard games to a solo or the end of {args.until}, seed {args.seed}: "
        "one seat (rotated over the seven powers) against six random-orders players"
    )
    print(f"{'in the seat':<22}{'solos':>8}{'leads':>8}{'centers':>10}{'solo year':>11}")
    for name, key in (("the bot", "bot"), ("a random player", "random")):
        s = out[key]
        year = f"{s['average_solo_year']:.1f}" if s["average_solo_year"] else "-"
        print(
            f"{name:<22}{s['solo_rate']:>8.0%}{s['lead_rate']:>8.0%}"
            f"{s['average_centers']:>10.1f}{year:>11}"
        )
    print("\nby power (bot | random): solos, leads, average centers")
    for power in powers:
        b, r = out["bot"]["by_power"].get(power), out["random"]["by_power"].get(power)
        if b and r:
            print(
                f"  {power:<9} {b['solos']:>3} {b['leads']:>6} {b['centers']:>5} | "
                f"{r['solos']:>3} {r['leads']:>6} {r['centers']:>5}   ({b['games']} games)"
            )
    if args.bots_vs_bots:
        s = out["bots_vs_bots"]
        year = f", on average in {s['average_solo_year']:.1f}" if s["average_solo_year"] else ""
        print(
            f"\nseven bots, {s['games']} games: a solo in {s['solo_rate']:.0%}{year}; "
            f"solos by power {s['solos_by_power']}"
        )
    print(f"\n{out['seconds']} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
