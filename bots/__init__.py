"""Bots to practise with: a strategy that plays sensibly, a random-orders player to
measure it against, and a client that plays a seat through the site's public API.

A library of its own, like the adjudicator it plays with: it imports the standard library
and ``adjudicator`` only (import-linter's contract in pyproject.toml and
tests/bots/test_purity.py hold it to that), so the site's demo bot, the benchmark
(``bench/bots_vs_random.py``) and the API client (``python -m bots``) share one copy of
the rules of play. Every choice is drawn from an explicit ``random.Random``: the same
position, power and seed give the same orders. How a bot answers its fellow players'
votes is ``bots.votes``; a Kapitalisten investor's exchange and command, ``bots.kapitalisten``;
Rather Silly's great powers and role seats, ``bots.rather_silly``; every power a seat gives
orders for, ``bots.seats.seat_orders``, which asks the variant's own seat player
(``bots.registry``: each variant's bot module declares one where its seats play otherwise
than the standard game's).
"""

from bots.kapitalisten import exchange_orders, investor_orders, prospects
from bots.random_player import random_orders
from bots.registry import KNOWN_VARIANTS, knows_variant
from bots.seats import gives_unowed, seat_orders
from bots.strategy import bot_orders
from bots.votes import vote_answer

__all__ = [
    "KNOWN_VARIANTS",
    "bot_orders",
    "exchange_orders",
    "gives_unowed",
    "investor_orders",
    "knows_variant",
    "prospects",
    "random_orders",
    "seat_orders",
    "vote_answer",
]
