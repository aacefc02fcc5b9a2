"""``python -m bots``: play seats through a site's public API with a token.

    python -m bots --url https://diplomacy.example.org --token=KEY --game 12 --game 15
    python -m bots --url https://diplomacy.example.org --token=KEY --level strong

Without ``--game`` it plays every running game the token's account sits in, as the site
lists them (``GET /api/v1/me/games/``) when it starts. The token may come from the
environment instead (``DIPLOMACY_TOKEN``), which keeps it out of the process list. The
client plays the token's seat in each game every ``--poll`` seconds until every game is
over (``--once``: one round). Exit status: 0 when every game was played to its end (or,
with ``--once``, answered), 2 for bad arguments, 1 when a game was refused (no such game,
a bad token, rules the bot does not know).
"""

from __future__ import annotations

import argparse
import logging
import os
import sys
from collections.abc import Sequence

from bots.client import Api, ApiError, Turn, play
from bots.search import Level

TOKEN_VARIABLE = "DIPLOMACY_TOKEN"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bots", description="Play seats of a Diplomacy site through its API."
    )
    parser.add_argument(
        "--url", required=True, help="the site's address, e.g. http://127.0.0.1:8000"
    )
    parser.add_argument(
        "--token",
        default=os.environ.get(TOKEN_VARIABLE),
        help=f"an API token (or ${TOKEN_VARIABLE})",
    )
    parser.add_argument(
        "--game",
        type=int,
        action="append",
        help="a game's id (repeat for more); left out: every running game the token's "
        "account sits in, listed by the site (GET /api/v1/me/games/)",
    )
    parser.add_argument("--seed", type=int, default=0, help="varies the bot's choices")
    parser.add_argument(
        "--level",
        choices=[level.value for level in Level],
        help="how the bot plays: standard (rules of thumb) or strong (it searches its "
        "moves, about 2 s a movement phase); left out: the level the site shows for the "
        "seat (its own bots' seats), else standard",
    )
    parser.add_argument("--poll", type=float, default=10.0, help="seconds between rounds")
    parser.add_argument("--once", action="store_true", help="play one round and stop")
    args = parser.parse_args(argv)
    if not args.token:
        parser.error(f"give --token or set {TOKEN_VARIABLE}")
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    def report(game: int, turn: Turn) -> None:
        if turn is not Turn.WAITING:
            print(f"game {game}: {turn.value}", flush=True)

    api = Api(args.url, args.token)
    games = args.game
    if not games:
        try:
            games = api.my_games()
        except ApiError as e:
            print(f"the site did not list the account's games: {e}", file=sys.stderr)
            return 1
        if not games:
            print("the account sits in no running game", flush=True)
            return 0
    level = Level(args.level) if args.level else None
    last = play(
        api, games, seed=args.seed, poll=args.poll, once=args.once, report=report, level=level
    )
    refused = [g for g in games if g not in last or last[g] is Turn.NO_SEAT]
    for game in refused:
        print(f"game {game}: not played", file=sys.stderr)
    return 1 if refused else 0


if __name__ == "__main__":
    raise SystemExit(main())
