"""The tournaments' demo: two events of the demo players, run by bob (the demo's
organiser), that a newcomer can look at and play in without setting one up. Made by
``manage.py demo_tournaments`` (``runsite`` runs it after ``demo_data``); the demo bot
(games/management/demo.py, through ``games.extension_points.demo_games``) plays every seat in
them but alice's, the visitor's.

- :data:`KNOCKOUT`: a knock-out of Highlander duels among alice, carol, dave and erin,
  seeded in that order: alice meets erin and carol meets dave in the semi-finals. The bot
  plays carol and dave's duel out, and erin's seat against alice, under the house rules of
  the variant's demo duel (:func:`demo_house_rules`); the final waits for alice's
  semi-final.
- :data:`LEAGUE`: a round of standard boards, alice and the six others on one board,
  scored by Sum of Squares and ended by time after 1903: the standings "if all games
  ended now" move as it is played.

A demo event is the first tournament of its name whose organiser is the demo's bob (an
account of the demo group): nobody else's tournament of that name is touched."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import timedelta

from games.management.demo import DEMO_GROUP
from games.models import Game
from tournaments.models import Board, Match, Tournament
from variants.registry import site_side
from variants.site import DemoGame

KNOCKOUT = "Demo: Highlander knock-out"
LEAGUE = "Demo: league round of standard boards"
#: Who runs the demo events: the demo's organiser.
ORGANISER = "bob"
#: The demo player whose seats the bot leaves to the visitor.
VISITOR = "alice"
#: The entrants of each event, seeded by hand in this order.
ENTRANTS: Mapping[str, tuple[str, ...]] = {
    KNOCKOUT: ("alice", "carol", "dave", "erin"),
    LEAGUE: ("alice", "carol", "dave", "erin", "frank", "grace", "heidi"),
}
#: Every deadline of the demo events' games: long enough that a game waits for the
#: visitor, who ends each phase at once by marking ready (the bot is ready already).
DEADLINE = timedelta(days=1)
#: The league's games end by time after this year's winter.
LEAGUE_LAST_YEAR = 1903


def demo_tournament(name: str) -> Tournament | None:
    """The demo event of this name: the first one the demo's organiser made, if any."""
    return (
        Tournament.objects.filter(
            name=name,
            created_by__username=ORGANISER,
            created_by__groups__name=DEMO_GROUP,
        )
        .order_by("pk")
        .first()
    )


def demo_bot_games() -> list[tuple[Game, str]]:
    """The running games of the demo events, each with the visitor's username: the
    boards of the league's rounds and both boards of each duel of the knock-out."""
    out: list[tuple[Game, str]] = []
    for name in (KNOCKOUT, LEAGUE):
        tournament = demo_tournament(name)
        if tournament is None:
            continue
        boards = Board.objects.filter(round__tournament=tournament, game__isnull=False)
        duels = Match.objects.filter(tournament=tournament, duel__isnull=False)
        games = Game.objects.filter(status=Game.Status.ACTIVE).filter(
            pk__in=boards.values("game_id")
        ) | Game.objects.filter(status=Game.Status.ACTIVE, link_id__in=duels.values("duel_id"))
        out.extend((game, VISITOR) for game in games.order_by("pk"))
    return out


def demo_house_rules(game: Game) -> DemoGame | None:
    """The house rules on a board of the demo knock-out's duel the visitor plays: the
    variant's own demo duel's (its bot nominating only after him, and none of his centres),
    so that a newcomer's semi-final does not begin with both lists cancelling out, as the
    demo duel does not; None for every other game (a duel between two bots included)."""
    if game.link_id is None or not game.name.startswith(KNOCKOUT):
        return None  # the cheap test first: the game page asks it of every game
    tournament = demo_tournament(KNOCKOUT)
    if tournament is None:
        return None
    if not Match.objects.filter(tournament=tournament, duel_id=game.link_id).exists():
        return None
    if not game.seats.filter(user__username=VISITOR).exists():
        return None
    duels = (d for d in site_side(game.variant).demo_games() if d.duel and d.bot_after_visitor)
    return next(duels, None)
