"""Rather Silly's game in the demo: eleven seats, the seven great powers and the four
roles, of the demo players. grace plays England (the visitor's seat, so the game waits
for her each season); the demo bot plays every other seat, the roles included."""

from __future__ import annotations

from collections.abc import Sequence

from variants.site import DemoGame

SILLY_GAME = "Demo: Rather Silly with the four roles (grace and ten others)"


def demo_games() -> Sequence[DemoGame]:
    return [
        DemoGame(
            name=SILLY_GAME,
            creator="grace",
            joiners=(
                "alice",
                "bob",
                "carol",
                "dave",
                "erin",
                "frank",
                "heidi",
                "ivan",
                "judy",
                "oscar",
            ),
            powers=(
                "england",
                "austria",
                "france",
                "germany",
                "italy",
                "russia",
                "turkey",
                "fool",
                "superbrain",
                "doctor",
                "fortune_teller",
            ),
            options={"roles": True},
            visitor="grace",
        )
    ]
