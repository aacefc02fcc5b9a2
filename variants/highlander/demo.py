"""Highlander's game in the demo: a twin-board duel of alice (the visitor's seat, red) and
bob (blue), which the demo bot plays for bob on both boards."""

from __future__ import annotations

from collections.abc import Sequence

from variants.site import DemoGame

DUEL_GAME = "Demo: Highlander duel (alice and bob)"


def demo_games() -> Sequence[DemoGame]:
    return [
        DemoGame(
            name=DUEL_GAME,
            creator="alice",
            joiners=("bob",),
            powers=("red", "blue"),
            duel=True,
            visitor="alice",
        )
    ]
