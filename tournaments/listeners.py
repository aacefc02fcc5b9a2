"""What tournaments hear from games: a duel's boards ending decides its match and counts
in the duel ratings; a standard game ending scores its tournament board, if it is one,
and counts in the multiplayer ratings; missed orders on a tournament's board are told to
its organisers; any change on a tournament's board moves its page.
Subscribed in TournamentsConfig.ready(); each reaction is idempotent, as games' events may
come twice.

A result a game master decided alone (games: ``Game.master_decided``: an end he called, a
phase he ruled on) counts in the ratings only once a site moderator confirms it: then
games announces ``result_confirmed``, and the game is rated then, once. A tournament's own
score of a board does not wait: the tournament's organisers run its boards as their game
masters, calling a board where it stands is theirs to do (as they record walkovers and
forfeits), and a round cannot wait for a site moderator. The ratings, which every
tournament's gates and seeding read, do."""

from __future__ import annotations

from games.models import BoardLink, GameEvent
from tournaments.models import Tournament
from tournaments.services.kernel import bump
from tournaments.services.ratings import duel_rate, game_rate
from tournaments.services.results import duel_verdict_take
from tournaments.services.rounds import board_score
from tournaments.services.running import missed_orders_tell


def game_event_hear(event: GameEvent) -> None:
    game = event.game
    if game is None:
        return
    if event.kind == "game_ended":
        if game.link_id is not None:
            link = BoardLink.objects.get(pk=game.link_id)
            if link.status == BoardLink.Status.DECIDED:
                duel_verdict_take(link_id=link.pk)
                duel_rate(link=link)
        else:
            board_score(game=game)
            game_rate(game=game)
    if event.kind == "result_confirmed":
        if game.link_id is not None:
            link = BoardLink.objects.get(pk=game.link_id)
            if link.status == BoardLink.Status.DECIDED:
                duel_rate(link=link)
        else:
            game_rate(game=game)
    if event.kind == "orders_missed":
        # Its organisers run a tournament's boards: they hear who missed, and what the
        # missed-orders policy did.
        missed_orders_tell(game=game, params=event.params)
    if event.kind in ("phase_adjudicated", "game_started"):
        # A board of the tournament moved on: its page's leaders and standings "if all
        # games ended now" move too.
        if game.link_id is not None:
            watched = Tournament.objects.filter(matches__duel_id=game.link_id)
        else:
            watched = Tournament.objects.filter(rounds__boards__game=game)
        for tournament in watched.distinct():
            bump(tournament)
