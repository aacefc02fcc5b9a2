"""Kapitalisten's game in the demo: eight investors, the eight demo players, each under a
pseudonym of his own. frank is the visitor's seat; the demo bot trades and commands for
the seven others, every exchange turn, as the ``bots`` library's investor bot plays."""

from __future__ import annotations

from collections.abc import Sequence

from variants.site import DemoGame

BOURSE_GAME = "Demo: Kapitalisten bourse (frank and seven investors)"


def demo_games() -> Sequence[DemoGame]:
    return [
        DemoGame(
            name=BOURSE_GAME,
            creator="frank",
            joiners=("alice", "bob", "carol", "dave", "erin", "grace", "heidi"),
            options={"players": 8},
            # Words of the trade, none a demo player's name: who is behind each investor
            # is the game's secret, as in any Kapitalisten game.
            pseudonyms=(
                "Visiting Capital",
                "Blue Chip",
                "Bull Market",
                "Bear Market",
                "Hedge Fund",
                "Hard Currency",
                "Gold Standard",
                "Safe Haven",
            ),
            visitor="frank",
        )
    ]
