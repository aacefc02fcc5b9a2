"""Each variant says which of its games the demo makes (``variants/<id>/demo.py``, plain
values through ``SiteVariant.demo_games``); games' demo command makes them, naming none."""

from __future__ import annotations

import pytest

from games.management import demo
from variants.registry import SITE_VARIANTS, SiteVariant
from variants.site import DemoGame


def test_the_demo_makes_the_variants_own_games_in_the_registrys_order() -> None:
    assert [(site.id, game.name) for site, game in demo.VARIANT_GAMES] == [
        ("highlander", "Demo: Highlander duel (alice and bob)"),
        ("multiple_void", "Demo: Multiple Void draft (carol, dave, erin)"),
        ("kapitalisten", "Demo: Kapitalisten bourse (frank and seven investors)"),
        ("rather_silly", "Demo: Rather Silly with the four roles (grace and ten others)"),
    ]
    # The bot finds each by its maker and plays it for all but its visitor.
    for _site, game in demo.VARIANT_GAMES:
        assert demo.CREATORS[game.name] == game.creator
        assert demo.VISITORS[game.name] == game.visitor


@pytest.mark.parametrize(
    ("site", "game"),
    [(s, g) for s in SITE_VARIANTS for g in s.demo_games()],
    ids=lambda v: getattr(v, "id", "") or getattr(v, "name", ""),
)
def test_a_variants_demo_game_is_one_the_demo_can_make(site: SiteVariant, game: DemoGame) -> None:
    players = {game.creator, *game.joiners, game.visitor}
    assert players <= set(demo.DEMO_PLAYERS)
    assert game.visitor in {game.creator, *game.joiners}
    low, high = site.players
    assert low <= 1 + len(game.joiners) <= high
    assert not game.powers or len(game.powers) == 1 + len(game.joiners)
    assert not game.duel or site.duel_boards
    # Where players play under pseudonyms, each demo player has his own.
    assert len(game.pseudonyms) == (1 + len(game.joiners) if site.pseudonyms else 0)
    assert len(set(game.pseudonyms)) == len(game.pseudonyms)
