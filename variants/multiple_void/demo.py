"""Multiple Void's game in the demo: a draft of three, carol (the visitor's seat), dave and
erin, which the demo bot plays for dave and erin."""

from __future__ import annotations

from collections.abc import Sequence

from variants.site import DemoGame

DRAFT_GAME = "Demo: Multiple Void draft (carol, dave, erin)"


def demo_games() -> Sequence[DemoGame]:
    return [
        DemoGame(
            name=DRAFT_GAME,
            creator="carol",
            joiners=("dave", "erin"),
            options={"players": 3},
            visitor="carol",
        )
    ]
