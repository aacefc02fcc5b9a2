"""Highlander's game in the demo: a twin-board duel of alice (the visitor's seat, red) and
bob (blue), which the demo bot plays for bob on both boards.

The demo's bot nominates only after the visitor has (his list marked ready), and names
none of his centres: with a list of its own drawn blind, it once named 13 of the 15
western centres a newcomer picked, and his first duel began 2 centres against 2 (a centre
on both lists stays neutral). A house rule of the demo, which the nomination's section
tells him; a real game's lists stay secret from every bot. The demo knock-out's duels
that the visitor plays keep it (tournaments.demo.demo_house_rules)."""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.translation import gettext_lazy as _

from adjudicator.board import PhaseKind
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
            bot_after_visitor=frozenset({PhaseKind.NOMINATION.value}),
            house_note=_(
                "A house rule of the demo: your opponent's bot nominates only after you "
                "have marked your list ready, and names none of your centers, so each of "
                "you starts with the centers of his own list. In a real game the lists are "
                "secret from every player and every bot until both are revealed."
            ),
        )
    ]
